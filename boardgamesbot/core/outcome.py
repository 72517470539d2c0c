"""Typed game results instead of magic numbers."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended.

    ``scores`` is per seat (for team games each seat carries its team's score),
    ``team_scores`` per team index (in games without teams, team i is seat i),
    ``winning_teams`` the team indices sharing first place, ``winners`` the winning seats (several on a
    shared win or a tie), ``ranking`` seats best first. ``termination`` names
    why the game ended (e.g. ``"six_of_a_kind"``, ``"board_full"``,
    ``"rounds_complete"``, ``"turn_cap"``) and ``tiebreak`` how a tie on points
    was settled, if one was.
    """

    scores: tuple[float, ...]
    winners: tuple[int, ...]
    termination: str
    team_scores: tuple[float, ...] = ()
    winning_teams: tuple[int, ...] = ()
    ranking: tuple[int, ...] = ()
    tiebreak: str | None = None
    details: dict[str, Any] = field(default_factory=dict)

    @property
    def is_draw(self) -> bool:
        """True when more than one team shares first place (or nobody won)."""
        return len(self.winning_teams) != 1

    def reward(self, seat: int) -> float:
        """+1 for a (team) win, 0 for a shared first place, -1 for a loss."""
        if seat not in self.winners:
            return -1.0
        return 0.0 if self.is_draw else 1.0

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        for key in ("scores", "winners", "team_scores", "winning_teams", "ranking"):
            d[key] = list(d[key])
        return d
