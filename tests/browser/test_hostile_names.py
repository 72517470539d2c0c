"""Names and pages in the browser: isolated, cut to fit, and nothing the security policy refuses."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

import pytest

pytestmark = pytest.mark.browser


def _create(base: str, body: dict[str, Any]) -> dict[str, Any]:
    req = urllib.request.Request(
        f"{base}/api/rooms", data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(req, timeout=20) as res:
        return json.load(res)  # type: ignore[no-any-return]


def test_spoofing_and_very_wide_names_neither_reorder_text_nor_break_the_layout(server: str, new_page: Any) -> None:
    made = _create(
        server,
        {
            "game": "crosswise",
            "players": 2,
            "seats": [{"kind": "human", "name": "\u202eAna (you)"}, {"kind": "human", "name": "\ufdfa" * 40}],
        },
    )
    for width in (1280, 390):
        page = new_page(width=width, height=900)
        page.goto(f"{server}{made['seats'][0]['link']}")
        page.wait_for_selector(".seatname")
        names = page.eval_on_selector_all(".seatname", "els => els.map((e) => e.textContent)")
        assert all("\u202e" not in n for n in names) and any("Ana" in n for n in names)
        bidi = page.eval_on_selector(".seatname", "el => getComputedStyle(el).unicodeBidi")
        assert bidi == "isolate"
        overflow = page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 0, f"the page is {overflow}px wider than a {width}px screen"
        log_names = page.eval_on_selector_all(".seatname", "els => els.map((e) => e.getBoundingClientRect().width)")
        assert max(log_names) <= width
        assert not page.js_errors, page.js_errors


def test_no_page_needs_what_the_security_policy_refuses(server: str, new_page: Any) -> None:
    made = _create(server, {"game": "crosswise", "players": 2})
    page = new_page()
    for path in ("/", "/rules/crosswise", "/rules/alcatraz", made["seats"][0]["link"], "/r/nosuchroom"):
        page.goto(f"{server}{path}")
        page.wait_for_load_state("networkidle")
    page.goto(f"{server}{made['seats'][0]['link']}")
    page.wait_for_selector("#replaybtn")
    page.click("#replaybtn")
    page.wait_for_selector("#replaystep")
    assert not page.js_errors, page.js_errors  # CSP refusals are reported there too (conftest)
