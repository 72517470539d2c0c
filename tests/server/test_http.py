"""HTTP API: creating and joining rooms, credentials, 403s and bad input."""

from __future__ import annotations

import httpx
import pytest
from server_helpers import Viewer, create


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def test_games_lists_what_can_be_played(live) -> None:  # type: ignore[no-untyped-def]
    body = httpx.get(f"{live.url}/api/games").json()
    names = {g["name"] for g in body["games"]}
    assert "drawtricks" in names
    assert {"random", "greedy"} <= set(body["bots"])
    assert body["langs"] == ["en", "pt"]


@pytest.mark.parametrize(
    ("body", "code", "words"),
    [
        ({"game": "chess"}, "unknown_game", "chess"),
        ({"game": "drawtricks", "players": 9}, "invalid_setup", "9"),
        ({"game": "drawtricks", "players": 2, "variant": {"colour": "red"}}, "invalid_variant", "colour"),
        ({"game": "drawtricks", "players": 2, "seats": [{"kind": "human"}]}, "invalid_setup", "2 seats"),
        (
            {"game": "drawtricks", "players": 2, "seats": [{"kind": "alien"}, {"kind": "human"}]},
            "invalid_setup",
            "alien",
        ),
        ({"game": "drawtricks", "lang": "fr"}, "bad_message", "fr"),
        ({"players": 2}, "bad_message", "game"),
    ],
)
def test_bad_room_requests_name_what_was_wrong(live, body, code, words) -> None:  # type: ignore[no-untyped-def]
    r = httpx.post(f"{live.url}/api/rooms", json=body)
    assert r.status_code in (400, 404)
    err = r.json()["error"]
    assert err["code"] == code and words in err["message"]


def test_alcatraz_turn_cap_has_an_upper_bound(live) -> None:  # type: ignore[no-untyped-def]
    pytest.importorskip("boardgamesbot.games.alcatraz")
    r = httpx.post(f"{live.url}/api/rooms", json={"game": "alcatraz", "players": 2, "variant": {"turn_cap": 10**15}})
    assert r.status_code == 400 and r.json()["error"]["code"] == "invalid_variant"
    assert "turn_cap" in r.json()["error"]["message"] and "100" in r.json()["error"]["message"]
    ok = httpx.post(f"{live.url}/api/rooms", json={"game": "alcatraz", "players": 2, "variant": {"turn_cap": 100}})
    assert ok.status_code == 201


def test_malformed_and_oversized_bodies(live) -> None:  # type: ignore[no-untyped-def]
    r = httpx.post(f"{live.url}/api/rooms", content=b"{oops", headers={"content-type": "application/json"})
    assert r.status_code == 400 and r.json()["error"]["code"] == "bad_json"
    r = httpx.post(f"{live.url}/api/rooms", json={"game": "drawtricks", "pad": "x" * 40000})
    assert r.status_code == 413 and r.json()["error"]["code"] == "too_large"
    r = httpx.get(f"{live.url}/api/rooms/nope")
    assert r.status_code == 404 and r.json()["error"]["code"] == "unknown_room"


def test_tokens_are_never_echoed_and_only_hashes_are_stored(live) -> None:  # type: ignore[no-untyped-def]
    made = create(live.url, game="drawtricks", players=2, seats=[{"kind": "human"}, {"kind": "open"}])
    room, token, invite = made["room"]["id"], made["seats"][0]["token"], made["invites"][0]["invite"]
    seen = httpx.get(f"{live.url}/api/rooms/{room}", headers=_auth(token)).text
    assert token not in seen and invite not in seen
    db = (live.settings.data_dir / "bgb.sqlite3").read_bytes()
    assert token.encode() not in db and invite.encode() not in db


