"""The Crosswise position text (like chess FEN): one line holding the full state.

Example (start of a 2-player game)::

    ....../....../....../....../....../...... next=0 hands=12RS/3345 bag=6T1... used=0000 turn=0
    started=00 redraws=00 known=-/- stuck=00 passed=00 seed=42

(written on one line). Fields are described in docs/rules/crosswise.md,
"Position format". The text includes hidden facts (hands, bag order): it is
for tests, analysis and rules questions, never for a player's screen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.errors import BGBError, InvalidPosition
from .state import CrosswiseState, turn_order
from .tiles import (
    CHAR_TO_TILE,
    EMPTY,
    FULL_SET,
    SIZE,
    SYMBOLS,
    TILE_CHARS,
    TILE_KINDS,
    parse_tiles,
    tiles_text,
)
from .variants import OPTIONS, check_ranges

if TYPE_CHECKING:
    from .game import CrosswiseGame

_BITS = "01"


def to_position(state: CrosswiseState) -> str:
    b = state.board
    board = "/".join(
        "".join("." if t == EMPTY else TILE_CHARS[t] for t in b[r * SIZE : (r + 1) * SIZE]) for r in range(SIZE)
    )
    fields = [
        board,
        f"next={state.cursor}",
        "hands=" + "/".join(tiles_text(h) for h in state.hands),
        "bag=" + ("".join(TILE_CHARS[t] for t in state.bag) or "-"),
        "used=" + "".join(str(n) for n in state.used),
        f"turn={state.turn}",
        "started=" + "".join(_BITS[x] for x in state.started),
        "redraws=" + "".join(str(n) for n in state.redraws),
        "known=" + "/".join(tiles_text([*k, 0, 0, 0, 0]) for k in state.known),
        "stuck=" + "".join(_BITS[x] for x in state.stuck),
        "passed=" + "".join(_BITS[state.passed >> s & 1] for s in range(state.players)),
        f"seed={state.seed}",
    ]
    changed = {k: v for k, v in state.variant.items() if OPTIONS[k].default != v}
    if changed:
        fields.append("variant=" + ",".join(f"{k}:{str(v).lower()}" for k, v in sorted(changed.items())))
    return " ".join(fields)


def _bad(what: str, what_pt: str) -> InvalidPosition:
    return InvalidPosition(f"bad Crosswise position: {what}", f"posição de Crosswise inválida: {what_pt}")


def _bits(text: str, players: int, key: str) -> list[bool]:
    if len(text) != players or any(ch not in _BITS for ch in text):
        raise _bad(
            f"{key}= needs {players} digits 0/1, got {text!r}",
            f"{key}= precisa de {players} dígitos 0/1, veio {text!r}",
        )
    return [ch == "1" for ch in text]


def _digits(text: str, count: int, key: str) -> list[int]:
    if len(text) != count or not text.isdigit():
        raise _bad(f"{key}= needs {count} digits, got {text!r}", f"{key}= precisa de {count} dígitos, veio {text!r}")
    return [int(ch) for ch in text]


def _tiles(text: str, key: str) -> list[int]:
    try:
        return parse_tiles(text)
    except ValueError as exc:
        raise _bad(f"{key}: {exc}", f"{key}: {exc}") from None


def from_position(game: CrosswiseGame, text: str) -> CrosswiseState:
    """Parse a position; InvalidPosition names the first field that is wrong."""
    if not isinstance(text, str) or not text.split():
        raise _bad("empty text", "texto vazio")
    board_text, *rest = text.split()
    fields: dict[str, str] = {}
    for item in rest:
        key, sep, value = item.partition("=")
        if not sep or not value:
            raise _bad(f"field {item!r} must look like key=value", f"o campo {item!r} deve ter a forma chave=valor")
        if key in fields:
            raise _bad(f"field {key!r} appears twice", f"o campo {key!r} aparece duas vezes")
        fields[key] = value
    allowed = {
        "next",
        "hands",
        "bag",
        "used",
        "turn",
        "started",
        "redraws",
        "known",
        "stuck",
        "passed",
        "seed",
        "variant",
    }
    unknown = sorted(set(fields) - allowed)
    if unknown:
        raise _bad(f"unknown field(s) {', '.join(unknown)}", f"campo(s) desconhecido(s) {', '.join(unknown)}")
    for key in ("next", "hands", "bag", "used", "turn"):
        if key not in fields:
            raise _bad(f"the field {key}= is missing", f"falta o campo {key}=")

    rows = board_text.split("/")
    if len(rows) != SIZE or any(len(r) != SIZE for r in rows):
        raise _bad(
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
            raise _bad(f"board square {ch!r} is not '.' or a symbol 1-6", f"casa {ch!r} não é '.' nem símbolo 1-6")

    hands = [_tiles(h, "hands") for h in fields["hands"].split("/")]
    players = len(hands)
    if not game.min_players <= players <= game.max_players:
        raise _bad(
            f"hands= lists {players} hands; Crosswise has 2 to 4 players",
            f"hands= tem {players} mãos; Crosswise tem de 2 a 4 jogadores",
        )
    bag = [] if fields["bag"] == "-" else [CHAR_TO_TILE.get(ch.upper(), -1) for ch in fields["bag"]]
    if -1 in bag:
        raise _bad("bag= holds a character that is not a tile", "bag= tem um caractere que não é peça")
    used = _digits(fields["used"], 4, "used")

    variant_items: dict[str, str] = {}
    if "variant" in fields:
        for part in fields["variant"].split(","):
            key, sep, value = part.partition(":")
            if not sep:
                raise _bad(
                    f"variant part {part!r} must look like name:value",
                    f"a parte {part!r} da variante deve ter a forma nome:valor",
                )
            variant_items[key] = value
    try:
        variant = game.resolve_variant(variant_items)
        check_ranges(variant)
    except BGBError as exc:
        raise _bad(exc.message, exc.message_pt) from None

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
        raise _bad(
            "tiles do not add up to the box's 54: " + ", ".join(wrong),
            "as peças não somam as 54 da caixa: " + ", ".join(wrong),
        )

    order = turn_order(players)
    try:
        cursor = int(fields["next"])
        turn = int(fields["turn"])
        seed = int(fields.get("seed", "0"))
    except ValueError:
        raise _bad("next=, turn= and seed= must be whole numbers", "next=, turn= e seed= devem ser inteiros") from None
    if not 0 <= cursor < len(order):
        raise _bad(f"next= must be 0 to {len(order) - 1}", f"next= deve ser de 0 a {len(order) - 1}")
    if turn < 0:
        raise _bad("turn= cannot be negative", "turn= não pode ser negativo")

    state = CrosswiseState(game, players, seed, variant)
    state.set_board(board)
    state.hands = hands
    state.bag = bag
    state.used = used
    state.cursor = cursor
    state.turn = turn
    state.started = _bits(fields.get("started", "0" * players), players, "started")
    state.redraws = _digits(fields.get("redraws", "0" * players), players, "redraws")
    known_parts = fields.get("known", "/".join("-" * players)).split("/")
    if len(known_parts) != players:
        raise _bad(f"known= needs {players} parts", f"known= precisa de {players} partes")
    known = [_tiles(k, "known") for k in known_parts]
    for seat, (k, h) in enumerate(zip(known, hands, strict=True)):
        if any(k[SYMBOLS:]) or any(k[s] > h[s] for s in range(SYMBOLS)):
            raise _bad(
                f"known= for seat {seat} must be symbols the hand holds",
                f"known= do lugar {seat} deve ter só símbolos que a mão tem",
            )
    state.known = [k[:SYMBOLS] for k in known]
    state.stuck = _bits(fields.get("stuck", "0" * players), players, "stuck")
    for seat in range(players):
        if state.stuck[seat] and any(hands[seat][:SYMBOLS]):
            raise _bad(
                f"seat {seat} is marked stuck but holds a symbol",
                f"o lugar {seat} está marcado como bloqueado mas tem um símbolo",
            )
    state.passed = sum(1 << s for s, x in enumerate(_bits(fields.get("passed", "0" * players), players, "passed")) if x)
    state.start_position = None
    state.settle()
    state.start_position = to_position(state)
    return state


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
