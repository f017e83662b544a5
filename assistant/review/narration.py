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

from assistant.i18n import (
    N_,
    _,
    card_name,
    join_list,
    mode_name,
    ngettext,
    phase_name,
    role_name,
    tr,
    variant_name,
)
from assistant.i18n import general_name as name_of_general
from assistant.i18n import gettext as translate  # an N_() id held in a table
from assistant.i18n import skill_name as name_of_skill
from engine.cards import CardType, Colour, Element, Suit
from engine.catalogue import on_new_generals, standard_catalogue
from engine.derived import card, kind, suit_for
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
from engine.generals import General as CatalogueGeneral
from engine.generals import Skill as CatalogueSkill
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
    Name,
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
from engine.state import GameState, Phase, Role, Seat

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
ROLES_HEADING = N_("Roles")
SETUP_HEADING = N_("Setup")


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
def _generals() -> dict[str, CatalogueGeneral]:
    return {g.key: g for g in standard_catalogue().generals}


on_new_generals(lambda _new: _generals.cache_clear())


@cache
def _skills() -> dict[str, CatalogueSkill]:
    return {s.key: s for g in standard_catalogue().generals for s in g.skills}


on_new_generals(lambda _new: _skills.cache_clear())


def general_name(key: str) -> str:
    """A general's name by its key, in the language in use; an unknown key as it is."""
    general = _generals().get(key)
    return name_of_general(general) if general is not None else key


def skill_name(key: str) -> str:
    """A skill's name by its key, in the language in use; an unknown key as it is."""
    skill = _skills().get(key)
    return name_of_skill(skill) if skill is not None else key


def kind_name(key: str) -> str:
    """A card kind's name by its key, in the language in use; an unknown key as it is."""
    try:
        return card_name(kind(key))
    except KeyError:
        return key


def card_label(card_id: int) -> str:
    """``杀♠7``: the card's name and face."""
    try:
        c = card(card_id)
    except KeyError:
        return f"#{card_id}"
    return f"{card_name(c)}{c.face}"


def _cards(cards: Sequence[int], unknown: int = 0) -> str:
    named = " ".join(card_label(c) for c in cards)
    if not unknown:
        return named
    counted = ngettext("{n} unseen card", "{n} unseen cards", unknown).format(n=unknown)
    return _("{cards} and {unseen}").format(cards=named, unseen=counted) if named else counted


def _count(n: int) -> str:
    return ngettext("{n} card", "{n} cards", n).format(n=n)


def seat_label(state: GameState, number: int) -> str:
    """``seat 3 (诸葛亮)``: the number and the face-up generals."""
    if not 1 <= number <= len(state.seats):
        return _("seat {seat}").format(seat=number)
    s = state.seat(number)
    return _seat_named(number, [g for g in s.generals if g not in s.hidden])


def _seat_named(number: int, generals: Sequence[str]) -> str:
    if not generals:
        return _("seat {seat}").format(seat=number)
    names = join_list(general_name(g) for g in generals)
    return _("seat {seat} ({general})").format(seat=number, general=names)


def _hp(s: Seat) -> str:
    return _("HP {hp}/{max_hp}").format(hp=s.hp, max_hp=s.max_hp)


def _zone(zone: str) -> str:
    if ":" in zone:
        where, seat = zone.split(":")
        if where == "hand":
            return _("seat {seat}'s hand").format(seat=seat)
        if where == "equip":
            return _("seat {seat}'s equipment").format(seat=seat)
        return _("seat {seat}'s judgement zone").format(seat=seat)
    if zone == "pile":
        return _("the draw pile")
    if zone == "discard":
        return _("the discard pile")
    if zone == "processing":
        return _("the processing area")
    if zone == "removed":
        return _("the removed cards")
    return zone


