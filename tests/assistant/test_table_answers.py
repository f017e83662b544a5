"""Table scripts the held-out mode cases (written from the rules documents and the
docs alone) found answered wrong, played through a real table session."""

from __future__ import annotations

from pathlib import Path
from textwrap import dedent

from assistant.cli.play import ScriptRun, play_script
from assistant.i18n.languages import speaking
from assistant.session import parse_script
from assistant.store import Store
from engine.modes.zhulu import seal_holder
from engine.moves import Move
from engine.views import summary
from tests.assistant.test_play_command import play_json, sgs_table


def play(script: str) -> ScriptRun:
    with speaking("en"), Store.open("sqlite://") as store:
        return play_script(parse_script(dedent(script)), store)


def refusals(run: ScriptRun) -> list[str]:
    return [f"{p.input}: {p.message}" for p in run.of("refused")]


ZHULU_ALLIES = """\
    setup zhulu 5
    general 1 zhangfei
    general 2 lvmeng
    general 3 zhaoyun
    general 4 machao
    general 5 lvbu
    deal
    next
    draw 1 2
    skill 1 jiemeng -> 3
    choose 3 yes
    skill 1 jiemeng #1 -> 3
"""


def test_the_seal_seen_in_front_of_a_seat_outside_its_turn_is_used_at_once() -> None:
    # rules 003:442 "玉玺:宝物牌,摸到此牌的角色须立即展示并使用之": seat 3 draws it in
    # seat 1's play phase (结盟's draw); having an ally, 毁盟 settles at once
    run = play(ZHULU_ALLIES + "    see #213 seat3\n    pass 1\n")
    assert refusals(run) == []
    state = run.session.state
    assert seal_holder(state) == 3
    assert state.seat(3).mark("ally") == 0 and state.seat(1).hp == 3
    assert "use 3 #213" in [str(m) for m in run.session.game.moves]


def test_the_seal_seen_with_no_seat_named_outside_a_play_phase_asks_whose_it_is() -> None:
    # seat 2 is asked for a 闪, which the 玉玺 does not answer: any seat may have drawn it
    asked = "    see #2 seat1\n    target 2\n    see #213\n    answer 4号位 玉玺\n"
    run = play(ZHULU_ALLIES + asked)
    assert refusals(run) == []
    assert len(run.of("question")) == 1
    assert seal_holder(run.session.state) == 4
    assert run.session.state.stack  # the 杀 still waits for seat 2's 闪


IDENTITY_SHA = """\
    setup identity 4
    role 1 lord
    general 1 lvbu
    general 2 luxun
    general 3 lvmeng
    general 4 machao
    deal
    next
    draw 1 2
    see #1 seat1
    target 2
    pass 2
    see #2 seat1
"""


def test_a_sha_over_the_play_phase_s_limit_is_refused_for_the_limit() -> None:
    run = play(IDENTITY_SHA)
    assert refusals(run) == [
        "see SG1C002W seat1: #2 Sha♠8: seat 1 has used its Sha for this play phase (1 of 1)"
    ]


def test_the_landlord_s_third_sha_is_refused_for_his_limit_of_two() -> None:
    # 斗地主: the landlord's 跋扈 gives a second 杀 each play phase (rules 001:186)
    run = play("""\
        setup doudizhu 3
        general 1 lvbu
        general 2 luxun
        general 3 lvmeng
        deal
        next
        draw 1 1
        draw 1 2
        see #1 seat1
        target 2
        pass 2
        see #2 seat1
        target 2
        pass 2
        see #3 seat1
    """)
    (refused,) = refusals(run)
    assert refused.endswith("seat 1 has used its Sha for this play phase (2 of 2)")


def test_an_engine_refusal_reads_refused_once(tmp_path: Path) -> None:
    script = tmp_path / "choose.txt"
    script.write_text(dedent(IDENTITY_SHA).replace("see #2 seat1", "choose 3 yes"))
    code, text = sgs_table("play", str(script), "--lang", "en")
    assert code == 0
    assert "choose 3 yes  ->  REFUSED: nothing asks for a choice now\n" in text
    assert "line 13: choose 3 yes: nothing asks for a choice now (the table waited for: " in text
    report = play_json(str(script), "--lang", "en")
    assert [r["reason"] for r in report["refused"]] == ["nothing asks for a choice now"]


NEW1V1_DEATH = """\
    setup new1v1 2
    general 1 zhangfei lvbu machao guanyu zhaoyun xuchu
    general 2 luxun zhugeliang lvmeng huanggai ganning zhouyu
    deal
    next
    draw 1 1
    see #161 seat1
    target 2
    pass 2
    see #162 seat1
    target 2
    pass 2
    see #163 seat1
    target 2
    pass 2
    pass
"""


