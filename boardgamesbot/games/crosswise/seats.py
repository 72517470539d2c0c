"""Seat arithmetic: turn order, teams and hand sizes for 2, 3 and 4 players (CW-TEAMS, CW-THREE)."""

from __future__ import annotations


def turn_order(players: int) -> tuple[int, ...]:
    """Seats in turn order. With 3 players seat 1 plays alone, every other turn."""
    return (0, 1, 2, 1) if players == 3 else tuple(range(players))


def team_of(seat: int) -> int:
    """Team 0 (rows) holds the even seats, team 1 (columns) the odd ones, for 2, 3 and 4 players."""
    return seat & 1


def hand_size_of(players: int, seat: int) -> int:
    """Four tiles, six for the lone player of a 3-player game."""
    return 6 if players == 3 and seat == 1 else 4


def teams(players: int) -> list[list[int]]:
    """Seats of team 0 (rows) and team 1 (columns)."""
    return [[s for s in range(players) if team_of(s) == team] for team in (0, 1)]
