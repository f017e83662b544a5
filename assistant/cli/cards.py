"""``sgs-table cards``: the physical cards of the deck, by sticker id."""

from __future__ import annotations

import argparse
import json
import sys
from typing import TextIO

from assistant.cli.arguments import Commands
from assistant.cli.status import REFUSED
from assistant.cli.suggest import card_hint, did_you_mean, nearest_card
from assistant.cli.terminal import format_table
from assistant.cli.words import package_name, subtype_name, type_name
from assistant.i18n import SOURCE, _, card_name, ngettext, speaking
from engine.cards import CardType, Package
from engine.catalogue import standard_catalogue

__all__ = ["add_command"]


def add_command(commands: Commands) -> None:
    p = commands.add_parser(
        "cards",
        help=_("list the {n} cards of the catalogue (id = the number on its sticker)").format(
            n=len(standard_catalogue().cards)
        ),
        description=_(
            "List the physical cards of the deck: id (printed on the card's QR "
            "sticker), name, suit and rank, type, equipment slot, weapon range, package."
        ),
    )
    p.add_argument("--json", action="store_true", help=_("print a JSON list for machines"))
    p.add_argument("--package", choices=[p.value for p in Package], help=_("only this package"))
    p.add_argument("--type", choices=[t.value for t in CardType], help=_("only this card type"))
    p.add_argument(
        "--name",
        help=_("only this card (ASCII key, Chinese name or its name here, e.g. sha or 杀)"),
    )
    p.set_defaults(handler=_cards)


def _cards(args: argparse.Namespace, out: TextIO) -> int:
    catalogue = standard_catalogue()
    cards = [
        c
        for c in catalogue.cards
        if (args.package is None or c.package.value == args.package)
        and (args.type is None or c.kind.type.value == args.type)
        and (args.name is None or args.name in (c.key, c.name, card_name(c)))
    ]
    if args.name is not None and not cards:
        message = _("no card named {name}").format(name=repr(args.name))
        near = nearest_card(args.name)
        print(
            f"sgs-table: {did_you_mean(message, card_hint(near) if near else None)}",
            file=sys.stderr,
        )
        return REFUSED
    if args.json:
        with speaking(SOURCE):
            json.dump([c.as_dict() for c in cards], out, ensure_ascii=False, indent=1)
        out.write("\n")
        return 0
    rows = [
        (
            c.id,
            card_name(c),
            c.key,
            c.face,
            type_name(c.kind.type),
            subtype_name(c.kind.subtype) if c.kind.subtype else "",
            c.kind.attack_range or "",
            package_name(c.package),
        )
        for c in cards
    ]
    headers = (
        _("id"),
        _("name"),
        _("key"),
        _("card"),
        _("type"),
        _("subtype"),
        _("range"),
        _("package"),
    )
    out.write(format_table(headers, rows, right=(0, 6)) + "\n")
    out.write(ngettext("{n} card", "{n} cards", len(cards)).format(n=len(cards)) + "\n")
    return 0
