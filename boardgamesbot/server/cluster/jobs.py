"""Bot moves as jobs on Redis streams, served by `bgb worker` processes on any machine.

Two streams, ``<name>:jobs:people`` and ``<name>:jobs:background`` (rooms with
only bots), read through one consumer group ``workers``: each job goes to one
worker, and a worker always looks at the people stream first, so a person's
bot reply never queues behind all-bot rooms. A job holds what the bot may
know, and nothing else: the game's name, the seat, ``view(seat,
perfect_memory=True)`` and the legal move codes (JSON: the worker rebuilds the
:class:`~boardgamesbot.core.infoset.InfoSet`), the bot level and its seed.

- **Time limits**: the worker runs the bot in its own
  :class:`~boardgamesbot.server.botpool.BotPool` (processes, two lanes), so a
  move over ``--bot-time-limit`` is replaced by a greedy move and the process
  that overran is killed.
- **Retries**: a job a worker took but never acknowledged (the worker died)
  is claimed by another worker once it has been idle for the time limit plus
  ten seconds (``XPENDING``/``XCLAIM``), up to three deliveries; then it is
  dropped. A job older than the server's wait (``bot_queue_timeout``) is
  skipped: its server has played a greedy move meanwhile.
- **At most once**: the answer goes to the inbox of the process that asked,
  which plays it through ``Hub.move`` with the state version the bot was
  asked at; a second answer for the same version (a retry, a duplicate) is
  ``stale`` and dropped, and a process that no longer owns the room cannot
  commit it (the owner epoch). Bots are seeded by room and step, so a retried
  job gives the same move anyway.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import socket
import time
from typing import TYPE_CHECKING, Any

import orjson
import redis.asyncio as aioredis
from redis.exceptions import ResponseError

from ...core.infoset import InfoSet
from ...core.registry import load_game
from ..botpool import BotPool, fallback_code

if TYPE_CHECKING:
    from ..config import Settings
    from .node import Cluster

log = logging.getLogger("bgb.server.jobs")

GROUP = "workers"
LANES = ("people", "background")
MAX_DELIVERIES = 3
MAX_QUEUED = 100_000  # jobs kept per stream (no worker running: the oldest go; their servers play greedy)


def stream(prefix: str, lane: str) -> str:
    return f"{prefix}:jobs:{lane}"


async def ensure_groups(redis: aioredis.Redis, prefix: str) -> None:
    for lane in LANES:
        with contextlib.suppress(ResponseError):  # BUSYGROUP: it exists
            await redis.xgroup_create(stream(prefix, lane), GROUP, id="0", mkstream=True)


def job_of(infoset: InfoSet, level: str, seed: int) -> dict[str, Any]:
    return {
        "game": infoset.game.name,
        "seat": infoset.seat,
        "view": infoset.view,
        "legal": [a.code for a in infoset.legal_actions],
        "level": level,
        "seed": seed,
    }


def infoset_of(job: dict[str, Any]) -> InfoSet:
    """The bot's InfoSet rebuilt from a job: the game's own parser for the codes, the view as sent."""
    game = load_game(str(job["game"]))
    legal = tuple(game.parse_action(code) for code in job["legal"])
    return InfoSet(game, int(job["seat"]), job["view"], legal)


def _dumps(job: dict[str, Any]) -> bytes:
    return orjson.dumps(job, option=orjson.OPT_NON_STR_KEYS)


class JobQueue:
    """The server's bot pool in cluster mode: ``choose`` puts a job on the queue and awaits its answer."""

    def __init__(self, cluster: Cluster, settings: Settings) -> None:
        self.cluster = cluster
        self.settings = settings
        self.waiting: dict[str, asyncio.Future[tuple[str, float]]] = {}
        self.overruns = 0  # moves played by the greedy fallback: no worker answered in time
        self.asked = 0

    async def start(self) -> None:
        await ensure_groups(self.cluster.redis, self.cluster.prefix)

    async def warm(self) -> None:
        return None

    async def choose(self, level: str, seed: int, infoset: InfoSet, *, background: bool = False) -> tuple[str, float]:
        job_id = secrets.token_hex(8)
        future: asyncio.Future[tuple[str, float]] = asyncio.get_running_loop().create_future()
        self.waiting[job_id] = future
        wait = self.settings.bot_queue_timeout
        job = job_of(infoset, level, seed)
        job.update(id=job_id, reply=self.cluster.node, expires=time.time() + wait)
        lane = "background" if background else "people"
        self.asked += 1
        try:
            await self.cluster.redis.xadd(
                stream(self.cluster.prefix, lane), {"job": _dumps(job)}, maxlen=MAX_QUEUED, approximate=True
            )
            code, cpu = await asyncio.wait_for(future, wait)
        except (TimeoutError, OSError, aioredis.RedisError) as exc:
            self.overruns += 1
            log.warning("bot %s: no worker answered (%s); playing a greedy move", level, type(exc).__name__)
            return await asyncio.to_thread(fallback_code, seed, infoset), 0.0
        finally:
            self.waiting.pop(job_id, None)
        if code not in job["legal"]:
            log.error("bot %s: a worker answered %r, not a legal move; playing a greedy move", level, code)
            return await asyncio.to_thread(fallback_code, seed, infoset), cpu
        return code, cpu

    def answered(self, header: dict[str, Any], _payload: bytes) -> None:
        future = self.waiting.get(str(header.get("id")))
        if future is not None and not future.done():
            future.set_result((str(header["code"]), float(header.get("cpu", 0.0))))

    def close(self) -> None:
        for future in self.waiting.values():
            future.cancel()


