"""Cluster mode with real processes: several `bgb serve --redis-url` on one PostgreSQL, `bgb worker` for bots.

- People connected to different processes play one room, a spectator on a third process sees every move;
  the owner is killed (SIGKILL) mid-game, another process takes the room over, everyone reconnects and the
  game goes on to its end. Afterwards every message every viewer got passes the leak test (its view equals
  the engine's for that viewer at that step, nothing hidden), every acknowledged move is in the record at
  its step, and the record replays move by move (a move stored twice, or a bot moving twice for one turn,
  would not be legal where it stands).
- A stale owner (paused with SIGSTOP past its lease and cut off from Redis) cannot commit: the database's
  fence refuses its move after another process took the room over.
- Bot jobs: a worker's move equals the in-process bot's; a job whose worker died is served by another;
  rooms with people are served first.
- The social side across processes: every process's lobby lists a public table another process owns (also a
  process started later) and drops it when it fills; a signed-in player's socket relayed through another
  process gets the seat of their account; chat crosses between people on different processes.
"""

from __future__ import annotations

import asyncio
import random
import signal
import time
from pathlib import Path
from typing import Any

import httpx
import orjson
import pytest
from cluster_helpers import HTTP, Partition, owner_of, serve, services, wait_for, worker
from fresh_loop import run_fresh
from server_helpers import Viewer, create
from test_leaks import ROOM_KEYS, STATE_KEYS, _check_hidden, _json, _replay
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from boardgamesbot.bots import make_bot
from boardgamesbot.core import load_game
from boardgamesbot.testing import registered

pytest.importorskip("redis")


class Seat:
    """A viewer that reconnects (to ``url``) when its socket closes, keeping every message it ever got."""

    def __init__(self, url: str, room: str, token: str | None) -> None:
        self.room, self.token, self.url = room, token, url
        self.messages: list[tuple[dict[str, Any], str]] = []
        self.reconnects = 0
        self.viewer = self._connect()

    def _connect(self) -> Viewer:
        deadline = time.monotonic() + 40
        while True:
            try:
                viewer = Viewer(self.url.replace("http://", "ws://"), self.room, self.token)
            except (ConnectionClosed, OSError, TimeoutError, AssertionError):
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.3)
                continue
            self.messages += list(zip(viewer.messages, viewer.raw, strict=True))
            return viewer

    @property
    def state(self) -> dict[str, Any]:
        return self.viewer.state

    def recv(self) -> dict[str, Any]:
        try:
            msg = self.viewer.recv()
        except (ConnectionClosed, OSError):
            self.reconnects += 1
            self.viewer = self._connect()
            return self.viewer.state
        self.messages.append((msg, self.viewer.raw[-1]))
        return msg

    def at_step(self, step: int) -> dict[str, Any]:
        while self.state["step"] < step:
            self.recv()
        return self.state

    def move(self, code: str, turn: int) -> dict[str, Any] | None:
        """Send a move; its ack, or None if refused or the socket closed first (then it reconnected)."""
        try:
            self.viewer.send({"type": "move", "action": code, "turn": turn, "id": turn})
        except (ConnectionClosed, OSError):  # the server went away between our last read and this send
            self.reconnects += 1
            self.viewer = self._connect()
            return None
        while True:
            before = self.reconnects
            msg = self.recv()
            if self.reconnects != before:
                return None
            if msg["type"] == "ack" and msg.get("id") == turn:
                return msg
            if msg["type"] == "error" and msg.get("id") == turn:
                return None


