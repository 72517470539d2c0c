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
from .state import CrosswiseState, SampleOrigin, deal_unseen, hand_count
from .tiles import ACTION_TILES, CHAR_TO_TILE, EMPTY, FULL_SET, SQUARES, SYMBOLS, TILE_KINDS, parse_tiles
from .view import CrosswiseView

if TYPE_CHECKING:
    from .game import CrosswiseGame

_FULL_SET: Final[tuple[int, ...]] = FULL_SET


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
        total = 0
        for t in range(TILE_KINDS):
            if pool_counts[t] < 0:
                raise ValueError("the view shows more tiles than the box holds")
            total += pool_counts[t]
        self.template = template
        self.seat = seat
        # the unseen tiles in a fixed order (by kind), so a sample depends on the rng and the seat's facts only
        pool = [0] * total
        k = 0
        for t in range(TILE_KINDS):
            for _ in range(pool_counts[t]):
                pool[k] = t
                k += 1
        self.pool = pool
        stuck = template.stuck
        hands = template.hands
        self.fill: list[tuple[int, int, bool]] = []  # (seat, tiles to deal, only action tiles)
        dealt = 0
        for stuck_first in range(2):  # seats seen to pass first (they take action tiles only), then the others
            for s in range(template.players):
                if s == seat or stuck[s] != (stuck_first == 0):
                    continue
                need = sizes[s] - hand_count(hands[s])
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
    def from_state(cls, source: CrosswiseState, seat: int, frozen: bool = False) -> Sampler:
        """The same sampler ``from_view`` builds from ``source.view(seat, perfect_memory=True)``, read directly:
        only the board, the public counts and facts, and ``seat``'s own hand. ``frozen``: ``source`` never
        changes again (an infoset's snapshot), so the prepared position shares its lists instead of copying."""
        players = source.players
        known = source.known
        state = CrosswiseState(source.game, players, 0, source.variant, source, frozen)
        state.history = []
        state.log_prefix = source.log()
        state._log = source._log  # the tuple log() just brought up to date: exactly log_prefix
        hands: list[list[int]] = []
        for s in range(players):
            hands.append(list(source.hands[s]) if s == seat else known[s] + [0, 0, 0, 0])
        state.hands = hands
        state.bag = []
        state.start_position = None
        state.origin = None
        state.settle()
        sizes = [hand_count(h) for h in source.hands]  # public: every hand's size
        return Sampler(state, seat, sizes, len(source.bag), _pool(state.board, state.used, hands))

    def sample(self, rng: random.Random) -> CrosswiseState:
        """Deal the unseen tiles at random: the other hands (a seat seen to pass gets action tiles only), then
        the bag."""
        template = self.template
        seed = rng.getrandbits(63)
        unseen = self.pool.copy()
        shuffle(unseen, rng)
        state = CrosswiseState(template.game, template.players, seed, template.variant, template)
        state.origin = SampleOrigin(template, seed, unseen, self.fill)
        if not deal_unseen(state, unseen, self.fill):
            raise _bad(ValueError("cannot fill a hand from the unseen tiles"))
        return state


def _pool(board: list[int], used: list[int], hands: list[list[int]]) -> list[int]:
    """Tiles of each kind nobody can see: the box less the board, the used action tiles and the known hands."""
    pool: list[int] = list(_FULL_SET)
    for t in board:
        if t != EMPTY:
            pool[t] = pool[t] - 1
    for i in range(len(used)):
        pool[SYMBOLS + i] = pool[SYMBOLS + i] - used[i]
    for h in hands:
        for t in range(TILE_KINDS):
            n = h[t]
            if n:
                pool[t] = pool[t] - n
    return pool


__all__ = ["ACTION_TILES", "Sampler", "determinize"]
