"""OpenSkill ratings (Plackett–Luce) for whole games: seats, teams, ranks from an Outcome.

One model serves the server (rated tables between accounts and bots) and the
arena (``bgb ratings calibrate``), so a bot level's rating measured in the
arena and a person's rating earned on the server are on the same scale.

Plackett–Luce handles 2–5 players and teams: a game is a list of teams (lists
of seats), each team ranked by the game's :class:`~boardgamesbot.core.outcome.Outcome`
(winning teams share rank 1; the others follow in the order of their best seat in
``outcome.ranking``). ``ordinal = mu - 3 sigma`` is the cautious figure shown to people.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..core.outcome import Outcome

MU = 25.0
SIGMA = MU / 3


@dataclass(frozen=True)
class Skill:
    """One rating: ``mu`` (estimated skill) and ``sigma`` (its uncertainty)."""

    mu: float = MU
    sigma: float = SIGMA

    @property
    def ordinal(self) -> float:
        """The cautious estimate people see (mu - 3 sigma)."""
        return self.mu - 3 * self.sigma

    def to_dict(self) -> dict[str, float]:
        return {"mu": round(self.mu, 4), "sigma": round(self.sigma, 4), "ordinal": round(self.ordinal, 4)}


def _model() -> Any:
    from openskill.models import PlackettLuce

    return PlackettLuce(mu=MU, sigma=SIGMA)


def team_ranks(outcome: Outcome, teams: Sequence[Sequence[int]], last: Sequence[int] = ()) -> list[int]:
    """A rank per team (1 = first; equal ranks share a place) from a game's outcome.

    Teams that won share rank 1. The others are ordered by where their best seat
    stands in ``outcome.ranking``. Teams holding a seat in ``last`` (a forfeit)
    rank after everyone else, sharing the last place.
    """
    order = {seat: i for i, seat in enumerate(outcome.ranking)}
    winners = set(outcome.winners)
    keys: list[tuple[int, int]] = []
    for members in teams:
        if any(s in last for s in members):
            keys.append((2, 0))
        elif any(s in winners for s in members):
            keys.append((0, 0))
        else:
            keys.append((1, min((order.get(s, len(order)) for s in members), default=len(order))))
    distinct = sorted(set(keys))
    return [distinct.index(k) + 1 for k in keys]


def rate(teams: Sequence[Sequence[Skill]], ranks: Sequence[int]) -> list[list[Skill]]:
    """New ratings for every member of every team after one game (ranks: 1 = first)."""
    model = _model()
    before = [[model.rating(mu=s.mu, sigma=s.sigma) for s in team] for team in teams]
    after = model.rate(before, ranks=list(ranks))
    return [[Skill(float(r.mu), float(r.sigma)) for r in team] for team in after]


def predict_win(teams: Sequence[Sequence[Skill]]) -> list[float]:
    """The model's chance of each team finishing first (for the seat picker's 'hard ≈ ...' words)."""
    model = _model()
    return [float(p) for p in model.predict_win([[model.rating(mu=s.mu, sigma=s.sigma) for s in t] for t in teams])]
