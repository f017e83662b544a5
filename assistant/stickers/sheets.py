"""The sticker sheets for a table, built from the catalogue (``sgs-table labels``).

Which stickers a table needs, and what each one says, is decided here;
`vision.labels` lays them out and draws them. Titles and footers are in the
language in use (`sheet_words`); subtitles identify the sticker in the
catalogue's terms (suit and rank, number, key or English name) whatever the
language. The kinds, in print order:

- ``cards``: one sticker per physical card, 213, by catalogue id; the subtitle
  is suit and rank (none on 逐鹿天下's 玉玺), id and English name, red for hearts
  and diamonds.
- ``generals``: one per general: the standard 25 (numbers 1-25), then 神话再临's
  packs (风 26-35, 火 36-45, 林 46-55, 山 56-65) and a table's own. A general's
  sticker number is its file's ``first_number`` plus its place in the file
  (``engine/data/generals/*.toml``): a file must never be reordered, only
  appended to, or printed stickers would name other generals.
- ``roles``: one per role card of the largest identity table (10 players:
  1 lord, 3 loyalists, 4 rebels, 2 renegades), and the civilian of the
  international variant (国际版: one civilian instead of the second renegade).
  Role numbers follow docs/payload.md: 1 主公 lord, 2 忠臣 loyalist, 3 反贼 rebel,
  4 内奸 renegade, 5 平民 civilian.
- ``seats``: seat markers 1-10.
- ``actions``: the five action tokens.

The vision extra (segno, fpdf2) is imported only when sheets are drawn, so
the rest of the command line works on a core install.

>>> [sticker.payload for sticker in stickers_for("roles")][:3]
['SG1R1L', 'SG1R2J', 'SG1R2J']
>>> stickers_for("cards")[0]
Sticker(payload='SG1C001Y', title='杀', subtitle='♠7  #1  Sha', accent=None)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Final

from assistant.i18n import (
    _,
    card_name,
    general_name,
    join_list,
    kingdom_name,
    ngettext,
    pgettext,
    role_name,
)
from assistant.stickers.names import action_name
from assistant.terms import ACTION_LABELS, ROLE_CARDS
from engine.cards import Colour
from engine.catalogue import standard_catalogue
from engine.generals import Kingdom
from engine.state import Role
from vision.payload import ActionTag, CardTag, GeneralTag, RoleTag, SeatTag

if TYPE_CHECKING:
    from vision.labels import SheetWords, Sticker

__all__ = [
    "KINDS",
    "PAPERS",
    "LabelReport",
    "parse_kinds",
    "sheet_words",
    "stickers_for",
    "write_labels",
]

KINDS: Final = ("cards", "generals", "roles", "seats", "actions")
"""What can be printed, in the order it is printed."""

PAPERS: Final = ("a4", "letter")  # vision.labels.PAPERS, without importing fpdf2 for --help

SEATS: Final = range(1, 11)

RED: Final = "#c8102e"
# Kingdom colours as the cards print them, so a general's sticker is easy to
# match to its card.
KINGDOM_COLOURS: Final = {
    Kingdom.WEI: "#1f4e99",
    Kingdom.SHU: RED,
    Kingdom.WU: "#2e7d32",
    Kingdom.QUN: "#555555",
    Kingdom.GOD: "#9a7b1c",
    # 群雄演义's kingdoms (a table's own generals): colours of their own
    Kingdom.HAN: "#8b1a1a",
    Kingdom.YI: "#00695c",
    Kingdom.RONG: "#6d4c41",
    Kingdom.MAN: "#558b2f",
    Kingdom.DI: "#37474f",
}


def stickers_for(kind: str, packages: Sequence[str] = ("standard",)) -> list[Sticker]:
    """The stickers of one kind (one of `KINDS`), in print order; the generals of
    ``packages`` only (the standard box by default; ``wind``, ``fire`` ...)."""
    from vision.labels import Sticker

    catalogue = standard_catalogue()
    if kind == "cards":
        return [
            Sticker(
                str(CardTag(card.id)),
                card_name(card),
                "  ".join(p for p in (card.face, f"#{card.id}", card.kind.english) if p),
                RED if card.colour is Colour.RED else None,
            )
            for card in catalogue.cards
        ]
    if kind == "generals":
        return [
            Sticker(
                str(GeneralTag(general.number)),
                general_name(general),
                f"{kingdom_name(general.kingdom)}  #{general.number}  {general.key}",
                KINGDOM_COLOURS[general.kingdom],
            )
            for general in catalogue.generals
            if general.package in packages
        ]
    if kind == "roles":
        return [
            Sticker(
                str(RoleTag(number)),
                role_name(Role(english)),
                f"R{number}  {english}  {copy}/{copies}",
            )
            for number, _chinese, english, copies in ROLE_CARDS
            for copy in range(1, copies + 1)
        ]
    if kind == "seats":
        return [
            Sticker(str(SeatTag(seat)), _("seat {seat}").format(seat=seat), f"seat {seat}")
            for seat in SEATS
        ]
    if kind == "actions":
        return [
            Sticker(str(ActionTag(action)), action_name(action), f"{action.value}  {english}")
            for action, (_chinese, english) in ACTION_LABELS.items()
        ]
    raise ValueError(_unknown_kind(kind))


def _unknown_kind(kind: str) -> str:
    return _("unknown label kind '{kind}'; choose from {kinds}").format(
        kind=kind, kinds=join_list(KINDS)
    )


def parse_kinds(text: str) -> tuple[str, ...]:
    """``--what``'s comma-separated kinds, in print order, each once.

    >>> parse_kinds("seats,cards,seats")
    ('cards', 'seats')
    >>> parse_kinds("cards,card")
    Traceback (most recent call last):
    ...
    ValueError: unknown label kind 'card'; choose from cards, generals, roles, seats, actions
    """
    wanted = [part.strip() for part in text.split(",") if part.strip()]
    if not wanted:
        raise ValueError(
            _("no label kind given; choose from {kinds}").format(kinds=join_list(KINDS))
        )
    for kind in wanted:
        if kind not in KINDS:
            raise ValueError(_unknown_kind(kind))
    return tuple(kind for kind in KINDS if kind in wanted)


@dataclass(frozen=True, slots=True)
class LabelReport:
    """What `write_labels` wrote: stickers per kind, in print order, and sheets."""

    path: Path
    paper: str
    counts: dict[str, int]
    pages: int

    @property
    def stickers(self) -> int:
        return sum(self.counts.values())

    def summary(self) -> str:
        """One line for the command line.

        >>> LabelReport(Path("labels.pdf"), "a4", {"seats": 10, "actions": 5}, 1).summary()
        'wrote labels.pdf: 10 seats, 5 actions on 1 A4 page'
        """
        kinds = join_list(_stickers(kind, count) for kind, count in self.counts.items())
        paper = "A4" if self.paper == "a4" else self.paper.capitalize()
        return ngettext(
            "wrote {path}: {stickers} on {n} {paper} page",
            "wrote {path}: {stickers} on {n} {paper} pages",
            self.pages,
        ).format(path=self.path, stickers=kinds, n=self.pages, paper=paper)


def _stickers(kind: str, n: int) -> str:
    """``10 seats``: how many stickers of a kind."""
    if kind == "cards":
        return ngettext("{n} card", "{n} cards", n).format(n=n)
    if kind == "generals":
        return ngettext("{n} general", "{n} generals", n).format(n=n)
    if kind == "roles":
        return ngettext("{n} role", "{n} roles", n).format(n=n)
    if kind == "seats":
        return ngettext("{n} seat", "{n} seats", n).format(n=n)
    if kind == "actions":
        return ngettext("{n} action", "{n} actions", n).format(n=n)
    return f"{n} {kind}"


def sheet_words() -> SheetWords:
    """The sheets' footers and the PDF's title, in the language in use."""
    from vision.labels import SheetWords

    return SheetWords(
        title=_("sgs-table sticker sheets"),
        # TRANSLATORS: a sheet's footer: {paper} is A4 or Letter, {contents} what it holds
        about=_("sgs-table labels · {paper} sheet {sheet}/{total} · {contents}"),
        note=_(
            "print at 100% / actual size, never 'fit to page': "
            "a QR module is {module} mm and this bar {bar} mm"
        ),
        # TRANSLATORS: what a sheet holds: {kind} is cards, generals ...: cards 1-20
        span=_("{kind} {first}-{last}"),
        # TRANSLATORS: what a sheet holds: {kind} is cards, generals ...: seats 7
        single=_("{kind} {first}"),
        # TRANSLATORS: what a sheet holds: {kind} is cards, generals ...: 3 roles
        count=_("{count} {kind}"),
        separator=pgettext("list separator", ", "),
        kinds={
            "cards": pgettext("stickers", "cards"),
            "generals": pgettext("stickers", "generals"),
            "roles": pgettext("stickers", "roles"),
            "seats": pgettext("stickers", "seats"),
            "actions": pgettext("stickers", "actions"),
        },
    )


def write_labels(
    what: Sequence[str],
    paper: str,
    out: Path,
    *,
    progress: Callable[[int, int], None] | None = None,
    packages: Sequence[str] = ("standard",),
) -> LabelReport:
    """Write the sheets of the kinds in `what` (see `KINDS`) on `paper` to `out`.

    Kinds are printed in the order of `KINDS`, flowing from sheet to sheet; the
    generals of ``packages`` only. `progress` is passed on to
    `vision.labels.render_sheets`.
    """
    from assistant.resources import cjk_font_path
    from vision.labels import render_sheets, sheets_needed

    kinds = parse_kinds(",".join(what))
    if paper not in PAPERS:
        raise ValueError(
            _("unknown paper '{paper}'; choose from {papers}").format(
                paper=paper, papers=join_list(PAPERS)
            )
        )
    by_kind = {kind: stickers_for(kind, packages) for kind in kinds}
    stickers = [sticker for kind in kinds for sticker in by_kind[kind]]
    pdf = render_sheets(stickers, paper, cjk_font_path(), progress=progress, words=sheet_words())
    out.write_bytes(pdf)
    counts = {kind: len(found) for kind, found in by_kind.items()}
    return LabelReport(out, paper, counts, sheets_needed(len(stickers)))
