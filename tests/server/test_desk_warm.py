"""The server builds the rules desk's indexes at start (a niced subprocess), so no first question waits for them.

Each test warms one game (Crosswise, the quicker build) in a fresh BGB_DATA_DIR.
"""

from __future__ import annotations

import logging
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from server_helpers import LiveServer
from typer.testing import CliRunner

from boardgamesbot.cli import app
from boardgamesbot.server import desk, hub
from boardgamesbot.server.config import Settings

GAME = "crosswise"
QUESTION = {"question": "how does the game end?", "lang": "en"}

pytestmark = pytest.mark.skipif(not desk.available(), reason="the rules desk is not installed")


@pytest.fixture
def warm(settings: Settings, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Settings:
    """Warming on, limited to one game, with the desk's data in a fresh folder."""
    monkeypatch.setenv("BGB_DATA_DIR", str(tmp_path / "desk"))
    monkeypatch.setattr(desk, "warm_games", lambda: [GAME], raising=False)
    settings.warm_rules_desk = True
    return settings


def _wait_warm(server: LiveServer, timeout: float = 120.0) -> None:
    """Until the start-up warm-up is over (at once when the server has none)."""
    deadline = time.monotonic() + timeout
    while True:
        task = getattr(server.hub, "desk_warm", None)
        if task is None or task.done():
            return
        assert time.monotonic() < deadline, "the warm-up did not end"
        time.sleep(0.1)


def _wait_process(server: LiveServer, timeout: float = 30.0) -> Any:
    deadline = time.monotonic() + timeout
    while getattr(server.hub, "desk_process", None) is None:
        assert time.monotonic() < deadline, "no warm-up process started"
        time.sleep(0.05)
    return server.hub.desk_process


def _gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


def test_the_warm_up_caches_the_indexes_and_loads_them(warm: Settings, tmp_path: Path) -> None:
    from boardgamesbot.rulesdesk import lexicon

    cache = tmp_path / "desk" / "cache"
    with LiveServer(warm) as server:
        _wait_warm(server)
        for name in ("words", "rules", "intents"):  # the vocabulary, the rule index, the classifiers
            assert list(cache.glob(f"{name}-{GAME}-*.pickle")), f"no {name} index for {GAME}"
        assert (tmp_path / "desk" / "rulesdesk.sqlite3").is_file()
        assert list((tmp_path / "desk").glob("lexicon-*.sqlite3"))  # the word list spelling correction reads
        # ... and the server process holds them (the vocabulary is kept per game and data dir)
        assert (GAME, str(tmp_path / "desk")) in lexicon._vocabs
        r = httpx.post(f"{server.url}/api/rules/{GAME}/ask", json=QUESTION, timeout=60)
        assert r.status_code == 200, r.text
        assert r.json()["answer"]["answer"]
        assert server.hub.desk_process.returncode == 0


def test_a_failed_warm_up_is_logged_and_questions_still_work(
    warm: Settings, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(
        desk, "warm_command", lambda games: [sys.executable, "-c", "import sys; sys.exit(1)"], raising=False
    )
    caplog.set_level(logging.WARNING, logger="bgb.server")
    with LiveServer(warm) as server:
        _wait_warm(server)
        assert any("warm-up failed (exit 1)" in r.getMessage() for r in caplog.records)
        r = httpx.post(f"{server.url}/api/rules/{GAME}/ask", json=QUESTION, timeout=120)
        assert r.status_code == 200, r.text
        assert r.json()["answer"]["answer"]
        assert httpx.get(f"{server.url}/api/health").json()["ok"]


def test_a_question_waits_for_the_warm_up_of_its_game(
    warm: Settings, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A question asked while the warm-up builds its game is answered after it, never built alongside it,
    even when asked before the warm-up knows its games (the desk's imports take a moment)."""
    done = tmp_path / "warm-done"
    script = (
        f"import pathlib, time; time.sleep(2); pathlib.Path({str(done)!r}).write_text('x'); "
        f"print('warm: {GAME} ready in 2.00 s', flush=True); time.sleep(60)"
    )

    def slow_games() -> list[str]:
        time.sleep(1.0)
        return [GAME]

    monkeypatch.setattr(desk, "warm_games", slow_games, raising=False)
    monkeypatch.setattr(desk, "warm_command", lambda games: [sys.executable, "-c", script], raising=False)
    loaded: list[bool] = []
    monkeypatch.setattr(desk, "load", lambda games: loaded.append(done.exists()), raising=False)
    monkeypatch.setattr(desk, "ask", lambda game, question, lang: {"asked_after_load": loaded == [True]})
    with LiveServer(warm) as server:
        r = httpx.post(f"{server.url}/api/rules/{GAME}/ask", json=QUESTION, timeout=120)
        assert r.status_code == 200, r.text
        assert r.json()["answer"] == {"asked_after_load": True}  # the game was built, then loaded here, first
        assert done.exists() and not server.hub.desk_warm.done()  # ... without waiting for the other games
        r = httpx.post(f"{server.url}/api/rules/liars_dice/ask", json=QUESTION, timeout=20)
        assert r.status_code == 200, r.text  # a game the warm-up does not build never waits


def test_a_question_waits_for_the_warm_up_only_so_long(warm: Settings, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(
        desk, "warm_command", lambda games: [sys.executable, "-c", "import time; time.sleep(60)"], raising=False
    )
    monkeypatch.setattr(hub, "DESK_WAIT", 0.5, raising=False)
    monkeypatch.setattr(desk, "ask", lambda game, question, lang: {"answer": "built here"})
    with LiveServer(warm) as server:
        _wait_process(server)
        started = time.monotonic()
        r = httpx.post(f"{server.url}/api/rules/{GAME}/ask", json=QUESTION, timeout=60)
        assert r.status_code == 200 and r.json()["answer"] == {"answer": "built here"}
        assert time.monotonic() - started < 10
        assert not server.hub.desk_warm.done()  # the warm-up goes on


def test_stopping_during_the_warm_up_leaves_no_process(warm: Settings, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(
        desk, "warm_command", lambda games: [sys.executable, "-c", "import time; time.sleep(60)"], raising=False
    )
    with LiveServer(warm) as server:
        process = _wait_process(server)
        assert process.returncode is None and not _gone(process.pid)
        started = time.monotonic()
    assert time.monotonic() - started < 15
    assert process.returncode is not None and _gone(process.pid)


def test_no_warm_up_unless_asked(settings: Settings) -> None:
    assert settings.warm_rules_desk is False  # test settings (and Settings()) leave it off
    with LiveServer(settings) as server:
        assert server.hub.desk_warm is None


def test_serve_warms_by_default_and_has_an_option_against(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import uvicorn

    from boardgamesbot.server import app as app_module

    seen: list[Settings] = []
    monkeypatch.setattr(app_module, "create_app", lambda settings: seen.append(settings))
    monkeypatch.setattr(uvicorn, "run", lambda *a, **k: None)
    help_text = CliRunner().invoke(app, ["serve", "--help"], env={"COLUMNS": "200"}).output
    assert "--warm-rules-desk" in help_text and "--no-warm-rules-desk" in help_text
    assert CliRunner().invoke(app, ["serve", "--data-dir", str(tmp_path)]).exit_code == 0
    assert CliRunner().invoke(app, ["serve", "--data-dir", str(tmp_path), "--no-warm-rules-desk"]).exit_code == 0
    assert [s.warm_rules_desk for s in seen] == [True, False]


def test_the_warm_module_refuses_an_unknown_game(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "boardgamesbot.rulesdesk.warm", "nosuchgame"],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "BGB_DATA_DIR": str(tmp_path)},
    )
    assert result.returncode != 0
    assert "unknown game 'nosuchgame'" in result.stderr
    assert not (tmp_path / "cache").exists()  # refused before any work


def test_a_sheet_from_a_stored_file_does_not_wait_for_the_warm_up(
    warm: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Only a sheet made from the ingested rulebook may ingest; the built-in games' sheets are files."""
    monkeypatch.setattr(
        desk, "warm_command", lambda games: [sys.executable, "-c", "import time; time.sleep(60)"], raising=False
    )
    with LiveServer(warm) as server:
        _wait_process(server)
        r = httpx.get(f"{server.url}/api/rules/{GAME}?fmt=md", timeout=20)
        assert r.status_code == 200 and r.json()["sheet"]
        assert not server.hub.desk_warm.done()


@pytest.mark.postgres
def test_cluster_mode_warms_too(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from cluster_helpers import services

    script = f"print('warm: {GAME} ready in 0.01 s')"
    monkeypatch.setattr(desk, "warm_games", lambda: [GAME], raising=False)
    monkeypatch.setattr(desk, "warm_command", lambda games: [sys.executable, "-c", script], raising=False)
    loaded: list[list[str]] = []
    monkeypatch.setattr(desk, "load", loaded.append, raising=False)
    with services() as (db, redis_url, name):
        settings = Settings(
            data_dir=tmp_path, database_url=db, redis_url=redis_url, cluster_name=name, warm_rules_desk=True
        )
        with LiveServer(settings) as server:
            assert server.hub.cluster is not None
            _wait_warm(server)
            assert loaded == [[GAME]]
