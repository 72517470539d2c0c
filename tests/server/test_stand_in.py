"""Seats handed to bots when a player leaves, taken back on return; slow bots are cut off."""

from __future__ import annotations

import threading
from typing import Any

import httpx
import pytest
from server_helpers import Viewer, create

from boardgamesbot.server import botpool


def _two_humans(live):  # type: ignore[no-untyped-def]
    made = create(
        live.url, game="drawtricks", players=2, seats=[{"kind": "human"}, {"kind": "human"}], stand_in="random"
    )
    return made["room"]["id"], [s["token"] for s in made["seats"]]


def _play_until(viewer: Viewer, done) -> None:  # type: ignore[no-untyped-def]
    """Play the viewer's seat (first legal move) until ``done(state)``."""
    while not done(viewer.state):
        view = viewer.state["view"]
        if (
            view["to_move"] == viewer.welcome["seat"]
            and viewer.state["room"]["seats"][view["to_move"]]["stand_in"] is None
        ):
            viewer.send({"type": "move", "action": view["legal"][0], "turn": view["turn"]})
        viewer.until("state")


def test_a_player_hands_their_seat_to_a_bot_and_takes_it_back(live) -> None:  # type: ignore[no-untyped-def]
    room, (t0, t1) = _two_humans(live)
    a, b = Viewer(live.ws_url, room, t0), Viewer(live.ws_url, room, t1)
    a.send({"type": "bot", "on": True})
    summary = a.until("room", lambda m: m["room"]["seats"][0]["stand_in"])["room"]
    assert summary["seats"][0]["stand_in"] == "random"
    # while the bot plays seat 0, its player may not move, and seat 1 plays on against the bot
    a.send({"type": "move", "action": "p1", "turn": a.state["turn"]})
    assert a.until("error")["code"] == "not_your_turn"
    # a short wait: with three cards each, cards must remain for both after a bot move that races the take-back
    _play_until(b, lambda s: s["step"] >= 2)
    bot_moves = [e for m in b.messages if m["type"] == "state" for e in m["history"]["entries"] if e["seat"] == 0]
    assert bot_moves and all(e["bot"] for e in bot_moves)
    a.send({"type": "bot", "on": False})
    a.until("room", lambda m: m["room"]["seats"][0]["stand_in"] is None)
    # a bot move already under way when the seat was taken back may still land: play on from what is current
    for _attempt in range(4):
        a.send({"type": "sync"})
        state = a.until("state")
        if state["view"]["to_move"] == 1:
            b.at_step(state["step"])
            b.send({"type": "move", "action": "p1", "turn": state["turn"]})
            state = a.until("state", lambda m, step=state["step"]: m["step"] > step)
        a.send({"type": "move", "action": "p1", "turn": state["turn"]})
        reply = _ack_or_error(a)
        if reply["type"] == "ack":
            break
        assert reply["code"] in ("stale", "not_your_turn"), reply  # the race, not a refusal of the player
    assert reply["type"] == "ack" and reply["step"] == state["step"] + 1
    entry = a.until("state")["last"]
    assert entry["seat"] == 0 and entry["bot"] is False


def _ack_or_error(viewer: Viewer) -> dict[str, Any]:
    while True:
        msg = viewer.recv()
        if msg["type"] in ("ack", "error"):
            return msg


@pytest.fixture
def quick_cover(settings):  # type: ignore[no-untyped-def]
    settings.cover_min_wait = 0.2  # the 30 s minimum, shortened so a test can wait it out
    return settings


