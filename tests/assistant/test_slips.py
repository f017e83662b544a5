"""A table that errs is never read silently: what waits is never replaced, and the region
a card lies in is never overridden (issue #25, fault group 4 and the mutation run).

Each case was a silent mis-read before: the second card replaced the first one waiting
for its target without a word; a card laid in front of one seat was taken as the card
of another (a 杀 shown in front of seat 2 as the card 过河拆桥 took of seat 3, a card in
front of seat 2 as 仁德's card of seat 1).
"""

from __future__ import annotations

from assistant.session import Reply, TableSession, parse_script, perform
from tests.assistant.test_script import SETUP

# Seat 1 (刘备) has drawn; its play phase.
PLAYING = SETUP + "draw 1 2\n"


def playing(more: str = "") -> TableSession:
    session = TableSession()
    for command in parse_script(PLAYING + more):
        assert perform(session, command).ok, str(command)
    return session


def line(session: TableSession, text: str) -> Reply:
    return perform(session, parse_script(text)[0])


def moves(session: TableSession) -> list[str]:
    return [str(m) for m in session.game.moves]


def test_a_second_card_never_replaces_the_card_waiting_for_its_target() -> None:
    session = playing("see #1 seat1\n")  # 杀♠7 waits for its target
    before = moves(session)
    reply = line(session, "see #2 seat1")  # another 杀: the first is not forgotten
    assert reply.refused
    assert "#1" in reply.message and "waits for its target" in reply.message
    assert moves(session) == before
    assert "#1" in session.prompt.text  # still waiting, as before
    assert line(session, "target 2").move == "use 1 #1 -> 2"


def test_an_answer_laid_in_front_of_a_seat_names_it_the_target() -> None:
    """No target tap: the 闪 laid in front of seat 2 says the 杀 was on seat 2."""
    session = playing("see #1 seat1\n")
    before = len(session.game.moves)
    reply = line(session, "see #31 seat2")  # 闪♥2
    assert reply.ok, reply.message
    assert moves(session)[before:] == ["use 1 #1 -> 2", "respond 2 #31"]


def test_an_answer_of_a_seat_the_card_may_not_target_is_refused() -> None:
    """Seat 3 is out of the 杀's range (distance 2): nothing is guessed."""
    session = playing("see #1 seat1\n")
    before = moves(session)
    reply = line(session, "see #32 seat3")
    assert reply.refused
    assert moves(session) == before and "#1" in session.prompt.text


def test_a_trick_anyone_may_nullify_is_not_targeted_by_a_card_laid() -> None:
    """过河拆桥 waits for its target; a card in front of seat 3 could be a 无懈可击 of
    anyone's, or the card taken: the target is tapped, not guessed."""
    session = playing("see #54 seat1\n")
    before = moves(session)
    assert line(session, "see #40 seat3").refused
    assert moves(session) == before and "#54" in session.prompt.text


def test_the_card_taken_of_a_target_lies_in_front_of_the_target() -> None:
    session = playing("see #54 seat1\ntarget 3\n")  # 过河拆桥 on seat 3
    before = len(session.game.moves)
    assert line(session, "see #40 seat2").refused  # not seat 3's: nothing guessed
    assert len(session.game.moves) == before
    reply = line(session, "see #40 seat3")  # where it lies: nobody nullified, seat 3's card
    assert reply.ok, reply.message
    assert moves(session)[before:] == ["pass", "discard 3 #40"]


def test_the_card_taken_lies_in_front_of_the_target_once_nobody_nullified() -> None:
    session = playing("see #54 seat1\ntarget 3\npass\n")
    before = len(session.game.moves)
    reply = line(session, "see #40 seat2")
    assert reply.refused
    assert "seat 2" in reply.message and "seat 3" in reply.message
    assert len(session.game.moves) == before


def test_a_skills_card_lies_in_front_of_the_skills_seat() -> None:
    session = playing("skill 1 rende\n")
    reply = line(session, "see #5 seat2")
    assert reply.refused
    assert "seat 2" in reply.message and "仁德" in reply.message
    assert line(session, "see #5 seat1").ok  # 仁德's card, laid by seat 1
    assert session.prompt.skill is not None and session.prompt.skill.cards == (5,)


# ---------------------------------------------------------------- fewer taps

# Seats 3, 4 and 5 dead: seat 2 is the only seat left for seat 1's cards.
TWO_LEFT = "hp 5 -3\nrole 5 rebel\nhp 4 -4\nrole 4 rebel\nhp 3 -4\nrole 3 loyalist\n"


def test_a_card_with_one_legal_target_needs_no_tap() -> None:
    session = playing(TWO_LEFT)
    before = len(session.game.moves)
    reply = line(session, "see #1 seat1")
    assert reply.move == "use 1 #1 -> 2"
    assert "only legal target" in reply.message
    # The tap a table used to make is accepted and does nothing.
    assert line(session, "target 2").ok
    assert moves(session)[before:] == ["use 1 #1 -> 2"]
    # Not twice: a second tap is what it is (nothing waits for a target).
    assert line(session, "target 2").refused


def test_the_turns_next_card_means_the_seat_asked_had_no_shan() -> None:
    """Seat 2, asked for a 闪, gives nothing; seat 1 lays its next card: seat 2 passed
    (and took the damage), then the card is read."""
    session = playing("see #1 seat1\ntarget 2\n")
    before = len(session.game.moves)
    reply = line(session, "see #55 seat1")  # 过河拆桥
    assert reply.ok, reply.message
    assert moves(session)[before:] == ["pass 2"]
    assert session.state.seat(2).hp == session.state.seat(2).max_hp - 1
    assert "#55" in session.prompt.text  # waits for its target


def test_the_turns_end_means_the_seat_asked_had_no_shan() -> None:
    session = playing("see #1 seat1\ntarget 2\n")
    before = len(session.game.moves)
    assert line(session, "next").ok
    assert moves(session)[before:] == ["pass 2", "next"]


def test_a_card_of_another_seat_does_not_pass_the_seat_asked() -> None:
    """Only the turn's seat moves the table on: a card in front of seat 3 while seat 2
    is asked is refused, changing nothing."""
    session = playing("see #1 seat1\ntarget 2\n")
    before = moves(session)
    assert line(session, "see #55 seat3").refused
    assert moves(session) == before


def test_the_seat_asked_taps_the_skill_its_damage_brings() -> None:
    """曹操, asked for a 闪, taps 奸雄: he had none, took the damage, and gains the 杀."""
    session = TableSession()
    script = PLAYING.replace("general 2 guanyu", "general 2 caocao")
    for command in parse_script(script + "see #1 seat1\ntarget 2\n"):
        assert perform(session, command).ok, str(command)
    before = len(session.game.moves)
    reply = line(session, "skill 2 jianxiong")
    assert reply.ok, reply.message
    assert moves(session)[before:] == ["pass 2", "skill 2 jianxiong"]
    assert session.state.where.get(1) == "hand:2"
