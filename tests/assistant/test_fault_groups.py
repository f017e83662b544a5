"""The table moving on, and the questions and automatic steps a table is not told of
(issue #25, fault groups 1, 2 and 5).

Each test drives a real `TableSession` through table-script lines to the situation, then
checks what docs/table-script.md says should happen:

- group 1: a skill's window (or the request for 无懈可击 before it) that nobody uses
  closes with the next card, tap or `next` that does not use it ("When the table has
  moved on");
- group 2: a card laid by a skill's owner while his window is open is never silently
  his skill's card when the table moving on gives it another legal reading;
- group 5: a question only when two readings are legal and settle differently; no
  automatic step that turns the table's usual tap into a decline; a card the table
  really saw is never refused.
"""

from __future__ import annotations

import pytest

from assistant.session import Reply, TableSession, parse_script, perform
from assistant.session.readings import asks_nullification
from engine.frames import Window
from tests.assistant.test_script import SETUP

# Seat 1 (刘备, lord) has drawn: its play phase.
PLAYING = SETUP + "draw 1 2\n"
WIND = "standard,ex,maneuvering,wind"  # 小乔, 神关羽


def table(script: str) -> TableSession:
    """A session with every line of ``script`` performed, each accepted."""
    session = TableSession()
    for command in parse_script(script):
        reply = perform(session, command)
        assert reply.ok, f"{command}: {reply.message}"
    return session


def line(session: TableSession, text: str) -> Reply:
    return perform(session, parse_script(text)[0])


def moves(session: TableSession) -> list[str]:
    return [str(m) for m in session.game.moves]


def top(session: TableSession) -> object:
    stack = session.state.stack
    return stack[-1] if stack else None


def seated(*generals: str, packages: str = "") -> str:
    """A 5-seat identity table, seat 1 the lord, dealt and started (seat 1's draw phase)."""
    setup = "0 setup identity 5" + (f" packages={packages}" if packages else "")
    seats = "".join(f"general {n} {g}\n" for n, g in enumerate(generals, 1))
    return f"{setup}\nrole 1 lord\n{seats}deal\nnext\n"


# ---------------------------------------------------------------- group 1


# 甄姬 (seat 1) judges for 洛神 in her preparation phase: 桃♥3, red, 洛神 ends; 司马懿
# (seat 2) may use 鬼才 on it. Her 杀♠7 laid next stands for her draw.
LUOSHEN_JUDGED = (
    seated("zhenji", "simayi", "zhaoyun", "sunquan", "huatuo")
    + """\
skill 1 luoshen
see #46 seat1
"""
)
# 刘备 (seat 1) puts 乐不思蜀♠6 on 关羽 (seat 2); in 关羽's judgement phase it is judged:
# 桃♥4, a heart, it fails; 司马懿 (seat 3) may use 鬼才 on it. 关羽's 杀♠7 laid next
# stands for his draw.


def indulgence_judged(*generals: str) -> str:
    """刘备 (seat 1) puts 乐不思蜀♠6 on seat 2, judged in its judgement phase: 桃♥4."""
    return seated(*generals) + "draw 1 2\nsee #85 seat1\ntarget 2\nnext\nsee #47 seat2\n"


INDULGENCE_JUDGED = indulgence_judged("liubei", "guanyu", "simayi", "sunquan", "huatuo")


@pytest.mark.parametrize(
    ("script", "seat", "target"),
    [(LUOSHEN_JUDGED, 1, 2), (INDULGENCE_JUDGED, 2, 1)],
    ids=["luoshen-preparation", "indulgence-judgement"],
)
def test_group1_guicai_window_closed_by_next_card(script: str, seat: int, target: int) -> None:
    """Fault 1a: 司马懿's 鬼才 window after a judgement in the preparation or judgement
    phase was not closed by the next card when that card also stands for the draw.

    Lines: (洛神) `skill 1 luoshen`, `see #46 seat1`, then `see #1 seat1`; (乐不思蜀)
    `see #85 seat1`, `target 2`, `next`, `see #47 seat2`, then `see #1 seat2`. The 杀 is
    laid by the judged seat, not by 司马懿: nobody used 鬼才, the seat drew its 2 and
    plays the 杀 (it waits for its target). It was refused: "nothing asks for it now".
    """
    session = table(script)
    window = top(session)
    assert isinstance(window, Window) and "鬼才" in session.prompt.text
    before = len(session.game.moves)
    reply = line(session, f"see #1 seat{seat}")
    assert reply.ok, reply.message
    # The window closes unused (by the draw itself, or by a silence recorded first).
    assert moves(session)[before:] in ([f"draw {seat} x2"], ["pass", f"draw {seat} x2"])
    assert session.prompt.pending is not None and session.prompt.pending.card_id == 1
    reply = line(session, f"target {target}")
    assert reply.ok, reply.message
    assert moves(session)[-1] == f"use {seat} #1 -> {target}"
    assert "guicai" not in " ".join(moves(session))


