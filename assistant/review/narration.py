"""A game told in words, turn by turn: who did what to whom, damage, deaths.

The engine settles damage, healing, dying and death by itself, so most of
what matters is not in the moves' text. Each move is narrated from the move
and from the difference between the states before and after it: HP, life,
generals, the settlement stack (to say who dealt the damage) and the winner.

Every line carries the number of the move it comes from (1 = the first
move), the number ``sgs-table replay --at N`` takes, and stands under the
turn that move was made in. A judgement says what it did (``乐不思蜀 ♠2:
play phase skipped``); a finished identity game ends with every seat's role.

>>> from engine.game import Game
>>> game = Game()
>>> for text in ("setup identity 5", "role 1 lord", "general 1 caocao"):
...     game.push_text(text)
>>> print(format_narration(narrate(game)))
Setup
     1  an identity game for 5 players
     2  seat 1 is the lord
     3  seat 1 is 曹操 (HP 5/5)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache

from engine.cards import CardType, Colour, Suit
from engine.catalogue import standard_catalogue
from engine.derived import card, kind
from engine.frames import (
    Ask,
    CardUse,
    DamageEvent,
    Death,
    Dying,
    Expect,
    Judgement,
    Judging,
    SkillUse,
)
from engine.game import Game
from engine.moves import (
    Chain,
    Deal,
    Die,
    Discard,
    Draw,
    End,
    ExtraTurn,
    Flip,
    Forced,
    General,
    Give,
    Heal,
    Judge,
    LoseHp,
    Mark,
    Move,
    MoveCards,
    Next,
    Pass,
    Recast,
    Respond,
    Reveal,
    RoleReveal,
    Setup,
    Show,
    Shuffle,
    Skill,
    Skip,
    Take,
    Use,
    unforced,
)
from engine.moves import (
    Damage as DamageMove,
)
from engine.rules import describe_winner
from engine.state import GameState, Role, Seat

__all__ = [
    "ROLES_HEADING",
    "Line",
    "Turn",
    "format_narration",
    "narrate",
    "narrate_move",
    "turn_heading",
]

# The heading of the closing part of a finished identity game: every seat's role.
ROLES_HEADING = "Roles"


@dataclass(frozen=True, slots=True)
class Line:
    """One sentence, with the number of the move it tells (1 = the first move)."""

    move: int
    text: str


@dataclass(frozen=True, slots=True)
class Turn:
    """A turn's heading and its lines; turn 0 is the setup before the first turn."""

    number: int
    seat: int
    heading: str
    lines: tuple[Line, ...]


# ---------------------------------------------------------------- names


@cache
def general_name(key: str) -> str:
    try:
        return standard_catalogue().general(key).name
    except KeyError:
        return key


@cache
def _skill_names() -> dict[str, str]:
    return {s.key: s.name for g in standard_catalogue().generals for s in g.skills}


def skill_name(key: str) -> str:
    return _skill_names().get(key, key)


def kind_name(key: str) -> str:
    try:
        return kind(key).name
    except KeyError:
        return key


def card_label(card_id: int) -> str:
    """``杀♠7``: the card's Chinese name and face."""
    try:
        c = card(card_id)
    except KeyError:
        return f"#{card_id}"
    return f"{c.name}{c.face}"


def _cards(cards: Sequence[int], unknown: int = 0) -> str:
    named = " ".join(card_label(c) for c in cards)
    if not unknown:
        return named
    counted = f"{unknown} unseen card{'s' if unknown != 1 else ''}"
    return f"{named} and {counted}" if named else counted


def _count(n: int) -> str:
    return f"{n} card{'s' if n != 1 else ''}"


def seat_label(state: GameState, number: int) -> str:
    """``seat 3 诸葛亮``: the number and the face-up generals."""
    if not 1 <= number <= len(state.seats):
        return f"seat {number}"
    s = state.seat(number)
    names = [general_name(g) for g in s.generals if g not in s.hidden]
    return " ".join([f"seat {number}", ",".join(names)]) if names else f"seat {number}"


