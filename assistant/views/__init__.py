"""What the screens show, as plain values computed from the public state (no Kivy).

``table``: the seats and the turn, and the distances from one seat;
``distances``: the words and arrows of the distances picture; ``timing``:
what is being settled and who may act now.
"""

from assistant.views.distances import (
    arrow,
    range_text,
    reasons_text,
    row_text,
    seat_button_text,
    seat_lines,
    seat_title,
)
from assistant.views.table import (
    DistanceRow,
    DistanceView,
    EquipView,
    SeatView,
    TableView,
    distance_view,
    general_label,
    seat_view,
    short_card_name,
    shown_general_name,
    table_view,
)
from assistant.views.timing import Actor, TimingView, timing_view

__all__ = [
    "Actor",
    "DistanceRow",
    "DistanceView",
    "EquipView",
    "SeatView",
    "TableView",
    "TimingView",
    "arrow",
    "distance_view",
    "general_label",
    "range_text",
    "reasons_text",
    "row_text",
    "seat_button_text",
    "seat_lines",
    "seat_title",
    "seat_view",
    "short_card_name",
    "shown_general_name",
    "table_view",
    "timing_view",
]
