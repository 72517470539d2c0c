"""Bot judgement for Liar's Dice, always from one seat's knowledge: its own dice and the public bids.

The chance that a bid holds, for a player who sees only their own cup, is a
binomial tail: every die they cannot see shows a matching face (the face, or
a wild face) with probability m/6, independently. The greedy policy compares
the risk of each choice it has — calling liar loses when the last bid holds,
a raise loses when the next player calls it and it does not hold — and takes
the safest. Only the weakest raise on each face is worth comparing (more of
the same face only makes a bid less likely), so a decision looks at six bids
at most. The playout policy is the same rule run on a sampled full state,
each mover reading only its own cup there too.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache
from typing import cast

from ...core.action import Action
from ...core.game import State
from ...core.infoset import InfoSet
from .actions import BIDS, FACES, LIAR, SPOT, Bid
from .state import LiarsDiceState, LiarsDiceView, RoundResult
from .variants import wild_faces


@lru_cache(maxsize=4096)
def _pmf(unknown: int, matching_faces: int) -> tuple[float, ...]:
    """P(exactly k of ``unknown`` hidden dice match) for k = 0..unknown, each die matching with m/6."""
    p = matching_faces / FACES
    out = [0.0] * (unknown + 1)
    out[0] = (1 - p) ** unknown
    for k in range(1, unknown + 1):
        out[k] = out[k - 1] * (unknown - k + 1) / k * p / (1 - p) if p < 1 else (1.0 if k == unknown else 0.0)
    return tuple(out)


@lru_cache(maxsize=4096)
def _tail(unknown: int, matching_faces: int) -> tuple[float, ...]:
    """P(at least k hidden dice match) for k = 0..unknown+1."""
    pmf = _pmf(unknown, matching_faces)
    out = [0.0] * (unknown + 2)
    for k in range(unknown, -1, -1):
        out[k] = out[k + 1] + pmf[k]
    return tuple(min(1.0, x) for x in out)


def matching_faces(face: int, wild: frozenset[int]) -> int:
    """How many of the six faces count for ``face`` (the face itself and any wild face)."""
    return len(wild | {face})


def chance_at_least(need: int, unknown: int, face: int, wild: frozenset[int]) -> float:
    """P(at least ``need`` of ``unknown`` hidden dice count for ``face``)."""
    if need <= 0:
        return 1.0
    if need > unknown:
        return 0.0
    return _tail(unknown, matching_faces(face, wild))[need]


def chance_exactly(need: int, unknown: int, face: int, wild: frozenset[int]) -> float:
    """P(exactly ``need`` of ``unknown`` hidden dice count for ``face``)."""
    if not 0 <= need <= unknown:
        return 0.0
    return _pmf(unknown, matching_faces(face, wild))[need]


def own_matches(own: Sequence[int], face: int, wild: frozenset[int]) -> int:
    return sum(1 for d in own if d == face or d in wild)


def weakest_raises(last: Bid | None, total: int, order: str) -> list[Bid]:
    """The weakest legal bid on each face (at most six): every other legal bid is less likely to hold."""
    out: list[Bid] = []
    for face in range(1, FACES + 1):
        if last is None:
            quantity = 1
        elif order == "face":
            if face < last.face:
                continue
            quantity = last.quantity + 1 if face == last.face else 1
        else:
            quantity = last.quantity if face > last.face else last.quantity + 1
        if quantity <= total:
            out.append(BIDS[quantity, face])
    return out


def choose(own: Sequence[int], total: int, last: Bid | None, order: str, wild: frozenset[int], spot_on: bool) -> Action:
    """The safest move for a player holding ``own`` with ``total`` dice in play and ``last`` the bid to beat."""
    unknown = total - len(own)
    best: Action | None = None
    best_risk = 2.0
    for bid in weakest_raises(last, total, order):
        hold = chance_at_least(bid.quantity - own_matches(own, bid.face, wild), unknown, bid.face, wild)
        if 1.0 - hold < best_risk:  # ties keep the weaker bid, found first
            best, best_risk = bid, 1.0 - hold
    if last is not None:
        need = last.quantity - own_matches(own, last.face, wild)
        holds = chance_at_least(need, unknown, last.face, wild)
        if holds < best_risk:
            best, best_risk = LIAR, holds
        if spot_on and 1.0 - chance_exactly(need, unknown, last.face, wild) < best_risk:
            best = SPOT
    assert best is not None  # a round's opener can always bid 1xF
    return best


def greedy_action(infoset: InfoSet, rng: random.Random) -> Action:
    """The move with the lowest risk of losing a die, judged from the seat's own cup and the public bids."""
    v = cast(LiarsDiceView, infoset.view)
    variant = v["variant"]
    last = BIDS[v["bids"][-1][1], v["bids"][-1][2]] if v["bids"] else None
    move = choose(
        v["dice"] or [],
        v["dice_in_play"],
        last,
        variant["bid_order"],
        wild_faces(variant),
        bool(variant["spot_on"]),
    )
    return move if move in infoset.legal_actions else infoset.legal_actions[0]


def rollout_action(state: State, rng: random.Random) -> Action:
    """The greedy rule on a sampled full state; the mover reads only its own cup."""
    s = cast(LiarsDiceState, state)
    seat = s.mover
    assert seat is not None  # playouts stop at the end
    return choose(
        s.dice[seat],
        sum(s.counts),
        s.bids[-1] if s.bids else None,
        s.order,
        s.wild,
        bool(s.variant["spot_on"]),
    )


def evaluate(state: State) -> list[float]:
    """Each seat's value in [-1, 1]: in a search's sample, the result of the round being searched.

    Rounds are independent re-rolls, so all a decision can change is who loses (or wins back) a die
    this round: -1 for the seat that lost it, +1 shared by the others (+1 each with two players).
    Before that round is settled, and outside a search, each seat's dice against the others' average.
    """
    s = cast(LiarsDiceState, state)
    origin = s.sample_origin
    if origin is not None and len(s.rounds) > origin:
        return round_value(s.rounds[origin], s.players)
    return material(s)


def round_value(result: RoundResult, players: int) -> list[float]:
    """-1 for the seat that lost a die, +1 for one that won a die back; the others get the opposite, shared."""
    share = 1.0 / (players - 1)
    out = [0.0] * players
    for seat, sign in ((result.loser, -1.0), (result.gainer, 1.0)):
        if seat is None:
            continue
        out = [value - sign * share for value in out]
        out[seat] += sign * (1.0 + share)
    return out


def material(s: LiarsDiceState) -> list[float]:
    """Each seat's dice against the others' average, in [-1, 1] (0 dice: -1)."""
    counts = s.counts
    players = len(counts)
    total = sum(counts)
    out = []
    for mine in counts:
        if not mine:
            out.append(-1.0)
            continue
        others = (total - mine) / (players - 1)
        out.append(max(-1.0, min(1.0, (mine - others) / s.start_dice)))
    return out