def test_others_cover_an_away_player_after_their_wait_and_the_player_returns(quick_cover, live) -> None:  # type: ignore[no-untyped-def]
    room, (t0, t1) = _two_humans(live)
    a = Viewer(live.ws_url, room, t0)
    b = Viewer(live.ws_url, room, t1)
    b.close()  # seat 1 walks away
    a.until("room", lambda m: m["room"]["seats"][1]["away"])
    a.send({"type": "cover", "target": 1, "after": 0.2, "bot": "random"})
    a.until("room", lambda m: m["room"]["seats"][1]["cover_after"] == 0.2)
    a.until("room", lambda m: m["room"]["seats"][1]["stand_in"] == "random")
    _play_until(a, lambda s: s["step"] >= 4)  # the game does not stall: the stand-in answers for seat 1
    back = Viewer(live.ws_url, room, t1)  # the player returns with the same link
    assert back.welcome["room"]["seats"][1]["stand_in"] is None
    assert a.until("room", lambda m: m["room"]["seats"][1]["stand_in"] is None)


def test_cover_validates_its_fields(live) -> None:  # type: ignore[no-untyped-def]
    room, (t0, _) = _two_humans(live)
    a = Viewer(live.ws_url, room, t0)
    for bad in ({"target": 5, "after": 1}, {"target": 1, "after": -3}, {"target": 1, "after": "soon"}, {"target": 1}):
        a.send({"type": "cover", **bad})
        assert a.until("error")["code"] == "bad_message"


def test_an_open_seat_covered_by_a_bot_starts_the_game_and_a_late_friend_takes_it(live) -> None:  # type: ignore[no-untyped-def]
    made = create(live.url, game="drawtricks", players=2, seats=[{"kind": "human"}, {"kind": "open"}])
    room, t0, invite = made["room"]["id"], made["seats"][0]["token"], made["invites"][0]["invite"]
    r = httpx.post(
        f"{live.url}/api/rooms/{room}/seats/0/cover",
        json={"target": 1, "after": 0, "bot": "random"},
        headers={"Authorization": f"Bearer {t0}"},
    )
    assert r.status_code == 200
    a = Viewer(live.ws_url, room, t0)
    assert a.state["room"]["status"] == "playing"
    _play_until(a, lambda s: s["step"] >= 2)
    joined = httpx.post(f"{live.url}/api/rooms/{room}/join", json={"invite": invite}).json()
    assert joined["room"]["seats"][1]["stand_in"] is None and joined["room"]["seats"][1]["claimed"]


@pytest.fixture
def release(monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    """The "easy" bot thinks until the test sets the returned event; other bots answer at once."""
    real = botpool.choose_code
    gate = threading.Event()

    def choose(level: str, seed: int, infoset):  # type: ignore[no-untyped-def]
        if level == "easy":
            gate.wait(30)
        return real("random", seed, infoset)

    monkeypatch.setattr(botpool, "choose_code", choose)
    yield gate
    gate.set()


def test_a_thinking_bot_never_delays_other_rooms(release, live) -> None:  # type: ignore[no-untyped-def]
    slow = create(live.url, game="drawtricks", players=2, seats=[{"kind": "bot", "bot": "easy"}, {"kind": "human"}])
    fast = create(live.url, game="drawtricks", players=2, seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}])
    watch = Viewer(live.ws_url, slow["room"]["id"])
    me = Viewer(live.ws_url, fast["room"]["id"], fast["seats"][0]["token"])
    # the other room plays several bot moves while the thinking bot has not answered its first
    _play_until(me, lambda s: s["step"] >= 6)
    assert watch.state["step"] == 0
    release.set()
    first = watch.until("state", lambda m: m["step"] == 1)
    assert first["last"]["bot"] and first["last"]["seat"] == 0
    assert live.hub.bots.overruns == 0


@pytest.fixture
def short_limit(settings):  # type: ignore[no-untyped-def]
    settings.bot_time_limit = 0.5
    return settings


def test_a_bot_over_its_time_limit_is_replaced_by_a_quick_move(release, short_limit, live) -> None:  # type: ignore[no-untyped-def]
    slow = create(live.url, game="drawtricks", players=2, seats=[{"kind": "bot", "bot": "easy"}, {"kind": "human"}])
    watch = Viewer(live.ws_url, slow["room"]["id"])
    first = watch.state if watch.state["step"] == 1 else watch.until("state", lambda m: m["step"] == 1)
    assert first["last"]["bot"] and first["last"]["seat"] == 0
    assert live.hub.bots.overruns == 1


