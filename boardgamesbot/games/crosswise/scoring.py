"""Line scores: what a row or column is worth at the end (rulebook "Pontuação").

Each symbol that appears k times in a line forms one group (tiles need not be
adjacent, and a tile belongs to one group only): 2 → 1, 3 → 3, 4 → 5, 5 → 7.
Six different symbols in a full line score 6. Six identical symbols are not
scored: they win the game at once (see state.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from ...core.outcome import Outcome
from .seats import team_of
from .tiles import EMPTY, LINES, SIZE, SYMBOLS, line_name

# typed as a variable-length tuple: the compiled build keeps it one Python tuple (a fixed-length Final tuple
# of literals becomes a C struct that is boxed into a new tuple at every subscript)
GROUP_POINTS: Final[tuple[int, ...]] = (0, 0, 1, 3, 5, 7, 0)  # by group size; 6 identical wins instead of scoring
ALL_DIFFERENT_POINTS: Final = 6


def score_counts(counts: Sequence[int]) -> int:
    """Points of one line given how many times each symbol appears in it."""
    if sum(counts) == SIZE and max(counts) == 1:
        return ALL_DIFFERENT_POINTS
    return sum(GROUP_POINTS[n] for n in counts)


def line_counts(board: Sequence[int], line: int) -> list[int]:
    """How many of each symbol the line holds (lines 0..5 rows, 6..11 columns)."""
    cells = board[line * SIZE : (line + 1) * SIZE] if line < SIZE else board[line - SIZE :: SIZE]
    return [cells.count(s) for s in range(SYMBOLS)]


def line_score(board: Sequence[int], line: int) -> int:
    return score_counts(line_counts(board, line))


def line_scores(board: Sequence[int]) -> list[int]:
    """Scores of lines 0..11 (rows 1..6 then columns A..F) as the board stands."""
    return [line_score(board, line) for line in range(2 * SIZE)]


def scores_from_counts(counts: list[int]) -> list[int]:
    """Scores of lines 0..11 from line counts (``counts[line * 6 + symbol]``, kept by the state)."""
    points = GROUP_POINTS
    out = [0] * (2 * SIZE)
    for line in range(2 * SIZE):
        base = line * SYMBOLS
        total = 0
        singles = 0
        for k in range(base, base + SYMBOLS):
            n = counts[k]
            total += points[n]
            if n == 1:
                singles += 1
        out[line] = ALL_DIFFERENT_POINTS if singles == SIZE else total
    return out


def team_totals(board: Sequence[int]) -> tuple[int, int]:
    """(rows total, columns total): team 0 scores rows, team 1 columns."""
    scores = line_scores(board)
    return sum(scores[:SIZE]), sum(scores[SIZE:])


def six_of_a_kind(board: Sequence[int], line: int) -> bool:
    first = board[LINES[line][0]]
    return first != EMPTY and all(board[sq] == first for sq in LINES[line])


def outcome(
    board: Sequence[int], players: int, tiebreak_rule: str, termination: str, six_line: int | None = None
) -> Outcome:
    """Team 0 scores the rows, team 1 the columns; a six of a kind wins whatever the points (CW-SIX, CW-WIN).

    ``tiebreak_rule`` is the ``tiebreak`` variant option: "draw" or "best_line" (CW-D-TIE).
    """
    return outcome_from_scores(line_scores(board), players, tiebreak_rule, termination, six_line)


def outcome_from_counts(
    counts: list[int],
    board: Sequence[int],
    players: int,
    tiebreak_rule: str,
    termination: str,
    six_line: int | None = None,
) -> Outcome:
    """:func:`outcome` from the state's line counts (the board is not scanned again)."""
    return outcome_from_scores(scores_from_counts(counts), players, tiebreak_rule, termination, six_line)


def outcome_from_scores(
    scores: list[int], players: int, tiebreak_rule: str, termination: str, six_line: int | None = None
) -> Outcome:
    """The result from the 12 line scores (rows then columns)."""
    rows, cols = scores[:SIZE], scores[SIZE:]
    team_scores = (float(sum(rows)), float(sum(cols)))
    details: dict[str, Any] = {"line_scores": {"rows": rows, "columns": cols}}
    tiebreak: str | None = None
    if six_line is not None:
        winning: tuple[int, ...] = (0,) if six_line < SIZE else (1,)
        details["six_line"] = line_name(six_line)
    elif team_scores[0] != team_scores[1]:
        winning = (0,) if team_scores[0] > team_scores[1] else (1,)
    else:
        a, b = sorted(rows, reverse=True), sorted(cols, reverse=True)
        if tiebreak_rule == "best_line" and a != b:
            winning, tiebreak = ((0,) if a > b else (1,)), "best_line"
        else:
            winning, tiebreak = (0, 1), "shared"
    winners = tuple(s for s in range(players) if team_of(s) in winning)
    ranking = tuple(sorted(range(players), key=lambda s: (s not in winners, -team_scores[team_of(s)], s)))
    return Outcome(
        scores=tuple(team_scores[team_of(s)] for s in range(players)),
        winners=winners,
        termination=termination,
        team_scores=team_scores,
        winning_teams=winning,
        ranking=ranking,
        tiebreak=tiebreak,
        details=details,
    )
