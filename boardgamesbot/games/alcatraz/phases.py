"""The steps of a turn, as small integers the engine switches on (names for views and positions)."""

from __future__ import annotations

PH_PEEK, PH_START, PH_HOLD, PH_AFTER, PH_CLAIM, PH_PILE, PH_OVER = range(7)
PHASES = ("peek", "start", "hold", "after_draw", "claim", "pile", "over")
THEN_AFTER, THEN_END = 0, 1  # where a pile choice leads: back to the turn, or to its end
