"""Crosswise components as small integers, so the engine's hot loops stay cheap.

Tiles: symbols are 0..5 (written 1..6), action tiles are 6..9 (written R, M, S, T).
Squares: 0..35, ``row * 6 + col``; written column letter A–F then row number 1–6
(``C4`` = column C, row 4). Rows are the lines of team 0, columns those of team 1.
"""

from __future__ import annotations

from typing import Final

SIZE: Final = 6
SQUARES: Final = SIZE * SIZE
SYMBOLS: Final = 6
COPIES_PER_SYMBOL: Final = 7
ACTION_KINDS: Final = 4
COPIES_PER_ACTION: Final = 3
TILE_KINDS: Final = SYMBOLS + ACTION_KINDS
TOTAL_TILES: Final = SYMBOLS * COPIES_PER_SYMBOL + ACTION_KINDS * COPIES_PER_ACTION  # 54

EMPTY: Final = -1
REMOVE: Final = 6
MOVE: Final = 7
SWAP: Final = 8
TRADE: Final = 9
ACTION_TILES = (REMOVE, MOVE, SWAP, TRADE)

#: How many of each tile kind the box holds, indexed by tile number.
FULL_SET: tuple[int, ...] = (COPIES_PER_SYMBOL,) * SYMBOLS + (COPIES_PER_ACTION,) * ACTION_KINDS

TILE_CHARS: Final = "123456RMST"
CHAR_TO_TILE = {ch: i for i, ch in enumerate(TILE_CHARS)}
COLUMNS = "ABCDEF"

SYMBOL_NAMES = {
    "en": ("sun", "moon", "star", "heart", "diamond", "clover"),
    "pt": ("sol", "lua", "estrela", "coração", "losango", "trevo"),
}
ACTION_NAMES = {
    "en": {REMOVE: "remove", MOVE: "move", SWAP: "swap", TRADE: "trade"},
    "pt": {REMOVE: "retirar", MOVE: "mover", SWAP: "trocar", TRADE: "trocar com a mão"},
}

#: The six squares of each line: lines 0..5 are rows 1..6, lines 6..11 are columns A..F.
LINES: tuple[tuple[int, ...], ...] = tuple(tuple(r * SIZE + c for c in range(SIZE)) for r in range(SIZE)) + tuple(
    tuple(r * SIZE + c for r in range(SIZE)) for c in range(SIZE)
)
ROW_OF = tuple(sq // SIZE for sq in range(SQUARES))
COL_OF = tuple(sq % SIZE for sq in range(SQUARES))


def square_name(sq: int) -> str:
    return f"{COLUMNS[sq % SIZE]}{sq // SIZE + 1}"


SQUARE_NAMES = tuple(square_name(sq) for sq in range(SQUARES))
SQUARE_BY_NAME = {name: sq for sq, name in enumerate(SQUARE_NAMES)}


def line_name(line: int, lang: str = "en") -> str:
    """'row 3' / 'column B' (pt: 'linha 3' / 'coluna B')."""
    pt = lang.startswith("pt")
    if line < SIZE:
        return f"{'linha' if pt else 'row'} {line + 1}"
    return f"{'coluna' if pt else 'column'} {COLUMNS[line - SIZE]}"


def tile_name(tile: int, lang: str = "en") -> str:
    key = "pt" if lang.startswith("pt") else "en"
    if tile < SYMBOLS:
        return f"{tile + 1} ({SYMBOL_NAMES[key][tile]})"
    return f"{TILE_CHARS[tile]} ({ACTION_NAMES[key][tile]})"


def tiles_text(counts: list[int]) -> str:
    """A hand as text, e.g. ``'113RS'`` (``'-'`` when empty)."""
    text = ""
    for t in range(len(counts)):
        n = counts[t]
        if n:
            text += TILE_CHARS[t] * n
    return text or "-"


def parse_tiles(text: str) -> list[int]:
    """``'113RS'`` -> counts per tile kind; raises ValueError naming a bad character."""
    counts = [0] * TILE_KINDS
    if text == "-":
        return counts
    for ch in text:
        tile = CHAR_TO_TILE.get(ch.upper())
        if tile is None:
            raise ValueError(f"{ch!r} is not a tile (use 1-6, R, M, S, T)")
        counts[tile] = counts[tile] + 1
    return counts
