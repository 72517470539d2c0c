"""Liar's Dice view -> tensor (numpy): the InteropKit encoder for PettingZoo and OpenSpiel.

Like OpenSpiel's own ``liars_dice`` tensor: who I am, my dice one-hot, and one
row per possible bid of this round (quantity-major, as in the action table)
marking who made it; plus what an OpenSpiel single round does not have — the
dice each seat holds and the previous round's revealed cups and result.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

import numpy as np

from ...core.encoding import Segments, ViewEncoder, fraction, one_hot
from .actions import FACES
from .state import LiarsDiceView, round_cap


class LiarsDiceEncoder(ViewEncoder):
    game_name = "liars_dice"

    def segments(self, players: int, variant: Mapping[str, Any]) -> Segments:
        dice = int(variant["dice"])
        return [
            ("me", (players,)),
            ("to_move", (players,)),
            ("my_dice", (dice, FACES)),
            ("dice_counts", (players,)),
            ("bids", (players * dice * FACES, players)),
            ("last_round_faces", (players, FACES)),
            ("last_round_loser", (players,)),
            ("last_round_gainer", (players,)),
            ("round", (1,)),
        ]

    def fill(self, view: Mapping[str, Any], parts: dict[str, np.ndarray]) -> None:
        v = cast(LiarsDiceView, view)
        dice = int(v["variant"]["dice"])
        one_hot(parts["me"], v["seat"])
        one_hot(parts["to_move"], v["to_move"])
        for slot, face in enumerate(v["dice"] or []):
            parts["my_dice"][slot, face - 1] = 1.0
        for seat, n in enumerate(v["dice_counts"]):
            parts["dice_counts"][seat] = fraction(n, dice)
        for seat, quantity, face in v["bids"]:
            parts["bids"][(quantity - 1) * FACES + face - 1, seat] = 1.0
        if v["rounds"]:
            last = v["rounds"][-1]
            for seat, cup in enumerate(last["dice"]):
                for face in cup:
                    parts["last_round_faces"][seat, face - 1] += 1.0 / dice
            one_hot(parts["last_round_loser"], last["loser"])
            one_hot(parts["last_round_gainer"], last["gainer"])
        parts["round"][0] = fraction(v["round"], round_cap(v["players"], dice))


ENCODER = LiarsDiceEncoder()
