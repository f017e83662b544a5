"""``sgs-table labels``: the sticker sheets for a table, built from the catalogue.

Which stickers a table needs, and what each one says, is decided here;
`vision.labels` lays them out and draws them. The kinds, in print order:

- ``cards``: one sticker per physical card, 160, by catalogue id; the subtitle
  is suit and rank, id and English name, red for hearts and diamonds.
- ``generals``: one per general, 25. A general's sticker number is its 1-based
  position in ``engine/data/generals.toml``: that file must never be
  reordered, only appended to, or printed stickers would name other generals.
- ``roles``: one per role card of the largest identity table (10 players:
  1 lord, 3 loyalists, 4 rebels, 2 renegades). Role numbers follow
  docs/payload.md: 1 主公 lord, 2 忠臣 loyalist, 3 反贼 rebel, 4 内奸 renegade.
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

import argparse
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Final, TextIO

from engine.cards import Colour
from engine.catalogue import standard_catalogue
from engine.generals import Kingdom
from vision.payload import Action, ActionTag, CardTag, GeneralTag, RoleTag, SeatTag

if TYPE_CHECKING:
    from assistant.cli import Commands
    from vision.labels import Sticker

__all__ = [
    "ACTION_LABELS",
    "KINDS",
    "PAPERS",
    "ROLE_CARDS",
    "LabelReport",
    "add_labels_command",
    "parse_kinds",
    "stickers_for",
    "write_labels",
]

KINDS: Final = ("cards", "generals", "roles", "seats", "actions")
"""What can be printed, in the order it is printed."""

PAPERS: Final = ("a4", "letter")  # vision.labels.PAPERS, without importing fpdf2 for --help

ROLE_CARDS: Final = (
    # number, Chinese, English, copies at a 10-player identity table
    (1, "主公", "lord", 1),
    (2, "忠臣", "loyalist", 3),
    (3, "反贼", "rebel", 4),
    (4, "内奸", "renegade", 2),
)
"""Role card numbers as printed on stickers; once printed, never renumbered."""

ACTION_LABELS: Final = {
    Action.OK: ("确定", "confirm"),
    Action.NO: ("取消", "cancel"),
    Action.UNDO: ("撤销", "undo"),
    Action.END_PHASE: ("结束阶段", "end phase"),
    Action.PASS: ("跳过", "pass"),
}
"""What an action token's sticker says: Chinese title, English gloss."""

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
}


def stickers_for(kind: str) -> list[Sticker]:
    """The stickers of one kind (one of `KINDS`), in print order."""
    from vision.labels import Sticker

    catalogue = standard_catalogue()
    if kind == "cards":
        return [
            Sticker(
                str(CardTag(card.id)),
                card.name,
                f"{card.face}  #{card.id}  {card.kind.english}",
                RED if card.colour is Colour.RED else None,
            )
            for card in catalogue.cards
        ]
    if kind == "generals":
        return [
            Sticker(
                str(GeneralTag(number)),
                general.name,
                f"{general.kingdom.name_zh}  #{number}  {general.key}",
                KINGDOM_COLOURS[general.kingdom],
            )
            for number, general in enumerate(catalogue.generals, start=1)
        ]
    if kind == "roles":
        return [
            Sticker(str(RoleTag(number)), chinese, f"R{number}  {english}  {copy}/{copies}")
            for number, chinese, english, copies in ROLE_CARDS
            for copy in range(1, copies + 1)
        ]
    if kind == "seats":
        return [Sticker(str(SeatTag(seat)), f"{seat}号位", f"seat {seat}") for seat in SEATS]
    if kind == "actions":
        return [
            Sticker(str(ActionTag(action)), chinese, f"{action.value}  {english}")
            for action, (chinese, english) in ACTION_LABELS.items()
        ]
    raise ValueError(f"unknown label kind {kind!r}; choose from {', '.join(KINDS)}")


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
        raise ValueError(f"no label kind given; choose from {', '.join(KINDS)}")
    for kind in wanted:
        if kind not in KINDS:
            raise ValueError(f"unknown label kind {kind!r}; choose from {', '.join(KINDS)}")
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
        kinds = ", ".join(f"{count} {kind}" for kind, count in self.counts.items())
        paper = "A4" if self.paper == "a4" else self.paper.capitalize()
        pages = "page" if self.pages == 1 else "pages"
        return f"wrote {self.path}: {kinds} on {self.pages} {paper} {pages}"


