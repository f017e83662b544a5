"""The narration's turns, judgements and final roles (assistant.review.narration).

A move belongs to the turn it was made in: the turn of the state before it.
A move that ends a turn (a draw after 乐不思蜀 when nothing is left to do, a
death in one's own turn) is told under the turn it ended, and the next turn's
heading comes after it. Each judgement says what it did, in the game's terms,
and a finished game ends with every seat's role.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from assistant.review.narration import ROLES_HEADING, Turn, narrate
from engine.derived import card
from engine.game import Game
from engine.moves import Draw, Judge, Move
from engine.record import parse_record, replay
from engine.state import GameState, Phase

SAMPLES = sorted((Path(__file__).resolve().parents[2] / "samples").glob("*.sgs"))
STEMS = [p.stem for p in SAMPLES]
IDENTITY_8 = "identity-8"

HEADING = re.compile(r"Turn (\d+) — seat (\d+)\b")
# a face, or the name of a card without suit (逐鹿天下's 玉玺, judged in samples/zhulu.sgs)
JUDGED = re.compile(r"(\S+) ([♠♥♣♦](?:10|[2-9AJQK])|玉玺): (.+)")
RESULTS = re.compile(
    r"play phase skipped|draw phase skipped|no effect|\d+ thunder damage|passes to seat \d+"
    r"|stays with seat \d+|counts as 闪|no 闪|kept|the judging ends|seat \d+ cannot play 闪"
    r"|seat \d+ discards 2 hand cards or takes 1 damage"
    r"|seat \d+ recovers 1 HP"  # 暴虐, 悲歌
    r"|taken; (black|red) cards count as 决斗"  # 双雄
    r"|seat \d+ draws 2|seat \d+ discards 2 cards|seat \d+ turns over"  # 悲歌
    r"|seat \d+ dies"  # 武魂
)


@cache
def sample(stem: str) -> Game:
    path = next(p for p in SAMPLES if p.stem == stem)
    return replay(parse_record(path.read_text(encoding="utf-8")))


def turn_parts(game: Game) -> list[Turn]:
    """The turns of the narration, without the setup and the closing roles."""
    return [t for t in narrate(game) if t.number and t.heading != ROLES_HEADING]


def plain(move: Move) -> Move:
    inner = getattr(move, "move", None)
    return inner if isinstance(inner, Move) else move


def before(game: Game, move: int) -> GameState:
    return game.state_at(move - 1)


# ---------------------------------------------------------------- turns


@pytest.mark.parametrize("stem", STEMS)
def test_every_line_is_under_the_turn_it_was_made_in(stem: str) -> None:
    game = sample(stem)
    for part in turn_parts(game):
        heading = HEADING.match(part.heading)
        assert heading, part.heading
        assert (part.number, part.seat) == (int(heading[1]), int(heading[2]))
        for line in part.lines:
            turn = before(game, line.move).turn
            assert (turn.number, turn.seat) == (part.number, part.seat), (part.heading, line)


@pytest.mark.parametrize("stem", STEMS)
def test_a_draw_phase_draw_is_under_the_drawers_turn(stem: str) -> None:
    """No 'Turn N — seat X' followed by another seat's draw-phase draw."""
    game = sample(stem)
    drawn = 0
    for part in turn_parts(game):
        for line in part.lines:
            move = plain(game.moves[line.move - 1])
            state = before(game, line.move)
            own = isinstance(move, Draw) and move.seat == state.turn.seat
            if own and state.turn.phase is Phase.DRAW and "draws" in line.text:
                drawn += 1
                assert part.seat == state.turn.seat, (part.heading, line)
    assert drawn


@pytest.mark.parametrize("stem", STEMS)
def test_deaths_are_under_the_turn_they_happen_in(stem: str) -> None:
    game = sample(stem)
    deaths = 0
    for part in turn_parts(game):
        for line in part.lines:
            if re.match(r"seat \d+ dies", line.text):
                deaths += 1
                assert before(game, line.move).turn.number == part.number, (part.heading, line)
    # each death once (血战到底's generals come back and may die again)
    assert deaths == sum(
        game.state_at(n).seat(s.seat).alive and not game.state_at(n + 1).seat(s.seat).alive
        for n in range(1, len(game))
        if game.state_at(n).seats
        for s in game.state.seats
    )


