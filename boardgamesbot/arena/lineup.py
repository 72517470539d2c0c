"""Who sits where in game number ``index`` of an arena run.

Why a rule and not a shuffle: rotating seats by game index makes every bot
take the first seat equally often, keeps team-mates together, and lets a game
be replayed from its index alone (needed for results that do not depend on
how many worker processes ran them).

- As many bots as seats, or fewer: seat ``s`` gets bot ``(s + index) % L``
  (the list repeats to fill the table and rotates one place per game).
- More bots than seats: the games cycle through every ordered choice of
  distinct bots (``itertools.permutations``), so each bot meets each other in
  every seat order.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from functools import cache

from ..core.errors import InvalidSetup


@cache
def _orders(entries: int, players: int) -> tuple[tuple[int, ...], ...]:
    return tuple(itertools.permutations(range(entries), players))


def lineup(entries: int, players: int, index: int) -> tuple[int, ...]:
    """Bot entry (position in the --bots list) for each seat in game ``index``."""
    if entries < 1:
        raise InvalidSetup("the arena needs at least one bot", "a arena precisa de pelo menos um robô")
    if entries <= players:
        return tuple((seat + index) % entries for seat in range(players))
    orders = _orders(entries, players)
    return orders[index % len(orders)]


def period(entries: int, players: int) -> int:
    """Games after which the seating pattern repeats (a fair run plays a multiple of it)."""
    return entries if entries <= players else len(_orders(entries, players))


def check_teams(entries: int, players: int, teams: Sequence[Sequence[int]]) -> None:
    """Refuse lineups where one bot would play for two teams: its 'win' would mean nothing."""
    team_of = {seat: t for t, members in enumerate(teams) for seat in members}
    for index in range(period(entries, players)):
        seats = lineup(entries, players, index)
        for entry in set(seats):
            sides = {team_of[s] for s, e in enumerate(seats) if e == entry}
            if len(sides) > 1:
                raise InvalidSetup(
                    f"with {entries} bot(s) at {players} seats, bot number {entry + 1} would play for two "
                    f"teams (teams are seats {[list(t) for t in teams]}); list one bot per seat instead",
                    f"com {entries} robô(s) em {players} lugares, o robô número {entry + 1} jogaria por duas "
                    f"equipes (equipes: lugares {[list(t) for t in teams]}); indique um robô por lugar",
                )
