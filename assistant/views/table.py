"""What the table screen shows, as plain values: one `SeatView` per seat and the turn.

The phone draws these and computes nothing: every number here (HP, hand
count and limit, weapon range, attack range, distances) comes from the
engine's state and its derived quantities. :func:`table_view` is the whole
table; :func:`distance_view` is the picture players argue about: from one
seat, the distance to each other seat, its attack range and who is in it.

>>> from assistant.i18n import set_language
>>> chosen = set_language("zh_CN")
>>> from engine.game import Game
>>> game = Game()
>>> for text in ["setup identity 5", "role 1 lord", "general 1 liubei",
...              "general 2 guanyu", "general 3 zhaoyun", "general 4 zhouyu",
...              "general 5 lvbu", "deal", "next"]:
...     game.push_text(text)
>>> view = table_view(game.state)
>>> view.heading
'第1回合 · 1号位 刘备 · 摸牌阶段'
>>> seat = view.seats[0]
>>> (seat.general, seat.role, seat.hp, seat.max_hp, seat.hand, seat.hand_limit)
('刘备', '主公', 5, 5, 4, 5)
>>> [(row.seat, row.distance, row.in_range) for row in distance_view(game.state, 1).rows]
[(2, 1, True), (3, 2, False), (4, 2, False), (5, 1, True)]
"""

from __future__ import annotations

from dataclasses import dataclass

from assistant.i18n import (
    HUASHEN_MARK,
    N_,
    _,
    card_name,
    careerist_name,
    general_name,
    kingdom_name,
    mark_name,
    mode_name,
    pgettext,
    phase_name,
    role_name,
    skill_name,
    tr,
)
from assistant.i18n import gettext as translate  # an N_() id held in a table
from engine.cards import CardKind
from engine.catalogue import standard_catalogue
from engine.derived import attack_range, card, distance, distance_value, hand_limit_value
from engine.derived import attack_range_value as _range
from engine.frames import Dying
from engine.modes import mode_named
from engine.modes.hegemony import camp_of
from engine.rules import describe_winner
from engine.skilltypes import USED, YIN
from engine.state import GameState, Phase, Role, Seat

__all__ = [
    "DistanceRow",
    "DistanceView",
    "EquipView",
    "SeatView",
    "TableView",
    "distance_view",
    "general_label",
    "short_card_name",
    "shown_general_name",
    "table_view",
]


# The equipment slots in the order a seat shows them: their keys and names.
SLOTS = (
    ("weapon", N_("weapon")),
    ("armour", N_("armour")),
    ("defensive_horse", N_("+1 horse")),
    ("offensive_horse", N_("-1 horse")),
    ("treasure", N_("treasure")),
)


@dataclass(frozen=True, slots=True)
class EquipView:
    """One equipped card: its slot's name (武器, 防具, +1马, -1马, 宝物) and what it
    does to numbers; ``slot_key`` is the slot's key (``weapon``, ``defensive_horse`` ...)."""

    slot: str
    card_id: int
    name: str
    key: str
    badge: str  # the number that matters: "3" for a range-3 weapon, "+1"/"-1" for horses, ""
    slot_key: str = ""
    short: str = ""  # the name players say (连弩 for 诸葛连弩): see short_card_name

    @property
    def text(self) -> str:
        return f"{self.name} {self.badge}".strip()

    @property
    def short_text(self) -> str:
        """The short name with its number: '青龙3', '+1的卢', '-1赤兔', '八卦'."""
        name = self.short or self.name
        if self.slot_key in ("defensive_horse", "offensive_horse"):
            return f"{self.badge}{name}"
        return f"{name}{self.badge}"


@dataclass(frozen=True, slots=True)
class SeatView:
    """One seat as the table screen draws it."""

    seat: int
    general: str  # the face-up general's name (刘备), "" before one is chosen
    general_key: str
    kingdom: str  # 魏 蜀 吴 群 神, "" when unknown
    role: str  # 主公 忠臣 反贼 内奸 (as the mode names them), "?" while hidden
    alive: bool
    hp: int
    max_hp: int
    hand: int
    hand_limit: int
    attack_range: int
    equipment: tuple[EquipView, ...]
    judgement: tuple[str, ...]  # delayed tricks, in the order placed
    chained: bool
    flipped: bool
    current: bool  # whose turn it is
    acting: bool  # asked to act now (the prompt's seats)
    # From the seat whose turn it is (None for that seat itself, a dead seat, or
    # outside a turn), and whether this seat is inside its attack range.
    distance: int | None = None
    in_range: bool = False
    discard: int = 0  # cards this seat must discard now (its discard phase, over its limit)
    dying: bool = False  # 濒死: asking for 桃 (a Dying being settled)
    judgement_short: tuple[str, ...] = ()  # the delayed tricks as players say them (乐, 兵粮)
    name: str = ""  # the player's name, when the table has one
    role_key: str = ""  # lord, loyalist, rebel, renegade, civilian; "" while hidden
    # A skill's marks and the cards on the general (忍 3, 星 7, 涅槃 used ...), in words.
    marks: tuple[str, ...] = ()

    @property
    def label(self) -> str:
        """'3号位 赵云', or '3号位' before a general is chosen."""
        if not self.general:
            return _("seat {seat}").format(seat=self.seat)
        return _("seat {seat} ({general})").format(seat=self.seat, general=self.general)


