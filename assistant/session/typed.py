"""The last resort: a move typed on the log screen, with completion as it is typed.

When the table did something no sighting or button takes, the log screen
accepts a move in the record notation (docs/record-format.md). Completion
offers what fits where the cursor is: the move's verb, a seat, a card by its
id or by its Chinese name (``杀`` lists the 杀 not yet located), a skill key of
the seat named. The move is then entered as it is if the engine accepts it,
and only forced (flagged for review) when the engine refuses it.

>>> from engine.game import Game
>>> game = Game()
>>> for text in ["setup identity 4", "role 1 lord", "general 1 liubei",
...              "general 2 guanyu", "general 3 zhaoyun", "general 4 lvbu"]:
...     game.push_text(text)
>>> completions(game.state, "dr")
['draw ']
>>> completions(game.state, "skill 1 r")
['skill 1 rende ']
>>> completions(game.state, "use 1 闪")[:2]
['use 1 #31 ', 'use 1 #32 ']
"""

from __future__ import annotations

from engine.catalogue import standard_catalogue
from engine.derived import owned_keys
from engine.moves import VERBS
from engine.state import GameState

__all__ = ["completions"]

_SEAT_VERBS = VERBS - {"setup", "deal", "next", "shuffle", "skip", "end", "move", "!"}
MOST = 12


def completions(state: GameState, text: str) -> list[str]:
    """Whole lines the typed ``text`` may become, at most a dozen, in a stable order."""
    words = text.split(" ")
    head, last = words[:-1], words[-1]
    done = " ".join(head) + (" " if head else "")
    if not head:
        bang = "!" if last.startswith("!") else ""
        stem = last.removeprefix("!")
        return [f"{bang}{v} " for v in sorted(VERBS) if v.startswith(stem)][:MOST]
    verb = head[0].removeprefix("!")
    found: list[str] = []
    if len(head) == 1 and verb in _SEAT_VERBS:
        found = [str(s.seat) for s in state.seats if str(s.seat).startswith(last)]
    elif verb == "skill" and len(head) == 2 and head[1].isdigit():
        seat = int(head[1])
        if 1 <= seat <= len(state.seats):
            found = sorted(k for k in owned_keys(state.seat(seat)) if k.startswith(last))
    elif last.startswith("#") or (last and not last.isascii()):
        found = _cards(state, last)
    return [f"{done}{word} " for word in found][:MOST]


def _cards(state: GameState, word: str) -> list[str]:
    """``#4`` -> card ids starting so; ``闪`` -> the ids of 闪 not yet located."""
    deck = state.deck
    if word.startswith("#"):
        digits = word[1:]
        return [f"#{c}" for c in sorted(deck) if str(c).startswith(digits)]
    return [
        f"#{c.id}"
        for c in standard_catalogue().cards
        if c.id in deck and c.name.startswith(word) and c.id not in state.where
    ]
