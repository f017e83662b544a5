"""逐鹿天下: the table screen shows who holds the 玉玺, in its holder's treasure slot
(宝物), as the sample game's states have it (rules 003: 玉玺 is a 宝物牌)."""

from __future__ import annotations

from pathlib import Path

from assistant.i18n.languages import speaking
from assistant.views import table_view
from engine.modes.zhulu import SEAL, seal_holder
from engine.record import load_record, replay

SAMPLE = Path(__file__).resolve().parents[2] / "samples" / "zhulu.sgs"


def test_the_seal_holder_s_seat_shows_the_seal_in_its_treasure_slot() -> None:
    game = replay(load_record(SAMPLE.read_text(encoding="utf-8")))
    holders = set()
    with speaking("zh_CN"):
        for n in range(len(game) + 1):
            state = game.state_at(n)
            holder = seal_holder(state)
            view = table_view(state)
            for seat in view.seats:
                seals = [e for e in seat.equipment if e.card_id == SEAL]
                assert bool(seals) == (seat.seat == holder), (seat.seat, holder)
                if seals:
                    assert (seals[0].slot, seals[0].name, seals[0].slot_key) == (
                        "宝物",
                        "玉玺",
                        "treasure",
                    )
            holders.add(holder)
    assert holders >= {None, 4, 2}  # unseen, then seat 4's (a kill), then the winner's