def _reload(live, room: str, token: str, pause: float) -> Viewer:  # type: ignore[no-untyped-def]
    """What a page reload does: the socket closes, a new one says hello ``pause`` seconds later."""
    import time

    time.sleep(pause)
    return Viewer(live.ws_url, room, token)


@pytest.mark.parametrize("after", [0, 5])
def test_covering_a_present_players_seat_needs_the_minimum_wait(live, after: float) -> None:  # type: ignore[no-untyped-def]
    room, (t0, t1) = _two_humans(live)
    a, b = Viewer(live.ws_url, room, t0), Viewer(live.ws_url, room, t1)
    a.send({"type": "cover", "target": 1, "after": after})
    err = a.until("error")
    assert err["code"] == "bad_message" and "30" in err["message"]
    a.send({"type": "cover", "target": 1, "after": 30})
    assert a.until("room", lambda m: m["room"]["seats"][1]["cover_after"] == 30)
    b.close()


def test_a_reload_race_never_lets_a_bot_move_in_another_players_seat(live) -> None:  # type: ignore[no-untyped-def]
    """The probe's attack: cover the opponent "after 0 s", then their 0.4 s reload hands their turn to a bot."""
    room, (t0, t1) = _two_humans(live)
    a, b = Viewer(live.ws_url, room, t0), Viewer(live.ws_url, room, t1)
    a.send({"type": "cover", "target": 1, "after": 0, "bot": "random"})
    a.send({"type": "move", "action": "p1", "turn": 0})
    a.until("ack")
    for _ in range(3):  # seat 1 reloads its page three times while it is its turn
        b.close()
        b = _reload(live, room, t1, 0.4)
    state = b.state
    assert state["view"]["to_move"] == 1 and state["step"] == 1
    b.send({"type": "move", "action": "p1", "turn": state["view"]["turn"]})
    assert b.until("ack")["step"] == 2  # the player made their own move: no bot took it
    history = b.until("state", lambda m: m["step"] == 2)["history"]["entries"]
    assert [e["bot"] for e in history] == [False]


def test_a_friend_who_joins_an_open_seat_is_not_covered_by_the_wait_chosen_for_it(live) -> None:  # type: ignore[no-untyped-def]
    made = create(live.url, game="drawtricks", players=2, seats=[{"kind": "human"}, {"kind": "open"}])
    room, t0, invite = made["room"]["id"], made["seats"][0]["token"], made["invites"][0]["invite"]
    r = httpx.post(
        f"{live.url}/api/rooms/{room}/seats/0/cover",
        json={"target": 1, "after": 0, "bot": "random"},
        headers={"Authorization": f"Bearer {t0}"},
    )
    assert r.status_code == 200  # nobody holds the open seat yet: no minimum wait
    joined = httpx.post(f"{live.url}/api/rooms/{room}/join", json={"invite": invite}).json()
    assert joined["room"]["seats"][1]["cover_after"] is None


def test_only_a_continuous_absence_counts_toward_the_wait(quick_cover, live) -> None:  # type: ignore[no-untyped-def]
    quick_cover.cover_min_wait = 1.0
    room, (t0, t1) = _two_humans(live)
    a, b = Viewer(live.ws_url, room, t0), Viewer(live.ws_url, room, t1)
    a.send({"type": "cover", "target": 1, "after": 1.0, "bot": "random"})
    a.send({"type": "move", "action": "p1", "turn": 0})
    a.until("ack")
    for _ in range(4):  # away 0.6 s at a time: 2.4 s in all, but never 1 s at once
        b.close()
        b = _reload(live, room, t1, 0.6)
    b.send({"type": "move", "action": "p1", "turn": b.state["view"]["turn"]})
    assert b.until("ack")["step"] == 2
    b.close()  # now away for good: the stand-in comes after the wait
    a.until("room", lambda m: m["room"]["seats"][1]["stand_in"] == "random")
