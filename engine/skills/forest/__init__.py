"""神话再临 · 林 (forest): each general's skills in a module of its own, by its key in
engine/data/generals/forest.toml. Importing this package registers their rules."""

from engine.skills.forest import (
    caopi,
    dongzhuo,
    jiaxu,
    lusu,
    menghuo,
    shencaocao,
    shenlvbu,
    sunjian,
    xuhuang,
    zhurong,
)

__all__ = [
    "caopi",
    "dongzhuo",
    "jiaxu",
    "lusu",
    "menghuo",
    "shencaocao",
    "shenlvbu",
    "sunjian",
    "xuhuang",
    "zhurong",
]
