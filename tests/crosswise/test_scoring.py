"""Line scoring, including the rulebook's own worked example (orange 22, green 26)."""

from __future__ import annotations

import pytest

from boardgamesbot import load_game
from boardgamesbot.games.crosswise.position import compose
from boardgamesbot.games.crosswise.scoring import line_scores, score_counts, team_totals

GAME = load_game("crosswise")


def _board(text: str) -> list[int]:
    return [-1 if ch == "." else int(ch) - 1 for ch in text.replace("/", "")]


@pytest.mark.rule("CW-SCORE-GROUPS")
@pytest.mark.parametrize(
    ("line", "points"),
    [
        ("112345", 1),  # a pair
        ("111234", 3),  # three of a kind
        ("111123", 5),  # four
        ("111112", 7),  # five
        ("112234", 2),  # two pairs
        ("111122", 6),  # pair + four
        ("111222", 6),  # two triples
        ("112233", 3),  # three pairs
        ("111223", 4),  # pair + triple
    ],
)
def test_group_points_add_up_within_a_line(line: str, points: int) -> None:
    counts = [line.count(str(s)) for s in range(1, 7)]
    assert score_counts(counts) == points


@pytest.mark.rule("CW-SCORE-DIFFERENT")
def test_six_different_symbols_score_six() -> None:
    assert score_counts([1, 1, 1, 1, 1, 1]) == 6
    # five different with a gap is not yet "six different"
    assert score_counts([1, 1, 1, 1, 1, 0]) == 0


@pytest.mark.rule("CW-SCORE-SPREAD")
def test_tiles_need_not_be_adjacent_and_count_once() -> None:
    spread = _board("1.2.1./" + "....../" * 4 + "......")
    together = _board("11.2../" + "....../" * 4 + "......")
    assert line_scores(spread)[0] == line_scores(together)[0] == 1
    # a four is worth 5, never 5 + pairs or a triple hidden inside it
    four = _board("121311/" + "....../" * 4 + "......")
    assert line_scores(four)[0] == 5


ORANGE_ROWS_GREEN_COLUMNS = "165343/155345/122141/222333/635241/165645"


@pytest.mark.rule("CW-SCORE-GROUPS")
@pytest.mark.rule("CW-WIN")
def test_rulebook_scoring_example() -> None:
    """The rulebook's example: orange lines 1+3+4+6+6+2 = 22, green lines 5+2+6+3+7+3 = 26."""
    board = _board(ORANGE_ROWS_GREEN_COLUMNS)
    scores = line_scores(board)
    assert scores[:6] == [1, 3, 4, 6, 6, 2]  # pair, trio, pair+trio, two trios, six different, two pairs
    assert scores[6:] == [5, 2, 6, 3, 7, 3]  # four, two pairs, pair+four, trio, five, three pairs
    assert team_totals(board) == (22, 26)
    # and the engine's end of game says the same: the columns team (26) beats the rows team (22)
    state = GAME.from_position(compose(ORANGE_ROWS_GREEN_COLUMNS, ["2", "4"]))
    out = state.outcome()
    assert out is not None and out.termination == "board_full"
    assert out.team_scores == (22.0, 26.0)
    assert out.winning_teams == (1,) and out.winners == (1,)
