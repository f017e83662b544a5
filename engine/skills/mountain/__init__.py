"""神话再临 · 山 (mountain): each general's skills in a module of its own, by its key in
engine/data/generals/mountain.toml. Importing this package registers their rules."""

from engine.skills.mountain import (
    caiwenji,
    dengai,
    jiangwei,
    liushan,
    shensimayi,
    shenzhaoyun,
    sunce,
    zhanghe,
    zhangzhaozhanghong,
    zuoci,
)

__all__ = [
    "caiwenji",
    "dengai",
    "jiangwei",
    "liushan",
    "shensimayi",
    "shenzhaoyun",
    "sunce",
    "zhanghe",
    "zhangzhaozhanghong",
    "zuoci",
]
