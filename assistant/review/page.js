"use strict";
// The table at every move: rebuilds the positions from the first one and the
// changes, then draws the one the slider, buttons and keys choose. No network,
// no libraries; all text goes in through textContent.
(function () {
  const data = JSON.parse(document.getElementById("sgs-data").textContent);
  const byId = (id) => document.getElementById(id);

  function patch(before, delta) {
    if (delta.frame) return delta.frame;
    const after = Object.assign({}, before, delta.set || {});
    if (delta.seats) {
      after.seats = after.seats.slice();
      for (const [index, seat] of Object.entries(delta.seats)) after.seats[Number(index)] = seat;
    }
    return after;
  }

  const frames = [data.start];
  for (const delta of data.deltas) frames.push(patch(frames[frames.length - 1], delta));
  const last = frames.length - 1;
  const turnStarts = [0];
  for (let n = 1; n <= last; n++) {
    if (frames[n].turn.number !== frames[n - 1].turn.number) turnStarts.push(n);
  }

  const board = byId("board");
  const slider = byId("slider");
  const seats = byId("seats");
  const cursor = byId("cursor");
  const chart = byId("chart");
  const turns = Array.from(document.querySelectorAll("#turns .turn"));
  const marked = Array.from(document.querySelectorAll("#turns li, #notes li"));
  const slots = ["weapon", "armour", "defensive_horse", "offensive_horse", "treasure"];
  let at = last;

  function el(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  const general = (key) => data.generals[key] || key;
  const card = (id, name) => data.cards[String(id)] || name || "#" + id;
  // The page's words, in the language it was exported in: a template's {name}
  // fields are filled from the values given.
  const words = data.words;
  const say = (key, values) =>
    words[key].replace(/\{(\w+)\}/g, (field, name) => (name in (values || {}) ? String(values[name]) : field));
  const named = (table, key) => (key && table[key]) || key;

  function seatCard(seat, frame) {
    const node = el("article", "seat");
    const d = node.dataset;
    d.seat = seat.seat;
    d.hp = seat.hp;
    d.maxHp = seat.max_hp;
    d.hand = seat.hand_count;
    d.alive = seat.alive;
    d.role = seat.role || "";
    node.style.setProperty("--colour", data.colours[(seat.seat - 1) % data.colours.length]);
    if (!seat.alive) node.classList.add("dead");
    if (frame.turn.seat === seat.seat && !frame.over) node.classList.add("current");
    const head = el("h3");
    head.append(el("span", "number", String(seat.seat)), " ");
    head.append(el("span", "general", seat.generals.map(general).join(" / ") || "—"));
    head.append(" ", el("span", "role", named(words.roles, seat.role) || "?"));
    if (seat.player) head.append(" ", el("span", "player", seat.player));
    node.append(head);
    const hp = el("p", "hp");
    const bar = el("span", "bar");
    const fill = el("span", "fill");
    const share = seat.max_hp > 0 ? Math.max(0, seat.hp) / seat.max_hp : 0;
    fill.style.width = Math.round(share * 100) + "%";
    bar.append(fill);
    const hpText = seat.alive ? say("hp", { hp: seat.hp, max_hp: seat.max_hp }) : say("dead");
    hp.append(bar, el("span", "hp-text", hpText));
    hp.append(el("span", "hand", say("hand", { n: seat.hand_count })));
    node.append(hp);
    const equipment = slots.filter((slot) => seat.equipment[slot]);
    if (equipment.length) {
      const list = el("ul", "equipment");
      for (const slot of equipment) {
        const item = el("li", "", card(seat.equipment[slot].id, seat.equipment[slot].name));
        item.title = named(words.slots, slot);
        list.append(item);
      }
      node.append(list);
    }
    if (seat.judgement.length) {
      const list = el("ul", "judgement");
      for (const delayed of seat.judgement) {
        const kind = data.kinds[delayed.as] || delayed.as;
        const label = card(delayed.id);
        list.append(el("li", "", label.startsWith(kind) ? label : kind + " (" + label + ")"));
      }
      node.append(list);
    }
    const flags = [];
    if (frame.turn.seat === seat.seat && !frame.over) flags.push(named(words.phases, frame.turn.phase));
    if (frame.to_act.includes(seat.seat) && frame.to_act.length < frame.seats.length) flags.push(say("to_act"));
    if (seat.chained) flags.push(say("chained"));
    if (seat.flipped) flags.push(say("face_down"));
    if (flags.length) node.append(el("p", "flags", flags.join(" · ")));
    return node;
  }

  function turnText(frame) {
    if (frame.over) return say("over", { result: data.result || say("no_winner") });
    if (!frame.turn.seat) return named(words.phases, "setup");
    const phase = named(words.phases, frame.turn.phase);
    return say("turn", { turn: frame.turn.number, seat: frame.turn.seat, phase: phase });
  }

  function showStory(frame) {
    let shown = null;
    for (const turn of turns) {
      if (Number(turn.dataset.turn) <= frame.turn.number) shown = turn;
    }
    for (const turn of turns) turn.classList.toggle("off", turn !== shown);
    for (const item of marked) item.classList.toggle("now", Number(item.dataset.move) === at);
    const now = shown && shown.querySelector("li.now");
    if (now && now.scrollIntoView && document.hasFocus()) now.scrollIntoView({ block: "nearest" });
  }

  function show(n) {
    at = Math.max(0, Math.min(last, Math.round(Number(n) || 0)));
    const frame = frames[at];
    slider.value = String(at);
    const d = board.dataset;
    d.move = at;
    d.turn = frame.turn.number;
    d.turnSeat = frame.turn.seat || "";
    d.phase = frame.turn.phase;
    byId("position").textContent = say("position", { n: at, total: last });
    byId("turn").textContent = turnText(frame);
    const move = at ? say("move", { n: at, move: data.moves[at - 1] }) : say("before");
    byId("last-move").textContent = move;
    const top = frame.stack.length ? data.stack[frame.stack[0]] || frame.stack[0] : "";
    byId("stack").textContent = top ? say("now", { frame: top }) : "";
    seats.replaceChildren(...frame.seats.map((seat) => seatCard(seat, frame)));
    if (cursor) {
      const x = String(Number(chart.dataset.x0) + at * Number(chart.dataset.step));
      cursor.setAttribute("x1", x);
      cursor.setAttribute("x2", x);
    }
    showStory(frame);
    try {
      history.replaceState(null, "", "#move=" + at);
    } catch (error) {
      // some browsers refuse it for file:// pages; the page works without it
    }
  }

  function previousTurn() {
    let found = 0;
    for (const start of turnStarts) if (start < at) found = start;
    return found;
  }

  function nextTurn() {
    for (const start of turnStarts) if (start > at) return start;
    return last;
  }

  function fromHash() {
    const match = /move=(\d+)/.exec(location.hash);
    return match ? Number(match[1]) : last;
  }

  slider.addEventListener("input", () => show(slider.value));
  byId("first").addEventListener("click", () => show(0));
  byId("prev-turn").addEventListener("click", () => show(previousTurn()));
  byId("prev").addEventListener("click", () => show(at - 1));
  byId("next").addEventListener("click", () => show(at + 1));
  byId("next-turn").addEventListener("click", () => show(nextTurn()));
  byId("last").addEventListener("click", () => show(last));
  const keys = {
    ArrowLeft: () => at - 1,
    ArrowRight: () => at + 1,
    PageUp: previousTurn,
    PageDown: nextTurn,
    Home: () => 0,
    End: () => last,
  };
  document.addEventListener("keydown", (event) => {
    const key = keys[event.key];
    if (!key || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    show(key());
  });
  for (const item of marked) {
    item.addEventListener("click", (event) => {
      event.preventDefault();
      show(item.dataset.move);
    });
  }
  if (chart) {
    chart.addEventListener("click", (event) => {
      const box = chart.getBoundingClientRect();
      const x = ((event.clientX - box.left) * Number(chart.dataset.width)) / box.width;
      show((x - Number(chart.dataset.x0)) / Number(chart.dataset.step));
    });
  }
  window.addEventListener("hashchange", () => show(fromHash()));
  show(fromHash());
})();
