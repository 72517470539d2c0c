"""`hint` and `why` at the `bgb play` prompt, `bgb learn` and `bgb review`, driven as a user would."""

from __future__ import annotations

import json
from pathlib import Path

import typer
from typer.testing import CliRunner

from boardgamesbot.core import load_game
from boardgamesbot.play.commands import register
from boardgamesbot.play.tutorial import tutorial_of

app = typer.Typer()
register(app)
runner = CliRunner()


def run(*args: str, stdin: str = "") -> tuple[int, str]:
    result = runner.invoke(app, list(args), input=stdin)
    return result.exit_code, result.output


def test_hint_and_why_at_the_prompt() -> None:
    code, out = run("play", "crosswise", "--seed", "3", "--bots", "easy", stdin="why\nhint\n1C3\nwhy\nquit\n")
    assert code == 0, out
    assert "no bot move to explain yet" in out
    assert "Hint: " in out and "Estimated win chance with this move:" in out and "look at: square" in out
    assert "why seat 1 played" in out and "only that seat knows" in out


def test_hints_can_be_switched_off() -> None:
    code, out = run("play", "alcatraz", "--seed", "3", "--no-hints", "--lang", "pt", stdin="hint\nquit\n")
    assert code == 0, out
    assert "as dicas estão desligadas neste jogo" in out and "(help, ?, quit)" in out


def _answers(game: str) -> str:
    """Every step: a legal but wrong move first where there is one, then the expected move (Enter elsewhere)."""
    lines = []
    for step in tutorial_of(load_game(game)).steps:
        if step.kind == "move":
            wrong = next(iter(step.wrong), None)
            if wrong:
                lines.append(wrong)
            lines.append(step.expect[0])
        else:
            lines.append("")
    return "\n".join(lines) + "\n"


def test_learn_walks_the_guided_game_in_the_terminal() -> None:
    code, out = run("learn", "crosswise", "--no-practice", stdin=_answers("crosswise"))
    assert code == 0, out
    assert "Crosswise: your first game" in out and "Step 1 of 10" in out
    assert "rule CW-SIX:" in out and "look at: square C4" in out
    assert "That makes the pair in row 4, but C4 stays open" in out and "try again" in out
    assert "Guided game finished." in out


def test_learn_in_portuguese_then_a_short_game_with_hints() -> None:
    code, out = run("learn", "alcatraz", "--lang", "pt", "--seed", "2", stdin=_answers("alcatraz") + "hint\nquit\n")
    assert code == 0, out
    assert "Alcatraz: seu primeiro jogo" in out and "regra AZ-PEEK:" in out and "olhe: carta 3 da sua fileira" in out
    assert "Jogo guiado concluído." in out and "robô fácil" in out
    assert "Dica: " in out  # the short real game has hints on


def test_review_prints_mistakes_and_draws_the_plot(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    code, out = run(
        "play", "crosswise", "--all-bots", "--bots", "random,greedy", "--seed", "4", "--record", str(record)
    )
    assert code == 0, out
    plot, data = tmp_path / "review.png", tmp_path / "review.json"
    args = ["review", str(record), "--seat", "0", "--iterations", "30", "--weigh", "15", "--jobs", "1"]
    code, out = run(*args, "--plot", str(plot), "--json", str(data))
    assert code == 0, out
    assert "Review of seat 0" in out and "The biggest mistakes:" in out and "Better:" in out
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    review = json.loads(data.read_text())
    assert review["seat"] == 0 and review["decisions"] and 1 <= len(review["mistakes"]) <= 3
    code, again = run(*args, "--lang", "pt")
    assert code == 0 and "Análise do lugar 0" in again and "Os maiores erros:" in again


def test_review_refuses_a_bad_seat_by_name(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    run("play", "crosswise", "--all-bots", "--seed", "4", "--record", str(record))
    code, out = run("review", str(record), "--seat", "3")
    assert code == 2 and "--seat must be 0 to 1" in out
    code, out = run("learn", "nosuchgame")
    assert code == 2 and "error:" in out
