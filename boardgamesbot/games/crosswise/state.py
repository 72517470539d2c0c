"""One Crosswise position and its transitions.

The board is a flat list of 36 ints (-1 empty, 0..5 symbol); each hand is a
count per tile kind (6 symbols then R, M, S, T); the bag is a list whose end
is drawn first. Besides these, the state keeps what the table publicly knows
about hands (tiles a player took from the board, a pass showing a hand holds
no symbol) so that ``Game.determinize`` can honour it.
"""

from __future__ import annotations

import random
from bisect import insort
from collections.abc import Callable, Sequence
from itertools import chain, compress
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from ...core.action import Action
from ...core.errors import IllegalAction
from ...core.events import Event
from ...core.game import State, rng_for
from ...core.outcome import Outcome
from ...core.view import base_view
from . import actions as A
from .position import PositionData, encode
from .scoring import line_scores, outcome, six_of_a_kind
from .seats import hand_size_of, team_of, teams, turn_order
from .tiles import (
    ACTION_NAMES,
    COL_OF,
    EMPTY,
    MOVE,
    REMOVE,
    ROW_OF,
    SIZE,
    SQUARE_NAMES,
    SQUARES,
    SWAP,
    SYMBOLS,
    TILE_CHARS,
    TILE_KINDS,
    TRADE,
    tiles_text,
)
from .variants import redraw_limit
from .view import CrosswiseView

if TYPE_CHECKING:
    from .game import CrosswiseGame

_RANGE_SQ = range(SQUARES)
_RANGE_SYM = range(SYMBOLS)
_chain = chain.from_iterable
_ONLY = tuple(frozenset((seat,)) for seat in range(4))  # private_to sets for events


def _getter(indices: list[int]) -> Callable[[Sequence[Any]], tuple[Any, ...]]:
    """A C-level picker returning a tuple even for a single index."""
    if len(indices) == 1:
        only = indices[0]
        return lambda seq: (seq[only],)
    return itemgetter(*indices)


