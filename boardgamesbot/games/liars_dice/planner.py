"""The planner: the greedy rule with what the bids reveal (the stronger bot levels' anchor).

A bid says something about the bidder's cup: people (and bots) mostly bid
what their own dice support. The planner keeps, for every other seat, the
chance of each possible cup (at most 252 multisets of five dice) given the
bids that seat made this round, under a simple model of a bidder: among the
moves open to them they prefer the safer ones, more strongly the safer they
are (``P(move) ∝ exp(-SHARPNESS * risk)``, risk judged from their own cup as
in policy.py). Counting for a face then adds up those per-seat chances, and
the planner takes the move with the lowest risk, like the greedy rule.

A search cannot carry this inference (``Game.determinize`` samples every cup
uniformly, as the contract asks), so the search levels anchor on this move and
leave it only when the search is clearly surer (game.py: the tuning).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from functools import lru_cache
from typing import cast

from ...core.action import Action
from ...core.infoset import InfoSet
from .actions import BIDS, FACES, LIAR, SPOT, Bid
from .policy import chance_at_least, chance_exactly, own_matches, weakest_raises
from .state import LiarsDiceView
from .variants import wild_faces

SHARPNESS = 6.0  # how strongly a modelled bidder prefers safer moves
Cup = tuple[int, ...]  # how many dice show each face 1..6


@lru_cache(maxsize=16)
def cups(n: int) -> tuple[tuple[Cup, float], ...]:
    """Every cup of ``n`` dice as face counts, with its chance when rolled fairly."""
    out: list[tuple[Cup, float]] = []

    def walk(face: int, left: int, counts: list[int]) -> None:
        if face == FACES - 1:
            full = (*counts, left)
            ways = math.factorial(n)
            for c in full:
                ways //= math.factorial(c)
            out.append((full, ways / FACES**n))
            return
        for c in range(left + 1):
            walk(face + 1, left - c, [*counts, c])

    walk(0, n, [])
    return tuple(out)


def cup_matches(cup: Cup, face: int, wild: frozenset[int]) -> int:
    return sum(cup[f - 1] for f in range(1, FACES + 1) if f == face or f in wild)


def _risk(cup: Cup, n: int, move: Action, last: Bid | None, total: int, wild: frozenset[int]) -> float:
    """The risk of ``move`` for a bidder holding ``cup`` (n dice) with ``total`` in play (policy.py's measure)."""
    unknown = total - n
    if isinstance(move, Bid):
        need = move.quantity - cup_matches(cup, move.face, wild)
        return 1.0 - chance_at_least(need, unknown, move.face, wild)
    assert last is not None
    need = last.quantity - cup_matches(cup, last.face, wild)
    if move == LIAR:
        return chance_at_least(need, unknown, last.face, wild)
    return 1.0 - chance_exactly(need, unknown, last.face, wild)


def _likelihood(
    cup: Cup, n: int, bid: Bid, last: Bid | None, total: int, order: str, wild: frozenset[int], spot_on: bool
) -> float:
    """How likely a modelled bidder holding ``cup`` was to bid ``bid`` over ``last``."""
    options: list[Action] = list(weakest_raises(last, total, order))
    if bid not in options:
        options.append(bid)
    if last is not None:
        options.append(LIAR)
        if spot_on:
            options.append(SPOT)
    weights = [math.exp(-SHARPNESS * _risk(cup, n, o, last, total, wild)) for o in options]
    return weights[options.index(bid)] / sum(weights)


def match_chances(view: LiarsDiceView, face: int) -> list[float]:
    """P(exactly k dice under the other cups count for ``face``), k = 0.., given the bids this round."""
    variant = view["variant"]
    wild = wild_faces(variant)
    order = variant["bid_order"]
    spot_on = bool(variant["spot_on"])
    total = view["dice_in_play"]
    me = view["seat"]
    dist = [1.0]
    for seat, n in enumerate(view["dice_counts"]):
        if seat == me or not n:
            continue
        made: list[tuple[Bid, Bid | None]] = []
        last: Bid | None = None
        for bidder, q, f in view["bids"]:
            bid = BIDS[q, f]
            if bidder == seat:
                made.append((bid, last))
            last = bid
        per = [0.0] * (n + 1)
        for cup, prior in cups(n):
            weight = prior
            for bid, before in made:
                weight *= _likelihood(cup, n, bid, before, total, order, wild, spot_on)
            per[cup_matches(cup, face, wild)] += weight
        norm = sum(per)
        per = [p / norm for p in per]
        dist = _convolve(dist, per)
    return dist


def _convolve(a: Sequence[float], b: Sequence[float]) -> list[float]:
    out = [0.0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                out[i + j] += x * y
    return out


def planner_action(infoset: InfoSet, rng: random.Random) -> Action:
    """The move with the lowest risk of losing a die, judged from the seat's cup and what the bids reveal."""
    v = cast(LiarsDiceView, infoset.view)
    variant = v["variant"]
    wild = wild_faces(variant)
    own = v["dice"] or []
    total = v["dice_in_play"]
    last = BIDS[v["bids"][-1][1], v["bids"][-1][2]] if v["bids"] else None
    cache: dict[int, list[float]] = {}

    def others(face: int) -> list[float]:
        if face not in cache:
            cache[face] = match_chances(v, face)
        return cache[face]

    def at_least(q: int, face: int) -> float:
        need = q - own_matches(own, face, wild)
        dist = others(face)
        return sum(dist[max(need, 0) :]) if need > 0 else 1.0

    best: Action | None = None
    best_risk = 2.0
    for bid in weakest_raises(last, total, variant["bid_order"]):
        risk = 1.0 - at_least(bid.quantity, bid.face)
        if risk < best_risk:
            best, best_risk = bid, risk
    if last is not None:
        holds = at_least(last.quantity, last.face)
        if holds < best_risk:
            best, best_risk = LIAR, holds
        if variant["spot_on"]:
            need = last.quantity - own_matches(own, last.face, wild)
            dist = others(last.face)
            exact = dist[need] if 0 <= need < len(dist) else 0.0
            if 1.0 - exact < best_risk:
                best = SPOT
    assert best is not None
    return best if best in infoset.legal_actions else infoset.legal_actions[0]
