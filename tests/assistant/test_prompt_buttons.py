"""The prompt bar's buttons along a scripted 5-player identity game, and over the samples.

At each point the buttons must fit the prompt; pressing one must apply
exactly the move it names, or, when the session refuses it, change nothing.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from assistant.session import (
    DUPLICATE_STICKER,
    MISREAD,
    SKILL,
    Button,
    Reply,
    Sighting,
    TableSession,
    answer_label,
    current_prompt,
    prompt_buttons,
)
from engine.derived import card, check_target, distance_value, hand_limit_value
from engine.game import Game
from engine.record import load_record, replay
from engine.state import GameState, Role
from engine.views import to_act
from tests.assistant.test_session_skills import run
from tests.assistant.test_session_skills import table as session_table
from tests.engine.helpers import cid
from vision.payload import CardTag, encode

# What a Chinese table reads (the default language).
pytestmark = pytest.mark.usefixtures("chinese")

SAMPLES = sorted((Path(__file__).resolve().parents[2] / "samples").glob("*.sgs"))
GENERALS = ["liubei", "guanyu", "zhaoyun", "zhouyu", "lvbu"]
PLAY = [("激将", "go"), ("仁德", "go"), ("结束出牌", "go")]  # 刘备's play phase
SHA = cid("sha")
DISMANTLEMENT = cid("dismantlement")
TAO = cid("tao")
ROLE_NAMES = {"主公": "lord", "忠臣": "loyalist", "反贼": "rebel", "内奸": "renegade"}
STYLES = {"go", "pass", "target", "hint", "cancel", "screen"}


class Table:
    """A session and a clock for its sightings."""

    def __init__(self) -> None:
        self.s = TableSession()
        self.t = 0.0

    def scan(self, card_id: int) -> Reply:
        self.t += 5.0
        return self.s.sight(Sighting(encode(CardTag(card_id)), None, self.t))

    def buttons(self) -> tuple[Button, ...]:
        found = prompt_buttons(self.s)
        for b in found:
            assert b.label and b.style in STYLES, b
            assert (b.press is None) == (b.style in ("hint", "screen")), b
            assert (b.screen is not None) == (b.style == "screen"), b
            assert (b.seat is not None) == (b.style == "target"), b
        return found

    def labels(self) -> list[tuple[str, str]]:
        return [(b.label, b.style) for b in self.buttons()]

    def only(self, label: str) -> Button:
        found = [b for b in self.buttons() if b.label == label]
        assert len(found) == 1, (label, self.labels())
        return found[0]

    def press(self, button: Button, move: str | None) -> Reply:
        """Press; ``move`` is the one move it must append (None: it must append none)."""
        assert button.press is not None
        before, state = self.s.moves, self.s.state
        reply = button.press()
        if move is None:
            assert self.s.moves == before and self.s.state == state, reply
        else:
            assert reply.ok, reply.message
            assert reply.move == move
            assert self.s.moves == (*before, move)
        return reply

    def refused(self, button: Button) -> Reply:
        """Pressing ``button`` now is refused and changes nothing."""
        assert button.press is not None
        before, state, prompt = self.s.moves, self.s.state, self.s.prompt.base
        reply = button.press()
        assert not reply.ok and reply.move is None, reply
        assert self.s.moves == before and self.s.state == state
        assert self.s.prompt.base == prompt
        return reply


def legal_seats(state: GameState, user: int, card_id: int) -> list[int]:
    """The engine's legal targets of the card ``user`` scanned."""
    return [
        s.seat
        for s in state.living
        if check_target(state, user, card(card_id).kind, s.seat, (card_id,)).legal
    ]