def _hp(s: Seat) -> str:
    return f"HP {s.hp}/{s.max_hp}"


def _a(role: str) -> str:
    return f"an {role}" if role[0] in "aeiou" else f"a {role}"


def _zone(zone: str) -> str:
    if ":" in zone:
        where, seat = zone.split(":")
        place = {"hand": "hand", "equip": "equipment", "judge": "judgement zone"}[where]
        return f"seat {seat}'s {place}"
    return {"pile": "the draw pile", "discard": "the discard pile"}.get(zone, f"the {zone} zone")


def _used(cards: tuple[int, ...], as_kind: str | None) -> str:
    if not cards:
        return f"a virtual {kind_name(as_kind)}" if as_kind else "nothing"
    text = _cards(cards)
    return f"{text} as {kind_name(as_kind)}" if as_kind else text


def _use_kind(m: Use) -> CardType | None:
    if m.as_kind:
        try:
            return kind(m.as_kind).type
        except KeyError:
            return None
    if len(m.cards) == 1:
        try:
            return card(m.cards[0]).kind.type
        except KeyError:
            return None
    return None


# ---------------------------------------------------------------- moves


def narrate_move(move: Move, before: GameState, after: GameState) -> str | None:
    """What the move itself says; None for routine moves (next, pass) and for
    moves whose effect is told from the state (damage, heal, death, end)."""
    match move:
        case Forced(move=inner):
            said = narrate_move(inner, before, after)
            return f"{said} (forced)" if said else f"{inner} (forced)"
        case Setup(mode=mode, players=players, variant=variant):
            extra = f", variant {variant}" if variant else ""
            return f"{_a(mode)} game for {players} players{extra}"
        case General(seat=seat, generals=generals, hidden=hidden):
            if hidden:
                return f"seat {seat} takes {len(generals)} face-down general(s)"
            names = ",".join(general_name(g) for g in generals)
            return f"seat {seat} is {names} ({_hp(after.seat(seat))})"
        case RoleReveal(seat=seat, role=role):
            if before.seat(seat).alive != after.seat(seat).alive:
                return None  # the death line names the role
            if role == Role.LORD.value:
                return f"seat {seat} is the lord"
            return f"seat {seat} is {_a(role)}"
        case Reveal(seat=seat, general=general):
            return f"seat {seat} reveals {general_name(general)}"
        case Deal():
            return "everyone is dealt a starting hand"
        case Shuffle():
            return "the discard pile is shuffled into a new draw pile"
        case Draw(seat=seat, count=count, cards=cards):
            return f"seat {seat} draws {len(cards) + count}"
        case Use(seat=seat, cards=cards, as_kind=as_kind, targets=targets):
            who = seat_label(before, seat)
            what = _used(cards, as_kind)
            kind_type = _use_kind(move)
            if kind_type is CardType.EQUIPMENT and not targets:
                return f"{who} equips {what}"
            if kind_type is CardType.DELAYED_TRICK and targets:
                return f"{who} puts {what} on {seat_label(before, targets[0])}"
            on = ", ".join(seat_label(before, t) for t in targets)
            return f"{who} uses {what}" + (f" on {on}" if on else "")
        case Respond(seat=seat, cards=cards, as_kind=as_kind):
            what = _used(cards, as_kind)
            ask = before.stack[-1] if before.stack else None
            if isinstance(ask, Ask) and ask.want in ("tao", "peach") and ask.for_seat:
                if ask.for_seat == seat:
                    return f"seat {seat} saves themself with {what}"
                return f"seat {seat} saves seat {ask.for_seat} with {what}"
            return f"seat {seat} plays {what}"
        case Pass() | Next() | DamageMove() | Heal() | LoseHp() | Die() | End():
            return None
        case Discard(seat=seat, cards=cards, unknown=unknown):
            return f"seat {seat} discards {_cards(cards, unknown)}"
        case Give(seat=seat, to=to, cards=cards, unknown=unknown):
            what = _cards(cards) if cards and not unknown else _count(len(cards) + unknown)
            return f"seat {seat} gives {what} to seat {to}"
        case Take(seat=seat, source=source, cards=cards, unknown=unknown):
            return f"seat {seat} takes {_cards(cards, unknown)} from seat {source}"
        case MoveCards(cards=cards, to=to, as_kind=as_kind):
            extra = f" as {kind_name(as_kind)}" if as_kind else ""
            return f"{_cards(cards)} goes to {_zone(to)}{extra}"
        case Show(seat=seat, cards=cards):
            return f"seat {seat} shows {_cards(cards)}"
        case Recast(seat=seat, card=card_id):
            return f"seat {seat} recasts {card_label(card_id)}"
        case Skill(seat=seat, skill="guicai", cards=(replacement,)) if (
            _open_judgement(before) is not None
        ):
            return f"seat {seat} uses 鬼才: {_replaces(replacement, before)}"
        case Skill(seat=seat, skill=skill, cards=cards, targets=targets):
            text = f"seat {seat} uses {skill_name(skill)}"
            if cards:
                text += f" with {_cards(cards)}"
            if targets:
                text += " on " + ", ".join(seat_label(before, t) for t in targets)
            return text
        case Skip(phase=phase):
            return f"seat {before.turn.seat} skips the {phase} phase"
        case ExtraTurn(seat=seat):
            return f"seat {seat} will take an extra turn"
        case Chain(seat=seat, chained=chained):
            return f"seat {seat} is {'chained' if chained else 'unchained'}"
        case Flip(seat=seat):
            return f"seat {seat} turns face {'down' if after.seat(seat).flipped else 'up'}"
        case Mark(seat=seat, name=name, delta=delta):
            verb = "gains" if delta > 0 else "loses"
            return f"seat {seat} {verb} {abs(delta)} {name} mark{'s' if abs(delta) != 1 else ''}"
        case Judge():
            return _judge(move, before)
    return str(move)


