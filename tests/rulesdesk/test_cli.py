"""`bgb rules`, `bgb ask`, `bgb ingest` from the command line, including their refusals."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner

from boardgamesbot.cli import app

runner = CliRunner()


def test_rules_prints_the_sheet_in_each_format() -> None:
    text = runner.invoke(app, ["rules", "crosswise", "--lang", "pt"])
    assert text.exit_code == 0 and "Fim do Jogo e Pontuação" in text.output
    html = runner.invoke(app, ["rules", "alcatraz", "--format", "html"])
    assert html.exit_code == 0 and html.output.startswith('<article class="rules-sheet" lang="en">')


@pytest.mark.usefixtures("rulebooks_available")
def test_ask_answers_with_rule_ids_and_quotes() -> None:
    result = runner.invoke(app, ["ask", "crosswise", "Quantos pontos vale um trio?"])
    assert result.exit_code == 0
    assert "[CW-SCORE-GROUPS]" in result.output and "No manual:" in result.output
    data = json.loads(runner.invoke(app, ["ask", "alcatraz", "How many rounds are played?", "--json"]).output)
    assert data["language"] == "en" and data["rules"]


def test_ask_judges_a_move_at_a_position() -> None:
    from boardgamesbot.core.registry import load_game

    state = load_game("crosswise").new(2, seed=5)
    legal = state.legal_actions()[0].code
    result = runner.invoke(app, ["ask", "crosswise", "--position", state.to_position(), "--move", legal])
    assert result.exit_code == 0 and f"The move {legal} is legal" in result.output


def test_ingest_prints_what_it_found(rulebook: Callable[[str], Path]) -> None:
    result = runner.invoke(app, ["ingest", str(rulebook("alcatraz-manual.pt-BR.txt")), "--game", "alcatraz"])
    assert result.exit_code == 0, result.output
    out = result.output
    assert "language pt (detected)" in out and "2 page(s)" in out
    assert "PREPARAÇÃO p. 1 -> Setup" in out and "missing Tips for Winning" in out
    assert "ligature: 'f leira' -> 'fileira'" in out


def test_refusals_exit_with_a_clear_message(tmp_path: Path) -> None:
    bad = tmp_path / "scan.pdf"
    bad.write_bytes(b"not a pdf at all")
    for args, needle in [
        (["ingest", str(bad), "--game", "crosswise"], "not a valid PDF"),
        (["ingest", str(tmp_path / "nope.txt"), "--game", "crosswise"], "no such file"),
        (["rules", "no-such-game"], "unknown game"),
        (["rules", "crosswise", "--format", "docx"], "unknown format"),
        (["ask", "no-such-game", "How do I win?"], "unknown game"),
        (["ask", "crosswise", "Is it legal?", "--position", "garbage", "--move", "1A1"], "bad position"),
    ]:
        result = runner.invoke(app, args)
        assert result.exit_code == 2, (args, result.output)
        assert needle in result.output