@pytest.mark.slow
@pytest.mark.postgres
def test_people_on_three_processes_play_one_room_across_a_kill_9(tmp_path: Path) -> None:
    pytest.importorskip("boardgamesbot.games.crosswise")
    with services() as (db, redis_url, name):
        servers = [serve(tmp_path, db, redis_url, name) for _ in range(3)]
        workers = [worker(tmp_path, redis_url, name) for _ in range(2)]
        a, b, c = servers
        try:
            made = create(
                a.url,
                game="crosswise",
                players=4,
                seats=[{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "greedy"}, {"kind": "bot"}],
            )
            room = made["room"]["id"]
            tokens = {s["seat"]: s["token"] for s in made["seats"]}
            seats = {0: Seat(a.url, room, tokens[0]), 1: Seat(b.url, room, tokens[1]), None: Seat(c.url, room, None)}
            owner = owner_of(redis_url, name, room)
            assert owner == a.health()["cluster"]["node"]  # the creator, with a socket: it keeps the room
            assert b.health()["cluster"]["relayed_sockets"] == 1 and c.health()["cluster"]["relayed_sockets"] == 1
            rng = random.Random(3)
            acked: list[tuple[int, str]] = []
            spectator = seats[None]
            killed_at = None
            while not spectator.state["view"]["over"]:
                step = spectator.state["step"]
                to_move = spectator.state["view"]["to_move"]
                if to_move in tokens:
                    mine = seats[to_move].at_step(step)
                    if mine["step"] != step or mine["view"]["to_move"] != to_move:
                        continue
                    code = rng.choice(mine["view"]["legal"])
                    ack = seats[to_move].move(code, mine["view"]["turn"])
                    if ack is None:  # refused (stale after a reconnect) or the socket closed: look again
                        continue
                    acked.append((ack["step"], code))
                if step >= 10 and killed_at is None:
                    a.kill()  # the owner, mid-game: bots and people keep moving meanwhile
                    killed_at = time.monotonic()
                    seats[0].url = c.url  # its socket is gone; that person comes back through another server
                    took = wait_for(lambda: _new_owner(redis_url, name, room, owner), 10, "a new owner")
                    assert took in {b.health()["cluster"]["node"], c.health()["cluster"]["node"]}
                    continue
                spectator.at_step(step + 1)
                for seat in (seats[0], seats[1]):
                    seat.at_step(step + 1)
            final = spectator.state["step"]
            for seat in seats.values():
                seat.at_step(final)
            assert killed_at is not None and all(s.reconnects >= 1 for s in seats.values())
            record = HTTP.get(f"{b.url}/api/rooms/{room}/record").json()
            assert len(record["actions"]) == final
            for step, code in acked:  # nothing acknowledged was lost, nothing stored twice
                assert record["actions"][step - 1] == code, f"acknowledged move {step} ({code}) was lost"
            _leak_check("crosswise", record, seats, tokens)
            assert sum(s.health()["cluster"]["fenced_writes"] for s in (b, c)) == 0
        finally:
            for proc in servers + workers:
                proc.stop()


def _new_owner(redis_url: str, name: str, room: str, old: str | None) -> str | None:
    now = owner_of(redis_url, name, room)
    return now if now not in (None, old) else None


def _leak_check(game: str, record: dict[str, Any], seats: dict[int | None, Seat], tokens: dict[int, str]) -> None:
    """test_leaks' checks over every message every viewer got, across its reconnections."""
    steps = _replay(game, record)
    seed_text = str(record["seed"])
    for seat, viewer in seats.items():
        others = [t for s, t in tokens.items() if s != seat]
        history: list[str] = []
        for msg, raw in viewer.messages:
            assert seed_text not in raw and not any(t in raw for t in others)
            if msg["type"] in ("state", "welcome", "room"):
                assert set(msg["room"]) == ROOM_KEYS
            if msg["type"] != "state":
                continue
            assert set(msg) == STATE_KEYS and msg["seat"] == seat
            state, events = steps[msg["step"]]
            assert msg["view"] == _json(state.view(seat)), f"step {msg['step']}: view differs for seat {seat}"
            if msg["last"] is not None:
                assert msg["events"] == _json([e.for_viewer(seat) for e in events])
            start = msg["history"]["from"]
            history[start:] = [e["action"] for e in msg["history"]["entries"]]
            assert history == record["actions"][: msg["step"]]
            _check_hidden(game, state, seat, msg, raw)


