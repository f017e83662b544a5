"""Setting up a table from the setup screen: the modes, the general search, the plan.

The setup screen fills a `TablePlan` (mode, number of players, the lord, a
general for each seat) by taps, by the search box or by scanning general
cards, then :meth:`TablePlan.start` performs it on the session as table
script commands (``setup``, ``role``, ``general``), which the session journals.
The screen shows :meth:`TablePlan.problems` until there are none.

>>> plan = TablePlan("identity", 5)
>>> plan.problems()[:2]
['choose the lord', 'seat 1 has no general']
>>> [g.key for g in search_generals("赵")], [g.key for g in search_generals("GUAN")]
(['zhaoyun'], ['guanyu'])
>>> [g.key for g in search_generals("赵", packages=("mountain",))]
['zhaoyun', 'shenzhaoyun']
>>> [g.key for g in search_generals("wind", packages=("wind",))][:3]
['xiahouyuan', 'caoren', 'huangzhong']
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from assistant.i18n import (
    _,
    general_name,
    general_package_name,
    join_list,
    kingdom_name,
    mode_name,
    ngettext,
    role_name,
    tr,
)
from assistant.session import Command, Reply, TableSession, perform
from engine.catalogue import standard_catalogue
from engine.generals import General, Kingdom
from engine.modes import MODES, Mode
from engine.moves import name_problem
from engine.state import GameState, Role

# The kingdoms a 神 general may play for, in the order the 势力 button turns them.
KINGDOMS = ("wei", "shu", "wu", "qun")

__all__ = [
    "KINGDOMS",
    "GeneralChoice",
    "ModeChoice",
    "TablePlan",
    "general_named",
    "mode_choices",
    "search_generals",
]


@dataclass(frozen=True, slots=True)
class ModeChoice:
    key: str
    name: str
    min_players: int
    max_players: int
    generals_per_seat: int
    lord_chosen: bool  # the players choose a lord who reveals the role (identity)

    def roles(self, players: int, variant: str = "") -> str:
        """'主公1 忠臣1 反贼2 内奸1': the roles a table of this size (and variant) has,
        as the mode names them (3v3: 暖色主帅1 ...)."""
        counts: Counter[Role] = MODES[self.key].role_table(players, variant)
        # TRANSLATORS: a role and how many seats have it, on the setup screen (主公1)
        each = _("{role} {count}")
        return " ".join(
            each.format(role=role_name(r, self.key), count=n) for r, n in counts.items() if n
        )


@dataclass(frozen=True, slots=True)
class GeneralChoice:
    key: str
    name: str
    kingdom: str
    max_hp: int
    lord: bool

    @property
    def label(self) -> str:
        """The general as the setup screen names it (its key is for search only: a
        Chinese or Japanese screen shows no Latin word but a card's key)."""
        return self.name


def mode_choices() -> tuple[ModeChoice, ...]:
    return tuple(
        ModeChoice(
            key,
            mode_name(key),
            mode.min_players,
            mode.max_players,
            mode.generals_per_seat,
            mode.roles_hidden,
        )
        for key, mode in MODES.items()
    )


def search_generals(
    query: str = "", kingdom: str = "", packages: tuple[str, ...] = ()
) -> list[GeneralChoice]:
    """Generals whose name (Chinese, or in the language in use) holds ``query``, whose
    key starts with or holds it, or whose package it names (``wind``, 风 ...).

    Case and surrounding spaces do not matter; an empty query lists them all,
    in catalogue order; ``kingdom`` (its name, 魏 蜀 吴 群 神 in Chinese, or its
    key, wei shu wu qun god) narrows. Only the standard generals and those of
    ``packages`` (the packages of generals the table plays with) are searched.
    """
    q = query.strip().lower()
    out: list[GeneralChoice] = []
    for g in standard_catalogue().generals:
        if g.package != "standard" and g.package not in packages:
            continue
        k = kingdom_name(g.kingdom.value)
        if kingdom and kingdom not in (k, g.kingdom.value):
            continue
        name = general_name(g)
        if (
            q
            and q not in g.name
            and q not in name.lower()
            and q not in g.key
            and q not in (g.package, general_package_name(g.package).lower())
        ):
            continue
        out.append(GeneralChoice(g.key, name, k, g.max_hp, g.lord))
    # Keys that start with the query first: "liu" finds 刘备 before 孙尚香's ... liu.
    out.sort(key=lambda c: not c.key.startswith(q) and not c.name.lower().startswith(q))
    return out


def general_named(name: str) -> General | None:
    """The general whose key, Chinese name or name in the language in use is ``name``.

    >>> general_named("曹操").key, general_named("caocao").key, general_named("nobody")
    ('caocao', 'caocao', None)
    """
    catalogue = standard_catalogue()
    try:
        return catalogue.general_named(name)
    except KeyError:
        return next((g for g in catalogue.generals if general_name(g) == name), None)


@dataclass
class TablePlan:
    """What the setup screen has chosen so far."""

    mode: str = "identity"
    players: int = 5
    lord: int | None = None
    generals: dict[int, list[str]] = field(default_factory=dict)
    variant: str = ""  # the mode's variant (two_renegades, international ...): "" standard
    names: dict[int, str] = field(default_factory=dict)  # the players' names, where given
    # The packages of generals the table plays with besides the standard box (风 ...).
    packages: list[str] = field(default_factory=list)
    # The kingdom each 神 general plays for, by seat (identity: wei, shu, wu, qun).
    kingdoms: dict[int, str] = field(default_factory=dict)

    @property
    def choice(self) -> ModeChoice:
        return next(m for m in mode_choices() if m.key == self.mode)

    def variants(self) -> tuple[str, ...]:
        """The mode's variants a table of this size may play ("" the standard one)."""
        mode = MODES[self.mode]
        return tuple(v for v in mode.variants if mode.check_setup(self.players, v) is None)

    def next_variant(self) -> str:
        """The variant after the chosen one (round to the first): the 变体 button."""
        choices = self.variants()
        at = choices.index(self.variant) if self.variant in choices else -1
        self.variant = choices[(at + 1) % len(choices)] if choices else ""
        return self.variant

    def available_packages(self) -> tuple[str, ...]:
        """The packages of generals the mode may add (1V1: 风 only), in catalogue order."""
        allowed = MODES[self.mode].general_packages
        return tuple(
            p
            for p in standard_catalogue().packages()
            if p != "standard" and (allowed is None or p in allowed)
        )

    def toggle_package(self, package: str) -> str | None:
        """Switch a package of generals on or off (off: its generals leave their seats);
        None or why not."""
        if package not in self.available_packages():
            return _("{mode} is not played with the {package} generals").format(
                mode=self.choice.name, package=general_package_name(package)
            )
        if package in self.packages:
            self._drop_package(package)
        else:
            self.packages.append(package)
            self.packages.sort(key=self.available_packages().index)
        return None

    def _drop_package(self, package: str) -> None:
        """The package off: its generals leave their seats."""
        self.packages.remove(package)
        catalogue = standard_catalogue()
        for seat, keys in list(self.generals.items()):
            keys[:] = [k for k in keys if catalogue.general(k).package != package]
            if not keys:
                self.generals.pop(seat)
        self._forget_kingdoms()

    def chooses_kingdom(self, seat: int) -> bool:
        """Whether the seat's general is a 神 general who names his kingdom (identity)."""
        keys = self.generals.get(seat, [])
        return (
            bool(keys)
            and MODES[self.mode].gods_choose_kingdom
            and standard_catalogue().general(keys[0]).kingdom is Kingdom.GOD
        )

    def next_kingdom(self, seat: int) -> str | None:
        """The next kingdom (魏 蜀 吴 群, round) for the seat's 神 general; None or why not."""
        if not self.chooses_kingdom(seat):
            return _("seat {seat} has no 神 general to choose a kingdom for").format(seat=seat)
        at = KINGDOMS.index(self.kingdoms[seat]) if seat in self.kingdoms else -1
        self.kingdoms[seat] = KINGDOMS[(at + 1) % len(KINGDOMS)]
        return None

    def _forget_kingdoms(self) -> None:
        self.kingdoms = {s: k for s, k in self.kingdoms.items() if self.chooses_kingdom(s)}

    def set_mode(self, mode: str, players: int | None = None) -> None:
        self.mode = mode
        low, high = self.choice.min_players, self.choice.max_players
        self.players = min(max(players if players is not None else self.players, low), high)
        per = self.choice.generals_per_seat
        self.generals = {s: g[:per] for s, g in self.generals.items() if s <= self.players}
        self.names = {s: n for s, n in self.names.items() if s <= self.players}
        if self.lord is not None and self.lord > self.players:
            self.lord = None
        if self.variant not in self.variants():
            self.variant = ""
        for package in [p for p in self.packages if p not in self.available_packages()]:
            self._drop_package(package)
        self._forget_kingdoms()

    def pick(self, seat: int, key: str) -> str | None:
        """Give ``seat`` the general ``key`` (replacing its last one when full); None or why not.

        ``key`` may be the general's Chinese name, or its name in the language in use.
        """
        if not 1 <= seat <= self.players:
            return no_seat(seat, self.players)
        general = general_named(key)
        if general is None:
            return _("no general {key} in the catalogue").format(key=repr(key))
        if general.package != "standard" and general.package not in self.packages:
            return _("{general} is of the {package} generals: switch them on first").format(
                general=general_name(general), package=general_package_name(general.package)
            )
        key = general.key
        for other, keys in self.generals.items():
            if key in keys and other != seat:
                return _("{general} already sits at seat {seat}").format(
                    general=general_name(general), seat=other
                )
        keys = self.generals.setdefault(seat, [])
        if key in keys:
            return None
        if len(keys) >= self.choice.generals_per_seat:
            keys.pop()
        keys.append(key)
        self._forget_kingdoms()
        return None

    def name(self, seat: int, text: str) -> str | None:
        """The name of the person at ``seat`` (optional; "" forgets it); None or why not."""
        if not 1 <= seat <= self.players:
            return no_seat(seat, self.players)
        text = " ".join(text.split())
        problem = name_problem(text)
        if problem is not None:
            return tr(problem)
        if text:
            self.names[seat] = text
        else:
            self.names.pop(seat, None)
        return None

    def problems(self) -> list[str]:
        out: list[str] = []
        if self.choice.lord_chosen and self.lord is None:
            if MODES[self.mode].shown_role is Role.LORD:
                out.append(_("choose the lord"))
            else:
                out.append(_("choose the shown loyalist"))
        per = self.choice.generals_per_seat
        for seat in range(1, self.players + 1):
            have = len(self.generals.get(seat, []))
            if have == 0:
                out.append(_("seat {seat} has no general").format(seat=seat))
            elif have < per:
                short = ngettext(
                    "seat {seat} has {have} of {n} general",
                    "seat {seat} has {have} of {n} generals",
                    per,
                )
                out.append(short.format(seat=seat, have=have, n=per))
            if self.chooses_kingdom(seat) and seat not in self.kingdoms:
                out.append(_("seat {seat}: choose the 神 general's kingdom").format(seat=seat))
        out += self._unfit()
        return out

    def _unfit(self) -> list[str]:
        """The seats whose generals the mode refuses (群雄演义's 国战: a general not of its
        kingdoms; 守卫剑阁: one not of the seat's side), in the engine's words."""
        mode = MODES[self.mode]
        if type(mode).check_general is Mode.check_general or not self.generals:
            return []
        state = GameState()._replace(mode=self.mode, players=self.players, variant=self.variant)
        catalogue = standard_catalogue()
        out = []
        for seat, keys in sorted(self.generals.items()):
            problem = mode.check_general(state, seat, tuple(catalogue.general(k) for k in keys))
            if problem is not None:
                out.append(_("seat {seat}: {problem}").format(seat=seat, problem=tr(problem)))
        return out

    def start(self, session: TableSession, t: float = 0.0) -> Reply:
        """The plan's commands performed in order on ``session``; or the first refusal.

        ``t`` is the table's time. The commands are tried on a scratch session
        first, so a refusal (a general who sits at another seat already)
        leaves ``session`` and its store untouched.
        """
        if bad := self.problems():
            return Reply(False, join_list(bad))
        trial = self._run(TableSession(), t)
        if not trial.ok:
            return trial
        return self._run(session, t)

    def commands(self, t: float = 0.0) -> list[Command]:
        """The table script of the plan: setup, the players' names, the lord's role, each
        seat's generals.

        >>> plan = TablePlan("identity", 4, 1, {1: ["caocao"], 2: ["liubei"], 3: ["sunquan"],
        ...                                     4: ["lvbu"]}, names={2: "Zhang San"})
        >>> [c.text for c in plan.commands()][:4]
        ['setup identity 4', "name 2 'Zhang San'", 'role 1 lord', 'general 1 caocao']
        """
        variant = (f"variant={self.variant}",) if self.variant else ()
        packages: tuple[str, ...] = ()
        if self.packages:
            cards = MODES[self.mode].default_packages
            packages = ("packages=" + ",".join((*cards, *self.packages)),)
        out = [Command("setup", (self.mode, str(self.players), *packages, *variant), t)]
        for seat, name in sorted(self.names.items()):
            out.append(Command("name", (str(seat), name), t))
        if self.choice.lord_chosen and self.lord is not None:
            shown = MODES[self.mode].shown_role  # 忠胆英杰: the loyalist in the lord's place
            out.append(Command("role", (str(self.lord), shown.value), t))
        for seat in range(1, self.players + 1):
            kingdom = (f"kingdom={self.kingdoms[seat]}",) if seat in self.kingdoms else ()
            out.append(Command("general", (str(seat), *self.generals[seat], *kingdom), t))
        return out

    def _run(self, session: TableSession, t: float) -> Reply:
        reply = Reply(False, _("nothing to do"))
        for command in self.commands(t):
            reply = perform(session, command)
            if not reply.ok:
                return reply
        ready = ngettext(
            "{mode} · {players} player ready", "{mode} · {players} players ready", self.players
        )
        return Reply(True, ready.format(mode=self.choice.name, players=self.players), reply.move)


def no_seat(seat: int, players: int) -> str:
    """The refusal of a seat the table does not have."""
    return _("there is no seat {seat} (seats 1-{players})").format(seat=seat, players=players)
