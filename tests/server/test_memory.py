"""Bounded memory: idle rooms leave memory and come back on demand; a restart resumes only people's rooms."""

from __future__ import annotations

import threading

import httpx
from server_helpers import LiveServer, Viewer, create


def _rooms_in_memory(live: LiveServer) -> int:
    return int(httpx.get(f"{live.url}/api/health").json()["rooms"])


def test_rooms_above_the_cap_leave_memory_and_load_again_on_demand(toy, settings) -> None:  # type: ignore[no-untyped-def]
    settings.max_rooms_in_memory = 3
    with LiveServer(settings) as live:
        made = [
            create(live.url, game="drawtricks", players=2, seats=[{"kind": "human"}, {"kind": "human"}])
            for _ in range(8)
        ]
        assert _rooms_in_memory(live) <= 3
        first = made[0]
        room, token = first["room"]["id"], first["seats"][0]["token"]
        r = httpx.post(
            f"{live.url}/api/rooms/{room}/seats/0/move",
            json={"action": "p1", "turn": 0},
            headers={"Authorization": f"Bearer {token}"},
        )
        assert r.status_code == 200 and r.json()["step"] == 1  # loaded from storage, playable as before
        for other in made[1:]:
            assert httpx.get(f"{live.url}/api/rooms/{other['room']['id']}").status_code == 200
        assert _rooms_in_memory(live) <= 3


def test_idle_rooms_leave_memory(toy, settings) -> None:  # type: ignore[no-untyped-def]
    settings.idle_timeout = 0.0
    settings.finished_timeout = 0.0
    with LiveServer(settings) as live:
        made = create(live.url, game="drawtricks", players=2, seats=[{"kind": "human"}, {"kind": "human"}])
        room = made["room"]["id"]
        watching = Viewer(live.ws_url, room)
        assert live.on_loop(live.hub.sweep) == 0  # someone is connected: it stays
        watching.close()  # the last viewer leaves: the room may go once the server has seen it leave
        for _ in range(100):
            if room not in live.hub.rooms:
                break
            live.on_loop(live.hub.sweep)
            threading.Event().wait(0.05)
        assert room not in live.hub.rooms
        assert httpx.get(f"{live.url}/api/rooms/{room}").json()["room"]["id"] == room


def test_a_restart_resumes_only_rooms_people_are_in(thinking, toy, settings) -> None:  # type: ignore[no-untyped-def]
    with LiveServer(settings) as first:
        bots = create(first.url, game="drawtricks", players=2, seats=[{"kind": "bot", "bot": "easy"}] * 2)["room"]["id"]
        people = create(
            first.url, game="drawtricks", players=2, seats=[{"kind": "human"}, {"kind": "bot", "bot": "easy"}]
        )
        tok = people["seats"][0]["token"]
        r = httpx.post(
            f"{first.url}/api/rooms/{people['room']['id']}/seats/0/move",
            json={"action": "p1", "turn": 0},
            headers={"Authorization": f"Bearer {tok}"},
        )
        assert r.status_code == 200
    with LiveServer(settings) as second:
        assert set(second.hub.rooms) == {people["room"]["id"]}  # the all-bot room stays in storage
        body = httpx.get(f"{second.url}/api/rooms/{bots}").json()  # ... and loads when someone opens it
        assert body["room"]["status"] == "playing"
        thinking.set()
