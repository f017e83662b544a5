"""A skill being entered at the table: what it still needs before it can be used.

The table screen shows a button per skill that may be used now (a window's
offers, the current seat's play-phase skills). A skill that needs nothing
more is used at once; one that spends cards or chooses seats collects them
first: the cards the owner lays (seen by the camera), the unseen hand cards
they give (a button), the seats they tap. The engine's rule says how many of
each (`engine.registry.Rule.cards` and ``targets``); the move is made when
both counts are met and the table confirms, or at once when nothing more can
be added.

>>> pending = PendingSkill(1, "zhiheng")
>>> pending.ready, pending.full
(False, False)
>>> pending = pending.with_card(12).with_unseen()
>>> pending.ready, str(pending.move())
(True, 'skill 1 zhiheng #12 x1')
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import engine.skills  # noqa: F401  (every rule registered)
from assistant.i18n import _, tr
from assistant.session.names import rule_label
from assistant.session.prompts import TargetOption
from engine.moves import Skill
from engine.registry import RULES
from engine.skill_targets import skill_targets
from engine.state import GameState

__all__ = ["PendingSkill", "confirm_label"]


def confirm_label() -> str:
    """The button that makes the move once it has what it needs (确定)."""
    return _("Confirm")


def _bounds(key: str) -> tuple[tuple[int, int | None], tuple[int, int | None]]:
    rule = RULES.get(key)
    if rule is None:
        return (0, 0), (0, None)  # a skill the engine does not know: targets if any
    return rule.cards, rule.targets


@dataclass(frozen=True, slots=True)
class PendingSkill:
    seat: int
    key: str
    cards: tuple[int, ...] = ()
    unknown: int = 0
    targets: tuple[int, ...] = ()

    @property
    def name(self) -> str:
        """The skill's name, in the language in use."""
        return rule_label(self.key)

    @property
    def card_count(self) -> int:
        return len(self.cards) + self.unknown

    def _room(self, bounds: tuple[int, int | None], have: int) -> bool:
        high = bounds[1]
        return high is None or have < high

    @property
    def wants_cards(self) -> bool:
        return self._room(_bounds(self.key)[0], self.card_count)

    @property
    def wants_targets(self) -> bool:
        return self._room(_bounds(self.key)[1], len(self.targets))

    @property
    def ready(self) -> bool:
        """Enough cards and seats for the move (more may still be allowed)."""
        cards, targets = _bounds(self.key)
        return self.card_count >= cards[0] and len(self.targets) >= targets[0]

    @property
    def full(self) -> bool:
        """Nothing more can be added: the move is made at once."""
        return self.ready and not self.wants_cards and not self.wants_targets

    def with_card(self, card_id: int) -> PendingSkill:
        return replace(self, cards=(*self.cards, card_id))

    def with_unseen(self, n: int = 1) -> PendingSkill:
        return replace(self, unknown=self.unknown + n)

    def with_target(self, seat: int) -> PendingSkill:
        return replace(self, targets=(*self.targets, seat))

    def options(self, state: GameState) -> tuple[TargetOption, ...]:
        """Each living seat as the next seat to tap, legal or not with the rule's reason
        (`engine.skill_targets.skill_targets`: the move tried with that seat)."""
        checks = skill_targets(state, self.seat, self.key, self.targets, self.cards, self.unknown)
        return tuple(TargetOption(c.seat, c.legal, tr(c.reason), None, False) for c in checks)

    def move(self) -> Skill:
        return Skill(self.seat, self.key, self.cards, self.targets, self.unknown)

    @property
    def text(self) -> str:
        """What the table is asked for now, in one line."""
        cards, targets = _bounds(self.key)
        lay = tap = ""
        if self.wants_cards and cards != (0, 0):
            lay = (
                _("lay the card ({n} so far)") if cards[1] == 1 else _("lay the cards ({n} so far)")
            )
            lay = lay.format(n=self.card_count)
        if self.wants_targets and targets != (0, 0):
            tap = (
                _("tap the seat ({n} so far)")
                if targets[1] == 1
                else _("tap the seats ({n} so far)")
            )
            tap = tap.format(n=len(self.targets))
        if lay and tap:
            wants = _("{cards} and {seats}").format(cards=lay, seats=tap)
        else:
            wants = lay or tap or _("confirm")
        if self.ready:
            # TRANSLATORS: {button} is the button that makes the move (Confirm, 确定)
            wants = _("{wants}, then {button}").format(wants=wants, button=confirm_label())
        return _("seat {seat} {skill}: {wants}").format(
            seat=self.seat, skill=self.name, wants=wants
        )
