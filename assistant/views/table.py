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

from assistant.i18n import kingdom_name, mode_name, phase_name, role_name
from engine.catalogue import standard_catalogue
from engine.derived import attack_range, card, distance, hand_limit_value
from engine.derived import attack_range_value as _range
from engine.state import GameState, Phase, Seat

__all__ = [
    "DistanceRow",
    "DistanceView",
    "EquipView",
    "SeatView",
    "TableView",
    "distance_view",
    "general_label",
    "shown_general_name",
    "table_view",
]


@dataclass(frozen=True, slots=True)
class EquipView:
    """One equipped card: its slot (武器, 防具, +1马, -1马, 宝物) and what it does to numbers."""

    slot: str
    card_id: int
    name: str
    key: str
    badge: str  # the number that matters: "3" for a range-3 weapon, "+1"/"-1" for horses, ""

    @property
    def text(self) -> str:
        return f"{self.name} {self.badge}".strip()


@dataclass(frozen=True, slots=True)
class SeatView:
    """One seat as the table screen draws it."""

    seat: int
    general: str  # Chinese name of the face-up general, "" before one is chosen
    general_key: str
    kingdom: str  # 魏 蜀 吴 群 神, "" when unknown
    role: str  # 主公 忠臣 反贼 内奸, "?" while hidden
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

    @property
    def label(self) -> str:
        """'3号位 赵云', or '3号位' before a general is chosen."""
        return f"{self.seat}号位 {self.general}".strip()


@dataclass(frozen=True, slots=True)
class TableView:
    mode: str
    players: int
    turn: int
    phase: str
    heading: str
    seats: tuple[SeatView, ...]
    over: bool


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
    """'赵云 zhaoyun': the Chinese name with the ASCII key."""
    try:
        return f"{standard_catalogue().general(key).name} {key}"
    except KeyError:
        return key


def shown_general_name(state: GameState, seat: int) -> str:
    """The Chinese name of the seat's face-up general ('' when none is known or shown)."""
    key = _shown(state.seat(seat))
    return standard_catalogue().general(key).name if key else ""


def _shown(s: Seat) -> str:
    shown = [g for g in s.generals if g not in s.hidden]
    return shown[0] if shown else ""


def _equipment(s: Seat) -> tuple[EquipView, ...]:
    out: list[EquipView] = []
    for slot, card_id in (
        ("武器", s.weapon),
        ("防具", s.armour),
        ("+1马", s.defensive_horse),
        ("-1马", s.offensive_horse),
        ("宝物", s.treasure),
    ):
        if card_id is None:
            continue
        c = card(card_id)
        if slot == "武器":
            badge = str(c.kind.attack_range or 1)
        elif slot.endswith("马"):
            badge = slot[:2]
        else:
            badge = ""
        out.append(EquipView(slot, card_id, c.name, c.kind.key, badge))
    return tuple(out)


def seat_view(state: GameState, s: Seat, acting: tuple[int, ...] = ()) -> SeatView:
    key = _shown(s)
    general = standard_catalogue().general(key) if key else None
    # A hegemony seat whose generals are all face down shows no kingdom.
    kingdom = (s.kingdom or general.kingdom.value) if general is not None else ""
    return SeatView(
        seat=s.seat,
        general=general.name if general is not None else "",
        general_key=key,
        kingdom=kingdom_name(kingdom),
        role=role_name(s.role, state.mode) if s.role is not None else "?",
        alive=s.alive,
        hp=s.hp,
        max_hp=s.max_hp,
        hand=s.hand_count,
        hand_limit=hand_limit_value(state, s.seat),
        attack_range=_range(state, s.seat),
        equipment=_equipment(s),
        judgement=tuple(standard_catalogue().kinds[d.kind].name for d in s.judgement),
        chained=s.chained,
        flipped=s.flipped,
        current=state.turn.seat == s.seat and state.turn.phase not in (Phase.SETUP, Phase.OVER),
        acting=s.seat in acting,
    )


def table_view(state: GameState, acting: tuple[int, ...] = ()) -> TableView:
    """The whole table; ``acting`` are the seats the prompt is waiting for."""
    seats = tuple(seat_view(state, s, acting) for s in state.seats)
    phase = phase_name(Phase.OVER) if state.over else phase_name(state.turn.phase)
    if not state.mode:
        heading = "尚未开局"
    elif state.over or state.turn.phase is Phase.SETUP:
        heading = f"{mode_name(state.mode)} · {phase}"
    else:
        who = seats[state.turn.seat - 1].label
        heading = f"第{state.turn.number}回合 · {who} · {phase}"
    return TableView(
        mode=state.mode,
        players=state.players,
        turn=state.turn.number,
        phase=phase,
        heading=heading,
        seats=seats,
        over=state.over,
    )


def distance_view(state: GameState, seat: int) -> DistanceView:
    """From ``seat``: the distance to every other seat (with reasons) and who is in range."""
    me = seat_view(state, state.seat(seat))
    reach = attack_range(state, seat)
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
                tuple(map(str, measure.reasons)),
                measure.value <= reach.value,
            )
        )
    return DistanceView(seat, me.label, reach.value, tuple(map(str, reach.reasons)), tuple(rows))
