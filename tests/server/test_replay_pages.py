"""Replays are paged, validated, compressed, and before the end hold only what a seat may know now."""

from __future__ import annotations

import gzip
import json
import random
from typing import Any

import httpx
import pytest
from server_helpers import Viewer, create, replay_all

from boardgamesbot.core import load_game


def _finished_toy(live) -> tuple[str, str, int]:  # type: ignore[no-untyped-def]
    made = create(live.url, game="drawtricks", players=2, seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}])
    room, token = made["room"]["id"], made["seats"][0]["token"]
    me = Viewer(live.ws_url, room, token)
    while not me.state["view"]["over"]:
        view = me.state["view"]
        if view["to_move"] == 0:
            me.send({"type": "move", "action": view["legal"][0], "turn": view["turn"]})
        me.recv()
    return room, token, me.state["step"]


def test_replay_pages_hold_the_asked_frames(live) -> None:  # type: ignore[no-untyped-def]
    room, token, steps = _finished_toy(live)
    whole = replay_all(live.url, room, 0, token)
    assert [f["step"] for f in whole["frames"]] == list(range(steps + 1))
    page = httpx.get(
        f"{live.url}/api/rooms/{room}/seats/0/replay",
        params={"from": 2, "limit": 3},
        headers={"Authorization": f"Bearer {token}"},
    ).json()
    assert [f["step"] for f in page["frames"]] == [2, 3, 4]
    assert page["frames"] == whole["frames"][2:5]
    assert page["next"] == 5 and page["steps"] == steps
    assert page["log"] == [f["action"] for f in whole["frames"][1:5]]  # the codes up to the page's last frame


@pytest.mark.parametrize(
    "query",
    [
        "limit=101",
        "limit=0",
        "from=-1",
        "from=999999",
        "step=²",
        "step=٣",
        f"step={'9' * 5000}",
        "reveal=maybe",
        "as=9",
    ],
)
def test_bad_replay_parameters_are_refused_not_faults(live, query: str) -> None:  # type: ignore[no-untyped-def]
    room, _, _ = _finished_toy(live)
    r = httpx.get(f"{live.url}/api/rooms/{room}/replay?{query}")
    assert r.status_code == 400, (query, r.status_code, r.text[:200])
    assert r.json()["error"]["code"] == "bad_message"


def test_a_revealed_page_is_compressed_and_shows_one_chosen_seat(live) -> None:  # type: ignore[no-untyped-def]
    room, _, steps = _finished_toy(live)
    with httpx.Client(headers={"Accept-Encoding": "gzip"}) as client:
        r = client.get(f"{live.url}/api/rooms/{room}/replay", params={"reveal": 1, "as": 1, "limit": 100})
    assert r.status_code == 200 and r.headers["content-encoding"] == "gzip"
    page = r.json()
    assert page["revealed"] and page["as"] == 1 and len(page["frames"]) == min(100, steps + 1)
    assert all("position" in f and f["view"]["seat"] == 1 and f["view"]["hand"] is not None for f in page["frames"])
    raw = httpx.get(
        f"{live.url}/api/rooms/{room}/replay", params={"reveal": 1}, headers={"Accept-Encoding": "identity"}
    )
    assert "content-encoding" not in raw.headers and json.loads(raw.content)["revealed"]


def _gz_size(body: Any) -> int:
    return len(gzip.compress(json.dumps(body).encode()))


def _face_down_values(frame: dict[str, Any]) -> list[Any]:
    view = frame["view"]
    shown = [card["v"] for row in view["rows"] for card in row if not card["up"] and card["v"] is not None]
    held = view.get("held")
    if held and held["from"] == "deck" and held["v"] is not None:
        shown.append(("held", held["v"]))
    return shown


@pytest.fixture
def many_replays(settings):  # type: ignore[no-untyped-def]
    settings.replays_per_minute = 0  # this test asks for every replay at every step
    return settings


@pytest.mark.parametrize("memory_aid", [False, True])
def test_before_the_end_a_seats_replay_shows_only_what_it_may_know_now(many_replays, live, memory_aid: bool) -> None:  # type: ignore[no-untyped-def]
    """Alcatraz is a memory game: the replay must not show again the cards a seat looked at (memory aid off)."""
    pytest.importorskip("boardgamesbot.games.alcatraz")
    made = create(
        live.url,
        game="alcatraz",
        players=2,
        variant={"turn_cap": 3, "memory_aid": memory_aid},
        seats=[{"kind": "human"}, {"kind": "human"}],
    )
    room = made["room"]["id"]
    tokens = {s["seat"]: s["token"] for s in made["seats"]}
    viewers = {seat: Viewer(live.ws_url, room, tok) for seat, tok in tokens.items()}
    rng = random.Random(7)
    seen: list[tuple[int, int, dict[str, Any]]] = []  # (step, seat, replay) at every step before the end
    looked = 0
    while True:
        state = viewers[0].state
        step = state["step"]
        if state["view"]["over"]:
            break
        for seat, token in tokens.items():
            replay = replay_all(live.url, room, seat, token)
            assert [f["step"] for f in replay["frames"]] == list(range(step + 1))
            seen.append((step, seat, replay))
        to_move = state["view"]["to_move"]
        mine = viewers[to_move].at_step(step)["view"]
        looked += sum(1 for row in mine["rows"] for c in row if not c["up"] and c["v"] is not None)
        viewers[to_move].send({"type": "move", "action": rng.choice(mine["legal"]), "turn": mine["turn"]})
        for v in viewers.values():
            v.at_step(step + 1)
    assert looked > 0, "the game never showed a face-down value in the moment: the test would prove nothing"
    record = httpx.get(f"{live.url}/api/rooms/{room}/record").json()
    game = load_game("alcatraz")
    states = [game.new(2, seed=record["seed"], variant=record["variant"])]
    events: list[list[Any]] = [[]]
    for code in record["actions"]:
        nxt = states[-1].clone()
        events.append(nxt.apply(code))
        states.append(nxt)
    if not memory_aid:  # what a person cares about first: no card value they looked at shows again
        for step, seat, replay in seen:
            for frame in replay["frames"]:
                assert _face_down_values(frame) == [], f"seat {seat} at step {step} saw again frame {frame['step']}"
    for step, seat, replay in seen:  # and exactly: every frame is the view without the moment's values
        for frame in replay["frames"]:
            k = frame["step"]
            expected = {key: v for key, v in states[k].view(seat, moment=False).items() if key != "log"}
            assert frame["view"] == json.loads(json.dumps(expected)), f"seat {seat} at step {step}, frame {k}"
            assert frame["events"] == json.loads(json.dumps([e.for_viewer(None) for e in events[k]]))
