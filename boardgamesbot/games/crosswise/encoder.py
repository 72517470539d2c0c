"""Crosswise view -> fixed-size float32 tensor.

Reads only ``State.view(seat)`` keys documented in docs/rules/crosswise.md
(board, hand, hand sizes, public knowledge of hands, bag size, used action
tiles, turn order cursor, redraw/stuck/pass flags, line scores, turn counter,
variant). Seats stay in absolute order; ``me`` and ``my_team`` say whose view it
is (all zero for a spectator). docs/interop.md lists every segment.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from ...core.encoding import Segments, ViewEncoder, fraction, one_hot
from .tiles import (
    ACTION_KINDS,
    CHAR_TO_TILE,
    COPIES_PER_ACTION,
    SIZE,
    SQUARES,
    SYMBOLS,
    TILE_KINDS,
    TOTAL_TILES,
    parse_tiles,
)

MAX_HAND = 6  # the lone seat of a 3-player game holds 6; everyone else 4
MAX_LINE_SCORE = 7  # five of a kind; six identical ends the game instead of scoring
MAX_REDRAWS = 5  # the variant's highest number ('unlimited' encodes as 1.0)


def _order_length(players: int) -> int:
    return 4 if players == 3 else players  # 3 players: the lone seat plays every other turn


class CrosswiseEncoder(ViewEncoder):
    game_name = "crosswise"

    def segments(self, players: int, variant: Mapping[str, Any]) -> Segments:
        n = players
        return [
            ("board", (SQUARES, SYMBOLS + 1)),  # channel 0 = empty, 1..6 = symbol
            ("hand", (TILE_KINDS,)),
            ("hand_sizes", (n,)),
            ("known", (n, SYMBOLS)),
            ("bag", (1,)),
            ("used", (ACTION_KINDS,)),
            ("me", (n,)),
            ("my_team", (2,)),
            ("to_move", (n,)),
            ("cursor", (_order_length(n),)),
            ("started", (n,)),
            ("redraws", (n,)),
            ("stuck", (n,)),
            ("passed", (n,)),
            ("line_scores", (2 * SIZE,)),
            ("turn", (1,)),
            ("over", (1,)),
            ("variant", (4,)),
        ]

    def fill(self, view: Mapping[str, Any], parts: dict[str, np.ndarray]) -> None:
        board = parts["board"]
        for r, row in enumerate(view["board"]):
            for c, ch in enumerate(row):
                board[r * SIZE + c, 0 if ch == "." else CHAR_TO_TILE[ch] + 1] = 1.0
        if view["hand"] is not None:
            parts["hand"][:] = np.minimum(np.asarray(parse_tiles(view["hand"]), dtype=np.float32) / MAX_HAND, 1.0)
        parts["hand_sizes"][:] = [fraction(s, MAX_HAND) for s in view["hand_sizes"]]
        for seat, text in enumerate(view["known"]):
            parts["known"][seat] = np.minimum(np.asarray(parse_tiles(text)[:SYMBOLS], dtype=np.float32) / MAX_HAND, 1.0)
        parts["bag"][0] = fraction(view["bag_size"], TOTAL_TILES)
        parts["used"][:] = [fraction(view["used"][ch], COPIES_PER_ACTION) for ch in "RMST"]
        seat = view["seat"]
        one_hot(parts["me"], seat)
        if seat is not None:
            team = next(i for i, members in enumerate(view["teams"]) if seat in members)
            one_hot(parts["my_team"], team)
        one_hot(parts["to_move"], view["to_move"])
        if not view["over"]:
            one_hot(parts["cursor"], view["cursor"])
        parts["started"][:] = [float(bool(x)) for x in view["started"]]
        parts["redraws"][:] = [fraction(x, MAX_REDRAWS) for x in view["redraws"]]
        parts["stuck"][:] = [float(bool(x)) for x in view["stuck"]]
        parts["passed"][:] = [float(bool(x)) for x in view["passed"]]
        scores = list(view["line_scores"]["rows"]) + list(view["line_scores"]["columns"])
        parts["line_scores"][:] = [fraction(s, MAX_LINE_SCORE) for s in scores]
        parts["turn"][0] = fraction(view["turn"], view["variant"]["max_turns"])
        parts["over"][0] = float(bool(view["over"]))
        var = view["variant"]
        parts["variant"][:] = [
            float(var["opponent_six"] == "illegal"),
            float(var["tiebreak"] == "best_line"),
            float(var["stuck"] == "discard"),
            1.0 if var["redraws"] == "unlimited" else fraction(var["redraws"], MAX_REDRAWS),
        ]


ENCODER = CrosswiseEncoder()
