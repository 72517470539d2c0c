"""One server process in a cluster: membership, room leases, failover and its pub/sub inbox.

Ownership. Exactly one live process owns a room that is in memory. It holds
the room's lease in Redis (``lease:<room>`` = its node id, renewed every
``lease_seconds / 3``) and, in PostgreSQL, the room's owner epoch: taking a
room over bumps ``rooms.epoch`` in the same transaction that loads it
(``Store.claim_room``), and every later commit of a move or a seat carries
the epoch its process holds and is refused if the epoch moved on
(``storage._check_fences``, under a row lock). So the lease says who should
serve a room, and the epoch makes sure nobody else can write it: a process
that was paused or cut off past its lease, and still believes it owns the
room, has its next commit refused (``room_moved``) and drops the room.

Membership. Each process refreshes ``alive:<node>`` (expires after
``lease_seconds``) and lists its rooms in ``owned:<node>``. Every process
watches the others: when one's ``alive`` key is gone (kill -9, a crash, a
long pause), it is dead; the watchers take its rooms over at once (a lease
whose holder is dead may be broken), their bots go on, and sockets relayed to
it are closed with 1012 so their clients reconnect (the web UI does so by
itself). Failover therefore takes about ``lease_seconds`` plus a second.

Messages. Each process subscribes to its own channel ``inbox:<node>``; all
traffic between processes (relayed sockets, forwarded HTTP requests, bot
answers) is a message there, published in order by one sender task. A
message is a JSON header line, then a payload (bytes).

Keys and channels all start with ``settings.cluster_name`` (default ``bgb``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import socket
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import orjson
import redis.asyncio as aioredis

from ..config import Settings
from ..errors import RoomElsewhere, ServerError
from ..storage import Fenced, RoomData

if TYPE_CHECKING:
    from ..hub import Hub
    from ..room import Room
    from .jobs import JobQueue
    from .relay import Link, OwnerSession

log = logging.getLogger("bgb.server.cluster")

CLOSE_MOVED = 1012  # "service restart": the room moved to another process; clients reconnect

# KEYS: lease, my owned set. ARGV: me, lease ms, alive prefix, owned prefix, room.
# Take the lease if it is free, ours, or held by a process that is no longer alive.
ACQUIRE = """
local cur = redis.call('GET', KEYS[1])
if cur == ARGV[1] then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return {1, cur}
end
if cur and redis.call('EXISTS', ARGV[3] .. cur) == 1 then
  return {0, cur}
end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
redis.call('SADD', KEYS[2], ARGV[5])
if cur then
  redis.call('SREM', ARGV[4] .. cur, ARGV[5])
end
return {1, cur or ''}
"""

# KEYS: my alive key, my owned set, the node set. ARGV: me, alive ms, lease ms, lease prefix, rooms...
# Heartbeat: say I am alive and renew my rooms' leases; return the rooms another process holds now.
RENEW = """
redis.call('SET', KEYS[1], '1', 'PX', ARGV[2])
redis.call('SADD', KEYS[3], ARGV[1])
local lost = {}
for i = 5, #ARGV do
  local key = ARGV[4] .. ARGV[i]
  local cur = redis.call('GET', key)
  if cur == ARGV[1] then
    redis.call('PEXPIRE', key, ARGV[3])
  elseif not cur then
    redis.call('SET', key, ARGV[1], 'PX', ARGV[3])
    redis.call('SADD', KEYS[2], ARGV[i])
  else
    redis.call('SREM', KEYS[2], ARGV[i])
    table.insert(lost, ARGV[i])
  end
end
return lost
"""

# KEYS: lease, my owned set. ARGV: me, room. Let go of a lease if it is still ours.
RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('DEL', KEYS[1])
end
redis.call('SREM', KEYS[2], ARGV[2])
return 1
"""


def encode(header: dict[str, Any], payload: bytes = b"") -> bytes:
    return orjson.dumps(header) + b"\n" + payload


def decode(data: bytes) -> tuple[dict[str, Any], bytes]:
    head, _, payload = data.partition(b"\n")
    header = orjson.loads(head)
    if not isinstance(header, dict):
        raise ValueError("a cluster message header must be an object")
    return header, payload


