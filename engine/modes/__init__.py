"""Game modes, one small module each behind the :class:`Mode` interface."""

from __future__ import annotations

from engine.modes.base import Mode, NeedRole
from engine.modes.identity import Identity

MODES: dict[str, Mode] = {m.name: m for m in (Identity(),)}


def mode_named(name: str) -> Mode | None:
    return MODES.get(name)


__all__ = ["MODES", "Mode", "NeedRole", "mode_named"]
