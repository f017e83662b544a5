"""Small helpers for the setup screen: seat lines, labels, stickers, the next seat.

They read or change a `~assistant.setup.plan.TablePlan` and nothing else, so
the screen (``mobile/screens/setup.py``) only lays out what they return.

>>> plan = TablePlan("identity", 4)
>>> plan.pick(1, "liubei"), next_seat(plan, 1)
(None, 2)
>>> seat_lines(plan)[0].text
'seat 1\\n刘备'
>>> result_label(search_generals("zhaoyun")[0])
'赵云 · 蜀 4'
>>> read_sticker("SG1S03W"), read_sticker("SG1G0121")
(SetupSticker(seat=3, general=None), SetupSticker(seat=None, general='zhaoyun'))
>>> read_sticker("SG1C042G") is None, read_sticker("hello") is None
(True, True)
"""

from __future__ import annotations

from dataclasses import dataclass

from assistant.i18n import _, kingdom_name, pgettext, role_name
from assistant.setup.plan import GeneralChoice, ModeChoice, TablePlan, no_seat, search_generals
from engine.catalogue import standard_catalogue
from engine.state import Role
from vision.payload import GeneralTag, PayloadError, SeatTag, parse

__all__ = [
    "SeatLine",
    "SetupSticker",
    "clear_seat",
    "general_choice",
    "kingdom_filters",
    "next_seat",
    "problems_text",
    "read_sticker",
    "result_label",
    "roles_text",
    "seat_holding",
    "seat_lines",
    "toggle_lord",
]


@dataclass(frozen=True, slots=True)
class SeatLine:
    """One seat of the plan as the setup screen lists it."""

    seat: int
    lord: bool
    generals: tuple[GeneralChoice, ...]
    wanted: int  # generals this mode gives each seat
    name: str = ""  # the player's name, where given
    kingdom: str = ""  # the kingdom its 神 general plays for, by name (蜀), where chosen

    @property
    def complete(self) -> bool:
        return len(self.generals) >= self.wanted

    @property
    def text(self) -> str:
        """'1号位 主公' then a line per general ('刘备'), or '未选'."""
        if self.lord:
            head = _("seat {seat}, {role}").format(seat=self.seat, role=role_name(Role.LORD))
        else:
            head = _("seat {seat}").format(seat=self.seat)
        if self.name:
            head = _("{who} · {player}").format(who=head, player=self.name)
        if self.kingdom:
            head = f"{head} · {self.kingdom}"
        names = [g.label for g in self.generals] or [_("not chosen")]
        if self.generals and not self.complete:
            names.append(f"({len(self.generals)}/{self.wanted})")
        return "\n".join([head, *names])


@dataclass(frozen=True, slots=True)
class SetupSticker:
    """What a sticker means on the setup screen: a seat to select or a general to give."""

    seat: int | None = None
    general: str | None = None


def general_choice(key: str) -> GeneralChoice:
    g = standard_catalogue().general(key)
    every = standard_catalogue().packages()
    return next(c for c in search_generals(g.key, packages=every) if c.key == g.key)


def result_label(choice: GeneralChoice) -> str:
    """'赵云 · 蜀 4': name, kingdom and max HP (the key finds it, but is not shown)."""
    return f"{choice.label} · {choice.kingdom} {choice.max_hp}"


def seat_lines(plan: TablePlan) -> tuple[SeatLine, ...]:
    wanted = plan.choice.generals_per_seat
    return tuple(
        SeatLine(
            seat,
            plan.choice.lord_chosen and plan.lord == seat,
            tuple(general_choice(k) for k in plan.generals.get(seat, [])),
            wanted,
            plan.names.get(seat, ""),
            kingdom_name(plan.kingdoms[seat]) if seat in plan.kingdoms else "",
        )
        for seat in range(1, plan.players + 1)
    )


def seat_holding(plan: TablePlan, key: str) -> int | None:
    """The seat that has general ``key`` in the plan, if any."""
    return next((s for s, keys in plan.generals.items() if key in keys), None)


def next_seat(plan: TablePlan, seat: int) -> int:
    """The seat to select after ``seat`` got a general.

    ``seat`` itself while it still lacks generals (two or three a seat),
    else the next seat, in order of play, without all its generals; ``seat``
    again when every seat is full.
    """
    wanted = plan.choice.generals_per_seat
    for step in range(plan.players):
        s = (seat - 1 + step) % plan.players + 1
        if len(plan.generals.get(s, [])) < wanted:
            return s
    return seat if 1 <= seat <= plan.players else 1


def clear_seat(plan: TablePlan, seat: int) -> None:
    """Take the generals away from ``seat``."""
    plan.generals.pop(seat, None)


def toggle_lord(plan: TablePlan, seat: int) -> str | None:
    """Make ``seat`` the lord, or no seat if it is the lord already; None or why not."""
    if not plan.choice.lord_chosen:
        return _("{mode}: no lord to choose").format(mode=plan.choice.name)
    if not 1 <= seat <= plan.players:
        return no_seat(seat, plan.players)
    plan.lord = None if plan.lord == seat else seat
    return None


def roles_text(choice: ModeChoice, players: int, variant: str = "") -> str:
    """The role line for this size ('主公1 忠臣1 反贼2 内奸1'), or how sides form."""
    return choice.roles(players, variant) or _("by kingdom")


def kingdom_filters(packages: tuple[str, ...] = ()) -> tuple[tuple[str, str], ...]:
    """(filter, label) for the kingdom buttons: ('', '全部') then each kingdom of the
    generals the table plays with (its name, which `search_generals` takes; 神 with a
    pack of 神话再临)."""
    kingdoms = dict.fromkeys(c.kingdom for c in search_generals(packages=packages))
    return (("", pgettext("kingdoms", "All")), *((k, k) for k in kingdoms))


def problems_text(problems: list[str], shown: int = 3) -> str:
    """The first few problems on one line, and how many more."""
    if not problems:
        return ""
    text = " · ".join(problems[:shown])
    if len(problems) > shown:
        text += f" … +{len(problems) - shown}"
    return text


def read_sticker(payload: str) -> SetupSticker | None:
    """A seat marker or a general card in the catalogue; None for anything else.

    General sticker numbers count the catalogue's generals from 1, as the
    session reads them.
    """
    try:
        tag = parse(payload)
    except PayloadError:
        return None
    if isinstance(tag, SeatTag):
        return SetupSticker(seat=tag.seat)
    if isinstance(tag, GeneralTag):
        general = standard_catalogue().general_numbered(tag.number)
        if general is not None:
            return SetupSticker(general=general.key)
    return None