def _used(cards: tuple[int, ...], as_kind: str | None) -> str:
    if not cards:
        if as_kind:
            return _("a virtual {card}").format(card=kind_name(as_kind))
        return _("nothing")
    text = _cards(cards)
    return _("{cards} as {card}").format(cards=text, card=kind_name(as_kind)) if as_kind else text


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
            return _("{move} (forced)").format(move=said or inner)
        case Setup(mode=mode, players=players, variant=variant):
            return _setup(mode, players, variant)
        case General(seat=seat, generals=generals, hidden=hidden):
            if hidden:
                return ngettext(
                    "seat {seat} takes {n} face-down general",
                    "seat {seat} takes {n} face-down generals",
                    len(generals),
                ).format(seat=seat, n=len(generals))
            names = join_list(general_name(g) for g in generals)
            return _("seat {seat} is {generals} ({hp})").format(
                seat=seat, generals=names, hp=_hp(after.seat(seat))
            )
        case RoleReveal(seat=seat, role=role):
            if before.seat(seat).alive != after.seat(seat).alive:
                return None  # the death line names the role
            return _role_revealed(seat, role, after.mode)
        case Name(seat=seat, name=player):
            if player:
                return _("seat {seat} is played by {player}").format(seat=seat, player=player)
            return _("seat {seat}'s player is no longer named").format(seat=seat)
        case Reveal(seat=seat, general=general):
            return _("seat {seat} reveals {general}").format(
                seat=seat, general=general_name(general)
            )
        case Deal():
            return _("everyone is dealt a starting hand")
        case Shuffle():
            return _("the discard pile is shuffled into a new draw pile")
        case Draw(seat=seat, count=count, cards=cards):
            return _("seat {seat} draws {n}").format(seat=seat, n=len(cards) + count)
        case Use(seat=seat, cards=cards, as_kind=as_kind, targets=targets):
            who = seat_label(before, seat)
            what = _used(cards, as_kind)
            kind_type = _use_kind(move)
            if kind_type is CardType.EQUIPMENT and not targets:
                return _("{who} equips {what}").format(who=who, what=what)
            if kind_type is CardType.DELAYED_TRICK and targets:
                return _("{who} puts {what} on {target}").format(
                    who=who, what=what, target=seat_label(before, targets[0])
                )
            if not targets:
                return _("{who} uses {what}").format(who=who, what=what)
            on = join_list(seat_label(before, t) for t in targets)
            return _("{who} uses {what} on {targets}").format(who=who, what=what, targets=on)
        case Respond(seat=seat, cards=cards, as_kind=as_kind):
            what = _used(cards, as_kind)
            ask = before.stack[-1] if before.stack else None
            if isinstance(ask, Ask) and ask.want in ("tao", "peach") and ask.for_seat:
                if ask.for_seat == seat:
                    return _("seat {seat} saves themself with {what}").format(seat=seat, what=what)
                return _("seat {seat} saves seat {other} with {what}").format(
                    seat=seat, other=ask.for_seat, what=what
                )
            return _("seat {seat} plays {what}").format(seat=seat, what=what)
        case Pass() | Next() | DamageMove() | Heal() | LoseHp() | Die() | End():
            return None
        case Discard(seat=seat, cards=cards, unknown=unknown):
            return _("seat {seat} discards {cards}").format(seat=seat, cards=_cards(cards, unknown))
        case Give(seat=seat, to=to, cards=cards, unknown=unknown):
            what = _cards(cards) if cards and not unknown else _count(len(cards) + unknown)
            return _("seat {seat} gives {cards} to seat {other}").format(
                seat=seat, cards=what, other=to
            )
        case Take(seat=seat, source=source, cards=cards, unknown=unknown):
            return _("seat {seat} takes {cards} from seat {other}").format(
                seat=seat, cards=_cards(cards, unknown), other=source
            )
        case MoveCards(cards=cards, to=to, as_kind=as_kind):
            if as_kind:
                return _("{cards} goes to {place} as {card}").format(
                    cards=_cards(cards), place=_zone(to), card=kind_name(as_kind)
                )
            return _("{cards} goes to {place}").format(cards=_cards(cards), place=_zone(to))
        case Show(seat=seat, cards=cards):
            return _("seat {seat} shows {cards}").format(seat=seat, cards=_cards(cards))
        case Recast(seat=seat, card=card_id):
            return _("seat {seat} recasts {card}").format(seat=seat, card=card_label(card_id))
        case Skill(seat=seat, skill=("guicai" | "guidao") as key, cards=(replacement,)) if (
            _open_judgement(before) is not None
        ):  # 鬼才, 鬼道 (风): a card in place of the judgement card
            return _("seat {seat} uses {skill}: {what}").format(
                seat=seat, skill=skill_name(key), what=_replaces(replacement, before)
            )
        case Skill(seat=seat, skill=skill, cards=cards, targets=targets):
            return _skill_used(before, seat, skill, cards, targets)
        case Skip(phase=phase):
            return _("seat {seat} skips the {phase}").format(
                seat=before.turn.seat, phase=_phase_name(phase)
            )
        case ExtraTurn(seat=seat):
            return _("seat {seat} will take an extra turn").format(seat=seat)
        case Chain(seat=seat, chained=chained):
            if chained:
                return _("seat {seat} is chained").format(seat=seat)
            return _("seat {seat} is unchained").format(seat=seat)
        case Flip(seat=seat):
            if after.seat(seat).flipped:
                return _("seat {seat} turns face down").format(seat=seat)
            return _("seat {seat} turns face up").format(seat=seat)
        case Mark(seat=seat, name=name, delta=delta):
            n = abs(delta)
            if delta > 0:
                said = ngettext(
                    "seat {seat} gains {n} {mark} mark", "seat {seat} gains {n} {mark} marks", n
                )
            else:
                said = ngettext(
                    "seat {seat} loses {n} {mark} mark", "seat {seat} loses {n} {mark} marks", n
                )
            return said.format(seat=seat, n=n, mark=name)
        case Judge():
            return _judge(move, before)
    return str(move)


