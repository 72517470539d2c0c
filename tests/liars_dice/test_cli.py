"""Liar's Dice from the command line, as a user (or a script) would drive it: play, games, rules, ask."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from boardgamesbot.cli import app as bgb
from boardgamesbot.play.commands import register

app = typer.Typer()
register(app)
runner = CliRunner()


def run(*args: str, stdin: str = "") -> tuple[int, str]:
    result = runner.invoke(app, list(args), input=stdin)
    return result.exit_code, result.output


def test_all_bots_game_with_the_ones_wild_flag_ends_and_replays(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    code, out = run(
        "play", "liars_dice", "--players", "3", "--all-bots", "--seed", "4", "--ones-wild", "--record", str(record)
    )
    assert code == 0, out
    assert "Game over" in out and "ended by: only one player has dice left" in out
    assert "wild: 1" in out
    data = json.loads(record.read_text())
    assert data["variant"]["ones_wild"] is True and data["meta"]["outcome"]["winners"]
    code, out = run("replay", str(record))
    assert code == 0 and f"{len(data['actions'])} moves of liars_dice replay exactly" in out


@pytest.mark.rule("LD-RAISE")
def test_human_commands_mistakes_and_quit() -> None:
    # seed 3: seat 0 opens; 1x1 is always a legal opening, 1x1 again is not higher
    code, out = run("play", "liars_dice", "--seed", "3", stdin="help 1x\n?\nliar\n1x1\n")
    assert code == 0, out
    assert "seat 0 (you):" in out and "seat 1: 5 dice under the cup" in out
    assert "Your legal moves" in out and "at least one die showing 1" in out
    assert "dice left: seat 0: 5, seat 1: 5" in out  # `?`
    assert "[LD-OPEN]" in out  # liar before any bid
    assert "you play 1x1" in out and "seat 1 (greedy) plays" in out


def test_portuguese_and_a_bad_flag() -> None:
    code, out = run("play", "liars_dice", "--seed", "2", "--lang", "pt", stdin="?\nsair\n")
    assert code == 0
    assert "dados restantes" in out and "lugar 0 (você)" in out
    code, out = run("play", "liars_dice", "--wild")
    assert code == 2 and "--ones-wild" in out


def test_games_rules_and_ask_know_the_game() -> None:
    result = runner.invoke(bgb, ["games", "--details"])
    assert result.exit_code == 0
    assert "liars_dice" in result.output and "Liar's Dice (2-6 players)" in result.output
    assert "--ones-wild" in result.output and "--variant bid_order=quantity [quantity, face]" in result.output
    result = runner.invoke(bgb, ["rules", "liars_dice", "--lang", "pt"])
    assert result.exit_code == 0 and "Dicas para Vencer" in result.output and "[LD-RESOLVE]" in result.output
    result = runner.invoke(
        bgb,
        [
            "ask",
            "liars_dice",
            "who loses a die?",
            "--position",
            "liars_dice players=2 bids=3x5 roll=12355/45566",
            "--move",
            "liar",
        ],
    )
    assert result.exit_code == 0, result.output
    assert "seat 1 called liar on seat 0's 3x5: 4 dice count as 5; seat 1 lost a die" in result.output
    assert "Seat 1 loses a die" in result.output
