"""Requests that reach a process which does not own their room: sockets relayed, HTTP forwarded.

A load balancer with sticky routing by room id sends nearly everything for a
room to its owner; what still lands elsewhere (people behind different
balancers, a spectator link opened on another server, a failover) is served
like this:

- **WebSocket**: the process the client is connected to (the *entry*) keeps
  the socket and relays its messages, unread, to the owner (``open``,
  ``msg``, ``close``). The owner runs them through the same
  :class:`~boardgamesbot.server.ws.Session` as its own sockets, with a
  :class:`RemoteConnection` in the room: every text for it (welcome, state,
  ack, errors) goes back in ``out`` messages, one per entry process per loop
  turn, each distinct text once, so a state broadcast costs the owner one
  pub/sub message per process with viewers, whatever their number. The entry
  writes them to the socket with the usual bounded outbox. Credentials, checks
  and views are all the owner's: the entry never decodes a message.
- **HTTP** under ``/api/rooms/<id>``: the :class:`ClusterRoutes` middleware
  sends the request (method, path, headers, body) to the owner, which runs it
  through its own application and sends the response back (``http`` /
  ``resp``). If the owner does not answer and is gone, the entry takes the
  room over and answers itself.

When a room changes owner, the sockets relayed for it are closed with 1012
and their clients reconnect, getting the full state from the new owner.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import secrets
from collections.abc import Callable
from typing import TYPE_CHECKING, Any
from urllib.parse import unquote

from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocketDisconnect

from ..errors import RoomElsewhere, ServerError
from ..room import Connection, dumps

if TYPE_CHECKING:
    from fastapi import WebSocket

    from ..hub import Hub
    from .node import Cluster

log = logging.getLogger("bgb.server.cluster")

CLOSE_NO_HELLO = 4400
CLOSE_UNKNOWN_ROOM = 4404
FORWARD_TIMEOUT = 15.0  # s an entry waits for the owner's answer to a forwarded HTTP request
ROOM_PATH = re.compile(r"^/api/rooms/([^/]+)(?:/|$)")
WELCOME = '{"type":"welcome"'


class RemoteConnection(Connection):
    """A viewer whose socket another process holds: texts go to that process's inbox."""

    def __init__(self, cluster: Cluster, node: str, link: str, seat: int | None, lang: str) -> None:
        super().__init__(seat, lang, limit=1 << 30, max_bytes=1 << 62)  # the entry bounds the real outbox
        self.cluster = cluster
        self.node = node
        self.link = link

    def send(self, text: str) -> None:
        if not self.overflowed:
            self.cluster.remote_send(self.node, self.link, text)

    def close(self, code: int, reason: str) -> None:
        if self.overflowed:
            return
        self.overflowed = True
        self.cluster.post(self.node, {"k": "shut", "c": self.link, "code": code, "why": reason[:120]})


class Link:
    """Entry side: one socket held here for a room another process owns."""

    def __init__(self, link_id: str, room_id: str, owner: str, conn: Connection) -> None:
        self.id = link_id
        self.room_id = room_id
        self.owner = owner
        self.conn = conn
        self.welcomed = asyncio.Event()


