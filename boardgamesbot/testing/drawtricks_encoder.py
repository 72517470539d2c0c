"""Draw tricks view -> tensor (numpy): the test game's InteropKit encoder."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

import numpy as np

from ..core.encoding import Segments, ViewEncoder, fraction, one_hot
from .drawtricks_view import FIRST_CARD, HAND, DrawTricksView, deck_size


class DrawTricksEncoder(ViewEncoder):
    game_name = "drawtricks"

    def segments(self, players: int, variant: Mapping[str, Any]) -> Segments:
        cards = deck_size(players)
        return [
            ("me", (players,)),
            ("to_move", (players,)),
            ("hand", (cards,)),
            ("trick", (players, cards)),
            ("seen", (cards,)),
            ("tricks", (players,)),
            ("hand_sizes", (players,)),
            ("drew", (1,)),
        ]

    def fill(self, view: Mapping[str, Any], parts: dict[str, np.ndarray]) -> None:
        v = cast(DrawTricksView, view)
        one_hot(parts["me"], v["seat"])
        one_hot(parts["to_move"], v["to_move"])
        for card in v["hand"] or []:
            parts["hand"][card - FIRST_CARD] = 1.0
        for seat, card in v["trick"]:
            parts["trick"][seat, card - FIRST_CARD] = 1.0
        for card in [*v["played"], *v["discards"]]:
            parts["seen"][card - FIRST_CARD] = 1.0
        for seat, won in enumerate(v["tricks"]):
            parts["tricks"][seat] = fraction(won, HAND)
            parts["hand_sizes"][seat] = fraction(v["hand_sizes"][seat], HAND)
        parts["drew"][0] = 1.0 if v["drew"] else 0.0
