"""Bad input never gives a 500: depth, number size and every parameter are checked."""

from __future__ import annotations

import json

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from server_helpers import Viewer, create


@pytest.mark.parametrize(
    "raw",
    [
        "[" * 8000,
        '{"game": "drawtricks", "players": ' + "9" * 5000 + "}",
        '{"game": "drawtricks", "players": 1e999}',
        '{"game": "drawtricks", "variant": ' + '{"a":' * 200 + "1" + "}" * 200 + "}",
        '{"game": "drawtricks", "players": NaN}',
    ],
)
def test_hostile_json_bodies_are_refused_as_bad_json(live, raw: str) -> None:  # type: ignore[no-untyped-def]
    r = httpx.post(f"{live.url}/api/rooms", content=raw.encode(), headers={"Content-Type": "application/json"})
    assert r.status_code == 400, (r.status_code, r.text[:200])
    assert r.json()["error"]["code"] == "bad_json"


@pytest.mark.parametrize(
    "path",
    [
        "/api/rooms/ROOM/replay?step=²",
        "/api/rooms/ROOM/replay?step=" + "9" * 5000,
        "/api/rooms/ROOM/seats/" + "9" * 5000,
        "/api/rooms/ROOM/seats/-1/replay",
        "/api/rooms/" + "x" * 300,
        "/api/rules/crosswise?fmt=" + "x" * 300,
        "/api/games?lang=" + "x" * 300,
    ],
)
def test_bad_parameters_are_refused_not_faults(live, path: str) -> None:  # type: ignore[no-untyped-def]
    room = create(live.url, game="drawtricks", players=2)["room"]["id"]
    r = httpx.get(f"{live.url}{path.replace('ROOM', room)}")
    assert 400 <= r.status_code < 500, (path[:60], r.status_code, r.text[:200])
    assert r.json()["error"]["code"] in ("bad_message", "unknown_room", "bad_token")


def test_hostile_websocket_messages_get_bad_json_and_keep_the_connection(live) -> None:  # type: ignore[no-untyped-def]
    room = create(live.url, game="drawtricks", players=2)["room"]["id"]
    v = Viewer(live.ws_url, room)
    for raw in ("[" * 8000, '{"type": "ping", "id": ' + "9" * 5000 + "}", '{"type": "move", "turn": 1e999}'):
        v.send(raw)
        assert v.until("error")["code"] == "bad_json"
    v.send({"type": "ping", "id": "alive"})
    assert v.until("pong")["id"] == "alive"


DEEP = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-(10**60), max_value=10**60) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=2) | st.dictionaries(st.text(max_size=4), inner, max_size=2),
    max_leaves=60,
)
FIELDS = st.fixed_dictionaries(
    {"type": st.sampled_from(["hello", "move", "bot", "cover", "sync", "ping", "?"])},
    optional={k: DEEP for k in ("action", "turn", "seat", "id", "token", "lang", "on", "bot", "target", "after")},
)


def test_no_websocket_message_is_a_server_fault(live) -> None:  # type: ignore[no-untyped-def]
    made = create(live.url, game="drawtricks", players=2, seats=[{"kind": "human"}, {"kind": "human"}])
    room = made["room"]["id"]
    seat = Viewer(live.ws_url, room, made["seats"][1]["token"])
    spectator = Viewer(live.ws_url, room)

    @settings(suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow], deadline=None)
    @given(FIELDS | DEEP.map(lambda v: {"type": "move", "action": v}) | st.text(max_size=40).map(json.dumps))
    def check(message: object) -> None:
        for viewer in (seat, spectator):
            viewer.send(message if isinstance(message, str) else json.dumps(message))
            viewer.send({"type": "ping", "id": "after"})
            viewer.until("pong", lambda m: m["id"] == "after")

    check()
    for viewer in (seat, spectator):
        codes = {m.get("code") for m in viewer.messages if m["type"] == "error"}
        assert "internal" not in codes, codes
