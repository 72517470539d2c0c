"""Replay the security probe's attacks against a real `bgb serve` and print what each one costs.

Usage:
    python bench/abuse.py                        # this checkout's server
    python bench/abuse.py --server-cmd "/path/old/.venv/bin/bgb serve" --label old
    python bench/abuse.py --only replay,flood    # some attacks only

Each attack is the one in the probe (docs/server.md, "Limits" and "Quotas", says what
the server does about it): a room flood, 10,000 rooms from many clients (memory),
all-bot `hard` rooms while a person waits for their bot's reply, replay denial of
service (8 parallel revealed replays, /api/health latency meanwhile), sync spam, 300
sockets that never say hello, slow readers, 300 spectators, malformed input, and
cross-origin requests. Everything stays on 127.0.0.1 and every loop is bounded.
Figures are printed, never asserted (they move with the machine's load).
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import contextlib
import json
import os
import shlex
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect

OUT: dict[str, Any] = {}


def say(key: str, value: Any, note: str = "") -> None:
    OUT[key] = value
    shown = f"{value:.3g}" if isinstance(value, float) else value
    print(f"  {key:<44} {shown}{'  ' + note if note else ''}", flush=True)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


class Server:
    def __init__(self, cmd: list[str], extra: list[str], data: Path) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.ws = f"ws://127.0.0.1:{self.port}"
        args = [*cmd, "--port", str(self.port), "--data-dir", str(data), "--log-level", "warning", *extra]
        self.log = open(data / "serve.log", "wb")  # noqa: SIM115
        self.proc = subprocess.Popen(args, stdout=self.log, stderr=subprocess.STDOUT, start_new_session=True)
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(f"{self.url}/api/health", timeout=2).status_code == 200:
                    time.sleep(1.0)  # let the bot workers start
                    return
            if self.proc.poll() is not None:
                break
            time.sleep(0.2)
        raise RuntimeError(f"the server did not start: {(data / 'serve.log').read_text()[-2000:]}")

    @property
    def rss(self) -> float:
        return rss_mib(self.proc.pid)

    def stop(self) -> None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, signal.SIGTERM)
        try:
            self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(self.proc.pid, signal.SIGKILL)
        self.log.close()


def xff(n: int) -> dict[str, str]:
    """A client identity for servers started with --client-ip-header X-Forwarded-For (ignored otherwise)."""
    return {"X-Forwarded-For": f"10.{(n >> 16) & 255}.{(n >> 8) & 255}.{n & 255}"}


def create(client: httpx.Client, body: dict[str, Any], who: int | None = None) -> httpx.Response:
    return client.post("/api/rooms", json=body, headers=xff(who) if who is not None else {})


def health_ms(url: str, n: int = 20) -> list[float]:
    out = []
    with httpx.Client(base_url=url, timeout=30) as c:
        for _ in range(n):
            t = time.perf_counter()
            c.get("/api/health")
            out.append((time.perf_counter() - t) * 1000)
    return out


@contextlib.contextmanager
def health_probe(url: str) -> Iterator[list[float]]:
    """/api/health latency sampled every 50 ms in a thread while the block runs."""
    import threading

    samples: list[float] = []
    stop = threading.Event()

    def run() -> None:
        with httpx.Client(base_url=url, timeout=30) as c:
            while not stop.is_set():
                t = time.perf_counter()
                with contextlib.suppress(httpx.HTTPError):
                    c.get("/api/health")
                samples.append((time.perf_counter() - t) * 1000)
                stop.wait(0.05)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    try:
        yield samples
    finally:
        stop.set()
        thread.join(10)


def p(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


# ---- attacks ------------------------------------------------------------------------------------
def flood(srv: Server) -> None:
    """One client posts 2000 rooms as fast as it can."""
    before = srv.rss
    codes: dict[int, int] = {}
    t = time.perf_counter()
    with httpx.Client(base_url=srv.url, timeout=30) as c:
        for _ in range(2000):
            r = create(c, {"game": "crosswise", "players": 2})
            codes[r.status_code] = codes.get(r.status_code, 0) + 1
    say("flood.seconds_for_2000_posts", time.perf_counter() - t)
    say("flood.created_201", codes.get(201, 0))
    say("flood.refused_429", codes.get(429, 0))
    if codes.get(429):
        r = httpx.post(f"{srv.url}/api/rooms", json={"game": "crosswise", "players": 2})
        say("flood.refusal", f"{r.status_code} {r.json()['error']['code']} Retry-After={r.headers.get('retry-after')}")
    say("flood.rss_growth_mib", srv.rss - before)


def memory(srv: Server) -> None:
    """10,000 rooms from 500 client identities (X-Forwarded-For), then the server's memory."""
    before = srv.rss
    made = 0
    t = time.perf_counter()
    with httpx.Client(base_url=srv.url, timeout=30) as c:
        for n in range(10_000):
            made += create(c, {"game": "crosswise", "players": 2}, who=1000 + n // 20).status_code == 201
    say("memory.rooms_created", made)
    say("memory.seconds", time.perf_counter() - t)
    time.sleep(1.0)
    say("memory.rss_growth_mib_10k_rooms", srv.rss - before, "(target < 50)")
    say("memory.rooms_in_memory", httpx.get(f"{srv.url}/api/health").json()["rooms"])


async def _reply_times(srv: Server, n: int, who: int) -> list[float]:
    """A person plays Crosswise against a hard bot; seconds from each move to the bot's answer."""
    async with httpx.AsyncClient(base_url=srv.url, timeout=60) as c:
        r = await c.post(
            "/api/rooms",
            json={"game": "crosswise", "players": 2, "seats": [{"kind": "human"}, {"kind": "bot", "bot": "hard"}]},
            headers=xff(who),
        )
        made = r.json()
    room, token = made["room"]["id"], made["seats"][0]["token"]
    times: list[float] = []
    async with connect(f"{srv.ws}/ws/rooms/{room}", max_size=None, origin=None) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        state: dict[str, Any] = {}
        while state.get("type") != "state":
            state = json.loads(await ws.recv())
        while len(times) < n and not state["view"]["over"]:
            view = state["view"]
            if view["to_move"] != 0:
                state = json.loads(await ws.recv())
                continue
            sent = time.perf_counter()
            await ws.send(json.dumps({"type": "move", "action": view["legal"][0], "turn": view["turn"]}))
            step = state["step"]
            while True:
                msg = json.loads(await ws.recv())
                if msg["type"] == "state":
                    state = msg
                    if msg["step"] >= step + 2 or msg["view"]["over"]:
                        break
            times.append(time.perf_counter() - sent)
    return times


def bots(srv: Server) -> None:
    """A person's hard-bot reply time alone, then while ten rooms of five hard Alcatraz bots run."""
    idle = asyncio.run(_reply_times(srv, 5, who=1))
    say("bots.reply_s_unloaded_median", statistics.median(idle))
    one_client = 0
    with httpx.Client(base_url=srv.url, timeout=30) as c:
        body = {"game": "alcatraz", "players": 5, "seats": [{"kind": "bot", "bot": "hard"}] * 5}
        for _ in range(10):  # the probe's attack: one client, ten rooms
            one_client += create(c, body).status_code == 201
        extra = 0
        for n in range(10 - one_client):  # and as many as it takes from other clients to have ten running
            extra += create(c, body, who=50 + n).status_code == 201
    say("bots.all_bot_rooms_one_client_got", one_client, "of 10")
    say("bots.all_bot_rooms_running", one_client + extra)
    time.sleep(3.0)
    loaded = asyncio.run(_reply_times(srv, 5, who=2))
    say("bots.reply_s_loaded_median", statistics.median(loaded))
    say("bots.loaded_over_unloaded", statistics.median(loaded) / statistics.median(idle), "(target <= 1.5)")


def _long_game(srv: Server) -> str:
    """An all-bot 5-player Alcatraz game of random bots, played to its end (the probe's ~1000 moves)."""
    body = {
        "game": "alcatraz",
        "players": 5,
        "variant": {"wild": True},
        "seats": [{"kind": "bot", "bot": "random"}] * 5,
    }
    r = httpx.post(f"{srv.url}/api/rooms", json=body, headers=xff(7), timeout=30)
    room = r.json()["room"]["id"]
    deadline = time.monotonic() + 300
    with httpx.Client(base_url=srv.url, timeout=30) as c:  # asking now and then keeps the room in memory
        while time.monotonic() < deadline:
            summary = c.get(f"/api/rooms/{room}").json()["room"]
            if summary["status"] == "over":
                break
            time.sleep(0.5)
    return room


def replay(srv: Server) -> None:
    room = _long_game(srv)
    steps = httpx.get(f"{srv.url}/api/rooms/{room}").json()["step"]
    say("replay.game_steps", steps)
    with httpx.Client(base_url=srv.url, timeout=120, headers={"Accept-Encoding": "gzip"}) as c:
        t = time.perf_counter()
        r = c.get(f"/api/rooms/{room}/replay")
        say("replay.first_answer_ms", (time.perf_counter() - t) * 1000)
        say(
            "replay.first_answer_bytes_on_wire",
            len(r.content) if r.headers.get("content-encoding") != "gzip" else int(r.headers.get("content-length", 0)),
        )
        say("replay.first_answer_frames", len(r.json()["frames"]))
        t = time.perf_counter()
        r = c.get(f"/api/rooms/{room}/replay", params={"reveal": 1, "from": max(0, steps - 99), "as": 2})
        ms = (time.perf_counter() - t) * 1000
        wire = int(r.headers.get("content-length", 0) or len(r.content))
        say("replay.revealed_answer_ms", ms, "(a page of <= 100 frames on the new server; target < 100)")
        say("replay.revealed_answer_bytes_on_wire", wire, "(target < 1 MB)")
        say("replay.revealed_answer_bytes_raw", len(r.content))
        say("replay.revealed_answer_frames", len(r.json()["frames"]))
        t = time.perf_counter()
        c.get(f"/api/rooms/{room}/replay", params={"reveal": 1, "from": max(0, steps - 99), "as": 2})
        say("replay.revealed_same_again_ms", (time.perf_counter() - t) * 1000, "(cached on the new server)")
    before = srv.rss

    def whole_revealed(k: int) -> int:
        with httpx.Client(base_url=srv.url, timeout=300, headers={**xff(200 + k), "Accept-Encoding": "gzip"}) as c:
            got = 0
            start: int | None = 0
            while start is not None:
                r = c.get(f"/api/rooms/{room}/replay", params={"reveal": 1, "from": start, "as": k % 5})
                if r.status_code != 200:
                    return got
                page = r.json()
                got += len(page["frames"])
                start = page.get("next") if "next" in page else None
            return got

    from concurrent.futures import ThreadPoolExecutor

    t = time.perf_counter()
    with health_probe(srv.url) as samples, ThreadPoolExecutor(8) as pool:
        frames = list(pool.map(whole_revealed, range(8)))
    say("replay.8_parallel_revealed_wall_s", time.perf_counter() - t)
    say("replay.8_parallel_frames_each", frames[0])
    say("replay.health_ms_during_median", statistics.median(samples) if samples else float("nan"))
    say("replay.health_ms_during_max", max(samples) if samples else float("nan"))
    say("replay.rss_growth_mib", srv.rss - before)
    OUT["_long_room"] = room


async def _sync_spam(srv: Server, room: str) -> None:
    received = 0
    errors = 0
    async with connect(f"{srv.ws}/ws/rooms/{room}", max_size=None) as ws:
        await ws.send(json.dumps({"type": "hello"}))
        t = time.perf_counter()
        for _ in range(200):
            await ws.send(json.dumps({"type": "sync"}))
        await ws.send(json.dumps({"type": "ping", "id": "end"}))
        while True:
            raw = await asyncio.wait_for(ws.recv(), 60)
            received += len(raw)
            msg = json.loads(raw)
            errors += msg["type"] == "error"
            if msg["type"] == "pong" and msg.get("id") == "end":
                break
            if msg["type"] == "error" and msg.get("code") == "rate_limited" and errors > 150:
                break
        say("sync.seconds", time.perf_counter() - t)
    say("sync.bytes_received_for_200_syncs", received)
    say("sync.refused", errors)


def sync(srv: Server) -> None:
    room = OUT.get("_long_room") or _long_game(srv)
    with health_probe(srv.url) as samples:
        asyncio.run(_sync_spam(srv, room))
    say("sync.health_ms_during_median", statistics.median(samples) if samples else float("nan"))
    say("sync.health_ms_during_max", max(samples) if samples else float("nan"))


async def _idle_sockets(srv: Server, room: str, n: int) -> None:
    socks = []
    for _ in range(n):
        with contextlib.suppress(Exception):
            socks.append(await connect(f"{srv.ws}/ws/rooms/{room}"))  # one client, as in the probe
    say("idle.opened", len(socks), f"of {n}")
    await asyncio.sleep(12)
    still = 0
    codes: dict[Any, int] = {}
    for ws in socks:
        try:
            await asyncio.wait_for(ws.recv(), 0.05)
            still += 1
        except TimeoutError:
            still += 1
        except Exception:
            code = ws.close_code
            codes[code] = codes.get(code, 0) + 1
    say("idle.open_after_12s", still)
    say("idle.closed_with", json.dumps(codes))
    for ws in socks:
        with contextlib.suppress(Exception):
            await ws.close()


def idle(srv: Server) -> None:
    room = httpx.post(f"{srv.url}/api/rooms", json={"game": "crosswise", "players": 2}, headers=xff(9)).json()
    asyncio.run(_idle_sockets(srv, room["room"]["id"], 300))


def _raw_ws(port: int, path: str) -> socket.socket:
    """A WebSocket that says hello and then never reads: a tiny receive buffer, nothing drained."""
    s = socket.socket()
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    s.connect(("127.0.0.1", port))
    key = base64.b64encode(os.urandom(16)).decode()
    s.sendall(
        (
            f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
        ).encode()
    )
    head = b""
    while b"\r\n\r\n" not in head:
        head += s.recv(1)
    return s


def _frame(text: str) -> bytes:
    data = text.encode()
    mask = os.urandom(4)
    head = bytes([0x81])
    n = len(data)
    head += bytes([0x80 | n]) if n < 126 else bytes([0x80 | 126]) + n.to_bytes(2, "big")
    return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data))