@pytest.mark.parametrize("stem", STEMS)
def test_each_heading_comes_before_the_moves_of_its_turn(stem: str) -> None:
    """Headings in turn order, and the move numbers never go back."""
    game = sample(stem)
    parts = turn_parts(game)
    numbers = [p.number for p in parts]
    assert numbers == sorted(set(numbers))
    moves = [line.move for p in parts for line in p.lines]
    assert moves == sorted(moves)


# ---------------------------------------------------------------- judgements


def judgement_results(game: Game) -> list[tuple[int, str, str, str]]:
    """(move, what was judged, the card's face, the result) of each result line."""
    out = []
    for part in narrate(game):
        for line in part.lines:
            judged = JUDGED.fullmatch(line.text)
            if judged:
                out.append((line.move, judged[1], judged[2], judged[3]))
    return out


@pytest.mark.parametrize("stem", STEMS)
def test_every_judgement_says_its_result(stem: str) -> None:
    game = sample(stem)
    judged = [n for n, m in enumerate(game.moves, start=1) if isinstance(plain(m), Judge)]
    results = judgement_results(game)
    assert len(results) == len(judged)
    for result in results:
        assert RESULTS.fullmatch(result[3]), result
    # Each judgement's result is told at its move or before the next judgement.
    bounds = [*judged[1:], len(game) + 1] if judged else []
    for (n, *_), start, end in zip(results, judged, bounds, strict=True):
        assert start <= n < end


def test_the_judgement_results_of_the_8_player_sample() -> None:
    game = sample(IDENTITY_8)
    results = {(n, f"{what} {face}: {result}") for n, what, face, result in judgement_results(game)}
    for n, _, face, _ in judgement_results(game):
        move = plain(game.moves[n - 1])
        if isinstance(move, Judge):
            assert face == card(move.card).face
    assert (216, "乐不思蜀 ♠Q: play phase skipped") in results  # after 鬼才
    assert (249, "闪电 ♣10: passes to seat 1") in results
    assert (275, "闪电 ♠3: 3 thunder damage") in results
    assert (277, "乐不思蜀 ♥K: no effect") in results
    assert (201, "八卦阵 ♠2: no 闪") in results
    assert (270, "八卦阵 ♦7: counts as 闪") in results
    assert (108, "铁骑 ♥5: seat 3 cannot play 闪") in results


# ---------------------------------------------------------------- roles


@pytest.mark.parametrize("stem", [s for s in STEMS if s.startswith(("identity", "skills"))])
def test_a_finished_game_ends_with_every_role(stem: str) -> None:
    game = sample(stem)
    final = game.state
    assert final.over
    last = narrate(game)[-1]
    assert last.heading == ROLES_HEADING
    told = {}
    for line in last.lines:
        said = re.fullmatch(r"seat (\d+) \((\S+)\) was (?:the|an?) (\w+)", line.text)
        assert said, line
        assert line.move == len(game)
        told[int(said[1])] = said[3]
    assert told == {s.seat: s.role.value for s in final.seats if s.role}
    assert sorted(told) == [s.seat for s in final.seats]


def test_the_8_player_roles_line() -> None:
    lines = [line.text for line in narrate(sample(IDENTITY_8))[-1].lines]
    assert "seat 5 (孙权) was the lord" in lines
    assert "seat 3 (黄盖) was a renegade" in lines  # two renegades in this variant
    assert len(lines) == 8


def test_no_roles_before_the_end() -> None:
    game = sample(IDENTITY_8)
    assert all(t.heading != ROLES_HEADING for t in narrate(game, len(game) - 1))


def test_roles_never_revealed_are_said_to_be_unknown() -> None:
    """A record that stops at the end, before the roles are turned over."""
    whole = sample(IDENTITY_8)
    ended = next(n for n in range(len(whole) + 1) if whole.state_at(n).over)
    game = Game(whole.moves[:ended])
    lines = [line.text for line in narrate(game)[-1].lines]
    hidden = [s.seat for s in game.state.seats if s.role is None]
    assert hidden
    for seat in hidden:
        assert any(re.fullmatch(rf"seat {seat} \(\S+\): role not revealed", t) for t in lines)
    assert "seat 5 (孙权) was the lord" in lines
    assert len(lines) == len(game.state.seats)
