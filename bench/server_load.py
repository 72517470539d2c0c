"""Load test: N concurrent games over real WebSockets on loopback, on one server process or a cluster.

Starts `bgb serve` (or uses --url), creates N rooms and plays every human seat from this process with a
client-side random player over its own WebSocket. Reports accepted moves per second, the latency from
sending a move to receiving the updated view (think time is not included: the clock starts when the move
is sent), and the server CPU per accepted move.

    .venv/bin/python bench/server_load.py --games 200 --think 0.5   # players think 0-1 s
    .venv/bin/python bench/server_load.py --games 200               # players answer at once (saturated)
    .venv/bin/python bench/server_load.py --games 200 --profile /tmp/server.prof

Cluster mode (PostgreSQL + Redis; both are started by scripts/start-test-*.sh unless given):

    .venv/bin/python bench/server_load.py --games 200 --processes 2            # 2 `bgb serve --redis-url`
    .venv/bin/python bench/server_load.py --games 200 --processes 2 --spread   # seats on different processes
    .venv/bin/python bench/server_load.py --games 20 --bot hard --workers 2 --duration 60   # bot moves/s

Room i is created on process i mod P and its sockets go there too (a balancer's sticky routing by room
id); with --spread each seat connects to another process, so moves are relayed to the owner. With
--bot LEVEL each room is one client seat against a bot of that level, and the bench counts bot moves
per second: in-process bots with one process and no --workers, else `bgb worker` processes (--workers W,
each with --worker-concurrency C).

--profile runs the (single) server under cProfile (event-loop thread) and prints where its time goes.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import pstats
import random
import secrets
import shlex
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

ROOT = Path(__file__).resolve().parent.parent


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.accepted = 0
        self.bot_moves = 0
        self.errors: dict[str, int] = {}
        self.games_done = 0


async def play_seat(
    ws_url: str,
    room: str,
    seat: int,
    token: str,
    rng: random.Random,
    stats: Stats,
    think: float,
    deadline: float,
) -> None:
    client = {"X-Forwarded-For": f"127.8.{seat}.{abs(hash(room)) % 250}"}  # a client per seat socket (quotas)
    async with websockets.connect(f"{ws_url}/ws/rooms/{room}", max_size=None, additional_headers=client) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        sent_at: float | None = None
        sent_step = -1
        while time.perf_counter() < deadline:
            try:
                raw = await asyncio.wait_for(ws.recv(), max(0.01, deadline - time.perf_counter()))
            except TimeoutError:
                return
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
            last = msg.get("last")
            if last and last.get("bot") and seat == 0:
                stats.bot_moves += 1
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


async def run(args: argparse.Namespace, urls: list[str]) -> tuple[Stats, float]:
    stats = Stats()
    variant = json.loads(args.variant)
    if args.bot:
        seats_spec: list[dict[str, Any]] = [{"kind": "human"}] + [{"kind": "bot", "bot": args.bot}] * (args.players - 1)
    else:
        seats_spec = [{"kind": "human"}] * args.players
    clients = [httpx.AsyncClient(base_url=u, timeout=60, limits=httpx.Limits(max_connections=50)) for u in urls]
    try:

        async def make(i: int) -> tuple[int, dict[str, Any]]:
            r = await clients[i % len(urls)].post(
                "/api/rooms",
                json={"game": args.game, "players": args.players, "variant": variant, "seats": seats_spec},
            )
            r.raise_for_status()
            return i, r.json()

        rooms = await asyncio.gather(*(make(i) for i in range(args.games)))
    finally:
        for c in clients:
            await c.aclose()
    rng = random.Random(args.seed)
    start = time.perf_counter()
    deadline = start + args.duration if args.duration else float("inf")

    def ws_for(i: int, seat: int) -> str:
        at = (i + seat) % len(urls) if args.spread else i % len(urls)
        return urls[at].replace("http://", "ws://")

    await asyncio.gather(
        *(
            play_seat(
                ws_for(i, s["seat"]),
                made["room"]["id"],
                s["seat"],
                s["token"],
                random.Random(rng.random()),
                stats,
                args.think,
                deadline,
            )
            for i, made in rooms
            for s in made["seats"]
        )
    )
    return stats, time.perf_counter() - start


def _cpu(pid: int, children: bool = False) -> float:
    """CPU seconds (user + system, all threads; with ``children`` its live child processes too)."""
    try:
        import psutil

        proc = psutil.Process(pid)
        total = sum(proc.cpu_times()[:2])
        if children:
            for child in proc.children(recursive=True):
                with contextlib.suppress(psutil.Error):
                    total += sum(child.cpu_times()[:2])
        return float(total)
    except ImportError:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _wait_health(url: str, proc: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"{url}/api/health", timeout=2).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        if proc.poll() is not None:
            break
        time.sleep(0.2)
    proc.kill()
    raise SystemExit("a server did not start")


def start_server(
    port: int, data_dir: Path, args: argparse.Namespace, database_url: str | None, redis_url: str | None
) -> subprocess.Popen[bytes]:
    serve = ["serve", "--port", str(port), "--data-dir", str(data_dir), "--log-level", "warning", "--bot-delay", "0"]
    # one load client plays many rooms: no room quotas, and each seat's socket names its own client
    serve += ["--rooms-per-minute", "0", "--live-rooms-per-client", "0", "--max-live-rooms", "0"]
    serve += ["--bot-rooms-per-client", "0", "--bot-cpu-per-minute", "0", "--client-ip-header", "X-Forwarded-For"]
    if database_url:
        serve += ["--database-url", database_url]
    if redis_url:
        serve += ["--redis-url", redis_url, "--cluster-name", args.cluster_name]
    if args.profile:
        cmd = [sys.executable, "-m", "cProfile", "-o", args.profile, "-m", "boardgamesbot.cli", *serve]
    elif args.server_cmd:  # another checkout, for a before/after comparison
        cmd = ["bash", "-c", f"exec {args.server_cmd} " + " ".join(shlex.quote(a) for a in serve)]
    else:
        cmd = [str(Path(sys.executable).with_name("bgb")), *serve]
    proc = subprocess.Popen(cmd, start_new_session=True)
    _wait_health(f"http://127.0.0.1:{port}", proc)
    return proc


def _script(name: str) -> str:
    done = subprocess.run(["bash", str(ROOT / "scripts" / name)], capture_output=True, text=True, check=False)
    if done.returncode != 0 or not done.stdout.strip():
        raise SystemExit(f"scripts/{name} could not start the service; pass its URL instead")
    return done.stdout.strip().splitlines()[-1]


def _scratch_schema(base: str) -> tuple[str, str]:
    """A fresh schema on ``base`` (PostgreSQL): (URL that uses it, schema name)."""
    import psycopg

    schema = f"bench_{secrets.token_hex(4)}"
    plain = base.replace("postgresql+psycopg://", "postgresql://").split("?")[0]
    with psycopg.connect(plain, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
    joiner = "&" if "?" in base else "?"
    return f"{base}{joiner}options=-csearch_path%3D{schema}", schema


def _drop_schema(base: str, schema: str) -> None:
    import psycopg

    plain = base.replace("postgresql+psycopg://", "postgresql://").split("?")[0]
    with psycopg.connect(plain, autocommit=True) as conn:
        conn.execute(f"DROP SCHEMA {schema} CASCADE")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--game", default="crosswise")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--variant", default="{}", help="JSON object of variant options")
    parser.add_argument("--url", action="append", help="use running servers instead of starting them (repeatable)")
    parser.add_argument("--database-url", help="the servers' database (default: SQLite; PostgreSQL in cluster mode)")
    parser.add_argument("--redis-url", help="cluster mode on this Redis (default with --processes/--workers: started)")
    parser.add_argument("--processes", type=int, default=1, help="server processes (more than 1: cluster mode)")
    parser.add_argument("--workers", type=int, default=0, help="`bgb worker` processes for bots (cluster mode)")
    parser.add_argument("--worker-concurrency", type=int, default=1, help="bots each worker computes at once")
    parser.add_argument("--spread", action="store_true", help="each seat of a room on another process (relayed)")
    parser.add_argument("--bot", help="one client seat per room against bots of this level; counts bot moves/s")
    parser.add_argument("--duration", type=float, default=0.0, help="stop after this many seconds (0: games end)")
    parser.add_argument("--profile", help="write the server's cProfile to this file and print the top entries")
    parser.add_argument(
        "--server-cmd",
        help="start the servers with this command instead of `bgb` (e.g. 'env PYTHONPATH=/tmp/old .venv/bin/python "
        "-m boardgamesbot.entry' for a before/after comparison)",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--think",
        type=float,
        default=0.0,
        help="mean think time of the client players in seconds (uniform 0..2x), excluded from the latency; "
        "0 = answer at once (the server is then saturated and latency is queueing)",
    )
    args = parser.parse_args()
    cluster = args.processes > 1 or args.workers > 0 or bool(args.redis_url)
    args.cluster_name = f"bench{secrets.token_hex(3)}"

    servers: list[subprocess.Popen[bytes]] = []
    workers: list[subprocess.Popen[bytes]] = []
    urls: list[str] = list(args.url or [])
    schema: tuple[str, str] | None = None
    load_before = os.getloadavg()[0]
    try:
        if not urls:
            database_url, redis_url = args.database_url, args.redis_url
            if cluster:
                redis_url = redis_url or _script("start-test-redis.sh")
                base = database_url or _script("start-test-postgres.sh")
                database_url, name = _scratch_schema(base)
                schema = (base, name)
            data_dir = Path(tempfile.mkdtemp(prefix="bgb-bench-"))
            for _ in range(args.processes):
                port = _free_port()
                servers.append(start_server(port, data_dir, args, database_url, redis_url))
                urls.append(f"http://127.0.0.1:{port}")
            bgb = str(Path(sys.executable).with_name("bgb"))
            for _ in range(args.workers if cluster else 0):
                cmd = [bgb, "worker", "--redis-url", str(redis_url), "--cluster-name", args.cluster_name]
                cmd += ["--concurrency", str(args.worker_concurrency), "--log-level", "warning"]
                workers.append(subprocess.Popen(cmd, start_new_session=True))
            if workers:
                time.sleep(3.0)  # their bot processes start
        cpu0 = [_cpu(p.pid) for p in servers]
        wcpu0 = [_cpu(p.pid, children=True) for p in workers]
        stats, wall = asyncio.run(run(args, urls))
        cpu = sum(_cpu(p.pid) for p in servers) - sum(cpu0)
        wcpu = sum(_cpu(p.pid, children=True) for p in workers) - sum(wcpu0)
        healths = [httpx.get(f"{u}/api/health", timeout=10).json() for u in urls]
    finally:
        for proc in servers + workers:
            # SIGINT: uvicorn re-raises it after a clean shutdown, and cProfile still writes its file
            os.killpg(proc.pid, signal.SIGINT)
        for proc in servers + workers:
            try:
                proc.wait(timeout=60)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
        if schema is not None:
            _drop_schema(*schema)

    lat = sorted(stats.latencies)

    def pct(p: float) -> float:
        return lat[min(len(lat) - 1, int(p * len(lat)))] * 1000 if lat else float("nan")

    mode = (
        f"cluster: {len(urls)} server process(es), {args.workers} worker(s) x {args.worker_concurrency}"
        + (", seats spread over processes" if args.spread else ", sticky by room")
        if cluster
        else "one server process"
    )
    print(
        f"games: {args.games} concurrent {args.game} ({args.players} players), think {args.think} s, "
        f"finished: {stats.games_done}; {mode}"
    )
    print(f"accepted moves: {stats.accepted} in {wall:.1f} s = {stats.accepted / wall:.0f} moves/s")
    print(
        f"send-move -> updated view: p50 {pct(0.50):.1f} ms, p90 {pct(0.90):.1f} ms, p99 {pct(0.99):.1f} ms, "
        f"max {pct(1.0):.1f} ms, mean {statistics.fmean(lat) * 1000 if lat else float('nan'):.1f} ms"
    )
    if args.bot:
        print(f"bot ({args.bot}) moves: {stats.bot_moves} in {wall:.1f} s = {stats.bot_moves / wall:.2f} bot moves/s")
        if workers:
            print(f"worker CPU (with their bot processes): {wcpu:.1f} s = {wcpu / wall * 100:.0f}% of one core")
    if stats.errors:
        print(f"errors: {stats.errors}")
    moves = sum(h.get("moves", 0) for h in healths)
    commits = sum(h.get("commits", 0) for h in healths)
    if commits:
        print(f"storage: {moves} moves in {commits} commits ({moves / commits:.1f} moves per group commit)")
    if servers and stats.accepted:
        total = stats.accepted + stats.bot_moves
        print(
            f"server CPU (all server processes): {cpu:.1f} s = {cpu / total * 1000:.2f} ms per move "
            f"({cpu / wall * 100:.0f}% of one core)"
        )
    print(
        f"machine: {os.cpu_count()} cores, load average {load_before:.1f} -> {os.getloadavg()[0]:.1f} "
        "(other work shares these cores; the load client runs on them too)"
    )
    if args.profile and servers:
        print("\nserver event-loop thread, top 25 by own time:")
        pstats.Stats(args.profile).sort_stats("tottime").print_stats(25)


if __name__ == "__main__":
    main()
