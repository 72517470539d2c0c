"""Bradley–Terry strengths from a pairwise win matrix.

Why Bradley–Terry rather than running Elo: it uses every game at once, so the
ratings do not depend on the order games finished in (which, with several
worker processes, is arbitrary).
"""

from __future__ import annotations

import math
from collections.abc import Sequence


def bradley_terry(wins: Sequence[Sequence[float]], iterations: int = 500, prior: float = 0.5) -> list[float]:
    """Strengths ``p`` (geometric mean 1) with P(i beats j) = p_i / (p_i + p_j).

    ``wins[i][j]`` counts i's wins over j (draws as halves). Hunter's MM updates; ``prior`` adds that
    many virtual wins each way to every pair that met, so a bot that never lost still gets a finite
    rating. Bots that met nobody keep strength 1.
    """
    n = len(wins)
    w = [[float(wins[i][j]) for j in range(n)] for i in range(n)]
    for i in range(n):
        for j in range(n):
            if i != j and (wins[i][j] or wins[j][i]):
                w[i][j] += prior
    games = [[w[i][j] + w[j][i] for j in range(n)] for i in range(n)]
    p = [1.0] * n
    for _ in range(iterations):
        new = []
        for i in range(n):
            total_wins = sum(w[i])
            denom = sum(games[i][j] / (p[i] + p[j]) for j in range(n) if j != i and games[i][j])
            new.append(total_wins / denom if denom and total_wins else p[i])
        scale = math.exp(sum(math.log(x) for x in new) / n)
        new = [x / scale for x in new]
        done = max(abs(a - b) for a, b in zip(new, p, strict=True)) < 1e-10
        p = new
        if done:
            break
    return p
