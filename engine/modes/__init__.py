"""Game modes, one small module each behind the :class:`Mode` interface."""

from __future__ import annotations

from engine.modes.base import DeathEffects, Mode, NeedRole
from engine.modes.doudizhu import Doudizhu
from engine.modes.duels import OneVsOne, ThreeVsThree, TwoVsTwo
from engine.modes.hegemony import Hegemony
from engine.modes.identity import Identity
from engine.modes.jiange import Jiange
from engine.modes.xuezhan import Xuezhan
from engine.modes.zhongdan import Zhongdan
from engine.modes.zhuhou import Zhuhou

MODES: dict[str, Mode] = {
    m.name: m
    for m in (
        Identity(),
        OneVsOne(),
        TwoVsTwo(),
        ThreeVsThree(),
        Hegemony(),
        Doudizhu(),
        Zhongdan(),
        Zhuhou(),
        Xuezhan(),
        Jiange(),
    )
}


def mode_named(name: str) -> Mode | None:
    return MODES.get(name)


__all__ = ["MODES", "DeathEffects", "Mode", "NeedRole", "mode_named"]