class Worker:
    """`bgb worker`: serve bot jobs from the queue, ``concurrency`` at a time."""

    def __init__(
        self,
        url: str,
        prefix: str,
        concurrency: int,
        time_limit: float,
        *,
        processes: bool = True,
        claim_after: float | None = None,
    ) -> None:
        self.redis: aioredis.Redis = aioredis.Redis.from_url(url, socket_connect_timeout=5)
        self.prefix = prefix
        self.concurrency = concurrency
        self.time_limit = time_limit
        # a job taken and not finished for this long is another worker's to retry (its worker died)
        self.claim_after = time_limit + 10.0 if claim_after is None else claim_after
        self.reap_every = min(5.0, max(0.2, self.claim_after / 2))
        self.name = f"{socket.gethostname()}-{os.getpid()}-{secrets.token_hex(2)}"
        # processes (threads for tests): people's jobs in one lane, all-bot rooms' in a niced one
        self.pool = BotPool(concurrency if processes else 0, time_limit, concurrency)
        self.served = 0
        self.retried = 0
        self.stopping = False

    async def run(self, stop: asyncio.Event | None = None) -> None:
        await ensure_groups(self.redis, self.prefix)
        if self.pool.workers > 0:
            await self.pool.warm()
        log.info("bot worker %s: %d at a time, time limit %.1f s", self.name, self.concurrency, self.time_limit)
        tasks = [asyncio.create_task(self._slot()) for _ in range(self.concurrency)]
        tasks.append(asyncio.create_task(self._reap_forever()))
        try:
            if stop is None:
                await asyncio.gather(*tasks)
            else:
                await stop.wait()
        finally:
            self.stopping = True
            pending = set(tasks)
            while pending:  # cancel again until they end (3.11's wait_for may swallow a cancellation)
                for task in pending:
                    task.cancel()
                _, pending = await asyncio.wait(pending, timeout=0.5)
            self.pool.close()
            with contextlib.suppress(Exception):
                await self.redis.aclose()

    async def _read(self, lanes: tuple[str, ...], block: int | None) -> list[tuple[str, bytes, dict[bytes, bytes]]]:
        streams = {stream(self.prefix, lane): ">" for lane in lanes}
        answer: Any = await self.redis.xreadgroup(GROUP, self.name, streams, count=1, block=block)  # type: ignore[arg-type]
        jobs: list[tuple[str, bytes, dict[bytes, bytes]]] = []
        for name, entries in answer or []:
            lane = (name.decode() if isinstance(name, bytes) else name).rsplit(":", 1)[-1]
            for entry_id, fields in entries:
                jobs.append((lane, entry_id, fields))
        jobs.sort(key=lambda job: LANES.index(job[0]))  # people first
        return jobs

    async def _next(self) -> list[tuple[str, bytes, dict[bytes, bytes]]]:
        for lane in LANES:  # people first, then rooms with only bots
            jobs = await self._read((lane,), None)
            if jobs:
                return jobs
        return await self._read(LANES, 1000)

    async def _slot(self) -> None:
        while not self.stopping:
            try:
                jobs = await self._next()
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.warning("bot worker: reading jobs failed: %s", exc)
                await asyncio.sleep(1.0)
                continue
            for lane, entry_id, fields in jobs:
                await self._serve(lane, entry_id, fields)

    async def _serve(self, lane: str, entry_id: bytes, fields: dict[bytes, bytes]) -> None:
        name = stream(self.prefix, lane)
        try:
            job = orjson.loads(fields[b"job"])
            if float(job.get("expires", 0)) >= time.time():
                infoset = infoset_of(job)
                code, cpu = await self.pool.choose(
                    str(job["level"]), int(job["seed"]), infoset, background=lane == "background"
                )
                answer = {"k": "bot", "id": job["id"], "code": code, "cpu": cpu}
                await self.redis.publish(f"{self.prefix}:inbox:{job['reply']}", orjson.dumps(answer) + b"\n")
                self.served += 1
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("bot worker: job %s failed", entry_id)
        with contextlib.suppress(Exception):
            await self.redis.xack(name, GROUP, entry_id)
            await self.redis.xdel(name, entry_id)

    async def _reap_forever(self) -> None:
        while not self.stopping:
            await asyncio.sleep(self.reap_every)
            try:
                await self._reap()
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.warning("bot worker: looking for abandoned jobs failed: %s", exc)

    async def _reap(self) -> None:
        """Take over jobs a worker took and never finished (it died); drop those tried too often."""
        idle = int(self.claim_after * 1000)
        for lane in LANES:
            name = stream(self.prefix, lane)
            pending: Any = await self.redis.xpending_range(name, GROUP, min="-", max="+", count=20, idle=idle)
            for item in pending:
                entry_id = item["message_id"]
                if item["times_delivered"] >= MAX_DELIVERIES:
                    log.error("bot job %s delivered %d times; dropped", entry_id, item["times_delivered"])
                    await self.redis.xack(name, GROUP, entry_id)
                    await self.redis.xdel(name, entry_id)
                    continue
                claimed: Any = await self.redis.xclaim(name, GROUP, self.name, idle, [entry_id])
                for claimed_id, fields in claimed:
                    if fields:
                        self.retried += 1
                        await self._serve(lane, claimed_id, fields)
