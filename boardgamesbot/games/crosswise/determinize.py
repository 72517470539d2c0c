"""Sample a full Crosswise position from one seat's information: the bots' only road to a State.

The board, used action tiles and every public fact about hands (symbols a
seat took from the board, a pass showing a hand holds no symbol) stay as the
seat knows them; the tiles the seat cannot see are dealt at random to the
other hands and the bag. A :class:`Sampler` reads the seat's information once
(from its view, or straight from a position through ``State.sampler`` — the
same facts, so the same samples) and then each sample only shuffles the pool
of unseen tiles and copies a prepared position.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Final

from ...core.errors import InvalidPosition
from ...core.sampling import shuffle
from .state import CrosswiseState, SampleOrigin
from .tiles import ACTION_TILES, CHAR_TO_TILE, EMPTY, FULL_SET, SQUARES, SYMBOLS, TILE_KINDS, parse_tiles
from .view import CrosswiseView

if TYPE_CHECKING:
    from .game import CrosswiseGame

_KINDS: Final = range(TILE_KINDS)


def determinize(game: CrosswiseGame, view: CrosswiseView, rng: random.Random) -> CrosswiseState:
    """Deal the tiles the viewer cannot see at random, honouring every public fact in the view."""
    return Sampler.from_view(game, view).sample(rng)


def _bad(exc: Exception) -> InvalidPosition:
    return InvalidPosition(
        f"not a Crosswise view (or an inconsistent one): {exc!r}",
        f"não é uma vista de Crosswise (ou é incoerente): {exc!r}",
    )


class Sampler:
    """One seat's information, prepared: a position holding every fact the seat knows, and the unseen pool."""

    def __init__(
        self, template: CrosswiseState, seat: int, sizes: list[int], bag_size: int, pool_counts: list[int]
    ) -> None:
        if min(pool_counts) < 0:
            raise ValueError("the view shows more tiles than the box holds")
        self.template = template
        self.seat = seat
        # the unseen tiles in a fixed order (by kind), so a sample depends on the rng and the seat's facts only
        self.pool: list[int] = [t for t in _KINDS for _ in range(pool_counts[t])]
        stuck = template.stuck
        others = sorted((s for s in range(template.players) if s != seat), key=lambda s: not stuck[s])
        self.fill: list[tuple[int, int, bool]] = []  # (seat, tiles to deal, only action tiles)
        dealt = 0
        for s in others:
            need = sizes[s] - sum(template.hands[s])
            if need < 0:
                raise ValueError(f"seat {s}'s hand is smaller than what the table knows it holds")
            self.fill.append((s, need, stuck[s]))
            dealt += need
        if len(self.pool) - dealt != bag_size:
            raise ValueError("bag size does not match the unseen tiles")

    @classmethod
    def from_view(cls, game: CrosswiseGame, view: CrosswiseView) -> Sampler:
        try:
            return cls._from_view(game, view)
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise _bad(exc) from None

    @classmethod
    def _from_view(cls, game: CrosswiseGame, view: CrosswiseView) -> Sampler:
        players = view["players"]
        seat = view["seat"]
        if not isinstance(seat, int) or not 0 <= seat < players:
            raise ValueError(f"the view's seat {seat!r} is not a seat of this game")
        variant = game.resolve_variant(view["variant"])
        state = CrosswiseState(game, players, 0, variant)
        board = [EMPTY if ch == "." else CHAR_TO_TILE[ch] for row in view["board"] for ch in row]
        if len(board) != SQUARES:
            raise ValueError("board must have 36 squares")
        used = [view["used"][ch] for ch in "RMST"]
        known = [parse_tiles(k)[:SYMBOLS] for k in view["known"]]
        hands: list[list[int]] = [[0] * TILE_KINDS for _ in range(players)]
        for s in range(players):
            if s == seat:
                hands[s] = parse_tiles(view["hand"] or "-")
            else:
                hands[s][:SYMBOLS] = known[s]
        state.set_board(board)
        state.hands = hands
        state.used = used
        state.cursor = int(view["cursor"])
        state.turn = int(view["turn"])
        state.started = [bool(x) for x in view["started"]]
        state.redraws = [int(x) for x in view["redraws"]]
        state.known = known
        state.stuck = [bool(x) for x in view["stuck"]]
        state.passed = sum(1 << s for s, x in enumerate(view["passed"]) if x)
        state.log_prefix = [str(code) for code in view["log"]]
        state.settle()
        return cls(state, seat, list(view["hand_sizes"]), int(view["bag_size"]), _pool(board, used, hands))

    @classmethod
    def from_state(cls, source: CrosswiseState, seat: int) -> Sampler:
        """The same sampler ``from_view`` builds from ``source.view(seat, perfect_memory=True)``, read directly:
        only the board, the public counts and facts, and ``seat``'s own hand."""
        players = source.players
        state = CrosswiseState(source.game, players, 0, source.variant)
        board = list(source.board)
        hands: list[list[int]] = [[0] * TILE_KINDS for _ in range(players)]
        known = [list(k) for k in source.known]
        for s in range(players):
            if s == seat:
                hands[s] = list(source.hands[s])
            else:
                hands[s][:SYMBOLS] = known[s]
        state.set_board(board)
        state.hands = hands
        state.used = list(source.used)
        state.cursor = source.cursor
        state.turn = source.turn
        state.started = list(source.started)
        state.redraws = list(source.redraws)
        state.known = known
        state.stuck = list(source.stuck)
        state.passed = source.passed
        state.log_prefix = source.log()
        state.settle()
        sizes = [sum(h) for h in source.hands]  # public: every hand's size
        return cls(state, seat, sizes, len(source.bag), _pool(board, state.used, hands))

    def sample(self, rng: random.Random) -> CrosswiseState:
        """Deal the unseen tiles at random: the other hands (a seat seen to pass gets action tiles only), then
        the bag."""
        template = self.template
        seed = rng.getrandbits(63)
        unseen = self.pool.copy()
        shuffle(unseen, rng)
        state = CrosswiseState(template.game, template.players, seed, template.variant, template)
        hands = state.hands
        for s, need, only_actions in self.fill:
            if not need:
                continue
            hand = hands[s]
            if only_actions:  # the table saw this seat pass: it holds action tiles only
                picked = [t for t in unseen if t >= SYMBOLS][:need]
                for t in picked:
                    unseen.remove(t)
            else:
                picked = unseen[:need]
                del unseen[:need]
            if len(picked) != need:
                raise _bad(ValueError(f"cannot fill seat {s}'s hand from the unseen tiles"))
            for t in picked:
                hand[t] += 1
        state.bag = unseen
        state.origin = SampleOrigin(template, seed, hands, unseen)
        return state


def _pool(board: list[int], used: list[int], hands: list[list[int]]) -> list[int]:
    """Tiles of each kind nobody can see: the box less the board, the used action tiles and the known hands."""
    pool = list(FULL_SET)
    for t in board:
        if t != EMPTY:
            pool[t] -= 1
    for i, n in enumerate(used):
        pool[SYMBOLS + i] -= n
    for h in hands:
        for t in _KINDS:
            pool[t] -= h[t]
    return pool


__all__ = ["ACTION_TILES", "Sampler", "determinize"]