class OwnerSession:
    """Owner side: the messages of one socket another process holds, handled one at a time, in order."""

    def __init__(
        self,
        cluster: Cluster,
        node: str,
        link: str,
        room_id: str,
        client: str = "",
        cookies: dict[str, str] | None = None,
    ) -> None:
        self.cluster = cluster
        self.node = node
        self.link = link
        self.room_id = room_id
        self.client = client  # the client id the entry computed (quotas)
        self.cookies = cookies or {}  # the socket's session cookie, if any: its account is looked up here
        self.inbox: asyncio.Queue[bytes | None] = asyncio.Queue()
        self.task = asyncio.create_task(self.run())

    def end(self) -> None:
        self.inbox.put_nowait(None)

    async def run(self) -> None:
        from ..ws import Session

        cluster, hub = self.cluster, self.cluster.hub
        try:
            async with hub.pinned(self.room_id) as room:
                cluster.used(self.room_id)

                async def reply(text: str) -> None:
                    cluster.remote_send(self.node, self.link, text)

                def make_conn(seat: int | None, lang: str) -> Connection:
                    return RemoteConnection(cluster, self.node, self.link, seat, lang)

                session = Session(
                    hub, room, f"{self.node}:{self.link}", reply, make_conn, client=self.client, cookies=self.cookies
                )
                try:
                    while True:
                        raw = await self.inbox.get()
                        if raw is None:
                            return
                        await session.receive(raw)
                finally:
                    await session.end()
        except RoomElsewhere:
            cluster.post(self.node, {"k": "shut", "c": self.link, "code": 1012, "why": "the room moved; reconnect"})
        except ServerError as exc:
            text = dumps({"type": "error", **exc.to_dict("en")})
            cluster.remote_send(self.node, self.link, text)
            cluster.post(self.node, {"k": "shut", "c": self.link, "code": CLOSE_UNKNOWN_ROOM, "why": exc.code})
        finally:
            cluster.sessions.pop((self.node, self.link), None)


# ---- the entry's side of a socket ------------------------------------------------------------
async def relay_socket(cluster: Cluster, ws: WebSocket, room_id: str, owner: str, client: str = "") -> None:
    """Serve a socket for a room ``owner`` owns: relay its messages there and write back what comes."""
    from ..accounts import COOKIE
    from ..ws import _writer

    settings = cluster.settings
    conn = Connection(None, "en", settings.outbox_limit, settings.outbox_bytes)
    link = Link(secrets.token_hex(8), room_id, owner, conn)
    cluster.links[link.id] = link
    writer = asyncio.create_task(_writer(ws, conn))
    cookies = {COOKIE: ws.cookies[COOKIE]} if COOKIE in ws.cookies else {}  # the owner looks the account up
    cluster.post(owner, {"k": "open", "c": link.id, "n": cluster.node, "r": room_id, "cl": client, "ck": cookies})
    cluster.forwarded += 1
    deadline = asyncio.get_running_loop().time() + settings.hello_timeout
    try:
        while not writer.done():
            receive = asyncio.ensure_future(ws.receive())
            waits: set[asyncio.Future[Any]] = {receive, writer}
            if not link.welcomed.is_set():
                left = deadline - asyncio.get_running_loop().time()
                done, _ = await asyncio.wait(waits, timeout=max(0.0, left), return_when=asyncio.FIRST_COMPLETED)
                if not done:
                    receive.cancel()
                    conn.close(CLOSE_NO_HELLO, f"no hello within {settings.hello_timeout:g} s")
                    await asyncio.wait({writer}, timeout=5)
                    return
            else:
                done, _ = await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
            if receive not in done:  # the writer closed the socket (moved, too slow)
                receive.cancel()
                return
            message = receive.result()
            if message["type"] == "websocket.disconnect":
                return
            text = message.get("text")
            raw = text.encode() if text is not None else (message.get("bytes") or b"")
            cluster.post(link.owner, {"k": "msg", "c": link.id, "n": cluster.node}, raw)
    except WebSocketDisconnect:
        pass
    finally:
        cluster.links.pop(link.id, None)
        cluster.post(link.owner, {"k": "close", "c": link.id, "n": cluster.node})
        if not writer.done():
            writer.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await writer


