"""No message ever tells a viewer more than its own ``view``.

Full games are played over real WebSockets with a connection per seat and a
spectator. Afterwards the game is replayed from its record and every message
each viewer received is checked two ways:

1. exactly: its view, events, history and legal moves equal what the engine
   gives that viewer at that step, and it carries no other keys;
2. against the hidden state at that step: other hands, the bag or deck order,
   face-down values the viewer never looked at, other seats' tokens, the seed.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import httpx
import pytest
from server_helpers import Viewer, create, replay_all
from server_toy_game import ToyState, hidden_values

from boardgamesbot.core import load_game

STATE_KEYS = {"type", "room", "seat", "turn", "step", "view", "legal_text", "history", "events", "last"}
ROOM_KEYS = {
    "id",
    "game",
    "ui",
    "title",
    "players",
    "variant",
    "lang",
    "status",
    "turn",
    "step",
    "to_move",
    "teams",
    "reveal_at_end",
    "seats",
    "public",
    "rated",
    "clock",
}
OPTIONAL_ROOM_KEYS = {"rematch", "rating"}  # present once a rematch is offered / in rated rooms
SEAT_KEYS = {
    "seat",
    "name",
    "kind",
    "bot",
    "claimed",
    "connected",
    "stand_in",
    "away",
    "cover_after",
    "account",
    "stand_in_reason",
}
KNOWN_TYPES = {"welcome", "state", "room", "ack", "error", "pong", "chat"}


def _json(value: Any) -> Any:
    return json.loads(json.dumps(value))


def _play(live, game: str, seats: list[str], seed: int, variant: dict | None = None):  # type: ignore[no-untyped-def]
    """Play a full game by random legal moves; returns (room id, tokens, viewers by seat + spectator)."""
    made = create(
        live.url,
        game=game,
        players=len(seats),
        variant=variant or {},
        seats=[{"kind": k, "bot": "random"} for k in seats],
    )
    room = made["room"]["id"]
    tokens = {s["seat"]: s["token"] for s in made["seats"]}
    viewers: dict[int | None, Viewer] = {seat: Viewer(live.ws_url, room, tok) for seat, tok in tokens.items()}
    viewers[None] = Viewer(live.ws_url, room)
    rng = random.Random(seed)
    spectator = viewers[None]
    while True:
        state = spectator.state
        if state["view"]["over"]:
            break
        step, to_move = state["step"], state["view"]["to_move"]
        if to_move in tokens:
            mine = viewers[to_move].at_step(step)
            view = mine["view"]
            viewers[to_move].send({"type": "move", "action": rng.choice(view["legal"]), "turn": view["turn"]})
        for v in viewers.values():
            v.at_step(step + 1)
    for v in viewers.values():
        v.at_step(spectator.state["step"])
    return room, tokens, viewers


def _replay(game_name: str, record: dict) -> list[tuple[Any, list[Any]]]:  # type: ignore[type-arg]
    """(state clone, events) after each step, from the record alone."""
    game = load_game(game_name) if game_name != "drawtricks" else None
    if game is None:
        from server_toy_game import GAME as game  # type: ignore[no-redef]
    state = game.new(record["players"], seed=record["seed"], variant=record["variant"])
    out = [(state.clone(), [])]
    for code in record["actions"]:
        events = state.apply(code)
        out.append((state.clone(), events))
    return out


def _ints(value: Any) -> set[int]:
    if isinstance(value, bool):
        return set()
    if isinstance(value, int):
        return {value}
    if isinstance(value, dict):
        return set().union(*(_ints(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(_ints(v) for v in value)) if value else set()
    return set()


def _strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return []


def _check_hidden(game: str, state: Any, seat: int | None, msg: dict, raw: str) -> None:  # type: ignore[type-arg]
    """Game-specific scan of one message against what ``seat`` may not know at this step."""
    if game == "drawtricks":
        assert isinstance(state, ToyState)
        leaked = _ints(msg) & hidden_values(state, seat)
        assert not leaked, f"seat {seat} was sent hidden cards {leaked}"
    elif game == "crosswise":
        from boardgamesbot.games.crosswise.tiles import tiles_text

        own = tiles_text(state.hands[seat]) if seat is not None else None
        public = set(msg["view"]["known"])  # tiles a hand was seen to hold are public knowledge
        others = {tiles_text(h) for s, h in enumerate(state.hands) if s != seat} - {own} - public
        leaked = others.intersection(_strings(msg))
        assert not leaked, f"seat {seat} was sent another hand {leaked}"
        bag = re.search(r"bag=(\S+)", state.to_position())
        if bag and len(bag.group(1)) >= 8:
            assert bag.group(1) not in raw, "the bag order leaked"
    elif game == "alcatraz":
        view = msg["view"]
        bit = 0 if seat is None else 1 << seat
        for r, row in enumerate(state.rows):
            for i, card in enumerate(row):
                shown = view["rows"][r][i]["v"]
                if shown is not None:
                    assert state.up[card] or state.known[card] & bit, (
                        f"seat {seat} was sent face-down card {r}/{i} it never looked at"
                    )
        held = view.get("held")
        if held and held["from"] == "deck" and seat != state.current:
            assert held["v"] is None, "a card drawn from the deck leaked to another seat"


GAMES = [
    pytest.param("drawtricks", ["human", "human", "human"], id="toy-3"),
    pytest.param("drawtricks", ["human", "bot"], id="toy-2-bot"),
    pytest.param("crosswise", ["human", "human"], id="crosswise-2"),
    pytest.param("crosswise", ["human", "bot", "human", "bot"], id="crosswise-4-bots"),
    pytest.param("alcatraz", ["human", "human", "bot"], id="alcatraz-3-bot"),
    pytest.param("alcatraz", ["human", "human"], id="alcatraz-2-memory-aid"),
]


@pytest.mark.parametrize(("game", "seats"), GAMES)
def test_no_message_leaks_hidden_state(live, game: str, seats: list[str]) -> None:  # type: ignore[no-untyped-def]
    if game != "drawtricks":
        pytest.importorskip(f"boardgamesbot.games.{game}")
    variant = {"turn_cap": 12, "memory_aid": len(seats) == 2} if game == "alcatraz" else None
    room, tokens, viewers = _play(live, game, seats, seed=len(seats), variant=variant)
    record = httpx.get(f"{live.url}/api/rooms/{room}/record").json()
    steps = _replay(game, record)
    assert len(steps) - 1 == len(record["actions"]) > 0
    seed_text = str(record["seed"])
    for seat, viewer in viewers.items():
        other_tokens = [t for s, t in tokens.items() if s != seat]
        history: list[str] = []
        assert {m["type"] for m in viewer.messages} <= KNOWN_TYPES
        for msg, raw in zip(viewer.messages, viewer.raw, strict=True):
            assert seed_text not in raw, "the seed left the server"
            assert not any(t in raw for t in other_tokens), "another seat's token was sent"
            if msg["type"] in ("state", "welcome", "room"):
                assert ROOM_KEYS <= set(msg["room"]) <= ROOM_KEYS | OPTIONAL_ROOM_KEYS
                assert all(set(s) == SEAT_KEYS for s in msg["room"]["seats"])
            if msg["type"] != "state":
                continue
            assert set(msg) == STATE_KEYS
            state, events = steps[msg["step"]]
            assert msg["view"] == _json(state.view(seat)), f"step {msg['step']}: view differs for seat {seat}"
            assert msg["seat"] == seat
            if msg["last"] is not None:
                assert msg["events"] == _json([e.for_viewer(seat) for e in events])
            else:
                assert msg["events"] == []
            assert set(msg["legal_text"]) == set(msg["view"]["legal"])
            start = msg["history"]["from"]
            history[start:] = [e["action"] for e in msg["history"]["entries"]]
            assert history == record["actions"][: msg["step"]]
            _check_hidden(game, state, seat, msg, raw)
    # after the end each seat's replay shows exactly its own views, step by step (the log once per page)
    for seat, token in tokens.items():
        replay = replay_all(live.url, room, seat, token)
        assert [f["view"] for f in replay["frames"]] == [_without_log(s.view(seat)) for s, _ in steps]
        assert "position" not in replay["frames"][-1]
    spectator = replay_all(live.url, room)
    assert [f["view"] for f in spectator["frames"]] == [_without_log(s.view(None)) for s, _ in steps]


def _without_log(view: dict) -> Any:  # type: ignore[type-arg]
    return _json({k: v for k, v in view.items() if k != "log"})