@pytest.mark.slow
@pytest.mark.postgres
def test_a_paused_partitioned_owner_cannot_commit(tmp_path: Path) -> None:
    pytest.importorskip("boardgamesbot.games.crosswise")
    with services() as (db, redis_url, name):
        cut = Partition(redis_url)
        a = serve(tmp_path, db, cut.url, name)  # reaches Redis only through the relay the test can cut
        b = serve(tmp_path, db, redis_url, name)
        try:
            made = create(a.url, game="crosswise", players=2, seats=[{"kind": "human"}, {"kind": "human"}])
            room = made["room"]["id"]
            auth = {"Authorization": f"Bearer {made['seats'][0]['token']}"}
            keeper = Viewer(a.ws_url, room, made["seats"][1]["token"])  # a socket on A: A keeps the room
            view = HTTP.get(f"{a.url}/api/rooms/{room}/seats/0", headers=auth).json()["view"]
            a_node = a.health()["cluster"]["node"]
            assert owner_of(redis_url, name, room) == a_node

            a.signal(signal.SIGSTOP)  # paused: no heartbeat, no renewal
            cut.sever()  # and, once it runs again, cut off from Redis: it cannot learn it lost the room
            wait_for(lambda: owner_of(redis_url, name, room) not in (None, a_node), 15, "B to take the room over")
            legal = sorted(view["legal"])
            first = HTTP.post(
                f"{b.url}/api/rooms/{room}/seats/0/move", json={"action": legal[0], "turn": view["turn"]}, headers=auth
            )
            assert first.status_code == 200, first.text

            a.signal(signal.SIGCONT)  # A still holds the room in memory at its old version and epoch
            stale = HTTP.post(
                f"{a.url}/api/rooms/{room}/seats/0/move", json={"action": legal[-1], "turn": view["turn"]}, headers=auth
            )
            assert stale.status_code == 503 and stale.json()["error"]["code"] == "room_moved", stale.text
            assert a.health()["cluster"]["fenced_writes"] == 1  # refused by the commit's fence, in the database
            record_actions = HTTP.get(f"{b.url}/api/rooms/{room}/seats/0", headers=auth).json()["history"]
            assert [e["action"] for e in record_actions] == [legal[0]]  # B's move only

            cut.heal()  # back in touch: A forwards to the owner now
            keeper.close()

            def through_a() -> dict[str, Any] | None:
                answer = HTTP.get(f"{a.url}/api/rooms/{room}/seats/0", headers=auth)
                return answer.json() if answer.status_code == 200 else None  # 503 until A reconnects

            assert wait_for(through_a, 20, "A to answer through the owner")["step"] == 1
        finally:
            a.stop()
            b.stop()
            cut.close()


# ---- bot jobs ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("level", ["random", "greedy", "easy"])
def test_a_workers_move_equals_the_in_process_bots(level: str) -> None:
    from boardgamesbot.server.cluster.jobs import infoset_of, job_of

    with registered():
        names = ["drawtricks"] + [g for g in ("crosswise", "alcatraz") if _importable(g)]
        for game_name in names:
            game = load_game(game_name)
            state = game.new(game.min_players + 1 if game.max_players > game.min_players else game.min_players, seed=5)
            rng = random.Random(5)
            for step in range(12):
                if state.is_over():
                    break
                seat = state.to_move()
                assert seat is not None
                infoset = state.infoset(seat)
                job = orjson.loads(orjson.dumps(job_of(infoset, level, step), option=orjson.OPT_NON_STR_KEYS))
                # reproducible: without the level's time cap (on a busy machine a capped search stops anywhere)
                mine = make_bot(level, step, reproducible=True).choose(infoset_of(job)).code
                assert mine == make_bot(level, step, reproducible=True).choose(infoset).code, (game_name, step)
                state.apply(rng.choice(state.legal_actions()))


def _importable(game: str) -> bool:
    try:
        load_game(game)
    except Exception:
        return False
    return True


