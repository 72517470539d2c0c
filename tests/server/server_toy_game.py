"""What a server test needs to know about the shared test game (boardgamesbot.testing, "drawtricks")."""

from __future__ import annotations

from boardgamesbot.testing import GAME, DrawTricksState

ToyState = DrawTricksState
__all__ = ["GAME", "ToyState", "hidden_values"]


def hidden_values(state: DrawTricksState, viewer: int | None) -> set[int]:
    """Card values ``viewer`` must not see now: other hands and the deck (every card value has three digits)."""
    hidden = set(state.deck)
    for seat, hand in enumerate(state.hands):
        if seat != viewer:
            hidden.update(hand)
    return hidden
