"""Draw full positions from one seat's information: what a search does thousands of times a move.

A :class:`Sampler` knows a position that holds every fact the seat knows (its ``source``: the seat's
private copy of the real position, or one rebuilt from its view) and the places the seat cannot see,
in a fixed order: face-down row cards it has not looked at (seat by seat, left to right), buried
discards (only from a view that does not list them), a card another seat drew, then the deck. The
cards filling them (``pool``) are sorted by value, so a sample depends on the seat's knowledge and the
random stream alone, and both roads (position, view) give the same samples. A sample is a copy of the
source with the pool shuffled into those places, every one of them, so no hidden fact of the source
survives in it, and with the objective deck shuffled.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ...core.sampling import shuffle
from .cards import NUM_CARDS

if TYPE_CHECKING:
    from .game import AlcatrazGame
    from .state import AlcatrazState
    from .view import AlcatrazView


class Sampler:
    """The source, its hidden places and the unseen cards. Prepared on the first sample when made by
    ``State.infoset`` (a caller that only wants the view pays nothing for it)."""

    def __init__(self, source: AlcatrazState, seat: int) -> None:
        self.source = source  # read, never changed: samples are copies of it
        self.seat = seat
        self.ready = False
        self.row_holes: list[tuple[int, int, int]] = []  # (seat, slot, seen-by mask)
        self.pile_holes: list[tuple[int, int]] = []  # (pile, position)
        self.held_hole = False
        self.pool: list[int] = []  # card ids, sorted by value (ids are numbered in value order)
        self.covered: list[tuple[int, int, int]] = []
        self.marked: list[int] = []  # pool cards the source shows face up or seen: reset before a fill
        self.obj_deck: list[int] = []

    # ---- the two roads ------------------------------------------------------------------------------
    @classmethod
    def from_state(cls, source: AlcatrazState, seat: int) -> Sampler:
        """Read off a position (copied: the position may move on), knowing only what ``seat`` knows."""
        sampler = cls(source.clone(), seat)
        sampler.prepare()
        return sampler

    @classmethod
    def from_view(cls, game: AlcatrazGame, view: AlcatrazView) -> Sampler:
        """Rebuilt from the seat's view (perfect memory), every fact checked as for a position text."""
        from .determinize import view_to_source

        source, row_holes, pile_holes, held_hole = view_to_source(game, view)
        sampler = cls(source, -1 if view["seat"] is None else view["seat"])
        pool = [source.rows[s][i] for s, i, _ in row_holes]
        pool += [source.piles[p][k] for p, k in pile_holes]
        if held_hole:
            pool.append(source.held)
        pool += source.deck
        sampler.row_holes, sampler.pile_holes, sampler.held_hole, sampler.pool = row_holes, pile_holes, held_hole, pool
        sampler.marked = [c for c in pool if source.up[c] or source.known[c]]
        sampler._finish()
        return sampler

    def prepare(self) -> None:
        """The hidden places of the source for ``seat``, read off the position: a row card face down that
        the seat has not looked at, another seat's drawn card, the deck (piles are all known: perfect memory)."""
        source = self.source
        bit = 1 << self.seat
        up, known = source.up, source.known
        unseen = [False] * NUM_CARDS
        row_holes: list[tuple[int, int, int]] = []
        marked: list[int] = []
        for s, row in enumerate(source.rows):
            for i, c in enumerate(row):
                if not up[c]:
                    mask = known[c]
                    if not mask & bit:
                        row_holes.append((s, i, mask))
                        unseen[c] = True
                        if mask:
                            marked.append(c)
        held_hole = source.held >= 0 and not source.held_up and source.current != self.seat
        if held_hole:
            unseen[source.held] = True
            marked.append(source.held)
        self.marked = marked
        for c in source.deck:
            unseen[c] = True
        # sorted by value, since ids are numbered in value order (cards.py)
        self.pool = [c for c in range(NUM_CARDS) if unseen[c]]
        self.row_holes, self.held_hole = row_holes, held_hole
        self._finish()

    def _finish(self) -> None:
        source = self.source
        ovl = source.ovl
        if ovl:  # hidden row cards under overlays: a sample re-keys the overlays to the card it puts there
            self.covered = [(s, i, source.rows[s][i]) for s, i, _ in self.row_holes if source.rows[s][i] in ovl]
        self.obj_deck = sorted(source.obj_deck)
        self.ready = True

    # ---- sampling -----------------------------------------------------------------------------------
    def sample(self, rng: random.Random) -> AlcatrazState:
        """The unseen cards shuffled into the hidden places, the objective deck shuffled, a fresh seed."""
        if not self.ready:
            self.prepare()
        cards = self.pool.copy()
        shuffle(cards, rng)
        objectives = self.obj_deck.copy()
        shuffle(objectives, rng)
        state = self.source.resampled(rng.getrandbits(63), False)
        state.obj_deck = objectives
        self._fill(state, cards)
        return state

    def _fill(self, state: AlcatrazState, cards: list[int]) -> None:
        """Every pool card is first made face down and unseen (most already are: the deck's), then
        marked for the place it lands in; the deck is what is left of ``cards``."""
        up, known, ovl = state.up, state.known, state.ovl
        for c in self.marked:
            up[c] = 0
            known[c] = 0
        covered = self.covered
        covers = [ovl.pop(old) for _s, _i, old in covered] if covered else []
        rows = state.rows
        k = 0
        for seat, slot, mask in self.row_holes:
            c = cards[k]
            k += 1
            rows[seat][slot] = c
            known[c] = mask
        for n, (seat, slot, _old) in enumerate(covered):
            ovl[rows[seat][slot]] = covers[n]
        piles = state.piles
        for p, pos in self.pile_holes:
            c = cards[k]
            k += 1
            piles[p][pos] = c
            up[c] = 1
            known[c] = 0
        if self.held_hole:
            c = cards[k]
            k += 1
            state.held = c
            known[c] = 1 << state.current
        state.deck = cards[k:]
