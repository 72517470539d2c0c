"""A server restart keeps rooms, seats, tokens and the waits players chose."""

from __future__ import annotations

import httpx
from server_helpers import LiveServer, Viewer, create


def test_rooms_tokens_and_cover_waits_survive_a_restart(toy, settings) -> None:  # type: ignore[no-untyped-def]
    settings.cover_min_wait = 0.2  # the 30 s minimum, shortened for the test
    with LiveServer(settings) as first:
        made = create(first.url, game="drawtricks", players=2, seats=[{"kind": "human"}, {"kind": "human"}])
        room, (t0, t1) = made["room"]["id"], [s["token"] for s in made["seats"]]
        a, b = Viewer(first.ws_url, room, t0), Viewer(first.ws_url, room, t1)
        a.send({"type": "move", "action": "p3", "turn": 0})
        a.until("ack")
        a.send({"type": "cover", "target": 1, "after": 0.5, "bot": "random"})
        a.until("room", lambda m: m["room"]["seats"][1]["cover_after"] == 0.5)
        a.close()
        b.close()
    with LiveServer(settings) as second:
        a = Viewer(second.ws_url, room, t0)  # the same link still works
        assert a.state["view"]["log"] == ["p3"] and a.state["step"] == 1
        # seat 1 is still away, so the wait chosen before the restart runs again and a bot covers it
        # (the room message saying so may come after the bot's move: seat changes are announced in windows)
        state = a.until("state", lambda m: m["step"] == 2 and m["last"]["seat"] == 1 and m["last"]["bot"])
        assert state["room"]["seats"][1]["stand_in"] == "random"
        b = Viewer(second.ws_url, room, t1)
        assert b.welcome["room"]["seats"][1]["stand_in"] is None  # back in their own hands
        r = httpx.get(f"{second.url}/api/rooms/{room}/seats/1", headers={"Authorization": f"Bearer {t0}"})
        assert r.status_code == 403