def _replaces(replacement: int, before: GameState) -> str:
    """鬼才: which card now stands as the judgement card, in place of which."""
    at = _open_judgement(before)
    frame = before.stack[at] if at is not None else None
    replaced = f" {card_label(frame.card)}" if isinstance(frame, Judgement) else ""
    return f"{card_label(replacement)} replaces the judgement card{replaced}"


def _judge(move: Judge, before: GameState) -> str:
    why = ""
    judging = next((f for f in reversed(before.stack) if isinstance(f, Judging)), None)
    if judging is not None and judging.seat == move.seat:
        why = f" for {kind_name(judging.kind)}"
    elif move.reason:
        why = f" for {skill_name(move.reason)}"
    return f"seat {move.seat}'s judgement{why}: {card_label(move.card)}"


# ---------------------------------------------------------------- judgement results

# The delayed tricks that skip a phase, the suit that escapes them and the phase they
# skip (乐不思蜀: unless a heart, no play phase; 兵粮寸断: unless a club, no draw phase).
_SKIPPING_TRICKS = {
    "indulgence": (Suit.HEART, "play"),
    "supply_shortage": (Suit.CLUB, "draw"),
}


def _open_judgement(state: GameState) -> int | None:
    """Where in the stack a judgement card waits to take effect (鬼才 may still
    replace it); None when no judgement is waiting."""
    for i in range(len(state.stack) - 1, -1, -1):
        frame = state.stack[i]
        if isinstance(frame, Judgement) and not frame.delivered:
            return i
    return None


