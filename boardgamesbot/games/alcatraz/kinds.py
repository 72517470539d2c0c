"""The kinds of Alcatraz actions, as compiled constants.

actions.py (the action type, its codes and parsing) stays plain Python; checks.py and state.py switch
on these kinds on every move, and in the compiled build a ``Final`` read from a compiled module is a
constant, not a lookup in another module's namespace (as phases.py does for the steps of a turn).
"""

from __future__ import annotations

from typing import Final

PEEK: Final = "peek"
DRAW: Final = "draw"
TAKE: Final = "take"
SWAP: Final = "swap"
DISCARD: Final = "discard"
LOOK: Final = "look"
PLUS: Final = "plus"
MINUS: Final = "minus"
FLIP: Final = "flip"
CLAIM: Final = "claim"
USE: Final = "use"
PILE: Final = "pile"
END: Final = "end"
NOPEEK: Final = "nopeek"