class Cluster:
    """The cluster side of one :class:`~boardgamesbot.server.hub.Hub` (``hub.cluster``)."""

    def __init__(self, hub: Hub, settings: Settings) -> None:
        if not settings.redis_url:
            raise ValueError("cluster mode needs a Redis URL")
        self.hub = hub
        self.settings = settings
        self.url = settings.redis_url
        self.prefix = settings.cluster_name
        self.node = f"{socket.gethostname()}-{os.getpid()}-{secrets.token_hex(3)}"
        self.alive_ms = max(500, int(settings.lease_seconds * 1000))
        self.lease_ms = 2 * self.alive_ms
        self.redis: aioredis.Redis = aioredis.Redis.from_url(
            self.url, socket_timeout=max(2.0, settings.lease_seconds), socket_connect_timeout=5
        )
        self.asgi: Callable[..., Awaitable[None]] | None = None  # the whole app, for forwarded HTTP (app.py)
        self.links: dict[str, Link] = {}  # sockets held here for rooms another process owns, by link id
        self.sessions: dict[tuple[str, str], OwnerSession] = {}  # sockets other processes hold for our rooms
        self.calls: dict[str, asyncio.Future[tuple[dict[str, Any], bytes]]] = {}  # forwarded HTTP requests
        self._outbox: list[tuple[str, bytes]] = []
        self._remote: dict[str, list[tuple[str, str]]] = {}  # node -> (link id, text) queued this loop turn
        self._flush_scheduled = False
        self._wake = asyncio.Event()
        self._tasks: list[asyncio.Task[None]] = []
        self._buried: set[str] = set()
        self._fresh: set[str] = set()  # rooms held here that no request used yet: they may be handed over
        self._handlers: dict[str, Callable[[dict[str, Any], bytes], None]] = {}
        self.jobs: JobQueue | None = None
        # figures for /api/health
        self.claimed = 0
        self.forwarded = 0
        self.dropped = 0

    # ---- keys -----------------------------------------------------------------------
    def key(self, *parts: str) -> str:
        return ":".join((self.prefix, *parts))

    def inbox(self, node: str) -> str:
        return self.key("inbox", node)

    # ---- life cycle -------------------------------------------------------------------
    def bot_pool(self) -> JobQueue:
        """Bots in cluster mode: jobs on the queue that ``bgb worker`` processes serve (jobs.py)."""
        from .jobs import JobQueue

        if self.jobs is None:
            self.jobs = JobQueue(self, self.settings)
        return self.jobs

    async def start(self) -> None:
        from . import relay

        self._acquire = self.redis.register_script(ACQUIRE)
        self._renew = self.redis.register_script(RENEW)
        self._release = self.redis.register_script(RELEASE)
        self._handlers = relay.handlers(self)
        if self.jobs is not None:
            self._handlers["bot"] = self.jobs.answered
        self._handlers["lobby"] = self._lobby_table
        self._handlers["lobby?"] = self._lobby_asked
        self.pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
        await self.pubsub.subscribe(self.inbox(self.node), self.key("everyone"))
        self.hub.social.lobby.publish = self._publish_table
        self._outbox.append((self.key("everyone"), encode({"k": "lobby?", "n": self.node})))
        self._wake.set()
        await self._beat_once()
        self.hub.writer.fenced = True
        if self.jobs is not None:
            await self.jobs.start()
        for fn in (self._read_forever, self._send_forever, self._beat_forever, self._watch_forever):
            self._tasks.append(asyncio.create_task(fn()))
        log.info("cluster node %s on %s", self.node, self.prefix)

    async def stop(self) -> None:
        """Leave the cluster cleanly: close relayed sockets, let go of every lease at once."""
        for link in list(self.links.values()):
            link.conn.close(CLOSE_MOVED, "this server is stopping; reconnect")
        for room in list(self.hub.rooms.values()):
            for conn in list(room.conns):
                conn.close(CLOSE_MOVED, "this server is stopping; reconnect")
        self._flush_remote()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self._drain(), 2.0)
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        with contextlib.suppress(Exception):
            pipe = self.redis.pipeline(transaction=False)
            for room_id in list(self.hub.rooms):
                pipe.evalsha(self._release.sha, 2, self.key("lease", room_id), self.key("owned", self.node))
                pipe.execute_command("SREM", self.key("owned", self.node), room_id)
            pipe.delete(self.key("alive", self.node))
            pipe.srem(self.key("nodes"), self.node)
            await asyncio.wait_for(pipe.execute(), 3.0)
        with contextlib.suppress(Exception):
            await self.pubsub.aclose()
        with contextlib.suppress(Exception):
            await self.redis.aclose()

    async def _drain(self) -> None:
        while self._outbox:
            self._wake.set()
            await asyncio.sleep(0.01)

    # ---- ownership ----------------------------------------------------------------------
    async def acquire(self, room_id: str) -> tuple[bool, str]:
        """Take ``room_id``'s lease if it is free, ours, or its holder is dead; (taken, previous holder)."""
        ok, holder = await self._acquire(
            keys=[self.key("lease", room_id), self.key("owned", self.node)],
            args=[self.node, self.lease_ms, self.key("alive", ""), self.key("owned", ""), room_id],
        )
        holder = holder.decode() if isinstance(holder, bytes) else str(holder)
        return bool(ok), holder

    async def claim(self, room_id: str) -> RoomData | None:
        """Hub._load in cluster mode: the lease, then a new owner epoch and the room in one transaction."""
        try:
            ok, holder = await self.acquire(room_id)
        except Exception as exc:
            raise _unavailable(exc) from None
        if not ok and await self._ask_to_yield(holder, room_id):
            ok, holder = await self.acquire(room_id)
        if not ok:
            raise RoomElsewhere(room_id, holder)
        writer = self.hub.writer
        try:
            data = await writer.run(writer.store.claim_room, room_id)
        except Exception as exc:  # the database refused or timed out (a lock held by a paused process...)
            log.warning("room %s: taking it over failed: %s", room_id, exc)
            await self._let_go(room_id)
            raise ServerError(
                "storage_error",
                "the room could not be loaded from storage right now; try again",
                "a sala não pôde ser carregada do armazenamento agora; tente de novo",
                retry_after=1,
            ) from None
        if data is None:
            await self._let_go(room_id)
            return None
        writer.fences[room_id] = data.epoch
        self._fresh.add(room_id)  # until a request uses it here, it may go where the balancer sends it
        self.claimed += 1
        if holder and holder != self.node:
            log.info("room %s taken over from %s (epoch %d)", room_id, holder, data.epoch)
        return data

    async def created(self, data: RoomData) -> None:
        """Hub.create_room in cluster mode: the creating process owns the new room from epoch 1."""
        try:
            ok, holder = await self.acquire(data.id)
        except Exception as exc:
            raise _unavailable(exc) from None
        if not ok:  # a fresh random id someone else holds: never in practice
            raise RoomElsewhere(data.id, holder)
        data.epoch = 1
        self.hub.writer.fences[data.id] = 1
        self._fresh.add(data.id)

    def used(self, room_id: str) -> None:
        """A request or socket is served here for ``room_id``: it stays here (no more handing over)."""
        self._fresh.discard(room_id)

    async def _ask_to_yield(self, holder: str, room_id: str) -> bool:
        """Ask ``holder`` to hand over a room it holds but no request has used there yet.

        Behind a load balancer, rooms reach a process that is not the one the
        balancer routes them to: any process takes the POST that creates a room,
        a process that starts resumes rooms, a failover hands a dead process's
        rooms to whichever survivor is quickest. Their first request, routed by
        room id, lands elsewhere, and the holder hands the room over there. Once
        a request has used a room on its owner it stays (others relay), so rooms
        do not bounce between processes.
        """
        call = secrets.token_hex(8)
        future: asyncio.Future[tuple[dict[str, Any], bytes]] = asyncio.get_running_loop().create_future()
        self.calls[call] = future
        self.post(holder, {"k": "yield", "q": call, "n": self.node, "r": room_id})
        try:
            answer, _ = await asyncio.wait_for(future, 2.0)
        except TimeoutError:
            return False
        finally:
            self.calls.pop(call, None)
        return bool(answer.get("ok"))

    async def yield_room(self, header: dict[str, Any]) -> None:
        """Hand a fresh room over (see ``_ask_to_yield``): leave memory, let go of the lease, say so."""
        room_id = str(header["r"])
        room = self.hub.rooms.get(room_id)
        ok = room is not None and room_id in self._fresh and room.evictable()
        if ok and room is not None:
            self._fresh.discard(room_id)
            self.hub._evict(room)
            with contextlib.suppress(Exception):
                await self._release(
                    keys=[self.key("lease", room_id), self.key("owned", self.node)], args=[self.node, room_id]
                )
        self.post(str(header["n"]), {"k": "resp", "q": header["q"], "ok": bool(ok)})

    def released(self, room: Room) -> None:
        """Hub._evict: the room left memory; its writes are refused from now on, its lease is let go."""
        self.hub.writer.fences.pop(room.id, None)
        self._fresh.discard(room.id)
        for conn in list(room.conns):
            conn.close(CLOSE_MOVED, "the room moved to another server process; reconnect")
        with contextlib.suppress(RuntimeError):
            asyncio.get_running_loop().create_task(self._let_go(room.id))

    async def _let_go(self, room_id: str) -> None:
        if room_id in self.hub.rooms:  # loaded again meanwhile
            return
        with contextlib.suppress(Exception):
            await self._release(
                keys=[self.key("lease", room_id), self.key("owned", self.node)], args=[self.node, room_id]
            )

    def check_fenced(self, room: Room, exc: BaseException) -> None:
        """Hub hook after a failed write: if a fence refused it, drop the room and say ``room_moved``."""
        if not isinstance(exc, Fenced):
            return
        self.drop(room.id, "another server process took this room over")
        raise ServerError(
            "room_moved",
            "this room is now served by another server process; nothing changed, try again",
            "esta sala agora está em outro processo do servidor; nada mudou, tente de novo",
            retry_after=1,
        )

    def drop(self, room_id: str, reason: str) -> None:
        """Forget a room another process owns now (its sockets here are closed with 1012)."""
        room = self.hub.rooms.get(room_id)
        if room is None:
            return
        log.warning("room %s: dropped (%s)", room_id, reason)
        self.dropped += 1
        for conn in list(room.conns):
            conn.close(CLOSE_MOVED, f"{reason}; reconnect")
        self.hub._evict(room)

    async def owner(self, room_id: str) -> str | None:
        value = await self.redis.get(self.key("lease", room_id))
        return value.decode() if isinstance(value, bytes) else value

    async def alive(self, node: str) -> bool:
        return bool(await self.redis.exists(self.key("alive", node)))

    # ---- heartbeat and failover ------------------------------------------------------------
    async def _beat_once(self) -> None:
        rooms = list(self.hub.rooms)
        lost = await self._renew(
            keys=[self.key("alive", self.node), self.key("owned", self.node), self.key("nodes")],
            args=[self.node, self.alive_ms, self.lease_ms, self.key("lease", ""), *rooms],
        )
        for room_id in lost:
            self.drop(room_id.decode() if isinstance(room_id, bytes) else str(room_id), "its lease went to another")

    async def _beat_forever(self) -> None:
        while True:
            await asyncio.sleep(self.alive_ms / 3000)
            try:
                await self._beat_once()
            except Exception as exc:  # Redis unreachable: keep serving; the epoch fences keep writes safe
                log.warning("cluster heartbeat failed: %s", exc)

    async def _watch_forever(self) -> None:
        while True:
            await asyncio.sleep(min(1.0, self.alive_ms / 3000))
            try:
                await self._watch_once()
            except Exception as exc:
                log.warning("cluster watch failed: %s", exc)

    async def _watch_once(self) -> None:
        nodes = {n.decode() if isinstance(n, bytes) else n for n in await self.redis.smembers(self.key("nodes"))}
        for node in sorted(nodes - {self.node}):
            if not await self.alive(node):
                await self._bury(node)
            else:
                self._buried.discard(node)

    async def _bury(self, dead: str) -> None:
        """A process is gone: close what was relayed to it, end its sockets' sessions, take its rooms."""
        if dead not in self._buried:
            self._buried.add(dead)
            log.warning("cluster node %s is gone; taking its rooms over", dead)
            for link in list(self.links.values()):
                if link.owner == dead:
                    link.conn.close(CLOSE_MOVED, "the room's server process stopped; reconnect")
            for (node, _), session in list(self.sessions.items()):
                if node == dead:
                    session.end()
        rooms = [r.decode() if isinstance(r, bytes) else r for r in await self.redis.smembers(self.key("owned", dead))]
        started = time.monotonic()
        for room_id in rooms:
            with contextlib.suppress(ServerError):  # RoomElsewhere: another process was quicker
                await self.hub.get_room(room_id)
        if rooms:
            log.info("took %d rooms of %s in %.2f s", len(rooms), dead, time.monotonic() - started)
        if not await self.redis.scard(self.key("owned", dead)) and not await self.alive(dead):
            await self.redis.srem(self.key("nodes"), dead)

    # ---- messages ---------------------------------------------------------------------------
    def post(self, node: str, header: dict[str, Any], payload: bytes = b"") -> None:
        """Queue a message to ``node``'s inbox; messages to one node arrive in the order posted."""
        self._flush_remote()
        self._outbox.append((self.inbox(node), encode(header, payload)))
        self._wake.set()

    # ---- the lobby: every process lists every process's public tables ----------------------------
    def _publish_table(self, room_id: str, table: dict[str, Any] | None) -> None:
        """Social's lobby listed or unlisted one of our rooms: tell every process."""
        self._flush_remote()
        self._outbox.append((self.key("everyone"), encode({"k": "lobby", "n": self.node, "r": room_id, "t": table})))
        self._wake.set()

    def _lobby_table(self, header: dict[str, Any], _: bytes) -> None:
        if header.get("n") != self.node:
            table = header.get("t")
            self.hub.social.lobby.apply(str(header["r"]), table if isinstance(table, dict) else None)

    def _lobby_asked(self, header: dict[str, Any], _: bytes) -> None:
        """A process joined: send it the tables of the rooms we own."""
        asker = str(header.get("n"))
        if asker == self.node:
            return
        lobby = self.hub.social.lobby
        for room_id, table in list(lobby.tables.items()):
            if room_id in self.hub.rooms:
                self.post(asker, {"k": "lobby", "n": self.node, "r": room_id, "t": table})

    def remote_send(self, node: str, link: str, text: str) -> None:
        """A text for a socket another process holds; sent with the others of this loop turn in one message."""
        self._remote.setdefault(node, []).append((link, text))
        if not self._flush_scheduled:
            self._flush_scheduled = True
            asyncio.get_running_loop().call_soon(self._flush_remote)

    def _flush_remote(self) -> None:
        """One ``out`` message per node: each distinct text once (a broadcast's texts are shared objects)."""
        self._flush_scheduled = False
        if not self._remote:
            return
        pending, self._remote = self._remote, {}
        for node, items in pending.items():
            index: dict[int, int] = {}
            texts: list[str] = []
            to: list[tuple[str, int]] = []
            for link, text in items:
                at = index.get(id(text))
                if at is None or texts[at] is not text:
                    at = index[id(text)] = len(texts)
                    texts.append(text)
                to.append((link, at))
            self._outbox.append((self.inbox(node), encode({"k": "out", "d": to}, "\n".join(texts).encode())))
        self._wake.set()

    async def _send_forever(self) -> None:
        while True:
            await self._wake.wait()
            self._wake.clear()
            while self._outbox:
                batch, self._outbox = self._outbox, []
                pipe = self.redis.pipeline(transaction=False)
                for channel, data in batch:
                    pipe.publish(channel, data)
                try:
                    await pipe.execute()
                except Exception as exc:  # lost: the waiting side times out, sockets resync on reconnect
                    log.warning("cluster: %d messages not sent: %s", len(batch), exc)

    async def _read_forever(self) -> None:
        while True:
            try:
                message = await self.pubsub.get_message(timeout=1.0)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.warning("cluster inbox: %s", exc)
                await asyncio.sleep(0.5)
                continue
            if message is None or message.get("type") != "message":
                continue
            try:
                header, payload = decode(message["data"])
                handler = self._handlers.get(str(header.get("k")))
                if handler is None:
                    log.warning("cluster inbox: unknown message %r", header.get("k"))
                    continue
                handler(header, payload)
            except Exception:
                log.exception("cluster inbox: a message failed")

    async def relay_socket(self, ws: Any, room_id: str, owner: str, client: str = "") -> None:
        """A WebSocket for a room ``owner`` owns: relay it there (relay.py)."""
        from .relay import relay_socket

        await relay_socket(self, ws, room_id, owner, client)

    # ---- figures ------------------------------------------------------------------------------
    def health(self) -> dict[str, Any]:
        return {
            "node": self.node,
            "rooms_owned": len(self.hub.rooms),
            "relayed_sockets": len(self.links),
            "sessions_for_others": len(self.sessions),
            "claimed": self.claimed,
            "forwarded": self.forwarded,
            "dropped": self.dropped,
            "fenced_writes": self.hub.writer.refused,
        }


def _unavailable(exc: BaseException) -> ServerError:
    log.warning("cluster: Redis unavailable: %s", exc)
    return ServerError(
        "unavailable",
        "the cluster's coordination service (Redis) does not answer; try again",
        "o serviço de coordenação do cluster (Redis) não responde; tente de novo",
        retry_after=1,
    )