def _judgement_asker(move: Move, before: GameState) -> object | None:
    """The frame the judgement answers (a delayed trick being judged, the Shan asked
    for with 八卦阵, a skill's use), read from the stack before the result took effect."""
    at = _open_judgement(before)
    if at is not None:
        return before.stack[at - 1] if at else None
    if not isinstance(move, Judge) or not before.stack:
        return None
    top = before.stack[-1]
    if isinstance(top, Expect) and top.what == "judge":
        return before.stack[-2] if len(before.stack) > 1 else None
    if isinstance(top, Ask) and top.asked == move.seat:
        return top  # 八卦阵
    return None


def _judged_card(move: Move, before: GameState, after: GameState) -> int:
    """The judgement card that took effect: the one turned over, or 鬼才's card."""
    for frame in reversed(after.stack):
        if isinstance(frame, Judgement):
            return frame.card
    if isinstance(move, Skill) and move.skill == "guicai" and move.cards:
        return move.cards[0]
    at = _open_judgement(before)
    if at is not None:
        frame = before.stack[at]
        assert isinstance(frame, Judgement)
        return frame.card
    assert isinstance(move, Judge)
    return move.card


def _delayed_result(trick: Judging, judged: int, after: GameState) -> str:
    """What a delayed trick's judgement card did."""
    c = card(judged)
    skipping = _SKIPPING_TRICKS.get(trick.kind)
    if skipping is not None:
        escape, phase = skipping
        return "no effect" if c.suit is escape else f"{phase} phase skipped"
    if trick.kind == "lightning":
        if c.suit is Suit.SPADE and 2 <= c.rank <= 9:
            return "3 thunder damage"
        zone = after.where.get(trick.card, "")
        holder = int(zone.split(":")[1]) if zone.startswith("judge:") else trick.seat
        return f"passes to seat {holder}" if holder != trick.seat else f"stays with seat {holder}"
    return "no effect"


def _skill_result(use: SkillUse, judged: int) -> str:
    """What a skill's judgement card did (铁骑, 刚烈, 洛神)."""
    c = card(judged)
    red = c.colour is Colour.RED
    if use.key == "tieji":
        target = f"seat {use.targets[0]}" if use.targets else "the target"
        return f"{target} cannot play 闪" if red else "no effect"
    if use.key == "ganglie":
        if c.suit is Suit.HEART:
            return "no effect"
        return f"seat {use.other} discards 2 hand cards or takes 1 damage"
    if use.key == "luoshen":
        return "the judging ends" if red else "kept"
    return ""


def narrate_judgement(move: Move, before: GameState, after: GameState) -> str | None:
    """The result of the judgement that took effect in this move, in the game's terms
    (``乐不思蜀 ♠2: play phase skipped``); None when no judgement took effect. The
    result comes with the move that settles it: the judge move itself, or the 鬼才
    or the pass that closes the window before the card takes effect."""
    plain = unforced(move)
    if not isinstance(plain, Judge) and _open_judgement(before) is None:
        return None
    if _open_judgement(after) is not None:
        return None  # still waiting: 鬼才 may replace the card
    asker = _judgement_asker(plain, before)
    judged = _judged_card(plain, before, after)
    face = card(judged).face
    if isinstance(asker, Judging):
        what, result = kind_name(asker.kind), _delayed_result(asker, judged, after)
    elif isinstance(asker, Ask):
        what = kind_name("eight_diagram")
        result = "counts as 闪" if card(judged).colour is Colour.RED else "no 闪"
    elif isinstance(asker, SkillUse):
        what, result = skill_name(asker.key), _skill_result(asker, judged)
    else:
        return None  # a judgement nothing waited for: its card is all there is to tell
    return f"{what} {face}: {result}" if result else f"{what} {face}"


# ---------------------------------------------------------------- effects


