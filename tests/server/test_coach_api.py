"""The learning endpoints (server/coach.py, server/learnapi.py): hints, "why?", reviews, the guided game.

They run on the shared test game, whose LearnKit has a three-step guided game
and explanations with a public and a private part.
"""

from __future__ import annotations

import time
from typing import Any

import httpx
import pytest
from fresh_loop import run_fresh
from server_helpers import TIMEOUT, create
from test_accounts import register

from boardgamesbot.core import register_game, unregister_game
from boardgamesbot.testing import DrawTricksGame


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _error(r: httpx.Response, status: int, code: str) -> dict[str, Any]:
    assert r.status_code == status, r.text
    err = r.json()["error"]
    assert err["code"] == code and err["message"]
    return err


@pytest.fixture
def fast(settings):  # type: ignore[no-untyped-def]
    settings.hint_iterations = 40
    settings.review_iterations = 16
    settings.review_weigh = 8
    return settings


def test_a_hint_for_the_seat_to_move_and_only_for_it(live, fast) -> None:  # type: ignore[no-untyped-def]
    room = create(live.url, game="drawtricks", players=2, seats=[{"kind": "human"}, {"kind": "human"}])
    rid, t0, t1 = room["room"]["id"], room["seats"][0]["token"], room["seats"][1]["token"]
    assert room["room"]["hints"] is True
    url = f"{live.url}/api/rooms/{rid}/seats/0/hint"
    _error(httpx.get(url), 401, "bad_token")
    _error(httpx.get(url, headers=_auth(t1)), 403, "forbidden")
    _error(httpx.get(f"{live.url}/api/rooms/{rid}/seats/1/hint", headers=_auth(t1)), 409, "not_your_turn")
    r = httpx.get(url, headers=_auth(t0), params={"lang": "pt"}, timeout=TIMEOUT)
    assert r.status_code == 200, r.text
    hint = r.json()["hint"]
    assert hint["move"] in {"p1", "p2", "p3", "d1", "d2", "d3"} and hint["lines"] and hint["private"]
    assert any("Sua mão" in line for line in hint["lines"]) and hint["point"]
    again = httpx.get(url, headers=_auth(t0), params={"lang": "pt"}, timeout=TIMEOUT).json()
    assert again == r.json()  # the same turn: the cached hint


def test_hints_off_and_rated_rooms_refuse_hints(live, fast) -> None:  # type: ignore[no-untyped-def]
    off = create(
        live.url, game="drawtricks", players=2, hints=False, seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}]
    )
    assert off["room"]["hints"] is False
    r = httpx.get(f"{live.url}/api/rooms/{off['room']['id']}/seats/0/hint", headers=_auth(off["seats"][0]["token"]))
    _error(r, 403, "hints_off")
    r = httpx.get(f"{live.url}/api/rooms/{off['room']['id']}/explain/1")
    assert r.status_code in (400, 403)
    # A real rated table (social, issue 16): hints asked for are stored off, and the seat's account is refused.
    ana, bia = register(live, "ana"), register(live, "bia")
    r = ana.post("/api/rooms", json={"game": "drawtricks", "players": 2, "rated": True, "hints": True,
                                     "seats": [{"kind": "human"}, {"kind": "open"}]})  # fmt: skip
    assert r.status_code == 201, r.text
    rid, invite = r.json()["room"]["id"], r.json()["invites"][0]["invite"]
    assert r.json()["room"]["rated"] is True and r.json()["room"]["hints"] is False
    assert bia.post(f"/api/rooms/{rid}/join", json={"invite": invite}).status_code == 200
    err = _error(ana.get(f"/api/rooms/{rid}/seats/0/hint", timeout=TIMEOUT), 403, "hints_off")
    assert "rated" in err["message"]
    assert live.hub.rooms[rid].data.options["hints"] is False
    _error(ana.get(f"/api/rooms/{rid}/seats/1/hint"), 401, "bad_token")  # not ana's seat: as for its moves
    _error(httpx.post(f"{live.url}/api/rooms", json={"game": "drawtricks", "hints": "yes"}), 400, "bad_message")


