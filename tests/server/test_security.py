"""Browser security: headers, no inline script, Host/Origin checks, sanitized rulebooks, no CDN."""

from __future__ import annotations

import re
from pathlib import Path

import httpx
import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from boardgamesbot.server.app import STATIC_DIR

ROOM = {"game": "drawtricks", "players": 2, "seats": [{"kind": "human"}, {"kind": "open"}]}


def test_every_answer_carries_the_security_headers(live) -> None:  # type: ignore[no-untyped-def]
    for path in ("/", "/r/abcdef", "/rules/crosswise", "/js/main.js", "/css/app.css", "/api/games", "/api/nope"):
        r = httpx.get(f"{live.url}{path}")
        csp = r.headers.get("content-security-policy", "")
        assert "frame-ancestors 'none'" in csp and "script-src 'self'" in csp, path
        assert "unsafe-inline" not in csp and "unsafe-eval" not in csp, path
        assert r.headers.get("x-content-type-options") == "nosniff", path
        assert r.headers.get("referrer-policy") == "no-referrer", path


def _static_files(suffix: str) -> list[Path]:
    return sorted(STATIC_DIR.rglob(f"*{suffix}"))


def test_pages_and_scripts_need_nothing_the_policy_blocks() -> None:
    """No inline script, inline handler or style attribute: the strict CSP would block them."""
    for page in _static_files(".html"):
        html = page.read_text()
        assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html), f"inline script in {page.name}"
        assert not re.search(r"\son[a-z]+\s*=", html, re.I), f"inline handler in {page.name}"
        assert not re.search(r"\sstyle\s*=", html, re.I), f"style attribute in {page.name}"
    for script in _static_files(".js"):
        js = script.read_text()
        for pattern in (
            r"\.innerHTML\s*=",
            r"insertAdjacentHTML",
            r"\beval\(",
            r"new Function\(",
            r"setAttribute\(\s*['\"](on|style)",
            r"createElement\(\s*['\"]style['\"]",
            r"\bh\(\s*['\"]style\b",
        ):
            assert not re.search(pattern, js), f"{pattern} in {script.name}"
        assert not re.search(r"['\"]style['\"]\s*:\s*['\"`]", js), f"string style attribute in {script.name}"


def test_other_web_sites_cannot_create_rooms_or_act(live) -> None:  # type: ignore[no-untyped-def]
    body = '{"game": "drawtricks", "players": 2, "seats": [{"kind": "human"}, {"kind": "open"}]}'
    r = httpx.post(
        f"{live.url}/api/rooms", content=body, headers={"Content-Type": "text/plain", "Origin": "http://evil.example"}
    )
    assert r.status_code == 403 and r.json()["error"]["code"] == "bad_origin"
    own = httpx.post(f"{live.url}/api/rooms", json=ROOM, headers={"Origin": live.url})
    assert own.status_code == 201  # the app's own pages
    assert httpx.post(f"{live.url}/api/rooms", json=ROOM).status_code == 201  # scripts that send no Origin


def test_a_foreign_host_name_is_refused(live) -> None:  # type: ignore[no-untyped-def]
    r = httpx.get(f"{live.url}/api/games", headers={"Host": "evil.example"})
    assert r.status_code == 400 and r.json()["error"]["code"] == "bad_host"
    assert httpx.get(f"{live.url}/api/games", headers={"Host": f"localhost:{live.port}"}).status_code == 200


def test_the_websocket_checks_the_origin(live) -> None:  # type: ignore[no-untyped-def]
    room = httpx.post(f"{live.url}/api/rooms", json=ROOM).json()["room"]["id"]
    with pytest.raises(InvalidStatus) as refused:
        connect(f"{live.ws_url}/ws/rooms/{room}", origin="http://evil.example", open_timeout=10)  # type: ignore[arg-type]
    assert refused.value.response.status_code == 403
    with connect(f"{live.ws_url}/ws/rooms/{room}", origin=live.url, open_timeout=10) as ws:  # type: ignore[arg-type]
        ws.send('{"type": "hello"}')
        assert '"welcome"' in str(ws.recv(timeout=10))


def test_api_docs_are_off_and_nothing_loads_from_a_cdn(live) -> None:  # type: ignore[no-untyped-def]
    assert httpx.get(f"{live.url}/api/docs").status_code == 404
    schema = httpx.get(f"{live.url}/api/openapi.json")
    assert schema.status_code == 200 and "/api/rooms" in schema.json()["paths"]
    served = [httpx.get(f"{live.url}/").text] + [p.read_text() for p in _static_files(".js") + _static_files(".css")]
    for text in served:
        assert not re.search(r"https?://(?!www\.w3\.org/)", text), "a page loads something from the internet"


HOSTILE = """EVILGAME RULES

Objective of the Game
Win by scoring the most points. <img src=x onerror="document.title='XSS-'+document.cookie">

Setup
Each player takes five cards. <script>alert('xss')</script> Shuffle the deck. <a href="javascript:alert(1)">x</a>

Game Flow
Players take turns in clockwise order. <iframe src="http://evil.example"></iframe>

End of Game
The game ends when the deck is empty.
"""


def test_a_hostile_ingested_rulebook_reaches_the_page_only_as_safe_html(live, tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from boardgamesbot.server import desk

    if not desk.available():
        pytest.skip("the rules desk is not installed")
    from boardgamesbot.rulesdesk.ingest import ingest

    monkeypatch.setenv("BGB_DATA_DIR", str(tmp_path / "desk"))
    book = tmp_path / "evil.txt"
    book.write_text(HOSTILE)
    ingest(book, "evilgame", "en")
    r = httpx.get(f"{live.url}/api/rules/evilgame", params={"fmt": "html"})
    assert r.status_code == 200, r.text
    sheet = r.json()["sheet"].lower()
    assert "shuffle the deck" in sheet  # the rulebook's words are there...
    from html.parser import HTMLParser

    class Elements(HTMLParser):  # ... but its markup is never live: no such element, no handler, no script URL
        def __init__(self) -> None:
            super().__init__()
            self.found: list[tuple[str, list[tuple[str, str | None]]]] = []

        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            self.found.append((tag, attrs))

    parsed = Elements()
    parsed.feed(sheet)
    tags = {tag for tag, _ in parsed.found}
    assert not tags & {"script", "img", "iframe", "svg", "object", "embed"}, tags
    for tag, attrs in parsed.found:
        for name, value in attrs:
            assert not name.startswith("on"), (tag, name)
            assert not (value or "").strip().startswith("javascript:"), (tag, name, value)
