"""What a card laid on the table can mean now: every legal move it could be, never a guess.

A card seen by the camera is read against the state: answering a request
(闪, 杀, 桃, 无懈可击), a judgement card, a card used in the play phase, a
cost or a choice a skill waits for. Skills and equipment that let a card
count as another (武圣, 倾国, 龙胆, 国色, 急救, 奇袭, 朱雀羽扇) give more
readings; 八卦阵 makes a card turned over while a 闪 is asked a judgement.
Each reading is checked against the engine (the move it makes must be
legal); the session applies the only one, or asks which when there are
several (a ♥桃 in 关羽's play phase: heal, or 杀 by 武圣).

>>> from engine.game import Game
>>> game = Game()
>>> for text in ["setup identity 4", "role 1 lord", "general 1 guanyu",
...              "general 2 caocao", "general 3 zhaoyun", "general 4 lvbu",
...              "deal", "next", "draw 1 x2", "!damage 1 1"]:
...     game.push_text(text)
>>> [r.label for r in card_readings(game.state, 53, None)]  # 桃♥Q
['桃', '杀 (武圣)']
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from assistant.i18n import _, card_name
from assistant.session.names import rule_label
from engine.cards import CardType, Target
from engine.catalogue import standard_catalogue
from engine.derived import card, effects_of, kind, owned_keys, sha_uses_left
from engine.effects import AsCard
from engine.frames import Ask, Expect, Window
from engine.moves import Compare, Discard, Judge, Move, Pass, Respond, Show, Skill, Take, Use
from engine.registry import CONVERSIONS, rule_name
from engine.rules import apply
from engine.state import GameState, Phase
from engine.table import IllegalMove, Table
from engine.windows import window_offers

__all__ = [
    "Reading",
    "asks_nullification",
    "card_readings",
    "conversions",
    "legal",
    "used_when_drawn",
]

# The kinds that answer a request, as the engine accepts them.
_ANSWERS = {
    "shan": ("shan",),
    "sha": ("sha", "fire_sha", "thunder_sha"),
    "nullification": ("nullification",),
    "tao": ("tao", "jiu"),
}


@dataclass(frozen=True, slots=True)
class Reading:
    """One meaning of a card laid: by ``seat``, the ``move`` it makes, or (a card used
    in the play phase that still needs its targets) the kind it is used as.

    ``label`` names the reading in the catalogue's Chinese names, the same in
    every language: it is the answer a table script gives when the session
    asks which reading it is (``answer "杀 (武圣)"``). ``text`` is the same
    reading as a player reads it, in the language in use.
    """

    seat: int
    label: str
    move: Move | None = None  # None: a card used in the play phase, its targets still to choose
    use_as: str | None = None  # ... used as this kind through a skill (None: as itself)
    before: tuple[Move, ...] = ()  # moves first: the seats asked before it let the 桃 pass
    text: str = ""

    @property
    def complete(self) -> bool:
        return self.move is not None

    @property
    def shown(self) -> str:
        """The reading as a player reads it."""
        return self.text or self.label


def asks_nullification(frame: object) -> bool:
    """Whether ``frame`` is a request anyone may answer with a 无懈可击."""
    return isinstance(frame, Ask) and frame.anyone and frame.want == "nullification"


def legal(state: GameState, move: Move) -> bool:
    """Whether the engine accepts ``move`` now (nothing is changed)."""
    try:
        apply(state, move)
    except IllegalMove:
        return False
    return True


def counts_only_as(state: GameState, seat: int, card_id: int) -> bool:
    """Whether ``seat``'s compulsory skill makes ``card_id`` count as another card only
    (武神: his heart hand cards are 杀 and nothing else): its own reading is gone."""
    s = state.seat(seat)
    c = card(card_id)
    in_equipment = state.where.get(card_id) == f"equip:{seat}"
    own_turn = state.turn.seat == seat
    return any(
        isinstance(effect, AsCard)
        and effect.compulsory
        and effect.card != c.key
        and effect.fits(c, in_equipment, own_turn)
        for _skill, effect in effects_of(s)
    )


def conversions(state: GameState, seat: int, card_id: int) -> tuple[tuple[str, str], ...]:
    """The kinds ``seat`` may use or play ``card_id`` as, through its skills and
    equipment, with the key of what allows it: ``(("sha", "wusheng"), ...)``."""
    s = state.seat(seat)
    c = card(card_id)
    where = state.where.get(card_id)
    in_equipment = where == f"equip:{seat}"
    own_turn = state.turn.seat == seat
    out: list[tuple[str, str]] = []
    for skill, effect in effects_of(s):
        if not isinstance(effect, AsCard) or effect.card == c.key:
            continue
        if not effect.fits(c, in_equipment, own_turn):
            continue
        if (effect.card, skill.key) not in out:
            out.append((effect.card, skill.key))
    if c.key == "sha" and s.weapon is not None and card(s.weapon).key == "fan":
        out.append(("fire_sha", "fan"))
    owned = [key for key in CONVERSIONS if key in owned_keys(s)]
    if owned:  # 龙魂 (one card at 1 HP), 急袭: the skills' own conversions
        table = Table(state)
        for key in owned:
            for as_kind in _KINDS:
                if as_kind != c.key and CONVERSIONS[key](table, seat, (card_id,), as_kind):
                    out.append((as_kind, key))
    return tuple(out)


_KINDS = tuple(standard_catalogue().kinds)
_USED_WHEN_DRAWN = ("yuxi",)  # the engine uses it at once (engine/rules.py _use_seal)


def _as(as_kind: str, why: str) -> tuple[str, str]:
    """A card used as ``as_kind`` through the rule ``why``: its label and its text."""
    k = kind(as_kind)
    return f"{k.name} ({rule_name(why)})", f"{card_name(k)} ({rule_label(why)})"


def card_readings(state: GameState, card_id: int, region_seat: int | None) -> list[Reading]:
    """Every legal reading of ``card_id`` laid now (in front of ``region_seat``, if known)."""
    if state.over or not state.mode or state.turn.phase is Phase.SETUP:
        return []
    top = state.stack[-1] if state.stack else None
    if isinstance(top, Ask):
        return _answers(state, top, card_id, region_seat)
    if isinstance(top, Expect):
        return _expected(state, top, card_id, region_seat)
    if isinstance(top, Window):
        return _in_window(state, top, card_id, region_seat)
    if state.stack:
        return []
    seat = state.turn.seat
    if region_seat not in (None, seat):
        return []
    if state.turn.phase is Phase.PLAY:
        return _plays(state, seat, card_id)
    if state.turn.phase is Phase.DISCARD:
        move = Discard(seat, (card_id,))
        return (
            [Reading(seat, "弃置", move, text=_("discard the card"))] if legal(state, move) else []
        )
    return []


def _answers(state: GameState, ask: Ask, card_id: int, region_seat: int | None) -> list[Reading]:
    if ask.anyone:
        seats = [s for s in ask.seats if s not in ask.passed]
        if region_seat is not None:
            seats = [s for s in seats if s == region_seat]
    elif ask.want == "tao":
        # Anyone still to be asked in the peach round may lay a 桃; the seats asked
        # before the one who laid it let it pass (the session passes them).
        seats = list(ask.seats[ask.at :])
        if region_seat is not None:
            seats = [s for s in seats if s == region_seat]
    elif region_seat not in (None, ask.asked):
        # Laid in front of a seat asked later (南蛮入侵, 万箭齐发): the seat asked now
        # had nothing, and the card answers for the seat that laid it, in its turn.
        return _answers_later(state, ask, card_id, region_seat)
    else:
        seats = [ask.asked]
    out: list[Reading] = []
    c = card(card_id)
    for seat in seats:
        passes = _passes_before(state, ask, seat)
        if passes is None:
            continue
        probe = state
        for move in passes:
            probe = apply(probe, move)
        wanted = _ANSWERS.get(ask.want, (ask.want,))
        answers: list[tuple[str, str, Move]] = []
        if c.key in wanted and not counts_only_as(state, seat, card_id):
            answers.append((c.name, card_name(c), Respond(seat, (card_id,))))
        for as_kind, why in conversions(state, seat, card_id):
            if as_kind in wanted:
                answers.append((*_as(as_kind, why), Respond(seat, (card_id,), as_kind)))
        if ask.want == "shan" and not ask.anyone and card_id not in state.where:
            armour = rule_label("eight_diagram")
            # TRANSLATORS: a card laid as 八卦阵's judgement card (八卦阵判定)
            judged = _("{armour} judgement").format(armour=armour)
            answers.append((f"{rule_name('eight_diagram')}判定", judged, Judge(seat, card_id)))
        out += [
            Reading(seat, label, move, before=passes, text=text)
            for label, text, move in answers
            if legal(probe, move)
        ]
    return _each_seat_named(out)


def _each_seat_named(out: list[Reading]) -> list[Reading]:
    """Readings by several seats (a card by an unknown seat): each names its seat."""
    if len({r.seat for r in out}) > 1:
        return [
            replace(
                r,
                label=f"{r.seat}号位 {r.label}",
                text=_("seat {seat}: {reading}").format(seat=r.seat, reading=r.shown),
            )
            for r in out
        ]
    return out


def used_when_drawn(state: GameState, card_id: int, region_seat: int | None) -> list[Reading]:
    """A card its drawer shows and uses at once, in any turn or phase and whatever
    settles (逐鹿天下's 玉玺, rules 003:442 "摸到此牌的角色须立即展示并使用之"): used by
    the seat it lies in front of, or by each seat the engine lets use it (the one
    whose hand is known to hold it) when no seat is named."""
    c = card(card_id)
    if c.key not in _USED_WHEN_DRAWN or state.over or state.turn.phase is Phase.SETUP:
        return []
    uses = [Use(s.seat, (card_id,)) for s in state.living if region_seat in (None, s.seat)]
    return _each_seat_named(
        [Reading(m.seat, c.name, m, text=card_name(c)) for m in uses if legal(state, m)]
    )


def _answers_later(state: GameState, ask: Ask, card_id: int, seat: int) -> list[Reading]:
    """The card ``seat`` laid while another seat is asked: that seat passes, nobody
    nullifies the trick for the seats in between, and ``seat``'s own request comes;
    no reading when another seat would be asked first or the card does not answer."""
    moved = _moved_on_to(state, ask, seat)
    if moved is None:
        return []
    before, later = moved
    top = later.stack[-1]
    assert isinstance(top, Ask)
    return [replace(r, before=(*before, *r.before)) for r in _answers(later, top, card_id, seat)]


def _moved_on_to(
    state: GameState, ask: Ask, seat: int
) -> tuple[tuple[Move, ...], GameState] | None:
    """The moves and the state once the seat asked passes and the table goes on to
    ``seat``'s request of the same kind: only requests for 无懈可击 and windows may
    come between (each passed by nobody using them); None otherwise."""
    moves: list[Move] = [Pass(ask.asked)]
    try:
        probe = apply(state, moves[0])
        for _i in range(12):
            top = probe.stack[-1] if probe.stack else None
            if isinstance(top, Ask) and not top.anyone:
                if top.asked == seat and top.want == ask.want:
                    return tuple(moves), probe
                return None
            if isinstance(top, Window) or asks_nullification(top):
                moves.append(Pass(None))
                probe = apply(probe, moves[-1])
                continue
            return None
    except IllegalMove:
        return None
    return None


def _passes_before(state: GameState, ask: Ask, seat: int) -> tuple[Move, ...] | None:
    """In a peach round, the seats asked before ``seat`` let it pass (the 桃 laid by
    a later seat answers for that seat); None when they cannot."""
    if ask.anyone or ask.want != "tao" or seat == ask.asked:
        return ()
    passes = tuple(Pass(asked) for asked in ask.seats[ask.at : ask.seats.index(seat)])
    probe = state
    for move in passes:
        try:
            probe = apply(probe, move)
        except IllegalMove:
            return None
    return passes


def _expected(
    state: GameState, e: Expect, card_id: int, region_seat: int | None = None
) -> list[Reading]:
    c = card(card_id)
    move: Move | None = None
    if e.what == "compare":  # 拼点: the card is laid by whichever of the two may lay it
        return [
            Reading(seat, c.name, Compare(seat, card_id), text=card_name(c))
            for seat in (e.seat, e.other)
            if seat not in e.counts
            and region_seat in (None, seat)
            and legal(state, Compare(seat, card_id))
        ]
    if e.what == "use_sha":
        return _asked_sha(state, e, card_id, region_seat)
    label, text = c.name, card_name(c)
    # The card shown or discarded is the asked seat's; 反间's, the drawer shows it.
    laid_by = (e.other, e.seat) if e.what == "take_shown" else (e.seat,)
    if e.what != "judge" and region_seat is not None and region_seat not in laid_by:
        return []
    if e.what == "judge":
        move, label = Judge(e.seat, card_id), f"判定牌 {c.name}{c.face}"
        text = _("judgement card {card}").format(card=f"{card_name(c)}{c.face}")
    elif e.what == "take_shown":
        move = Take(e.seat, e.other, (card_id,))
    elif e.what in ("show", "shown"):  # 火攻's card shown; a skill's card turned up (蛊惑)
        move = Show(e.seat, (card_id,))
    elif e.what == "fire_discard":
        move = Discard(e.seat, (card_id,))
    if move is not None and legal(state, move):
        return [Reading(e.seat, label, move, text=text)]
    return []


def _asked_sha(state: GameState, e: Expect, card_id: int, region_seat: int | None) -> list[Reading]:
    """乱武: the seat asked lays a 杀 (or a card its skills make one) on one of the
    players it may target (``e.counts``); one reading per target."""
    if region_seat not in (None, e.seat):
        return []
    c = card(card_id)
    kinds: list[tuple[str | None, str, str]] = [(None, c.name, card_name(c))]
    kinds += [(k, *_as(k, why)) for k, why in conversions(state, e.seat, card_id)]
    out: list[Reading] = []
    for as_kind, label, text in kinds:
        for target in e.counts:
            move = Use(e.seat, (card_id,), as_kind, (target,))
            if legal(state, move):
                said = _("{card} on seat {seat}").format(card=text, seat=target)
                out.append(Reading(e.seat, f"{label} → {target}", move, text=said))
    return out


def _in_window(
    state: GameState, window: Window, card_id: int, region_seat: int | None
) -> list[Reading]:
    """A card laid while skills may act: 鬼才's replacement card, 青龙偃月刀's next 杀."""
    out: list[Reading] = []
    for seat in window.seats:
        if region_seat not in (None, seat):
            continue
        offered = window_offers(state, window, seat)
        if "guicai" in offered:
            move: Move = Skill(seat, "guicai", (card_id,))
            if legal(state, move):
                # TRANSLATORS: 鬼才 replaces the judgement card with this one (改判)
                text = _("{skill}: replace the judgement card").format(skill=rule_label("guicai"))
                out.append(Reading(seat, f"{rule_name('guicai')}: 改判", move, text=text))
        if "blade" in offered:
            kinds = (card(card_id).key, *(k for k, _why in conversions(state, seat, card_id)))
            for as_kind in kinds:
                move = Use(seat, (card_id,), None if as_kind == card(card_id).key else as_kind)
                if legal(state, move):
                    label = f"{rule_name('blade')}: {kind(as_kind).name}"
                    text = f"{rule_label('blade')}: {card_name(kind(as_kind))}"
                    out.append(Reading(seat, label, move, text=text))
    return out


def _plays(state: GameState, seat: int, card_id: int) -> list[Reading]:
    c = card(card_id)
    out: list[Reading] = []
    own = () if counts_only_as(state, seat, card_id) else ((c.key, ""),)
    for as_kind, why in (*own, *conversions(state, seat, card_id)):
        k = kind(as_kind)
        label, text = _as(as_kind, why) if why else (k.name, card_name(k))
        if k.target is Target.RESPONSE:
            continue
        converted = as_kind != c.key
        if k.type is CardType.EQUIPMENT or k.target in (Target.SELF, Target.ALL, Target.ALL_OTHERS):
            move = Use(seat, (card_id,), as_kind if converted else None)
            if legal(state, move):
                out.append(Reading(seat, label, move, text=text))
            continue
        if k.is_sha:
            left = sha_uses_left(state, seat, (card_id,))
            if left is not None and left <= 0:
                continue
        if _has_target(state, seat, card_id, as_kind if converted else None):
            out.append(Reading(seat, label, use_as=as_kind if converted else None, text=text))

    return out


def _has_target(state: GameState, seat: int, card_id: int, as_kind: str | None) -> bool:
    for other in state.living:
        if legal(state, Use(seat, (card_id,), as_kind, (other.seat,))):
            return True
    # 借刀杀人 names two seats: they are checked when chosen.
    return kind(as_kind or card(card_id).key).key == "collateral"