def test_a_signed_in_player_gets_hints_without_a_seat_token(live, fast) -> None:  # type: ignore[no-untyped-def]
    ana = register(live, "cai")
    r = ana.post("/api/rooms", json={"game": "drawtricks", "players": 2,
                                     "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]})  # fmt: skip
    assert r.status_code == 201, r.text
    rid = r.json()["room"]["id"]
    hint = ana.get(f"/api/rooms/{rid}/seats/0/hint", timeout=TIMEOUT)
    assert hint.status_code == 200, hint.text
    assert hint.json()["seat"] == 0 and hint.json()["hint"]["private"]
    _error(httpx.get(f"{live.url}/api/rooms/{rid}/seats/0/hint"), 401, "bad_token")  # no cookie, no token


def _finished_room(live, **body: Any) -> dict[str, Any]:  # type: ignore[no-untyped-def]
    room = create(
        live.url, game="drawtricks", players=2, seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}], **body
    )
    rid, token = room["room"]["id"], room["seats"][0]["token"]
    for _ in range(40):
        state = httpx.get(f"{live.url}/api/rooms/{rid}/seats/0", headers=_auth(token)).json()
        if state["view"]["over"]:
            return room
        if state["view"]["to_move"] == 0:
            code = next(c for c in state["view"]["legal"] if c.startswith("p"))
            httpx.post(
                f"{live.url}/api/rooms/{rid}/seats/0/move",
                headers=_auth(token),
                json={"action": code, "turn": state["turn"]},
            )
        else:
            time.sleep(0.05)
    raise AssertionError("the game did not end")


def test_why_gives_the_mover_every_reason_and_others_the_public_ones(live, fast) -> None:  # type: ignore[no-untyped-def]
    room = create(live.url, game="drawtricks", players=2, seats=[{"kind": "bot", "bot": "random"}, {"kind": "human"}])
    rid, token = room["room"]["id"], room["seats"][0]["token"]
    deadline = time.monotonic() + TIMEOUT
    while httpx.get(f"{live.url}/api/rooms/{rid}").json()["step"] < 1:
        assert time.monotonic() < deadline
        time.sleep(0.05)
    public = httpx.get(f"{live.url}/api/rooms/{rid}/explain/1", headers=_auth(token), timeout=TIMEOUT)
    assert public.status_code == 200, public.text
    exp = public.json()["explanation"]
    assert public.json()["bot"] is True and exp["private"] is False
    assert exp["public"] and "lines" not in exp and "win_chance" not in exp  # nothing the bot alone knew
    _error(httpx.get(f"{live.url}/api/rooms/{rid}/explain/9"), 400, "bad_message")
    _error(httpx.get(f"{live.url}/api/rooms/{rid}/explain/0"), 400, "bad_message")


def test_a_review_after_the_end_for_the_seat_or_everyone_if_revealed(live, fast) -> None:  # type: ignore[no-untyped-def]
    early = create(live.url, game="drawtricks", players=2, seats=[{"kind": "human"}, {"kind": "human"}])
    _error(httpx.get(f"{live.url}/api/rooms/{early['room']['id']}/review/0"), 409, "not_over")
    room = _finished_room(live)
    rid, token = room["room"]["id"], room["seats"][0]["token"]
    url = f"{live.url}/api/rooms/{rid}/review/0"
    deadline = time.monotonic() + TIMEOUT
    while True:
        r = httpx.get(url, headers=_auth(token), timeout=TIMEOUT)
        assert r.status_code in (200, 202), r.text
        if r.status_code == 200:
            break
        assert r.json()["status"] == "running" and time.monotonic() < deadline
        time.sleep(0.1)
    body = r.json()
    assert body["status"] == "done" and body["review"]["decisions"] and body["review"]["iterations"] == 16
    assert all(d["played_text"] for d in body["review"]["decisions"])
    spectator = httpx.get(url, params={"lang": "pt"}, timeout=TIMEOUT)  # revealed at the end: anyone may look
    assert spectator.status_code == 200 and spectator.json()["review"]["decisions"] == [
        {
            **d,
            "played_text": spectator.json()["review"]["decisions"][i]["played_text"],
            "best_text": spectator.json()["review"]["decisions"][i]["best_text"],
        }
        for i, d in enumerate(body["review"]["decisions"])
    ]
    _error(httpx.get(f"{live.url}/api/rooms/{rid}/review/5"), 400, "bad_message")


def test_a_hidden_table_shows_a_review_only_to_its_seat(live, fast) -> None:  # type: ignore[no-untyped-def]
    room = _finished_room(live, reveal_at_end=False)
    rid = room["room"]["id"]
    _error(httpx.get(f"{live.url}/api/rooms/{rid}/review/0"), 403, "forbidden")
    _error(
        httpx.get(f"{live.url}/api/rooms/{rid}/review/1", headers=_auth(room["seats"][0]["token"])), 403, "forbidden"
    )
    r = httpx.get(f"{live.url}/api/rooms/{rid}/review/0", headers=_auth(room["seats"][0]["token"]), timeout=TIMEOUT)
    assert r.status_code in (200, 202)