def test_group1_rende_closes_nullification_of_ex_nihilo() -> None:
    """Fault 1b: the 无懈可击 chance on 无中生有 was not closed by 刘备's 仁德 button.

    Lines: `see #70 seat1` (无中生有, nobody nullifies: no tap), `skill 1 rende`,
    `see #5 seat1`, `target 2`, `ok`. A skill is an input that only makes sense once
    nobody laid a 无懈可击: the session records `pass`, then 仁德 collects its cards and
    seat. Today the skill button is accepted with nothing recorded and the request left
    open, and the `ok` is refused: "cannot use 仁德 now: anyone may use 无懈可击 against
    无中生有 on seat 1 (or pass)".
    """
    session = table(PLAYING + "see #70 seat1\n")
    assert asks_nullification(top(session))
    before = len(session.game.moves)
    reply = line(session, "skill 1 rende")
    assert reply.ok, reply.message
    assert moves(session)[before:] == ["pass"]  # nobody nullified: 无中生有 settled
    assert not asks_nullification(top(session))
    assert session.prompt.skill is not None and session.prompt.skill.key == "rende"
    assert line(session, "see #5 seat1").ok
    assert line(session, "target 2").ok
    reply = line(session, "ok")
    assert reply.ok, reply.message
    assert moves(session)[before:] == ["pass", "skill 1 rende #5 -> 2"]


# 关羽 (seat 2, 蜀) uses 决斗 on his lord 刘备 (seat 1), who has 激将; 赵云 (seat 3) is
# 蜀 too. Nobody taps the silence on the 无懈可击 request.
DUEL_ON_LIUBEI = (
    SETUP
    + """\
draw 1 2
next
discard 1 x1
draw 2 2
see #65 seat2
target 1
"""
)


def test_group1_jijiang_not_offered_again_after_decline() -> None:
    """Fault 1c: 激将 offered again inside a 决斗 after 刘备 declined it.

    Lines: `see #65 seat2`, `target 1` (决斗 on 刘备; nobody nullifies: no tap),
    `pass 1`: the target of the trick saying 不出 while a 无懈可击 may still be laid:
    nobody nullifies, he declines 激将 and plays no 杀 of his own (1 damage). Today the first
    is read as seat 1 declining 无懈可击 (`pass 1` alone, the request still open, 激将
    to be offered once the others pass) and the second is refused: "seat 1 is not
    asked; seats 2, 3, 4, 5 are".
    """
    session = table(DUEL_ON_LIUBEI)
    assert asks_nullification(top(session))
    hp = session.state.seat(1).hp
    before = len(session.game.moves)
    reply = line(session, "pass 1")
    assert reply.ok, reply.message
    # The seat gives nothing (docs/table-script.md): nobody nullifies, 激将 declined and
    # not offered again, no 杀 of his own: one tap, 1 damage.
    assert moves(session)[before:] == ["pass", "pass 1", "pass 1"]
    assert session.state.seat(1).hp == hp - 1
    assert not session.state.stack  # the 决斗 is over: 关羽's play phase
    assert line(session, "pass 1").refused  # nothing more to pass on


# 刘备 (seat 1) uses 南蛮入侵; nobody nullifies for 小乔 (seat 2), who plays no 杀: 1
# damage, and her 天香 window opens.
SAVAGE_TIANXIANG = (
    seated("liubei", "xiaoqiao", "zhaoyun", "sunquan", "huatuo", packages=WIND)
    + """\
draw 1 2
see #77 seat1
pass 2
"""
)


