"""The table session: a whole game through the session API, and bad inputs refused.

Every test that keeps a store runs twice, on a SQLite file and on the throwaway
PostgreSQL server: the ``store`` fixture of conftest.py is parametrized over both.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from assistant.session import DUPLICATE_STICKER, MISREAD, Reply, Sighting, TableSession
from assistant.store import Store
from engine.catalogue import standard_catalogue
from engine.moves import Move
from engine.record import replay
from engine.state import Role
from tests.engine.helpers import cid
from vision.payload import Action, ActionTag, CardTag, GeneralTag, RoleTag, SeatTag, encode

GENERALS = ["caocao", "liubei", "sunquan", "guanyu", "zhangfei"]
SHA = cid("sha")
SHA2 = cid("sha", n=1)
SHAN = cid("shan")
CROSSBOW = cid("crossbow")
BLADE = cid("blade")
TAO = cid("tao")
MANEUVERING = next(c.id for c in standard_catalogue().cards if c.package.value == "maneuvering")


def general_number(key: str) -> int:
    return [g.key for g in standard_catalogue().generals].index(key) + 1


class Clock:
    """Sighting times: each sighting comes a few seconds after the last."""

    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self, payload: str, region: str | None = None) -> Sighting:
        self.t += 5.0
        return Sighting(payload, region, self.t)


def card_seen(card_id: int) -> str:
    return encode(CardTag(card_id))


def token(action: Action) -> str:
    return encode(ActionTag(action))


def ok(reply: Reply) -> Reply:
    assert reply.ok, reply.message
    return reply


def test_scripted_identity_game_through_the_session(store: Store) -> None:
    s = TableSession(store)
    at = Clock()
    ok(s.setup("identity", 5, ("standard", "ex")))
    ok(s.sight(at(encode(RoleTag(1)), "seat1")))
    assert s.state.seat(1).role is Role.LORD
    for seat, key in enumerate(GENERALS, start=1):
        if seat == 2:  # a seat marker, then the general card: the marker names the seat
            ok(s.sight(at(encode(SeatTag(2)))))
            ok(s.sight(at(encode(GeneralTag(general_number(key))))))
        else:
            ok(s.sight(at(encode(GeneralTag(general_number(key))), f"seat{seat}")))
    assert [s.state.seat(n).generals for n in range(1, 6)] == [(k,) for k in GENERALS]
    ok(s.sight(at(token(Action.OK))))  # deal
    ok(s.sight(at(token(Action.OK))))  # start the first turn
    assert s.prompt.base.expects == "draw"
    ok(s.sight(at(token(Action.OK))))  # draw 2
    assert s.prompt.base.expects == "play"

    # A Sha opens target selection; the legal targets come with distance and range.
    reply = ok(s.sight(at(card_seen(SHA))))
    assert reply.move is None and s.prompt.pending is not None
    options = {o.seat: o for o in s.prompt.pending.options}
    assert options[2].legal and options[2].in_range and options[2].distance == 1
    assert not options[3].legal and options[3].distance == 2
    ok(s.sight(at(encode(SeatTag(2)))))  # the seat marker chooses the target
    assert s.prompt.base.expects == "respond" and s.prompt.base.who == (2,)
    reply = ok(s.sight(at(card_seen(SHAN))))  # a Shan answers it
    assert reply.move == f"respond 2 #{SHAN}"
    assert s.state.seat(2).hp == s.state.seat(2).max_hp

    # Equipment equips, and says what it replaces.
    assert "equips" in ok(s.sight(at(card_seen(CROSSBOW)))).message
    assert "replaces" in ok(s.sight(at(card_seen(BLADE)))).message
    assert s.state.seat(1).equipment == (BLADE,)

    # The lord is hurt (a flagged correction), so the discard phase asks for discards.
    ok(s.adjust_hp(1, -4))
    ok(s.sight(at(token(Action.END_PHASE))))
    assert s.prompt.base.expects == "discard", s.prompt.text
    ok(s.sight(at(card_seen(TAO))))
    ok(s.sight(at(card_seen(SHA2))))
    assert s.prompt.base.expects != "discard"
    assert s.state.discard_pile[-2:] == (TAO, SHA2)

    # The lord dies: nobody saves him and the rebels win.
    ok(s.adjust_hp(1, -1))
    for _ in range(10):
        if s.prompt.base.expects != "peach":
            break
        ok(s.sight(at(token(Action.PASS))))
    assert s.state.over and s.state.winner == "rebel"
    # The roles still face down are shown at the end (the role cards turned over).
    while s.prompt.base.expects == "reveal_role":
        seat = s.prompt.base.who[0]
        role = {2: Role.LOYALIST, 3: Role.REBEL, 4: Role.REBEL, 5: Role.RENEGADE}[seat]
        ok(s.reveal_role(seat, role.value))
    assert s.prompt.base.expects == "over"
    assert any("forced" in w for w in s.warnings)

    assert s.game_id is not None
    replayed = replay(store.record(s.game_id))
    assert replayed.state == s.state
    assert [str(m) for m in replayed.moves] == list(s.moves)


# ---------------------------------------------------------------- bad inputs


def _rows(store: Store, game_id: int) -> list[tuple[int, str | None]]:
    return [(r.seq, r.text) for r in store.rows(game_id)]


@pytest.fixture
def table(store: Store) -> TableSession:
    """Seat 1 in its play phase; #BLADE equipped by seat 3; #TAO in the discard pile."""
    s = TableSession(store)
    ok(s.setup("identity", 5, ("standard", "ex")))
    ok(s.reveal_role(1, "lord"))
    for seat, key in enumerate(GENERALS, start=1):
        ok(s.seat_general(seat, key))
    ok(s.deal())
    ok(s.next_phase())
    ok(s.draw(1, 2))
    ok(s.force(f"move #{BLADE} -> equip:3"))
    ok(s.force(f"move #{TAO} -> discard"))
    return s


