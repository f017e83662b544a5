"""Equipment effects, each by its card kind's key in card_kinds.toml.

诸葛连弩 (no Sha limit), the weapons' ranges, 丈八蛇矛 (two hand cards as a
Sha), 朱雀羽扇 (a Sha as a fire Sha) and the horses are numbers and
conversions (engine.derived, engine.rules); 方天画戟's targets are checked
where a Sha is used; 八卦阵 is the judgement a seat asked for a Shan turns
over; 仁王盾 and 藤甲's immunities act where a Sha takes effect; 白银狮子's
recovery when it leaves is in engine.settlement.watch_losses.
"""

from __future__ import annotations

from engine.cardops import discard_cards
from engine.cards import Element
from engine.context import Ctx
from engine.derived import card
from engine.frames import CardUse, DamageEvent, Expect, Point, SkillUse
from engine.moves import Skill
from engine.registry import compulsory, rule, rule_source
from engine.settlement import SHA, armour_ignored, armour_key, push
from engine.skills.common import gender_of, no_arguments
from engine.state import evolve
from engine.table import IllegalMove, Table
from engine.text import either, say
from engine.windows import set_event


def _gender(t: Table, seat: int) -> str:
    return gender_of(t, seat)  # its general's, or the one it counts as (化身)


def _own_sha(t: Table, owner: int, event: object) -> bool:
    return isinstance(event, CardUse) and event.user == owner and event.kind in SHA


# ---------------------------------------------------------------- 雌雄双股剑


def _other_gender(t: Table, owner: int, event: object) -> bool:
    if not _own_sha(t, owner, event):
        return False
    assert isinstance(event, CardUse)
    mine, theirs = _gender(t, owner), _gender(t, event.target)
    return bool(mine and theirs) and mine != theirs


@rule("double_swords", point=Point.AFTER_TARGETING, can=_other_gender, whose=("user",))
def double_swords(ctx: Ctx, m: Skill, event: object) -> None:
    """雌雄双股剑: after targeting a player of the other gender with a Sha, that player
    discards a hand card or lets the user draw one."""
    no_arguments(m)
    assert isinstance(event, CardUse)
    t = ctx.table
    target = event.target
    if t.seat(target).hand_count == 0:
        t.draw_unknown(m.seat, 1)
        return
    push(
        t,
        Expect(
            "discard_or_draw",
            target,
            say(
                "{weapon} of seat {seat}: discard a hand card, or seat {seat} draws 1",
                weapon=rule_source(m.skill),
                seat=m.seat,
            ),
            other=m.seat,
            counts=(1,),
        ),
    )


# ---------------------------------------------------------------- 寒冰剑


def _sha_damage_to_cards(t: Table, owner: int, event: object) -> bool:
    if not (isinstance(event, DamageEvent) and event.source == owner and event.card_kind in SHA):
        return False
    target = t.seat(event.target)
    return event.amount > 0 and target.alive and target.card_count > 0


def _ice_step(ctx: Ctx, use: SkillUse) -> None:
    t = ctx.table
    target = use.targets[0]
    if use.step < 2 and t.seat(target).card_count > 0:
        t.stack[-1] = evolve(use, step=use.step + 1)
        push(
            t,
            Expect(
                "discard_one",
                use.seat,
                say(
                    "{weapon}: discard a card of seat {seat}",
                    weapon=rule_source(use.key),
                    seat=target,
                ),
                other=target,
                zones="he",
            ),
        )
        return
    t.stack.pop()


@rule("ice_sword", point=Point.CAUSING, can=_sha_damage_to_cards, step=_ice_step, whose=("source",))
def ice_sword(ctx: Ctx, m: Skill, event: object) -> None:
    """寒冰剑: when its Sha would cause damage, may prevent it and discard two of the
    target's cards instead, one after the other."""
    no_arguments(m)
    assert isinstance(event, DamageEvent)
    t = ctx.table
    set_event(t, evolve(event, amount=0))
    push(t, SkillUse(m.seat, "ice_sword", targets=(event.target,)))


# ---------------------------------------------------------------- 青龙偃月刀


def _dodged(t: Table, owner: int, event: object) -> bool:
    return (
        _own_sha(t, owner, event)
        and isinstance(event, CardUse)
        and t.seat(event.target).alive
        and t.seat(owner).card_count > 0
    )