def slow(srv: Server) -> None:
    """Three spectators of the long game ask for its full state again and again and never read."""
    room = OUT.get("_long_room") or _long_game(srv)
    before = srv.rss
    socks = []
    for _ in range(3):
        s = _raw_ws(srv.port, f"/ws/rooms/{room}")
        s.sendall(_frame(json.dumps({"type": "hello"})))
        socks.append(s)
    for _ in range(70):  # 210 syncs each (the probe's outbox held 512 states), paced under the message rate
        for s in socks:
            with contextlib.suppress(OSError):
                s.sendall(_frame(json.dumps({"type": "sync"})) * 3)
        time.sleep(0.2)
    time.sleep(2)
    say("slow.rss_growth_mib_3_readers", srv.rss - before)
    closed = 0
    for s in socks:
        s.setblocking(False)
        try:
            while True:
                chunk = s.recv(1 << 20)
                if not chunk:
                    closed += 1
                    break
        except BlockingIOError:
            pass
        except OSError:
            closed += 1
        s.close()
    say("slow.readers_dropped_by_server", closed, "of 3 (their buffers drained at the end)")


async def _crowd(srv: Server, room: str, n: int) -> None:
    socks = []
    counts = [0] * n
    for k in range(n):
        ws = await connect(f"{srv.ws}/ws/rooms/{room}", max_size=None, additional_headers=xff(2000 + k // 50))
        await ws.send(json.dumps({"type": "hello"}))
        socks.append(ws)

    async def drain(i: int, ws: Any) -> None:
        with contextlib.suppress(TimeoutError, Exception):
            while True:
                await asyncio.wait_for(ws.recv(), 1.5)
                counts[i] += 1

    await asyncio.gather(*(drain(i, ws) for i, ws in enumerate(socks)))
    say("crowd.messages_for_300_spectators", sum(counts), "(the probe: 45,750)")
    for ws in socks:
        with contextlib.suppress(Exception):
            await ws.close()


def crowd(srv: Server) -> None:
    room = httpx.post(f"{srv.url}/api/rooms", json={"game": "crosswise", "players": 2}, headers=xff(11)).json()
    asyncio.run(_crowd(srv, room["room"]["id"], 300))


def malformed(srv: Server) -> None:
    room = httpx.post(f"{srv.url}/api/rooms", json={"game": "crosswise", "players": 2}, headers=xff(12)).json()
    rid = room["room"]["id"]
    cases: list[tuple[str, str, bytes | None]] = [
        ("POST", "/api/rooms", b"[" * 8000),
        ("POST", "/api/rooms", b'{"game": "crosswise", "players": ' + b"9" * 5000 + b"}"),
        ("GET", f"/api/rooms/{rid}/replay?step=\u00b2", None),
        ("GET", f"/api/rooms/{rid}/replay?step=" + "9" * 5000, None),
        ("GET", f"/api/rooms/{rid}/seats/" + "9" * 5000, None),
        ("POST", "/api/rooms", b'{"game": "alcatraz", "players": 2, "variant": {"turn_cap": 1000000000000000}}'),
    ]
    fives = 0
    for method, path, body in cases:
        r = httpx.request(
            method, f"{srv.url}{path}", content=body, headers={"Content-Type": "application/json", **xff(13)}
        )
        fives += r.status_code >= 500
        print(f"    {method} {path[:50]:<52} -> {r.status_code} {r.text[:60]}")
    say("malformed.5xx_of_6", fives)


async def _ws_origin(srv: Server, room: str) -> str:
    try:
        async with connect(f"{srv.ws}/ws/rooms/{room}", origin="http://evil.example") as ws:  # type: ignore[arg-type]
            await ws.send(json.dumps({"type": "hello"}))
            return f"accepted: {json.loads(await ws.recv())['type']}"
    except Exception as exc:
        return f"refused: {str(exc)[:60]}"


def origin(srv: Server) -> None:
    body = b'{"game": "crosswise", "players": 2}'
    r = httpx.post(
        f"{srv.url}/api/rooms", content=body, headers={"Content-Type": "text/plain", "Origin": "http://evil.example"}
    )
    say("origin.cross_site_text_plain_post", r.status_code)
    r = httpx.get(f"{srv.url}/api/games", headers={"Host": "evil.example"})
    say("origin.foreign_host_header", r.status_code)
    room = httpx.post(f"{srv.url}/api/rooms", json={"game": "crosswise", "players": 2}, headers=xff(14)).json()
    say("origin.cross_site_websocket", asyncio.run(_ws_origin(srv, room["room"]["id"])))
    headers = httpx.get(f"{srv.url}/").headers
    say("origin.csp_header", "yes" if "content-security-policy" in headers else "no")


ATTACKS: dict[str, Callable[[Server], None]] = {  # in this order: "bots" leaves hard all-bot rooms running
    "origin": origin,
    "malformed": malformed,
    "crowd": crowd,
    "idle": idle,
    "replay": replay,
    "sync": sync,
    "slow": slow,
    "flood": flood,
    "bots": bots,
    "memory": memory,
}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--server-cmd", default=f"{shlex.quote(sys.executable)} -m boardgamesbot.cli serve")
    ap.add_argument("--extra", default="", help="more bgb serve options (quoted)")
    ap.add_argument("--only", default=",".join(ATTACKS), help="comma-separated: " + ",".join(ATTACKS))
    ap.add_argument("--label", default="this checkout")
    ap.add_argument("--json", type=Path, help="also write the figures here")
    args = ap.parse_args()
    print(f"bench/abuse.py against {args.label}: {args.server_cmd} {args.extra}")
    print(f"load average at start: {os.getloadavg()[0]:.2f}")
    with tempfile.TemporaryDirectory(prefix="bgb-abuse-") as tmp:
        srv = Server(shlex.split(args.server_cmd), shlex.split(args.extra), Path(tmp))
        try:
            say("server.rss_mib_at_start", srv.rss)
            say("health.idle_ms_median", statistics.median(health_ms(srv.url)))
            for name in args.only.split(","):
                print(f"[{name}]", flush=True)
                try:
                    ATTACKS[name](srv)
                except Exception as exc:  # one attack's failure must not hide the others' figures
                    say(f"{name}.error", f"{type(exc).__name__}: {str(exc)[:120]}")
        finally:
            srv.stop()
    print(f"load average at end: {os.getloadavg()[0]:.2f}")
    if args.json:
        args.json.write_text(json.dumps({k: v for k, v in OUT.items() if not k.startswith("_")}, indent=1))


if __name__ == "__main__":
    main()
