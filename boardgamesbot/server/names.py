"""Player names that cannot spoof other text or break the layout.

A name loses every control and format character (NUL, newlines, bidi
overrides and isolates, zero-width characters, the Arabic letter mark...),
keeps at most two combining marks per letter, has its runs of spaces
collapsed, and is cut at a display width of ``MAX_WIDTH`` columns, where East
Asian wide glyphs count two and the few very wide ligatures (U+FDFA...) count
four. The UI still isolates names (``<bdi>``) and ellipsizes long ones.
"""

from __future__ import annotations

import unicodedata

MAX_CHARS = 40  # characters accepted in the request
MAX_WIDTH = 24  # display columns kept
MAX_MARKS = 2  # combining marks kept after one base character
# Single code points that render several columns wide in common fonts.
EXTRA_WIDE = frozenset({0xFDFA, 0xFDFB, 0xFDFD, 0x2E3B, 0xA9C1, 0xA9C2, 0x102A, 0x0BF5, 0x0BF8, 0x1242B, 0x12219})
DROP = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


def char_width(ch: str) -> int:
    code = ord(ch)
    if code in EXTRA_WIDE or 0x12000 <= code <= 0x1254F:  # cuneiform signs are very wide too
        return 4
    if unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me"):
        return 0
    return 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1


def display_width(text: str) -> int:
    return sum(char_width(ch) for ch in text)


def _visible(raw: str) -> str:
    """Format/control characters dropped, combining marks capped per base character, whitespace runs
    (line breaks included) collapsed to one space: what names and chat text share."""
    kept: list[str] = []
    marks = 0
    for ch in unicodedata.normalize("NFC", raw):
        category = unicodedata.category(ch)
        if ch in "\t\n\r\v\f":
            kept.append(" ")
            continue
        if category in DROP:
            continue
        if category in ("Mn", "Me"):
            marks += 1
            if marks > MAX_MARKS:
                continue
        else:
            marks = 0
        kept.append(ch)
    return " ".join("".join(kept).split())


def clean_name(raw: str) -> str:
    """The name as it will be shown: format/control characters dropped, width capped."""
    name = _visible(raw)
    if display_width(name) <= MAX_WIDTH:
        return name
    out: list[str] = []
    width = 0
    for ch in name:
        w = char_width(ch)
        if width + w > MAX_WIDTH - 1:
            break
        out.append(ch)
        width += w
    return "".join(out).rstrip() + "…"


def clean_text(raw: str, max_chars: int) -> str:
    """Chat text as it will be shown: the same characters dropped as from names, runs of spaces
    collapsed (line breaks become spaces), at most ``max_chars`` characters; the UI renders it as
    text (never markup) inside a Unicode isolate."""
    text = _visible(raw)
    return text if len(text) <= max_chars else text[: max_chars - 1].rstrip() + "…"
