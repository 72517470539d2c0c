"""Crosswise judgement for bots: one-ply greedy play, cheap playout moves, a position estimate.

``greedy_action`` sees only the infoset (board, own hand, public counts); it
never looks at a State. The line value is the line's current points plus small
bonuses for promise (a line of all-different symbols, five of a kind with a
gap); a move that lets the opponents win at once is avoided whenever some
other move does not.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import cast

from ...core.action import Action
from ...core.game import State
from ...core.infoset import InfoSet
from . import actions as A
from .scoring import GROUP_POINTS, score_counts
from .seats import team_of
from .state import CrosswiseState
from .tiles import CHAR_TO_TILE, EMPTY, LINES, SIZE, SQUARES, SYMBOLS, parse_tiles
from .view import CrosswiseView

WIN = 1000.0
GIFT = -500.0  # leaving the opponents a one-move win


def line_value(board: Sequence[int], line: int) -> float:
    """Points the line holds now, plus promise: distinct symbols, or five alike beside a gap."""
    counts = [0] * SYMBOLS
    empty = 0
    for sq in LINES[line]:
        t = board[sq]
        if t == EMPTY:
            empty += 1
        else:
            counts[t] += 1
    if not empty:
        return float(score_counts(counts))
    top = max(counts)
    value = float(sum(GROUP_POINTS[n] for n in counts))
    if top <= 1:
        value += 0.5 * (SIZE - empty)
    elif top == 5:
        value += 3.0
    return value


def _team_lines(team: int) -> range:
    return range(SIZE) if team == 0 else range(SIZE, 2 * SIZE)


def _lines_through(squares: Sequence[int]) -> set[int]:
    return {q // SIZE for q in squares} | {SIZE + q % SIZE for q in squares}


def _threat(
    board: Sequence[int], line: int, unseen: Sequence[int], can_move: bool, can_swap: bool, can_trade: bool
) -> bool:
    """Could the line's owners complete six alike in it with one move, as far as we can tell?"""
    counts = [0] * SYMBOLS
    gap = odd = -1
    for sq in LINES[line]:
        t = board[sq]
        if t == EMPTY:
            gap = sq
        else:
            counts[t] += 1
    s = max(range(SYMBOLS), key=counts.__getitem__)
    if counts[s] != 5:
        return False
    elsewhere = sum(1 for q in range(SQUARES) if board[q] == s) > 5
    if gap >= 0:
        return unseen[s] > 0 or (can_move and elsewhere)
    for sq in LINES[line]:
        if board[sq] != s:
            odd = sq
    return odd >= 0 and ((can_trade and unseen[s] > 0) or (can_swap and elsewhere))


def board_writes(board: list[int], action: Action) -> list[tuple[int, int]] | None:
    """(square, tile) pairs written by ``action``; None for moves that leave the board alone."""
    if isinstance(action, (A.Place, A.Trade)):
        return [(action.square, action.symbol)]
    if isinstance(action, A.Remove):
        return [(action.square, EMPTY)]
    if isinstance(action, A.Move):
        return [(action.src, EMPTY), (action.dst, board[action.src])]
    if isinstance(action, A.Swap):
        return [(action.a, board[action.b]), (action.b, board[action.a])]
    return None


