"""The Alcatraz rules engine: one position, advanced one small decision at a time.

Cards are ids 0..67 (value ``VALUE[id]``) so every physical card sits in
exactly one place: a row, an overlay, the deck, a discard pile, a victory
pile, the hand (``held``) or ``pending`` (cards waiting for a pile choice).
Knowledge is kept per card: ``up[id]`` (face up = public) and ``known[id]``
(bit mask of the seats that have seen a face-down card).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final

from ...core.action import Action
from ...core.events import Event
from ...core.game import State, first_seat, rng_for
from ...core.infoset import InfoSet
from ...core.outcome import Outcome
from ...core.sampling import same_shuffle
from ...core.view import check_seat
from . import actions as A
from .cards import (
    ABILITY_NAMES,
    ABILITY_TABLES,
    ADJUST,
    FLIP,
    LOOK,
    MINUS,
    NEG,
    NUM_CARDS,
    OBJECTIVES,
    OBJECTIVES_SHOWN,
    PILES,
    PLUS,
    VALUE,
    apply_overlays,
    fulfils,
    total_of,
    zero_pair,
)
from .checks import check
from .kinds import CLAIM as _CLAIM
from .kinds import DISCARD as _DISCARD
from .kinds import DRAW as _DRAW
from .kinds import END as _END
from .kinds import LOOK as _LOOK
from .kinds import NOPEEK as _NOPEEK
from .kinds import PEEK as _PEEK
from .kinds import PILE as _PILE
from .kinds import SWAP as _SWAP
from .kinds import TAKE as _TAKE
from .kinds import USE as _USE
from .movelog import CHUNK, Chunk, chunked, codes_of
from .phases import PH_AFTER, PH_CLAIM, PH_HOLD, PH_OVER, PH_PEEK, PH_PILE, PH_START, THEN_AFTER, THEN_END
from .position import desc_to_text, state_to_text
from .sampler import Sampler
from .scoring import compute_outcome
from .view import AlcatrazView, build_view

if TYPE_CHECKING:
    from .game import AlcatrazGame

_CHUNK: Final = CHUNK
_EFFECT: Final = {A.PLUS: PLUS, A.MINUS: MINUS, A.FLIP: NEG}
_ONLY: Final = tuple(frozenset((seat,)) for seat in range(5))  # private_to sets for events
# the actions module's tabled actions as module constants the compiled build reads without a lookup in another module
_A_DRAW: Final = A.A_DRAW
_A_END: Final = A.A_END
_A_NOPEEK: Final = A.A_NOPEEK
_A_TAKE: Final = A.A_TAKE
_A_CLAIM: Final = A.A_CLAIM
_A_SWAPS: Final = A.A_SWAPS
_A_DISCARD: Final = A.A_DISCARD
_A_LOOKS: Final = A.A_SLOT[A.LOOK]
_A_PLUS: Final = A.A_SLOT[A.PLUS]
_A_MINUS: Final = A.A_SLOT[A.MINUS]
_A_FLIPS: Final = A.A_SLOT[A.FLIP]
_A_USES: Final = A.A_USES
_A_PILE: Final = A.A_PILE
_A_PEEK: Final = A.A_PEEK
_AZ_ACTION: Final = A.AzAction


class AlcatrazState(State):
    """A full Alcatraz position. Built by ``AlcatrazGame``; change it only with ``apply``.

    A clone copies only the lists a move changes in place (rows, piles, deck, ``up``, ``known``, the
    overlay dict, history); every other list (points, objectives, victory piles, flashes, the lists of
    ``ovl``...) is shared between clones, so the engine never changes one in place: it puts a new list
    in its place (tests/alcatraz/test_engine_sharing.py plays clone trees against replays).
    """

    game: AlcatrazGame

    def __init__(
        self,
        game: AlcatrazGame,
        players: int,
        seed: int,
        variant: dict[str, Any],
        source: AlcatrazState | None = None,
        resample: bool = False,
        keep_deck: bool = True,
    ) -> None:
        self.game = game
        self.players = players
        self.seed = seed
        self.variant = variant
        if source is not None:  # clone() or resampled(): copy what moves change, share what never changes
            s = source
            self.row_size: int = s.row_size
            self.cap: int = s.cap
            self.abilities: Mapping[int, str] = s.abilities
            self.ability_names: dict[str, str] = s.ability_names  # never changed (views copy it)
            self.return_won: bool = s.return_won
            self.optional_look: bool = s.optional_look
            # a sample starts its own history where the source stands (its log stays the source's)
            self.history: list[Action] = [] if resample else s.history.copy()
            self.ply_base: int = s.ply_base + len(s.history) if resample else s.ply_base
            self._chunk: Chunk | None = s._chunk  # the log (movelog.py): shared, never changed
            self._tail: list[str] = s._tail  # shared, only its owner appends (see _note)
            self._ntail: int = s._ntail
            self._owns_tail: bool = False
            self.start_desc: dict[str, Any] | None = None if resample else s.start_desc
            self.rows: list[list[int]] = [r.copy() for r in s.rows]
            self.up: list[int] = s.up.copy()
            self.known: list[int] = s.known.copy()
            self.ovl: dict[int, list[tuple[str, int]]] = s.ovl.copy()  # its lists are shared (replaced)
            self.deck: list[int] = s.deck.copy() if keep_deck else []
            self.piles: list[list[int]] = [p.copy() for p in s.piles]
            # shared with the source: these change a few times a round, and always by replacing the list
            self.victory: list[list[int]] = s.victory
            self.objectives: list[int] = s.objectives
            self.obj_deck: list[int] = s.obj_deck
            self.obj_done: list[int] = s.obj_done
            self.shuffles: int = s.shuffles
            self.obj_shuffles: int = s.obj_shuffles
            self.phase: int = s.phase
            self.round: int = s.round
            self.first: int = s.first
            self.current: int = s.current
            self.turns: int = s.turns
            self.ending: bool = s.ending
            self.emptied: list[int] = s.emptied  # shared, replaced (as the lists below)
            self.last_emptier: int = s.last_emptier
            self.circles: list[int] = s.circles
            self.round_start: list[int] = s.round_start
            self.points: list[int] = s.points
            self.round_scores: list[list[int]] = s.round_scores
            self.capped: list[int] = s.capped
            self.active: list[int] = s.active
            self.peek_queue: list[int] = s.peek_queue
            self.held: int = s.held
            self.held_up: bool = s.held_up
            self.claim: int = s.claim
            self.pending: list[int] = s.pending
            self.pile_next: int = s.pile_next
            self.flash: list[list[int]] = [[] for _ in s.flash] if resample and any(s.flash) else s.flash
            self._outcome: Outcome | None = s._outcome
            self.memory_aid: bool = s.memory_aid
            return
        self.row_size = 5 if variant["wild"] else 4
        self.cap = int(variant["turn_cap"])
        self.abilities = ABILITY_TABLES[variant["ability_table"]]
        self.ability_names = ABILITY_NAMES[variant["ability_table"]]
        self.return_won = variant["empty_deck"] == "return_won"  # AZ-DECK-RESHUFFLE: won cards back in the deck
        self.optional_look = bool(variant["optional_look"])
        self.history = []
        self.ply_base = 0
        self._chunk = None  # the public log: chunks, then this state's first _ntail codes of _tail (_note)
        self._tail = []
        self._ntail = 0
        self._owns_tail = True
        self.start_desc = None
        n = players
        self.rows = [[] for _ in range(n)]
        self.up = [0] * NUM_CARDS
        self.known = [0] * NUM_CARDS
        self.ovl = {}
        self.deck = []
        self.piles = [[] for _ in range(PILES)]
        self.victory = [[] for _ in range(n)]
        self.objectives = []
        self.obj_deck = []
        self.obj_done = []
        self.shuffles = 0
        self.obj_shuffles = 0
        self.phase = PH_PEEK
        self.round = 0
        self.first = 0
        self.current = 0
        self.turns = 0
        self.ending = False
        self.emptied = []
        self.last_emptier = -1
        self.circles = [0] * n
        self.round_start = [0] * n
        self.points = [0] * n  # scored so far; won cards may later be reshuffled (AZ-DECK-RESHUFFLE)
        self.round_scores = []
        self.capped = []
        self.active = list(range(n))  # seats playing this round (AZ-THIRD-ROUND: maybe only the tied)
        self.peek_queue = []
        self.held = -1
        self.held_up = False
        self.claim = 0
        self.pending = []
        self.pile_next = THEN_END
        self.flash = [[] for _ in range(n)]  # cards each seat is looking at right now
        self._outcome = None
        self.memory_aid = bool(variant["memory_aid"])

    # ---- set-up ----------------------------------------------------------
    def deal(self) -> None:
        """AZ-SETUP-*: shuffle, deal the rows, show 3 objectives, start both discard piles."""
        rng = rng_for(self.seed, "deal")
        deck = list(range(NUM_CARDS))
        same_shuffle(deck, rng)
        self.rows = [[deck.pop() for _ in range(self.row_size)] for _ in range(self.players)]
        self.piles = [[deck.pop()] for _ in range(PILES)]
        for pile in self.piles:
            self.up[pile[0]] = 1
        self.deck = deck
        objectives = list(OBJECTIVES)
        same_shuffle(objectives, rng)
        self.objectives = [objectives.pop() for _ in range(OBJECTIVES_SHOWN)]
        self.obj_deck = objectives
        self._begin_round(first_seat(self.variant, self.players, self.seed))

    def _begin_round(self, first: int) -> None:
        self.round += 1
        self.first = first
        self.turns = 0
        self.ending = False
        self.emptied = []
        self.last_emptier = -1
        self.round_start = list(self.points)
        self.flash = [[] for _ in range(self.players)]
        active = self.active
        order = [s for s in ((first + i) % self.players for i in range(self.players)) if s in active]
        up = self.up
        self.peek_queue = [s for s in order if any(not up[c] for c in self.rows[s])]
        if self.peek_queue:
            self.phase = PH_PEEK
            self.current = self.peek_queue[0]
        else:
            self.phase = PH_START
            self.current = first

    # ---- protocol --------------------------------------------------------
    def to_move(self) -> int | None:
        return None if self.phase == PH_OVER else self.current

    @property
    def ply(self) -> int:
        return self.ply_base + len(self.history)

    def is_over(self) -> bool:
        return self.phase == PH_OVER

    def outcome(self) -> Outcome | None:
        return self._outcome

    def can_draw(self) -> bool:
        """AZ-DECK-RESHUFFLE: a draw is possible while the deck, the piles below their tops or (option
        empty_deck=return_won, the default) the victory piles hold cards."""
        if self.deck:
            return True
        for pile in self.piles:
            if len(pile) > 1:
                return True
        if self.return_won:
            for won in self.victory:
                if won:
                    return True
        return False

    def legal_actions(self) -> list[Action]:
        ph = self.phase
        row = self.rows[self.current] if ph != PH_OVER else []
        if ph == PH_START:
            out: list[Action] = [_A_DRAW] if self.can_draw() else []
            if row:
                out += [_A_TAKE[p] for p in range(PILES) if self.piles[p]]
            if len(row) >= 2:
                out += [_A_CLAIM[o] for o in self.objectives]
            out.append(_A_END)
            return out
        if ph == PH_HOLD:
            out = list(_A_SWAPS[len(row)])
            if not self.held_up:
                out += _A_DISCARD
                ability = self.abilities.get(VALUE[self.held])
                if ability == LOOK:
                    up = self.up
                    out += [_A_LOOKS[i] for i, c in enumerate(row) if not up[c]]
                elif ability == ADJUST:
                    out += _A_PLUS[: len(row)]
                    out += _A_MINUS[: len(row)]
                elif ability == FLIP:
                    out += _A_FLIPS[: len(row)]
            return out
        if ph == PH_AFTER:
            out = [_A_CLAIM[o] for o in self.objectives] if len(row) >= 2 else []
            out.append(_A_END)
            return out
        if ph == PH_CLAIM:
            return list(_A_USES[len(row)])
        if ph == PH_PILE:
            return list(_A_PILE)
        if ph == PH_PEEK:
            up = self.up
            peeks: list[Action] = [_A_PEEK[i] for i, c in enumerate(row) if not up[c]]
            if self.optional_look:
                peeks.append(_A_NOPEEK)
            return peeks
        return []

    # ---- validation --------------------------------------------------------
    def _check(self, action: Action) -> None:
        check(self, action)

    # ---- transitions -------------------------------------------------------
    def _apply(self, action: Action) -> list[Event]:
        assert isinstance(action, _AZ_ACTION)
        if self._owns_tail and self._ntail < _CHUNK:  # the log (see _note), inline for the common case
            self._tail.append(action.code)
            self._ntail += 1
        else:
            self._note(action.code)
        seat = self.current
        k = action.kind
        row = self.rows[seat]
        if k == _DRAW:
            card = self._draw_card()
            self.held, self.held_up = card, False
            self.known[card] |= 1 << seat
            self.phase = PH_HOLD
            return [Event("draw", seat, {"deck": len(self.deck)}, {"value": VALUE[card]}, _ONLY[seat])]
        if k == _SWAP:
            return self._swap(seat, row, action.a, action.b)
        if k == _END:
            return self._end_turn(seat)
        if k == _TAKE:
            pile = action.a
            card = self.piles[pile].pop()
            self.held, self.held_up = card, True
            self.phase = PH_HOLD
            return [Event("take", seat, {"pile": pile, "value": VALUE[card]})]
        if k == _CLAIM:
            objective = action.a
            self.claim = objective
            self.phase = PH_CLAIM
            return [Event("claim", seat, {"objective": objective})]
        if k == _USE:
            return self._fulfil(seat, row, action.a, action.b)
        if k == _DISCARD:
            pile = action.a
            card = self.held
            self.held = -1
            self.up[card] = 1
            self.piles[pile].append(card)
            self.phase = PH_AFTER
            return [Event("discard", seat, {"pile": pile, "value": VALUE[card]})]
        if k == _PILE:
            return self._to_pile(seat, action.a)
        if k in (_PEEK, _NOPEEK):
            self.peek_queue = self.peek_queue[1:]
            if self.peek_queue:
                self.current = self.peek_queue[0]
            else:
                self.phase, self.current = PH_START, self.first
            if k == _NOPEEK:  # AZ-OPTIONAL-LOOK: the seat chose not to look
                return [Event("peek", seat, {"slot": None})]
            slot = action.a
            card = row[slot]
            self.known[card] |= 1 << seat
            self._show(seat, card)
            return [Event("peek", seat, {"slot": slot}, {"value": VALUE[card]}, _ONLY[seat])]
        if k == _LOOK:
            slot = action.a
            card = row[slot]
            self.known[card] |= 1 << seat
            self._show(seat, card)
            used = self.held
            self.held = -1
            self.up[used] = 1
            self.pending = [used]
            self.phase, self.pile_next = PH_PILE, THEN_AFTER
            return [Event("look", seat, {"slot": slot, "used": VALUE[used]}, {"value": VALUE[card]}, _ONLY[seat])]
        # plus / minus / flip: the held card is laid over a card of the mover's row
        used = self.held
        self.held = -1
        self.up[used] = 1
        slot = action.a
        target = row[slot]
        self.ovl[target] = [*self.ovl.get(target, ()), (_EFFECT[k], used)]  # a new list: clones share them
        self.phase = PH_AFTER
        return [Event("overlay", seat, {"slot": slot, "effect": _EFFECT[k], "value": VALUE[used]})]

    def _show(self, seat: int, card: int) -> None:
        """``seat`` is looking at ``card`` until its turn ends (a new list: clones share ``flash``)."""
        flash = self.flash.copy()
        flash[seat] = [*flash[seat], card]
        self.flash = flash

    def _swap(self, seat: int, row: list[int], slot: int, pile: int) -> list[Event]:
        old = row[slot]
        card = self.held
        row[slot] = card
        self.held = -1
        if not self.held_up:
            self._show(seat, card)  # the drawer still has the card they just placed in mind
        dest = self.piles[pile]
        covers = self.ovl.pop(old, None)
        if covers:
            dest.extend(c for _, c in covers)
        dest.append(old)
        self.up[old] = 1
        self.known[old] = 0
        self.phase = PH_AFTER
        return [
            Event(
                "swap",
                seat,
                {"slot": slot, "pile": pile, "replaced": VALUE[old], "placed": VALUE[card] if self.held_up else None},
            )
        ]

    def _fulfil(self, seat: int, row: list[int], start: int, count: int) -> list[Event]:
        chosen = row[start : start + count]
        ovl = self.ovl
        values = [apply_overlays(VALUE[c], [e for e, _ in ovl[c]]) if c in ovl else VALUE[c] for c in chosen]
        total = total_of(values)
        success = fulfils(values, self.claim)
        del row[start : start + count]
        for c in chosen:
            self.up[c] = 1
            self.known[c] = 0
        pending: list[int] = []
        if success:
            victory = self.victory.copy()
            victory[seat] = victory[seat] + chosen
            self.victory = victory
            points = self.points.copy()
            points[seat] += count
            self.points = points
            for c in chosen:
                covers = ovl.pop(c, None)
                if covers:
                    pending.extend(x for _, x in covers)
            self._replace_objective(self.claim)
            if row:
                self._refill(row, 1)
        else:
            for c in chosen:
                covers = ovl.pop(c, None)
                if covers:
                    pending.extend(x for _, x in covers)
                pending.append(c)
            self._refill(row, count)
        event = Event(
            "fulfil",
            seat,
            {
                "objective": self.claim,
                "values": [VALUE[c] for c in chosen],
                "counted": values,
                "sum": total,
                "zero_pair": zero_pair(values),
                "success": success,
            },
        )
        self.claim = 0
        if pending:
            self.pending = pending
            self.phase, self.pile_next = PH_PILE, THEN_END
            return [event]
        return [event, *self._end_turn(seat)]

    def _to_pile(self, seat: int, pile: int) -> list[Event]:
        moved = self.pending
        up = self.up
        for c in moved:
            up[c] = 1
        self.piles[pile].extend(moved)
        self.pending = []
        event = Event("to_pile", seat, {"pile": pile, "values": [VALUE[c] for c in moved]})
        if self.pile_next == THEN_AFTER:
            self.phase = PH_AFTER
            return [event]
        return [event, *self._end_turn(seat)]

    def _replace_objective(self, done: int) -> None:
        """AZ-SUCCESS / AZ-OBJECTIVE-RESHUFFLE: the fulfilled objective is replaced in its place by a new
        card; an empty objective deck is rebuilt from the objectives fulfilled *before*, so the one just
        met never comes straight back (it starts the next pile of fulfilled objectives)."""
        objectives = self.objectives.copy()  # new lists throughout: clones share these
        where = objectives.index(done)
        if not self.obj_deck:  # the other 8 objectives are all fulfilled ones (11 cards, 3 on the table)
            fresh = self.obj_done.copy()
            same_shuffle(fresh, rng_for(self.seed, f"objectives:{self.obj_shuffles}"))
            self.obj_shuffles += 1
            self.obj_deck = fresh
            self.obj_done = []
        self.obj_done = [*self.obj_done, done]
        obj_deck = self.obj_deck.copy()
        objectives[where] = obj_deck.pop()
        self.obj_deck = obj_deck
        self.objectives = objectives

    def _draw_card(self) -> int:
        """Top of the deck. An empty deck is rebuilt from the discard piles below their tops and (option
        empty_deck=return_won) the victory piles, whose points are already counted; -1 if no card is left."""
        if not self.deck:
            fresh: list[int] = []
            for pile in self.piles:
                fresh.extend(pile[:-1])
                del pile[:-1]
            if self.return_won:
                for won in self.victory:
                    fresh.extend(won)
                self.victory = [[] for _ in self.victory]
            if not fresh:
                return -1
            up, known = self.up, self.known
            for c in fresh:
                up[c] = 0
                known[c] = 0
            same_shuffle(fresh, rng_for(self.seed, f"deck:{self.shuffles}"))
            self.shuffles += 1
            self.deck = fresh
        return self.deck.pop()

    def _refill(self, row: list[int], count: int) -> None:
        for _ in range(count):
            card = self._draw_card()
            if card < 0:
                return
            row.append(card)

    def _end_turn(self, seat: int) -> list[Event]:
        self.turns += 1
        if self.flash[seat]:  # AZ-MEMORY-AID: what the player just saw stays shown until their turn ends
            flash = self.flash.copy()
            flash[seat] = []
            self.flash = flash
        self.phase = PH_START
        events: list[Event] = []
        if not self.rows[seat] and seat not in self.emptied:
            self.emptied = [*self.emptied, seat]
            circles = self.circles.copy()
            circles[seat] += 1
            self.circles = circles
            self.last_emptier = seat
            self.ending = True
            events.append(Event("row_empty", seat, {"circles": self.circles[seat]}))
        if not self.ending and not self.return_won and not self.can_draw():
            # AZ-DECK-DRY: not even the discard piles can make a new deck; the lap is finished as for an
            # emptied row (everyone gets the same number of turns), with no circle for running dry
            self.ending = True
            events.append(Event("deck_dry", seat, {"round": self.round}))
        active = self.active
        nxt = (seat + 1) % self.players
        while nxt not in active:
            nxt = (nxt + 1) % self.players
        if self.ending and nxt == self.first:
            events.extend(self._end_round(capped=False))
        elif not self.ending and self.turns >= self.cap * len(active):
            events.extend(self._end_round(capped=True))
        else:
            self.current = nxt
        return events

    def _end_round(self, capped: bool) -> list[Event]:
        scores = [p - s for p, s in zip(self.points, self.round_start, strict=True)]
        self.round_scores = [*self.round_scores, scores]
        if capped:
            self.capped = [*self.capped, self.round]
        events = [
            Event(
                "round_end",
                None,
                {
                    "round": self.round,
                    "scores": scores,
                    "capped": capped,
                    "circles": list(self.circles),
                    "turns": self.turns,
                },
            )
        ]
        if self.round >= 2:
            result = self.compute_outcome()
            if result is not None:
                self.phase = PH_OVER
                self._outcome = result
                events.append(Event("game_over", None, {"outcome": result.to_dict()}))
                return events
        # AZ-NEXT-ROUND: left of the last player who emptied a row starts (or the next seat, if nobody did)
        first = (self.last_emptier if self.last_emptier >= 0 else self.first) + 1
        first %= self.players
        if self.round == 2 and self.variant["third_round"] == "tied_only":
            self.active = self.tied_seats()  # AZ-THIRD-ROUND: only the tied players play it
            while first not in self.active:
                first = (first + 1) % self.players
        for i in range(self.players):
            seat = (first + i) % self.players
            if seat in self.active:
                row = self.rows[seat]
                self._refill(row, self.row_size - len(row))
        self._begin_round(first)
        return events

    def tied_seats(self) -> list[int]:
        """The seats still level on points and circles at the top (the players a third round is for)."""
        totals = self.totals()
        best = max((totals[s], self.circles[s]) for s in range(self.players))
        return [s for s in range(self.players) if (totals[s], self.circles[s]) == best]

    def totals(self) -> list[int]:
        return [sum(r[s] for r in self.round_scores) for s in range(self.players)]

    def compute_outcome(self) -> Outcome | None:
        """The result once rounds are done (None when a third round must be played)."""
        return compute_outcome(self)

    # ---- information ---------------------------------------------------------
    def view(self, seat: int | None = None, *, perfect_memory: bool = False, moment: bool = True) -> AlcatrazView:
        return build_view(self, seat, perfect_memory, moment)

    # ---- copies --------------------------------------------------------------
    def clone(self) -> AlcatrazState:
        return AlcatrazState(self.game, self.players, self.seed, self.variant, self)

    def resampled(self, seed: int, keep_deck: bool = True) -> AlcatrazState:
        """A copy to refill the hidden places of (sampler.py): a fresh history from this version on, no
        flashes, a new seed for its shuffles (and, if the sampler deals a new deck, no deck)."""
        return AlcatrazState(self.game, self.players, seed, self.variant, self, True, keep_deck)

    def infoset(self, seat: int) -> InfoSet:
        """As ``State.infoset``, with the sampler reading the infoset's own snapshot (no second copy). The
        snapshot is read only for the seat's perfect-memory view and samples, so it needs no history (its
        log and version are this state's) nor the cards shown only in the moment."""
        check_seat(seat, self.players)
        legal = tuple(self.legal_actions()) if self.to_move() == seat else ()
        snapshot = self.resampled(self.seed)
        return InfoSet(self.game, seat, None, legal, snapshot=snapshot, sampler=Sampler(snapshot, seat))

    def sampler(self, seat: int) -> Sampler:
        """Resamples what ``seat`` cannot see, read straight off (a copy of) this position: sampler.py."""
        return Sampler.from_state(self, seat)

    def log(self) -> list[str]:
        """The public move log (codes): those a position or view started from, then one per applied move."""
        return codes_of(self._chunk, self._tail, self._ntail)

    def _note(self, code: str) -> None:
        """Add a move to the log (movelog.py). The tail list is shared with clones and only its owner
        appends to it: a state's tail is its first ``_ntail`` entries, so a clone that moves copies those
        first and owns the copy. Only the owner writes, so a clone on another thread never sees a
        half-made change. A full tail becomes a chunk."""
        if self._ntail >= _CHUNK:
            self._chunk = Chunk(self._chunk, tuple(self._tail[: self._ntail]))
            self._tail = [code]
            self._ntail = 1
            self._owns_tail = True
            return
        if not self._owns_tail:
            self._tail = self._tail[: self._ntail]
            self._owns_tail = True
        self._tail.append(code)
        self._ntail += 1

    def start_log(self, codes: list[str]) -> None:
        """The log a position or a view starts from (before any move of this state)."""
        self._chunk, self._tail = chunked(codes)
        self._ntail = len(self._tail)
        self._owns_tail = True

    def to_position(self) -> str:
        return state_to_text(self)

    def _record_meta(self) -> dict[str, Any]:
        if self.start_desc is None:
            return {}
        return {"position": desc_to_text(self.start_desc)}

    # ---- helpers for views, bots and tests -----------------------------------
    def counted_value(self, card: int) -> int:
        """The value a row card adds to a sum, overlays applied (AZ-OVERLAY)."""
        return apply_overlays(VALUE[card], [e for e, _ in self.ovl.get(card, ())])

    def card_places(self) -> dict[int, str]:
        """Where every card is (id -> place); tests use it to prove no card is lost or doubled."""
        places: dict[int, str] = {}

        def put(cards: list[int], where: str) -> None:
            for c in cards:
                if c in places:
                    raise AssertionError(f"card {c} is both in {places[c]} and {where}")
                places[c] = where

        for s, row in enumerate(self.rows):
            put(row, f"row{s}")
        for c, covers in self.ovl.items():
            put([x for _, x in covers], f"overlay on {c}")
        put(self.deck, "deck")
        for p, pile in enumerate(self.piles):
            put(pile, f"pile{p}")
        for s, won in enumerate(self.victory):
            put(won, f"victory{s}")
        put(self.pending, "pending")
        if self.held >= 0:
            put([self.held], "held")
        return places
