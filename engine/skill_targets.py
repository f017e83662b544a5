"""Which seats a skill being entered may choose next, and why not: the rule's own reasons.

The table enters a skill a step at a time (`assistant.session.skill_input`):
its owner, the cards laid and the seats tapped so far, in any order. A card's
targets are checked by `engine.derived.check_target`; a skill's rules check
their seats inside their own code (离间's male generals, 突袭's hand cards,
缔盟's hand difference). Rather than a second, hand-written check per skill,
:func:`skill_targets` asks the rule itself: it tries the skill move on the
state with the candidate seat added, and the rule accepts it or refuses it
with its reason (`engine.table.IllegalMove`).

A trial is the move as it would be made, filled in where the table has not
finished yet:

- **Cards.** Too few cards chosen for the rule's minimum: the owner's other
  cards make up the rest (unseen hand cards first, then seen hand cards, then
  equipment). Where the rule takes more cards than that (缔盟 any number,
  业炎 up to four, 结盟 none or one), each count up to the rule's maximum and
  to the cards the owner holds is tried: the table may still lay them. Unseen
  cards have no suit, so a rule that wants seen cards (业炎's four suits)
  accepts the seat only once those cards are laid.
- **Seats.** The rule needs more seats than chosen with the candidate (离间,
  缔盟: two): the rest are filled with living seats, each way in turn; the
  candidate is legal when one way is. Where the rule takes more seats than it
  needs, one seat more is tried too (业炎 with its four cards laid: ``2,3``
  then ``2`` again is two damage to seat 2); a rule that wants two or more
  seats beyond that (遗计 for 2 damage: four receivers, or one for all) finds
  every seat failing alike, and every seat stays (below).

A seat is legal when some trial is. An illegal seat's reason is the rule's
refusal that names that seat (the trials stop there), else the most frequent
one that names no other seat, else the most frequent.

When no seat at all is legal, the refusals are not about the seats, as a rule:
the skill is not used now (突袭 after the draw), or not with the cards made up
(神速 skipping the play phase wants an equipment card, which an unseen hand card
is not, and the table may still lay one). Only a seat whose refusal names it
(青囊: "seat 3 is not wounded") stays illegal then; every other seat is legal,
with no reason, and the move's own refusal speaks when it is made: the table
is never stuck on seats the engine cannot judge yet.

A quick look comes first: when each seat's first trial is refused just as the
move naming no seat at all (突袭 after the draw), every seat stays at once.

This is a query only the screen makes: nothing here is on the path of a move.
A trial costs what a refused move does (about 10 µs); most seats stop at the
first. The costliest is 缔盟's first seat (every pair, every count of cards): on
a 10-seat table with uneven hands about 3 ms here; most skills under 1 ms.

>>> from engine.game import Game
>>> g = Game()
>>> for line in ("setup identity 4", "role 1 lord", "general 1 diaochan",
...              "general 2 caocao", "general 3 zhenji", "general 4 lvbu", "deal", "next",
...              "draw 1 x2"):
...     g.push_text(line)
>>> checks = skill_targets(g.state, 1, "lijian")
>>> [c.seat for c in checks if c.legal]
[2, 4]
>>> print(checks[2].reason)
离间: seat 3 must be another living male general
"""

from __future__ import annotations

from collections import Counter
from itertools import product

from engine.derived import TargetCheck
from engine.moves import Skill
from engine.registry import RULES
from engine.rules import apply
from engine.state import GameState
from engine.table import IllegalMove
from engine.text import Text

__all__ = ["skill_targets"]


def skill_targets(
    state: GameState,
    seat: int,
    key: str,
    targets: tuple[int, ...] = (),
    cards: tuple[int, ...] = (),
    unknown: int = 0,
) -> tuple[TargetCheck, ...]:
    """Each living seat as the next seat ``seat`` chooses for its skill ``key``, with the
    seats (``targets``), cards and unseen hand cards (``unknown``) chosen so far: legal,
    or not with the rule's reason (see the module's doc). A skill the engine has no rule
    for, or a game not under way, leaves every seat legal."""
    living = tuple(s.seat for s in state.living)
    rule = RULES.get(key)
    if rule is None or not state.mode or state.over:
        return tuple(TargetCheck(s, True, "") for s in living)
    paddings = _paddings(state, seat, rule.cards, cards, unknown)
    low, high = rule.targets
    more = max(0, low - len(targets) - 1)
    room = high is None or high > len(targets) + 1 + more  # one seat more may still come
    fills = tuple(f for n in range(more, more + 1 + room) for f in product(living, repeat=n))
    so_far = Skill(seat, key, cards, targets, unknown)
    if _not_now(state, so_far, living, fills[0], paddings[0]):
        return tuple(TargetCheck(s, True, "") for s in living)
    checks = [_trials(state, so_far, c, fills, paddings) for c in living]
    if not any(c.legal for c in checks):  # see the module's doc: not about the seats
        return tuple(
            c if _names(c.reason, c.seat) else TargetCheck(c.seat, True, "") for c in checks
        )
    return tuple(checks)