def test_group1_tianxiang_window_then_next_seat_pass_declines_sha() -> None:
    """Fault 1d: after an unused 天香 window during 南蛮入侵, the next seat's `pass` was
    read as declining 无懈可击 on its own step.

    Lines: `see #77 seat1`, `pass 2` (小乔: no 杀, 1 damage; 天香 window), `pass 3`.
    赵云's `pass 3` is the target of the trick saying 不出: 天香 closes unused, nobody
    nullifies for him, and he plays no 杀 (1 damage); 南蛮入侵 goes on to seat 4. Today
    it is recorded as `pass 3` alone, seat 3 declining 无懈可击 for himself, the request
    still open for the others; a second `pass 3` is refused ("seat 3 is not asked;
    seats 1, 2, 4, 5 are").
    """
    session = table(SAVAGE_TIANXIANG)
    assert isinstance(top(session), Window) and "天香" in session.prompt.text
    hp2, hp3 = session.state.seat(2).hp, session.state.seat(3).hp
    before = len(session.game.moves)
    reply = line(session, "pass 3")
    assert reply.ok, reply.message
    made = moves(session)[before:]
    # The window's silence (or 小乔's decline) and nobody's 无懈可击, then seat 3's 不出.
    assert made[-1] == "pass 3"
    assert len(made) == 3 and all(m in ("pass", "pass 2") for m in made[:-1]), made
    assert made[1] == "pass"  # nobody nullifies for seat 3
    assert session.state.seat(2).hp == hp2 - 1  # 天香 unused: she takes her damage
    assert session.state.seat(3).hp == hp3 - 1  # 不出: he takes his
    assert asks_nullification(top(session))  # 南蛮入侵 goes on to seat 4
    assert "on seat 4" in session.prompt.text


# ---------------------------------------------------------------- group 2

# 刘备 (seat 1) puts 乐不思蜀♠6 on 司马懿 (seat 2); it is judged in 司马懿's judgement
# phase: 桃♥4, a heart, it fails. His own 鬼才 window is open.
SIMAYI_JUDGED = indulgence_judged("liubei", "simayi", "zhaoyun", "sunquan", "huatuo")


def test_group2_owner_card_not_silently_guicai() -> None:
    """Fault 2: a card laid by a skill's owner became his skill card with no question.

    Lines: `see #85 seat1`, `target 2`, `next`, `see #47 seat2` (乐不思蜀 judged on
    司马懿: a heart), then `see #1 seat2`: 司马懿 lets his judgement stand, draws, and
    lays 杀♠7. Two readings are legal: 鬼才 with the 杀 (a spade: 乐不思蜀 takes
    effect) or the window closed, the draw, and the 杀 played. The session must ask, or
    take the reading the table moving on implies (the draw, then the 杀 waiting for its
    target). Today it records `skill 2 guicai #1` with no question.
    """
    session = table(SIMAYI_JUDGED)
    assert isinstance(top(session), Window) and "鬼才" in session.prompt.text
    before = len(session.game.moves)
    reply = line(session, "see #1 seat2")
    assert "skill 2 guicai #1" not in moves(session)[before:], reply.message
    if reply.asks:
        question = session.prompt.question
        assert question is not None
        assert len(question.options) == 2
        assert any("鬼才" in o for o in question.options)
        other = next(o for o in question.options if "鬼才" not in o)
        reply = line(session, f"answer '{other}'")
    assert reply.ok, reply.message
    assert moves(session)[before:] in (["draw 2 x2"], ["pass", "draw 2 x2"])
    assert session.prompt.pending is not None and session.prompt.pending.card_id == 1
    assert line(session, "target 1").ok
    assert moves(session)[-1] == "use 2 #1 -> 1"


# ---------------------------------------------------------------- group 5

# 大乔 (seat 2) has drawn: her play phase.
DAQIAO_PLAYING = (
    seated("liubei", "daqiao", "zhaoyun", "sunquan", "huatuo")
    + """\
draw 1 2
next
discard 1 x1
draw 2 2
"""
)


