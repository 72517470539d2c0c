"""The lobby and public tables: listed live, one-click seats, rated tables for accounts only."""

from __future__ import annotations

import json

import httpx
from server_helpers import TIMEOUT, create
from test_accounts import register
from websockets.sync.client import connect


def _lobby_socket(live):  # type: ignore[no-untyped-def]
    ws = connect(f"{live.ws_url}/ws/lobby").__enter__()
    return ws


def _next_lobby(ws, pred):  # type: ignore[no-untyped-def]
    while True:
        msg = json.loads(ws.recv(timeout=TIMEOUT))
        if msg["type"] == "lobby" and pred(msg["tables"]):
            return msg["tables"]


def test_a_public_table_is_listed_live_and_leaves_when_it_fills(live) -> None:  # type: ignore[no-untyped-def]
    ws = _lobby_socket(live)
    _next_lobby(ws, lambda t: True)
    made = create(
        live.url,
        game="drawtricks",
        players=3,
        public=True,
        seats=[{"kind": "human", "name": "Ana"}, {"kind": "open"}, {"kind": "open"}],
        clock={"kind": "turn", "per_move": 3600},
    )
    room = made["room"]["id"]
    assert made["room"]["public"] is True and made["room"]["clock"]["kind"] == "turn"
    tables = _next_lobby(ws, lambda t: any(x["id"] == room for x in t))
    table = next(x for x in tables if x["id"] == room)
    assert table["free"] == 2 and table["rated"] is False and table["clock"]["per_move"] == 3600
    assert "token" not in json.dumps(table) and "invite" not in json.dumps(table)
    listed = httpx.get(f"{live.url}/api/lobby", params={"game": "drawtricks"}, timeout=TIMEOUT).json()["tables"]
    assert [t["id"] for t in listed] == [room]
    assert httpx.get(f"{live.url}/api/lobby", params={"rated": "true"}, timeout=TIMEOUT).json()["tables"] == []
    first = httpx.post(f"{live.url}/api/rooms/{room}/sit", json={"name": "Bia"}, timeout=TIMEOUT)
    assert (
        first.status_code == 200 and first.json()["seat"] == 1 and first.json()["link"].startswith(f"/r/{room}#seat=")
    )
    _next_lobby(ws, lambda t: any(x["id"] == room and x["free"] == 1 for x in t))
    second = httpx.post(f"{live.url}/api/rooms/{room}/sit", json={"seat": 2}, timeout=TIMEOUT)
    assert second.status_code == 200 and second.json()["room"]["status"] == "playing"
    _next_lobby(ws, lambda t: all(x["id"] != room for x in t))
    full = httpx.post(f"{live.url}/api/rooms/{room}/sit", json={}, timeout=TIMEOUT)
    assert (full.status_code, full.json()["error"]["code"]) == (409, "table_full")
    ws.close()


def test_private_tables_and_invites(live) -> None:  # type: ignore[no-untyped-def]
    made = create(live.url, game="drawtricks", players=2, seats=[{"kind": "human"}, {"kind": "open"}])
    room, invite = made["room"]["id"], made["invites"][0]["invite"]
    r = httpx.post(f"{live.url}/api/rooms/{room}/sit", json={}, timeout=TIMEOUT)
    assert (r.status_code, r.json()["error"]["code"]) == (403, "private_table")
    assert httpx.get(f"{live.url}/api/lobby", timeout=TIMEOUT).json()["tables"] == []
    status = httpx.post(f"{live.url}/api/rooms/{room}/invite", json={"invite": invite}, timeout=TIMEOUT).json()
    assert status == {"seat": 1, "used": False, "rated": False}
    httpx.post(f"{live.url}/api/rooms/{room}/join", json={"invite": invite}, timeout=TIMEOUT)
    status = httpx.post(f"{live.url}/api/rooms/{room}/invite", json={"invite": invite}, timeout=TIMEOUT).json()
    assert status["used"] is True  # the join page says so before anyone clicks "Join"
    r = httpx.post(f"{live.url}/api/rooms/{room}/invite", json={"invite": "wrong"}, timeout=TIMEOUT)
    assert (r.status_code, r.json()["error"]["code"]) == (401, "bad_token")
    r = httpx.post(f"{live.url}/api/rooms/{room}/join", json={"invite": invite}, timeout=TIMEOUT)
    assert "seat 2 " in r.json()["error"]["message"]  # seats are numbered from 1 in every message people read


def test_rated_tables_seat_accounts_only(live) -> None:  # type: ignore[no-untyped-def]
    body = {"game": "drawtricks", "players": 2, "rated": True, "public": True,
            "seats": [{"kind": "human"}, {"kind": "open"}]}  # fmt: skip
    r = httpx.post(f"{live.url}/api/rooms", json=body, timeout=TIMEOUT)
    assert (r.status_code, r.json()["error"]["code"]) == (401, "login_required")
    ana = register(live, "ana")
    r = ana.post("/api/rooms", json={**body, "seats": [{"kind": "human"}, {"kind": "human"}]})
    assert (r.status_code, r.json()["error"]["code"]) == (400, "invalid_setup")  # one seat per person
    r = ana.post("/api/rooms", json=body)
    assert r.status_code == 201 and r.json()["room"]["rated"] is True
    room = r.json()["room"]["id"]
    guest = httpx.post(f"{live.url}/api/rooms/{room}/sit", json={}, timeout=TIMEOUT)
    assert (guest.status_code, guest.json()["error"]["code"]) == (401, "login_required")
    again = ana.post(f"/api/rooms/{room}/sit", json={})
    assert (again.status_code, again.json()["error"]["code"]) == (409, "already_seated")
    bia = register(live, "bia")
    sat = bia.post(f"/api/rooms/{room}/sit", json={})
    assert sat.status_code == 200 and sat.json()["room"]["seats"][1]["account"] == "bia"


def test_bad_table_options_are_refused(live) -> None:  # type: ignore[no-untyped-def]
    base = {"game": "drawtricks", "players": 2}
    cases = [
        ({"clock": {"kind": "realtime", "initial": 1}}, "bad_message"),
        ({"clock": {"kind": "realtime", "initial": 60, "increment": -1}}, "bad_message"),
        ({"clock": {"kind": "turn", "per_move": 10**9}}, "bad_message"),
        ({"clock": {"kind": "sundial"}}, "bad_message"),
        ({"clock": "fast"}, "bad_message"),
        ({"clock": {"kind": "turn", "per_move": 60}, "on_timeout": "forfeit"}, "invalid_setup"),  # rated only
        ({"public": "yes"}, "bad_message"),
    ]
    for extra, code in cases:
        r = httpx.post(f"{live.url}/api/rooms", json={**base, **extra}, timeout=TIMEOUT)
        assert r.status_code == 400 and r.json()["error"]["code"] == code, extra
