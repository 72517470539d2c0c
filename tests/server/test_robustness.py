"""The game survives anything a client sends, races and a failing database."""

from __future__ import annotations

import json

import httpx
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from server_helpers import Viewer, create

from boardgamesbot.server.storage import Store

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
MESSAGES = st.one_of(
    st.text(max_size=60),  # not JSON at all, mostly
    JSON.map(json.dumps),
    st.fixed_dictionaries(
        {"type": st.sampled_from(["move", "sync", "hello", "ping", "x", ""])},
        optional={"action": JSON, "turn": JSON, "seat": JSON, "id": JSON, "token": JSON, "lang": JSON},
    ).map(json.dumps),
)


def test_random_junk_never_breaks_the_connection_or_the_game(live) -> None:  # type: ignore[no-untyped-def]
    made = create(live.url, game="drawtricks", players=2, seats=[{"kind": "human"}, {"kind": "human"}])
    room, tokens = made["room"]["id"], [s["token"] for s in made["seats"]]
    spectator = Viewer(live.ws_url, room)
    seat1 = Viewer(live.ws_url, room, tokens[1])  # not to move: nothing it sends can be a legal move

    @settings(suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow], deadline=None)
    @given(MESSAGES)
    def check(text: str) -> None:
        for viewer in (spectator, seat1):
            viewer.send(text)
            viewer.send({"type": "ping", "id": "after"})
            viewer.until("pong", lambda m: m["id"] == "after")  # still connected and answering

    check()
    for viewer in (spectator, seat1):
        assert all(m["type"] in {"error", "pong", "state", "room", "welcome", "chat"} for m in viewer.messages)
    body = httpx.get(f"{live.url}/api/rooms/{room}").json()
    assert body["step"] == 0  # and the game did not move


def test_two_copies_of_one_move_are_played_once(live) -> None:  # type: ignore[no-untyped-def]
    made = create(live.url, game="drawtricks", players=2, seats=[{"kind": "human"}, {"kind": "human"}])
    room, token = made["room"]["id"], made["seats"][0]["token"]
    tab1, tab2 = Viewer(live.ws_url, room, token), Viewer(live.ws_url, room, token)  # one player, two tabs
    tab1.send({"type": "move", "action": "p1", "turn": 0})
    tab2.send({"type": "move", "action": "p2", "turn": 0})
    outcomes = sorted(_outcome(tab) for tab in (tab1, tab2))
    assert outcomes[0] == "ack" and outcomes[1] in ("not_your_turn", "stale")
    assert httpx.get(f"{live.url}/api/rooms/{room}").json()["step"] == 1


def _outcome(viewer: Viewer) -> str:
    """ "ack" if the viewer's move was played, else the refusal's code."""
    msg = viewer.recv()
    while msg["type"] not in ("ack", "error"):
        msg = viewer.recv()
    return "ack" if msg["type"] == "ack" else str(msg["code"])


def test_a_failed_commit_refuses_the_move_and_changes_nothing(live, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    made = create(live.url, game="drawtricks", players=2, seats=[{"kind": "human"}, {"kind": "human"}])
    room, token = made["room"]["id"], made["seats"][0]["token"]
    real = Store.append_actions

    def broken(self, batch):  # type: ignore[no-untyped-def]
        raise OSError("disk full")

    monkeypatch.setattr(Store, "append_actions", broken)
    me = Viewer(live.ws_url, room, token)
    me.send({"type": "move", "action": "p1", "turn": 0})
    err = me.until("error")
    assert err["code"] == "storage_error"
    body = httpx.get(f"{live.url}/api/rooms/{room}").json()
    assert body["step"] == 0 and body["view"]["log"] == []
    monkeypatch.setattr(Store, "append_actions", real)
    me.send({"type": "move", "action": "p1", "turn": 0})
    assert me.until("ack")["step"] == 1


def test_an_engine_fault_is_reported_and_leaves_the_game_as_it_was(live, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from server_toy_game import ToyState

    made = create(live.url, game="drawtricks", players=2, seats=[{"kind": "human"}, {"kind": "human"}])
    room, token = made["room"]["id"], made["seats"][0]["token"]
    me = Viewer(live.ws_url, room, token)
    hand = me.state["view"]["hand"]
    real = ToyState._apply

    def half_done(self, action):  # type: ignore[no-untyped-def]
        self.hands[self.current].pop()  # mutate, then fail
        raise RuntimeError("engine bug")

    monkeypatch.setattr(ToyState, "_apply", half_done)
    me.send({"type": "move", "action": "p1", "turn": 0, "id": 1})
    err = me.until("error")
    assert err["code"] == "internal" and err["id"] == 1
    monkeypatch.setattr(ToyState, "_apply", real)
    me.send({"type": "sync"})
    assert me.until("state")["view"]["hand"] == hand  # the half-done move left no trace
    me.send({"type": "move", "action": "p1", "turn": 0})
    assert me.until("ack")["step"] == 1


def test_a_rolled_back_final_move_reveals_nothing_to_a_waiting_replay(live, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The reveal check runs under the room lock: a final move whose commit fails ends no game."""
    import threading

    made = create(live.url, game="drawtricks", players=2, seats=[{"kind": "human"}, {"kind": "human"}])
    room, tokens = made["room"]["id"], [s["token"] for s in made["seats"]]
    players = [Viewer(live.ws_url, room, t) for t in tokens]
    while True:  # play to the last move
        state = players[0].state
        view = state["view"]
        if sum(view["hand_sizes"]) == 1:  # the next move ends the game
            break
        mover = players[view["to_move"]]
        mover.at_step(state["step"])
        mover.send({"type": "move", "action": "p1", "turn": view["turn"]})
        for p in players:
            p.at_step(state["step"] + 1)
    entered, release = threading.Event(), threading.Event()
    real = Store.append_actions

    def failing_final_commit(self, batch):  # type: ignore[no-untyped-def]
        entered.set()
        release.wait(20)
        raise OSError("disk full")

    monkeypatch.setattr(Store, "append_actions", failing_final_commit)
    last = players[view["to_move"]]
    last.send({"type": "move", "action": "p1", "turn": view["turn"]})
    assert entered.wait(20)  # the final move is applied and waits on its commit, holding the room lock
    answer: dict[str, httpx.Response] = {}
    asking = threading.Thread(
        target=lambda: answer.setdefault("r", httpx.get(f"{live.url}/api/rooms/{room}/replay?reveal=1", timeout=30))
    )
    asking.start()
    lock = live.hub.rooms[room].lock
    for _ in range(400):  # until the replay request waits for the room lock
        if lock._waiters:
            break
        threading.Event().wait(0.01)
    release.set()
    asking.join(30)
    assert last.until("error")["code"] == "storage_error"
    monkeypatch.setattr(Store, "append_actions", real)
    r = answer["r"]
    assert r.status_code == 403 and r.json()["error"]["code"] == "forbidden", r.text[:300]
    assert "position" not in r.text