def test_a_request_for_another_seat_is_refused_and_changes_nothing(live) -> None:  # type: ignore[no-untyped-def]
    made = create(live.url, game="drawtricks", players=2, seats=[{"kind": "human"}, {"kind": "human"}])
    room = made["room"]["id"]
    t0, t1 = (s["token"] for s in made["seats"])
    before = httpx.get(f"{live.url}/api/rooms/{room}").json()
    calls = [
        ("get", f"/api/rooms/{room}/seats/0", None),
        ("post", f"/api/rooms/{room}/seats/0/move", {"action": "p1", "turn": 0}),
        ("post", f"/api/rooms/{room}/seats/0/bot", {"on": True}),
        ("post", f"/api/rooms/{room}/seats/0/cover", {"target": 0, "after": 0}),
        ("get", f"/api/rooms/{room}/seats/0/replay", None),
    ]
    for method, path, body in calls:
        r = httpx.request(method, f"{live.url}{path}", json=body, headers=_auth(t1))
        assert r.status_code == 403, path
        assert r.json()["error"]["code"] == "forbidden"
        assert t1 not in r.text
        r = httpx.request(method, f"{live.url}{path}", json=body, headers=_auth("wrong"))
        assert r.status_code == 401 and r.json()["error"]["code"] == "bad_token"
        r = httpx.request(method, f"{live.url}{path}", json=body)
        assert r.status_code == 401
    after = httpx.get(f"{live.url}/api/rooms/{room}").json()
    assert after == before
    # the right token works
    r = httpx.post(f"{live.url}/api/rooms/{room}/seats/0/move", json={"action": "p1", "turn": 0}, headers=_auth(t0))
    assert r.status_code == 200 and r.json()["step"] == 1 and r.json()["view"]["log"] == ["p1"]


def test_http_move_errors_use_the_same_codes(live) -> None:  # type: ignore[no-untyped-def]
    made = create(live.url, game="drawtricks", players=2, seats=[{"kind": "human"}, {"kind": "human"}])
    room, t0 = made["room"]["id"], made["seats"][0]["token"]
    url = f"{live.url}/api/rooms/{room}/seats/0/move"
    assert httpx.post(url, json={"action": "d1", "turn": 0}, headers=_auth(t0)).status_code == 200
    r = httpx.post(url, json={"action": "d2", "turn": 1}, headers=_auth(t0))  # one draw per turn
    assert r.status_code == 422 and r.json()["error"]["rule_id"] == "DT-DRAW"
    r = httpx.post(url, json={"action": "p1", "turn": 3}, headers=_auth(t0))
    assert r.status_code == 409 and r.json()["error"]["code"] == "stale"
    r = httpx.post(url, json={"action": "p1"}, headers=_auth(t0))
    assert r.status_code == 400 and "turn" in r.json()["error"]["message"]
    r = httpx.post(f"{live.url}/api/rooms/{room}/seats/x/move", json={"action": "p1", "turn": 0}, headers=_auth(t0))
    assert r.status_code == 400 and r.json()["error"]["code"] == "bad_message"


def test_invite_claims_an_open_seat_once_and_the_game_waits_for_it(live) -> None:  # type: ignore[no-untyped-def]
    made = create(live.url, game="drawtricks", players=2, seats=[{"kind": "human"}, {"kind": "open"}])
    room, t0, invite = made["room"]["id"], made["seats"][0]["token"], made["invites"][0]["invite"]
    assert made["room"]["status"] == "waiting"
    assert made["invites"][0]["link"] == f"/r/{room}#invite={invite}"
    r = httpx.post(f"{live.url}/api/rooms/{room}/seats/0/move", json={"action": "p1", "turn": 0}, headers=_auth(t0))
    assert r.json()["error"]["code"] == "not_started"
    host = Viewer(live.ws_url, room, t0)
    r = httpx.post(f"{live.url}/api/rooms/{room}/join", json={"invite": "guess"})
    assert r.status_code == 401 and r.json()["error"]["code"] == "bad_token"
    r = httpx.post(f"{live.url}/api/rooms/{room}/join", json={"invite": invite, "name": "  Bia   B "})
    assert r.status_code == 200
    joined = r.json()
    assert joined["seat"] == 1 and joined["room"]["status"] == "playing"
    assert joined["room"]["seats"][1]["name"] == "Bia B"
    r = httpx.post(f"{live.url}/api/rooms/{room}/join", json={"invite": invite})
    assert r.status_code == 409 and r.json()["error"]["code"] == "invite_used"
    assert host.until("room", lambda m: m["room"]["status"] == "playing")
    guest = Viewer(live.ws_url, room, joined["token"])
    assert guest.welcome["seat"] == 1


