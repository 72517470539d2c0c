"""Real `bgb serve --redis-url` and `bgb worker` processes on loopback, on a throwaway PostgreSQL schema and Redis.

The services come from scripts/start-test-postgres.sh and scripts/start-test-redis.sh (``make test`` runs
both through scripts/test-env.sh): BGB_TEST_POSTGRES_URL and BGB_TEST_REDIS_URL. Each test gets its own
schema and its own cluster name (the prefix of every Redis key), so tests can run in parallel.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

BGB = Path(sys.executable).with_name("bgb")
HTTP = httpx.Client(timeout=20)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def services() -> Iterator[tuple[str, str, str]]:
    """(database URL on a fresh schema, Redis URL, cluster name); skips without the services."""
    base = os.environ.get("BGB_TEST_POSTGRES_URL")
    redis_url = os.environ.get("BGB_TEST_REDIS_URL")
    if not base or not redis_url:
        pytest.skip("BGB_TEST_POSTGRES_URL and BGB_TEST_REDIS_URL are needed (scripts/test-env.sh starts both)")
    pytest.importorskip("redis")
    import psycopg

    name = f"bgbt{secrets.token_hex(4)}"
    plain = base.replace("postgresql+psycopg://", "postgresql://").split("?")[0]
    with psycopg.connect(plain, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {name}")
    joiner = "&" if "?" in base else "?"
    try:
        yield f"{base}{joiner}options=-csearch_path%3D{name}", redis_url, name
    finally:
        with psycopg.connect(plain, autocommit=True) as conn:
            conn.execute(f"DROP SCHEMA {name} CASCADE")
        import redis

        client = redis.Redis.from_url(redis_url)
        keys = list(client.scan_iter(f"{name}:*"))
        if keys:
            client.delete(*keys)
        client.close()


class Proc:
    """One `bgb serve` (``url`` set) or `bgb worker` process, its output in a log file."""

    def __init__(self, cmd: list[str], log: Path, health: str | None = None) -> None:
        self.log_path = log
        self.log = open(log, "wb")  # noqa: SIM115
        self.proc = subprocess.Popen(cmd, stdout=self.log, stderr=subprocess.STDOUT, start_new_session=True)
        self.url = health
        if health is None:
            return
        deadline = time.monotonic() + 60
        while True:
            try:
                if HTTP.get(f"{health}/api/health", timeout=2).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            if self.proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"{cmd[1]} did not start: {log.read_text()[-3000:]}")
            time.sleep(0.1)

    @property
    def ws_url(self) -> str:
        assert self.url is not None
        return self.url.replace("http://", "ws://")

    def health(self) -> dict[str, Any]:
        return HTTP.get(f"{self.url}/api/health", timeout=10).json()

    def signal(self, sig: int) -> None:
        os.killpg(self.proc.pid, sig)

    def kill(self) -> None:
        """kill -9: the process and its children, no goodbye."""
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait(timeout=10)

    def stop(self) -> None:
        if self.proc.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, signal.SIGCONT)
                os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.kill()
        self.log.close()


def serve(tmp: Path, database_url: str, redis_url: str, name: str, *extra: str) -> Proc:
    port = free_port()
    cmd = [
        str(BGB),
        "serve",
        "--port",
        str(port),
        "--data-dir",
        str(tmp),
        "--database-url",
        database_url,
        "--redis-url",
        redis_url,
        "--cluster-name",
        name,
        "--bot-delay",
        "0",
        "--log-level",
        "warning",
        "--no-warm-rules-desk",  # these tests time leases and moves, not the rules desk (test_desk_warm.py does)
        *extra,
    ]
    return Proc(cmd, tmp / f"serve-{port}.log", f"http://127.0.0.1:{port}")


def worker(tmp: Path, redis_url: str, name: str, concurrency: int = 1) -> Proc:
    cmd = [str(BGB), "worker", "--redis-url", redis_url, "--cluster-name", name, "--concurrency", str(concurrency)]
    return Proc([*cmd, "--log-level", "warning"], tmp / f"worker-{secrets.token_hex(3)}.log")


def owner_of(redis_url: str, name: str, room: str) -> str | None:
    import redis

    client = redis.Redis.from_url(redis_url)
    try:
        value = client.get(f"{name}:lease:{room}")
    finally:
        client.close()
    return value.decode() if value else None


def wait_for(predicate: Any, timeout: float, what: str) -> Any:
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout} s waiting for {what}")
        time.sleep(0.05)


class Partition:
    """A TCP relay to Redis that the test can cut: the process behind it is partitioned from Redis."""

    def __init__(self, redis_url: str) -> None:
        rest = redis_url.split("://", 1)[1]
        hostport, _, self.db = rest.partition("/")
        host, _, port = hostport.rpartition(":")
        self.target = (host or "127.0.0.1", int(port or 6379))
        self.listener = socket.socket()
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(64)
        self.port = self.listener.getsockname()[1]
        self.url = f"redis://127.0.0.1:{self.port}/{self.db or '0'}"
        self.cut = threading.Event()
        self.sockets: list[socket.socket] = []
        self.lock = threading.Lock()
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            if self.cut.is_set():
                client.close()
                continue
            upstream = socket.create_connection(self.target)
            with self.lock:
                self.sockets += [client, upstream]
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pipe, args=(a, b), daemon=True).start()

    def _pipe(self, a: socket.socket, b: socket.socket) -> None:
        try:
            while not self.cut.is_set():
                data = a.recv(65536)
                if not data:
                    break
                b.sendall(data)
        except OSError:
            pass
        finally:
            with contextlib.suppress(OSError):
                b.shutdown(socket.SHUT_RDWR)

    def sever(self) -> None:
        """Cut every connection now and refuse new ones, until ``heal``."""
        self.cut.set()
        with self.lock:
            for s in self.sockets:
                with contextlib.suppress(OSError):
                    s.shutdown(socket.SHUT_RDWR)
                    s.close()
            self.sockets.clear()

    def heal(self) -> None:
        self.cut.clear()

    def close(self) -> None:
        self.sever()
        self.listener.close()
