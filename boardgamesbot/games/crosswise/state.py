"""One Crosswise position and its transitions.

The board is a flat list of 36 ints (-1 empty, 0..5 symbol); each hand is a
count per tile kind (6 symbols then R, M, S, T); the bag is a list whose end
is drawn first. Besides these, the state keeps what the table publicly knows
about hands (tiles a player took from the board, a pass showing a hand holds
no symbol) so that ``Game.determinize`` can honour it.

Speed (docs/bots.md, "Engine speed"): the sorted lists of empty and filled
squares and a count of every symbol in every line (``line_counts``) are kept in
step with the board, so move generation, the six-of-a-kind check and the line
scores never scan the board; views are built from parts cached per state
version. The module compiles with mypyc (native class) and runs unchanged as
plain Python. For the compiled build, list items are updated as ``x[i] = x[i] + 1``
(mypyc compiles ``x[i] += 1`` to generic object arithmetic), loops run over
``range(...)`` written in place (a range stored in a constant is iterated
generically), and constant tuples are typed ``tuple[int, ...]``.
"""

from __future__ import annotations

import random
from bisect import insort
from typing import TYPE_CHECKING, Any, Final

from ...core.action import Action
from ...core.errors import IllegalAction
from ...core.events import Event
from ...core.game import State, rng_for
from ...core.outcome import Outcome
from ...core.sampling import same_shuffle
from ...core.view import base_view
from . import actions as A
from .position import PositionData, encode
from .scoring import outcome_from_counts, scores_from_counts
from .seats import hand_size_of, team_of, teams, turn_order
from .tiles import (
    ACTION_NAMES,
    EMPTY,
    FULL_SET,
    MOVE,
    REMOVE,
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
    from ...core.infoset import Sampler
    from .game import CrosswiseGame

# the move classes as constants of this module (the compiled build tests them without a module lookup)
_Place: Final = A.Place
_Remove: Final = A.Remove
_Move: Final = A.Move
_Swap: Final = A.Swap
_Trade: Final = A.Trade
_Pass: Final = A.Pass
_Redraw: Final = A.Redraw
_PASS: Final = A.PASS
_REDRAW: Final = A.REDRAW
_ONLY: Final = tuple(frozenset((seat,)) for seat in range(4))  # private_to sets for events
#: line_counts index of (row line, symbol 0) and (column line, symbol 0) for each square
_ROW_BASE: Final = tuple((q // SIZE) * SYMBOLS for q in range(SQUARES))
_COL_BASE: Final = tuple((SIZE + q % SIZE) * SYMBOLS for q in range(SQUARES))
_BOARD_CHARS: Final = ".123456"  # board[q] + 1 -> character
# the interned action tables, typed for the compiled build (None only where a move cannot exist)
_PLACE: Final[tuple[tuple[Action, ...], ...]] = A.PLACE
_REMOVE_AT: Final[tuple[Action, ...]] = A.REMOVE_AT
_MOVE_FROM: Final[tuple[tuple[Action, ...], ...]] = tuple(
    tuple(A.PASS if m is None else m for m in row) for row in A.MOVE_FROM
)
_SWAP_OF: Final[tuple[tuple[Action, ...], ...]] = tuple(
    tuple(A.PASS if m is None else m for m in row) for row in A.SWAP_OF
)
_TRADE_AT: Final[tuple[tuple[Action, ...], ...]] = A.TRADE_AT
_TEAMS: Final = {n: tuple(tuple(team) for team in teams(n)) for n in (2, 3, 4)}
_ORDER: Final = {n: turn_order(n) for n in (2, 3, 4)}
_HAND_SIZES: Final = {n: tuple(hand_size_of(n, s) for s in range(n)) for n in (2, 3, 4)}
# the text code of every interned move, in the same tables (legal codes for views without reading attributes)
_PLACE_CODE: Final[tuple[tuple[str, ...], ...]] = tuple(tuple(a.code for a in row) for row in A.PLACE)
_REMOVE_CODE: Final[tuple[str, ...]] = tuple(a.code for a in A.REMOVE_AT)
_MOVE_CODE: Final[tuple[tuple[str, ...], ...]] = tuple(tuple(m.code for m in row) for row in _MOVE_FROM)
_SWAP_CODE: Final[tuple[tuple[str, ...], ...]] = tuple(tuple(m.code for m in row) for row in _SWAP_OF)
_TRADE_CODE: Final[tuple[tuple[str, ...], ...]] = tuple(tuple(a.code for a in row) for row in A.TRADE_AT)
#: board row text by row key (``sum((board[q] + 1) * 7**col)``), filled as rows are met (views)
_ROW_TEXT: Final[dict[int, str]] = {}
_PASS_CODE: Final = A.PASS.code
_REDRAW_CODE: Final = A.REDRAW.code


def _compiled() -> bool:
    """Whether this module runs compiled (mypyc turns its functions into builtin functions)."""
    return type(_compiled).__name__ != "function"


_COMPILED: Final = _compiled()


def hand_count(h: list[int]) -> int:
    """Tiles in a hand (its 10 counts; ``sum`` is a generic call when compiled)."""
    return h[0] + h[1] + h[2] + h[3] + h[4] + h[5] + h[6] + h[7] + h[8] + h[9]


def _tally(counts: list[int], q: int, t: int, delta: int) -> None:
    """Add ``delta`` to the line counts of symbol ``t`` in the row and the column of square ``q``."""
    k = _ROW_BASE[q] + t
    counts[k] = counts[k] + delta
    k = _COL_BASE[q] + t
    counts[k] = counts[k] + delta


def _shift(src: list[int], dst: list[int], q: int) -> None:
    """Move ``q`` from the sorted list ``src`` into the sorted list ``dst`` (the empty and filled squares).

    Compiled, plain loops beat the generic calls to ``list.remove`` and ``bisect.insort``; interpreted, the
    C functions beat the loops."""
    if _COMPILED:
        i = 0
        while src[i] != q:
            i += 1
        src.pop(i)
        i = len(dst)
        while i > 0 and dst[i - 1] > q:
            i -= 1
        dst.insert(i, q)
    else:
        src.remove(q)
        insort(dst, q)


def _row_text(board: list[int], base: int) -> str:
    """The text of the board row starting at square ``base`` ('.' empty, 1..6 symbols), cached by content."""
    key = 0
    for q in range(base + SIZE - 1, base - 1, -1):
        key = key * 7 + board[q] + 1
    text = _ROW_TEXT.get(key)
    if text is None:
        text = "".join([_BOARD_CHARS[board[q] + 1] for q in range(base, base + SIZE)])
        _ROW_TEXT[key] = text
    return text


def _moves(
    h: list[int],
    empties: list[int],
    filled: list[int],
    place: tuple[tuple[Any, ...], ...],
    remove: tuple[Any, ...],
    move: tuple[tuple[Any, ...], ...],
    swap: tuple[tuple[Any, ...], ...],
    trade: tuple[tuple[Any, ...], ...],
) -> list[Any]:
    """Every board move of the hand ``h``, read from the given tables (the moves or their codes), in the fixed
    order: places by symbol then square, removes, moves by source then target, swaps, trades by square then
    symbol. (Compiled, a presized list filled in place is the cheapest way to build it.)"""
    syms = [s for s in range(SYMBOLS) if h[s]]
    n_empty = len(empties)
    n_filled = len(filled)
    total = len(syms) * n_empty
    if n_filled:
        if h[REMOVE]:
            total += n_filled
        if h[MOVE]:
            total += n_filled * n_empty
        if h[SWAP]:
            total += n_filled * (n_filled - 1) // 2
        if h[TRADE]:
            total += n_filled * len(syms)
    out: list[Any] = [None] * total  # filled in place: cheaper than growing it when compiled
    k = 0
    if n_empty:
        for s in syms:
            row = place[s]
            for q in empties:
                out[k] = row[q]
                k += 1
    if n_filled:
        if h[REMOVE]:
            for q in filled:
                out[k] = remove[q]
                k += 1
        if h[MOVE]:
            for src in filled:
                moves = move[src]
                for dst in empties:
                    out[k] = moves[dst]
                    k += 1
        if h[SWAP]:
            for i in range(n_filled - 1):
                swaps = swap[filled[i]]
                for j in range(i + 1, n_filled):
                    out[k] = swaps[filled[j]]
                    k += 1
        if h[TRADE]:
            for q in filled:
                trades = trade[q]
                for s in syms:
                    out[k] = trades[s]
                    k += 1
    return out


def empty_counts(board: list[int]) -> list[int]:
    """The line counts of ``board``: ``counts[line * 6 + symbol]`` for lines 0..11 (rows then columns)."""
    counts = [0] * (2 * SIZE * SYMBOLS)
    for q in range(SQUARES):
        t = board[q]
        if t >= 0:
            _tally(counts, q, t, 1)
    return counts


def deal_unseen(state: CrosswiseState, unseen: list[int], fill: list[tuple[int, int, bool]]) -> bool:
    """Deal the shuffled ``unseen`` tiles: to each ``(seat, count, only action tiles)`` of ``fill`` from the
    front, then the rest is the bag (its end drawn first). False when a hand cannot be filled."""
    hands = state.hands
    for s, need, only_actions in fill:
        if not need:
            continue
        hand = hands[s]
        if only_actions:  # the table saw this seat pass: it holds action tiles only
            picked: list[int] = [t for t in unseen if t >= SYMBOLS][:need]
            for t in picked:
                unseen.remove(t)
        else:
            picked = unseen[:need]
            del unseen[:need]
        if len(picked) != need:
            return False
        for t in picked:
            hand[t] = hand[t] + 1
    state.bag = unseen
    return True


class SampleOrigin:
    """Where a determinized sample started (for its record): the prepared position, the seed and the shuffled
    unseen tiles, dealt again only if a record asks for the start."""

    def __init__(
        self, template: CrosswiseState, seed: int, shuffled: list[int], fill: list[tuple[int, int, bool]]
    ) -> None:
        self.template = template
        self.seed = seed
        self.shuffled = tuple(shuffled)
        self.fill = fill

    def state(self) -> CrosswiseState:
        t = self.template
        start = CrosswiseState(t.game, t.players, self.seed, t.variant, t)
        deal_unseen(start, list(self.shuffled), self.fill)
        return start


class CrosswiseState(State):
    game: CrosswiseGame

    def __init__(
        self,
        game: CrosswiseGame,
        players: int,
        seed: int,
        variant: dict[str, Any],
        source: CrosswiseState | None = None,
        share: bool = False,
    ) -> None:
        self.game = game
        self.players = players
        self.seed = seed
        self.variant = variant
        if source is not None:  # clone(): copy what moves change, share what never changes
            s = source
            self.gift_illegal: bool = s.gift_illegal
            self.discard_stuck: bool = s.discard_stuck
            self.max_turns: int = s.max_turns
            self.redraw_limit: float = s.redraw_limit
            self.order: tuple[int, ...] = s.order
            self.hand_sizes: tuple[int, ...] = s.hand_sizes
            if not share:
                self.history: list[Action] = s.history.copy()
                self.board: list[int] = s.board.copy()
                self.line_counts: list[int] = s.line_counts.copy()
                self.empty_sq: list[int] = s.empty_sq.copy()
                self.filled_sq: list[int] = s.filled_sq.copy()
                self.hands: list[list[int]] = [h.copy() for h in s.hands]
                self.bag: list[int] = s.bag.copy()
            else:  # a read-only view of a state nobody changes any more (a sampler's template): no copies
                self.history = s.history
                self.board = s.board
                self.line_counts = s.line_counts
                self.empty_sq = s.empty_sq
                self.filled_sq = s.filled_sq
                self.hands = s.hands
                self.bag = s.bag
            # the table facts change on few moves: both states share them until one writes (_own_facts)
            self.used: list[int] = s.used
            self.started: list[bool] = s.started
            self.redraws: list[int] = s.redraws
            self.known: list[list[int]] = s.known
            self.stuck: list[bool] = s.stuck
            self._facts_shared: bool = True
            s._facts_shared = True
            self.cursor: int = s.cursor
            self.turn: int = s.turn
            self.passed: int = s.passed
            self.result: Outcome | None = s.result
            self.drawn: str = ""
            self.start_position: str | None = s.start_position
            self.origin: SampleOrigin | None = s.origin
            self.log_prefix: list[str] = s.log_prefix  # never changed in place
            self._log: tuple[str, ...] = s._log  # immutable, a prefix of this branch's log too
            self._rows: tuple[str, ...] = s._rows
            self._scores: tuple[int, ...] = s._scores
            self._public_turn: int = s._public_turn
            return
        self.gift_illegal = variant["opponent_six"] == "illegal"
        self.discard_stuck = variant["stuck"] == "discard"
        self.max_turns = int(variant["max_turns"])
        self.redraw_limit = redraw_limit(variant)
        self.history = []
        self.order = _ORDER[players] if players in _ORDER else turn_order(players)
        self.hand_sizes = (
            _HAND_SIZES[players] if players in _HAND_SIZES else tuple(hand_size_of(players, s) for s in range(players))
        )
        self.board = [EMPTY] * SQUARES
        self.line_counts = [0] * (2 * SIZE * SYMBOLS)
        self.empty_sq = list(range(SQUARES))  # kept sorted, in step with the board
        self.filled_sq = []
        self.hands = [[0] * TILE_KINDS for _ in range(players)]
        self.bag = []
        self.used = [0, 0, 0, 0]  # R, M, S, T played so far
        self.cursor = 0  # index into self.order
        self.turn = 0  # applied actions so far (the state version)
        self.started = [False] * players  # has the seat finished a turn yet (redraw window)
        self.redraws = [0] * players
        self.known = [[0] * SYMBOLS for _ in range(players)]  # public: symbols taken from board
        self.stuck = [False] * players  # public: the seat showed (by passing) it holds no symbol
        self._facts_shared = False  # used..stuck are shared with a clone: copy them before writing
        self.passed = 0  # bit mask of seats that passed since the last real move
        self.result = None
        self.drawn = ""  # tiles drawn by the move being applied (for its event)
        self.start_position = None
        self.origin = None  # untouched copy of a determinized start, for records
        self.log_prefix = []  # public move codes from before this object existed (determinized)
        self._log = ()  # cached public log: log_prefix + codes of history, extended lazily by views
        # the view's computed public parts (board row texts, line scores), valid while turn == _public_turn;
        # immutable, so clones share them (one tuple each: a cache that adds little for the GC to scan)
        self._rows = ()
        self._scores = ()
        self._public_turn = -1

    def deal(self, first: int) -> None:
        """CW-SETUP: shuffle the 54 tiles into the bag, deal every hand, ``first`` (a seat) to move."""
        bag = [t for t in range(TILE_KINDS) for _ in range(FULL_SET[t])]
        same_shuffle(bag, rng_for(self.seed, "deal"))
        self.bag = bag
        for seat in range(self.players):
            self._draw(seat, self.hand_sizes[seat])
        self.drawn = ""
        self.cursor = self.order.index(first)  # CW-D-FIRST: 3 players: A1 B A2 B

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
        """Install a whole board (positions, determinization) and the lists and counts that mirror it."""
        self.board = board
        self.empty_sq = [q for q in range(SQUARES) if board[q] < 0]
        self.filled_sq = [q for q in range(SQUARES) if board[q] >= 0]
        self.line_counts = empty_counts(board)
        self._public_turn = -1  # the cached row texts and scores were of another board

    def can_redraw(self, seat: int) -> bool:
        """CW-REDRAW / CW-D-REDRAW: first turn, an all-action hand, redraws left, and a symbol in the bag
        (a dealt game always has one then; a hand-made position may not, and redrawing could never end)."""
        if self.started[seat] or self.redraws[seat] >= self.redraw_limit:
            return False
        h = self.hands[seat]
        if h[0] or h[1] or h[2] or h[3] or h[4] or h[5] or not (h[6] or h[7] or h[8] or h[9]):
            return False
        return any(t < SYMBOLS for t in self.bag)

    def _board_move_exists(self, h: list[int]) -> bool:
        """True unless the mover is stuck (no symbol, and no action tile with a target)."""
        if h[0] or h[1] or h[2] or h[3] or h[4] or h[5]:
            return True
        filled = len(self.filled_sq)
        return filled > 0 and (h[REMOVE] > 0 or h[MOVE] > 0 or (h[SWAP] > 0 and filled >= 2))

    def _raw_actions(self, seat: int) -> list[Action]:
        """Every board move for ``seat``, in the fixed order of the interned tables (places by symbol then
        square, removes, moves by source then target, swaps, trades by square then symbol)."""
        h = self.hands[seat]
        empties = self.empty_sq
        filled = self.filled_sq
        if _COMPILED:
            return _moves(h, empties, filled, _PLACE, _REMOVE_AT, _MOVE_FROM, _SWAP_OF, _TRADE_AT)
        out: list[Action] = []  # interpreted, appends (which CPython specialises) beat any other way
        if empties:
            for s in range(SYMBOLS):
                if h[s]:
                    row = _PLACE[s]
                    for q in empties:
                        out.append(row[q])
        if filled and (h[REMOVE] or h[MOVE] or h[SWAP] or h[TRADE]):
            if h[REMOVE]:
                for q in filled:
                    out.append(_REMOVE_AT[q])
            if h[MOVE] and empties:
                for src in filled:
                    moves = _MOVE_FROM[src]
                    for dst in empties:
                        out.append(moves[dst])
            if h[SWAP]:
                n = len(filled)
                for i in range(n - 1):
                    swaps = _SWAP_OF[filled[i]]
                    for j in range(i + 1, n):
                        out.append(swaps[filled[j]])
            if h[TRADE]:
                for q in filled:
                    trades = _TRADE_AT[q]
                    for s in range(SYMBOLS):
                        if h[s]:
                            out.append(trades[s])
        return out

    def legal_actions(self) -> list[Action]:
        if self.result is not None:
            return []
        seat = self.order[self.cursor]
        out = self._raw_actions(seat)
        if out and self.gift_illegal:
            out = [a for a in out if not self._gifts_six(a, seat)]
        if not out:
            out.append(_PASS)
        if not self.started[seat] and self.can_redraw(seat):
            out.append(_REDRAW)
        return out

    def legal_codes(self) -> list[str]:
        """The codes of :meth:`legal_actions`, in the same order, read from code tables (views)."""
        if self.result is not None:
            return []
        seat = self.order[self.cursor]
        if self.gift_illegal or not _COMPILED:
            return [a.code for a in self.legal_actions()]
        out: list[str] = _moves(
            self.hands[seat],
            self.empty_sq,
            self.filled_sq,
            _PLACE_CODE,
            _REMOVE_CODE,
            _MOVE_CODE,
            _SWAP_CODE,
            _TRADE_CODE,
        )
        if not out:
            out.append(_PASS_CODE)
        if not self.started[seat] and self.can_redraw(seat):
            out.append(_REDRAW_CODE)
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
        syms = [s for s in range(SYMBOLS) if h[s]]
        n_place = len(syms) * n_empty
        n_remove = n_filled if h[REMOVE] else 0
        n_move = n_filled * n_empty if h[MOVE] else 0
        n_swap = n_filled * (n_filled - 1) // 2 if h[SWAP] else 0
        n_trade = n_filled * len(syms) if h[TRADE] else 0
        redraw = 1 if self.can_redraw(seat) else 0
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
        if isinstance(action, _Place):
            return [(action.square, action.symbol)]
        if isinstance(action, _Remove):
            return [(action.square, EMPTY)]
        if isinstance(action, _Move):
            return [(action.src, EMPTY), (action.dst, b[action.src])]
        if isinstance(action, _Swap):
            return [(action.a, b[action.b]), (action.b, b[action.a])]
        if isinstance(action, _Trade):
            return [(action.square, action.symbol)]
        return []

    def sixes_after(self, action: Action) -> list[int]:
        """Lines (0..11) that would hold six identical symbols after ``action``."""
        changes = self.changes(action)
        if not changes:
            return []
        saved = [(q, self.board[q]) for q, _ in changes]
        for q, t in changes:
            self._write(q, t)
        try:
            counts = self.line_counts
            lines: set[int] = set()
            for q, _ in changes:
                for line in (q // SIZE, SIZE + q % SIZE):
                    base = line * SYMBOLS
                    for s in range(SYMBOLS):
                        if counts[base + s] == SIZE:
                            lines.add(line)
            return sorted(lines)
        finally:
            for q, t in saved:
                self._write(q, t)

    def _write(self, q: int, t: int) -> None:
        """Put ``t`` (EMPTY or a symbol) on square ``q``, keeping the line counts in step (not the square lists)."""
        b = self.board
        old = b[q]
        counts = self.line_counts
        if old >= 0:
            _tally(counts, q, old, -1)
        if t >= 0:
            _tally(counts, q, t, 1)
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
        if isinstance(action, _Place):
            s, q = action.symbol, action.square
            if not h[s]:
                raise IllegalAction(
                    "CW-PLACE", f"you hold no symbol {s + 1} tile", f"você não tem nenhuma peça com o símbolo {s + 1}"
                )
            if b[q] >= 0:
                raise IllegalAction("CW-PLACE", f"square {sq[q]} is already taken", f"a casa {sq[q]} já está ocupada")
        elif isinstance(action, _Remove):
            q = action.square
            self._need(h, REMOVE, "CW-REMOVE")
            if b[q] < 0:
                raise IllegalAction(
                    "CW-REMOVE",
                    f"square {sq[q]} is empty: there is no tile to remove",
                    f"a casa {sq[q]} está vazia: não há peça para retirar",
                )
        elif isinstance(action, _Move):
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
        elif isinstance(action, _Swap):
            a, c = action.a, action.b
            self._need(h, SWAP, "CW-SWAP")
            for q in (a, c):
                if b[q] < 0:
                    raise IllegalAction(
                        "CW-SWAP",
                        f"square {sq[q]} is empty: a swap needs two board tiles",
                        f"a casa {sq[q]} está vazia: a troca precisa de duas peças no tabuleiro",
                    )
        elif isinstance(action, _Trade):
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
        elif isinstance(action, _Pass):
            if self._board_move_exists(h) and (
                not self.gift_illegal or any(not self._gifts_six(x, seat) for x in self._raw_actions(seat))
            ):
                raise IllegalAction(
                    "CW-D-STUCK",
                    "you can only pass when you have no possible move",
                    "só pode passar a vez quando não tem nenhuma jogada possível",
                )
            return
        elif isinstance(action, _Redraw):
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
        if self.gift_illegal and self._gifts_six(action, seat):
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

    def _own_facts(self) -> None:
        """Copy the table facts (used, started, redraws, known, stuck) if a clone shares them: call it before
        writing any of them (copy-on-write keeps clones and samples cheap)."""
        if self._facts_shared:
            self.used = self.used.copy()
            self.started = self.started.copy()
            self.redraws = self.redraws.copy()
            self.known = [k.copy() for k in self.known]
            self.stuck = self.stuck.copy()
            self._facts_shared = False

    def _play(self, seat: int, action: Action, public: dict[str, Any]) -> None:
        h = self.hands[seat]
        b = self.board
        counts = self.line_counts
        self.turn += 1
        q1 = -1  # squares whose new tile may complete a line
        q2 = -1
        if isinstance(action, _Place):
            s = action.symbol
            q = action.square
            h[s] = h[s] - 1
            if self.known[seat][s]:
                self._own_facts()
                known = self.known[seat]
                known[s] = known[s] - 1
            b[q] = s
            k = _ROW_BASE[q] + s  # _tally inline: the most common move, and a call costs in plain Python
            counts[k] = counts[k] + 1
            k = _COL_BASE[q] + s
            counts[k] = counts[k] + 1
            if _COMPILED:
                _shift(self.empty_sq, self.filled_sq, q)
            else:  # _shift inline, as above
                self.empty_sq.remove(q)
                insort(self.filled_sq, q)
            q1 = q
        elif isinstance(action, _Remove):
            q = action.square
            h[REMOVE] = h[REMOVE] - 1
            self._own_facts()
            known = self.known[seat]
            self.used[0] = self.used[0] + 1
            t = b[q]
            b[q] = EMPTY
            _tally(counts, q, t, -1)
            _shift(self.filled_sq, self.empty_sq, q)
            h[t] = h[t] + 1
            known[t] = known[t] + 1
            self.stuck[seat] = False
        elif isinstance(action, _Move):
            src = action.src
            dst = action.dst
            h[MOVE] = h[MOVE] - 1
            self._own_facts()
            self.used[1] = self.used[1] + 1
            t = b[src]
            b[dst] = t
            b[src] = EMPTY
            _tally(counts, src, t, -1)
            _tally(counts, dst, t, 1)
            _shift(self.filled_sq, self.empty_sq, src)
            _shift(self.empty_sq, self.filled_sq, dst)
            q1 = dst
        elif isinstance(action, _Swap):
            a = action.a
            c = action.b
            h[SWAP] = h[SWAP] - 1
            self._own_facts()
            self.used[2] = self.used[2] + 1
            ta = b[a]
            tc = b[c]
            b[a] = tc
            b[c] = ta
            _tally(counts, a, ta, -1)
            _tally(counts, c, tc, -1)
            _tally(counts, a, tc, 1)
            _tally(counts, c, ta, 1)
            q1 = a
            q2 = c
        elif isinstance(action, _Trade):
            q = action.square
            s = action.symbol
            h[TRADE] = h[TRADE] - 1
            self._own_facts()
            known = self.known[seat]
            self.used[3] = self.used[3] + 1
            t = b[q]
            b[q] = s
            _tally(counts, q, t, -1)
            _tally(counts, q, s, 1)
            h[s] = h[s] - 1
            if known[s]:
                known[s] = known[s] - 1
            h[t] = h[t] + 1
            known[t] = known[t] + 1
            self.stuck[seat] = False
            q1 = q
        elif isinstance(action, _Redraw):
            self._redraw(seat)
            return
        else:  # Pass
            self._pass(seat, public)
            return
        self.passed = 0
        if not self.started[seat]:
            self._own_facts()
            self.started[seat] = True
        q = q1  # CW-SIX: the row is checked before the column, the first square first, then the second
        while q >= 0:  # (a loop over (q1, q2) would build a tuple each move when compiled)
            t = b[q]
            if counts[_ROW_BASE[q] + t] == SIZE:
                self._finish("six_of_a_kind", q // SIZE)
                return
            if counts[_COL_BASE[q] + t] == SIZE:
                self._finish("six_of_a_kind", SIZE + q % SIZE)
                return
            q, q2 = q2, -1
        if not self.empty_sq:
            self._finish("board_full", -1)
            return
        self._end_turn(seat)

    def _redraw(self, seat: int) -> None:
        """Return the (all-action) hand to the bag, reshuffle it, draw the same number again."""
        h = self.hands[seat]
        returned = hand_count(h)
        for t in range(TILE_KINDS):
            self.bag += [t] * h[t]
            h[t] = 0
        same_shuffle(self.bag, rng_for(self.seed, f"redraw:{self.turn}"))
        self._own_facts()
        self.redraws[seat] = self.redraws[seat] + 1
        self._draw(seat, returned)

    def _pass(self, seat: int, public: dict[str, Any]) -> None:
        h = self.hands[seat]
        self._own_facts()
        self.stuck[seat] = True
        self.started[seat] = True
        discarded = h[REMOVE] + h[MOVE] + h[SWAP] + h[TRADE] if self.discard_stuck else 0
        if discarded:  # the unusable action tiles are set aside as used; the hand refills
            used = self.used
            for i in range(4):  # R, M, S, T
                used[i] = used[i] + (h[REMOVE + i])
                h[REMOVE + i] = 0
            public["discarded"] = discarded
            self.passed = 0
        else:
            self.passed |= 1 << seat
            if self.passed == (1 << self.players) - 1:
                self._finish("stalemate", -1)
                return
        self._end_turn(seat)

    def _draw(self, seat: int, n: int) -> None:
        """Move up to ``n`` tiles from the end of the bag to the hand; ``self.drawn`` says which."""
        bag = self.bag
        n = min(n, len(bag))
        if n <= 0:
            return
        h = self.hands[seat]
        drawn = ""
        for _ in range(n):
            t = bag.pop()
            h[t] = h[t] + 1
            drawn += TILE_CHARS[t]
        if self.stuck[seat]:
            self._own_facts()
            self.stuck[seat] = False
        self.drawn += drawn

    def _end_turn(self, seat: int) -> None:
        h = self.hands[seat]
        missing = self.hand_sizes[seat] - (h[0] + h[1] + h[2] + h[3] + h[4] + h[5] + h[6] + h[7] + h[8] + h[9])
        if missing > 0 and self.bag:
            self._draw(seat, missing)
        cursor = self.cursor + 1
        self.cursor = 0 if cursor == len(self.order) else cursor
        if self.turn >= self.max_turns:
            self._finish("turn_cap", -1)

    def _finish(self, termination: str, six_line: int) -> None:
        self.result = outcome_from_counts(
            self.line_counts,
            self.board,
            self.players,
            self.variant["tiebreak"],
            termination,
            None if six_line < 0 else six_line,
        )

    def settle(self) -> None:
        """Recompute the result of a state built from text (position or view)."""
        self.result = None
        counts = self.line_counts
        for line in range(2 * SIZE):
            for s in range(SYMBOLS):
                if counts[line * SYMBOLS + s] == SIZE:
                    self._finish("six_of_a_kind", line)
                    return
        if not self.empty_sq:
            self._finish("board_full", -1)
        elif self.passed == (1 << self.players) - 1:
            self._finish("stalemate", -1)
        elif self.turn >= self.max_turns:
            self._finish("turn_cap", -1)

    def line_scores(self) -> list[int]:
        """Scores of lines 0..11 (rows 1..6 then columns A..F) as the board stands, from the line counts."""
        return scores_from_counts(self.line_counts)

    # ---- information ---------------------------------------------------
    def log(self) -> list[str]:
        """The public move log (codes). Cached as a tuple that only ever grows along this branch's history
        (a clone inherits a prefix that is true for it too), so a view copies it instead of rebuilding it."""
        cache = self._log
        prefix = len(self.log_prefix)
        history = self.history
        if len(cache) != prefix + len(history):
            if len(cache) < prefix or len(cache) > prefix + len(history):
                cache = tuple(self.log_prefix)
            cache += tuple([history[i].code for i in range(len(cache) - prefix, len(history))])
            self._log = cache
        return list(cache)

    def _refresh_public(self) -> None:
        """Compute the board row texts and the line scores for this version unless they are cached."""
        if self._public_turn != self.turn:
            board = self.board
            self._rows = (
                _row_text(board, 0),
                _row_text(board, SIZE),
                _row_text(board, 2 * SIZE),
                _row_text(board, 3 * SIZE),
                _row_text(board, 4 * SIZE),
                _row_text(board, 5 * SIZE),
            )
            self._scores = tuple(scores_from_counts(self.line_counts))
            self._public_turn = self.turn

    def view(self, seat: int | None = None, *, perfect_memory: bool = False, moment: bool = True) -> CrosswiseView:
        """Public facts plus ``seat``'s own hand; memory options change nothing (the whole log is public)."""
        mover = seat is not None and seat == self.to_move()
        base = base_view(self, seat, self.log(), self.legal_codes() if mover else None)
        self._refresh_public()
        scores = self._scores
        used = self.used
        passed = self.passed
        return {
            **base,
            "board": list(self._rows),
            "hand": tiles_text(self.hands[seat]) if seat is not None else None,
            "hand_sizes": [hand_count(h) for h in self.hands],
            "bag_size": len(self.bag),
            "used": {"R": used[0], "M": used[1], "S": used[2], "T": used[3]},
            "teams": [list(team) for team in _TEAMS[self.players]],
            "team_lines": ["rows", "columns"],
            "order": list(self.order),
            "cursor": self.cursor,
            "started": list(self.started),
            "redraws": list(self.redraws),
            "known": [tiles_text(k) for k in self.known],  # symbols only
            "stuck": list(self.stuck),
            "passed": [bool(passed >> s & 1) for s in range(self.players)],
            "line_scores": {"rows": list(scores[:SIZE]), "columns": list(scores[SIZE:])},
        }

    def sampler(self, seat: int) -> Sampler:
        """Resamples what ``seat`` cannot see, read straight off this position (see determinize.py)."""
        from .determinize import Sampler

        return Sampler.from_state(self, seat)

    def frozen_sampler(self, seat: int) -> Sampler:
        """:meth:`sampler` for a snapshot nobody changes: the prepared position shares this state's lists."""
        from .determinize import Sampler

        return Sampler.from_state(self, seat, True)

    # ---- copies ----------------------------------------------------------
    def clone(self) -> CrosswiseState:
        return CrosswiseState(self.game, self.players, self.seed, self.variant, self)

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
        state = CrosswiseState(game, d.players, d.seed, d.variant)
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
            self.start_position = self.origin.state().to_position()
        return {"position": self.start_position} if self.start_position is not None else {}

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, CrosswiseState):
            return NotImplemented
        return self.to_position() == other.to_position() and self.history == other.history

    __hash__ = None  # type: ignore[assignment]