def test_a_job_whose_worker_died_is_served_by_another() -> None:
    import os

    redis_url = os.environ.get("BGB_TEST_REDIS_URL")
    if not redis_url:
        pytest.skip("BGB_TEST_REDIS_URL is not set (scripts/start-test-redis.sh prints one)")
    import redis
    import redis.asyncio as aioredis

    from boardgamesbot.server.cluster.jobs import GROUP, Worker, ensure_groups, job_of, stream

    name = f"bgbt{random.randrange(1 << 30):x}"

    async def scenario() -> dict[str, Any]:
        client = aioredis.Redis.from_url(redis_url)
        await ensure_groups(client, name)
        state = load_game("drawtricks").new(2, seed=9)
        job = job_of(state.infoset(state.to_move()), "greedy", 4)
        job.update(id="j1", reply="test", expires=time.time() + 60)
        await client.xadd(stream(name, "people"), {"job": orjson.dumps(job, option=orjson.OPT_NON_STR_KEYS)})
        # a worker takes it and dies before answering
        taken = await client.xreadgroup(GROUP, "dead-worker", {stream(name, "people"): ">"}, count=1)
        assert taken
        inbox = client.pubsub()
        await inbox.subscribe(f"{name}:inbox:test")
        stop = asyncio.Event()
        survivor = Worker(redis_url, name, 1, 5.0, processes=False, claim_after=0.5)
        running = asyncio.create_task(survivor.run(stop))
        try:
            deadline = time.monotonic() + 20
            while time.monotonic() < deadline:
                msg = await inbox.get_message(ignore_subscribe_messages=True, timeout=1.0)
                if msg:
                    return orjson.loads(msg["data"].partition(b"\n")[0])  # type: ignore[no-any-return]
            raise AssertionError("no worker served the abandoned job")
        finally:
            stop.set()
            await running
            assert survivor.retried == 1
            pending = await client.xpending(stream(name, "people"), GROUP)
            assert pending["pending"] == 0
            await inbox.aclose()
            await client.aclose()

    try:
        with registered():
            answer = run_fresh(scenario())
        assert answer["id"] == "j1" and answer["k"] == "bot" and isinstance(answer["code"], str)
    finally:
        sync = redis.Redis.from_url(redis_url)
        keys = list(sync.scan_iter(f"{name}:*"))
        if keys:
            sync.delete(*keys)
        sync.close()


def test_a_worker_serves_rooms_with_people_first() -> None:
    """Jobs of rooms with only bots queued first, one of a room with a person last: the person's goes first."""
    import os

    redis_url = os.environ.get("BGB_TEST_REDIS_URL")
    if not redis_url:
        pytest.skip("BGB_TEST_REDIS_URL is not set (scripts/start-test-redis.sh prints one)")
    import redis.asyncio as aioredis

    from boardgamesbot.server.cluster.jobs import Worker, ensure_groups, job_of, stream

    name = f"bgbt{random.randrange(1 << 30):x}"

    async def scenario() -> list[str]:
        client = aioredis.Redis.from_url(redis_url)
        await ensure_groups(client, name)
        state = load_game("drawtricks").new(2, seed=3)
        for job_id, lane in [("b1", "background"), ("b2", "background"), ("b3", "background"), ("p1", "people")]:
            job = job_of(state.infoset(state.to_move()), "random", 1)
            job.update(id=job_id, reply="test", expires=time.time() + 60)
            await client.xadd(stream(name, lane), {"job": orjson.dumps(job, option=orjson.OPT_NON_STR_KEYS)})
        inbox = client.pubsub()
        await inbox.subscribe(f"{name}:inbox:test")
        stop = asyncio.Event()
        running = asyncio.create_task(Worker(redis_url, name, 1, 5.0, processes=False).run(stop))
        order: list[str] = []
        try:
            deadline = time.monotonic() + 20
            while len(order) < 4 and time.monotonic() < deadline:
                msg = await inbox.get_message(ignore_subscribe_messages=True, timeout=1.0)
                if msg:
                    order.append(orjson.loads(msg["data"].partition(b"\n")[0])["id"])
        finally:
            stop.set()
            await running
            keys = [k async for k in client.scan_iter(f"{name}:*")]
            if keys:
                await client.delete(*keys)
            await inbox.aclose()
            await client.aclose()
        return order

    with registered():
        order = run_fresh(scenario())
    assert order[0] == "p1" and sorted(order) == ["b1", "b2", "b3", "p1"], order


