"""Arena statistics: Wilson intervals, Bradley–Terry ratings, seat rotation, how wins count."""

from __future__ import annotations

import pytest

from boardgamesbot.arena.lineup import check_teams, lineup, period
from boardgamesbot.arena.ratings import bradley_terry
from boardgamesbot.arena.runner import ArenaConfig, GameResult, RunResult
from boardgamesbot.arena.stats import entry_result, mean_ci, percentile, summarize, wilson
from boardgamesbot.core.errors import InvalidSetup


def test_wilson_matches_textbook_values() -> None:
    lo, hi = wilson(5, 10)
    assert lo == pytest.approx(0.2366, abs=1e-4) and hi == pytest.approx(0.7634, abs=1e-4)
    lo, hi = wilson(0, 10)
    assert lo == 0.0 and hi == pytest.approx(0.2775, abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)


def test_mean_interval_and_percentiles() -> None:
    mean, lo, hi = mean_ci([1.0, 2.0, 3.0, 4.0])
    assert mean == 2.5 and lo < 2.5 < hi and hi - 2.5 == pytest.approx(2.5 - lo)
    assert percentile([1, 2, 3, 4, 5], 50) == 3 and percentile([0, 10], 95) == pytest.approx(9.5)


def test_bradley_terry_orders_and_scales() -> None:
    p = bradley_terry([[0, 3], [1, 0]])
    assert p[0] / p[1] == pytest.approx(3.5 / 1.5, rel=1e-6)  # with half a virtual win each way
    p3 = bradley_terry([[0, 8, 9], [2, 0, 6], [1, 4, 0]])
    assert p3[0] > p3[1] > p3[2]


def test_every_bot_takes_every_seat_equally() -> None:
    for entries, players in [(2, 2), (3, 3), (2, 4), (2, 5), (3, 2), (4, 3)]:
        counts = {}
        for index in range(period(entries, players) * 2):
            seats = lineup(entries, players, index)
            assert len(seats) == players
            for seat, entry in enumerate(seats):
                counts[(seat, entry)] = counts.get((seat, entry), 0) + 1
        first_seat = [counts.get((0, e), 0) for e in range(entries)]
        assert len(set(first_seat)) == 1, (entries, players, first_seat)


def test_more_bots_than_seats_seats_distinct_bots() -> None:
    for index in range(period(4, 2)):
        a, b = lineup(4, 2, index)
        assert a != b


def test_a_bot_may_not_play_for_two_teams() -> None:
    teams = [[0, 2], [1, 3]]
    check_teams(2, 4, teams)  # alternate seats: each bot is one team
    check_teams(4, 4, teams)
    with pytest.raises(InvalidSetup, match="two teams"):
        check_teams(3, 4, teams)


def _game(index, seats, scores, winners, draw=False):
    return GameResult(index, 0, seats, scores, winners, draw, "end", 10, [[] for _ in seats])


def test_team_wins_count_once_per_bot_and_draws_apart() -> None:
    games = [
        _game(0, (0, 1, 0, 1), (5, 3, 5, 3), (0, 2)),
        _game(1, (1, 0, 1, 0), (4, 4, 4, 4), (0, 1, 2, 3), draw=True),
        _game(2, (0, 1, 0, 1), (1, 9, 1, 9), (1, 3)),
    ]
    assert [entry_result(g, 0) for g in games] == ["win", "draw", "loss"]
    assert [entry_result(g, 1) for g in games] == ["loss", "draw", "win"]
    config = ArenaConfig("drawtricks", 4, ("a", "b"), 3, 1, {"teams": True})
    summary = summarize(RunResult(config, games, False, 1.0))
    a, b = summary["bots"]
    assert (a["wins"], a["draws"], a["losses"], a["games"]) == (1, 1, 1, 3)
    assert (b["wins"], b["draws"], b["losses"]) == (1, 1, 1)
    assert a["avg_score"] == pytest.approx((5 + 4 + 1) / 3)
    assert summary["seats"][0]["wins"] == 1 and summary["seats"][1]["wins"] == 1
    assert summary["draws"] == 1 and summary["ratings"] is None


def test_duplicate_bot_names_get_numbered_labels() -> None:
    assert ArenaConfig("drawtricks", 3, ("greedy", "hard", "greedy"), 1, 0).labels() == ["greedy#1", "hard", "greedy#2"]
