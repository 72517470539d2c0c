"""Accounts: register, log in, log out, profiles; argon2id, hashed sessions, throttling, every refusal."""

from __future__ import annotations

import httpx
import sqlalchemy as sa
from server_helpers import TIMEOUT


def _client(live) -> httpx.Client:  # type: ignore[no-untyped-def]
    return httpx.Client(base_url=live.url, timeout=TIMEOUT)


def register(live, name: str, password: str = "correct horse", lang: str = "en") -> httpx.Client:  # type: ignore[no-untyped-def]
    client = _client(live)
    r = client.post("/api/accounts", json={"username": name, "password": password, "lang": lang})
    assert r.status_code == 201, r.text
    return client


def test_register_log_out_and_log_in_again(live) -> None:  # type: ignore[no-untyped-def]
    c = _client(live)
    r = c.post("/api/accounts", json={"username": "Ana_1", "password": "correct horse", "lang": "pt"})
    assert r.status_code == 201
    assert r.json()["account"]["name"] == "Ana_1" and r.json()["account"]["lang"] == "pt"
    cookie = r.headers["set-cookie"]
    assert "bgb_session=" in cookie and "HttpOnly" in cookie and "SameSite=lax" in cookie
    assert "Secure" not in cookie  # plain http on loopback; over TLS the cookie is Secure
    assert c.get("/api/session").json()["account"]["name"] == "Ana_1"
    assert c.delete("/api/session").json() == {"account": None}
    assert c.get("/api/session").json() == {"account": None}
    r = c.post("/api/session", json={"username": "ana_1", "password": "correct horse"})  # names ignore case
    assert r.status_code == 200 and c.get("/api/session").json()["account"]["name"] == "Ana_1"
    r = c.patch("/api/session", json={"lang": "en"})
    assert r.json()["account"]["lang"] == "en"


def test_passwords_are_argon2id_and_sessions_are_stored_hashed(live) -> None:  # type: ignore[no-untyped-def]
    c = register(live, "bia")
    secret = c.cookies["bgb_session"]
    engine = sa.create_engine(live.hub.settings.url())
    with engine.connect() as conn:
        stored = conn.execute(sa.text("SELECT password_hash FROM accounts WHERE name='bia'")).scalar()
        sessions = [row[0] for row in conn.execute(sa.text("SELECT id_hash FROM sessions"))]
    engine.dispose()
    assert stored.startswith("$argon2id$") and "correct horse" not in stored
    assert secret not in sessions and len(sessions[0]) == 64


def test_refusals_name_what_was_wrong(live) -> None:  # type: ignore[no-untyped-def]
    register(live, "cai")
    c = _client(live)
    cases = [
        ({"username": "CAI", "password": "long enough"}, 409, "name_taken"),
        ({"username": "x", "password": "long enough"}, 400, "invalid_username"),
        ({"username": "a b c", "password": "long enough"}, 400, "invalid_username"),
        ({"username": "<script>", "password": "long enough"}, 400, "invalid_username"),
        ({"username": "dani", "password": "short"}, 400, "weak_password"),
        ({"username": "dani"}, 400, "bad_message"),
        ({"username": 5, "password": "long enough"}, 400, "bad_message"),
    ]
    for body, status, code in cases:
        r = c.post("/api/accounts", json=body)
        assert (r.status_code, r.json()["error"]["code"]) == (status, code), body
    r = c.post("/api/session", json={"username": "cai", "password": "wrong password"})
    assert (r.status_code, r.json()["error"]["code"]) == (401, "bad_login")
    r = c.post("/api/session", json={"username": "nobody", "password": "wrong password"})
    assert (r.status_code, r.json()["error"]["code"]) == (401, "bad_login")  # the same words: no name is revealed
    r = c.patch("/api/session", json={"lang": "pt"})
    assert (r.status_code, r.json()["error"]["code"]) == (401, "login_required")
    r = c.get("/api/accounts/nobody")
    assert (r.status_code, r.json()["error"]["code"]) == (404, "unknown_account")


def test_log_in_is_throttled_per_account_and_per_client(live) -> None:  # type: ignore[no-untyped-def]
    register(live, "duda")
    c = _client(live)
    codes = [c.post("/api/session", json={"username": "duda", "password": "wrong guess"}).status_code for _ in range(5)]
    assert codes == [401] * 5
    r = c.post("/api/session", json={"username": "duda", "password": "correct horse"})  # even the right password
    assert r.status_code == 429 and r.json()["error"]["code"] == "rate_limited"
    assert int(r.headers["retry-after"]) >= 1
    # per client: 20 attempts in 5 minutes, whatever the names
    statuses = [
        c.post("/api/session", json={"username": f"someone{i}", "password": "wrong guess"}).status_code
        for i in range(20)
    ]
    assert 429 in statuses and statuses.index(429) <= 15  # 6 attempts were made above


def test_profile_lists_games_and_ratings(live) -> None:  # type: ignore[no-untyped-def]
    c = register(live, "eva")
    r = c.post(
        "/api/rooms",
        json={"game": "drawtricks", "players": 2, "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]},
    )
    assert r.status_code == 201
    room = r.json()["room"]
    assert room["seats"][0]["account"] == "eva" and room["seats"][0]["name"] == "eva"
    profile = httpx.get(f"{live.url}/api/accounts/EVA", timeout=TIMEOUT).json()
    assert profile["account"]["name"] == "eva" and profile["me"] is False
    assert [g["room"] for g in profile["recent"]] == [room["id"]]
    assert c.get("/api/accounts/eva").json()["me"] is True
    # the seat follows the account: no token needed from another browser of the same player
    other_browser = _client(live)
    other_browser.post("/api/session", json={"username": "eva", "password": "correct horse"})
    assert other_browser.get(f"/api/rooms/{room['id']}").json()["seat"] == 0
    assert httpx.get(f"{live.url}/api/rooms/{room['id']}", timeout=TIMEOUT).json()["seat"] is None


def test_the_cookie_is_secure_behind_a_tls_proxy(toy, settings) -> None:  # type: ignore[no-untyped-def]
    from server_helpers import LiveServer

    settings.client_ip_header = "X-Forwarded-For"  # a trusted proxy (loopback) that terminates TLS
    with LiveServer(settings) as live:
        r = httpx.post(
            f"{live.url}/api/accounts",
            json={"username": "fil", "password": "correct horse"},
            headers={"X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.9"},
            timeout=TIMEOUT,
        )
        assert r.status_code == 201 and "Secure" in r.headers["set-cookie"]