def test_record_and_reveal_only_after_the_end(live) -> None:  # type: ignore[no-untyped-def]
    made = create(live.url, game="drawtricks", players=2, seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}])
    room, t0 = made["room"]["id"], made["seats"][0]["token"]
    assert httpx.get(f"{live.url}/api/rooms/{room}/record").status_code == 403
    assert httpx.get(f"{live.url}/api/rooms/{room}/replay?reveal=1").status_code == 403
    me = Viewer(live.ws_url, room, t0)
    while not me.state["view"]["over"]:
        view = me.state["view"]
        if view["to_move"] == 0:
            me.send({"type": "move", "action": view["legal"][-1], "turn": view["turn"]})
        me.recv()
    record = httpx.get(f"{live.url}/api/rooms/{room}/record").json()
    assert record["actions"] == me.state["view"]["log"] and isinstance(record["seed"], int)
    replay = httpx.get(f"{live.url}/api/rooms/{room}/replay?reveal=1&as=1").json()
    assert replay["revealed"] and "position" in replay["frames"][0] and replay["frames"][0]["view"]["hand"]
    one = httpx.get(f"{live.url}/api/rooms/{room}/seats/0/replay?step=2", headers=_auth(t0)).json()
    assert [f["step"] for f in one["frames"]] == [2] and one["steps"] == len(record["actions"])
    assert httpx.get(f"{live.url}/api/rooms/{room}/replay?step=999").status_code == 400


def test_rules_desk_answers_or_says_unavailable(live) -> None:  # type: ignore[no-untyped-def]
    from boardgamesbot.server import desk

    r = httpx.get(f"{live.url}/api/rules/crosswise?lang=pt&fmt=md")
    if desk.available():
        assert r.status_code == 200 and r.json()["sheet"]
    else:
        assert r.status_code == 503 and r.json()["error"]["code"] == "unavailable"
    r = httpx.get(f"{live.url}/api/rules/crosswise?fmt=pdf")
    assert r.status_code in (400, 503)


def test_rules_questions_are_answered_when_the_desk_is_installed(live) -> None:  # type: ignore[no-untyped-def]
    from boardgamesbot.server import desk

    r = httpx.post(
        f"{live.url}/api/rules/alcatraz/ask", json={"question": "what if the deck runs out?", "lang": "en"}, timeout=60
    )
    if not desk.available():
        assert r.status_code == 503
        return
    assert r.status_code == 200 and r.json()["answer"]["game"] == "alcatraz"
    r = httpx.post(f"{live.url}/api/rules/alcatraz/ask", json={"lang": "en"})
    assert r.status_code == 400 and "question" in r.json()["error"]["message"]


def test_the_web_ui_is_served_at_the_root_and_for_room_links(live) -> None:  # type: ignore[no-untyped-def]
    from boardgamesbot.server.app import STATIC_DIR

    if not (STATIC_DIR / "index.html").is_file():
        pytest.skip("the web UI files are not installed")
    home = httpx.get(f"{live.url}/")
    assert home.status_code == 200 and "<html" in home.text.lower()
    assert httpx.get(f"{live.url}/r/abcdef").text == home.text
    assert httpx.get(f"{live.url}/rules/crosswise").text == home.text
    assert httpx.get(f"{live.url}/favicon.svg").status_code == 200


def test_unknown_endpoints_answer_in_json(live) -> None:  # type: ignore[no-untyped-def]
    r = httpx.get(f"{live.url}/api/nothing/here")
    assert r.status_code == 404 and "/api/nothing/here" in r.json()["error"]["message"]
    r = httpx.delete(f"{live.url}/api/rooms")
    assert r.status_code in (404, 405)