def _damage_cause(
    move: Move, before: GameState, after: GameState, seat: int
) -> tuple[int | None, str | None]:
    """Who dealt damage to ``seat`` in this move, and with which card kind."""
    for frame in (*reversed(after.stack), *reversed(before.stack)):
        if isinstance(frame, DamageEvent) and frame.target == seat:
            return frame.source, frame.card_kind
    plain = unforced(move)
    if isinstance(plain, DamageMove) and plain.seat == seat:
        return plain.source, None
    for frame in reversed(before.stack):
        if isinstance(frame, CardUse):
            if frame.kind == "duel" and seat == frame.user:
                return frame.target, frame.kind
            return frame.user, frame.kind
        if isinstance(frame, Judging):
            return None, frame.kind
    return None, None


def killer_of(move: Move, before: GameState, after: GameState, seat: int) -> int | None:
    """Who killed ``seat`` in this move (its Death or Dying frame says), if anyone."""
    for frame in (*reversed(after.stack), *reversed(before.stack)):
        if isinstance(frame, Death | Dying) and frame.seat == seat:
            return frame.killer
    plain = unforced(move)
    if isinstance(plain, Die) and plain.seat == seat:
        return plain.killer
    return None


def dying_seats(state: GameState) -> set[int]:
    """The seats being asked for 桃 (濒死) in ``state``."""
    return {f.seat for f in state.stack if isinstance(f, Dying)}


def narrate_effects(move: Move, before: GameState, after: GameState) -> list[str]:
    """What the engine settled by itself: a judgement's result, HP, generals coming
    on, a face-down seat's turn skipped, dying, deaths, the end."""
    out: list[str] = []
    plain = unforced(move)
    if isinstance(plain, Setup) or len(before.seats) != len(after.seats):
        return out
    judged = narrate_judgement(plain, before, after)
    if judged:
        out.append(judged)
    newly_dying = dying_seats(after) - dying_seats(before)
    for b, a in zip(before.seats, after.seats, strict=True):
        n = a.seat
        if a.generals != b.generals and not isinstance(plain, General | Reveal):
            fallen = [general_name(g) for g in b.generals if g not in a.generals]
            names = [general_name(g) for g in a.generals[:1] if g not in a.hidden]
            coming = f"{names[0] if names else 'a new general'} comes on ({_hp(a)})"
            if fallen:
                killer = killer_of(plain, before, after, n)
                by = f", killed by seat {killer}" if killer and killer != n else ""
                out.append(f"seat {n}'s {','.join(fallen)} dies{by}; {coming}")
            else:
                out.append(f"seat {n}: {coming}")
        elif a.max_hp != b.max_hp and b.max_hp:
            out.append(f"seat {n}'s max HP becomes {a.max_hp} ({_hp(a)})")
        elif a.hp < b.hp:
            lost = b.hp - a.hp
            if isinstance(plain, LoseHp) and plain.seat == n:
                out.append(f"seat {n} loses {lost} HP ({_hp(a)})")
            else:
                source, card_kind = _damage_cause(plain, before, after, n)
                element = _element(card_kind)
                if card_kind == "lightning":
                    name = kind_name(card_kind)
                    out.append(f"{name} strikes seat {n}: {lost} thunder damage ({_hp(a)})")
                else:
                    by = f" from seat {source}" if source else ""
                    out.append(f"seat {n} takes {lost} {element}damage{by} ({_hp(a)})")
        elif a.hp > b.hp and a.max_hp == b.max_hp:
            out.append(f"seat {n} recovers {a.hp - b.hp} HP ({_hp(a)})")
        if b.flipped and not a.flipped and not isinstance(plain, Flip):
            out.append(f"seat {n} is face down: skips the turn and turns face up")
        if n in newly_dying:
            out.append(f"seat {n} is dying (HP {a.hp})")
        if b.alive and not a.alive:
            role = f" ({a.role.value})" if a.role else ""
            killer = killer_of(plain, before, after, n)
            by = f", killed by seat {killer}" if killer and killer != n else ""
            out.append(f"seat {n} dies{role}{by}")
    if after.winner != before.winner and after.winner is not None:
        out.append(f"the game ends: {describe_winner(after.winner)}")
    return out


