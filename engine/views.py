"""Read-only views of a state for people and machines: who acts, the stack, a summary."""

from __future__ import annotations

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
from engine.registry import rule_name
from engine.state import GameState, Phase
from engine.windows import window_offers


def to_act(state: GameState) -> tuple[int, ...]:
    """The seats that may (or must) act now, in the order they are asked."""
    if state.over or not state.mode:
        return ()
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


def describe_frame(frame: object) -> str:
    if isinstance(frame, CardUse):
        targets = ",".join(map(str, frame.targets))
        text = f"seat {frame.user} uses {kind(frame.kind).name} on {targets} ({frame.point.value}"
        if len(frame.targets) > 1:
            text += f", settling seat {frame.target}"
        return text + ")"
    if isinstance(frame, Ask):
        want = (
            kind(frame.want).name
            if frame.want in ("shan", "sha", "tao", "nullification")
            else frame.want
        )
        who = "anyone" if frame.anyone else f"seat {frame.asked}"
        need = f" ({frame.got}/{frame.need})" if frame.need > 1 else ""
        return f"{who} asked for {want}{need}: {frame.reason}"
    if isinstance(frame, DamageEvent):
        element = f" {frame.element.value}" if frame.element else ""
        by = f" from seat {frame.source}" if frame.source else ""
        return f"{frame.amount}{element} damage to seat {frame.target}{by} ({frame.point.value})"
    if isinstance(frame, Dying):
        return f"seat {frame.seat} is dying"
    if isinstance(frame, Death):
        return f"seat {frame.seat} dies"
    if isinstance(frame, Judging):
        return f"{kind(frame.kind).name} in seat {frame.seat}'s judgement zone"
    if isinstance(frame, Expect):
        return f"waiting for seat {frame.seat}: {frame.reason}"
    if isinstance(frame, Window):
        return f"seat {frame.asked} may use a skill ({frame.point.value}), or pass"
    if isinstance(frame, Judgement):
        return f"seat {frame.seat}'s judgement card {card(frame.card)} ({frame.reason})"
    if isinstance(frame, Occasion):
        return f"{frame.point.value.replace('_', ' ')} of seat {frame.seat}"
    if isinstance(frame, SkillUse):
        return f"seat {frame.seat}'s {rule_name(frame.key)} is being settled"
    return repr(frame)


def describe_top(state: GameState) -> str:
    """The frame on top in words, naming what a window offers."""
    top = state.stack[-1]
    if isinstance(top, Window):
        names = "、".join(rule_name(k) for k in window_offers(state, top))
        return f"seat {top.asked} may use {names} ({top.point.value}), or pass"
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


def summary(state: GameState) -> dict[str, object]:
    """Everything ``sgs-table state --json`` prints."""
    seats = []
    for s in state.seats:
        alive = s.alive
        seats.append(
            {
                "seat": s.seat,
                "general": s.generals[0] if s.generals else None,
                "generals": list(s.generals),
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
            describe_top(state) if n == 0 else describe_frame(f)
            for n, f in enumerate(reversed(state.stack))
        ],
        "window": _window(state),
        "timing": timing_point(state),
        "to_act": list(to_act(state)),
        "winner": state.winner,
        "over": state.turn.phase is Phase.OVER,
    }