def test_new_1v1_s_next_general_is_chosen_by_his_chinese_name() -> None:
    # README: "A general is its key or its Chinese name"; rules 001:103 the next general
    run = play(NEW1V1_DEATH + "    choose 2 吕蒙\n")
    assert refusals(run) == []
    assert run.session.state.seat(2).generals[0] == "lvmeng"
    assert str(run.session.game.moves[-1]) == "choose 2 lvmeng"
    assert Move.parse("choose 2 吕蒙") == Move.parse("choose 2 lvmeng")


def test_while_new_1v1_s_choice_waits_the_seat_shows_no_general() -> None:
    run = play(NEW1V1_DEATH)
    seat = summary(run.session.state)["seats"][1]  # type: ignore[index]
    assert (seat["general"], seat["hp"]) == (None, 0)
    assert seat["generals"] == ["zhugeliang", "lvmeng", "huanggai", "ganning", "zhouyu"]
    run = play(NEW1V1_DEATH + "    choose 2 lvmeng\n")
    seat = summary(run.session.state)["seats"][1]  # type: ignore[index]
    assert (seat["general"], seat["hp"], seat["max_hp"]) == ("lvmeng", 4, 4)


SHEN = """\
    setup identity 5 packages=standard,ex,maneuvering,wind
    role 1 lord
    general 1 caocao
    general 2 shenguanyu kingdom=蜀
    general 3 guanyu kingdom=wei
"""


def test_a_kingdom_for_a_general_who_is_no_shen_general_is_refused_without_a_hint(
    tmp_path: Path,
) -> None:
    script = tmp_path / "shen.txt"
    script.write_text(dedent(SHEN))
    report = play_json(str(script), "--lang", "en")
    (refused,) = report["refused"]
    assert refused["input"] == "general 3 guanyu kingdom=wei"
    assert "did you mean" not in refused["reason"], refused["reason"]
    assert refused["reason"].startswith("only a 神 general chooses a kingdom")


def test_state_json_gives_each_seat_s_kingdom() -> None:
    # rules 000:40 "使用神武將的玩家在遊戲開始時選定武將勢力"
    run = play(SHEN.replace("general 3 guanyu kingdom=wei", "general 3 guanyu"))
    kingdoms = [seat["kingdom"] for seat in summary(run.session.state)["seats"]]  # type: ignore[attr-defined]
    assert kingdoms == ["wei", "shu", "shu", None, None]


def test_a_hegemony_seat_s_kingdom_is_unknown_until_a_general_is_face_up() -> None:
    run = play("""\
        setup hegemony 4
        general 1 caocao xiahoudun
        general 2 liubei guanyu
        general 3 sunquan zhouyu
        general 4 lvbu diaochan
        reveal 2 guanyu
    """)
    kingdoms = [seat["kingdom"] for seat in summary(run.session.state)["seats"]]  # type: ignore[attr-defined]
    assert kingdoms == [None, "shu", None, None]


def test_a_script_s_general_line_reads_the_record_s_commas() -> None:
    run = play("""\
        setup 1v1 2
        general 1 luxun,诸葛亮,lvmeng
        general 2 zhangfei, lvbu,machao
    """)
    assert refusals(run) == []
    assert [s.generals for s in run.session.state.seats] == [
        ("luxun", "zhugeliang", "lvmeng"),
        ("zhangfei", "lvbu", "machao"),
    ]
    assert [str(m) for m in run.session.game.moves[1:]] == [
        "general 1 luxun,zhugeliang,lvmeng",
        "general 2 zhangfei,lvbu,machao",
    ]


def test_hidden_on_a_script_s_general_line_is_hegemony_s_face_down_generals() -> None:
    run = play("""\
        setup hegemony 4
        general 1 caocao,xiahoudun hidden
        general 2 liubei guanyu hidden
        general 3 sunquan zhouyu
        general 4 lvbu diaochan
    """)
    assert refusals(run) == []
    assert all(s.hidden == s.generals for s in run.session.state.seats)
    run = play("""\
        setup identity 4
        general 1 caocao hidden
    """)
    (refused,) = refusals(run)
    assert refused.endswith("generals are face down only in hegemony (国战)")


def test_a_sha_after_tianyi_is_lost_is_refused_for_tianyi() -> None:
    # 天义 not won: "你不能使用杀" this turn (engine/skills/fire/taishici.py)
    run = play("""\
        setup identity 4 packages=standard,ex,maneuvering,fire
        role 1 lord
        general 1 taishici
        general 2 pangde
        general 3 yanliangwenchou
        general 4 yuanshao
        deal
        next
        draw 1 2
        skill 1 tianyi -> 3
        see #8 seat1
        see #22 seat3
        see #1 seat1
    """)
    (refused,) = refusals(run)
    assert refused.endswith("#1 Sha♠7: Heavenly Justice: no Sha this turn"), refused