def test_buttons_along_a_scripted_identity_game() -> None:
    table = Table()
    s = table.s

    # Before and during setup: the setup screen, until everything is chosen.
    (setup,) = table.buttons()
    assert (setup.label, setup.style, setup.screen, setup.press) == (
        "开局设置",
        "screen",
        "setup",
        None,
    )
    assert s.setup("identity", 5).ok
    assert [b.screen for b in table.buttons()] == ["setup"]
    assert s.reveal_role(1, "lord").ok
    assert [b.screen for b in table.buttons()] == ["setup"]
    for seat, key in enumerate(GENERALS, start=1):
        assert [b.screen for b in table.buttons()] == ["setup"]
        assert s.seat_general(seat, key).ok
    deal = table.only("发起始手牌")
    assert deal.style == "go"
    table.press(deal, "deal")
    assert all(seat.hand_count > 0 for seat in s.state.seats)
    start = table.only("开始第一回合")
    table.press(start, "next")
    table.refused(deal)  # a stale button: the hands are dealt, the game has begun

    # Draw phase: one button per count the engine offers.
    assert s.prompt.base.expects == "draw" and s.prompt.base.who == (1,)
    counts = [int(o.split()[-1]) for o in s.prompt.base.options]
    assert [b.label for b in table.buttons()] == [f"摸{n}张" for n in counts]
    hand = s.state.seat(1).hand_count
    table.press(table.buttons()[0], f"draw 1 x{counts[0]}")
    assert s.state.seat(1).hand_count == hand + counts[0]

    # Play phase: 刘备's skills (激将, 仁德), 结束出牌; a Sha scanned opens one target
    # button per legal seat.
    assert table.labels() == PLAY
    assert table.scan(SHA).ok
    buttons = table.buttons()
    legal = legal_seats(s.state, 1, SHA)
    assert legal and len(legal) < 4  # some seats are out of range
    assert [b.seat for b in buttons[:-1]] == legal
    assert all(b.style == "target" for b in buttons[:-1])
    for b in buttons[:-1]:
        assert b.seat is not None
        assert f"{b.seat}号位" in b.label
        assert f"距离{distance_value(s.state, 1, b.seat)}" in b.label
    assert (buttons[-1].label, buttons[-1].style) == ("取消", "cancel")

    # 取消 drops the scanned card and applies nothing.
    table.press(buttons[-1], None)
    assert s.prompt.pending is None and table.labels() == PLAY
    table.refused(buttons[0])  # the target button of a cancelled card

    # Scan again and choose the first legal target.
    assert table.scan(SHA).ok
    target = table.buttons()[0]
    assert target.seat is not None
    victim = target.seat
    hp = s.state.seat(victim).hp
    table.press(target, f"use 1 #{SHA} -> {victim}")

    # Asked for 闪: a hint (a card to show) and a pass button.
    assert s.prompt.base.expects == "respond" and s.prompt.base.who == (victim,)
    assert table.labels() == [("请出示 闪", "hint"), ("不出", "pass")]
    no = table.only("不出")
    table.press(no, f"pass {victim}")
    assert s.state.seat(victim).hp == hp - 1
    table.refused(no)  # nobody is asked any more

    # 过河拆桥 on a seat out of Sha range: every other living seat is a target.
    assert table.scan(DISMANTLEMENT).ok
    seats = [b.seat for b in table.buttons() if b.style == "target"]
    assert seats == legal_seats(s.state, 1, DISMANTLEMENT)
    far = next(seat for seat in seats if seat is not None and seat not in legal)
    target = next(b for b in table.buttons() if b.seat == far)
    table.press(target, f"use 1 #{DISMANTLEMENT} -> {far}")

    # Anyone may 无懈可击: one pass button passes for all.
    assert s.prompt.base.expects == "nullify"
    assert table.labels() == [("请出示 无懈可击", "hint"), ("不出", "pass")]
    table.press(table.only("不出"), "pass")

    # The user picks a card of the target: hints, one per zone the target has, then
    # the target's known cards and an unseen hand card to tap.
    assert s.prompt.base.expects == "choose_card"
    zones = [b.label for b in table.buttons() if b.style == "hint"]
    assert table.labels()[-1] == ("暗牌（手牌）", "go")
    far_seat = s.state.seat(far)
    assert ("扫描所选的手牌" in zones) == (far_seat.hand_count > 0)
    assert ("扫描所选的装备" in zones) == bool(far_seat.equipment)
    assert ("扫描所选的判定牌" in zones) == bool(far_seat.judgement)

    # A card known elsewhere (the Sha, in the discard pile) raises a question.
    assert not table.scan(SHA).ok
    assert s.prompt.question is not None
    assert table.labels() == [
        (answer_label(MISREAD), "go"),
        (answer_label(DUPLICATE_STICKER), "go"),
        (answer_label(SKILL), "go"),
        ("取消", "cancel"),
    ]
    assert [b.command.args for b in table.buttons() if b.command][:3] == [
        (MISREAD,),
        (DUPLICATE_STICKER,),
        (SKILL,),
    ]
    table.press(table.only(answer_label(MISREAD)), None)
    assert s.prompt.question is None and s.prompt.base.expects == "choose_card"
    assert not table.scan(SHA).ok
    table.press(table.only("取消"), None)
    assert s.prompt.question is None

    # The card shown (unknown until now) is discarded from the target.
    assert table.scan(TAO).ok
    assert s.moves[-1] == f"discard {far} #{TAO}"
    assert table.labels() == PLAY

    # The lord is hurt, so the discard phase asks for discards: a hint and an unseen discard.
    assert s.adjust_hp(1, -2).ok
    table.press(table.only("结束出牌"), "next")
    assert s.prompt.base.expects == "discard"
    excess = s.state.seat(1).hand_count - hand_limit_value(s.state, 1)
    assert excess > 0
    hint, discard = f"弃置{excess}张牌（请扫描）", f"弃置{excess}张暗牌"
    assert table.labels() == [(hint, "hint"), (discard, "go")]
    # The hand at its limit, the discard phase ends by itself (no 下一阶段 to tap).
    before = s.moves
    button = table.only(f"弃置{excess}张暗牌")
    assert button.press is not None
    reply = button.press()
    assert reply.ok and reply.move == f"discard 1 x{excess}"
    assert s.moves == (*before, f"discard 1 x{excess}", "next")
    assert s.state.seat(1).hand_count == hand_limit_value(s.state, 1)

    # Seat 2's turn: draw, end the play phase (关羽 has no play-phase skill button).
    assert s.state.turn.seat == 2 and s.prompt.base.expects == "draw"
    table.press(table.buttons()[0], f"draw 2 x{counts[0]}")
    assert table.labels() == [("结束出牌", "go")]

    # Seat 3 dies: each seat asked for 桃 in turn (the dying one may also use 酒).
    dying = 3
    assert s.adjust_hp(dying, -s.state.seat(dying).hp).ok
    for _i in range(len(GENERALS)):
        if s.prompt.base.expects != "peach":
            break
        (asked,) = s.prompt.base.who
        hints = ["请出示 桃", "请出示 酒"] if asked == dying else ["请出示 桃"]
        assert table.labels() == [*((h, "hint") for h in hints), ("不出", "pass")]
        table.press(table.only("不出"), f"pass {asked}")

    # The dying seat reveals its role by a tap: one button per role; a second lord is refused.
    assert s.prompt.base.expects == "reveal_role" and s.prompt.base.who == (dying,)
    assert table.labels() == [(name, "go") for name in ROLE_NAMES]
    table.refused(table.only("主公"))
    table.press(table.only("反贼"), f"role {dying} rebel")
    assert s.state.seat(dying).role is Role.REBEL
    assert not s.state.seat(dying).alive
    assert table.labels() == [("结束出牌", "go")]

    # The lord dies with nobody to save him: the game is over; the roles still face down
    # are shown at the end, a seat at a time, with the roles left; then no button is left.
    assert s.adjust_hp(1, -s.state.seat(1).hp).ok
    for _i in range(len(GENERALS)):
        if s.prompt.base.expects != "peach":
            break
        table.press(table.only("不出"), f"pass {s.prompt.base.who[0]}")
    assert s.state.over
    hidden = [n for n in range(1, len(GENERALS) + 1) if s.state.seat(n).role is None]
    assert s.prompt.base.expects == "reveal_role" and s.prompt.base.who == (hidden[0],)
    assert "主公" not in [label for label, _style in table.labels()]
    assert len(hidden) == 3  # a loyalist, a rebel and the renegade are left to show
    for seat, name in zip(hidden, ["忠臣", "反贼", "内奸"], strict=True):
        table.press(table.only(name), f"role {seat} {ROLE_NAMES[name]}")
    assert table.buttons() == ()