def _setup(mode: str, players: int, variant: str) -> str:
    """``an identity game for 5 players``, with its variant if it has one."""
    if mode == "identity":
        # TRANSLATORS: {mode} is the mode's name; English says "an" before a vowel
        game = ngettext("an {mode} game for {n} player", "an {mode} game for {n} players", players)
    else:
        game = ngettext("a {mode} game for {n} player", "a {mode} game for {n} players", players)
    said = game.format(mode=mode_name(mode), n=players)
    if not variant:
        return said
    return _("{game}, variant {variant}").format(game=said, variant=variant_name(variant))


# How each role is said when a seat reveals it, and when the roles are told at the end.
_ROLE_REVEALED = {
    Role.LORD: N_("seat {seat} is the lord"),
    Role.LOYALIST: N_("seat {seat} is a loyalist"),
    Role.REBEL: N_("seat {seat} is a rebel"),
    Role.RENEGADE: N_("seat {seat} is a renegade"),
    Role.CIVILIAN: N_("seat {seat} is a civilian"),
}
_ROLE_WAS = {
    Role.LORD: N_("{who} was the lord"),
    Role.LOYALIST: N_("{who} was a loyalist"),
    Role.REBEL: N_("{who} was a rebel"),
    Role.RENEGADE: N_("{who} was a renegade"),
    Role.CIVILIAN: N_("{who} was a civilian"),
}


# Modes whose roles are identity's own, hidden until death or the end (忠胆英杰 too).
_IDENTITY_ROLES = frozenset({"", "identity", "zhongdan"})


def _role(key: str) -> Role | None:
    try:
        return Role(key)
    except ValueError:
        return None


def _role_revealed(seat: int, key: str, mode: str) -> str:
    role = _role(key)
    if role is None:
        return _("seat {seat} is {role}").format(seat=seat, role=key)
    if mode in _IDENTITY_ROLES:
        return translate(_ROLE_REVEALED[role]).format(seat=seat)
    return _("seat {seat} is {role}").format(seat=seat, role=role_name(role, mode))


def _phase_name(key: str) -> str:
    """A phase by its key (``play`` -> the play phase's name)."""
    try:
        return phase_name(Phase(key))
    except ValueError:
        return key


