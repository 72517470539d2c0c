"""The WebSocket protocol: playing, and every kind of bad input refused in place."""

from __future__ import annotations

import json

import pytest
from server_helpers import Viewer, create


def _room(live, kinds=("human", "human")):  # type: ignore[no-untyped-def]
    made = create(live.url, game="drawtricks", players=len(kinds), seats=[{"kind": k, "bot": "random"} for k in kinds])
    return made["room"]["id"], [s["token"] for s in made["seats"]]


def test_full_game_against_a_bot_reaches_the_end(live) -> None:  # type: ignore[no-untyped-def]
    room, (token,) = _room(live, ("human", "bot"))
    me = Viewer(live.ws_url, room, token)
    assert me.welcome["seat"] == 0 and me.state["view"]["hand"] is not None
    while not me.state["view"]["over"]:
        view, step = me.state["view"], me.state["step"]
        if view["to_move"] == 0:
            me.send({"type": "move", "action": view["legal"][0], "turn": view["turn"], "id": "m"})
            ack = me.until("ack")
            assert ack["id"] == "m" and ack["turn"] == view["turn"] + 1
        me.until("state", lambda m, step=step: m["step"] > step or m["view"]["over"])
    outcome = me.state["view"]["outcome"]
    assert outcome["termination"] == "hands_empty"
    # the history the client assembled covers every move, bot moves marked as such
    assert me.state["room"]["status"] == "over"
    assert any(e["bot"] for m in me.messages if m["type"] == "state" for e in m["history"]["entries"])


def _error(v: Viewer) -> dict:  # type: ignore[type-arg]
    return v.until("error")


def test_bad_input_gets_clear_errors_and_the_connection_survives(live) -> None:  # type: ignore[no-untyped-def]
    room, (t0, t1) = _room(live)
    a = Viewer(live.ws_url, room, t0)
    view = a.state["view"]
    a.send("{not json")
    assert _error(a)["code"] == "bad_json"
    a.send("[1, 2]")
    assert _error(a)["code"] == "bad_message"
    a.send({"type": "dance"})
    err = _error(a)
    assert err["code"] == "bad_message" and "dance" in err["message"]
    a.send({"type": "move", "action": "p1", "turn": view["turn"], "pad": "x" * 20000})
    assert _error(a)["code"] == "too_large"
    a.send({"type": "move", "turn": view["turn"]})
    assert "action" in _error(a)["message"]
    a.send({"type": "move", "action": "p1", "turn": "zero"})
    assert _error(a)["code"] == "bad_message"
    a.send({"type": "move", "action": "zz", "turn": view["turn"], "id": 7})
    err = _error(a)
    assert err["code"] == "invalid_action_text" and err["rule_id"] == "CORE-SYNTAX" and err["id"] == 7
    a.send({"type": "move", "action": "p1", "turn": view["turn"], "seat": 1})
    assert _error(a)["code"] == "forbidden"
    a.send({"type": "hello", "token": t1})
    assert _error(a)["code"] == "bad_message"
    # after all that the game is untouched and the same connection can still play
    a.send({"type": "ping", "id": 3})
    assert a.until("pong")["id"] == 3
    a.send({"type": "move", "action": "d1", "turn": view["turn"]})
    a.until("ack")
    assert a.until("state")["step"] == 1
    a.send({"type": "move", "action": "d2", "turn": view["turn"] + 1})  # a legal form, but one draw per turn
    err = _error(a)
    assert err["code"] == "illegal_action" and err["rule_id"] == "DT-DRAW"
    assert a.state["step"] == 1  # refused: nothing changed


def test_stale_and_out_of_turn_moves_change_nothing(live) -> None:  # type: ignore[no-untyped-def]
    room, (t0, t1) = _room(live)
    a, b = Viewer(live.ws_url, room, t0), Viewer(live.ws_url, room, t1)
    turn0 = a.state["view"]["turn"]
    b.send({"type": "move", "action": "p1", "turn": turn0})
    assert _error(b)["code"] == "not_your_turn"
    a.send({"type": "move", "action": "p2", "turn": turn0})
    a.until("ack")
    b.at_step(1)
    # seat 1 now moves, but a copy of the message chosen for the old turn is refused as stale
    b.send({"type": "move", "action": "p1", "turn": turn0})
    err = _error(b)
    assert err["code"] == "stale" and err["turn"] == turn0 + 1
    assert b.until("state")["step"] == 1  # a fresh state follows the refusal
    b.send({"type": "move", "action": "p1", "turn": turn0 + 1})
    b.until("ack")
    assert a.at_step(2)["view"]["log"] == ["p2", "p1"]


def test_spectator_sees_no_hand_and_cannot_move(live) -> None:  # type: ignore[no-untyped-def]
    room, _ = _room(live)
    spy = Viewer(live.ws_url, room)
    assert spy.welcome["seat"] is None and spy.state["view"]["hand"] is None
    spy.send({"type": "move", "action": "p1", "turn": 0})
    assert _error(spy)["code"] == "forbidden"
    spy.send({"type": "bot", "on": True})
    assert _error(spy)["code"] == "forbidden"


def test_hello_first_wrong_token_and_unknown_room(live) -> None:  # type: ignore[no-untyped-def]
    from websockets.sync.client import connect

    room, _ = _room(live)
    with connect(f"{live.ws_url}/ws/rooms/{room}") as ws:
        ws.send(json.dumps({"type": "move", "action": "p1", "turn": 0}))
        assert json.loads(ws.recv(timeout=10))["code"] == "hello_first"
        ws.send(json.dumps({"type": "hello", "token": "not-a-token"}))
        assert json.loads(ws.recv(timeout=10))["code"] == "bad_token"
        ws.send(json.dumps({"type": "hello"}))  # the connection survived: watch instead
        assert json.loads(ws.recv(timeout=10))["type"] == "welcome"
    with connect(f"{live.ws_url}/ws/rooms/nosuchroom") as ws:
        assert json.loads(ws.recv(timeout=10))["code"] == "unknown_room"


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_errors_and_descriptions_follow_the_language(live, lang: str) -> None:  # type: ignore[no-untyped-def]
    room, (t0, _) = _room(live)
    a = Viewer(live.ws_url, room, t0, lang=lang)
    assert a.state["legal_text"]["p1"] == ("play card 1 of your hand" if lang == "en" else "jogar a carta 1 da mão")
    a.send({"type": "move", "action": "p9", "turn": 0})
    message = _error(a)["message"]
    assert ("não entendi a jogada" in message) == (lang == "pt")