def started_table() -> Table:
    """A 5-player identity table in the lord's play phase, set up by the buttons."""
    table = Table()
    s = table.s
    assert s.setup("identity", 5).ok and s.reveal_role(1, "lord").ok
    for seat, key in enumerate(GENERALS, start=1):
        assert s.seat_general(seat, key).ok
    table.press(table.only("发起始手牌"), "deal")
    table.press(table.only("开始第一回合"), "next")
    table.press(table.only("摸2张"), "draw 1 x2")
    assert s.prompt.base.expects == "play"
    return table


def test_a_button_is_one_tap() -> None:
    """A button pressed twice (the bar not yet redrawn) does its move once at most."""
    table = started_table()
    s = table.s
    assert table.scan(SHA).ok
    target = table.buttons()[0]
    assert target.seat is not None
    reply = table.press(target, f"use 1 #{SHA} -> {target.seat}")
    table.refused(target)
    no = table.only("不出")
    table.press(no, f"pass {target.seat}")
    table.refused(no)
    assert reply.move in s.moves


def test_a_stale_cancel_button_does_not_undo_a_move() -> None:
    table = started_table()
    s = table.s
    assert table.scan(SHA).ok
    cancel = table.only("取消")
    table.press(cancel, None)
    assert s.prompt.pending is None
    table.refused(cancel)  # the card is already cancelled: nothing is left to cancel


