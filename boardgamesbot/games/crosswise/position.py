"""The Crosswise position text (like chess FEN): a pure codec between text and :class:`PositionData`.

Example (start of a 2-player game)::

    ....../....../....../....../....../...... next=0 hands=12RS/3345 bag=6T1... used=0000 turn=0
    started=00 redraws=00 known=-/- stuck=00 passed=00 seed=42

(written on one line). Fields are described in docs/rules/crosswise.md,
"Position format". The text includes hidden facts (hands, bag order): it is
for tests, analysis and rules questions, never for a player's screen. This
module knows nothing of states: ``CrosswiseState.from_data``/``to_data``
convert, so the state imports the codec and not the other way round.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...core.errors import BGBError
from ...core.fields import PositionFields
from ...core.game import first_seat
from ...core.variant import resolve_variant
from .seats import turn_order
from .tiles import CHAR_TO_TILE, EMPTY, FULL_SET, SIZE, SYMBOLS, TILE_CHARS, TILE_KINDS, parse_tiles, tiles_text
from .variants import OPTIONS, check_ranges

_BITS = "01"


@dataclass
class PositionData:
    """Every fact of a position: board (36 ints, -1 empty), per-seat tile counts, the bag (drawn from the end)..."""

    board: list[int]
    cursor: int
    hands: list[list[int]]
    bag: list[int]
    used: list[int]
    turn: int
    started: list[bool]
    redraws: list[int]
    known: list[list[int]]  # symbols only (6 counts per seat)
    stuck: list[bool]
    passed: int  # bit mask
    seed: int
    variant: dict[str, Any]

    @property
    def players(self) -> int:
        return len(self.hands)


def encode(d: PositionData) -> str:
    board = "/".join(
        "".join("." if t == EMPTY else TILE_CHARS[t] for t in d.board[r * SIZE : (r + 1) * SIZE]) for r in range(SIZE)
    )
    fields = [
        board,
        f"next={d.cursor}",
        "hands=" + "/".join(tiles_text(h) for h in d.hands),
        "bag=" + ("".join(TILE_CHARS[t] for t in d.bag) or "-"),
        "used=" + "".join(str(n) for n in d.used),
        f"turn={d.turn}",
        "started=" + "".join(_BITS[x] for x in d.started),
        "redraws=" + _counts_text(d.redraws),
        "known=" + "/".join(tiles_text([*k, 0, 0, 0, 0]) for k in d.known),
        "stuck=" + "".join(_BITS[x] for x in d.stuck),
        "passed=" + "".join(_BITS[d.passed >> s & 1] for s in range(d.players)),
        f"seed={d.seed}",
    ]
    changed = {k: v for k, v in d.variant.items() if OPTIONS[k].default != v}
    if changed:
        fields.append("variant=" + ",".join(f"{k}:{str(v).lower()}" for k, v in sorted(changed.items())))
    return " ".join(fields)


def decode(text: str) -> PositionData:
    """Parse a position; InvalidPosition names the first field that is wrong."""
    tokens = text.split() if isinstance(text, str) else []
    f = PositionFields(tokens[1:], "Crosswise")
    if not tokens:
        raise f.bad("empty text", "texto vazio")
    f.refuse_unknown(
        {"next", "hands", "bag", "used", "turn", "started", "redraws", "known", "stuck", "passed", "seed", "variant"}
    )
    f.require("next", "hands", "bag", "used", "turn")
    board = _board(f, tokens[0])
    hands = [_tiles(f, h, "hands") for h in f.text("hands").split("/")]
    players = len(hands)
    if not 2 <= players <= 4:
        raise f.bad(
            f"hands= lists {players} hands; Crosswise has 2 to 4 players",
            f"hands= tem {players} mãos; Crosswise tem de 2 a 4 jogadores",
        )
    bag_text = f.text("bag")
    bag = [] if bag_text == "-" else [CHAR_TO_TILE.get(ch.upper(), -1) for ch in bag_text]
    if -1 in bag:
        raise f.bad("bag= holds a character that is not a tile", "bag= tem um caractere que não é peça")
    used = f.digits("used", 4)
    variant = _variant(f)
    try:
        first_seat(variant, players, 0)  # a named first player must be a seat of this table
    except BGBError as exc:
        raise f.bad(exc.message, exc.message_pt) from None
    _check_counts(f, board, hands, bag, used)
    order = turn_order(players)
    cursor = f.integer("next", low=0, high=len(order) - 1)
    turn = f.integer("turn", low=0)
    seed = f.integer("seed", 0)
    known_parts = f.text("known", "/".join("-" * players)).split("/")
    if len(known_parts) != players:
        raise f.bad(f"known= needs {players} parts", f"known= precisa de {players} partes")
    known = [_tiles(f, k, "known") for k in known_parts]
    for seat, (k, h) in enumerate(zip(known, hands, strict=True)):
        if any(k[SYMBOLS:]) or any(k[s] > h[s] for s in range(SYMBOLS)):
            raise f.bad(
                f"known= for seat {seat} must be symbols the hand holds",
                f"known= do lugar {seat} deve ter só símbolos que a mão tem",
            )
    stuck = f.bits("stuck", players, [False] * players)
    for seat in range(players):
        if stuck[seat] and any(hands[seat][:SYMBOLS]):
            raise f.bad(
                f"seat {seat} is marked stuck but holds a symbol",
                f"o lugar {seat} está marcado como bloqueado mas tem um símbolo",
            )
    passed_bits = f.bits("passed", players, [False] * players)
    return PositionData(
        board=board,
        cursor=cursor,
        hands=hands,
        bag=bag,
        used=used,
        turn=turn,
        started=f.bits("started", players, [False] * players),
        redraws=_counts(f, "redraws", players),
        known=[k[:SYMBOLS] for k in known],
        stuck=stuck,
        passed=sum(1 << s for s, x in enumerate(passed_bits) if x),
        seed=seed,
        variant=variant,
    )


def _counts_text(counts: list[int]) -> str:
    """One digit per seat (``redraws=01``); comma-separated once a count passes 9 (``redraws=0,12``)."""
    if all(n < 10 for n in counts):
        return "".join(str(n) for n in counts)
    return ",".join(str(n) for n in counts)


def _counts(f: PositionFields, key: str, players: int) -> list[int]:
    if "," not in f.text(key, "0"):
        return f.digits(key, players, [0] * players)
    counts = f.int_list(key)
    if len(counts) != players or min(counts) < 0:
        raise f.bad(
            f"{key}= needs {players} counts of 0 or more", f"{key}= precisa de {players} contagens de 0 ou mais"
        )
    return counts


def _board(f: PositionFields, text: str) -> list[int]:
    rows = text.split("/")
    if len(rows) != SIZE or any(len(r) != SIZE for r in rows):
        raise f.bad(
            "the board must be 6 rows of 6 characters separated by '/'",
            "o tabuleiro deve ter 6 linhas de 6 caracteres separadas por '/'",
        )
    board: list[int] = []
    for ch in "".join(rows):
        if ch == ".":
            board.append(EMPTY)
        elif ch in TILE_CHARS[:SYMBOLS]:
            board.append(CHAR_TO_TILE[ch])
        else:
            raise f.bad(f"board square {ch!r} is not '.' or a symbol 1-6", f"casa {ch!r} não é '.' nem símbolo 1-6")
    return board


def _tiles(f: PositionFields, text: str, key: str) -> list[int]:
    try:
        return parse_tiles(text)
    except ValueError as exc:
        raise f.bad(f"{key}: {exc}", f"{key}: {exc}") from None


def _variant(f: PositionFields) -> dict[str, Any]:
    items: dict[str, str] = {}
    if "variant" in f:
        for part in f.text("variant").split(","):
            key, sep, value = part.partition(":")
            if not sep:
                raise f.bad(
                    f"variant part {part!r} must look like name:value",
                    f"a parte {part!r} da variante deve ter a forma nome:valor",
                )
            items[key] = value
    try:
        variant = resolve_variant(OPTIONS, items)
        check_ranges(variant)
    except BGBError as exc:
        raise f.bad(exc.message, exc.message_pt) from None
    return variant


def _check_counts(f: PositionFields, board: list[int], hands: list[list[int]], bag: list[int], used: list[int]) -> None:
    """Every one of the box's 54 tiles is in exactly one place (CW-COMPONENTS)."""
    counts = [0] * TILE_KINDS
    for t in board:
        if t != EMPTY:
            counts[t] += 1
    for h in hands:
        counts = [a + b for a, b in zip(counts, h, strict=True)]
    for t in bag:
        counts[t] += 1
    for i, n in enumerate(used):
        counts[SYMBOLS + i] += n
    if counts != list(FULL_SET):
        wrong = [
            f"{TILE_CHARS[t]}: {counts[t]} (should be {FULL_SET[t]})"
            for t in range(TILE_KINDS)
            if counts[t] != FULL_SET[t]
        ]
        raise f.bad(
            "tiles do not add up to the box's 54: " + ", ".join(wrong),
            "as peças não somam as 54 da caixa: " + ", ".join(wrong),
        )


def compose(
    board: str, hands: list[str], *, next: int = 0, used: str = "0000", bag: str | None = None, extra: str = ""
) -> str:
    """A position text from the parts people care about; the bag gets every tile not placed elsewhere.

    ``board`` is 36 characters (rows 1..6, '/' allowed); ``hands`` one tile string per seat.
    Handy for setting up a rule situation, a test or a rules question.
    """
    flat = board.replace("/", "").replace(" ", "")
    if bag is None:
        counts = list(FULL_SET)
        for ch in flat:
            if ch != ".":
                counts[CHAR_TO_TILE[ch]] -= 1
        for h in hands:
            for t, n in enumerate(parse_tiles(h)):
                counts[t] -= n
        for i, ch in enumerate(used):
            counts[SYMBOLS + i] -= int(ch)
        bag = "".join(TILE_CHARS[t] * max(n, 0) for t, n in enumerate(counts)) or "-"
    rows = "/".join(flat[r * SIZE : (r + 1) * SIZE] for r in range(SIZE))
    text = f"{rows} next={next} hands={'/'.join(h or '-' for h in hands)} bag={bag} used={used} turn=0"
    return f"{text} {extra}".strip()
