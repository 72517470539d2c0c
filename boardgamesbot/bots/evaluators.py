"""Search-side leaf evaluations that replace a game's ``policy.evaluate`` where measurement showed
the search needs more than a points count.

Why Alcatraz has one: its ``policy.evaluate`` counts points and circles only, so a
search cut short sees no difference between a row that is about to score and a
row of unknown cards, and drifts into passive play (measured: it lost every game
to greedy). Here each seat's row is valued from that seat's OWN knowledge with
the planner's row judgement (games/alcatraz/planner.py: a sure claim now plus
most of what the next card is likely to make of the row), so the search rewards
building scorable, known rows.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from ..core.game import State

Evaluator = Callable[[State], list[float]]

# A likely claim is worth less than points already won: counting it in full made the search
# indifferent between cashing a sure sum and sitting on it (measured), so it kept sitting.
POTENTIAL_WEIGHT = 0.5


def _alcatraz() -> Evaluator:
    from ..games.alcatraz.planner import Judge
    from ..games.alcatraz.policy import seat_knowledge

    def evaluate(state: State) -> list[float]:
        n = state.players
        worth = []
        for seat in range(n):
            row, unseen = seat_knowledge(state, seat)  # type: ignore[arg-type]
            potential = Judge(unseen, state.objectives).value(tuple(row))  # type: ignore[attr-defined]
            # points, not pile size: won cards may return to the deck
            worth.append(
                state.points[seat]
                + 1.5 * state.circles[seat]  # type: ignore[attr-defined]
                + POTENTIAL_WEIGHT * potential
            )
        return [math.tanh((worth[s] - max(worth[t] for t in range(n) if t != s)) / 4.0) for s in range(n)]

    return evaluate


_FACTORIES: dict[str, Callable[[], Evaluator | None]] = {"alcatraz": _alcatraz}


def search_evaluator(game_name: str) -> Evaluator | None:
    """The bots-side evaluation for ``game_name``, or None to use the game's own ``policy.evaluate``."""
    factory = _FACTORIES.get(game_name)
    return factory() if factory is not None else None