def session_at(game: Game, n: int) -> TableSession:
    """A session (without store) on the first ``n`` moves of ``game``."""
    session = TableSession()
    session.game = Game(game.moves[:n])
    session._refresh()
    return session


def spear_seats(session: TableSession) -> list[str]:
    """The seat asked for a 杀 alone that wields 丈八蛇矛 with two hand cards, if any."""
    base = session.prompt.base
    if "杀" not in base.options or len(base.who) != 1:
        return []
    s = session.state.seat(base.who[0])
    wields = s.weapon is not None and card(s.weapon).key == "spear"
    return [str(s.seat)] if wields and s.hand_count >= 2 else []


def test_a_spear_holder_asked_for_a_sha_by_collateral_has_the_spears_button() -> None:
    """借刀杀人 asks 吕布 to use a 杀: 丈八蛇矛 makes it of two hand cards (at a real table
    too), so its button is there, between the hint and 不出, and answers the ask."""
    s = session_table(
        ["zhangfei", "caocao", "zhaoyun", "lvbu", "zhouyu"],
        "draw 1 2",
        f"force move #{cid('spear')} -> equip:4",
        f"see #{cid('collateral')} seat1",
        "target 4",
        "target 2",
        "pass",  # nobody nullifies
    )
    assert s.prompt.base.expects == "respond" and s.prompt.base.who == (4,)
    buttons = prompt_buttons(s)
    assert [(b.label, b.style) for b in buttons] == [
        ("请出示 杀", "hint"),
        ("丈八蛇矛", "go"),
        ("不出", "pass"),
    ]
    assert spear_seats(s) == ["4"]
    a, b = cid("shan", "♥2"), cid("tao", "♥3")
    assert buttons[1].press is not None and buttons[1].press().ok
    run(s, f"see #{a} seat4", f"see #{b} seat4")
    assert s.moves[-1] == f"respond 4 #{a} #{b} as sha"


