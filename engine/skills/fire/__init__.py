"""神话再临 · 火 (fire): each general's skills in a module of its own, by its key in
engine/data/generals/fire.toml. Importing this package registers their rules."""

from engine.skills.fire import (
    dianwei,
    pangde,
    pangtong,
    shenzhouyu,
    shenzhugeliang,
    taishici,
    wolong,
    xunyu,
    yanliangwenchou,
    yuanshao,
)

__all__ = [
    "dianwei",
    "pangde",
    "pangtong",
    "shenzhouyu",
    "shenzhugeliang",
    "taishici",
    "wolong",
    "xunyu",
    "yanliangwenchou",
    "yuanshao",
]
