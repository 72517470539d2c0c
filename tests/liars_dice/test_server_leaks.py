"""Over the real server: no message ever shows a seat another cup of the round in play.

tests/server/test_leaks.py checks the built-in games it names; this plays Liar's Dice the same way
(a WebSocket per seat and a spectator, random legal moves, a bot seat), then replays the record and
checks every message each viewer got: exactly the engine's view and events for that viewer, and no
other seat's current cup anywhere in it (only its own cup and the cups of rounds already revealed).
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

pytest.importorskip("fastapi")
pytest.importorskip("websockets")

SERVER_TESTS = str(Path(__file__).resolve().parents[1] / "server")
if SERVER_TESTS not in sys.path:
    sys.path.insert(0, SERVER_TESTS)

from server_helpers import LiveServer, Viewer, create  # noqa: E402

from boardgamesbot import load_game  # noqa: E402
from boardgamesbot.server.config import Settings  # noqa: E402


@pytest.fixture
def live(tmp_path: Path) -> Iterator[LiveServer]:
    with LiveServer(Settings(data_dir=tmp_path, bot_workers=0, bot_delay=0.0, bot_time_limit=10.0)) as server:
        yield server


def _json(value: Any) -> Any:
    return json.loads(json.dumps(value))


def _lists(value: Any) -> list[tuple[int, ...]]:
    """Every list of whole numbers anywhere in a message."""
    if isinstance(value, dict):
        return [x for v in value.values() for x in _lists(v)]
    if isinstance(value, list):
        own = [tuple(value)] if value and all(isinstance(v, int) and not isinstance(v, bool) for v in value) else []
        return own + [x for v in value for x in _lists(v)]
    return []


def test_no_message_shows_another_cup_in_play(live: LiveServer) -> None:
    made = create(
        live.url,
        game="liars_dice",
        players=3,
        variant={"dice": 2, "spot_on": True},
        seats=[{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "greedy"}],
    )
    room = made["room"]["id"]
    tokens = {s["seat"]: s["token"] for s in made["seats"]}
    viewers: dict[int | None, Viewer] = {seat: Viewer(live.ws_url, room, tok) for seat, tok in tokens.items()}
    viewers[None] = Viewer(live.ws_url, room)
    spectator = viewers[None]
    rng = random.Random(3)
    while not spectator.state["view"]["over"]:
        step, to_move = spectator.state["step"], spectator.state["view"]["to_move"]
        if to_move in tokens:
            view = viewers[to_move].at_step(step)["view"]
            viewers[to_move].send({"type": "move", "action": rng.choice(view["legal"]), "turn": view["turn"]})
        for v in viewers.values():
            v.at_step(step + 1)
    for v in viewers.values():
        v.at_step(spectator.state["step"])

    record = httpx.get(f"{live.url}/api/rooms/{room}/record").json()
    game = load_game("liars_dice")
    state = game.new(record["players"], seed=record["seed"], variant=record["variant"])
    steps = [(state.clone(), [])]
    for code in record["actions"]:
        events = state.apply(code)
        steps.append((state.clone(), events))
    assert len(record["actions"]) > 4 and any(s.rounds for s, _ in steps)
    checked = 0
    for seat, viewer in viewers.items():
        for msg in viewer.messages:
            if msg["type"] != "state":
                continue
            now, events = steps[msg["step"]]
            assert msg["view"] == _json(now.view(seat))
            assert msg["events"] == (_json([e.for_viewer(seat) for e in events]) if msg["last"] else [])
            public = {tuple(cup) for r in msg["view"]["rounds"] for cup in r["dice"]}
            own = {tuple(now.dice[seat])} if seat is not None else set()
            hidden = {tuple(cup) for s, cup in enumerate(now.dice) if s != seat and cup} - public - own
            sent = {k: v for k, v in msg.items() if k != "room"}  # the room summary: seats, teams ([[0], [1], [2]])
            leaked = hidden & set(_lists(sent))
            assert not leaked, f"seat {seat} was sent another cup {leaked} at step {msg['step']}"
            checked += 1
    assert checked > 20
