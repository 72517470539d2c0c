"""Ratings of accounts and bot levels on the server (OpenSkill Plackett–Luce, arena/skill.py).

A rated table seats only accounts and bots (never guests). When its game ends, every seat's
subject (``account:<name>`` or ``bot:<level>``) is rated once per game, teams as the game
defines them, ranked by the game's outcome. Bot levels start from the ratings measured by
``bgb ratings calibrate`` (arena/bot_ratings.json), so "hard ≈ 30" means something.

Stand-ins: a game is **not rated** when, for any person's seat, a stand-in bot made more
than ``STAND_IN_SHARE`` (10 %) of that seat's decisions, or any of its last ``STAND_IN_TAIL``
(2) decisions: the result would be the bot's, not the person's. Seats that forfeited on time
are not counted: a forfeit settles the rating at once (the forfeiting seat's team ranks last,
every other team shares first place) and the game then goes on unrated.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..arena.skill import Skill, rate, team_ranks
from ..core.outcome import Outcome
from . import social_store as db
from .storage import ActionData, SeatData, Store

STAND_IN_SHARE = 0.10
STAND_IN_TAIL = 2


def subject_of(seat: SeatData) -> str | None:
    """Who a seat's result counts for: its account, its bot level, or nobody (a guest)."""
    if seat.kind == "bot":
        return f"bot:{seat.bot}"
    if seat.account:
        return f"account:{seat.account}"
    return None


def stand_in_verdict(seats: Sequence[SeatData], actions: Sequence[ActionData]) -> str | None:
    """Why a finished game is not rated because of stand-ins (None: it may be rated)."""
    for seat in seats:
        if seat.kind != "human" or seat.stand_in_reason == "forfeit":
            continue
        mine = [a for a in actions if a.seat == seat.seat]
        by_bot = sum(1 for a in mine if a.by_bot)
        if by_bot > STAND_IN_SHARE * len(mine):
            return f"a stand-in made {by_bot} of seat {seat.seat + 1}'s {len(mine)} decisions"
        if any(a.by_bot for a in mine[-STAND_IN_TAIL:]):
            return f"a stand-in made one of seat {seat.seat + 1}'s last {STAND_IN_TAIL} decisions"
    return None


def new_ratings(
    teams: Sequence[Sequence[int]],
    subjects: Sequence[str],
    current: dict[str, Skill],
    outcome: Outcome,
    last: Sequence[int] = (),
) -> list[tuple[str, Skill, Skill]]:
    """(subject, before, after) for every seat of one game."""
    before = [[current.get(subjects[s], Skill()) for s in members] for members in teams]
    after = rate(before, team_ranks(outcome, teams, last))
    out = []
    for members, old, new in zip(teams, before, after, strict=True):
        for seat, b, a in zip(members, old, new, strict=True):
            out.append((subjects[seat], b, a))
    return out


def settle(
    store: Store,
    room_id: str,
    game: str,
    teams: Sequence[Sequence[int]],
    seats: Sequence[SeatData],
    outcome: Outcome,
    last: Sequence[int] = (),
) -> list[dict[str, Any]] | None:
    """Rate one game (runs on the writer thread); None when it was rated before or has a guest."""
    subjects = [subject_of(s) for s in seats]
    if not _bots_only_repeat(subjects):
        return None
    named = [s for s in subjects if s is not None]
    stored = db.get_ratings(store, game, list(set(named)))
    current = {k: Skill(v.mu, v.sigma) for k, v in stored.items()}
    changes = new_ratings(teams, named, current, outcome, last)
    merged: dict[str, tuple[Skill, Skill]] = {}
    for subject, b, a in changes:  # the same bot level in two seats: its first seat's update counts
        merged.setdefault(subject, (b, a))
    updates = [(subj, b.mu, b.sigma, a.mu, a.sigma) for subj, (b, a) in merged.items()]
    if not db.apply_ratings(store, room_id, game, updates):
        return None
    return [
        {"seat": i, "subject": subjects[i], "before": merged[s][0].to_dict(), "after": merged[s][1].to_dict()}
        for i, s in enumerate(named)
    ]


def _bots_only_repeat(subjects: Sequence[str | None]) -> bool:
    """Only bot levels may appear in two seats (two 'medium' bots); an account never does."""
    seen: set[str] = set()
    for s in subjects:
        if s is None:
            return False
        if s in seen and not s.startswith("bot:"):
            return False
        seen.add(s)
    return True


def seed_bot_ratings(store: Store) -> None:
    """Bot levels without a rating get the calibrated one (arena/bot_ratings.json)."""
    from ..arena.calibrate import load_defaults

    for game, entry in load_defaults().items():
        levels = entry.get("levels", {}) if isinstance(entry, dict) else {}
        values = {
            f"bot:{level}": (float(v["mu"]), float(v["sigma"]), int(v.get("games", 0)))
            for level, v in levels.items()
            if isinstance(v, dict) and "mu" in v and "sigma" in v
        }
        if values:
            db.set_ratings(store, game, values, overwrite=False)


def store_bot_ratings(store: Store, game: str, values: dict[str, tuple[float, float, int]]) -> None:
    """Overwrite bot levels' ratings with a fresh calibration (``bgb ratings calibrate --data-dir``)."""
    db.set_ratings(store, game, {f"bot:{level}": v for level, v in values.items()}, overwrite=True)


def bot_ratings(store: Store) -> dict[str, dict[str, dict[str, float]]]:
    """{game: {level: {mu, sigma, ordinal}}} for the seat picker."""
    out: dict[str, dict[str, dict[str, float]]] = {}
    for r in db.ratings_of_prefix(store, "bot:"):
        out.setdefault(r.game, {})[r.subject[4:]] = {**Skill(r.mu, r.sigma).to_dict(), "games": r.games}
    return out
