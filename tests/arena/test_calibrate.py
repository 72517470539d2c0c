"""`bgb ratings calibrate`: OpenSkill ratings of bot levels from rated arena games, reproducible."""

from __future__ import annotations

import json

import pytest
from openskill.models import PlackettLuce
from typer.testing import CliRunner

from boardgamesbot.arena.calibrate import calibrate
from boardgamesbot.arena.skill import Skill, rate, team_ranks
from boardgamesbot.cli import app
from boardgamesbot.core.outcome import Outcome


def test_the_same_seed_gives_the_same_ratings_whatever_the_jobs() -> None:
    one = calibrate("crosswise", 2, ("random", "greedy"), 4, seed=5, jobs=1)
    two = calibrate("crosswise", 2, ("random", "greedy"), 4, seed=5, jobs=2)
    assert one.to_dict()["levels"] == two.to_dict()["levels"]
    assert one.played == {"random": 4, "greedy": 4}
    assert one.ratings["greedy"].mu > one.ratings["random"].mu


def test_ranks_and_updates_are_openskills_own() -> None:
    outcome = Outcome(scores=(3, 9, 9, 3), winners=(1, 3), termination="x", ranking=(1, 3, 0, 2))
    teams = [[0, 2], [1, 3]]
    assert team_ranks(outcome, teams) == [2, 1]
    assert team_ranks(outcome, teams, last=[3]) == [1, 2]  # a forfeit puts its team last
    free = Outcome(scores=(5, 9, 1), winners=(1,), termination="x", ranking=(1, 0, 2))
    assert team_ranks(free, [[0], [1], [2]]) == [2, 1, 3]
    model = PlackettLuce()
    want = model.rate(
        [[model.rating(), model.rating()], [model.rating(mu=30, sigma=5), model.rating(mu=30, sigma=5)]], ranks=[2, 1]
    )
    got = rate([[Skill(), Skill()], [Skill(30, 5), Skill(30, 5)]], [2, 1])
    assert [r.mu for t in got for r in t] == pytest.approx([r.mu for t in want for r in t])
    assert [r.sigma for t in got for r in t] == pytest.approx([r.sigma for t in want for r in t])


def test_refusals_and_the_command(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from boardgamesbot.core.errors import InvalidSetup

    with pytest.raises(InvalidSetup):
        calibrate("crosswise", 2, ("greedy", "greedy"), 2, seed=1)
    with pytest.raises(InvalidSetup):
        calibrate("alcatraz", 3, ("greedy", "random"), 2, seed=1)
    out = tmp_path / "ratings.json"
    result = CliRunner().invoke(
        app,
        [
            "ratings",
            "calibrate",
            "crosswise",
            "--bots",
            "random,greedy",
            "--games",
            "2",
            "--seed",
            "3",
            "--out",
            str(out),
            "--data-dir",
            str(tmp_path / "data"),
        ],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(out.read_text())
    assert data["crosswise"]["run"]["command"].startswith("bgb ratings calibrate crosswise --players 2")
    assert set(data["crosswise"]["levels"]) == {"random", "greedy"}
    from boardgamesbot.server.ratings import bot_ratings
    from boardgamesbot.server.storage import Store

    store = Store(f"sqlite:///{tmp_path / 'data' / 'bgb.sqlite3'}")
    try:
        stored = bot_ratings(store)["crosswise"]
    finally:
        store.close()
    assert stored["greedy"]["mu"] == pytest.approx(data["crosswise"]["levels"]["greedy"]["mu"], abs=1e-3)
