"""Load test: N concurrent bot-vs-bot games over real WebSockets on loopback.

Starts `bgb serve` (or uses --url), creates N rooms whose seats are all
"human", and plays every seat from this process with a client-side random
bot over its own WebSocket. Reports accepted moves per second and the
latency from sending a move to receiving the updated view (bot think time is
not included: the clock starts when the move is sent).

    .venv/bin/python bench/server_load.py --games 200 --think 0.5   # bots think 0-1 s
    .venv/bin/python bench/server_load.py --games 200               # bots answer at once
    .venv/bin/python bench/server_load.py --games 200 --profile /tmp/server.prof

--profile runs the server under cProfile (event-loop thread) and prints where
its time goes.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import pstats
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import websockets


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.accepted = 0
        self.errors: dict[str, int] = {}
        self.games_done = 0


async def play_seat(
    ws_url: str, room: str, seat: int, token: str, rng: random.Random, stats: Stats, think: float
) -> None:
    client = {"X-Forwarded-For": f"127.8.{seat}.{abs(hash(room)) % 250}"}  # a client per seat socket (quotas)
    async with websockets.connect(f"{ws_url}/ws/rooms/{room}", max_size=None, additional_headers=client) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        sent_at: float | None = None
        sent_step = -1
        async for raw in ws:
            msg = json.loads(raw)
            kind = msg["type"]
            if kind == "ack":
                stats.accepted += 1
                continue
            if kind == "error":
                stats.errors[msg["code"]] = stats.errors.get(msg["code"], 0) + 1
                continue
            if kind != "state":
                continue
            if sent_at is not None and msg["step"] > sent_step:
                stats.latencies.append(time.perf_counter() - sent_at)
                sent_at = None
            view = msg["view"]
            if view["over"]:
                if seat == 0:
                    stats.games_done += 1
                return
            if view["to_move"] == seat and view["legal"] and sent_at is None:
                code = rng.choice(view["legal"])
                if think > 0:  # think time happens before the clock starts
                    await asyncio.sleep(rng.uniform(0, 2 * think))
                sent_step = msg["step"]
                sent_at = time.perf_counter()
                await ws.send(json.dumps({"type": "move", "action": code, "turn": view["turn"]}))


async def run(
    url: str, games: int, game: str, players: int, variant: dict[str, Any], seed: int, think: float
) -> tuple[Stats, float]:
    stats = Stats()
    ws_url = url.replace("http://", "ws://")
    limits = httpx.Limits(max_connections=50)
    async with httpx.AsyncClient(base_url=url, timeout=60, limits=limits) as http:

        async def make() -> dict[str, Any]:
            r = await http.post(
                "/api/rooms",
                json={"game": game, "players": players, "variant": variant, "seats": [{"kind": "human"}] * players},
            )
            r.raise_for_status()
            return r.json()

        rooms = await asyncio.gather(*(make() for _ in range(games)))
    rng = random.Random(seed)
    start = time.perf_counter()
    await asyncio.gather(
        *(
            play_seat(ws_url, made["room"]["id"], s["seat"], s["token"], random.Random(rng.random()), stats, think)
            for made in rooms
            for s in made["seats"]
        )
    )
    return stats, time.perf_counter() - start


def _cpu(proc: subprocess.Popen[bytes] | None) -> float:
    """CPU seconds (user + system, all threads) the server process has used so far."""
    if proc is None:
        return 0.0
    fields = Path(f"/proc/{proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def start_server(port: int, data_dir: Path, database_url: str | None, profile: str | None) -> subprocess.Popen[bytes]:
    serve = ["serve", "--port", str(port), "--data-dir", str(data_dir), "--log-level", "warning", "--bot-delay", "0"]
    # one load client plays many rooms: no room quotas, and each seat's socket names its own client
    serve += ["--rooms-per-minute", "0", "--live-rooms-per-client", "0", "--max-live-rooms", "0"]
    serve += ["--client-ip-header", "X-Forwarded-For"]
    if database_url:
        serve += ["--database-url", database_url]
    if profile:
        cmd = [sys.executable, "-m", "cProfile", "-o", profile, "-m", "boardgamesbot.cli", *serve]
    else:
        cmd = [str(Path(sys.executable).with_name("bgb")), *serve]
    proc = subprocess.Popen(cmd, start_new_session=True)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=2).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.2)
    proc.kill()
    raise SystemExit("the server did not start")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--game", default="crosswise")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--variant", default="{}", help="JSON object of variant options")
    parser.add_argument("--url", help="use a running server instead of starting one")
    parser.add_argument("--database-url", help="start the server on this database (default: SQLite in a temp dir)")
    parser.add_argument("--profile", help="write the server's cProfile to this file and print the top entries")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--think",
        type=float,
        default=0.0,
        help="mean bot think time in seconds (uniform 0..2x), excluded from the latency; "
        "0 = answer at once (the server is then saturated and latency is queueing)",
    )
    args = parser.parse_args()

    proc = None
    url = args.url
    if url is None:
        port = _free_port()
        proc = start_server(port, Path(tempfile.mkdtemp(prefix="bgb-bench-")), args.database_url, args.profile)
        url = f"http://127.0.0.1:{port}"
    try:
        cpu0 = _cpu(proc)
        stats, wall = asyncio.run(
            run(url, args.games, args.game, args.players, json.loads(args.variant), args.seed, args.think)
        )
        health = httpx.get(f"{url}/api/health", timeout=10).json()
        cpu = _cpu(proc) - cpu0
    finally:
        if proc is not None:
            # SIGINT: uvicorn re-raises it after a clean shutdown, and cProfile still writes its file;
            # the bot worker notices its parent is gone and exits by itself
            os.kill(proc.pid, signal.SIGINT)
            proc.wait(timeout=60)

    lat = sorted(stats.latencies)

    def pct(p: float) -> float:
        return lat[min(len(lat) - 1, int(p * len(lat)))] * 1000 if lat else float("nan")

    print(
        f"games: {args.games} concurrent {args.game} ({args.players} players), think {args.think} s, "
        f"finished: {stats.games_done}"
    )
    print(f"accepted moves: {stats.accepted} in {wall:.1f} s = {stats.accepted / wall:.0f} moves/s")
    print(
        f"send-move -> updated view: p50 {pct(0.50):.1f} ms, p90 {pct(0.90):.1f} ms, p99 {pct(0.99):.1f} ms, "
        f"max {pct(1.0):.1f} ms, mean {statistics.fmean(lat) * 1000 if lat else float('nan'):.1f} ms"
    )
    if stats.errors:
        print(f"errors: {stats.errors}")
    if health.get("commits"):
        print(
            f"storage: {health['moves']} moves in {health['commits']} commits "
            f"({health['moves'] / health['commits']:.1f} moves per group commit)"
        )
    if proc is not None and stats.accepted:
        print(
            f"server CPU: {cpu:.1f} s = {cpu / stats.accepted * 1000:.2f} ms per accepted move "
            f"({cpu / wall * 100:.0f}% of one core)"
        )
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} (other work shares these cores)")
    if args.profile and proc is not None:
        print("\nserver event-loop thread, top 25 by own time:")
        pstats.Stats(args.profile).sort_stats("tottime").print_stats(25)


if __name__ == "__main__":
    main()
