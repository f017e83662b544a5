"""``sgs-table generals``: the generals, their skills and what the skills change."""

from __future__ import annotations

import argparse
import json
import sys
from typing import TextIO

from assistant.cli.arguments import Commands
from assistant.cli.status import REFUSED
from assistant.cli.suggest import did_you_mean, general_hint, nearest_general
from assistant.cli.terminal import format_table
from assistant.cli.words import gender_name
from assistant.i18n import (
    SOURCE,
    _,
    general_name,
    general_package_name,
    join_list,
    kingdom_name,
    ngettext,
    pgettext,
    skill_name,
    skill_text,
    speaking,
    tr,
)
from engine.catalogue import Catalogue, standard_catalogue
from engine.effects import describe_effect
from engine.generals import General, Kingdom, Limit, Skill, SkillKind

__all__ = ["add_command"]


def add_command(commands: Commands) -> None:
    p = commands.add_parser(
        "generals",
        help=_("list the generals of a package (the standard box by default) and their skills"),
        description=_(
            "List the generals: kingdom, max HP, gender, lord, skills; with a name, "
            "show one general's skills in full and what they change. --package picks "
            "the packages: standard (25), wind, fire, forest, mountain (神话再临, ten "
            "each with their 神 generals), a table's own, or all."
        ),
    )
    p.add_argument("general", nargs="?", help=_("one general (key, Chinese name or its name here)"))
    p.add_argument("--json", action="store_true", help=_("print JSON for machines"))
    p.add_argument("--kingdom", choices=[k.value for k in Kingdom], help=_("only this kingdom"))
    p.add_argument(
        "--package",
        type=_packages_argument,
        default=("standard",),
        metavar="PACKAGES",
        help=_("comma-separated packages to list, or all (default: standard)"),
    )
    p.set_defaults(handler=_generals)


def _packages_argument(text: str) -> tuple[str, ...]:
    known = standard_catalogue().packages()
    if text.strip() == "all":
        return known
    wanted = tuple(p.strip() for p in text.split(",") if p.strip())
    for package in wanted:
        if package not in known:
            raise argparse.ArgumentTypeError(
                _("unknown package of generals {package} (known: {known})").format(
                    package=repr(package), known=",".join((*known, "all"))
                )
            )
    return wanted


def _generals(args: argparse.Namespace, out: TextIO) -> int:
    catalogue = standard_catalogue()
    if args.general is not None:
        return _one_general(catalogue, args.general, args.json, out)
    generals = [
        g
        for g in catalogue.generals
        if args.kingdom in (None, g.kingdom.value) and g.package in args.package
    ]
    if args.json:
        with speaking(SOURCE):
            json.dump([g.as_dict() for g in generals], out, ensure_ascii=False, indent=1)
        out.write("\n")
        return 0
    rows: list[tuple[object, ...]] = [
        (
            general_name(g),
            g.key,
            _kingdom(g),
            g.max_hp,
            gender_name(g.gender),
            _("lord") if g.lord else pgettext("general", "ruler") if g.ruler else "",
            " ".join(skill_name(s) for s in g.skills),
            general_package_name(g.package),
        )
        for g in generals
    ]
    headers: tuple[str, ...] = (
        _("name"),
        _("key"),
        _("kingdom"),
        _("hp"),
        _("gender"),
        _("lord"),
        _("skills"),
        _("package"),
    )
    if len(args.package) == 1:  # one package: its name on every row says nothing
        rows = [row[:-1] for row in rows]
        headers = headers[:-1]
    out.write(format_table(headers, rows, right=(3,)) + "\n")
    count = ngettext("{n} general", "{n} generals", len(generals))
    out.write(count.format(n=len(generals)) + "\n")
    return 0


def _kingdom(general: General) -> str:
    """The kingdom's name and its key (what ``--kingdom`` takes): 蜀 shu."""
    return f"{kingdom_name(general.kingdom)} {general.kingdom.value}"


def _named(catalogue: Catalogue, name: str) -> General:
    """A general by key, Chinese name or name in the language in use (case and spaces
    aside: ``Cao Cao``); KeyError if none."""
    try:
        return catalogue.general_named(name.strip())
    except KeyError:
        loose = _loose(name)
        for general in catalogue.generals:
            if loose in (_loose(general_name(general)), general.key):
                return general
        raise


def _loose(name: str) -> str:
    return "".join(name.lower().split())


def _skill_tags(skill: Skill) -> list[str]:
    tags = []
    if skill.compulsory:
        tags.append(pgettext("skill tag", "compulsory"))
    if skill.lord:
        tags.append(pgettext("skill tag", "lord"))
    if skill.kind is SkillKind.LIMITED:
        tags.append(pgettext("skill tag", "limited"))
    elif skill.kind is SkillKind.AWAKENING:
        tags.append(pgettext("skill tag", "awakening"))
    elif skill.kind is SkillKind.SWITCHING:
        tags.append(pgettext("skill tag", "switching"))
    elif skill.kind is SkillKind.HIDDEN:
        tags.append(pgettext("skill tag", "hidden"))
    if skill.acquired:
        tags.append(pgettext("skill tag", "gained by another skill"))
    if skill.limit is Limit.ONCE_PER_PLAY_PHASE:
        tags.append(pgettext("skill tag", "once per play phase"))
    elif skill.limit:
        tags.append(skill.limit.value.replace("_", " "))
    return tags


def _one_general(catalogue: Catalogue, name: str, as_json: bool, out: TextIO) -> int:
    try:
        general = _named(catalogue, name)
    except KeyError:
        message = _("no general named {name}").format(name=repr(name))
        near = nearest_general(name)
        print(
            f"sgs-table: {did_you_mean(message, general_hint(near) if near else None)}",
            file=sys.stderr,
        )
        return REFUSED
    if as_json:
        with speaking(SOURCE):
            json.dump(general.as_dict(), out, ensure_ascii=False, indent=1)
        out.write("\n")
        return 0
    if general.lord:
        about = _("{name} ({key})  {kingdom}, {hp} HP, {gender}, lord")
    elif general.ruler:  # 群雄演义's 君主
        about = _("{name} ({key})  {kingdom}, {hp} HP, {gender}, ruler")
    else:
        about = _("{name} ({key})  {kingdom}, {hp} HP, {gender}")
    shown = about.format(
        name=general_name(general),
        key=general.key,
        kingdom=_kingdom(general),
        hp=general.max_hp,
        gender=gender_name(general.gender),
    )
    out.write(shown + "\n")
    for skill in general.skills:
        tags = _skill_tags(skill)
        label = f" [{join_list(tags)}]" if tags else ""
        timing = _("(timing: {timing})").format(timing=skill.timing.value)
        out.write(f"  {skill_name(skill)} {skill.key}{label}  {timing}\n")
        out.write(f"      {skill_text(skill)}\n")
        for effect in skill.effects:
            tracks = _("tracks: {effect}").format(effect=tr(describe_effect(effect)))
            out.write(f"      {tracks}\n")
    return 0