def _refusal(state: GameState, move: Skill) -> Text | str | None:
    """The rule's refusal of ``move``, or None: the move is legal."""
    try:
        apply(state, move)
    except IllegalMove as refused:
        return refused.text
    return None


def _not_now(
    state: GameState,
    so_far: Skill,
    living: tuple[int, ...],
    fill: tuple[int, ...],
    padding: tuple[tuple[int, ...], int],
) -> bool:
    """Whether the skill is refused whatever the seats (突袭 after the draw, 天义 used
    already): each seat's first trial is refused just as the move naming no seat at all
    is. A quick look before the trials: they would find the same, at length."""
    cards, unknown = (*so_far.cards, *padding[0]), so_far.unknown + padding[1]
    bare = _refusal(state, Skill(so_far.seat, so_far.skill, cards, (), unknown))
    return bare is not None and all(
        _refusal(
            state, Skill(so_far.seat, so_far.skill, cards, (*so_far.targets, c, *fill), unknown)
        )
        == bare
        for c in living
    )


def _trials(
    state: GameState,
    so_far: Skill,
    candidate: int,
    fills: tuple[tuple[int, ...], ...],
    paddings: tuple[tuple[tuple[int, ...], int], ...],
) -> TargetCheck:
    """``candidate`` tried after the seats chosen ``so_far``, with each fill of seats and
    each padding of cards until the rule takes one; a refusal that names the candidate
    ends the trials (it is about that seat)."""
    reasons: list[Text | str] = []
    for fill in fills:
        chosen = (*so_far.targets, candidate, *fill)
        for extra, extra_unknown in paddings:
            cards, unknown = (*so_far.cards, *extra), so_far.unknown + extra_unknown
            reason = _refusal(state, Skill(so_far.seat, so_far.skill, cards, chosen, unknown))
            if reason is None:
                return TargetCheck(candidate, True, "")
            if _names(reason, candidate):
                return TargetCheck(candidate, False, reason)
            reasons.append(reason)
    return TargetCheck(candidate, False, _likeliest(reasons))


def _names(reason: Text | str, seat: int) -> bool:
    """Whether the refusal names ``seat`` (离间: seat 3 must be ...): it is about that seat."""
    return isinstance(reason, Text) and ("seat", seat) in reason.values


def _likeliest(reasons: list[Text | str]) -> Text | str:
    """The refusal to show for a seat none of whose trials the rule took: the most
    frequent one that names no other seat (离间's only male general: not "seat 4 must be
    a male general", which is about the seat tried with it), else the most frequent."""
    own = [
        r for r in reasons if not (isinstance(r, Text) and any(n == "seat" for n, _v in r.values))
    ]
    return Counter(own or reasons).most_common(1)[0][0]


def _paddings(
    state: GameState,
    seat: int,
    bounds: tuple[int, int | None],
    cards: tuple[int, ...],
    unknown: int,
) -> tuple[tuple[tuple[int, ...], int], ...]:
    """The cards a trial adds to those chosen: (seen cards, unseen hand cards) for each
    count from what the rule's minimum still needs to its maximum, as far as the
    owner's other cards go (unseen hand cards first)."""
    owner = state.seat(seat)
    unseen = max(0, owner.hand_unknown - unknown)
    seen = tuple(c for c in (*owner.hand, *owner.equipment) if c not in cards)
    have = len(cards) + unknown
    low = max(0, bounds[0] - have)
    spare = unseen + len(seen)
    high = spare if bounds[1] is None else min(bounds[1] - have, spare)
    out: list[tuple[tuple[int, ...], int]] = []
    for n in range(low, max(low, high) + 1):
        hidden = min(n, unseen) if n <= spare else n  # too few: the rule says so
        out.append((seen[: n - hidden], hidden))
    return tuple(out)
