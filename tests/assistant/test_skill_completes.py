"""A skill being entered is used by itself once nothing more can be added: no 确定 to tap,
and it never waits, forgotten, for a tap the table does not know it owes.

节命 takes one seat for each point of damage: after 1 damage, the one seat tapped is
all it can take (it waited for 确定, and the next input dropped it without a word).
"""

from __future__ import annotations

from pathlib import Path

from assistant.session import TableSession, parse_script, perform

SAMPLE = Path(__file__).resolve().parents[2] / "samples" / "skills-fire-1.txt"
# The sample up to 荀彧's 节命 after the chained fire's 1 damage (its line 47 names the
# seat with the skill at once: `skill 2 jieming -> 1`).
BEFORE_JIEMING = "\n".join(SAMPLE.read_text(encoding="utf-8").splitlines()[:46]) + "\n"


def at_jieming() -> TableSession:
    session = TableSession()
    for command in parse_script(BEFORE_JIEMING):
        assert not perform(session, command).refused, str(command)
    return session


def test_jieming_with_its_one_seat_is_used_at_once() -> None:
    session = at_jieming()
    before = len(session.game.moves)
    asked = perform(session, parse_script("22 skill 2 jieming")[0])
    assert asked.ok and asked.move is None  # the seat to tap
    made = perform(session, parse_script("22 target 1")[0])
    assert made.move == "skill 2 jieming -> 1"
    assert [str(m) for m in session.game.moves[before:]] == ["skill 2 jieming -> 1"]
    assert session.prompt.text == session.prompt.base.text  # nothing of the skill waits


def test_a_confirm_right_after_is_done_already() -> None:
    session = at_jieming()
    for line in ("22 skill 2 jieming", "22 target 1"):
        perform(session, parse_script(line)[0])
    moves = session.moves
    reply = perform(session, parse_script("22 ok")[0])
    assert reply.ok and reply.move is None
    assert session.moves == moves
    # Only once: a second 确定 is read as usual (nothing to confirm in seat 4's play phase).
    again = perform(session, parse_script("22 ok")[0])
    assert again.refused and again.message.startswith("OK: nothing to confirm now")
