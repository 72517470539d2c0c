"""Clocks kept by the server, OpenSkill ratings of rated games, stand-in threshold, forfeits, rematch."""

from __future__ import annotations

import time

import httpx
import pytest
from openskill.models import PlackettLuce
from server_helpers import TIMEOUT, LiveServer, Viewer, create
from test_accounts import register

from boardgamesbot.server import clocks


@pytest.fixture
def quick_clocks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Clocks of a second, so a test can wait one out (the server's minimum is 5 s)."""
    monkeypatch.setattr(clocks, "REALTIME_INITIAL", (0.2, 7200.0))
    monkeypatch.setattr(clocks, "AFTER_TIMEOUT", 30.0)


def _play_to_end(live, room: str, players: dict[int, httpx.Client | str]) -> dict:  # type: ignore[no-untyped-def,type-arg]
    """Play every person's seat (first legal move) until the game ends; a seat is a signed-in client or a token."""
    while True:
        body = httpx.get(f"{live.url}/api/rooms/{room}", timeout=TIMEOUT).json()
        if body["room"]["status"] == "over":
            return body
        seat = body["view"]["to_move"]
        who = players.get(seat)
        if who is None or body["room"]["seats"][seat]["stand_in"]:
            time.sleep(0.02)  # a bot's turn
            continue
        view = (
            who.get(f"/api/rooms/{room}/seats/{seat}").json()
            if isinstance(who, httpx.Client)
            else httpx.get(
                f"{live.url}/api/rooms/{room}/seats/{seat}", headers={"Authorization": f"Bearer {who}"}
            ).json()
        )["view"]
        move = {"action": view["legal"][0], "turn": view["turn"]}
        if isinstance(who, httpx.Client):
            who.post(f"/api/rooms/{room}/seats/{seat}/move", json=move)
        else:
            httpx.post(
                f"{live.url}/api/rooms/{room}/seats/{seat}/move", json=move, headers={"Authorization": f"Bearer {who}"}
            )


def _rated(live, **extra):  # type: ignore[no-untyped-def]
    ana, bia = register(live, "ana"), register(live, "bia")
    r = ana.post("/api/rooms", json={"game": "drawtricks", "players": 2, "rated": True,
                                     "seats": [{"kind": "human"}, {"kind": "open"}], **extra})  # fmt: skip
    assert r.status_code == 201, r.text
    room = r.json()["room"]["id"]
    invite = r.json()["invites"][0]["invite"]
    assert bia.post(f"/api/rooms/{room}/join", json={"invite": invite}).status_code == 200
    return room, ana, bia


def _wait(pred, timeout: float = TIMEOUT):  # type: ignore[no-untyped-def]
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = pred()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError("timed out")


def test_a_rated_game_moves_both_ratings_exactly_as_openskill_says(live) -> None:  # type: ignore[no-untyped-def]
    room, ana, bia = _rated(live)
    end = _play_to_end(live, room, {0: ana, 1: bia})
    outcome = end["view"]["outcome"]
    summary = _wait(lambda: (s := httpx.get(f"{live.url}/api/rooms/{room}").json()["room"])["rating"]["changes"] and s)
    model = PlackettLuce()
    ranks = [1 if seat in outcome["winners"] else 2 for seat in (0, 1)]
    expected = model.rate([[model.rating()], [model.rating()]], ranks=ranks)
    for change in summary["rating"]["changes"]:
        want = expected[change["seat"]][0]
        assert change["after"]["mu"] == pytest.approx(want.mu, abs=1e-3)
        assert change["after"]["sigma"] == pytest.approx(want.sigma, abs=1e-3)
    profile = httpx.get(f"{live.url}/api/accounts/ana").json()
    assert profile["games_played"] == 1
    [rating] = profile["ratings"]
    assert rating["game"] == "drawtricks" and len(rating["history"]) == 1
    assert rating["start"]["mu"] == pytest.approx(25.0)
    assert rating["mu"] == pytest.approx(expected[0][0].mu, abs=1e-3)


def test_a_game_with_too_many_stand_in_moves_is_not_rated(live) -> None:  # type: ignore[no-untyped-def]
    room, ana, bia = _rated(live, stand_in="random")
    assert ana.post(f"/api/rooms/{room}/seats/0/bot", json={"on": True}).status_code == 200  # ana leaves at once
    end = _play_to_end(live, room, {1: bia})
    assert end["room"]["status"] == "over"
    summary = _wait(lambda: (s := httpx.get(f"{live.url}/api/rooms/{room}").json()["room"])["rating"]["unrated"] and s)
    assert "stand-in" in summary["rating"]["unrated"] and summary["rating"]["changes"] is None
    assert httpx.get(f"{live.url}/api/accounts/ana").json()["ratings"] == []


def test_a_real_time_clock_that_runs_out_makes_the_stand_in_move(quick_clocks, live) -> None:  # type: ignore[no-untyped-def]
    made = create(live.url, game="drawtricks", players=2, stand_in="random",
                  seats=[{"kind": "human"}, {"kind": "human"}], clock={"kind": "realtime", "initial": 0.6, "increment": 0})  # fmt: skip
    room, t0 = made["room"]["id"], made["seats"][0]["token"]
    assert made["room"]["clock"]["running"] == 0 and made["room"]["clock"]["remaining"] <= 0.6
    viewer = Viewer(live.ws_url, room, t0)
    state = viewer.until("state", lambda m: m["last"] is not None)
    assert state["last"]["seat"] == 0 and state["last"]["bot"] is True  # the stand-in made seat 0's decision
    clock = state["room"]["clock"]
    if state["view"]["to_move"] == 0:  # seat 0 decides again: its clock restarted after the timeout
        assert clock["running"] == 0 and clock["remaining"] > 20
    viewer.send({"type": "move", "action": "p1", "turn": 0})  # too late for the old turn
    assert viewer.until("error")["code"] in ("stale", "not_your_turn")


def test_a_forfeit_on_time_settles_the_rating_at_once(quick_clocks, live) -> None:  # type: ignore[no-untyped-def]
    room, ana, _bia = _rated(live, clock={"kind": "realtime", "initial": 0.5})
    summary = _wait(lambda: (s := httpx.get(f"{live.url}/api/rooms/{room}").json()["room"])["rating"]["changes"] and s)
    assert summary["clock"]["on_timeout"] == "forfeit"
    assert summary["seats"][0]["stand_in"] is not None  # seat 0 lost on time: a stand-in plays on
    changes = {c["seat"]: c for c in summary["rating"]["changes"]}
    assert changes[0]["after"]["mu"] < 25 < changes[1]["after"]["mu"]
    r = ana.post(f"/api/rooms/{room}/seats/0/bot", json={"on": False})
    assert (r.status_code, r.json()["error"]["code"]) == (409, "forfeited")


def test_a_turn_clock_keeps_its_deadline_across_a_restart(settings) -> None:  # type: ignore[no-untyped-def]
    from boardgamesbot.testing import registered

    with registered():
        with LiveServer(settings) as first:
            made = create(first.url, game="drawtricks", players=2, seats=[{"kind": "human"}, {"kind": "human"}],
                          clock={"kind": "turn", "per_move": 3600})  # fmt: skip
            room = made["room"]["id"]
            Viewer(first.ws_url, room, made["seats"][0]["token"]).close()  # a person was here: the room resumes
            before = httpx.get(f"{first.url}/api/rooms/{room}").json()["room"]["clock"]
            at = time.monotonic()
        time.sleep(1.0)
        with LiveServer(settings) as second:
            after = httpx.get(f"{second.url}/api/rooms/{room}").json()["room"]["clock"]
    assert after["running"] == 0 and after["kind"] == "turn"
    waited = time.monotonic() - at
    assert before["remaining"] - waited - 1.5 <= after["remaining"] <= before["remaining"] - waited + 0.5


def test_rematch_same_seats_new_game(live) -> None:  # type: ignore[no-untyped-def]
    room, ana, bia = _rated(live)
    _play_to_end(live, room, {0: ana, 1: bia})
    a = Viewer(live.ws_url, room, cookies=ana.cookies)
    b = Viewer(live.ws_url, room, cookies=bia.cookies)
    assert a.welcome["seat"] == 0 and b.welcome["seat"] == 1  # signed-in players need no token
    spectator = Viewer(live.ws_url, room)
    spectator.send({"type": "rematch", "accept": True})
    assert spectator.until("error")["code"] == "forbidden"
    a.send({"type": "rematch", "accept": True})
    offer = b.until("room", lambda m: m["room"].get("rematch"))["room"]["rematch"]
    assert offer["by"] == 0 and offer["accepted"] == [0] and offer["room"] is None
    b.send({"type": "rematch", "accept": True})
    ready_a, ready_b = a.until("rematch_ready"), b.until("rematch_ready")
    assert ready_a["room"] == ready_b["room"] != room
    assert ready_a["link"] != ready_b["link"] and "#seat=" in ready_a["link"]
    assert spectator.until("rematch_ready")["link"] == f"/r/{ready_a['room']}"
    new = httpx.get(f"{live.url}/api/rooms/{ready_a['room']}").json()["room"]
    assert [s["account"] for s in new["seats"]] == ["ana", "bia"] and new["rated"] is True
    assert new["status"] == "playing"


def test_a_declined_rematch_is_shown_to_everyone(live) -> None:  # type: ignore[no-untyped-def]
    made = create(live.url, game="drawtricks", players=2, seats=[{"kind": "human"}, {"kind": "human"}])
    room, (t0, t1) = made["room"]["id"], [s["token"] for s in made["seats"]]
    a = Viewer(live.ws_url, room, t0)
    a.send({"type": "rematch", "accept": True})
    assert a.until("error")["code"] == "not_over"
    _play_to_end(live, room, {0: t0, 1: t1})
    b = Viewer(live.ws_url, room, t1)
    a.send({"type": "rematch", "accept": True})
    b.until("room", lambda m: m["room"].get("rematch"))
    b.send({"type": "rematch", "accept": False})
    declined = a.until("room", lambda m: (m["room"].get("rematch") or {}).get("declined") is not None)
    assert declined["room"]["rematch"]["declined"] == 1 and declined["room"]["rematch"]["room"] is None


@pytest.mark.postgres
def test_accounts_ratings_chat_and_clocks_on_postgresql(settings) -> None:  # type: ignore[no-untyped-def]
    """The same storage calls on PostgreSQL: a rated game, its ratings, a clock's deadline, chat."""
    import os
    import secrets

    import sqlalchemy as sa

    from boardgamesbot.testing import registered

    base = os.environ.get("BGB_TEST_POSTGRES_URL")
    if not base:
        pytest.skip("BGB_TEST_POSTGRES_URL is not set (scripts/start-test-postgres.sh prints one)")
    schema = f"bgb_social_{secrets.token_hex(6)}"
    admin = sa.create_engine(base)
    with admin.begin() as conn:
        conn.execute(sa.text(f"CREATE SCHEMA {schema}"))
    settings.database_url = f"{base}{'&' if '?' in base else '?'}options=-csearch_path%3D{schema}"
    try:
        with registered(), LiveServer(settings) as live:
            room, ana, bia = _rated(live, clock={"kind": "turn", "per_move": 3600})
            viewer = Viewer(live.ws_url, room, cookies=ana.cookies)
            viewer.send({"type": "chat", "text": "hello <b>pg</b>"})
            viewer.until("chat", lambda m: any(x["text"] == "hello <b>pg</b>" for x in m["messages"]))
            _play_to_end(live, room, {0: ana, 1: bia})
            _wait(lambda: httpx.get(f"{live.url}/api/rooms/{room}").json()["room"]["rating"]["changes"])
            [rating] = httpx.get(f"{live.url}/api/accounts/bia").json()["ratings"]
            assert rating["games"] == 1 and len(rating["history"]) == 1
    finally:
        with admin.begin() as conn:
            conn.execute(sa.text(f"DROP SCHEMA {schema} CASCADE"))
        admin.dispose()


def test_a_clock_runs_out_even_when_its_room_left_memory(quick_clocks, monkeypatch, settings) -> None:  # type: ignore[no-untyped-def]
    from boardgamesbot.server import social
    from boardgamesbot.testing import registered

    monkeypatch.setattr(social, "DEADLINE_SWEEP", 0.2)
    with registered(), LiveServer(settings) as live:
        made = create(live.url, game="drawtricks", players=2, stand_in="random",
                      seats=[{"kind": "human"}, {"kind": "human"}], clock={"kind": "realtime", "initial": 1.0})  # fmt: skip
        room = made["room"]["id"]
        live.on_loop(lambda: live.hub._evict(live.hub.rooms[room]))  # nobody is here: it leaves memory
        _wait(lambda: live.on_loop(lambda: room in live.hub.rooms))  # the deadline sweep loaded it, not a request
        body = _wait(lambda: (b := httpx.get(f"{live.url}/api/rooms/{room}").json())["step"] >= 1 and b)
        assert body["history"][0]["seat"] == 0 and body["history"][0]["bot"] is True
