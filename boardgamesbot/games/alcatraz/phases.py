"""The steps of a turn, as small integers the engine switches on (names for views and positions)."""

from __future__ import annotations

from typing import Final

PH_PEEK: Final = 0
PH_START: Final = 1
PH_HOLD: Final = 2
PH_AFTER: Final = 3
PH_CLAIM: Final = 4
PH_PILE: Final = 5
PH_OVER: Final = 6
PHASES: Final[tuple[str, ...]] = ("peek", "start", "hold", "after_draw", "claim", "pile", "over")
THEN_AFTER: Final = 0
THEN_END: Final = 1  # where a pile choice leads: back to the turn, or to its end
