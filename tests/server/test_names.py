"""Player names cannot reorder other text, hide characters or break the layout."""

from __future__ import annotations

import httpx

from boardgamesbot.server.names import MAX_WIDTH, display_width

BIDI_AND_INVISIBLE = (
    "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c\u200b\u200c\u200d\u2060\ufeff"
)


def _names(live, *names: str) -> list[str]:  # type: ignore[no-untyped-def]
    seats = [{"kind": "human", "name": n} for n in names]
    r = httpx.post(f"{live.url}/api/rooms", json={"game": "drawtricks", "players": len(names), "seats": seats})
    assert r.status_code == 201, r.text
    return [s["name"] for s in r.json()["room"]["seats"]]


def test_bidi_controls_zero_width_and_control_characters_are_dropped(live) -> None:  # type: ignore[no-untyped-def]
    names = _names(live, "\u202eAna (you)", "B\u200bi\u0000a\u2066" + "\u0007x", "x" + BIDI_AND_INVISIBLE + "y")
    assert names == ["Ana (you)", "Biax", "xy"]


def test_wide_names_are_cut_to_a_display_width(live) -> None:  # type: ignore[no-untyped-def]
    wide = _names(live, "\ufdfa" * 40, "字" * 40, "a" * 40)
    assert all(display_width(n) <= MAX_WIDTH for n in wide), [display_width(n) for n in wide]
    assert wide[2].startswith("a" * 20) and wide[2].endswith("…")
    assert _names(live, "Zoë Ñandú 安娜", "Bia")[0] == "Zoë Ñandú 安娜"  # ordinary names are kept as they are