Prepare = Callable[[TableSession], object]
Act = Callable[[TableSession], Reply]


def _nothing(s: TableSession) -> None:
    return None


def _sha_on_2(s: TableSession) -> None:
    ok(s.sight(Sighting(card_seen(SHA), None, 100.0)))
    ok(s.choose_target(2))


def _pending_sha(s: TableSession) -> None:
    ok(s.sight(Sighting(card_seen(SHA), None, 100.0)))


def _discard_question(s: TableSession) -> None:
    s.sight(Sighting(card_seen(TAO), None, 100.0))
    assert s.prompt.question is not None


def _see(payload: str, t: float = 200.0) -> Act:
    return lambda s: s.sight(Sighting(payload, None, t))


def _conflict(store: Store) -> Prepare:
    def prepare(s: TableSession) -> None:
        assert s.game_id is not None
        other = Store.open(str(store.db.engine.url))
        try:
            other.append(s.game_id, Move.parse("next"), other.next_seq(s.game_id))
        finally:
            other.close()

    return prepare


BAD: list[tuple[str, Prepare, Act, str]] = [
    ("unknown card id", _nothing, _see(card_seen(MANEUVERING)), "not in this game's deck"),
    ("damaged payload", _nothing, _see("SG1C001Z"), "unreadable sticker"),
    ("another QR code", _nothing, _see("https://example.com/x"), "unreadable sticker"),
    ("duplicate sighting", _pending_sha, _see(card_seen(SHA), 101.0), "duplicate sighting"),
    ("in the discard pile", _nothing, _see(card_seen(TAO)), "discard pile"),
    ("equipped by another", _nothing, _see(card_seen(BLADE)), "equipped by seat 3"),
    ("wrong responder", _sha_on_2, lambda s: s.respond(3, SHAN), "seat 3 is not asked"),
    ("target out of range", _pending_sha, lambda s: s.choose_target(3), "cannot be the target"),
    ("OK with nothing pending", _nothing, _see(token(Action.OK)), "nothing to confirm"),
    ("PS with nothing asked", _nothing, _see(token(Action.PASS)), "nobody is being asked"),
    ("draw wrong count", _nothing, lambda s: s.draw(1, 3), "needs a skill"),
    ("draw zero", _nothing, lambda s: s.draw(1, 0), "at least 1"),
    ("discard not allowed", _nothing, lambda s: s.discard(1, SHA), "not asked to discard"),
    ("no pending card", _nothing, lambda s: s.choose_target(2), "no card is waiting"),
    ("respond, nobody asked", _nothing, lambda s: s.respond(2, SHAN), "nobody is asked"),
    (
        "general after setup",
        _nothing,
        _see(encode(GeneralTag(general_number("zhenji")))),
        "during setup only",
    ),
    ("role card unknown", _nothing, _see(encode(RoleTag(7))), "unknown number"),
    ("seat marker", _nothing, _see(encode(SeatTag(4))), "nothing asks for a seat"),
    ("seat marker no seat", _nothing, _see(encode(SeatTag(9))), "there is no seat 9"),
    ("next while a target waits", _pending_sha, lambda s: s.next_phase(), "waits for a target"),
    ("wrong card answers", _sha_on_2, lambda s: s.respond(2, SHA2), "does not answer"),
    ("shan in play", _nothing, _see(card_seen(SHAN)), "only used in response"),
    ("adjust by zero", _nothing, lambda s: s.adjust_hp(2, 0), "adjust HP by what"),
    ("force nonsense", _nothing, lambda s: s.force("frobnicate 3"), "not a move"),
    ("setup twice", _nothing, lambda s: s.setup("identity", 5), "set up already"),
    ("no such seat", _nothing, lambda s: s.draw(9, 2), "no seat 9"),
    ("answer, no question", _nothing, lambda s: s.answer(MISREAD), "no question"),
    ("bad answer", _discard_question, lambda s: s.answer("maybe"), "answer one of"),
    ("card during a question", _discard_question, _see(card_seen(SHA)), "answer the question"),
    ("unknown skill", _nothing, lambda s: s.use_skill(1, "nosuchskill"), "no skill"),
    ("unknown general", _nothing, lambda s: s.seat_general(2, "nobody"), "during setup"),
]