@dataclass(frozen=True, slots=True)
class TableView:
    mode: str
    players: int
    turn: int
    phase: str
    heading: str
    seats: tuple[SeatView, ...]
    over: bool
    current: int = 0  # the seat whose turn it is (0: none, before the first turn and after the end)
    result: str = ""  # who won, once the game is over
    # 血战到底: each side's points ("忠臣 5 · 反贼 7 / 12"), also at the heading's end
    scores: str = ""
    alliances: str = ""  # 逐鹿天下's alliances (同盟 1+3), also at the heading's end
    # The seats in the order they sit around the table, where the mode seats them
    # otherwise than in seat order (守卫剑阁: 1, 2, 4, 6, 8, 7, 5, 3); () for seat order.
    ring: tuple[int, ...] = ()

    @property
    def seats_around(self) -> tuple[SeatView, ...]:
        """The seats in the order they sit around the table, from seat 1."""
        if not self.ring:
            return self.seats
        return tuple(self.seats[n - 1] for n in self.ring)


@dataclass(frozen=True, slots=True)
class DistanceRow:
    """From the chosen seat to one other seat."""

    seat: int
    label: str
    alive: bool
    distance: int | None  # None for a dead seat
    reasons: tuple[str, ...]
    in_range: bool


@dataclass(frozen=True, slots=True)
class DistanceView:
    seat: int
    label: str
    attack_range: int
    range_reasons: tuple[str, ...]
    rows: tuple[DistanceRow, ...]

    @property
    def in_range(self) -> tuple[int, ...]:
        return tuple(row.seat for row in self.rows if row.in_range)


def general_label(key: str) -> str:
    """'赵云 zhaoyun': the name with the ASCII key."""
    try:
        return f"{general_name(standard_catalogue().general(key))} {key}"
    except KeyError:
        return key


def shown_general_name(state: GameState, seat: int) -> str:
    """The name of the seat's face-up general ('' when none is known or shown)."""
    key = _shown(state.seat(seat))
    return general_name(standard_catalogue().general(key)) if key else ""


def _shown(s: Seat) -> str:
    shown = [g for g in s.generals if g not in s.hidden]
    return shown[0] if shown else ""


def _short_names() -> dict[str, str]:
    """Card key -> the short name players use, in the language in use."""
    return {
        # TRANSLATORS: short names of equipment and delayed tricks, for the seat tiles
        # of a crowded table: a word or two, as players say them (诸葛连弩)
        "crossbow": pgettext("card short", "连弩"),
        "qinggang_sword": pgettext("card short", "青釭"),
        "double_swords": pgettext("card short", "雌雄"),
        "ice_sword": pgettext("card short", "寒冰"),
        "blade": pgettext("card short", "青龙"),
        "spear": pgettext("card short", "丈八"),
        "axe": pgettext("card short", "贯石"),
        "halberd": pgettext("card short", "方天"),
        "kylin_bow": pgettext("card short", "麒麟"),
        "guding_blade": pgettext("card short", "古锭"),
        "fan": pgettext("card short", "朱雀"),
        "eight_diagram": pgettext("card short", "八卦"),
        "nioh_shield": pgettext("card short", "仁王"),
        "silver_lion": pgettext("card short", "白银"),
        "zhuahuang": pgettext("card short", "爪黄"),
        # TRANSLATORS: 乐不思蜀, as players call it
        "indulgence": pgettext("card short", "乐"),
        "supply_shortage": pgettext("card short", "兵粮"),
    }


def short_card_name(kind: CardKind) -> str:
    """The name players say for a card kind (连弩, 青龙, 乐), or its name when it is short.

    A language that names the cards in its own words but has no short name for
    this one yet shows the card's own name rather than the Chinese short one.

    >>> from assistant.i18n import set_language
    >>> chosen = set_language("zh_CN")
    >>> kinds = standard_catalogue().kinds
    >>> [short_card_name(kinds[k]) for k in ("blade", "indulgence", "chitu", "lightning")]
    ['青龙', '乐', '赤兔', '闪电']
    """
    name = card_name(kind)
    short = _short_names().get(kind.key)
    if short is None:
        return name
    if name != kind.name and set(short) <= set(kind.name):
        return name  # the catalog has this card's name but not its short name yet
    return short