def _skill_used(
    before: GameState, seat: int, key: str, cards: Sequence[int], targets: Sequence[int]
) -> str:
    skill = skill_name(key)
    on = join_list(seat_label(before, t) for t in targets)
    if cards and targets:
        return _("seat {seat} uses {skill} with {cards} on {targets}").format(
            seat=seat, skill=skill, cards=_cards(cards), targets=on
        )
    if cards:
        return _("seat {seat} uses {skill} with {cards}").format(
            seat=seat, skill=skill, cards=_cards(cards)
        )
    if targets:
        return _("seat {seat} uses {skill} on {targets}").format(seat=seat, skill=skill, targets=on)
    return _("seat {seat} uses {skill}").format(seat=seat, skill=skill)


def _replaces(replacement: int, before: GameState) -> str:
    """鬼才: which card now stands as the judgement card, in place of which."""
    at = _open_judgement(before)
    frame = before.stack[at] if at is not None else None
    if isinstance(frame, Judgement):
        return _("{card} replaces the judgement card {old}").format(
            card=card_label(replacement), old=card_label(frame.card)
        )
    return _("{card} replaces the judgement card").format(card=card_label(replacement))


def _judge(move: Judge, before: GameState) -> str:
    why = ""
    judging = next((f for f in reversed(before.stack) if isinstance(f, Judging)), None)
    if judging is not None and judging.seat == move.seat:
        why = kind_name(judging.kind)
    elif move.reason:
        why = skill_name(move.reason)
    if why:
        return _("seat {seat}'s judgement for {what}: {card}").format(
            seat=move.seat, what=why, card=card_label(move.card)
        )
    return _("seat {seat}'s judgement: {card}").format(seat=move.seat, card=card_label(move.card))


# ---------------------------------------------------------------- judgement results