@pytest.mark.parametrize(("name", "prepare", "act", "expected"), BAD, ids=[b[0] for b in BAD])
def test_bad_input_is_refused_and_changes_nothing(
    table: TableSession,
    store: Store,
    name: str,
    prepare: Prepare,
    act: Act,
    expected: str,
) -> None:
    prepare(table)
    assert table.game_id is not None
    rows = _rows(store, table.game_id)
    moves = table.moves
    state = table.state
    reply = act(table)
    assert not reply.ok, reply
    assert expected in reply.message, reply.message
    assert "\n" not in reply.message and reply.move is None
    assert _rows(store, table.game_id) == rows
    assert table.moves == moves and table.state == state


def test_store_conflict_is_refused_and_changes_nothing(table: TableSession, store: Store) -> None:
    _conflict(store)(table)
    assert table.game_id is not None
    rows = _rows(store, table.game_id)
    moves = table.moves
    reply = table.next_phase()
    assert not reply.ok and "not stored" in reply.message
    assert _rows(store, table.game_id) == rows and table.moves == moves


def test_undo_with_nothing_to_undo(store: Store) -> None:
    s = TableSession(store)
    ok(s.setup("identity", 5))
    assert s.game_id is not None
    rows = _rows(store, s.game_id)
    reply = s.undo()
    assert not reply.ok and "nothing to undo" in reply.message
    assert _rows(store, s.game_id) == rows


def test_suspect_card_answers(table: TableSession) -> None:
    table.sight(Sighting(card_seen(TAO), None, 1.0))
    assert table.prompt.options == ("mis-read", "duplicate sticker", "skill")
    assert ok(table.answer(DUPLICATE_STICKER)).move is None
    assert table.prompt.question is None and table.warnings
    table.sight(Sighting(card_seen(BLADE), None, 10.0))
    reply = ok(table.answer("skill"))  # accepted, flagged: the weapon is taken over
    assert reply.move == f"!use 1 #{BLADE}"
    assert table.state.seat(1).equipment == (BLADE,)


def test_undo_goes_back_in_game_and_store(table: TableSession, store: Store) -> None:
    before = table.state
    _sha_on_2(table)
    ok(table.sight(Sighting(token(Action.UNDO), None, 300.0)))
    assert table.state == before
    assert table.game_id is not None
    assert replay(store.record(table.game_id)).state == before


def started(store: Store | None) -> TableSession:
    """Four players through the intents, seat 1 (the lord) in its play phase."""
    s = TableSession(store)
    ok(s.setup("identity", 4, ("standard", "ex")))
    ok(s.reveal_role(1, "lord"))
    for seat, key in enumerate(["caocao", "liubei", "sunquan", "guanyu"], start=1):
        ok(s.seat_general(seat, key))
    ok(s.deal())
    ok(s.next_phase())
    ok(s.draw(1, 2))
    assert s.prompt.base.expects == "play"
    return s