# ---- HTTP ---------------------------------------------------------------------------------------
class ClusterRoutes:
    """ASGI middleware (outermost): a request for a room another process owns is answered by that process."""

    def __init__(self, app: ASGIApp, hub: Callable[[], Hub]) -> None:
        self.app = app
        self.hub = hub

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            match = ROOM_PATH.match(scope.get("path", ""))
            hub = self.hub()
            if match and hub.cluster is not None:
                room_id = unquote(match.group(1))
                if room_id not in hub.rooms and 1 <= len(room_id) <= 32:
                    try:
                        await hub.get_room(room_id)  # ours now if nobody owned it
                    except RoomElsewhere as where:
                        if scope.get("bgb.forwarded"):  # no second hop: the entry retries
                            await _answer(send, where)
                            return
                        await forward(hub.cluster, where.owner, scope, receive, send, self.app)
                        return
                    except ServerError:
                        pass  # unknown room and the like: the route gives the usual answer
                hub.cluster.used(room_id)
        await self.app(scope, receive, send)


async def _answer(send: Send, exc: ServerError) -> None:
    body = dumps({"error": exc.to_dict("en")}).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    if exc.retry_after is not None:
        headers.append((b"retry-after", str(exc.retry_after).encode()))
    await send({"type": "http.response.start", "status": exc.status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


async def _read_body(receive: Receive, limit: int) -> bytes:
    body = b""
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            break
        body += message.get("body", b"")
        if len(body) > limit or not message.get("more_body"):
            break
    return body


def _replay_body(body: bytes) -> Receive:
    sent = False

    async def receive() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        await asyncio.Event().wait()  # like a client that stays connected until the answer
        return {"type": "http.disconnect"}

    return receive


async def forward(cluster: Cluster, owner: str, scope: Scope, receive: Receive, send: Send, app: ASGIApp) -> None:
    """Entry side: send the request to ``owner`` and relay its answer; serve it here if the owner is gone."""
    body = await _read_body(receive, cluster.settings.max_message_bytes + 1)  # over the limit: the owner says so
    call = secrets.token_hex(8)
    future: asyncio.Future[tuple[dict[str, Any], bytes]] = asyncio.get_running_loop().create_future()
    cluster.calls[call] = future
    client = scope.get("client") or ("", 0)
    server = scope.get("server") or ("", 0)
    header = {
        "k": "http",
        "q": call,
        "n": cluster.node,
        "m": scope["method"],
        "p": scope["path"],
        "rp": (scope.get("raw_path") or scope["path"].encode()).decode("latin-1"),
        "qs": scope.get("query_string", b"").decode("latin-1"),
        "h": [[k.decode("latin-1"), v.decode("latin-1")] for k, v in scope.get("headers", [])],
        "c": [client[0], client[1]],
        "sv": [server[0], server[1]],
        "s": scope.get("scheme", "http"),
    }
    cluster.post(owner, header, body)
    cluster.forwarded += 1
    try:
        answer, payload = await asyncio.wait_for(future, FORWARD_TIMEOUT)
    except TimeoutError:
        answer, payload = {}, b""
    finally:
        cluster.calls.pop(call, None)
    if not answer:
        gone = False
        with contextlib.suppress(Exception):
            gone = not await cluster.alive(owner)
        if gone:  # take the room over here (the dead owner's lease may be broken) and answer
            with contextlib.suppress(ServerError):
                room_id = unquote(ROOM_PATH.match(scope["path"]).group(1))  # type: ignore[union-attr]
                await cluster.hub.get_room(room_id)
                await app(scope, _replay_body(body), send)
                return
        await _answer(
            send,
            ServerError(
                "unavailable",
                "the server process that holds this room did not answer; try again",
                "o processo do servidor que tem esta sala não respondeu; tente de novo",
                retry_after=1,
            ),
        )
        return
    headers = [(k.encode("latin-1"), v.encode("latin-1")) for k, v in answer.get("h", [])]
    await send({"type": "http.response.start", "status": int(answer.get("s", 500)), "headers": headers})
    await send({"type": "http.response.body", "body": payload})


async def serve_forwarded(cluster: Cluster, header: dict[str, Any], body: bytes) -> None:
    """Owner side: run a forwarded request through the whole application and send the answer back."""
    scope: dict[str, Any] = {
        "type": "http",
        "asgi": {"version": "3.0", "spec_version": "2.3"},
        "http_version": "1.1",
        "method": header["m"],
        "scheme": header.get("s", "http"),
        "path": header["p"],
        "raw_path": header["rp"].encode("latin-1"),
        "query_string": header["qs"].encode("latin-1"),
        "root_path": "",
        "headers": [(k.encode("latin-1"), v.encode("latin-1")) for k, v in header["h"]],
        "client": tuple(header["c"]),
        "server": tuple(header["sv"]),
        "state": {},
        "bgb.forwarded": True,
    }
    status = 500
    headers: list[list[str]] = []
    chunks: list[bytes] = []

    async def send(message: Message) -> None:
        nonlocal status, headers
        if message["type"] == "http.response.start":
            status = int(message["status"])
            headers = [[k.decode("latin-1"), v.decode("latin-1")] for k, v in message.get("headers", [])]
        elif message["type"] == "http.response.body":
            chunks.append(message.get("body", b""))

    try:
        if cluster.asgi is None:
            raise RuntimeError("the application is not started")
        await cluster.asgi(scope, _replay_body(body), send)
    except Exception:
        log.exception("a forwarded request failed")
        status, headers = 500, [["content-type", "application/json"]]
        chunks = [b'{"error":{"code":"internal","message":"the server failed on this request"}}']
    cluster.post(header["n"], {"k": "resp", "q": header["q"], "s": status, "h": headers}, b"".join(chunks))


# ---- the inbox ------------------------------------------------------------------------------------
def handlers(cluster: Cluster) -> dict[str, Callable[[dict[str, Any], bytes], None]]:
    """What each message kind in a process's inbox does."""
    tasks: set[asyncio.Task[None]] = set()

    def spawn(coro: Any) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        tasks.add(task)
        task.add_done_callback(tasks.discard)

    def on_open(h: dict[str, Any], _: bytes) -> None:
        key = (str(h["n"]), str(h["c"]))
        if key not in cluster.sessions:
            cookies = h.get("ck")
            cookies = {str(k): str(v) for k, v in cookies.items()} if isinstance(cookies, dict) else {}
            cluster.sessions[key] = OwnerSession(cluster, key[0], key[1], str(h["r"]), str(h.get("cl", "")), cookies)

    def on_msg(h: dict[str, Any], payload: bytes) -> None:
        session = cluster.sessions.get((str(h["n"]), str(h["c"])))
        if session is not None:
            session.inbox.put_nowait(payload)

    def on_close(h: dict[str, Any], _: bytes) -> None:
        session = cluster.sessions.get((str(h["n"]), str(h["c"])))
        if session is not None:
            session.end()

    def on_out(h: dict[str, Any], payload: bytes) -> None:
        texts = payload.decode().split("\n")
        for link_id, at in h["d"]:
            link = cluster.links.get(link_id)
            if link is None:
                continue
            text = texts[at]
            if not link.welcomed.is_set() and text.startswith(WELCOME):
                link.welcomed.set()
            link.conn.send(text)

    def on_shut(h: dict[str, Any], _: bytes) -> None:
        link = cluster.links.get(str(h["c"]))
        if link is not None:
            link.conn.close(int(h.get("code", 1012)), str(h.get("why", "")))

    def on_http(h: dict[str, Any], payload: bytes) -> None:
        spawn(serve_forwarded(cluster, h, payload))

    def on_yield(h: dict[str, Any], _: bytes) -> None:
        spawn(cluster.yield_room(h))

    def on_resp(h: dict[str, Any], payload: bytes) -> None:
        future = cluster.calls.get(str(h["q"]))
        if future is not None and not future.done():
            future.set_result((h, payload))

    return {
        "open": on_open,
        "msg": on_msg,
        "close": on_close,
        "out": on_out,
        "shut": on_shut,
        "http": on_http,
        "resp": on_resp,
        "yield": on_yield,
    }
