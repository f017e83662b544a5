"""Read-only views of a state for people and machines: who acts, the stack, a summary."""

from __future__ import annotations

from engine.cards import Element
from engine.derived import attack_range, card, distance, hand_limit, kind, sha_uses_left
from engine.frames import (
    Ask,
    CardUse,
    DamageEvent,
    Death,
    Dying,
    Expect,
    Judgement,
    Judging,
    Occasion,
    SkillUse,
    Window,
)
from engine.modes import mode_named
from engine.registry import rule_source
from engine.state import GameState, Phase, Seat
from engine.text import Text, listing, say
from engine.windows import window_offers


def to_act(state: GameState) -> tuple[int, ...]:
    """The seats that may (or must) act now, in the order they are asked; once the game
    is over, the living seats whose roles are still face down (they show them)."""
    if not state.mode:
        return ()
    if state.over:
        rules = mode_named(state.mode)
        if rules is None or not rules.roles_hidden:
            return ()
        return tuple(s.seat for s in state.seats if s.alive and s.role is None)
    if state.stack:
        top = state.stack[-1]
        if isinstance(top, Ask):
            if top.anyone:
                return tuple(s for s in top.seats if s not in top.passed)
            return (top.asked,)
        if isinstance(top, Expect):
            return (top.seat,)
        if isinstance(top, Window):
            return top.seats
        return ()
    return (state.turn.seat,) if state.turn.seat else ()


def describe_frame(frame: object) -> Text:
    """A frame of the settlement stack in words."""
    if isinstance(frame, CardUse):
        targets = ",".join(map(str, frame.targets))
        if len(frame.targets) > 1:
            return say(
                "seat {user} uses {card} on {targets} ({point}, settling seat {seat})",
                user=frame.user,
                card=kind(frame.kind),
                targets=targets,
                point=frame.point,
                seat=frame.target,
            )
        return say(
            "seat {user} uses {card} on {targets} ({point})",
            user=frame.user,
            card=kind(frame.kind),
            targets=targets,
            point=frame.point,
        )
    if isinstance(frame, Ask):
        want = (
            kind(frame.want)
            if frame.want in ("shan", "sha", "tao", "nullification")
            else frame.want
        )
        if frame.anyone:
            return say("anyone asked for {card}: {reason}", card=want, reason=frame.reason)
        if frame.need > 1:
            return say(
                "seat {seat} asked for {card} ({got}/{need}): {reason}",
                seat=frame.asked,
                card=want,
                got=frame.got,
                need=frame.need,
                reason=frame.reason,
            )
        return say(
            "seat {seat} asked for {card}: {reason}",
            seat=frame.asked,
            card=want,
            reason=frame.reason,
        )
    if isinstance(frame, DamageEvent):
        return _describe_damage(frame)
    if isinstance(frame, Dying):
        return say("seat {seat} is dying", seat=frame.seat)
    if isinstance(frame, Death):
        return say("seat {seat} dies", seat=frame.seat)
    if isinstance(frame, Judging):
        return say("{card} in seat {seat}'s judgement zone", card=kind(frame.kind), seat=frame.seat)
    if isinstance(frame, Expect):
        return say("waiting for seat {seat}: {reason}", seat=frame.seat, reason=frame.reason)
    if isinstance(frame, Window):
        return say(
            "seat {seat} may use a skill ({point}), or pass", seat=frame.asked, point=frame.point
        )
    if isinstance(frame, Judgement):
        return say(
            "seat {seat}'s judgement card {card} ({reason})",
            seat=frame.seat,
            card=card(frame.card),
            reason=frame.reason,
        )
    if isinstance(frame, Occasion):
        return say("{point} of seat {seat}", point=frame.point, seat=frame.seat)
    if isinstance(frame, SkillUse):
        return say(
            "seat {seat}'s {skill} is being settled", seat=frame.seat, skill=rule_source(frame.key)
        )
    return say("unknown frame {frame}", frame=repr(frame))


def _describe_damage(frame: DamageEvent) -> Text:
    element = _ELEMENTS[frame.element] if frame.element else None
    if frame.source and element is not None:
        return say(
            "{amount} {element} damage to seat {seat} from seat {source} ({point})",
            amount=frame.amount,
            element=element,
            seat=frame.target,
            source=frame.source,
            point=frame.point,
        )
    if frame.source:
        return say(
            "{amount} damage to seat {seat} from seat {source} ({point})",
            amount=frame.amount,
            seat=frame.target,
            source=frame.source,
            point=frame.point,
        )
    if element is not None:
        return say(
            "{amount} {element} damage to seat {seat} ({point})",
            amount=frame.amount,
            element=element,
            seat=frame.target,
            point=frame.point,
        )
    return say(
        "{amount} damage to seat {seat} ({point})",
        amount=frame.amount,
        seat=frame.target,
        point=frame.point,
    )