def test_the_card_picked_for_dismantlement_is_shown(store: Store) -> None:
    s = started(store)
    at = Clock()
    ok(s.sight(at(card_seen(cid("dismantlement", "♠3")))))
    ok(s.choose_target(2))
    ok(s.pass_turn())  # nobody nullifies
    assert s.prompt.base.expects == "choose_card"
    picked = cid("sha", "♣3")
    before = s.state.seat(2).hand_count
    reply = ok(s.sight(at(card_seen(picked))))
    assert reply.move == f"discard 2 #{picked}"
    assert s.state.seat(2).hand_count == before - 1 and picked in s.state.discard_pile
    assert replay(store.record(s.game_id or 0)).state == s.state


def test_the_card_taken_by_snatch_is_shown(store: Store) -> None:
    s = started(store)
    at = Clock()
    ok(s.sight(at(card_seen(cid("snatch", "♠3")))))
    ok(s.choose_target(2))
    ok(s.pass_turn())
    taken = cid("tao", "♥4")
    reply = ok(s.sight(at(card_seen(taken))))
    assert reply.move == f"take 1 <- 2 #{taken}"
    assert taken in s.state.seat(1).hand


def test_a_picked_card_the_state_places_elsewhere_is_a_question() -> None:
    s = started(None)
    at = Clock()
    ok(s.sight(at(card_seen(SHA))))
    ok(s.choose_target(2))
    ok(s.pass_turn(2))  # seat 2 takes the hit: the Sha is now in the discard pile
    ok(s.sight(at(card_seen(cid("dismantlement", "♠3")))))
    ok(s.choose_target(2))
    ok(s.pass_turn())
    moves = s.moves
    reply = s.sight(at(card_seen(SHA)))
    assert not reply.ok and "mis-read" in reply.message
    ok(s.answer(MISREAD))
    assert s.moves == moves and s.prompt.base.expects == "choose_card"


def test_a_correction_replaces_a_move_and_drops_the_later_ones(store: Store) -> None:
    s = started(store)
    ok(s.sight(Sighting(card_seen(CROSSBOW), None, 1.0)))
    ok(s.sight(Sighting(card_seen(BLADE), None, 2.0)))
    number = len(s.moves) - 1  # the crossbow
    reply = ok(s.correct(number, f"use 1 #{cid('qinggang_sword')}"))
    assert "later moves dropped" in reply.message
    assert s.state.seat(1).weapon == cid("qinggang_sword")
    assert s.moves[-1] == f"use 1 #{cid('qinggang_sword')}"
    assert replay(store.record(s.game_id or 0)).state == s.state
    assert not s.correct(1, "deal").ok  # the setup stays


def test_a_general_card_seen_in_hegemony_turns_that_seat_s_general_face_up(
    store: Store,
) -> None:
    """国战 (rules 003 line 422): a player turns a face-down general up and the camera
    reads its sticker: the seat holding it face down reveals it (``reveal 1 simayi``),
    its kingdom shown; the card in front of another seat, or one nobody holds face
    down, is refused with one line and changes nothing."""
    s = TableSession(store)
    at = Clock()
    ok(s.setup("hegemony", 4, ("standard", "ex")))
    for seat, keys in enumerate(
        (("caocao", "simayi"), ("liubei", "guanyu"), ("sunquan", "zhouyu"), ("lvbu", "diaochan")),
        start=1,
    ):
        ok(s.seat_general(seat, *keys))
    ok(s.sight(at(token(Action.OK))))  # deal
    ok(s.sight(at(token(Action.OK))))  # the first turn
    before = len(s.moves)
    refused = s.sight(at(encode(GeneralTag(general_number("simayi"))), "seat2"))
    assert not refused.ok and "seat 2" in refused.message and len(s.moves) == before
    refused = s.sight(at(encode(GeneralTag(general_number("zhangfei")))))
    assert not refused.ok and len(s.moves) == before
    ok(s.sight(at(encode(GeneralTag(general_number("simayi"))), "seat1")))
    assert str(s.moves[-1]) == "reveal 1 simayi"
    assert s.state.seat(1).hidden == ("caocao",) and s.state.seat(1).kingdom == "wei"
    ok(s.sight(at(encode(GeneralTag(general_number("guanyu"))))))  # no region: its holder
    assert str(s.moves[-1]) == "reveal 2 guanyu"
