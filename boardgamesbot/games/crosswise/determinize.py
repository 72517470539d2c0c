"""Sample a full Crosswise position from one seat's view: the bots' only road to a State.

The board, used action tiles and every public fact about hands (symbols a
seat took from the board, a pass showing a hand holds no symbol) stay as the
view says; the tiles the viewer cannot see are dealt at random to the other
hands and the bag.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ...core.errors import InvalidPosition
from .state import CrosswiseState
from .tiles import ACTION_TILES, CHAR_TO_TILE, EMPTY, FULL_SET, SQUARES, SYMBOLS, TILE_KINDS, parse_tiles
from .view import CrosswiseView

if TYPE_CHECKING:
    from .game import CrosswiseGame


def determinize(game: CrosswiseGame, view: CrosswiseView, rng: random.Random) -> CrosswiseState:
    """Deal the tiles the viewer cannot see at random, honouring every public fact in the view."""
    try:
        return _sample(game, view, rng)
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise InvalidPosition(
            f"not a Crosswise view (or an inconsistent one): {exc!r}",
            f"não é uma vista de Crosswise (ou é incoerente): {exc!r}",
        ) from None


def _sample(game: CrosswiseGame, view: CrosswiseView, rng: random.Random) -> CrosswiseState:
    players = view["players"]
    seat = view["seat"]
    variant = game.resolve_variant(view["variant"])
    state = CrosswiseState(game, players, rng.getrandbits(63), variant)
    pool = list(FULL_SET)
    board = [EMPTY if ch == "." else CHAR_TO_TILE[ch] for row in view["board"] for ch in row]
    if len(board) != SQUARES:
        raise ValueError("board must have 36 squares")
    for t in board:
        if t != EMPTY:
            pool[t] -= 1
    used = [view["used"][ch] for ch in "RMST"]
    for i, n in enumerate(used):
        pool[SYMBOLS + i] -= n
    known = [parse_tiles(k)[:SYMBOLS] for k in view["known"]]
    hands: list[list[int]] = [[0] * TILE_KINDS for _ in range(players)]
    for s in range(players):
        if s == seat:
            hands[s] = parse_tiles(view["hand"] or "-")
        else:
            hands[s][:SYMBOLS] = known[s]
    for h in hands:
        for t in range(TILE_KINDS):
            pool[t] -= h[t]
    if min(pool) < 0:
        raise ValueError("the view shows more tiles than the box holds")
    unseen = [t for t in range(TILE_KINDS) for _ in range(pool[t])]
    rng.shuffle(unseen)
    sizes = view["hand_sizes"]
    stuck = list(view["stuck"])
    others = sorted((s for s in range(players) if s != seat), key=lambda s: not stuck[s])
    for s in others:
        need = sizes[s] - sum(hands[s])
        if stuck[s]:  # the table saw this seat pass: it holds action tiles only
            picked = [t for t in unseen if t in ACTION_TILES][:need]
            for t in picked:
                unseen.remove(t)
        else:
            picked, unseen = unseen[:need], unseen[need:]
        if len(picked) != need:
            raise ValueError(f"cannot fill seat {s}'s hand from the unseen tiles")
        for t in picked:
            hands[s][t] += 1
    if len(unseen) != view["bag_size"]:
        raise ValueError("bag size does not match the unseen tiles")
    state.set_board(board)
    state.hands = hands
    state.bag = unseen
    state.used = used
    state.cursor = int(view["cursor"])
    state.turn = int(view["turn"])
    state.started = [bool(x) for x in view["started"]]
    state.redraws = [int(x) for x in view["redraws"]]
    state.known = known
    state.stuck = [bool(x) for x in stuck]
    state.passed = sum(1 << s for s, x in enumerate(view["passed"]) if x)
    state.log_prefix = [str(code) for code in view["log"]]
    state.settle()
    state.origin = state.clone()  # a record of this sample replays from here (position computed lazily)
    return state
