"""Session input hardening (issue 16, item 7): regions, sighting kinds, foreign QR codes, reload.

Every bad input is one refused line that raises nothing and changes nothing
(the moves and the prompt stay as they were); a QR code that is not one of
our stickers is never repeated in what the session says or journals; and a
session whose store was written by another session reloads in place.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from assistant.session import Command, Reply, TableSession, parse_script, perform, sightings
from assistant.session.script import sighting_command
from assistant.session.sightings import Sighting, region_seat
from assistant.store import Store
from engine.moves import Move
from tests.assistant.test_script import SETUP as SEATED
from vision.payload import CardTag, GeneralTag, encode

SETUP = SEATED + "draw 1 2\n"
SHA = encode(CardTag(1))  # 杀♠7: seat 1, in its play phase, lays it and it waits for a target
SECRET = "secret123"
FOREIGN = [
    f"WIFI:S:home;T:WPA;P:{SECRET};;",
    f"https://alice:{SECRET}@example.com/x",
    f"MECARD:N:Alice;TEL:{SECRET};;",
    f"BEGIN:VCARD\nNOTE:{SECRET}\nEND:VCARD",
    SECRET,
    f"#{SECRET}",
    f"SG1{SECRET.upper()}",
    f"SG1C{SECRET}",
    f"WIFI:S:{'x' * 60};P:{SECRET};;",
    f"{SECRET}://host",
]


def playing(store: Store | None = None) -> TableSession:
    """Seat 1 in its play phase, 2 cards drawn."""
    session = TableSession(store)
    for command in parse_script(SETUP):
        assert perform(session, command).ok, str(command)
    return session


def refused_and_unchanged(session: TableSession, act: Sighting | Command) -> Reply:
    """The input is refused in one line, nothing raised, moves and prompt as they were."""
    moves, prompt = session.moves, session.prompt
    reply = session.sight(act) if isinstance(act, Sighting) else perform(session, act)
    assert reply.refused, reply
    assert reply.move is None
    assert reply.message and "\n" not in reply.message
    assert session.moves == moves and session.prompt == prompt
    return reply


# ------------------------------------------------------------ regions

BAD_REGIONS = [
    "seat\u0661",  # seat١: an Arabic-Indic digit one
    "seat\u00b2",  # seat²: a superscript two
    "seat\uff11",  # seat１: a full-width digit
    "seat0",
    "seat00",
    "seat100",
    "seat003",
    "seat99999999999999999999",
    "seat",
    "seat3x",
    "seat-3",
    "中央",
    "seat\n3",
]


def test_region_seat_reads_only_plain_ascii_seat_ids() -> None:
    accepted = {"seat1": 1, "seat 3": 3, "seat_3": 3, "SEAT1": 1, "Seat 12": 12, "seat03": 3}
    for region, seat in accepted.items():
        assert region_seat(region) == seat, region
        assert sightings.region_problem(region) is None, region
    for other in ("centre", "table", None):  # other names: no seat, and no refusal
        assert region_seat(other) is None and sightings.region_problem(other) is None
    for region in BAD_REGIONS:
        assert region_seat(region) is None, region
        problem = sightings.region_problem(region)
        assert problem is not None and "\n" not in problem, region


@pytest.mark.parametrize("region", BAD_REGIONS)
def test_a_bad_region_is_refused_and_changes_nothing(region: str) -> None:
    session = playing()
    for kind in ("seen", "gone"):
        reply = refused_and_unchanged(session, Sighting(SHA, region, 50.0, kind))
        assert "region" in reply.message
    # The sticker itself was fine: laid with a good region, it waits for its target.
    assert session.sight(Sighting(SHA, "seat1", 51.0)).ok
    assert session.prompt.pending is not None


def test_a_general_seen_at_a_foreign_digit_is_not_seat_one() -> None:
    session = TableSession()
    assert perform(session, parse_script("setup identity 5")[0]).ok
    liubei = encode(GeneralTag(8))
    refused_and_unchanged(session, Sighting(liubei, "seat\u0661", 1.0))
    assert session.state.seat(1).generals == ()
    assert session.sight(Sighting(liubei, "SEAT1", 2.0)).ok  # case does not matter
    assert session.state.seat(1).generals == ("liubei",)


# ------------------------------------------------------------ kinds


@pytest.mark.parametrize("kind", ["moved", "SEEN", "", "duplicate", "gone " * 30])
def test_an_unknown_sighting_kind_is_refused(kind: str) -> None:
    session = playing()
    reply = refused_and_unchanged(session, Sighting(SHA, None, 50.0, kind))
    assert "sighting kind" in reply.message and len(reply.message) < 120
    assert session.sight(Sighting(SHA, None, 50.0, "gone")).ok  # the known kinds still work
    assert session.sight(Sighting(SHA, None, 51.0, "seen")).ok


# ------------------------------------------------------------ foreign QR codes


@pytest.fixture
def stored(tmp_path: Path) -> Iterator[Store]:
    store = Store.open("sqlite:///" + str(tmp_path / "g.db"))
    yield store
    store.close()


def test_a_foreign_qr_code_is_never_echoed(stored: Store) -> None:
    session = playing(stored)
    assert session.game_id is not None
    moves = session.moves
    replies: list[Reply] = []
    for n, payload in enumerate(FOREIGN):
        t = 50.0 + n
        for kind in ("seen", "seen", "gone"):  # the same code twice: no duplicate echo either
            reply = perform(session, sighting_command(kind, payload, "seat1", t))
            replies.append(reply)
            if kind == "seen":
                assert reply.refused and "\n" not in reply.message, payload
    assert session.prompt.pending is None and session.moves == moves
    said = [r.message for r in replies] + session.warnings
    said += [row.reply for row in stored.inputs(session.game_id)]
    assert [m for m in said if SECRET in m or SECRET.upper() in m] == []
    wifi = perform(session, sighting_command("seen", FOREIGN[0], None, 99.0)).message
    assert wifi == "unreadable sticker: not an sgs-table sticker (a WIFI code, 31 characters)"
    # A damaged sticker of ours is still named, with the reason.
    reply = refused_and_unchanged(session, Sighting("SG1C001Z", None, 100.0))
    assert "'SG1C001Z'" in reply.message and "check character" in reply.message


# ------------------------------------------------------------ reload after a conflict


def _another_session_moves_first(url: str, game_id: int) -> None:
    """Another session on the same database stores a move (``next``) this one does not know."""
    other = Store.open(url)
    try:
        other.append(game_id, Move.parse("next"), other.next_seq(game_id))
    finally:
        other.close()


def test_reload_after_a_conflict_takes_the_stores_moves(stored: Store, tmp_path: Path) -> None:
    session = playing(stored)
    assert session.game_id is not None
    _another_session_moves_first("sqlite:///" + str(tmp_path / "g.db"), session.game_id)
    moves = session.moves
    reply = perform(session, Command("next", t=60.0))
    assert reply.refused and "reload" in reply.message and "\n" not in reply.message
    assert session.moves == moves

    reply = perform(session, Command("reload", t=61.0))
    stored_moves = tuple(row.text for row in stored.moves(session.game_id))
    assert reply.ok and reply.message == f"reloaded: {len(stored_moves)} moves"
    assert session.moves == stored_moves == (*moves, "next")

    reply = perform(session, Command("undo", t=62.0))  # the next input is stored again
    assert reply.ok, reply.message
    assert tuple(row.text for row in stored.moves(session.game_id)) == moves
    journal = stored.inputs(session.game_id)
    assert [row.text for row in journal[-2:]] == ["reload", "undo"]
    assert [row.t for row in journal] == sorted(row.t for row in journal)


def test_reload_forgets_what_the_session_was_collecting(stored: Store) -> None:
    session = playing(stored)
    assert session.sight(Sighting(SHA, "seat1", 50.0)).ok and session.prompt.pending is not None
    reply = session.reload()
    assert reply.ok and session.prompt.pending is None
    assert session.sight(Sighting(SHA, "seat1", 51.0)).ok  # not a duplicate of before


def test_reload_without_a_stored_game_is_refused() -> None:
    session = playing()
    refused_and_unchanged(session, Command("reload"))
    assert "reload" in parse_script("reload")[0].text


def test_the_apps_reload_button_reloads_its_session(stored: Store, tmp_path: Path) -> None:
    from mobile.controller import TableController  # Kivy, without a window

    controller = TableController(stored)
    controller.session = session = playing(stored)
    assert session.game_id is not None
    _another_session_moves_first("sqlite:///" + str(tmp_path / "g.db"), session.game_id)
    assert controller.perform(Command("next", t=controller.clock())).refused
    reply = controller.reload()
    assert reply.ok and controller.message == reply.message
    assert controller.session.moves[-1] == "next"
    assert stored.inputs(session.game_id)[-1].text == "reload"
