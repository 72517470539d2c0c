"""Alcatraz view -> fixed-size float32 tensor.

Reads only ``State.view(seat)`` keys documented in docs/rules/alcatraz.md. A
face-down card contributes its value only when the view shows it (the seat
looked at it and remembers it); otherwise only "a card is here", whether it
is face up, and who has looked at it. Seats stay in absolute order; ``me`` says
whose view it is (all zero for a spectator). docs/interop.md lists the segments.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from ...core.encoding import Segments, ViewEncoder, fraction, one_hot
from .cards import ABILITIES, CARD_VALUES, COPIES, MAX_ROW, NUM_CARDS, OBJECTIVES, PILES

VALUES = len(CARD_VALUES)  # 17 (-3..14 without 0)
VALUE_INDEX = {v: i for i, v in enumerate(CARD_VALUES)}
OBJ_INDEX = {v: i for i, v in enumerate(OBJECTIVES)}
PHASES = ("peek", "start", "hold", "after_draw", "claim", "pile", "over")
EFFECTS = ("p", "m", "n")
MAX_ROUNDS = 3  # two rounds plus the optional tie-break round
MAX_OVERLAYS = 4  # per card, as a fraction (more is possible, and clips to 1)
MAX_SCORE = 24  # points are victory cards; a fraction of this, clipped
ROW_FEATURES = 1 + 1 + VALUES + len(EFFECTS)  # present, face up, value one-hot, overlay effects


def _value_counts(part: np.ndarray, values: list[int] | None) -> None:
    for v in values or ():
        part[VALUE_INDEX[v]] += 1.0 / COPIES


class AlcatrazEncoder(ViewEncoder):
    game_name = "alcatraz"

    def segments(self, players: int, variant: Mapping[str, Any]) -> Segments:
        n = players
        return [
            ("me", (n,)),
            ("to_move", (n,)),
            ("current", (n,)),
            ("first", (n,)),
            ("phase", (len(PHASES),)),
            ("round", (MAX_ROUNDS,)),
            ("turns", (1,)),
            ("ending", (1,)),
            ("active", (n,)),  # seats playing this round (a tied-only third round leaves some out)
            ("emptied", (n,)),
            ("last_emptier", (n,)),
            ("peek_queue", (n,)),
            ("rows", (n, MAX_ROW, ROW_FEATURES)),
            ("seen", (n, MAX_ROW, n)),  # who has looked at each row card
            ("held", (2 + VALUES + len(ABILITIES),)),  # present, from pile, value, ability
            ("claim", (len(OBJECTIVES),)),
            ("pending", (VALUES,)),
            ("pile_next_end", (1,)),
            ("objectives", (len(OBJECTIVES),)),
            ("objectives_done", (len(OBJECTIVES),)),
            ("objective_deck", (1,)),
            ("deck", (1,)),
            ("shuffles", (2,)),
            ("pile_top", (PILES, VALUES)),
            ("pile_count", (PILES,)),
            ("pile_cards", (PILES, VALUES)),
            ("victory", (n, VALUES)),
            ("scores", (n,)),
            ("round_scores", (MAX_ROUNDS, n)),
            ("circles", (n,)),
            ("capped_rounds", (MAX_ROUNDS,)),
            ("abilities", (VALUES, len(ABILITIES))),
            ("variant", (7,)),
            ("over", (1,)),
        ]

    def fill(self, view: Mapping[str, Any], parts: dict[str, np.ndarray]) -> None:
        n = view["players"]
        one_hot(parts["me"], view["seat"])
        one_hot(parts["to_move"], view["to_move"])
        one_hot(parts["current"], view["current"])
        one_hot(parts["first"], view["first"])
        one_hot(parts["phase"], PHASES.index(view["phase"]))
        one_hot(parts["round"], min(view["round"], MAX_ROUNDS) - 1 if view["round"] >= 1 else None)
        parts["turns"][0] = fraction(view["turns"], (view["turn_cap"] + 1) * n)
        parts["ending"][0] = float(bool(view["ending"]))
        for s in view["emptied"]:
            parts["emptied"][s] = 1.0
        one_hot(parts["last_emptier"], view["last_emptier"] if view["last_emptier"] >= 0 else None)
        for s in view["peek_queue"]:
            parts["peek_queue"][s] = 1.0
        rows, seen = parts["rows"], parts["seen"]
        for s, row in enumerate(view["rows"]):
            for slot, card in enumerate(row):
                cell = rows[s, slot]
                cell[0] = 1.0
                cell[1] = float(bool(card["up"]))
                if card["v"] is not None:
                    cell[2 + VALUE_INDEX[card["v"]]] = 1.0
                for effect, _value in card["ovl"]:
                    k = 2 + VALUES + EFFECTS.index(effect)
                    cell[k] = min(cell[k] + 1.0 / MAX_OVERLAYS, 1.0)
                for looker in card["seen"]:
                    seen[s, slot, looker] = 1.0
        held = view["held"]
        if held is not None:
            part = parts["held"]
            part[0] = 1.0
            part[1] = float(held["from"] == "pile")
            if held["v"] is not None:
                part[2 + VALUE_INDEX[held["v"]]] = 1.0
            if held.get("ability"):
                part[2 + VALUES + ABILITIES.index(held["ability"])] = 1.0
        one_hot(parts["claim"], OBJ_INDEX[view["claim"]] if view["claim"] else None)
        _value_counts(parts["pending"], view["pending"])
        parts["pending"][:] = np.minimum(parts["pending"], 1.0)
        parts["pile_next_end"][0] = float(view["pile_next"] == "end")
        for v in view["objectives"]:
            parts["objectives"][OBJ_INDEX[v]] = 1.0
        for v in view["objectives_done"]:
            parts["objectives_done"][OBJ_INDEX[v]] = 1.0
        parts["objective_deck"][0] = fraction(view["objective_deck"], len(OBJECTIVES))
        parts["deck"][0] = fraction(view["deck"], NUM_CARDS)
        parts["shuffles"][:] = [fraction(x, 4) for x in view["shuffles"]]
        for p, pile in enumerate(view["piles"]):
            one_hot(parts["pile_top"][p], VALUE_INDEX[pile["top"]] if pile["top"] is not None else None)
            parts["pile_count"][p] = fraction(pile["count"], NUM_CARDS)
            _value_counts(parts["pile_cards"][p], pile["cards"])
        for s, won in enumerate(view["victory"]):
            _value_counts(parts["victory"][s], won)
        parts["scores"][:] = [fraction(x, MAX_SCORE) for x in view["scores"]]
        for r, scores in enumerate(view["round_scores"][:MAX_ROUNDS]):
            parts["round_scores"][r] = [fraction(x, MAX_SCORE) for x in scores]
        parts["circles"][:] = [fraction(x, MAX_ROUNDS) for x in view["circles"]]
        for r in view["capped_rounds"]:
            if 1 <= r <= MAX_ROUNDS:
                parts["capped_rounds"][r - 1] = 1.0
        for value, ability in view["abilities"].items():
            parts["abilities"][VALUE_INDEX[int(value)], ABILITIES.index(ability)] = 1.0
        var = view["variant"]
        parts["variant"][:] = [
            float(var["wild"]),
            float(var["memory_aid"]),
            float(var["tiebreak_round"]),
            fraction(var["turn_cap"], 100),
            float(var["third_round"] == "tied_only"),
            float(var["empty_deck"] == "discards_only"),
            float(var["optional_look"]),
        ]
        for seat in view["active"]:
            parts["active"][seat] = 1.0
        parts["over"][0] = float(bool(view["over"]))


ENCODER = AlcatrazEncoder()
