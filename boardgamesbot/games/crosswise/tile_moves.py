"""Where the tiles go when an action tile is played, in words.

A player asking "what happens if I trade onto C4?" or "how does the board look after
swapping A1 and B2?" wants the tiles named, not only the line scores: this clause
is what the position answer says first for the four action tiles.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...core.action import Action
from .actions import Move, Remove, Swap, Trade
from .tiles import SQUARE_NAMES, tile_name


def tiles_clause(board: Sequence[int], action: Action, lang: str, hand_after: int | None = None) -> str | None:
    """Which tile lands where (and which goes to the hand, and how many tiles the hand then holds) for
    ``action`` played on ``board``; None for a plain placement, a pass or a redraw."""
    pt = lang.startswith("pt")
    if hand_after is None:
        held = ""
    else:
        held = f", e a sua mão fica com {hand_after} peças" if pt else f", leaving {hand_after} tiles in your hand"
    sq = SQUARE_NAMES

    def name(square: int) -> str:
        return tile_name(board[square], lang)

    if isinstance(action, Swap):
        a, b = sq[action.a], sq[action.b]
        if pt:
            return f"{a} fica com {name(action.b)} e {b} com {name(action.a)}"
        return f"{a} now holds {name(action.b)} and {b} holds {name(action.a)}"
    if isinstance(action, Trade):
        placed = tile_name(action.symbol, lang)
        where = sq[action.square]
        if pt:
            return f"{where} fica com {placed} e {name(action.square)}, que estava lá, vai para a sua mão{held}"
        return f"{where} now holds {placed} and the {name(action.square)} that was there goes to your hand{held}"
    if isinstance(action, Remove):
        if pt:
            return f"{name(action.square)} de {sq[action.square]} vai para a sua mão{held}"
        return f"the {name(action.square)} on {sq[action.square]} goes to your hand{held}"
    if isinstance(action, Move):
        if pt:
            return f"{name(action.src)} passa de {sq[action.src]} para {sq[action.dst]}"
        return f"the {name(action.src)} moves from {sq[action.src]} to {sq[action.dst]}"
    return None
