"""The prepared sampler a search draws from deals the unseen cards like the view-based determinize does.

The sampler reshuffles only what the seat cannot see, straight from the position; a slip there (a pile left
in its true order, a row slot never shuffled) would not break any single sample's consistency with the view
but would bias every search. Here each (place, slot, card) frequency over many samples from both is compared.
"""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest

from boardgamesbot.core.registry import load_game

SAMPLES = 3000


def _frequencies(states: list[str]) -> Counter[str]:
    counts: Counter[str] = Counter()
    for text in states:
        for token in text.split():
            if "=" in token and not token.startswith("seed="):
                place, cards = token.split("=", 1)
                for slot, card in enumerate(cards.split(",")):
                    counts[f"{place}[{slot}]={card}"] += 1
    return counts


@pytest.mark.parametrize(("players", "plies", "seed"), [(2, 14, 3), (4, 30, 5), (3, 60, 8)])
def test_the_sampler_and_determinize_deal_alike(players: int, plies: int, seed: int) -> None:
    game = load_game("alcatraz")
    rng = random.Random(seed)
    state = game.new(players, seed=11)
    for _ in range(plies):
        state.apply(rng.choice(state.legal_actions()))
    seat = state.to_move()
    assert seat is not None
    infoset = state.infoset(seat)
    sampler = infoset.sampler()
    r1, r2 = random.Random(1), random.Random(2)
    drawn = _frequencies([sampler.sample(r1).to_position() for _ in range(SAMPLES)])
    dealt = _frequencies([game.determinize(infoset.view, r2).to_position() for _ in range(SAMPLES)])
    worst = 0.0
    for key in set(drawn) | set(dealt):
        p = (drawn[key] + dealt[key]) / (2 * SAMPLES)
        if 0 < p < 1:
            z = (drawn[key] - dealt[key]) / SAMPLES / math.sqrt(2 * p * (1 - p) / SAMPLES)
            worst = max(worst, abs(z))
    # thousands of cells: chance alone gives a largest |z| near 4; a biased deal gives tens
    assert worst < 5.5, f"a card lands in some place far more often from one than the other (|z| = {worst:.1f})"
