"""`bgb play` / `bgb replay` driven through stdin, as a user (or a script) would."""

from __future__ import annotations

import json
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


def test_all_bots_game_prints_the_outcome_and_its_record_replays(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    code, out = run("play", "crosswise", "--players", "4", "--all-bots", "--seed", "11", "--record", str(record))
    assert code == 0, out
    assert "Game over" in out and "ended by:" in out
    assert "seat 3 (greedy) plays" in out
    data = json.loads(record.read_text())
    assert data["game"] == "crosswise" and data["players"] == 4 and data["meta"]["outcome"]["termination"]
    code, out = run("replay", str(record))
    assert code == 0, out
    assert f"{len(data['actions'])} moves of crosswise replay exactly" in out


def test_same_seed_same_game() -> None:
    a = run("play", "crosswise", "--all-bots", "--seed", "5", "--bots", "random,greedy")
    b = run("play", "crosswise", "--all-bots", "--seed", "5", "--bots", "random,greedy")
    assert a == b and a[0] == 0
    assert "(random) plays" in a[1] and "(greedy) plays" in a[1]


@pytest.mark.rule("CW-PLACE")
def test_human_commands_mistakes_and_quit(tmp_path: Path) -> None:
    record = tmp_path / "partial.json"
    stdin = "help\nhelp R\n?\n\nzz9\nREDRAW\n"
    code, out = run("play", "crosswise", "--seed", "3", "--record", str(record), stdin=stdin + "quit\n")
    assert code == 0, out
    assert "Your legal moves" in out and "place" in out  # help lists moves with words
    assert "team 0 (rows): 1=0" in out  # ? shows line scores
    assert "cannot read move 'zz9'" in out and "[CORE-SYNTAX]" in out
    assert "[CW-REDRAW]" in out  # illegal: hand is not all action tiles
    assert "your hand (seat 0):" in out and "seat 1:" in out
    assert "game left unfinished after 0 moves" in out
    assert json.loads(record.read_text())["actions"] == []


def test_a_move_then_an_illegal_move_on_the_same_square(tmp_path: Path) -> None:
    from boardgamesbot import load_game

    hand = load_game("crosswise").new(2, seed=3).view(0)["hand"]
    symbol, other = sorted({ch for ch in hand if ch.isdigit()})[:2]  # this seed deals two symbols or more
    record = tmp_path / "r.json"
    code, out = run("play", "crosswise", "--seed", "3", "--record", str(record), stdin=f"{symbol}F6\n{other}F6\nquit\n")
    assert code == 0
    assert f"you play {symbol}F6" in out
    data = json.loads(record.read_text())
    assert data["actions"][0] == f"{symbol}F6" and len(data["actions"]) == 2  # my move and the bot's
    if "F6" not in data["actions"][1]:
        assert "[CW-PLACE] square F6 is already taken" in out
    code, out = run("replay", str(record))
    assert code == 0 and "not finished" in out


def test_portuguese() -> None:
    code, out = run("play", "crosswise", "--seed", "2", "--lang", "pt", stdin="?\nsair\n")
    assert code == 0
    assert "a sua mão" in out and "equipe 0 (linhas)" in out and "jogo interrompido" in out


def test_end_of_input_leaves_cleanly() -> None:
    code, out = run("play", "crosswise", "--seed", "2", stdin="")
    assert code == 0 and "unfinished" in out


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (("play", "chess"), "unknown game 'chess'"),
        (("play", "crosswise", "--players", "7"), "2 to 4 players"),
        (("play", "crosswise", "--seat", "3"), "--seat must be 0 to 1"),
        (("play", "crosswise", "--bots", "wizard"), "unknown bot"),
        (("play", "crosswise", "--wild"), "crosswise has no flag '--wild'"),
        (("play", "crosswise", "--memory-aid", "--variant", "tiebreak=draw"), "no flag '--memory-aid'"),
        (("play", "crosswise", "--variant", "tiebreak"), "name=value"),
        (("play", "crosswise", "--variant", "colour=red"), "unknown variant option 'colour'"),
        (("play", "crosswise", "--lang", "fr"), "--lang must be en or pt"),
    ],
)
def test_bad_options_are_refused_before_play(args: tuple[str, ...], needle: str) -> None:
    code, out = run(*args)
    assert code == 2
    assert needle in out


def test_variant_options_reach_the_game(tmp_path: Path) -> None:
    record = tmp_path / "v.json"
    code, _ = run(
        "play",
        "crosswise",
        "--all-bots",
        "--seed",
        "1",
        "--variant",
        "tiebreak=best_line",
        "--variant",
        "stuck=discard",
        "--record",
        str(record),
    )
    assert code == 0
    assert json.loads(record.read_text())["variant"]["tiebreak"] == "best_line"


def test_replay_refuses_bad_files(tmp_path: Path) -> None:
    missing = tmp_path / "nope.json"
    code, out = run("replay", str(missing))
    assert code == 2 and "cannot read record file" in out
    garbage = tmp_path / "garbage.json"
    garbage.write_text("{not json")
    code, out = run("replay", str(garbage))
    assert code == 2 and "not valid JSON" in out
    good = tmp_path / "good.json"
    assert run("play", "crosswise", "--all-bots", "--seed", "8", "--record", str(good))[0] == 0
    data = json.loads(good.read_text())
    data["actions"][3] = data["actions"][2]  # the same square twice
    tampered = tmp_path / "tampered.json"
    tampered.write_text(json.dumps(data))
    code, out = run("replay", str(tampered))
    assert code == 2 and "move 4" in out
    data = json.loads(good.read_text())
    data["meta"]["outcome"]["team_scores"] = [99, 0]
    lying = tmp_path / "lying.json"
    lying.write_text(json.dumps(data))
    code, out = run("replay", str(lying))
    assert code == 2 and "stored outcome differs" in out


def test_the_bgb_entry_point_has_play_and_replay(tmp_path: Path) -> None:
    from boardgamesbot.cli import app as bgb

    record = tmp_path / "g.json"
    result = runner.invoke(
        bgb,
        [
            "play",
            "crosswise",
            "--players",
            "3",
            "--all-bots",
            "--seed",
            "4",
            "--bots",
            "random",
            "--record",
            str(record),
        ],
    )
    assert result.exit_code == 0, result.output
    result = runner.invoke(bgb, ["replay", str(record), "--moves"])
    assert result.exit_code == 0 and "replay exactly" in result.output and "   1. " in result.output
