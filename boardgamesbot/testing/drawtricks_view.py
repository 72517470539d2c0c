"""Draw tricks: the card numbers and the shape of a view (shared by the engine and its encoder)."""

from __future__ import annotations

from ..core.view import ViewBase

HAND = 3
FIRST_CARD = 101


def deck_size(players: int) -> int:
    return 5 * players + 2


class DrawTricksView(ViewBase):
    hand: list[int] | None
    hand_sizes: list[int]
    trick: list[list[int]]  # [seat, card] in play order
    leader: int
    tricks: list[int]
    discards: list[int]
    deck: int
    drew: bool  # the seat to move has drawn this turn
    played: list[int]