def write_labels(
    what: Sequence[str],
    paper: str,
    out: Path,
    *,
    progress: Callable[[int, int], None] | None = None,
) -> LabelReport:
    """Write the sheets of the kinds in `what` (see `KINDS`) on `paper` to `out`.

    Kinds are printed in the order of `KINDS`, flowing from sheet to sheet.
    `progress` is passed on to `vision.labels.render_sheets`.
    """
    from assistant.resources import cjk_font_path
    from vision.labels import render_sheets, sheets_needed

    kinds = parse_kinds(",".join(what))
    if paper not in PAPERS:
        raise ValueError(f"unknown paper {paper!r}; choose from {', '.join(PAPERS)}")
    by_kind = {kind: stickers_for(kind) for kind in kinds}
    stickers = [sticker for kind in kinds for sticker in by_kind[kind]]
    pdf = render_sheets(stickers, paper, cjk_font_path(), progress=progress)
    out.write_bytes(pdf)
    counts = {kind: len(found) for kind, found in by_kind.items()}
    return LabelReport(out, paper, counts, sheets_needed(len(stickers)))


def add_labels_command(commands: Commands) -> None:
    """Add ``sgs-table labels`` to the command line's subcommands."""
    p = commands.add_parser(
        "labels",
        help="write printable QR sticker sheets (PDF) for cards, generals, roles, seats, actions",
        description="Write print-ready PDF sheets of QR stickers, 20 to a page (4 x 5), each "
        "with its name in print: one per card (160), general (25), role card of a "
        "10-player table (10), seat (10) and action token (5). Print at 100% / actual "
        "size, never 'fit to page'; each sheet has a scale bar to check with a ruler.",
    )
    p.add_argument(
        "--what",
        type=_kinds_argument,
        default=KINDS,
        metavar="KINDS",
        help=f"comma-separated kinds to print (default: all of {','.join(KINDS)})",
    )
    p.add_argument("--paper", choices=PAPERS, default="a4", help="paper size (default: a4)")
    p.add_argument(
        "-o", "--output", type=Path, required=True, metavar="FILE.pdf", help="PDF file to write"
    )
    p.set_defaults(handler=_labels)


def _kinds_argument(text: str) -> tuple[str, ...]:
    try:
        return parse_kinds(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _labels(args: argparse.Namespace, out: TextIO) -> int:
    try:
        report = write_labels(args.what, args.paper, args.output, progress=_Progress(sys.stderr))
    except ImportError as error:
        print(
            f"sgs-table: labels need the vision extra ({error.name} is missing): "
            "pip install 'sgs-table[vision]'",
            file=sys.stderr,
        )
        return 1
    except OSError as error:
        print(f"sgs-table: cannot write {args.output}: {error.strerror or error}", file=sys.stderr)
        return 1
    out.write(report.summary() + "\n")
    return 0


class _Progress:
    """Sheet n/m on a terminal's stderr, once drawing has taken over a second.

    Quick runs and pipes stay quiet: a log gains nothing from a counter.
    """

    DELAY_S: Final = 1.0

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.started = time.monotonic()

    def __call__(self, done: int, total: int) -> None:
        if not self.stream.isatty() or time.monotonic() - self.started < self.DELAY_S:
            return
        end = "\n" if done == total else ""
        self.stream.write(f"\rsgs-table labels: drawing sheet {done}/{total}{end}")
        self.stream.flush()
