"""The WebSocket loop: read, check, hand to the hub, answer errors in place.

A bad message (malformed, oversized, illegal, stale, too frequent...) gets an
``error`` message and the connection stays open. A connection is closed, with
a code and a reason, for an unknown room (4404), no ``hello`` within
``hello_timeout`` (4400), a client over its number of sockets (4429) and a
reader too slow for its outbox (4408). Origin and Host are checked before
the handshake (security.py, 4403).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

from fastapi import WebSocket, WebSocketDisconnect

from .errors import ServerError, bad_message
from .hub import Hub
from .protocol import get_after, get_lang, get_str, parse_json
from .quotas import client_id
from .room import Connection, Room, dumps

log = logging.getLogger("bgb.server.ws")

CLOSE_NO_HELLO = 4400
CLOSE_UNKNOWN_ROOM = 4404
CLOSE_TOO_SLOW = 4408
CLOSE_TOO_MANY = 4429


async def _writer(ws: WebSocket, conn: Connection) -> None:
    while True:
        text = await conn.queue.get()
        if text is None:
            await ws.close(code=CLOSE_TOO_SLOW, reason=conn.close_reason[:120])
            return
        await ws.send_text(text)
        conn.sent(text)


def _error(exc: ServerError, lang: str, msg_id: Any = None) -> str:
    body: dict[str, Any] = {"type": "error", **exc.to_dict(lang)}
    if msg_id is not None:
        body["id"] = msg_id
    return dumps(body)


async def serve_socket(hub: Hub, ws: WebSocket, room_id: str) -> None:
    client = client_id(ws.client.host if ws.client else None, ws.headers, hub.settings)
    limit = hub.settings.sockets_per_client
    if limit > 0 and hub.sockets.get(client, 0) >= limit:
        await ws.accept()  # accepted only to say why: a refused handshake carries no reason
        await ws.close(code=CLOSE_TOO_MANY, reason=f"too many connections from one client (at most {limit})")
        return
    hub.sockets[client] = hub.sockets.get(client, 0) + 1
    try:
        await ws.accept()
        try:
            async with hub.pinned(room_id) as room:
                await _serve(hub, ws, room, room_id, client)
        except ServerError as exc:
            await ws.send_text(_error(exc, "en"))
            await ws.close(code=CLOSE_UNKNOWN_ROOM)
    finally:
        left = hub.sockets.get(client, 1) - 1
        if left > 0:
            hub.sockets[client] = left
        else:
            hub.sockets.pop(client, None)


async def _serve(hub: Hub, ws: WebSocket, room: Room, room_id: str, client: str = "") -> None:
    lang = room.data.lang
    conn: Connection | None = None
    writer: asyncio.Task[None] | None = None
    key = f"{id(ws)}"
    deadline = asyncio.get_running_loop().time() + hub.settings.hello_timeout
    try:
        while True:
            if conn is None:
                try:
                    message = await asyncio.wait_for(
                        ws.receive(), max(0.0, deadline - asyncio.get_running_loop().time())
                    )
                except TimeoutError:
                    await ws.close(code=CLOSE_NO_HELLO, reason=f"no hello within {hub.settings.hello_timeout:g} s")
                    return
            else:
                message = await ws.receive()
            if message["type"] == "websocket.disconnect":
                return
            raw = message.get("text")
            if raw is None:
                raw = message.get("bytes") or b""
            msg_id: Any = None
            try:
                hub.quotas.message(key)
                data = parse_json(raw, hub.settings.max_message_bytes)
                msg_id = data.get("id")
                if not isinstance(msg_id, str | int | float | type(None)) or isinstance(msg_id, bool):
                    msg_id = None
                if isinstance(msg_id, str) and len(msg_id) > 100:
                    msg_id = None
                kind = data.get("type")
                if conn is None:
                    if kind != "hello":
                        raise ServerError(
                            "hello_first", "send a hello message first", "envie primeiro uma mensagem hello"
                        )
                    token = get_str(data, "token", required=False, max_len=100)
                    seat = hub.authenticate(room, token)
                    account = await hub.social.accounts.from_cookies(ws.cookies)
                    if token is None:  # a signed-in player's seats follow their account to any browser
                        seat = hub.social.account_seat(room, account, data.get("seat"))
                    lang = get_lang(data, lang)
                    conn = Connection(seat, lang, hub.settings.outbox_limit, hub.settings.outbox_bytes)
                    conn.account, conn.client = (account.username if account else None), client
                    writer = asyncio.create_task(_writer(ws, conn))
                    await hub.connect(room, conn)
                    await hub.social.connected(room, conn)
                else:
                    if kind == "sync":
                        hub.quotas.sync(key)
                    await _handle(hub, room, conn, kind, data, msg_id, key)
            except ServerError as exc:
                text = _error(exc, lang, msg_id)
                if conn is not None:
                    conn.send(text)
                else:
                    await ws.send_text(text)
            except (WebSocketDisconnect, asyncio.CancelledError):
                raise
            except Exception:  # a fault of ours: say so, keep the connection
                log.exception("room %s: a message failed", room_id)
                fault = ServerError(
                    "internal",
                    "the server failed on this message; nothing changed",
                    "o servidor falhou nesta mensagem; nada mudou",
                )
                if conn is not None:
                    conn.send(_error(fault, lang, msg_id))
                else:
                    await ws.send_text(_error(fault, lang, msg_id))
    except WebSocketDisconnect:
        return
    finally:
        if conn is not None:
            await hub.disconnect(room, conn)
        if writer is not None:
            writer.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await writer


async def _handle(
    hub: Hub, room: Room, conn: Connection, kind: Any, data: dict[str, Any], msg_id: Any, key: str = ""
) -> None:
    if kind == "move":
        seat = data.get("seat", conn.seat)
        if conn.seat is not None and seat != conn.seat:
            raise ServerError(
                "forbidden",
                f"this connection plays seat {conn.seat}, not seat {seat}",
                f"esta conexão joga pelo lugar {conn.seat}, não pelo lugar {seat}",
            )
        if "action" not in data:
            raise bad_message("missing field 'action'", "falta o campo 'action'")
        if "turn" not in data:
            raise bad_message("missing field 'turn'", "falta o campo 'turn'")
        try:
            await hub.move(room, conn.seat, data["action"], data["turn"], conn=conn, msg_id=msg_id)
        except ServerError as exc:
            if exc.code == "stale":  # the client is behind: send the error, then the current state
                conn.send(_error(exc, conn.lang, msg_id))
                await hub.sync(room, conn)
                return
            raise
    elif kind == "bot":
        seat = _own_seat(conn)
        on = data.get("on")
        if not isinstance(on, bool):
            raise bad_message("field 'on' must be true or false", "o campo 'on' deve ser true ou false")
        await hub.hand_to_bot(room, seat, on, get_str(data, "bot", required=False, max_len=40))
    elif kind == "cover":
        seat = _own_seat(conn)
        await hub.cover(
            room, seat, data.get("target"), get_after(data), get_str(data, "bot", required=False, max_len=40)
        )
    elif kind == "sync":
        await hub.sync(room, conn)
    elif kind == "ping":
        conn.send(dumps({"type": "pong", "id": msg_id}))
    elif kind in ("chat", "mute", "rematch"):
        await hub.social.handle(room, conn, kind, data, key)
    elif kind == "hello":
        raise bad_message(
            "already said hello on this connection; open a new one to change seat",
            "já houve hello nesta conexão; abra outra para mudar de lugar",
        )
    else:
        raise bad_message(
            f"unknown message type {kind!r} (move, bot, cover, sync, ping, chat, mute, rematch)",
            f"tipo de mensagem desconhecido {kind!r} (move, bot, cover, sync, ping, chat, mute, rematch)",
        )


def _own_seat(conn: Connection) -> int:
    if conn.seat is None:
        raise ServerError("forbidden", "spectators hold no seat", "espectadores não têm lugar")
    return conn.seat