def test_the_guided_game_is_walked_by_the_server(live) -> None:  # type: ignore[no-untyped-def]
    start = httpx.get(f"{live.url}/api/learn/drawtricks", params={"lang": "pt"}).json()
    assert start["index"] == 0 and start["step"]["kind"] == "read" and start["answers"] == []
    assert start["step"]["say"] == "Você tem 101, 105 e 110." and start["view"]["hand"] == [101, 105, 110]
    url = f"{live.url}/api/learn/drawtricks"
    step2 = httpx.post(url, json={"answers": [], "answer": ""}).json()
    assert step2["verdict"]["ok"] and step2["index"] == 1 and step2["step"]["kind"] == "move"
    assert set(step2["legal_text"]) == {"p1", "p2", "p3", "d1", "d2", "d3"}
    wrong = httpx.post(url, json={"answers": step2["answers"], "answer": "p1", "lang": "pt"}).json()
    assert wrong["verdict"] == {"ok": False, "words": "101 é a sua carta mais baixa.", "rule": None, "engine": False}
    assert wrong["index"] == 1
    illegal = httpx.post(url, json={"answers": step2["answers"], "answer": "zz"}).json()
    assert illegal["verdict"]["engine"] and illegal["verdict"]["rule"] == "CORE-SYNTAX"
    right = httpx.post(url, json={"answers": step2["answers"], "answer": "p3"}).json()
    assert right["verdict"] == {"ok": True, "words": "110 leads the trick.", "rule": None, "engine": False}
    assert right["step"]["kind"] == "watch" and right["last"] == {"seat": 1, "action": "p1"}
    assert right["moved"]["trick"] == [[0, 110]]  # my move, before the scripted reply
    assert right["view"]["trick"] == [] and right["view"]["tricks"] == [1, 0]
    look = httpx.post(url, json={"answers": right["answers"], "lang": "pt"}).json()
    assert "verdict" not in look and look["index"] == right["index"]
    done = httpx.post(url, json={"answers": right["answers"], "answer": ""}).json()
    done = httpx.post(url, json={"answers": done["answers"], "answer": ""}).json()
    assert done["finished"] and done["finale"] == "Now play a game." and done["practice"]["players"] == 2
    _error(httpx.post(url, json={"answers": done["answers"], "answer": ""}), 400, "bad_message")
    _error(httpx.post(url, json={"answers": ["p9"], "answer": ""}), 400, "bad_message")
    _error(httpx.post(url, json={"answers": "p1"}), 400, "bad_message")
    _error(httpx.get(f"{live.url}/api/learn/chess"), 404, "unknown_game")
    games = httpx.get(f"{live.url}/api/games").json()["games"]
    assert next(g for g in games if g["name"] == "drawtricks")["learn"] is True


class Untaught(DrawTricksGame):
    name = "untaught"

    def learn_kit(self):  # type: ignore[no-untyped-def]
        return None


def test_a_game_without_a_guided_game_says_so(live) -> None:  # type: ignore[no-untyped-def]
    register_game(Untaught())
    try:
        _error(httpx.get(f"{live.url}/api/learn/untaught"), 404, "no_tutorial")
    finally:
        unregister_game("untaught")


def test_in_cluster_mode_the_searches_run_in_a_pool_of_the_process_own(settings) -> None:  # type: ignore[no-untyped-def]
    """Cluster mode's bot pool is a job queue for `bgb worker` (no lanes): hints and reviews then use this
    process's own lanes, made once and closed with the coach; a hint computed there is a real hint."""
    from types import SimpleNamespace

    from boardgamesbot.server.botpool import BotPool
    from boardgamesbot.server.coach import Coach, hint_job
    from boardgamesbot.testing import GAME

    queue_only = SimpleNamespace(bots=object())  # what a cluster hub holds: no main/background lanes
    coach = Coach(queue_only, settings)
    lanes = coach._lanes()
    assert isinstance(lanes, BotPool) and coach._lanes() is lanes

    async def ask() -> Any:
        state = GAME.new(2, seed=1)
        infoset = state.infoset(state.to_move())
        try:
            return await coach._run(lanes.main.pool, hint_job, infoset, 40, None)
        finally:
            await coach.stop()

    advice = run_fresh(ask())
    assert advice.move in {a.code for a in GAME.new(2, seed=1).legal_actions()} and advice.analysis.iterations == 40
