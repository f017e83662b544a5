"""``sgs-table cards``: the physical cards of the deck, by sticker id."""

from __future__ import annotations

import argparse
import json
import sys
from typing import TextIO

from assistant.cli.arguments import Commands
from assistant.cli.terminal import format_table
from engine.cards import CardType, Package
from engine.catalogue import standard_catalogue

__all__ = ["add_command"]


def add_command(commands: Commands) -> None:
    p = commands.add_parser(
        "cards",
        help="list the 160 cards of the deck (id = the number on its sticker)",
        description="List the physical cards of the deck: id (printed on the card's QR "
        "sticker), name, suit and rank, type, equipment slot, weapon range, package.",
    )
    p.add_argument("--json", action="store_true", help="print a JSON list for machines")
    p.add_argument("--package", choices=[p.value for p in Package], help="only this package")
    p.add_argument("--type", choices=[t.value for t in CardType], help="only this card type")
    p.add_argument("--name", help="only this card (ASCII key or Chinese name, e.g. sha or 杀)")
    p.set_defaults(handler=_cards)


def _cards(args: argparse.Namespace, out: TextIO) -> int:
    catalogue = standard_catalogue()
    cards = [
        c
        for c in catalogue.cards
        if (args.package is None or c.package.value == args.package)
        and (args.type is None or c.kind.type.value == args.type)
        and (args.name is None or args.name in (c.key, c.name))
    ]
    if args.name is not None and not cards:
        print(f"sgs-table: no card named {args.name!r}", file=sys.stderr)
        return 2
    if args.json:
        json.dump([c.as_dict() for c in cards], out, ensure_ascii=False, indent=1)
        out.write("\n")
        return 0
    rows = [
        (
            c.id,
            c.name,
            c.key,
            c.face,
            c.kind.type.value,
            c.kind.subtype.value if c.kind.subtype else "",
            c.kind.attack_range or "",
            c.package.value,
        )
        for c in cards
    ]
    headers = ("id", "name", "key", "card", "type", "subtype", "range", "package")
    out.write(format_table(headers, rows, right=(0, 6)) + "\n")
    out.write(f"{len(cards)} cards\n")
    return 0