def test_serve_and_worker_say_clearly_when_redis_is_unreachable(tmp_path: Path) -> None:
    import subprocess

    from cluster_helpers import BGB, free_port

    url = f"redis://127.0.0.1:{free_port()}/0"
    for cmd in (
        [str(BGB), "serve", "--port", str(free_port()), "--data-dir", str(tmp_path), "--redis-url", url],
        [str(BGB), "worker", "--redis-url", url],
    ):
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
        assert done.returncode == 1 and "cannot reach Redis" in done.stderr, done.stderr


def _next_lobby(ws: ClientConnection, pred: Any) -> list[dict[str, Any]]:
    while True:
        msg = orjson.loads(ws.recv(timeout=30))
        if msg["type"] == "lobby" and pred(msg["tables"]):
            return list(msg["tables"])


def _listed(server: Any) -> list[str]:
    return [t["id"] for t in HTTP.get(f"{server.url}/api/lobby").json()["tables"]]


@pytest.mark.slow
@pytest.mark.postgres
def test_lobby_accounts_and_chat_across_processes(tmp_path: Path) -> None:
    pytest.importorskip("boardgamesbot.games.crosswise")
    with services() as (db, redis_url, name):
        a, b = serve(tmp_path, db, redis_url, name), serve(tmp_path, db, redis_url, name)
        servers = [a, b]
        try:
            lobby_b = connect(f"{b.ws_url}/ws/lobby").__enter__()
            _next_lobby(lobby_b, lambda t: True)
            made = create(
                a.url,
                game="crosswise",
                players=2,
                public=True,
                seats=[{"kind": "human", "name": "Ana"}, {"kind": "open"}],
            )
            room = made["room"]["id"]
            ana = Viewer(a.ws_url, room, made["seats"][0]["token"])  # used on a: the room stays there
            tables = _next_lobby(lobby_b, lambda t: any(x["id"] == room for x in t))  # a's table, live on b
            assert next(x for x in tables if x["id"] == room)["free"] == 1
            assert _listed(b) == [room]
            servers.append(c := serve(tmp_path, db, redis_url, name))  # started later: asks for the tables
            wait_for(lambda: _listed(c) == [room], 30, "the table in the lobby of a process started later")
            # Bia registers and sits through b; the owner (a) answers the forwarded request
            bia = httpx.Client(base_url=b.url, timeout=20)
            assert bia.post("/api/accounts", json={"username": "Bia", "password": "correct horse"}).status_code == 201
            sat = bia.post(f"/api/rooms/{room}/sit", json={})
            assert sat.status_code == 200 and sat.json()["seat"] == 1, sat.text
            _next_lobby(lobby_b, lambda t: all(x["id"] != room for x in t))  # full: gone from every lobby
            wait_for(lambda: _listed(c) == [], 30, "the full table gone from c's lobby")
            assert owner_of(redis_url, name, room) == a.health()["cluster"]["node"]
            # her socket on b carries no token, only her session cookie: the owner gives her her account's seat
            bia_ws = Viewer(b.ws_url, room, cookies=bia.cookies)
            assert bia_ws.welcome["seat"] == 1 and b.health()["cluster"]["relayed_sockets"] == 1
            bia_ws.send({"type": "chat", "text": "hello from b"})
            got = ana.until("chat", lambda m: any(x["text"] == "hello from b" for x in m["messages"]))
            assert got["messages"][-1]["seat"] == 1
            ana.send({"type": "chat", "text": "hello from a"})
            bia_ws.until("chat", lambda m: any(x["text"] == "hello from a" for x in m["messages"]))
            lobby_b.close()
            bia.close()
        finally:
            for proc in servers:
                proc.stop()