def greedy_action(infoset: InfoSet, rng: random.Random) -> Action:
    """Best one-move change of (own minus opponent) line value; never gifts a win when avoidable."""
    view = cast(CrosswiseView, infoset.view)
    legal = list(infoset.legal_actions)
    if len(legal) == 1:
        return legal[0]
    if A.REDRAW in legal:  # an all-action opening hand has nothing to act on: draw again
        return A.REDRAW
    seat = infoset.seat
    mine = team_of(seat)
    board = [EMPTY if ch == "." else CHAR_TO_TILE[ch] for row in view["board"] for ch in row]
    hand = parse_tiles(view["hand"] or "-")
    unseen = [7 - board.count(s) - hand[s] for s in range(SYMBOLS)]
    used = view["used"]
    opp_move = 3 - used["M"] - hand[7] > 0
    opp_swap = 3 - used["S"] - hand[8] > 0
    opp_trade = 3 - used["T"] - hand[9] > 0
    opp_lines = _team_lines(1 - mine)
    base_values = [line_value(board, line) for line in range(2 * SIZE)]

    def threats() -> bool:
        return any(_threat(board, line, unseen, opp_move, opp_swap, opp_trade) for line in opp_lines)

    best: list[Action] = []
    best_score = -math.inf
    for action in legal:
        writes = board_writes(board, action)
        if writes is None:
            score = -1.0  # a pass: only when nothing else exists
        else:
            saved = [(q, board[q]) for q, _ in writes]
            for q, t in writes:
                board[q] = t
            score = 0.0
            for line in _lines_through([q for q, _ in writes]):
                first = board[LINES[line][0]]
                if first != EMPTY and all(board[q] == first for q in LINES[line]):
                    score += WIN if (line >= SIZE) == bool(mine) else -WIN
                delta = line_value(board, line) - base_values[line]
                score += delta if (line >= SIZE) == bool(mine) else -delta
            if score < WIN / 2 and threats():
                score += GIFT
            if isinstance(action, A.Place):
                score += 0.01  # keep action tiles for when they matter
            for q, t in saved:
                board[q] = t
        if score > best_score + 1e-9:
            best, best_score = [action], score
        elif abs(score - best_score) <= 1e-9:
            best.append(action)
    return rng.choice(best)


def rollout_action(game_state: State, rng: random.Random) -> Action:
    """A fast playout move: usually a placement on the better of a few random squares, else random."""
    state = cast(CrosswiseState, game_state)
    if state.result is not None:
        raise ValueError("the game is over")
    seat = state.order[state.cursor]
    hand = state.hands[seat]
    syms = [s for s in range(SYMBOLS) if hand[s]]
    if not syms or rng.random() < 0.15 or state.gift_illegal:
        return state.random_action(rng)
    s = syms[int(rng.random() * len(syms))]
    empties = state.empty_sq
    n = len(empties)
    counts = state.line_counts
    rows_mine = team_of(seat) == 0
    # the best of up to three distinct random empty squares, by how many of the symbol the mover's line
    # already holds against the opponents' line through it (from the line counts, no board scan)
    best_q = empties[0]
    best = -99
    picked0 = picked1 = -1
    for k in range(min(3, n)):
        i = int(rng.random() * n)
        while i in (picked0, picked1):
            i = int(rng.random() * n)
        if k == 0:
            picked0 = i
        elif k == 1:
            picked1 = i
        q = empties[i]
        in_row = counts[(q // SIZE) * SYMBOLS + s]
        in_col = counts[(SIZE + q % SIZE) * SYMBOLS + s]
        score = in_row - in_col if rows_mine else in_col - in_row
        if score > best:
            best_q, best = q, score
    return A.PLACE[s][best_q]


def _line_value_counts(counts: list[int], line: int) -> float:
    """``line_value`` from the state's line counts."""
    base = line * SYMBOLS
    filled = 0
    top = 0
    value = 0.0
    for s in range(SYMBOLS):
        n = counts[base + s]
        filled += n
        if n > top:
            top = n
        value += GROUP_POINTS[n]
    if filled == SIZE:
        return float(score_counts(counts[base : base + SYMBOLS]))
    if top <= 1:
        value += 0.5 * filled
    elif top == 5:
        value += 3.0
    return value


def evaluate(game_state: State) -> list[float]:
    """Per-seat estimate in [-1, 1] from the difference of the teams' line values."""
    state = cast(CrosswiseState, game_state)
    counts = state.line_counts
    rows = 0.0
    cols = 0.0
    for line in range(SIZE):
        rows += _line_value_counts(counts, line)
        cols += _line_value_counts(counts, SIZE + line)
    v0 = math.tanh((rows - cols) / 12.0)
    return [v0 if team_of(s) == 0 else -v0 for s in range(state.players)]