def _equipment(s: Seat) -> tuple[EquipView, ...]:
    out: list[EquipView] = []
    held = (s.weapon, s.armour, s.defensive_horse, s.offensive_horse, s.treasure)
    for (slot, name), card_id in zip(SLOTS, held, strict=True):
        if card_id is None:
            continue
        c = card(card_id)
        if slot == "weapon":
            badge = str(c.kind.attack_range or 1)
        elif slot == "defensive_horse":
            badge = "+1"
        elif slot == "offensive_horse":
            badge = "-1"
        else:
            badge = ""
        named = (translate(name), card_id, card_name(c), c.kind.key)
        out.append(EquipView(*named, badge, slot, short_card_name(c.kind)))
    return tuple(out)


def _turn_seat(state: GameState) -> int:
    """The seat whose turn it is; 0 before the first turn and once the game is over."""
    if state.over or state.turn.phase in (Phase.SETUP, Phase.OVER) or not state.turn.seat:
        return 0
    return state.turn.seat


def _must_discard(state: GameState, s: Seat) -> int:
    """How many cards the seat must still discard in its discard phase (0 otherwise)."""
    if _turn_seat(state) != s.seat or state.turn.phase is not Phase.DISCARD or not s.alive:
        return 0
    return max(0, s.hand_count - hand_limit_value(state, s.seat))


def _dying(state: GameState) -> frozenset[int]:
    """The seats being saved from dying (a Dying on the stack)."""
    return frozenset(f.seat for f in state.stack if isinstance(f, Dying))


def seat_view(
    state: GameState,
    s: Seat,
    acting: tuple[int, ...] = (),
    dying: frozenset[int] | None = None,
) -> SeatView:
    """One seat; ``acting``: the prompt's seats; ``dying``: the seats dying (found when None)."""
    key = _shown(s)
    general = standard_catalogue().general(key) if key else None
    # A hegemony seat whose generals are all face down shows no kingdom.
    kingdom = (s.kingdom or general.kingdom.value) if general is not None else ""
    shown_kingdom = kingdom_name(kingdom)
    if leader := camp_of(kingdom):  # 国战's careerist, his camp's mark (003 line 434)
        shown_kingdom = careerist_name(
            standard_catalogue().general(state.seat(leader).generals[0]).surname
        )
    turn = _turn_seat(state)
    apart: int | None = None
    if turn and turn != s.seat and s.alive and state.seat(turn).alive:
        apart = distance_value(state, turn, s.seat)
    delayed = tuple(standard_catalogue().kinds[d.kind] for d in s.judgement)
    return SeatView(
        seat=s.seat,
        general=general_name(general) if general is not None else "",
        general_key=key,
        kingdom=shown_kingdom,
        role=role_name(s.role, state.mode) if s.role is not None else "?",
        alive=s.alive,
        hp=s.hp,
        max_hp=s.max_hp,
        hand=s.hand_count,
        hand_limit=hand_limit_value(state, s.seat),
        attack_range=_range(state, s.seat),
        equipment=_equipment(s),
        judgement=tuple(card_name(k) for k in delayed),
        chained=s.chained,
        flipped=s.flipped,
        current=state.turn.seat == s.seat and state.turn.phase not in (Phase.SETUP, Phase.OVER),
        acting=s.seat in acting,
        distance=apart,
        in_range=apart is not None and apart <= _range(state, turn),
        discard=_must_discard(state, s),
        dying=s.alive and s.seat in (_dying(state) if dying is None else dying),
        judgement_short=tuple(short_card_name(k) for k in delayed),
        role_key=s.role.value if s.role is not None else "",
        name=s.player,
        marks=seat_marks(s),
    )


