"""`bgb serve` refuses bad settings with one clear line instead of starting half-way."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from boardgamesbot.cli import app


def test_serve_refuses_a_database_it_cannot_open(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["serve", "--database-url", "nosuch://x", "--data-dir", str(tmp_path)])
    assert result.exit_code == 1
    assert "cannot open the database" in result.output and "nosuch" in result.output


def test_serve_refuses_a_data_dir_that_is_a_file(tmp_path: Path) -> None:
    target = tmp_path / "file"
    target.write_text("")
    result = CliRunner().invoke(app, ["serve", "--data-dir", str(target)])
    assert result.exit_code == 1 and "cannot open the database" in result.output


def test_serve_refuses_an_impossible_port() -> None:
    result = CliRunner().invoke(app, ["serve", "--port", "70000"])
    assert result.exit_code == 2 and "65535" in result.output