@pytest.mark.parametrize("path", SAMPLES, ids=[p.stem for p in SAMPLES])
def test_every_sample_state_has_buttons_that_fit_its_prompt(path: Path) -> None:
    game = replay(load_record(path.read_text(encoding="utf-8")))
    session = TableSession()
    for n in range(len(game) + 1):
        if n:
            session.game.push(game.moves[n - 1])
            session._refresh()
        base = session.prompt.base
        buttons = prompt_buttons(session)
        styles = [b.style for b in buttons]
        assert all(b.label for b in buttons)
        if base.expects == "over":
            assert buttons == ()
            continue
        assert buttons, (n, base)
        if base.expects in ("respond", "peach", "nullify"):
            # 丈八蛇矛's button too where its holder is asked for a 杀 (借刀杀人, 南蛮入侵,
            # 决斗): two hand cards as the 杀.
            spear = [
                b for b in buttons if b.command is not None and b.command.args[1:] == ("spear",)
            ]
            assert [b.command.args[0] for b in spear if b.command] == spear_seats(session)
            buttons = tuple(b for b in buttons if b not in spear)
            assert buttons[-1].style == "pass" and {b.style for b in buttons[:-1]} == {"hint"}
            wanted = [o for o in base.options if o != "pass"]
            assert [b.label for b in buttons[:-1]] == [f"请出示 {o}" for o in wanted]
        elif base.expects == "draw":  # then the seat's draw-phase skills (突袭, 裸衣)
            draws = [f"摸{o.split()[-1]}张" for o in base.options]
            assert [b.label for b in buttons[: len(draws)]] == draws
            assert set(styles) == {"go"}
        elif base.expects == "play":  # the seat's play-phase skills, then 结束出牌
            assert set(styles) == {"go"} and buttons[-1].label == "结束出牌"
        elif base.expects == "phase":
            assert styles == ["go"]
        elif base.expects == "window":  # one button per skill offered, then decline
            assert [b.command.args[1] for b in buttons[:-1] if b.command] == list(base.options[:-1])
            assert styles[-1] == "pass"
        elif base.expects == "setup":
            assert len(buttons) == 1
        elif base.expects == "reveal_role":
            assert [b.label for b in buttons] == list(base.options)  # 平民 in 国际版 only
            assert set(base.options) <= {*ROLE_NAMES, "平民"}
            if session.state.over:  # the roles still face down at the end: those left
                assert "主公" not in base.options and base.who[0] in to_act(session.state)
            else:
                assert set(ROLE_NAMES) <= set(base.options)
        elif base.expects == "reveal_hidden":  # 忠胆英杰: each seat that may be the lord
            assert [b.command.args for b in buttons if b.command] == [
                (str(seat), "lord") for seat in base.who
            ]
        elif base.expects in ("judge", "show", "reveal", "pick"):
            assert set(styles) == {"hint"}
        elif base.expects == "choose_card":  # hints, and the known cards or an unseen one
            assert set(styles) <= {"hint", "go"}


def test_fire_attack_can_be_declined_by_a_tap() -> None:
    game = replay(load_record((SAMPLES[0].parent / "identity-5.sgs").read_text(encoding="utf-8")))
    n = next(
        n for n in range(len(game)) if current_prompt(game.state_at(n)).expects == "fire_discard"
    )
    session = session_at(game, n)
    assert "pass" in session.prompt.base.options
    passes = [b for b in prompt_buttons(session) if b.style == "pass"]
    assert len(passes) == 1 and passes[0].press is not None
    before = session.moves
    reply = passes[0].press()
    assert reply.ok and session.moves == (*before, reply.move)
