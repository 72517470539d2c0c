"""SIGKILL a real `bgb serve` mid-game, restart it, and lose nothing.

Moves are sent from a thread while the server is killed, so some are in
flight. Every move the server acknowledged must be in the restarted server's
history at its step, and every game must then play on to its end (bot seats
resume by themselves). Runs on SQLite, and on PostgreSQL when
BGB_TEST_POSTGRES_URL is set (each run in its own schema).
"""

from __future__ import annotations

import os
import random
import secrets
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

pytest.importorskip("boardgamesbot.games.crosswise")
pytest.importorskip("boardgamesbot.games.alcatraz")

BGB = Path(sys.executable).with_name("bgb")
ROOMS = [
    ("crosswise", ["human", "bot"]),
    ("crosswise", ["human", "human", "bot", "human"]),
    ("alcatraz", ["human", "human"]),
    ("alcatraz", ["human", "bot", "human"]),
]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    def __init__(self, data_dir: Path, database_url: str | None) -> None:
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        cmd = [
            str(BGB),
            "serve",
            "--port",
            str(self.port),
            "--data-dir",
            str(data_dir),
            "--bot-delay",
            "0",
            "--log-level",
            "warning",
            "--no-warm-rules-desk",  # storage is tested here, not the rules desk (test_desk_warm.py)
        ]
        if database_url:
            cmd += ["--database-url", database_url]
        self.log = open(data_dir / f"server-{self.port}.log", "wb")  # noqa: SIM115
        self.proc = subprocess.Popen(cmd, stdout=self.log, stderr=subprocess.STDOUT, start_new_session=True)
        deadline = time.monotonic() + 60
        while True:
            try:
                if HTTP.get(f"{self.url}/api/health", timeout=2).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            if self.proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"bgb serve did not start: {(data_dir / f'server-{self.port}.log').read_text()}")
            time.sleep(0.1)

    def kill(self) -> None:
        os.killpg(self.proc.pid, signal.SIGKILL)  # the server and its bot workers, no goodbye
        self.proc.wait(timeout=10)
        self.log.close()

    def stop(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
        self.log.close()


HTTP = httpx.Client(timeout=10)  # one client: a new one per call costs an SSL context each time


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _step_once(url: str, room: dict[str, Any], rng: random.Random, acked: list[tuple[str, int, str]]) -> bool:
    """Make one human move in ``room`` if a human is to move; False when the game is over."""
    state = HTTP.get(f"{url}/api/rooms/{room['id']}", timeout=10).json()
    if state["room"]["status"] == "over":
        return False
    seat = state["room"]["to_move"]
    if seat not in room["tokens"]:
        return True  # a bot's turn: it moves by itself
    mine = HTTP.get(
        f"{url}/api/rooms/{room['id']}/seats/{seat}", headers=_auth(room["tokens"][seat]), timeout=10
    ).json()
    view = mine["view"]
    if not view["legal"]:
        return True
    code = rng.choice(view["legal"])
    r = HTTP.post(
        f"{url}/api/rooms/{room['id']}/seats/{seat}/move",
        json={"action": code, "turn": view["turn"]},
        headers=_auth(room["tokens"][seat]),
        timeout=10,
    )
    if r.status_code == 200:
        acked.append((room["id"], r.json()["step"], code))
    else:
        room.setdefault("refusals", []).append(r.text)
    return True


def _history(url: str, room: dict[str, Any]) -> list[str]:
    seat, token = next(iter(room["tokens"].items()))
    body = HTTP.get(f"{url}/api/rooms/{room['id']}/seats/{seat}", headers=_auth(token), timeout=10).json()
    return [e["action"] for e in body["history"]]


def _crash_and_resume(tmp_path: Path, database_url: str | None) -> None:
    server = Server(tmp_path, database_url)
    rooms: list[dict[str, Any]] = []
    try:
        for game, kinds in ROOMS:
            variant = {"turn_cap": 12} if game == "alcatraz" else {}
            made = HTTP.post(
                f"{server.url}/api/rooms",
                json={
                    "game": game,
                    "players": len(kinds),
                    "variant": variant,
                    "seats": [{"kind": k, "bot": "greedy"} for k in kinds],
                },
                timeout=10,
            ).json()
            rooms.append({"id": made["room"]["id"], "tokens": {s["seat"]: s["token"] for s in made["seats"]}})
        acked: list[tuple[str, int, str]] = []
        rng = random.Random(7)
        stop = threading.Event()

        def drive() -> None:
            while not stop.is_set():
                for room in rooms:
                    try:
                        _step_once(server.url, room, rng, acked)
                    except httpx.HTTPError:
                        return  # the server died under us

        driver = threading.Thread(target=drive, daemon=True)
        driver.start()
        while len(acked) < 40 and driver.is_alive():
            time.sleep(0.01)
        server.kill()  # moves are in flight right now
        stop.set()
        driver.join(timeout=20)
        assert len(acked) >= 40
        before = {room["id"]: len([a for a in acked if a[0] == room["id"]]) for room in rooms}
        assert all(before.values()), before
    except BaseException:
        server.stop()
        raise

    server = Server(tmp_path, database_url)
    try:
        histories = {room["id"]: _history(server.url, room) for room in rooms}
        for room_id, step, code in acked:
            assert len(histories[room_id]) >= step and histories[room_id][step - 1] == code, (
                f"acknowledged move {step} ({code}) of room {room_id} was lost"
            )
        # every game goes on to its end after the restart (bots resume by themselves)
        deadline = time.monotonic() + 90
        live = list(rooms)
        while live:
            if time.monotonic() > deadline:
                stuck = [
                    (
                        HTTP.get(f"{server.url}/api/rooms/{r['id']}", timeout=10).json()["room"],
                        r.get("refusals", [])[-3:],
                    )
                    for r in live
                ]
                raise AssertionError(f"games did not finish after the restart: {stuck}")
            live = [room for room in live if _step_once(server.url, room, rng, acked)]
        for room in rooms:
            final = HTTP.get(f"{server.url}/api/rooms/{room['id']}/record", timeout=10).json()
            assert final["actions"][: len(histories[room["id"]])] == histories[room["id"]]
    finally:
        server.stop()


@pytest.mark.slow
def test_sigkill_mid_game_loses_nothing_sqlite(tmp_path: Path) -> None:
    _crash_and_resume(tmp_path, None)


@pytest.mark.slow
@pytest.mark.postgres
def test_sigkill_mid_game_loses_nothing_postgres(tmp_path: Path) -> None:
    base = os.environ.get("BGB_TEST_POSTGRES_URL")
    if not base:
        pytest.skip("BGB_TEST_POSTGRES_URL is not set (scripts/start-test-postgres.sh prints one)")
    import psycopg

    schema = f"bgb_{secrets.token_hex(6)}"
    plain = base.replace("postgresql+psycopg://", "postgresql://").split("?")[0]
    with psycopg.connect(plain, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
    try:
        joiner = "&" if "?" in base else "?"
        _crash_and_resume(tmp_path, f"{base}{joiner}options=-csearch_path%3D{schema}")
    finally:
        with psycopg.connect(plain, autocommit=True) as conn:
            conn.execute(f"DROP SCHEMA {schema} CASCADE")
