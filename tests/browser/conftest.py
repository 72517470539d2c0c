"""Browser-test fixtures: a real `bgb serve` on a free port and Debian's Chromium via Playwright.

Each xdist worker starts its own server (tmp data dir) and browser, so the
tests never share state. Nothing is downloaded: `playwright install` is never
run; the tests skip when /usr/bin/chromium or Playwright is missing.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))  # shared click helpers (crosswise_clicks.py)

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]
ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "artifacts" / "screenshots"


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _wait_healthy(base: str, proc: subprocess.Popen[bytes], log: Path, timeout: float = 60.0) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if proc.poll() is not None:
            raise RuntimeError(f"bgb serve exited with {proc.returncode}:\n{log.read_text(errors='replace')[-3000:]}")
        try:
            with urllib.request.urlopen(f"{base}/api/health", timeout=2) as res:
                if json.load(res).get("ok"):
                    return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"bgb serve did not answer in {timeout} s:\n{log.read_text(errors='replace')[-3000:]}")


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Base URL of a live server with its own SQLite file; bots run in threads to spare the 2 cores."""
    data = tmp_path_factory.mktemp("bgb-data")
    port = _free_port()
    log = data / "serve.log"
    cmd = [
        sys.executable,
        "-m",
        "boardgamesbot.cli",
        "serve",
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--data-dir",
        str(data),
        "--bot-workers",
        "0",
        "--bot-delay",
        "0.05",
        "--log-level",
        "warning",
        "--no-warm-rules-desk",  # the rules pages ask as before (the warm-up is tested in tests/server/test_desk_warm.py)
        "--rooms-per-minute",  # one browser creates every room of the suite
        "300",
        "--live-rooms-per-client",
        "300",
        "--bot-rooms-per-client",
        "50",
        "--hint-iterations",  # hints, "why?" and reviews with small budgets: the tests check the pages, not the bot
        "200",
        "--review-iterations",
        "30",
        "--review-weigh",
        "15",
        "--registrations-per-hour",
        "200",
    ]
    with log.open("wb") as out:
        proc = subprocess.Popen(
            cmd, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT, env={**os.environ, "PYTHONUNBUFFERED": "1"}
        )
    base = f"http://127.0.0.1:{port}"
    try:
        _wait_healthy(base, proc, log)
        yield base
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()


class OwnServer:
    """A `bgb serve` of a test's own (its data dir survives stop/start: a restart)."""

    def __init__(self, data: Path) -> None:
        self.data = data
        self.port = _free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log = data / "serve.log"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        cmd = [sys.executable, "-m", "boardgamesbot.cli", "serve", "--port", str(self.port), "--data-dir",
               str(self.data), "--bot-workers", "0", "--log-level", "warning", "--no-warm-rules-desk"]  # fmt: skip
        with self.log.open("ab") as out:
            self.proc = subprocess.Popen(cmd, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT, env={**os.environ})
        _wait_healthy(self.base, self.proc, self.log)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        self.proc = None


@pytest.fixture()
def own_server(tmp_path: Path) -> Iterator[OwnServer]:
    server = OwnServer(tmp_path)
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not CHROMIUM.exists():
        pytest.skip("Debian's Chromium (/usr/bin/chromium) is not installed")
    sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed")
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield browser
        browser.close()


class PageErrors(list):
    """JavaScript errors seen on a page; a test fails if any occur."""


@pytest.fixture()
def new_page(browser: Any) -> Iterator[Any]:
    """Pages in fresh browser contexts (separate storage, like separate people)."""
    contexts = []

    def make(width: int = 1280, height: int = 900, lang: str = "en") -> Any:
        ctx = browser.new_context(
            viewport={"width": width, "height": height}, locale="pt-BR" if lang == "pt" else "en-US"
        )
        contexts.append(ctx)
        page = ctx.new_page()
        page.set_default_timeout(20_000)
        page.js_errors = PageErrors()
        page.on("pageerror", lambda exc: page.js_errors.append(str(exc)))
        page.on(  # a Content-Security-Policy refusal is a fault of the page too
            "console",
            lambda msg: page.js_errors.append(msg.text) if "Content Security Policy" in msg.text else None,
        )
        page.add_init_script(f"localStorage.setItem('bgb:lang', '{lang}')")
        return page

    yield make
    for ctx in contexts:
        ctx.close()


def _shot(page: Any, name: str, full_page: bool = True) -> Path:
    """Save a screenshot under artifacts/screenshots/ (gitignored) for people to look at."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    page.wait_for_timeout(650)  # let the last move's short pop animation finish
    page.screenshot(path=str(path), full_page=full_page)
    return path


@pytest.fixture()
def shot() -> Any:
    return _shot


class Table:
    """Steps a person takes in the UI, shared by the tests (create a game, wait for a turn)."""

    def __init__(self, base: str) -> None:
        self.base = base

    def create(
        self,
        page: Any,
        game: str,
        seats: list[str],
        name: str = "Ana",
        variant: dict[str, Any] | None = None,
        room: dict[str, Any] | None = None,
    ) -> str:
        """Fill the home form by clicking; ``seats`` items: human, open, bot:easy... Returns the room id."""
        page.goto(f"{self.base}/")
        page.click(f"button.gamecard[data-game={game}]")
        page.select_option("#players", str(len(seats)))
        for i, kind in enumerate(seats):
            page.select_option(f"select.seatkind[data-seat='{i}']", kind)
        page.fill("#myname", name)
        if variant:
            page.click("details.variantbox >> nth=0 >> summary")
        for key, value in (variant or {}).items():
            field = page.locator(f"[data-variant={key}]")
            if isinstance(value, bool):
                field.set_checked(value)
            elif field.evaluate("el => el.tagName") == "SELECT":
                field.select_option(str(value))
            else:
                field.fill(str(value))
                field.dispatch_event("change")
        if room:
            page.click("details.variantbox >> nth=-1 >> summary")
        for key, value in (room or {}).items():
            page.locator(f"input[data-opt={key}]").set_checked(bool(value))
        page.click("#create")
        page.wait_for_url("**/r/**")
        page.wait_for_selector("#turnline")
        return page.url.split("/r/")[1].split("#")[0]

    @staticmethod
    def state(page: Any) -> dict[str, Any]:
        """What the page currently shows, read from the page's own objects (never the server)."""
        return page.evaluate("""() => { const r = window.bgbRoom; return r && r.view ? {
            turn: r.view.turn, drawn: document.getElementById('app').dataset.turn === String(r.view.turn), over: r.view.over, toMove: r.view.to_move, seat: r.seat, mine: r.isMyTurn(),
            sending: r.sending, phase: r.view.phase || null, status: r.room.status, legal: r.view.legal } : null; }""")

    def wait_ready(self, page: Any, timeout: float = 30.0) -> dict[str, Any]:
        """Until it is this page's turn (nothing in flight) or the game is over."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            st = self.state(page)
            if st and st["drawn"] and (st["over"] or (st["mine"] and not st["sending"])):
                return st
            page.wait_for_timeout(50)
        raise AssertionError(f"the page never got the turn: {self.state(page)}")

    def wait_turn_after(self, page: Any, turn: int, timeout: float = 20.0) -> None:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            st = self.state(page)
            if st and st["turn"] > turn:
                return
            page.wait_for_timeout(30)
        raise AssertionError(f"the move at turn {turn} was not taken: {self.state(page)}")


@pytest.fixture()
def table(server: str) -> Table:
    return Table(server)
