"""Arena runs: repeatable whatever --jobs, interruptible, and the `bgb arena` command end to end."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from boardgamesbot.arena.runner import ArenaConfig, run_arena
from boardgamesbot.arena.stats import summarize
from boardgamesbot.cli import app
from boardgamesbot.core.errors import InvalidSetup, InvalidVariant, UnknownGame

BOTS = ("ismcts:iterations=15", "random", "ismcts:iterations=4")


def _figures(summary: dict) -> dict:
    drop = {"seconds"}
    out = {k: v for k, v in summary.items() if k not in drop}
    out["bots"] = [{k: v for k, v in b.items() if k != "think"} for b in summary["bots"]]
    return out


def test_same_seed_same_results_whatever_jobs() -> None:
    config = ArenaConfig("drawtricks", 3, BOTS, 12, seed=42)
    one = summarize(run_arena(config, jobs=1))
    two = summarize(run_arena(config, jobs=2))
    assert _figures(one) == _figures(two)
    assert one["games_played"] == 12 and one["ratings"] is not None
    other = summarize(run_arena(ArenaConfig("drawtricks", 3, BOTS, 12, seed=43), jobs=1))
    assert [g["seed"] for g in other["games"]] != [g["seed"] for g in one["games"]]


@pytest.mark.parametrize("jobs", [1, 2])
def test_interrupt_keeps_finished_games(jobs: int) -> None:
    seen = []

    def stop_after_three(result) -> None:
        seen.append(result.index)
        if len(seen) == 3:
            raise KeyboardInterrupt

    run = run_arena(
        ArenaConfig("drawtricks", 2, ("random", "random"), 50, seed=1), jobs=jobs, on_result=stop_after_three
    )
    assert run.interrupted and len(run.results) == 3
    assert [r.index for r in run.results] == sorted(seen)
    assert summarize(run)["games_played"] == 3


@pytest.mark.parametrize(
    ("config", "error", "named"),
    [
        (ArenaConfig("chess", 2, ("random",), 5, 0), UnknownGame, "chess"),
        (ArenaConfig("drawtricks", 9, ("random",), 5, 0), InvalidSetup, "9"),
        (ArenaConfig("drawtricks", 2, ("random", "wizard"), 5, 0), InvalidSetup, "wizard"),
        (ArenaConfig("drawtricks", 2, ("random",), 0, 0), InvalidSetup, "--games"),
        (ArenaConfig("drawtricks", 2, ("random",), 5, 0, {"speed": "1"}), InvalidVariant, "speed"),
        (
            ArenaConfig("drawtricks", 4, ("random", "random", "random"), 5, 0, {"teams": "true"}),
            InvalidSetup,
            "two teams",
        ),
    ],
)
def test_bad_settings_are_refused_before_any_game(config: ArenaConfig, error: type, named: str) -> None:
    with pytest.raises(error, match=named):
        run_arena(config)


def test_cli_prints_tables_and_writes_json_and_plot(tmp_path) -> None:
    out_json, out_png = tmp_path / "r.json", tmp_path / "r.png"
    result = CliRunner().invoke(
        app,
        [
            "arena",
            "drawtricks",
            "--players",
            "4",
            "--bots",
            "ismcts:iterations=10,random",
            "--games",
            "6",
            "--seed",
            "7",
            "--variant",
            "teams=true",
            "--jobs",
            "2",
            "--json",
            str(out_json),
            "--plot",
            str(out_png),
        ],
    )
    assert result.exit_code == 0, result.output
    assert "win rate" in result.output and "Seat positions" in result.output
    data = json.loads(out_json.read_text())
    assert data["games_played"] == 6 and data["variant"] == {"teams": True} and data["seed"] == 7
    assert {b["bot"] for b in data["bots"]} == {"ismcts:iterations=10", "random"}
    assert sum(b["wins"] for b in data["bots"]) + data["draws"] == 6  # one team wins each undrawn game
    assert out_png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_cli_bad_input_exits_2_with_the_reason() -> None:
    result = CliRunner().invoke(app, ["arena", "drawtricks", "--bots", "random,,greedy", "--games", "2"])
    assert result.exit_code == 2 and "empty name" in result.output
    result = CliRunner().invoke(app, ["arena", "drawtricks", "--variant", "teams", "--games", "2"])
    assert result.exit_code == 2 and "name=value" in result.output


@pytest.mark.slow
def test_a_run_on_a_dask_cluster_gives_the_local_figures(tmp_path) -> None:
    """`bgb arena --cluster ADDRESS` on a local Dask cluster started here: the same JSON as the local run."""
    pytest.importorskip("distributed")
    pytest.importorskip("boardgamesbot.games.crosswise")  # the workers find built-in games by themselves
    from distributed import LocalCluster

    args = ["arena", "crosswise", "--players", "2", "--bots", "greedy,random", "--games", "6", "--seed", "11"]
    local = tmp_path / "local.json"
    assert CliRunner().invoke(app, [*args, "--json", str(local)]).exit_code == 0
    with LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None, host="127.0.0.1"
    ) as cluster:
        remote = tmp_path / "cluster.json"
        result = CliRunner().invoke(app, [*args, "--json", str(remote), "--cluster", cluster.scheduler_address])
        assert result.exit_code == 0, result.output
    assert _figures(json.loads(local.read_text())) == _figures(json.loads(remote.read_text()))


def test_an_unreachable_cluster_is_a_clear_error(monkeypatch) -> None:
    pytest.importorskip("distributed")
    from boardgamesbot.arena import runner

    monkeypatch.setattr(runner, "CLUSTER_CONNECT_TIMEOUT", "2s")
    result = CliRunner().invoke(
        app, ["arena", "drawtricks", "--games", "2", "--seed", "1", "--cluster", "tcp://127.0.0.1:9"]
    )
    assert result.exit_code == 2 and "Dask scheduler" in result.output
