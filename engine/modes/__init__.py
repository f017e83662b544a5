"""Game modes, one small module each behind the :class:`Mode` interface."""

from __future__ import annotations

from engine.modes.base import DeathEffects, Mode, NeedRole, RevealEffects, Split, Transform
from engine.modes.doudizhu import Doudizhu
from engine.modes.duels import OneVsOne, ThreeVsThree, TwoVsTwo
from engine.modes.hegemony import Hegemony
from engine.modes.hulao import Hulao
from engine.modes.identity import Identity
from engine.modes.jiange import Jiange
from engine.modes.new1v1 import NewOneVsOne
from engine.modes.xuezhan import Xuezhan
from engine.modes.zhongdan import Zhongdan
from engine.modes.zhuhou import Zhuhou
from engine.modes.zhulu import Zhulu

MODES: dict[str, Mode] = {
    m.name: m
    for m in (
        Identity(),
        OneVsOne(),
        TwoVsTwo(),
        ThreeVsThree(),
        Hegemony(),
        NewOneVsOne(),
        Zhulu(),
        Doudizhu(),
        Zhongdan(),
        Zhuhou(),
        Xuezhan(),
        Jiange(),
        Hulao(),
    )
}


def mode_named(name: str) -> Mode | None:
    return MODES.get(name)


__all__ = [
    "MODES",
    "DeathEffects",
    "Mode",
    "NeedRole",
    "RevealEffects",
    "Split",
    "Transform",
    "mode_named",
]
