"""Alcatraz through `bgb play` / `bgb replay`, driven through stdin as a person would."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from boardgamesbot.play.commands import register

app = typer.Typer()
register(app)
runner = CliRunner()


def run(*args: str, stdin: str = "") -> tuple[int, str]:
    result = runner.invoke(app, list(args), input=stdin)
    return result.exit_code, result.output


@pytest.mark.parametrize("players", [2, 5])
def test_all_bots_game_ends_and_replays(tmp_path: Path, players: int) -> None:
    record = tmp_path / "az.json"
    code, out = run(
        "play",
        "alcatraz",
        "--players",
        str(players),
        "--all-bots",
        "--seed",
        "4",
        "--wild",
        "--bots",
        "greedy,random",
        "--record",
        str(record),
    )
    assert code == 0, out
    assert "Game over" in out and "ended by:" in out and "Round scores" in out
    data = json.loads(record.read_text())
    assert data["variant"]["wild"] is True and data["players"] == players
    code, out = run("replay", str(record))
    assert code == 0 and f"{len(data['actions'])} moves of alcatraz replay exactly" in out


def test_a_person_plays_a_whole_game_through_stdin(tmp_path: Path) -> None:
    record = tmp_path / "me.json"
    # mistakes first, then help; afterwards peek when asked and otherwise end the turn
    lines = ["jump", "draw", "help", "peek2", "?", "draw", "discard1", "claim99"] + ["peek1", "end"] * 40
    code, out = run(
        "play",
        "alcatraz",
        "--seed",
        "8",
        "--variant",
        "turn_cap=3",
        "--record",
        str(record),
        stdin="\n".join(lines) + "\n",
    )
    assert code == 0, out
    assert "cannot read move 'jump'" in out
    assert "[AZ-PEEK]" in out  # drawing before the round's peek is refused
    assert "Your legal moves (4)" in out and "look at card 2 of your row" in out
    assert "you play peek2" in out
    assert "seat 0: 0 points" in out  # `?` summary
    assert "you play draw" in out and "Na mão" not in out and "In hand:" in out
    assert "objectives are numbered 4-14" in out
    assert "Game over" in out and "ended by: the turn limit was reached" in out
    data = json.loads(record.read_text())
    assert data["meta"]["outcome"]["termination"] == "turn_cap"


@pytest.mark.parametrize("aid", [True, False])
def test_portuguese_and_memory_aid_flag(aid: bool) -> None:
    flags = ["--memory-aid"] if aid else []
    code, out = run(
        "play", "alcatraz", "--lang", "pt", *flags, "--seed", "2", "--bots", "random", stdin="peek1\nend\nquit\n"
    )
    assert code == 0, out
    assert "olhe uma das suas cartas fechadas" in out and "Assento 0 (você)" in out
    from boardgamesbot.core import load_game

    value = load_game("alcatraz").new(2, seed=2).to_position().split("row0=")[1].split(",")[0]
    shown = rf"\({re.escape(value)}\)\s+\?\?\s+\?\?\s+\?\?"
    forgot = r"\(\?\)\s+\?\?\s+\?\?\s+\?\?"
    assert re.search(shown, out.split("você joga peek1")[1].split("você joga end")[0])  # in the moment
    later = out.split("você joga end")[1]
    assert bool(re.search(shown, later)) == aid and bool(re.search(forgot, later)) != aid