class CrosswiseState(State):
    game: CrosswiseGame

    def __init__(self, game: CrosswiseGame, players: int, seed: int, variant: dict[str, Any]) -> None:
        self.game = game
        self.players = players
        self.seed = seed
        self.variant = variant
        self.gift_illegal = variant["opponent_six"] == "illegal"
        self.redraw_limit = redraw_limit(variant)
        self.history: list[Action] = []
        self.order = turn_order(players)
        self.hand_sizes = tuple(hand_size_of(players, s) for s in range(players))
        self.board: list[int] = [EMPTY] * SQUARES
        self.empty_sq: list[int] = list(_RANGE_SQ)  # kept sorted, in step with the board
        self.filled_sq: list[int] = []
        self.hands: list[list[int]] = [[0] * TILE_KINDS for _ in range(players)]
        self.bag: list[int] = []
        self.used: list[int] = [0, 0, 0, 0]  # R, M, S, T played so far
        self.cursor = 0  # index into self.order
        self.turn = 0  # applied actions so far (the state version)
        self.started = [False] * players  # has the seat finished a turn yet (redraw window)
        self.redraws = [0] * players
        self.known: list[list[int]] = [[0] * SYMBOLS for _ in range(players)]  # public: symbols taken from board
        self.stuck = [False] * players  # public: the seat showed (by passing) it holds no symbol
        self.passed = 0  # bit mask of seats that passed since the last real move
        self.result: Outcome | None = None
        self.drawn = ""  # tiles drawn by the move being applied (for its event)
        self.start_position: str | None = None
        self.origin: CrosswiseState | None = None  # untouched copy of a determinized start, for records
        self.log_prefix: list[str] = []  # public move codes from before this object existed (determinized)

    # ---- turn structure ----------------------------------------------
    def to_move(self) -> int | None:
        return None if self.result is not None else self.order[self.cursor]

    @property
    def ply(self) -> int:
        return self.turn

    def is_over(self) -> bool:
        return self.result is not None

    def outcome(self) -> Outcome | None:
        return self.result

    def set_board(self, board: list[int]) -> None:
        """Install a whole board (positions, determinization) and the square lists that mirror it."""
        self.board = board
        self.empty_sq = [q for q in _RANGE_SQ if board[q] < 0]
        self.filled_sq = [q for q in _RANGE_SQ if board[q] >= 0]

    def can_redraw(self, seat: int) -> bool:
        """CW-REDRAW / CW-D-REDRAW: first turn, an all-action hand, redraws left, and a symbol in the bag
        (a dealt game always has one then; a hand-made position may not, and redrawing could never end)."""
        h = self.hands[seat]
        return (
            not self.started[seat]
            and self.redraws[seat] < self.redraw_limit
            and sum(h) > 0
            and not any(h[:SYMBOLS])
            and any(t < SYMBOLS for t in self.bag)
        )

    def _board_move_exists(self, h: list[int]) -> bool:
        """True unless the mover is stuck (no symbol, and no action tile with a target)."""
        if h[0] or h[1] or h[2] or h[3] or h[4] or h[5]:
            return True
        filled = len(self.filled_sq)
        return filled > 0 and (h[REMOVE] > 0 or h[MOVE] > 0 or (h[SWAP] > 0 and filled >= 2))

    def _raw_actions(self, seat: int) -> list[Action]:
        """Every board move for ``seat``, gathered from the interned tables with C-level getters."""
        h = self.hands[seat]
        empties = self.empty_sq
        filled = self.filled_sq
        syms = list(compress(_RANGE_SYM, h))  # symbols held (the first six counts)
        if empties and syms:
            pick_e = itemgetter(*empties) if len(empties) > 1 else _getter(empties)
            out: list[Action] = list(_chain(map(pick_e, _getter(syms)(A.PLACE))))
        else:
            out = []
        if filled and (h[REMOVE] or h[MOVE] or h[SWAP] or h[TRADE]):
            pick_f = _getter(filled)
            if h[REMOVE]:
                out += pick_f(A.REMOVE_AT)
            if h[MOVE] and empties:
                out += _chain(map(_getter(empties), pick_f(A.MOVE_FROM)))
            if h[SWAP] and len(filled) > 1:
                out += filter(None, _chain(map(pick_f, pick_f(A.SWAP_HI))))
            if h[TRADE] and syms:
                out += _chain(map(_getter(syms), pick_f(A.TRADE_AT)))
        return out

    def legal_actions(self) -> list[Action]:
        if self.result is not None:
            return []
        seat = self.order[self.cursor]
        out = self._raw_actions(seat)
        if out and self.gift_illegal:
            out = [a for a in out if not self._gifts_six(a, seat)]
        if not out:
            out.append(A.PASS)
        if not self.started[seat] and self.can_redraw(seat):
            out.append(A.REDRAW)
        return out

    def random_action(self, rng: random.Random) -> Action:
        """A uniformly random legal action without building the whole list (fast playouts)."""
        if self.result is not None or self.gift_illegal:
            return rng.choice(self.legal_actions())
        seat = self.order[self.cursor]
        h = self.hands[seat]
        empties = self.empty_sq
        filled = self.filled_sq
        n_empty = len(empties)
        n_filled = len(filled)
        syms = [s for s in _RANGE_SYM if h[s]]
        n_place = len(syms) * n_empty
        n_remove = n_filled if h[REMOVE] else 0
        n_move = n_filled * n_empty if h[MOVE] else 0
        n_swap = n_filled * (n_filled - 1) // 2 if h[SWAP] else 0
        n_trade = n_filled * len(syms) if h[TRADE] else 0
        redraw = self.can_redraw(seat)
        total = n_place + n_remove + n_move + n_swap + n_trade
        if total == 0:
            return A.REDRAW if redraw and rng.random() < 0.5 else A.PASS
        r = rng.randrange(total + redraw)
        if r < n_place:
            return A.PLACE[syms[r // n_empty]][empties[r % n_empty]]
        r -= n_place
        if r < n_remove:
            return A.REMOVE_AT[filled[r]]
        r -= n_remove
        if r < n_move:
            move = A.MOVE_FROM[filled[r // n_empty]][empties[r % n_empty]]
            assert move is not None  # src is filled and dst empty, so they differ
            return move
        r -= n_move
        if r < n_swap:
            i = 0
            while r >= n_filled - 1 - i:
                r -= n_filled - 1 - i
                i += 1
            swap = A.SWAP_OF[filled[i]][filled[i + 1 + r]]
            assert swap is not None  # two different filled squares
            return swap
        r -= n_swap
        if r < n_trade:
            return A.TRADE_AT[filled[r // len(syms)]][syms[r % len(syms)]]
        return A.REDRAW

    # ---- what a move changes ---------------------------------------------
    def changes(self, action: Action) -> list[tuple[int, int]]:
        """(square, new content) pairs the action would write on the board."""
        b = self.board
        if isinstance(action, A.Place):
            return [(action.square, action.symbol)]
        if isinstance(action, A.Remove):
            return [(action.square, EMPTY)]
        if isinstance(action, A.Move):
            return [(action.src, EMPTY), (action.dst, b[action.src])]
        if isinstance(action, A.Swap):
            return [(action.a, b[action.b]), (action.b, b[action.a])]
        if isinstance(action, A.Trade):
            return [(action.square, action.symbol)]
        return []

    def sixes_after(self, action: Action) -> list[int]:
        """Lines (0..11) that would hold six identical symbols after ``action``."""
        changes = self.changes(action)
        if not changes:
            return []
        b = self.board
        saved = [(q, b[q]) for q, _ in changes]
        for q, t in changes:
            b[q] = t
        try:
            lines = {ROW_OF[q] for q, _ in changes} | {SIZE + COL_OF[q] for q, _ in changes}
            return sorted(line for line in lines if six_of_a_kind(b, line))
        finally:
            for q, t in saved:
                b[q] = t

    def _gifts_six(self, action: Action, seat: int) -> bool:
        """Would ``action`` complete six identical symbols in a line of the mover's opponents?"""
        mine = team_of(seat)
        return any((line >= SIZE) != bool(mine) for line in self.sixes_after(action))

    # ---- checking ----------------------------------------------------------
    def _check(self, action: Action) -> None:
        seat = self.order[self.cursor]
        h = self.hands[seat]
        b = self.board
        sq = SQUARE_NAMES
        if isinstance(action, A.Place):
            s, q = action.symbol, action.square
            if not h[s]:
                raise IllegalAction(
                    "CW-PLACE", f"you hold no symbol {s + 1} tile", f"você não tem nenhuma peça com o símbolo {s + 1}"
                )
            if b[q] >= 0:
                raise IllegalAction("CW-PLACE", f"square {sq[q]} is already taken", f"a casa {sq[q]} já está ocupada")
        elif isinstance(action, A.Remove):
            q = action.square
            self._need(h, REMOVE, "CW-REMOVE")
            if b[q] < 0:
                raise IllegalAction(
                    "CW-REMOVE",
                    f"square {sq[q]} is empty: there is no tile to remove",
                    f"a casa {sq[q]} está vazia: não há peça para retirar",
                )
        elif isinstance(action, A.Move):
            src, dst = action.src, action.dst
            self._need(h, MOVE, "CW-MOVE")
            if b[src] < 0:
                raise IllegalAction(
                    "CW-MOVE",
                    f"square {sq[src]} is empty: there is no tile to move",
                    f"a casa {sq[src]} está vazia: não há peça para mover",
                )
            if b[dst] >= 0:
                raise IllegalAction(
                    "CW-MOVE",
                    f"a tile can only move to an empty square, and {sq[dst]} is taken",
                    f"a peça só pode ir para uma casa vazia, e {sq[dst]} está ocupada",
                )
        elif isinstance(action, A.Swap):
            a, c = action.a, action.b
            self._need(h, SWAP, "CW-SWAP")
            for q in (a, c):
                if b[q] < 0:
                    raise IllegalAction(
                        "CW-SWAP",
                        f"square {sq[q]} is empty: a swap needs two board tiles",
                        f"a casa {sq[q]} está vazia: a troca precisa de duas peças no tabuleiro",
                    )
        elif isinstance(action, A.Trade):
            q, s = action.square, action.symbol
            self._need(h, TRADE, "CW-TRADE")
            if b[q] < 0:
                raise IllegalAction(
                    "CW-TRADE",
                    f"square {sq[q]} is empty: there is no tile to trade",
                    f"a casa {sq[q]} está vazia: não há peça para trocar",
                )
            if not h[s]:
                raise IllegalAction(
                    "CW-TRADE",
                    f"you hold no symbol {s + 1} tile to put on the board",
                    f"você não tem nenhuma peça com o símbolo {s + 1} para pôr no tabuleiro",
                )
        elif isinstance(action, A.Pass):
            if self._board_move_exists(h) and (
                self.variant["opponent_six"] != "illegal"
                or any(not self._gifts_six(x, seat) for x in self._raw_actions(seat))
            ):
                raise IllegalAction(
                    "CW-D-STUCK",
                    "you can only pass when you have no possible move",
                    "só pode passar a vez quando não tem nenhuma jogada possível",
                )
            return
        elif isinstance(action, A.Redraw):
            if not self.can_redraw(seat):
                limit = self.variant["redraws"]
                times_en = "" if limit == "unlimited" else f", at most {limit} time(s)"
                times_pt = "" if limit == "unlimited" else f", no máximo {limit} vez(es)"
                raise IllegalAction(
                    "CW-REDRAW",
                    "you may only return your hand and draw again on your first turn, when it holds only action "
                    f"tiles and the bag still holds a symbol{times_en}",
                    "só pode devolver a mão e tirar outra no seu primeiro turno, se ela só tiver peças de ação e o "
                    f"saco ainda tiver um símbolo{times_pt}",
                )
            return
        else:
            raise IllegalAction(
                "CORE-SYNTAX", f"{action!r} is not a Crosswise move", f"{action!r} não é uma jogada de Crosswise"
            )
        if self.variant["opponent_six"] == "illegal" and self._gifts_six(action, seat):
            raise IllegalAction(
                "CW-D-SIX-OPPONENT",
                "this move would complete six identical symbols in an opponent's line (not allowed in this variant)",
                "esta jogada completaria seis símbolos iguais numa linha do adversário (não permitido nesta variante)",
            )

    @staticmethod
    def _need(h: list[int], tile: int, rule: str) -> None:
        if not h[tile]:
            raise IllegalAction(
                rule,
                f"you hold no {ACTION_NAMES['en'][tile]} action tile ({TILE_CHARS[tile]})",
                f"você não tem a peça de ação {ACTION_NAMES['pt'][tile]} ({TILE_CHARS[tile]})",
            )

    # ---- applying -----------------------------------------------------------
    def _apply(self, action: Action) -> list[Event]:
        """Play a checked move; one event says what happened (what was drawn: mover only)."""
        seat = self.order[self.cursor]
        self.drawn = ""
        public: dict[str, Any] = {"action": action.code}
        self._play(seat, action, public)
        if self.drawn:
            public["drew"] = len(self.drawn)
            return [Event("action", seat, public, {"drew_tiles": self.drawn}, _ONLY[seat])]
        return [Event("action", seat, public)]

    def _play(self, seat: int, action: Action, public: dict[str, Any]) -> None:
        h = self.hands[seat]
        b = self.board
        known = self.known[seat]
        self.turn += 1
        changed: tuple[int, ...]
        if isinstance(action, A.Place):
            s, q = action.symbol, action.square
            h[s] -= 1
            if known[s]:
                known[s] -= 1
            b[q] = s
            self.empty_sq.remove(q)
            insort(self.filled_sq, q)
            changed = (q,)
        elif isinstance(action, A.Remove):
            q = action.square
            h[REMOVE] -= 1
            self.used[0] += 1
            t = b[q]
            b[q] = EMPTY
            self.filled_sq.remove(q)
            insort(self.empty_sq, q)
            h[t] += 1
            known[t] += 1
            self.stuck[seat] = False
            changed = ()
        elif isinstance(action, A.Move):
            src, dst = action.src, action.dst
            h[MOVE] -= 1
            self.used[1] += 1
            b[dst] = b[src]
            b[src] = EMPTY
            self.filled_sq.remove(src)
            insort(self.filled_sq, dst)
            self.empty_sq.remove(dst)
            insort(self.empty_sq, src)
            changed = (dst,)
        elif isinstance(action, A.Swap):
            a, c = action.a, action.b
            h[SWAP] -= 1
            self.used[2] += 1
            b[a], b[c] = b[c], b[a]
            changed = (a, c)
        elif isinstance(action, A.Trade):
            q, s = action.square, action.symbol
            h[TRADE] -= 1
            self.used[3] += 1
            t = b[q]
            b[q] = s
            h[s] -= 1
            if known[s]:
                known[s] -= 1
            h[t] += 1
            known[t] += 1
            self.stuck[seat] = False
            changed = (q,)
        elif isinstance(action, A.Redraw):
            self._redraw(seat)
            return
        else:  # Pass
            self._pass(seat, public)
            return
        self.passed = 0
        self.started[seat] = True
        for q in changed:
            t = b[q]
            if t < 0:
                continue
            r = q - q % SIZE
            if b[r : r + SIZE].count(t) == SIZE:
                self._finish("six_of_a_kind", six_line=ROW_OF[q])
                return
            if b[q % SIZE :: SIZE].count(t) == SIZE:
                self._finish("six_of_a_kind", six_line=SIZE + COL_OF[q])
                return
        if not self.empty_sq:
            self._finish("board_full")
            return
        self._end_turn(seat)

    def _redraw(self, seat: int) -> None:
        """Return the (all-action) hand to the bag, reshuffle it, draw the same number again."""
        h = self.hands[seat]
        returned = sum(h)
        for t in range(TILE_KINDS):
            self.bag += [t] * h[t]
            h[t] = 0
        rng_for(self.seed, f"redraw:{self.turn}").shuffle(self.bag)
        self.redraws[seat] += 1
        self._draw(seat, returned)

    def _pass(self, seat: int, public: dict[str, Any]) -> None:
        h = self.hands[seat]
        self.stuck[seat] = True
        self.started[seat] = True
        discarded = sum(h[SYMBOLS:]) if self.variant["stuck"] == "discard" else 0
        if discarded:  # the unusable action tiles are set aside as used; the hand refills
            for i, t in enumerate((REMOVE, MOVE, SWAP, TRADE)):
                self.used[i] += h[t]
                h[t] = 0
            public["discarded"] = discarded
            self.passed = 0
        else:
            self.passed |= 1 << seat
            if self.passed == (1 << self.players) - 1:
                self._finish("stalemate")
                return
        self._end_turn(seat)

    def _draw(self, seat: int, n: int) -> None:
        """Move up to ``n`` tiles from the end of the bag to the hand; ``self.drawn`` says which."""
        bag = self.bag
        n = min(n, len(bag))
        if n <= 0:
            return
        h = self.hands[seat]
        drawn = bag[-n:]
        del bag[-n:]
        for t in drawn:
            h[t] += 1
        self.stuck[seat] = False
        self.drawn += "".join(map(TILE_CHARS.__getitem__, drawn))

    def _end_turn(self, seat: int) -> None:
        missing = self.hand_sizes[seat] - sum(self.hands[seat])
        if missing > 0 and self.bag:
            self._draw(seat, missing)
        self.cursor = (self.cursor + 1) % len(self.order)
        if self.turn >= self.variant["max_turns"]:
            self._finish("turn_cap")

    def _finish(self, termination: str, six_line: int | None = None) -> None:
        self.result = outcome(self.board, self.players, self.variant["tiebreak"], termination, six_line)

    def settle(self) -> None:
        """Recompute the result of a state built from text (position or view)."""
        self.result = None
        for line in range(2 * SIZE):
            if six_of_a_kind(self.board, line):
                self._finish("six_of_a_kind", six_line=line)
                return
        if not self.empty_sq:
            self._finish("board_full")
        elif self.passed == (1 << self.players) - 1:
            self._finish("stalemate")
        elif self.turn >= self.variant["max_turns"]:
            self._finish("turn_cap")

    # ---- information ---------------------------------------------------
    def view(self, seat: int | None = None, *, perfect_memory: bool = False, moment: bool = True) -> CrosswiseView:
        """Public facts plus ``seat``'s own hand; memory options change nothing (the whole log is public)."""
        base = base_view(self, seat, self.log_prefix + [a.code for a in self.history])
        scores = line_scores(self.board)
        board = self.board
        return {
            **base,
            "board": [
                "".join("." if t < 0 else TILE_CHARS[t] for t in board[r * SIZE : (r + 1) * SIZE]) for r in range(SIZE)
            ],
            "hand": tiles_text(self.hands[seat]) if seat is not None else None,
            "hand_sizes": [sum(h) for h in self.hands],
            "bag_size": len(self.bag),
            "used": dict(zip("RMST", self.used, strict=True)),
            "teams": teams(self.players),
            "team_lines": ["rows", "columns"],
            "order": list(self.order),
            "cursor": self.cursor,
            "started": list(self.started),
            "redraws": list(self.redraws),
            "known": [tiles_text(k + [0] * 4) for k in self.known],
            "stuck": list(self.stuck),
            "passed": [bool(self.passed >> s & 1) for s in range(self.players)],
            "line_scores": {"rows": scores[:SIZE], "columns": scores[SIZE:]},
        }

    # ---- copies ----------------------------------------------------------
    def clone(self) -> CrosswiseState:
        new = object.__new__(CrosswiseState)
        new.__dict__.update(self.__dict__)
        new.history = self.history.copy()
        new.board = self.board.copy()
        new.empty_sq = self.empty_sq.copy()
        new.filled_sq = self.filled_sq.copy()
        new.hands = [h.copy() for h in self.hands]
        new.bag = self.bag.copy()
        new.used = self.used.copy()
        new.started = self.started.copy()
        new.redraws = self.redraws.copy()
        new.known = [k.copy() for k in self.known]
        new.stuck = self.stuck.copy()
        return new

    def to_data(self) -> PositionData:
        return PositionData(
            board=list(self.board),
            cursor=self.cursor,
            hands=[list(h) for h in self.hands],
            bag=list(self.bag),
            used=list(self.used),
            turn=self.turn,
            started=list(self.started),
            redraws=list(self.redraws),
            known=[list(k) for k in self.known],
            stuck=list(self.stuck),
            passed=self.passed,
            seed=self.seed,
            variant=dict(self.variant),
        )

    @classmethod
    def from_data(cls, game: CrosswiseGame, d: PositionData) -> CrosswiseState:
        """A state holding exactly the facts of ``d`` (its result settled from the board)."""
        state = cls(game, d.players, d.seed, d.variant)
        state.set_board(list(d.board))
        state.hands = [list(h) for h in d.hands]
        state.bag = list(d.bag)
        state.used = list(d.used)
        state.cursor = d.cursor
        state.turn = d.turn
        state.started = list(d.started)
        state.redraws = list(d.redraws)
        state.known = [list(k) for k in d.known]
        state.stuck = list(d.stuck)
        state.passed = d.passed
        state.settle()
        return state

    def to_position(self) -> str:
        return encode(self.to_data())

    def _record_meta(self) -> dict[str, Any]:
        if self.start_position is None and self.origin is not None:
            self.start_position = self.origin.to_position()
        return {"position": self.start_position} if self.start_position is not None else {}

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, CrosswiseState):
            return NotImplemented
        return self.to_position() == other.to_position() and self.history == other.history

    __hash__ = None  # type: ignore[assignment]