def test_group5_guose_asks_only_when_both_readings_legal() -> None:
    """Fault 5a: 国色 (大乔) laying a ♦ card in her play phase asks "杀 / 乐不思蜀".

    A real question only when both readings are legal. Lines: `see #25 seat2` (杀♦6,
    her 杀 still to use: both legal, asked), `answer 杀`, `target 3`, `pass 3`; then
    `see #26 seat2` (杀♦7, her 杀 used: only 乐不思蜀), `target 4`; `see #34 seat2`
    (闪♦2: only 乐不思蜀). Today's behaviour is already this: the test passes.
    """
    session = table(DAQIAO_PLAYING)
    reply = line(session, "see #25 seat2")
    assert reply.asks, reply.message
    question = session.prompt.question
    assert question is not None and question.options == ("杀", "乐不思蜀 (国色)")
    assert line(session, "answer 杀").ok
    assert line(session, "target 3").move == "use 2 #25 -> 3"
    assert line(session, "pass 3").ok
    reply = line(session, "see #26 seat2")  # no 杀 left this phase: 乐不思蜀 only
    assert reply.ok and not reply.asks, reply.message
    assert session.prompt.pending is not None
    assert session.prompt.pending.as_kind == "indulgence"
    assert line(session, "target 4").move == "use 2 #26 as indulgence -> 4"
    reply = line(session, "see #34 seat2")  # a 闪 cannot be used: 乐不思蜀 only
    assert reply.ok and not reply.asks, reply.message
    assert session.prompt.pending is not None
    assert session.prompt.pending.as_kind == "indulgence"


def test_group5_next_after_biyue_auto_end_is_noop() -> None:
    """Fault 5b: 闭月 (貂蝉) ends the turn by itself, so the usual `next` (结束) then
    declined the next player's 观星 (诸葛亮).

    Lines: 貂蝉's turn `draw 2 2`, `next`, `discard 2 x3`, `skill 2 biyue`, then `next`,
    `skill 3 guanxing`. The `next` right after the turn ended by itself is accepted and
    does nothing (as after a discard that ends the discard phase), 观星 still offered.
    Today it is recorded as `next`: 观星 declined, and `skill 3 guanxing` is refused
    ("观星 is not used now: waiting for seat 3: draw phase").
    """
    session = table(
        seated("liubei", "diaochan", "zhugeliang", "sunquan", "huatuo")
        + """\
draw 1 2
next
discard 1 x1
draw 2 2
next
discard 2 x3
skill 2 biyue
"""
    )
    assert isinstance(top(session), Window) and "观星" in session.prompt.text
    assert session.state.turn.seat == 3
    before = len(session.game.moves)
    reply = line(session, "next")
    assert reply.ok, reply.message
    assert moves(session)[before:] == []
    assert isinstance(top(session), Window) and "观星" in session.prompt.text
    reply = line(session, "skill 3 guanxing")
    assert reply.ok, reply.message
    assert moves(session)[before:] == ["skill 3 guanxing"]


def test_group5_shenguanyu_heart_fire_sha_no_question() -> None:
    """Fault 5c: 神关羽's ♥火杀 asked "火杀 / 杀 (武神)" though both readings settle the
    same (武神: his heart hand cards count as 杀 and nothing else).

    Lines: 神关羽's turn `draw 2 2`, `see #118 seat2` (火杀♥4), `target 3`. No question:
    the card waits for its target. Today: "question: #118 火杀♥4: which is it? (火杀 /
    杀 (武神))".
    """
    session = table(
        seated("liubei", "神关羽 kingdom=蜀", "zhaoyun", "sunquan", "huatuo", packages=WIND)
        + """\
draw 1 2
next
discard 1 x1
draw 2 2
"""
    )
    before = len(session.game.moves)
    reply = line(session, "see #118 seat2")
    assert not reply.asks, reply.message
    assert reply.ok, reply.message
    assert session.prompt.pending is not None and session.prompt.pending.card_id == 118
    assert line(session, "target 3").ok
    assert moves(session)[before:] in (["use 2 #118 -> 3"], ["use 2 #118 as sha -> 3"])
