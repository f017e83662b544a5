"""群雄演义's skill types (rules 003, 游戏技能类型 3, 4, 6, 7; line 248) on small test
skills: standard skills given a type for the test (``SKILL_KINDS``), and a
generals.toml text with typed skills for the catalogue's checks.
"""

from __future__ import annotations

import dataclasses

import pytest

from engine.catalogue import standard_catalogue
from engine.errors import CatalogueError
from engine.frames import Window
from engine.game import Game
from engine.generals import SkillKind, parse_generals
from engine.skilltypes import SKILL_KINDS, announced, skill_text, switch_state, used_this_game
from tests.engine.helpers import cid, end_turn, play, refused, table

CATALOGUE = standard_catalogue()


def typed(monkeypatch: pytest.MonkeyPatch, key: str, kind: SkillKind) -> None:
    monkeypatch.setitem(SKILL_KINDS, key, kind)


def kurou_table() -> Game:
    """黄盖 (苦肉: lose 1 HP, draw 2) in his play phase, seat 1 of four."""
    g = table(["huanggai", "zhangfei", "zhaoyun", "machao"])
    play(g, "draw 1 x2")
    return g


def kurou(g: Game) -> None:
    play(g, "skill 1 kurou")  # loses 1 HP, then draws two


# ---------------------------------------------------------------- 限定技, 觉醒技


def test_a_limited_skill_is_used_once_a_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """003 line 142: 限定技:每局游戏只能使用一次的技能."""
    typed(monkeypatch, "kurou", SkillKind.LIMITED)
    g = kurou_table()
    kurou(g)
    assert used_this_game(g.state.seat(1), "kurou")
    assert g.state.seat(1).mark("used_kurou") == 1
    refused(g, "skill 1 kurou", "used once a game: seat 1 has used it")
    for _ in range(4):  # the next turn of his: still used
        end_turn(g)
    play(g, "draw 1 x2")
    assert g.state.turn.seat == 1
    refused(g, "skill 1 kurou", "used once a game: seat 1 has used it")


def test_a_limited_skill_reset_may_be_used_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """003 line 248: 视为未发动过:即限x次的技能或限定技重置发动状态 (the mark taken off)."""
    typed(monkeypatch, "kurou", SkillKind.LIMITED)
    g = kurou_table()
    kurou(g)
    play(g, "!mark 1 used_kurou -1")  # as the skill that resets it would enter it
    kurou(g)
    assert used_this_game(g.state.seat(1), "kurou")


def test_an_awakening_skill_is_used_once_a_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """003 line 144: 觉醒技 ... 每局游戏只能发动一次."""
    typed(monkeypatch, "kurou", SkillKind.AWAKENING)
    g = kurou_table()
    kurou(g)
    refused(g, "skill 1 kurou", "used once a game")


def test_a_used_once_a_game_skill_is_not_offered_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """003 line 142: once used, its window does not open again (奸雄 made limited)."""
    typed(monkeypatch, "jianxiong", SkillKind.LIMITED)
    g = table(["zhangfei", "caocao", "zhaoyun", "machao"])  # 张飞's 咆哮: Sha after Sha
    play(g, "draw 1 x2", f"use 1 #{cid('sha', '♠7')} -> 2", "pass 2")
    top = g.state.stack[-1]
    assert isinstance(top, Window) and top.seats == (2,)
    play(g, "skill 2 jianxiong")
    assert used_this_game(g.state.seat(2), "jianxiong") and not g.state.stack
    play(g, f"use 1 #{cid('sha', '♠8')} -> 2", "pass 2")
    assert g.state.seat(2).hp == 2 and not g.state.stack  # no window: 奸雄 is spent


def test_other_skills_are_not_counted(monkeypatch: pytest.MonkeyPatch) -> None:
    """苦肉 with no type: used again and again, no mark."""
    g = kurou_table()
    kurou(g)
    kurou(g)
    assert g.state.seat(1).marks == ()


# ---------------------------------------------------------------- 转换技


def test_a_switching_skill_starts_yang_and_turns_over_at_each_use(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """003 line 148: 转换技:游戏开始时状态为"阳",使用后转为另一个状态."""
    typed(monkeypatch, "kurou", SkillKind.SWITCHING)
    base = next(sk for sk in CATALOGUE.general("huanggai").skills if sk.key == "kurou")
    skill = dataclasses.replace(base, kind=SkillKind.SWITCHING, text_yin="the 阴 text")
    g = kurou_table()
    assert switch_state(g.state.seat(1), "kurou") == "yang"
    assert skill_text(g.state.seat(1), skill) == base.text
    kurou(g)
    assert switch_state(g.state.seat(1), "kurou") == "yin"
    assert skill_text(g.state.seat(1), skill) == "the 阴 text"
    kurou(g)
    assert switch_state(g.state.seat(1), "kurou") == "yang" and g.state.seat(1).marks == ()


# ---------------------------------------------------------------- 隐匿技


def test_a_hidden_skill_is_not_announced(monkeypatch: pytest.MonkeyPatch) -> None:
    """003 line 150: 隐匿技:发动此技能时无需声明."""
    assert announced("kurou")
    typed(monkeypatch, "kurou", SkillKind.HIDDEN)
    assert not announced("kurou")
    g = kurou_table()
    kurou(g)  # recorded all the same, with no mark
    assert g.state.seat(1).marks == ()


# ---------------------------------------------------------------- the catalogue


GENERAL = """
[[general]]
key = "tester"
name = "测试"
kingdom = "qun"
max_hp = 4
gender = "male"

[[general.skills]]
key = "test_skill"
name = "试技"
text = "A test."
timing = "play_phase"
"""


@pytest.mark.parametrize(
    ("fields", "kind", "text_yin"),
    [
        ('kind = "limited"', SkillKind.LIMITED, None),
        ('kind = "awakening"\ncompulsory = true', SkillKind.AWAKENING, None),
        ('kind = "switching"\ntext_yin = "Another test."', SkillKind.SWITCHING, "Another test."),
        ('kind = "hidden"', SkillKind.HIDDEN, None),
        ("", None, None),
    ],
)
def test_generals_toml_gives_a_skill_its_type(
    fields: str, kind: SkillKind | None, text_yin: str | None
) -> None:
    (general,) = parse_generals(GENERAL + fields + "\n", "test", frozenset())
    (skill,) = general.skills
    assert (skill.kind, skill.text_yin) == (kind, text_yin)
    assert skill.as_dict()["kind"] == (kind.value if kind else None)


@pytest.mark.parametrize(
    ("fields", "problem"),
    [
        ('kind = "switching"', "a switching skill needs text_yin"),
        ('text_yin = "Another."', "a switching skill needs text_yin"),
        ('kind = "awakening"', "an awakening skill is compulsory"),
        ('kind = "sometimes"', "unknown value 'sometimes'"),
    ],
)
def test_generals_toml_refuses_a_type_it_cannot_keep(fields: str, problem: str) -> None:
    with pytest.raises(CatalogueError, match=problem):
        parse_generals(GENERAL + fields + "\n", "test", frozenset())


def test_the_standard_generals_have_no_typed_skill() -> None:
    """The 25 standard generals have none of these types (神话再临's have)."""
    standard = [g for g in CATALOGUE.generals if g.package == "standard"]
    assert len(standard) == 25
    assert not any(sk.kind for g in standard for sk in g.skills)
    assert any(sk.kind for g in CATALOGUE.generals for sk in g.skills)
