"""WebSocket hygiene: a hello deadline, bounded outboxes, O(N) announcements, sockets per client."""

from __future__ import annotations

import pytest
from server_helpers import LiveServer, Viewer, create
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from boardgamesbot.server.room import Connection


def test_a_socket_that_never_says_hello_is_closed_with_a_reason(toy, settings) -> None:  # type: ignore[no-untyped-def]
    settings.hello_timeout = 0.3
    with LiveServer(settings) as live:
        room = create(live.url, game="drawtricks", players=2)["room"]["id"]
        with connect(f"{live.ws_url}/ws/rooms/{room}") as ws, pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=10)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4400
        assert "hello" in closed.value.rcvd.reason


def test_an_outbox_is_bounded_by_bytes_as_well_as_messages() -> None:
    conn = Connection(None, "en", 512, 1000)
    for _ in range(3):
        conn.send("x" * 400)  # the third would pass 1000 bytes unread
    assert conn.overflowed and "too slow" in conn.close_reason
    queued = [conn.queue.get_nowait() for _ in range(conn.queue.qsize())]
    assert queued == ["x" * 400, "x" * 400, None]  # two messages, then the order to close


def test_spectators_joining_are_not_announced_to_everyone(live) -> None:  # type: ignore[no-untyped-def]
    made = create(live.url, game="drawtricks", players=2, seats=[{"kind": "human"}, {"kind": "human"}])
    room = made["room"]["id"]
    player = Viewer(live.ws_url, room, made["seats"][0]["token"])
    crowd = [Viewer(live.ws_url, room) for _ in range(30)]
    player.send({"type": "ping", "id": "end"})
    player.until("pong", lambda m: m["id"] == "end")
    announcements = [m for m in player.messages if m["type"] == "room"]
    assert len(announcements) <= 2, len(announcements)  # not one per spectator
    last = crowd[-1]
    assert [m["type"] for m in last.messages[:2]] == ["welcome", "state"]
    for v in crowd:
        v.close()


def test_a_client_may_hold_only_so_many_sockets(toy, settings) -> None:  # type: ignore[no-untyped-def]
    settings.sockets_per_client = 3
    with LiveServer(settings) as live:
        room = create(live.url, game="drawtricks", players=2)["room"]["id"]
        held = [Viewer(live.ws_url, room) for _ in range(3)]
        with connect(f"{live.ws_url}/ws/rooms/{room}") as ws, pytest.raises(ConnectionClosed) as closed:
            ws.send('{"type": "hello"}')
            ws.recv(timeout=10)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4429
        held[0].close()
