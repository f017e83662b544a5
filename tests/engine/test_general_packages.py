"""Packages of generals at setup, the 神 generals' kingdom, and the modes' bans.

Rules 001: identity may add 神话再临 (可用擴展包:神話再臨(武將) ...); 1V1 only
风 without its 神 generals (line 96: 可用擴展包:神話再臨-風(除神武將外)), and
its customary 四禁 (line 107: 孙权、曹操、华佗、吕蒙); 斗地主 bans 神关羽 (line 184:
禁用了特定武將,如神關羽); 诸侯伐董's 禁將 (line 192: ...左慈...大喬、徐晃...孫堅,
以及所有神武將).
"""

from __future__ import annotations

import pytest

from engine.game import Game
from engine.moves import Move
from engine.table import IllegalMove


def game(*lines: str) -> Game:
    g = Game()
    for line in lines:
        g.push(Move.parse(line))
    return g


def refused(g: Game, line: str) -> str:
    with pytest.raises(IllegalMove) as caught:
        g.push(Move.parse(line))
    return str(caught.value)


def test_a_packs_general_sits_only_when_the_setup_names_its_pack() -> None:
    g = game("setup identity 5", "role 1 lord")
    assert "wind package, not in this game" in refused(g, "general 2 xiahouyuan")
    g = game("setup identity 5 packages=standard,ex,maneuvering,wind", "role 1 lord")
    g.push(Move.parse("general 2 xiahouyuan"))
    assert g.state.seat(2).generals == ("xiahouyuan",)
    assert "fire package" in refused(g, "general 3 dianwei")


def test_an_unknown_package_is_refused_naming_the_known_ones() -> None:
    with pytest.raises(IllegalMove, match=r"unknown package 'wood'.*wind, fire, forest, mountain"):
        game("setup identity 5 packages=standard,ex,maneuvering,wood")


def test_a_god_chooses_his_kingdom_in_identity_and_plays_for_it() -> None:
    g = game("setup identity 5 packages=standard,ex,maneuvering,wind", "role 1 lord")
    assert "chooses a kingdom" in refused(g, "general 2 shenguanyu")
    g.push(Move.parse("general 2 shenguanyu kingdom=shu"))
    assert g.state.seat(2).kingdom == "shu"
    assert "only a 神 general" in refused(g, "general 3 caocao kingdom=shu")
    assert "unknown kingdom 'god'" in refused(g, "general 3 shenlvmeng kingdom=god")


def test_outside_identity_a_god_stays_a_god() -> None:
    g = game("setup 2v2 4 packages=standard,ex,maneuvering,wind")
    g.push(Move.parse("general 1 shenguanyu"))
    assert g.state.seat(1).kingdom == "god"
    assert "only a 神 general" in refused(g, "general 2 shenlvmeng kingdom=wu")


def test_1v1_plays_with_wind_only_and_without_gods() -> None:
    with pytest.raises(IllegalMove, match="standard, wind \\(not fire\\)"):
        game("setup 1v1 2 packages=standard,ex,maneuvering,fire")
    g = game("setup 1v1 2 packages=standard,ex,maneuvering,wind")
    g.push(Move.parse("general 1 xiahouyuan,caoren,huangzhong"))
    assert "bans 神关羽" in refused(g, "general 2 shenguanyu,weiyan,xiaoqiao")


def test_1v1_four_bans_leave_out_sunquan_caocao_huatuo_lvmeng() -> None:
    g = game("setup 1v1 2 variant=four_bans")
    for banned in ("sunquan", "caocao", "huatuo", "lvmeng"):
        assert "bans" in refused(g, f"general 1 {banned},guanyu,zhangfei")
    g.push(Move.parse("general 1 guanyu,zhangfei,zhaoyun"))
    plain = game("setup 1v1 2")
    plain.push(Move.parse("general 1 sunquan,caocao,huatuo"))  # without the variant: allowed


def test_doudizhu_bans_shenguanyu() -> None:
    g = game("setup doudizhu 3 packages=standard,ex,maneuvering,wind")
    assert "bans 神关羽" in refused(g, "general 2 shenguanyu")


@pytest.mark.parametrize("key", ["zuoci", "daqiao", "xuhuang", "sunjian", "shencaocao"])
def test_zhuhou_bans_its_generals_and_every_god(key: str) -> None:
    g = game("setup zhuhou 5 packages=standard,ex,maneuvering,wind,fire,forest,mountain")
    assert "bans" in refused(g, f"general 2 {key}")