@rule("blade", point=Point.DODGED, can=_dodged, whose=("user",))
def blade(ctx: Ctx, m: Skill, event: object) -> None:
    """青龙偃月刀: when its Sha is dodged, may use another Sha on the same target: that
    is entered as the Sha itself (``use SEAT #id``), not as a skill."""
    raise IllegalMove(
        say(
            "{weapon}: use the second Sha itself (use SEAT #id), or pass",
            weapon=rule_source(m.skill),
        )
    )


# ---------------------------------------------------------------- 贯石斧


def _axe_can(t: Table, owner: int, event: object) -> bool:
    if not _own_sha(t, owner, event):
        return False
    s = t.seat(owner)
    return s.hand_count + len(s.equipment) - 1 >= 2  # two cards besides the axe


@rule("axe", point=Point.DODGED, can=_axe_can, cards=(2, 2), whose=("user",))
def axe(ctx: Ctx, m: Skill, event: object) -> None:
    """贯石斧: when its Sha is dodged, discards two cards to make it hit anyway."""
    assert isinstance(event, CardUse)
    t = ctx.table
    if len(m.cards) + m.unknown != 2 or m.targets:
        raise IllegalMove(
            say("{weapon}: discard two cards (not the axe itself)", weapon=rule_source(m.skill))
        )
    weapon = t.seat(m.seat).weapon
    if weapon in m.cards:
        raise IllegalMove(
            say("{weapon}: discard two cards other than the axe", weapon=rule_source(m.skill))
        )
    discard_cards(ctx, m.seat, m.cards, m.unknown, ("hand", "equipment"))
    set_event(t, evolve(event, answered=False))


# ---------------------------------------------------------------- 麒麟弓


def _horse_to_shoot(t: Table, owner: int, event: object) -> bool:
    if not (isinstance(event, DamageEvent) and event.source == owner and event.card_kind in SHA):
        return False
    target = t.seat(event.target)
    return target.defensive_horse is not None or target.offensive_horse is not None


@rule(
    "kylin_bow",
    point=Point.CAUSING,
    can=_horse_to_shoot,
    cards=(1, 1),
    whose=("source",),
    own_cards=False,
)
def kylin_bow(ctx: Ctx, m: Skill, event: object) -> None:
    """麒麟弓: when its Sha causes damage, discards one of the target's horses."""
    assert isinstance(event, DamageEvent)
    t = ctx.table
    horses = [
        h for h in (t.seat(event.target).defensive_horse, t.seat(event.target).offensive_horse) if h
    ]
    if len(m.cards) != 1 or m.unknown or m.targets or m.cards[0] not in horses:
        raise IllegalMove(
            say(
                "{weapon}: name the horse of seat {seat} to discard ({horses})",
                weapon=rule_source(m.skill),
                seat=event.target,
                horses=either([card(h) for h in horses]),
            )
        )
    t.move(m.cards[0], "discard")


# ---------------------------------------------------------------- compulsory


@compulsory(Point.CAUSING)
def guding_blade(t: Table, f: DamageEvent) -> DamageEvent:
    """古锭刀: its Sha deals 1 more damage to a target with no hand cards."""
    if not f.source or f.card_kind not in SHA:
        return f
    weapon = t.seat(f.source).weapon
    if weapon is None or card(weapon).key != "guding_blade" or t.seat(f.target).hand_count:
        return f
    return evolve(f, amount=f.amount + 1)


@compulsory(Point.RECEIVING)
def vine_armour(t: Table, f: DamageEvent) -> DamageEvent:
    """藤甲: fire damage to its wearer is 1 more."""
    if f.element is not Element.FIRE or _armour(t, f) != "vine_armour":
        return f
    return evolve(f, amount=f.amount + 1)


@compulsory(Point.RECEIVING)
def silver_lion(t: Table, f: DamageEvent) -> DamageEvent:
    """白银狮子: damage of more than 1 to its wearer is 1."""
    if f.amount <= 1 or _armour(t, f) != "silver_lion":
        return f
    return evolve(f, amount=1)


def _armour(t: Table, f: DamageEvent) -> str | None:
    if armour_ignored(t, f.source, f.card_kind):
        return None
    return armour_key(t, f.target)