def _element(card_kind: str | None) -> str:
    if card_kind is None:
        return ""
    try:
        element = kind(card_kind).element
    except KeyError:
        return ""
    return f"{element.value} " if element else ""


# ---------------------------------------------------------------- turns


def turn_heading(state: GameState) -> str:
    """'Turn 3 — seat 2 (关羽)': the heading of the turn the state is in."""
    seat = state.turn.seat
    s = state.seat(seat)
    role = f" ({s.role.value})" if s.role else ""
    return f"Turn {state.turn.number} — {seat_label(state, seat)}{role}"


def narrate(game: Game, upto: int | None = None) -> list[Turn]:
    """The first ``upto`` moves (default: all) in words, grouped by turn.

    A move is told under the turn it was made in, the turn of the state before
    it: a move that ends a turn (a draw after 乐不思蜀, a death in one's own
    turn) stays with what it ended, and the next turn's heading follows it. A
    whole finished identity game closes with every seat's role."""
    last = len(game) if upto is None else upto
    if not 0 <= last <= len(game):
        raise IndexError(f"move {last} is out of range 0..{len(game)}")
    turns: list[Turn] = []
    part = _Part(0, 0, "Setup")
    moves = game.moves
    before = game.state_at(0)
    for i in range(1, last + 1):
        after = game.state_at(i)
        if _starts(part, before):
            part = _close(turns, part, before)
        move = moves[i - 1]
        said = narrate_move(move, before, after)
        for text in ([said] if said else []) + narrate_effects(move, before, after):
            part.lines.append(Line(i, text))
        before = after
    if _starts(part, before) and not before.over:
        part = _close(turns, part, before)  # the turn the last move began: no moves yet
    _close(turns, part, None)
    if last == len(game) and before.over and before.mode == "identity":
        roles = tuple(Line(last, text) for text in narrate_roles(before))
        turns.append(Turn(before.turn.number, 0, ROLES_HEADING, roles))
    return turns


@dataclass(slots=True)
class _Part:
    """A turn being told: its lines grow move by move."""

    number: int
    seat: int
    heading: str
    lines: list[Line] = field(default_factory=list)


def _starts(part: _Part, state: GameState) -> bool:
    """Whether the moves made in ``state`` belong to a turn after ``part``."""
    turn = state.turn
    return bool(turn.seat) and (turn.number, turn.seat) != (part.number, part.seat)


def _close(turns: list[Turn], part: _Part, state: GameState | None) -> _Part:
    """Keep ``part`` (unless it is an empty setup) and begin the turn ``state`` is in."""
    if part.lines or part.number:
        turns.append(Turn(part.number, part.seat, part.heading, tuple(part.lines)))
    if state is None:
        return part
    return _Part(state.turn.number, state.turn.seat, turn_heading(state))


def narrate_roles(state: GameState) -> list[str]:
    """Every seat's role at the end, ``seat 3 (诸葛亮) was the renegade``; a role the
    record never revealed is said to be unknown."""
    renegades = sum(s.role is Role.RENEGADE for s in state.seats)
    only_renegade = renegades <= 1 and "two_renegades" not in state.variant
    out: list[str] = []
    for s in state.seats:
        names = ",".join(general_name(g) for g in s.generals)
        who = f"seat {s.seat} ({names})" if names else f"seat {s.seat}"
        if s.role is None:
            out.append(f"{who}: role not revealed")
        elif s.role is Role.LORD or (s.role is Role.RENEGADE and only_renegade):
            out.append(f"{who} was the {s.role.value}")
        else:
            out.append(f"{who} was {_a(s.role.value)}")
    return out


def format_narration(turns: Sequence[Turn]) -> str:
    """Headings flush left, each line under its move number."""
    out: list[str] = []
    for turn in turns:
        out.append(turn.heading)
        out.extend(f"{line.move:>6}  {line.text}" for line in turn.lines)
    return "\n".join(out)
