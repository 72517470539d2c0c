"""The result of a finished game: totals, circles, the third round, the turn cap."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.outcome import Outcome

if TYPE_CHECKING:
    from .state import AlcatrazState


def compute_outcome(st: AlcatrazState) -> Outcome | None:
    """The result once rounds are done (None when a third round must be played)."""
    totals = st.totals()
    best = max(totals)
    top = [s for s in range(st.players) if totals[s] == best]
    tiebreak: str | None = None
    winners = top
    if len(top) > 1:
        most = max(st.circles[s] for s in top)
        winners = [s for s in top if st.circles[s] == most]
        if len(winners) > 1 and st.round == 2 and st.variant["tiebreak_round"]:
            return None
        if len(winners) == 1:
            tiebreak = "circles"
    if st.round >= 3:
        tiebreak = "third_round" if tiebreak is None else "third_round+circles"
        if len(winners) > 1:
            tiebreak = None
    ranking = sorted(range(st.players), key=lambda s: (-totals[s], -st.circles[s], s))
    scores = tuple(float(t) for t in totals)
    return Outcome(
        scores=scores,
        winners=tuple(winners),
        termination="turn_cap" if st.capped else "rounds_complete",
        team_scores=scores,
        winning_teams=tuple(winners),
        ranking=tuple(ranking),
        tiebreak=tiebreak,
        details={
            "round_scores": [list(r) for r in st.round_scores],
            "circles": list(st.circles),
            "capped_rounds": list(st.capped),
            "rounds": st.round,
        },
    )