# TRANSLATORS: the element of damage, as in "1 fire damage"
_ELEMENTS = {Element.FIRE: say("fire"), Element.THUNDER: say("thunder")}


def describe_top(state: GameState) -> Text:
    """The frame on top in words, naming what a window offers."""
    top = state.stack[-1]
    if isinstance(top, Window):
        offered = [rule_source(k) for k in window_offers(state, top)]
        return say(
            "seat {seat} may use {skills} ({point}), or pass",
            seat=top.asked,
            skills=listing(offered),
            point=top.point,
        )
    return describe_frame(top)


def _window(state: GameState) -> dict[str, object] | None:
    top = state.stack[-1] if state.stack else None
    if not isinstance(top, Window):
        return None
    return {
        "point": top.point.value,
        "seat": top.asked,
        "seats": list(top.seats),
        "offers": list(window_offers(state, top)),
    }


def timing_point(state: GameState) -> str:
    for frame in reversed(state.stack):
        point = getattr(frame, "point", None)
        if point is not None:
            return str(point.value)
    return state.turn.phase.value


def _kingdom(s: Seat) -> str | None:
    """The kingdom the seat plays for, as the table screen shows it: its general's, the
    one a 神 general chose, a 国战 seat's once a general is face up (``careeristN``: in
    seat N's careerist camp); None while every general is face down."""
    return None if all(g in s.hidden for g in s.generals) else s.kingdom


def summary(state: GameState) -> dict[str, object]:
    """Everything ``sgs-table state --json`` prints."""
    seats = []
    # 新1V1: a seat whose general died shows none until its player chooses the next
    choosing = {f.seat for f in state.stack if isinstance(f, Expect) and f.what == "successor"}
    for s in state.seats:
        alive = s.alive
        seats.append(
            {
                "seat": s.seat,
                "player": s.player or None,
                "general": s.generals[0] if s.generals and s.seat not in choosing else None,
                "generals": list(s.generals),
                "kingdom": _kingdom(s),
                "role": s.role.value if s.role else None,
                "alive": alive,
                "hp": s.hp,
                "max_hp": s.max_hp,
                "hand_count": s.hand_count,
                "hand_known": list(s.hand),
                "hand_limit": hand_limit(state, s.seat).value if alive else None,
                "attack_range": attack_range(state, s.seat).value if alive else None,
                "sha_left": sha_uses_left(state, s.seat) if alive else None,
                "equipment": {
                    slot: {"id": c, "name": card(c).name}
                    for slot, c in (
                        ("weapon", s.weapon),
                        ("armour", s.armour),
                        ("defensive_horse", s.defensive_horse),
                        ("offensive_horse", s.offensive_horse),
                        ("treasure", s.treasure),
                    )
                    if c is not None
                },
                "judgement": [{"id": d.card, "as": d.kind} for d in s.judgement],
                "on_general": list(s.on_general),
                "on_general_unseen": s.on_general_unknown,
                # the seat's marks: skills' (忍, 暴怒, 梦魇, used_KEY for a 限定技 used ...)
                "marks": dict(s.marks),
                "chained": s.chained,
                "flipped": s.flipped,
            }
        )
    matrix: list[list[int | None]] = []
    for a in state.seats:
        row: list[int | None] = []
        for b in state.seats:
            d = distance(state, a.seat, b.seat)
            row.append(d.value if d is not None else None)
        matrix.append(row)
    return {
        "mode": state.mode,
        "players": state.players,
        "seats": seats,
        "distance": matrix,
        "turn": {
            "seat": state.turn.seat or None,
            "phase": state.turn.phase.value,
            "number": state.turn.number,
        },
        "draw_pile": state.draw_pile,
        "discard_pile": len(state.discard_pile) + state.discard_unknown,
        "stack": [
            str(describe_top(state) if n == 0 else describe_frame(f))
            for n, f in enumerate(reversed(state.stack))
        ],
        "window": _window(state),
        "timing": timing_point(state),
        "to_act": list(to_act(state)),
        "winner": state.winner,
        "over": state.turn.phase is Phase.OVER,
        "mode_facts": _mode_facts(state),
    }


def _mode_facts(state: GameState) -> dict[str, object]:
    """The mode's own facts (Mode.facts): 新1V1's generals left, the 玉玺 holder ..."""
    mode = mode_named(state.mode)
    return mode.facts(state) if mode is not None else {}