# The delayed tricks that skip a phase, the suit that escapes them and the phase they
# skip (乐不思蜀: unless a heart, no play phase; 兵粮寸断: unless a club, no draw phase).
_SKIPPING_TRICKS = {
    "indulgence": (Suit.HEART, Phase.PLAY),
    "supply_shortage": (Suit.CLUB, Phase.DRAW),
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
    if isinstance(move, Skill) and move.skill in ("guicai", "guidao") and move.cards:
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
    suit = suit_for(after, trick.seat, judged)  # 红颜: the judging seat's suit
    skipping = _SKIPPING_TRICKS.get(trick.kind)
    if skipping is not None:
        escape, phase = skipping
        if suit is escape:
            return _("no effect")
        return _("{phase} skipped").format(phase=phase_name(phase))
    if trick.kind == "lightning":
        if suit is Suit.SPADE and c.rank is not None and 2 <= c.rank <= 9:
            return _("{n} thunder damage").format(n=3)
        zone = after.where.get(trick.card, "")
        holder = int(zone.split(":")[1]) if zone.startswith("judge:") else trick.seat
        if holder != trick.seat:
            return _("passes to seat {seat}").format(seat=holder)
        return _("stays with seat {seat}").format(seat=holder)
    return _("no effect")


def _skill_result(
    use: SkillUse, judged: int, after: GameState | None = None, judging: int | None = None
) -> str:
    """What a skill's judgement card did (铁骑, 刚烈, 洛神 ...); ``judging``: the seat that
    turned it over."""
    c = card(judged)
    red = c.colour is Colour.RED
    if use.key == "tieji":
        if not red:
            return _("no effect")
        shan = kind_name("shan")
        if use.targets:
            return _("seat {seat} cannot play {card}").format(seat=use.targets[0], card=shan)
        return _("the target cannot play {card}").format(card=shan)
    if use.key == "ganglie":
        if c.suit is Suit.HEART:
            return _("no effect")
        return _("seat {seat} discards 2 hand cards or takes 1 damage").format(seat=use.other)
    if use.key == "luoshen":
        return _("the judging ends") if red else _("kept")
    if use.key == "baonve":  # 暴虐: a spade heals the lord
        if c.suit is not Suit.SPADE:
            return _("no effect")
        return _("seat {seat} recovers {n} HP").format(seat=use.seat, n=1)
    if use.key == "tuntian":  # 屯田: kept on his general as a 田, unless a heart
        return _("no effect") if c.suit is Suit.HEART else _("kept")
    if use.key == "shuangxiong":  # 双雄: he takes it; the other colour is his 决斗
        return _("taken; {colour} cards count as {card}").format(
            colour=_("black") if red else _("red"), card=kind_name("duel")
        )
    if use.key == "beige":  # 悲歌: by the suit, on the damaged player or the source
        damaged = use.targets[0] if use.targets else use.seat
        if c.suit is Suit.HEART:
            return _("seat {seat} recovers {n} HP").format(seat=damaged, n=1)
        if c.suit is Suit.DIAMOND:
            return _("seat {seat} draws {n}").format(seat=damaged, n=2)
        if c.suit is Suit.CLUB:
            return _("seat {seat} discards {n} cards").format(seat=use.other, n=2)
        return _("seat {seat} turns over").format(seat=use.other)
    if use.key == "wuhun":  # 武魂: unless 桃 or 桃园结义, the judging seat dies
        if c.key in ("tao", "god_salvation") or judging is None:
            return _("no effect")
        return _("seat {seat} dies").format(seat=judging)
    if use.key == "leiji":  # 雷击 (风): a spade, 2 thunder damage
        judging = use.targets[0] if use.targets else use.seat
        suit = suit_for(after, judging, judged) if after is not None else c.suit
        return _("{n} thunder damage").format(n=2) if suit is Suit.SPADE else _("no effect")
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
    # a card without suit or rank (逐鹿天下's 玉玺) is named instead
    face = card(judged).face or kind_name(card(judged).key)
    if isinstance(asker, Judging):
        what, result = kind_name(asker.kind), _delayed_result(asker, judged, after)
    elif isinstance(asker, Ask):
        what = kind_name("eight_diagram")
        suit = suit_for(after, asker.asked, judged)  # 红颜: the judging seat's suit
        if suit is not None and suit.colour is Colour.RED:
            result = _("counts as {card}").format(card=kind_name("shan"))
        else:
            result = _("no {card}").format(card=kind_name("shan"))
    elif isinstance(asker, SkillUse):
        judging = plain.seat if isinstance(plain, Judge) else None
        what, result = skill_name(asker.key), _skill_result(asker, judged, after, judging)
    else:
        return None  # a judgement nothing waited for: its card is all there is to tell
    if not result:
        return f"{what} {face}"
    return _("{what} {face}: {result}").format(what=what, face=face, result=result)


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
            out.append(_general_change(plain, before, after, b, a))
        elif a.max_hp != b.max_hp and b.max_hp:
            out.append(
                _("seat {seat}'s max HP becomes {max_hp} ({hp})").format(
                    seat=n, max_hp=a.max_hp, hp=_hp(a)
                )
            )
        elif a.hp < b.hp:
            lost = b.hp - a.hp
            if isinstance(plain, LoseHp) and plain.seat == n:
                out.append(_("seat {seat} loses {n} HP ({hp})").format(seat=n, n=lost, hp=_hp(a)))
            else:
                source, card_kind = _damage_cause(plain, before, after, n)
                out.append(_damage(n, lost, source, card_kind, _hp(a)))
        elif a.hp > b.hp and a.max_hp == b.max_hp:
            out.append(
                _("seat {seat} recovers {n} HP ({hp})").format(seat=n, n=a.hp - b.hp, hp=_hp(a))
            )
        if b.flipped and not a.flipped and not isinstance(plain, Flip):
            out.append(
                _("seat {seat} is face down: skips the turn and turns face up").format(seat=n)
            )
        if n in newly_dying:
            out.append(_("seat {seat} is dying (HP {hp})").format(seat=n, hp=a.hp))
        if b.alive and not a.alive:
            out.append(_dies(n, a.role, after.mode, killer_of(plain, before, after, n)))
    if after.winner != before.winner and after.winner is not None:
        out.append(
            _("the game ends: {result}").format(
                result=tr(describe_winner(after.winner, after.mode))
            )
        )
    return out


def _general_change(move: Move, before: GameState, after: GameState, b: Seat, a: Seat) -> str:
    """A seat's generals changed by themselves: one fell and the next came on (1v1, 3v3)."""
    n = a.seat
    fallen = [general_name(g) for g in b.generals if g not in a.generals]
    names = [general_name(g) for g in a.generals[:1] if g not in a.hidden]
    if names:
        coming = _("{general} comes on ({hp})").format(general=names[0], hp=_hp(a))
    else:
        coming = _("a new general comes on ({hp})").format(hp=_hp(a))
    if not fallen:
        return _("seat {seat}: {next}").format(seat=n, next=coming)
    gone = join_list(fallen)
    killer = killer_of(move, before, after, n)
    if killer and killer != n:
        return _("seat {seat}'s {general} dies, killed by seat {killer}; {next}").format(
            seat=n, general=gone, killer=killer, next=coming
        )
    return _("seat {seat}'s {general} dies; {next}").format(seat=n, general=gone, next=coming)


# Damage as the narration tells it, by element and whether a seat dealt it.
_DAMAGE = {
    (None, False): N_("seat {seat} takes {n} damage ({hp})"),
    (None, True): N_("seat {seat} takes {n} damage from seat {source} ({hp})"),
    (Element.FIRE, False): N_("seat {seat} takes {n} fire damage ({hp})"),
    (Element.FIRE, True): N_("seat {seat} takes {n} fire damage from seat {source} ({hp})"),
    (Element.THUNDER, False): N_("seat {seat} takes {n} thunder damage ({hp})"),
    (Element.THUNDER, True): N_("seat {seat} takes {n} thunder damage from seat {source} ({hp})"),
}


def _damage(seat: int, lost: int, source: int | None, card_kind: str | None, hp: str) -> str:
    if card_kind == "lightning":
        return _("{card} strikes seat {seat}: {n} thunder damage ({hp})").format(
            card=kind_name(card_kind), seat=seat, n=lost, hp=hp
        )
    template = _DAMAGE[_element(card_kind), bool(source)]
    return translate(template).format(seat=seat, n=lost, source=source, hp=hp)


def _dies(seat: int, role: Role | None, mode: str, killer: int | None) -> str:
    by = killer if killer and killer != seat else None
    if role is None:
        if by is None:
            return _("seat {seat} dies").format(seat=seat)
        return _("seat {seat} dies, killed by seat {killer}").format(seat=seat, killer=by)
    named = role_name(role, mode)
    if by is None:
        return _("seat {seat} dies ({role})").format(seat=seat, role=named)
    return _("seat {seat} dies ({role}), killed by seat {killer}").format(
        seat=seat, role=named, killer=by
    )


def _element(card_kind: str | None) -> Element | None:
    if card_kind is None:
        return None
    try:
        return kind(card_kind).element
    except KeyError:
        return None


# ---------------------------------------------------------------- turns


def turn_heading(state: GameState) -> str:
    """'Turn 3 — seat 2 (关羽), lord': the heading of the turn the state is in."""
    seat = state.turn.seat
    s = state.seat(seat)
    who = seat_label(state, seat)
    if s.player:
        who = _("{who} · {player}").format(who=who, player=s.player)
    if s.role is None:
        return _("Turn {turn} — {who}").format(turn=state.turn.number, who=who)
    return _("Turn {turn} — {who}, {role}").format(
        turn=state.turn.number, who=who, role=role_name(s.role, state.mode)
    )


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
    part = _Part(0, 0, translate(SETUP_HEADING))
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
    if last == len(game) and before.over and before.mode in _IDENTITY_ROLES:
        roles = tuple(Line(last, text) for text in narrate_roles(before))
        turns.append(Turn(before.turn.number, 0, translate(ROLES_HEADING), roles))
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
        who = _seat_named(s.seat, s.generals)
        if s.role is None:
            out.append(_("{who}: role not revealed").format(who=who))
        elif s.role is Role.RENEGADE and only_renegade:
            out.append(_("{who} was the renegade").format(who=who))
        else:
            out.append(translate(_ROLE_WAS[s.role]).format(who=who))
    return out


def format_narration(turns: Sequence[Turn]) -> str:
    """Headings flush left, each line under its move number."""
    out: list[str] = []
    for turn in turns:
        out.append(turn.heading)
        out.extend(f"{line.move:>6}  {line.text}" for line in turn.lines)
    return "\n".join(out)
