"""``sgs-table generals``: the generals, their skills and what the skills change."""

from __future__ import annotations

import argparse
import json
import sys
from typing import TextIO

from assistant.cli.arguments import Commands
from assistant.cli.terminal import format_table
from engine.catalogue import Catalogue, standard_catalogue
from engine.effects import describe_effect
from engine.generals import General, Kingdom

__all__ = ["add_command"]


def add_command(commands: Commands) -> None:
    p = commands.add_parser(
        "generals",
        help="list the 25 standard generals and their skills",
        description="List the generals: kingdom, max HP, gender, lord, skills; with a name, "
        "show one general's skills in full and what they change.",
    )
    p.add_argument("general", nargs="?", help="one general (key or Chinese name)")
    p.add_argument("--json", action="store_true", help="print JSON for machines")
    p.add_argument("--kingdom", choices=[k.value for k in Kingdom], help="only this kingdom")
    p.set_defaults(handler=_generals)


def _generals(args: argparse.Namespace, out: TextIO) -> int:
    catalogue = standard_catalogue()
    if args.general is not None:
        return _one_general(catalogue, args.general, args.json, out)
    generals = [g for g in catalogue.generals if args.kingdom in (None, g.kingdom.value)]
    if args.json:
        json.dump([g.as_dict() for g in generals], out, ensure_ascii=False, indent=1)
        out.write("\n")
        return 0
    rows = [
        (
            g.name,
            g.key,
            f"{g.kingdom.name_zh} {g.kingdom.value}",
            g.max_hp,
            g.gender.value,
            "lord" if g.lord else "",
            " ".join(s.name for s in g.skills),
        )
        for g in generals
    ]
    headers = ("name", "key", "kingdom", "hp", "gender", "lord", "skills")
    out.write(format_table(headers, rows, right=(3,)) + "\n")
    out.write(f"{len(generals)} generals\n")
    return 0


def _one_general(catalogue: Catalogue, name: str, as_json: bool, out: TextIO) -> int:
    try:
        general: General = catalogue.general_named(name)
    except KeyError:
        print(f"sgs-table: no general named {name!r}", file=sys.stderr)
        return 2
    if as_json:
        json.dump(general.as_dict(), out, ensure_ascii=False, indent=1)
        out.write("\n")
        return 0
    out.write(
        f"{general.name} ({general.key})  {general.kingdom.name_zh} {general.kingdom.value}, "
        f"{general.max_hp} HP, {general.gender.value}{', lord' if general.lord else ''}\n"
    )
    for skill in general.skills:
        tags = [t for t, on in (("compulsory", skill.compulsory), ("lord", skill.lord)) if on]
        if skill.limit:
            tags.append(skill.limit.value.replace("_", " "))
        label = f" [{', '.join(tags)}]" if tags else ""
        out.write(f"  {skill.name} {skill.key}{label}  (timing: {skill.timing.value})\n")
        out.write(f"      {skill.text}\n")
        for effect in skill.effects:
            out.write(f"      tracks: {describe_effect(effect)}\n")
    return 0