def seat_marks(s: Seat) -> tuple[str, ...]:
    """A seat's skill marks as the table screen says them: each named mark with its
    count (忍 3), a 限定技 or 觉醒技 used (涅槃 ✓), a 转换技 in its 阴 state, then the
    cards on the general card. A mode's own marks (scores, alliances) are shown by
    the mode's heading, not here."""
    out: list[str] = []
    hidden = 0  # 化身 cards face down
    skills = standard_catalogue().skills()
    for key, count in s.marks:
        if key.startswith(USED) and key[len(USED) :] in skills:
            out.append(_("{skill} used").format(skill=skill_name(skills[key[len(USED) :]])))
        elif key.startswith(YIN) and key[len(YIN) :] in skills:
            out.append(_("{skill}: yin").format(skill=skill_name(skills[key[len(YIN) :]])))
        elif key.startswith(HUASHEN_MARK):  # 左慈's 化身: the shown ones by name
            if count == 2:
                shown = general_name(standard_catalogue().general(key[len(HUASHEN_MARK) :]))
                huashen = skill_name(skills["huashen"])
                out.append(_("{skill} {general}").format(skill=huashen, general=shown))
            else:
                hidden += 1
        elif (named := mark_name(key)) is not None:
            out.append(f"{named} {count}" if count != 1 else named)
    if hidden:
        face_down = _("{skill}: {n} face down")
        out.append(face_down.format(skill=skill_name(skills["huashen"]), n=hidden))
    on_general = len(s.on_general) + s.on_general_unknown
    if on_general:
        out.append(_("on the general {n}").format(n=on_general))
    return tuple(out)


def table_view(state: GameState, acting: tuple[int, ...] = ()) -> TableView:
    """The whole table; ``acting`` are the seats the prompt is waiting for."""
    dying = _dying(state)
    seats = tuple(seat_view(state, s, acting, dying) for s in state.seats)
    phase = phase_name(Phase.OVER) if state.over else phase_name(state.turn.phase)
    if not state.mode:
        heading = _("Not started yet")
    elif state.over or state.turn.phase is Phase.SETUP:
        heading = f"{mode_name(state.mode)} · {phase}"
    else:
        who = seats[state.turn.seat - 1].label
        heading = _("Turn {turn} · {seat} · {phase}").format(
            turn=state.turn.number, seat=who, phase=phase
        )
    scores = _scores(state)
    allies = _alliances(state)
    for extra in (scores, allies):
        if extra:
            heading = f"{heading} · {extra}"
    return TableView(
        mode=state.mode,
        players=state.players,
        turn=state.turn.number,
        phase=phase,
        heading=heading,
        scores=scores,
        alliances=allies,
        seats=seats,
        over=state.over,
        current=_turn_seat(state),
        result=tr(describe_winner(state.winner, state.mode)) if state.over else "",
        ring=_ring(state),
    )


def _ring(state: GameState) -> tuple[int, ...]:
    """The mode's order of the seats around the table when it is not the seat order."""
    mode = mode_named(state.mode)
    ring = mode.ring(state) if mode is not None else None
    return tuple(ring) if ring is not None else ()


def _scores(state: GameState) -> str:
    """The sides' points where the mode keeps score (血战到底's ``side_scores``)."""
    mode = mode_named(state.mode)
    facts = mode.facts(state) if mode is not None else {}
    sides = facts.get("side_scores")
    if not isinstance(sides, dict):
        return ""
    # TRANSLATORS: a side and its points on the table screen's heading (忠臣 5)
    each = _("{side} {points}")
    shown = " · ".join(
        each.format(side=role_name(Role(side), state.mode), points=points)
        for side, points in sides.items()
    )
    # TRANSLATORS: the sides' points and the points that win (忠臣 5 · 反贼 7 / 12)
    return _("{scores} / {target}").format(scores=shown, target=facts.get("target", ""))


def _alliances(state: GameState) -> str:
    """The alliances where the mode has them (逐鹿天下's ``alliances``): 盟 1+3 · 2+5."""
    mode = mode_named(state.mode)
    facts = mode.facts(state) if mode is not None else {}
    pairs = facts.get("alliances")
    if not isinstance(pairs, list) or not pairs:
        return ""
    # TRANSLATORS: the alliances on the table screen's heading (逐鹿天下): 盟 1+3 · 2+5
    return _("Allies {pairs}").format(pairs=" · ".join(f"{a}+{b}" for a, b in pairs))


def distance_view(state: GameState, seat: int) -> DistanceView:
    """From ``seat``: the distance to every other seat (with reasons) and who is in range."""
    me = seat_view(state, state.seat(seat))
    reach = attack_range(state, seat)
    range_reasons = tuple(tr(reason) for reason in reach.reasons)
    rows: list[DistanceRow] = []
    for other in state.seats:
        if other.seat == seat:
            continue
        label = seat_view(state, other).label
        measure = distance(state, seat, other.seat) if me.alive else None
        if measure is None:
            rows.append(DistanceRow(other.seat, label, other.alive, None, (), False))
            continue
        rows.append(
            DistanceRow(
                other.seat,
                label,
                other.alive,
                measure.value,
                tuple(tr(reason) for reason in measure.reasons),
                measure.value <= reach.value,
            )
        )
    return DistanceView(seat, me.label, reach.value, range_reasons, tuple(rows))
