"""Player names through the session, the table script, the store and the command line."""

from __future__ import annotations

import io
from pathlib import Path

from assistant.cli import build_parser, run
from assistant.session import TableSession, parse_script, perform
from assistant.store import Store
from engine.game import Game
from engine.record import parse_record

SCRIPT = """\
setup identity 4
name 1 张三
name 2 'Zhang San'
role 1 lord
general 1 liubei
general 2 caocao
general 3 sunquan
general 4 lvbu
deal
next
draw 1 2
see #1 seat1
name 3 "Li Si"
target 2
"""


def play(text: str, store: Store | None = None) -> tuple[TableSession, list[str]]:
    session = TableSession(store)
    replies = []
    for command in parse_script(text):
        reply = perform(session, command)
        assert reply.ok or reply.asks, (command.text, reply.message)
        replies.append(command.text)
    return session, replies


def test_names_are_moves_the_script_enters(tmp_path: Path) -> None:
    with Store.open(f"sqlite:///{tmp_path / 'g.db'}") as store:
        session, lines = play(SCRIPT, store)
        assert [s.player for s in session.state.seats] == ["张三", "Zhang San", "Li Si", ""]
        # The canonical lines: quoted when the name has a space.
        assert "name 2 'Zhang San'" in lines and "name 1 张三" in lines
        # A name entered while a 杀 waited for its target left it waiting: target 2 took it.
        assert "use 1 #1 -> 2" in [str(m) for m in session.game.moves]
        # The record keeps the names as moves; the games list shows them.
        record = store.record(session.game_id or 0)
        assert 'name 2 "Zhang San"' in [str(m) for m in record.moves]
        [game] = store.games()
        assert game.names == ("张三", "Zhang San", "Li Si", "")
        exported = store.export(session.game_id or 0)
    again = Game(parse_record(exported).moves)
    assert again.state.seat(3).player == "Li Si"


def test_a_bad_name_is_refused_and_changes_nothing() -> None:
    session, _lines = play("setup identity 4\nname 1 A\n")
    before = session.game.moves
    for line in ("name 5 B", "name 1 " + "长" * 25, "name 1 A"):
        [command] = parse_script(line)
        reply = perform(session, command)
        assert not reply.ok and "\n" not in reply.message, line
    assert session.game.moves == before


def test_games_lists_the_names(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'g.db'}"
    with Store.open(db) as store:
        play(SCRIPT, store)
    out = io.StringIO()
    assert run(build_parser(), ["games", "--db", db], out) == 0
    assert "张三, Zhang San, Li Si" in out.getvalue()
