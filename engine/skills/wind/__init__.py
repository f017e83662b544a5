"""神话再临 · 风 (wind): each general's skills in a module of its own, by its key in
engine/data/generals/wind.toml. Importing this package registers their rules."""

from engine.skills.wind import (
    caoren,
    huangzhong,
    shenguanyu,
    shenlvmeng,
    weiyan,
    xiahouyuan,
    xiaoqiao,
    yuji,
    zhangjiao,
    zhoutai,
)

__all__ = [
    "caoren",
    "huangzhong",
    "shenguanyu",
    "shenlvmeng",
    "weiyan",
    "xiahouyuan",
    "xiaoqiao",
    "yuji",
    "zhangjiao",
    "zhoutai",
]
