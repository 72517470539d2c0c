"""Quotas: rooms per client and per server, replay pages, WebSocket messages and bot CPU.

Every refusal is HTTP 429 with Retry-After and a JSON code (over the
WebSocket: an error message with the same code); the client is the peer
address unless a trusted proxy's header is configured.
"""

from __future__ import annotations

import httpx
from server_helpers import LiveServer, Viewer, create

from boardgamesbot.server.config import Settings
from boardgamesbot.server.quotas import Quotas

HUMAN_VS_BOT = {"game": "drawtricks", "players": 2, "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]}
ONLY_BOTS = {
    "game": "drawtricks",
    "players": 2,
    "seats": [{"kind": "bot", "bot": "easy"}, {"kind": "bot", "bot": "easy"}],
}
WAITING = {"game": "drawtricks", "players": 2, "seats": [{"kind": "human"}, {"kind": "open"}]}  # stays unfinished


def _post(live: LiveServer, body: dict, **headers: str) -> httpx.Response:  # type: ignore[type-arg]
    return httpx.post(f"{live.url}/api/rooms", json=body, headers=headers, timeout=20)


def _refused(r: httpx.Response, code: str) -> None:
    assert r.status_code == 429, r.text
    assert r.json()["error"]["code"] == code
    assert int(r.headers["Retry-After"]) >= 1
    assert r.json()["error"]["retry_after"] == int(r.headers["Retry-After"])


def test_rooms_created_per_minute_are_limited_per_client(toy, settings: Settings) -> None:
    settings.rooms_per_minute = 3
    with LiveServer(settings) as live:
        assert [_post(live, HUMAN_VS_BOT).status_code for _ in range(3)] == [201] * 3
        _refused(_post(live, HUMAN_VS_BOT), "rate_limited")
        # a header a client writes itself does not make it someone else (no trusted proxy configured)
        _refused(_post(live, HUMAN_VS_BOT, **{"X-Forwarded-For": "203.0.113.9"}), "rate_limited")


def test_a_trusted_proxy_header_names_the_client_when_configured(toy, settings: Settings) -> None:
    settings.rooms_per_minute = 1
    settings.client_ip_header = "X-Forwarded-For"
    with LiveServer(settings) as live:
        assert _post(live, HUMAN_VS_BOT, **{"X-Forwarded-For": "203.0.113.1"}).status_code == 201
        assert _post(live, HUMAN_VS_BOT, **{"X-Forwarded-For": "203.0.113.2"}).status_code == 201
        _refused(_post(live, HUMAN_VS_BOT, **{"X-Forwarded-For": "198.51.100.7, 203.0.113.1"}), "rate_limited")


def test_live_rooms_per_client_are_limited_and_finishing_one_frees_a_place(toy, settings: Settings) -> None:
    settings.live_rooms_per_client = 2
    with LiveServer(settings) as live:
        first = create(live.url, **HUMAN_VS_BOT)
        create(live.url, **WAITING)
        _refused(_post(live, WAITING), "too_many_rooms")
        me = Viewer(live.ws_url, first["room"]["id"], first["seats"][0]["token"])
        while not me.state["view"]["over"]:  # finish the first game
            view = me.state["view"]
            if view["to_move"] == 0:
                me.send({"type": "move", "action": view["legal"][0], "turn": view["turn"]})
            me.recv()
        assert _post(live, WAITING).status_code == 201


def test_rooms_with_only_bots_have_their_own_lower_limit(thinking, toy, settings: Settings) -> None:
    settings.bot_rooms_per_client = 1
    with LiveServer(settings) as live:
        assert _post(live, ONLY_BOTS).status_code == 201
        _refused(_post(live, ONLY_BOTS), "too_many_bot_rooms")
        assert _post(live, WAITING).status_code == 201  # a room with a person in it is still welcome


def test_the_server_has_a_limit_on_live_rooms_for_everyone(toy, settings: Settings) -> None:
    settings.max_live_rooms = 2
    settings.client_ip_header = "X-Forwarded-For"
    with LiveServer(settings) as live:
        for n in (1, 2):
            assert _post(live, WAITING, **{"X-Forwarded-For": f"203.0.113.{n}"}).status_code == 201
        _refused(_post(live, WAITING, **{"X-Forwarded-For": "203.0.113.3"}), "server_full")


def test_replay_requests_are_limited_per_client(toy, settings: Settings) -> None:
    settings.replays_per_minute = 2
    with LiveServer(settings) as live:
        room = create(live.url, **WAITING)["room"]["id"]
        for _ in range(2):
            assert httpx.get(f"{live.url}/api/rooms/{room}/replay").status_code == 200
        _refused(httpx.get(f"{live.url}/api/rooms/{room}/replay"), "rate_limited")


def test_a_socket_that_floods_messages_or_syncs_is_told_to_slow_down(toy, settings: Settings) -> None:
    settings.ws_messages_per_second = 5
    settings.syncs_per_minute = 2
    with LiveServer(settings) as live:
        room = create(live.url, **WAITING)["room"]["id"]
        v = Viewer(live.ws_url, room)
        for n in range(2):
            v.send({"type": "sync", "id": n})
        v.send({"type": "sync", "id": "third"})
        err = v.until("error")
        assert err["code"] == "rate_limited" and err["id"] == "third" and err["retry_after"] >= 1
        for n in range(10):
            v.send({"type": "ping", "id": n})
        err = v.until("error")
        assert err["code"] == "rate_limited"


def test_a_rooms_bot_cpu_per_minute_is_a_budget() -> None:
    config = Settings()
    config.bot_cpu_per_minute = 1.0
    quotas = Quotas(config)
    assert quotas.bot_wait("r1") == 0
    quotas.bot_spent("r1", 0.6)
    assert quotas.bot_wait("r1") == 0  # 0.4 s left this minute
    quotas.bot_spent("r1", 0.6)
    assert 0 < quotas.bot_wait("r1") <= 60  # spent: its bots wait for the window to move on
    assert quotas.bot_wait("r2") == 0  # other rooms are not affected
