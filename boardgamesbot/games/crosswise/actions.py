"""Crosswise moves: frozen values with a stable text code and a dense index.

Every possible move exists once (interned in tables built at import), so the
engine hands out shared objects instead of building new ones in hot loops; each
computes its code once, at import.

Codes (case-insensitive on input; spaces, ``-`` and ``:`` are optional separators):
``3C4`` place symbol 3 on C4; ``R-C4`` remove C4 into the hand; ``M-C4-D5``
move C4 to empty D5; ``S-C4-D5`` swap two board tiles; ``T-C4-3`` trade board
tile C4 for symbol 3 from the hand; ``REDRAW`` return an all-action starting
hand and draw again; ``PASS`` when no other move exists.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ...core.action import Action
from ...core.actiontable import ActionTable
from ...core.errors import InvalidActionText
from .tiles import SQUARE_BY_NAME, SQUARE_NAMES, SQUARES, SYMBOLS, tile_name


@dataclass(frozen=True, slots=True)
class Place(Action):
    symbol: int
    square: int
    code: str = field(init=False, repr=False, compare=False)
    _hash: int = field(init=False, repr=False, compare=False)

    def __hash__(self) -> int:  # the dataclass hash of the fields, computed once: searches hash moves a lot
        return self._hash

    def __post_init__(self) -> None:
        object.__setattr__(self, "code", f"{self.symbol + 1}{SQUARE_NAMES[self.square]}")
        object.__setattr__(self, "_hash", hash((self.symbol, self.square)))


@dataclass(frozen=True, slots=True)
class Remove(Action):
    square: int
    code: str = field(init=False, repr=False, compare=False)
    _hash: int = field(init=False, repr=False, compare=False)

    def __hash__(self) -> int:  # the dataclass hash of the fields, computed once: searches hash moves a lot
        return self._hash

    def __post_init__(self) -> None:
        object.__setattr__(self, "code", f"R-{SQUARE_NAMES[self.square]}")
        object.__setattr__(self, "_hash", hash((self.square,)))


@dataclass(frozen=True, slots=True)
class Move(Action):
    src: int
    dst: int
    code: str = field(init=False, repr=False, compare=False)
    _hash: int = field(init=False, repr=False, compare=False)

    def __hash__(self) -> int:  # the dataclass hash of the fields, computed once: searches hash moves a lot
        return self._hash

    def __post_init__(self) -> None:
        object.__setattr__(self, "code", f"M-{SQUARE_NAMES[self.src]}-{SQUARE_NAMES[self.dst]}")
        object.__setattr__(self, "_hash", hash((self.src, self.dst)))


@dataclass(frozen=True, slots=True)
class Swap(Action):
    """Swap is symmetric: ``a < b`` always, so each swap has one code."""

    a: int
    b: int
    code: str = field(init=False, repr=False, compare=False)
    _hash: int = field(init=False, repr=False, compare=False)

    def __hash__(self) -> int:  # the dataclass hash of the fields, computed once: searches hash moves a lot
        return self._hash

    def __post_init__(self) -> None:
        object.__setattr__(self, "code", f"S-{SQUARE_NAMES[self.a]}-{SQUARE_NAMES[self.b]}")
        object.__setattr__(self, "_hash", hash((self.a, self.b)))


@dataclass(frozen=True, slots=True)
class Trade(Action):
    square: int
    symbol: int
    code: str = field(init=False, repr=False, compare=False)
    _hash: int = field(init=False, repr=False, compare=False)

    def __hash__(self) -> int:  # the dataclass hash of the fields, computed once: searches hash moves a lot
        return self._hash

    def __post_init__(self) -> None:
        object.__setattr__(self, "code", f"T-{SQUARE_NAMES[self.square]}-{self.symbol + 1}")
        object.__setattr__(self, "_hash", hash((self.square, self.symbol)))


@dataclass(frozen=True, slots=True)
class Pass(Action):
    code: str = field(init=False, repr=False, compare=False)
    _hash: int = field(init=False, repr=False, compare=False)

    def __hash__(self) -> int:  # the dataclass hash of the fields, computed once: searches hash moves a lot
        return self._hash

    def __post_init__(self) -> None:
        object.__setattr__(self, "code", "PASS")
        object.__setattr__(self, "_hash", hash(()))


@dataclass(frozen=True, slots=True)
class Redraw(Action):
    code: str = field(init=False, repr=False, compare=False)
    _hash: int = field(init=False, repr=False, compare=False)

    def __hash__(self) -> int:  # the dataclass hash of the fields, computed once: searches hash moves a lot
        return self._hash

    def __post_init__(self) -> None:
        object.__setattr__(self, "code", "REDRAW")
        object.__setattr__(self, "_hash", hash(()))


# ---- interned tables ---------------------------------------------------------
PLACE: tuple[tuple[Place, ...], ...] = tuple(tuple(Place(s, q) for q in range(SQUARES)) for s in range(SYMBOLS))
REMOVE_AT: tuple[Remove, ...] = tuple(Remove(q) for q in range(SQUARES))
MOVE_FROM: tuple[tuple[Move | None, ...], ...] = tuple(
    tuple(Move(a, b) if a != b else None for b in range(SQUARES)) for a in range(SQUARES)
)
_SWAPS = {(a, b): Swap(a, b) for a in range(SQUARES) for b in range(a + 1, SQUARES)}
SWAP_OF: tuple[tuple[Swap | None, ...], ...] = tuple(
    tuple(_SWAPS[min(a, b), max(a, b)] if a != b else None for b in range(SQUARES)) for a in range(SQUARES)
)
#: Upper triangle of SWAP_OF (None where b <= a): picking a whole row gives each swap once.
SWAP_HI: tuple[tuple[Swap | None, ...], ...] = tuple(
    tuple(SWAP_OF[a][b] if a < b else None for b in range(SQUARES)) for a in range(SQUARES)
)
TRADE_AT: tuple[tuple[Trade, ...], ...] = tuple(tuple(Trade(q, s) for s in range(SYMBOLS)) for q in range(SQUARES))
PASS = Pass()
REDRAW = Redraw()

ALL_ACTIONS: tuple[Action, ...] = (
    *(a for row in PLACE for a in row),
    *REMOVE_AT,
    *(m for row in MOVE_FROM for m in row if m is not None),
    *(x for row in SWAP_HI for x in row if x is not None),
    *(a for row in TRADE_AT for a in row),
    PASS,
    REDRAW,
)

_SQ = r"([A-F][1-6])"
_SEP = r"[-: >=/]*"
_PATTERNS = (
    (re.compile(rf"^([1-6]){_SEP}{_SQ}$"), lambda m: PLACE[int(m[1]) - 1][SQUARE_BY_NAME[m[2]]]),
    (re.compile(rf"^R{_SEP}{_SQ}$"), lambda m: REMOVE_AT[SQUARE_BY_NAME[m[1]]]),
    (re.compile(rf"^M{_SEP}{_SQ}{_SEP}{_SQ}$"), lambda m: MOVE_FROM[SQUARE_BY_NAME[m[1]]][SQUARE_BY_NAME[m[2]]]),
    (re.compile(rf"^S{_SEP}{_SQ}{_SEP}{_SQ}$"), lambda m: SWAP_OF[SQUARE_BY_NAME[m[1]]][SQUARE_BY_NAME[m[2]]]),
    (re.compile(rf"^T{_SEP}{_SQ}{_SEP}([1-6])$"), lambda m: TRADE_AT[SQUARE_BY_NAME[m[1]]][int(m[2]) - 1]),
)
EXPECTED = "a move like 3C4 (place), R-C4 (remove), M-C4-D5 (move), S-C4-D5 (swap), T-C4-3 (trade), REDRAW or PASS"
EXPECTED_PT = (
    "uma jogada como 3C4 (colocar), R-C4 (retirar), M-C4-D5 (mover), S-C4-D5 (trocar), "
    "T-C4-3 (trocar com a mão), REDRAW ou PASS"
)


def _near_code(key: str) -> Action | None:
    """Codes written with other separators or none (``R C4``, ``m:c4>d5``); two equal squares are refused."""
    for pattern, build in _PATTERNS:
        m = pattern.match(key)
        if m:
            action = build(m)
            if action is None:
                raise InvalidActionText(key, "the two squares must differ", "as duas casas devem ser diferentes")
            return action
    return None


TABLE: ActionTable[Action] = ActionTable(
    ALL_ACTIONS, EXPECTED, EXPECTED_PT, normalize=lambda text: text.strip().upper(), fallback=_near_code
)


def parse(text: object) -> Action:
    """Text code -> the interned action; InvalidActionText says what a code looks like."""
    return TABLE.parse(text)


def describe(action: Action, lang: str = "en", *, mover: bool = True) -> str:
    """Words for a move in English or Portuguese; ``mover=False``: in the third person, for the others."""
    pt = lang.startswith("pt")
    your, hand_pt = ("your", "a mão") if mover else ("their", "a própria mão")
    sq = SQUARE_NAMES
    if isinstance(action, Place):
        sym = tile_name(action.symbol, lang)
        return f"colocar {sym} em {sq[action.square]}" if pt else f"place {sym} on {sq[action.square]}"
    if isinstance(action, Remove):
        return (
            f"ação retirar: tirar a peça de {sq[action.square]} para {hand_pt}"
            if pt
            else f"remove action: take the tile on {sq[action.square]} into {your} hand"
        )
    if isinstance(action, Move):
        return (
            f"ação mover: levar a peça de {sq[action.src]} para {sq[action.dst]}"
            if pt
            else f"move action: move the tile on {sq[action.src]} to {sq[action.dst]}"
        )
    if isinstance(action, Swap):
        return (
            f"ação trocar: trocar as peças de {sq[action.a]} e {sq[action.b]}"
            if pt
            else f"swap action: swap the tiles on {sq[action.a]} and {sq[action.b]}"
        )
    if isinstance(action, Trade):
        sym = tile_name(action.symbol, lang)
        return (
            f"ação trocar com a mão: pôr {sym} em {sq[action.square]} e levar a peça de lá para {hand_pt}"
            if pt
            else f"trade action: put {sym} on {sq[action.square]} and take the tile there into {your} hand"
        )
    if isinstance(action, Redraw):
        return (
            f"devolver {hand_pt} (só peças de ação) ao saco e tirar outra"
            if pt
            else f"return {your} all-action hand to the bag and draw a new one"
        )
    return "passar a vez (nenhuma jogada possível)" if pt else "pass (no move is possible)"
