"""Alcatraz judgement for bots: the greedy player, a playout move and a position value.

``greedy_action`` reads only the infoset (the seat's perfect-memory view and
its legal moves). Cards it has not seen are modelled as draws from the cards
not yet seen anywhere; it fulfils when the estimated chance of success is
high and prefers draws (a discard top, a swap, an overlay) that make a sum it
can count on.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import cast

from ...core.action import Action
from ...core.game import State
from ...core.infoset import InfoSet
from . import actions as A
from .cards import FULL_COUNTS, apply_overlays, fulfils
from .phases import PH_AFTER, PH_CLAIM, PH_HOLD, PH_PEEK, PH_START
from .state import AlcatrazState
from .view import AlcatrazView

CLAIM_AT = 0.6  # fulfil when the estimated chance of success is at least this
INFO_BONUS = 0.08  # value of knowing one more card of the row
Dist = dict[int, float]  # counted value -> probability
Slot = tuple[int | None, tuple[str, ...]]  # known raw value (or None), overlay effects


def unseen_counts(view: AlcatrazView) -> Counter[int]:
    """Copies of each value the view does not show anywhere (the pool unknown cards come from)."""
    seen: Counter[int] = Counter()
    for row in view["rows"]:
        for card in row:
            if card["v"] is not None:
                seen[card["v"]] += 1
            seen.update(v for _, v in card["ovl"])
    for pile in view["piles"]:
        if pile["cards"] is not None:
            seen.update(pile["cards"])
        elif pile["top"] is not None:
            seen[pile["top"]] += 1
    for won in view["victory"]:
        seen.update(won)
    seen.update(view["pending"])
    if view["held"] is not None and view["held"]["v"] is not None:
        seen[view["held"]["v"]] += 1
    return FULL_COUNTS - seen


class Estimator:
    """Chances that 2 or 3 adjacent cards hit an objective, given what one seat knows."""

    def __init__(self, unseen: Counter[int], objectives: list[int]) -> None:
        total = sum(unseen.values()) or 1
        self.prior: Dist = {v: c / total for v, c in unseen.items() if c}
        self.objectives = objectives
        self._cache: dict[tuple[Slot, ...], float] = {}

    def dist(self, slot: Slot) -> Dist:
        value, effects = slot
        if value is not None:
            return {apply_overlays(value, effects): 1.0}
        if not effects:
            return self.prior
        out: Dist = {}
        for v, p in self.prior.items():
            w = apply_overlays(v, effects)
            out[w] = out.get(w, 0.0) + p
        return out

    def chance(self, cards: tuple[Slot, ...], objective: int) -> float:
        """P(sum == objective and no pair adds to zero); three unknown cards count as hopeless."""
        dists = [self.dist(c) for c in cards]
        if sum(len(d) > 1 for d in dists) >= 3:
            return 0.0
        p_total = 0.0
        if len(dists) == 2:
            d0, d1 = dists
            for v0, p0 in d0.items():
                need = objective - v0
                if need != -v0:
                    p_total += p0 * d1.get(need, 0.0)
            return p_total
        d0, d1, d2 = dists
        for v0, p0 in d0.items():
            for v1, p1 in d1.items():
                if v0 + v1 == 0:
                    continue
                v2 = objective - v0 - v1
                if v2 == -v0 or v2 == -v1:
                    continue
                p_total += p0 * p1 * d2.get(v2, 0.0)
        return p_total

    def best(self, row: list[Slot]) -> tuple[float, int, int, int]:
        """(expected points, objective, first slot, count) of the best claim on ``row``."""
        best = (0.0, 0, 0, 0)
        for count in (2, 3):
            for start in range(len(row) - count + 1):
                cards = tuple(row[start : start + count])
                for objective in self.objectives:
                    p = self.chance(cards, objective)
                    if p * count > best[0] and p >= CLAIM_AT:
                        best = (p * count, objective, start, count)
        return best

    def best_any(self, row: list[Slot]) -> float:
        """A row's worth: its best sure-enough claim plus a little for every known card."""
        key = tuple(row)
        cached = self._cache.get(key)
        if cached is None:
            cached = self.best(row)[0] + INFO_BONUS * sum(v is not None for v, _ in row)
            self._cache[key] = cached
        return cached


def my_row(view: AlcatrazView, seat: int) -> list[Slot]:
    """A seat's row as the estimator reads it: known value (or None) and overlay effects."""
    return [(c["v"], tuple(e for e, _ in c["ovl"])) for c in view["rows"][seat]]


def _pick(legal: tuple[A.AzAction, ...], code: str, rng: random.Random) -> Action:
    for a in legal:
        if a.code == code:
            return a
    return rng.choice(legal)


def greedy_action(infoset: InfoSet, rng: random.Random) -> Action:
    """A sensible move from the seat's own knowledge (see module doc)."""
    view, seat = cast(AlcatrazView, infoset.view), infoset.seat
    legal = cast(tuple[A.AzAction, ...], infoset.legal_actions)
    if len(legal) == 1:
        return legal[0]
    phase = view["phase"]
    row = my_row(view, seat)
    est = Estimator(unseen_counts(view), view["objectives"])
    codes = {a.code: a for a in legal}
    if phase == "peek":  # looking never hurts: skipping (optional_look) is not worth considering
        return rng.choice([a for a in legal if a.kind == A.PEEK] or legal)
    if phase == "pile":
        return rng.choice(legal)
    if phase == "claim":
        objective = view["claim"]
        assert objective is not None  # the claim phase always has a declared objective
        scored = [(est.chance(tuple(row[a.a : a.a + a.b]), objective) * a.b, a.code) for a in legal]
        return codes[max(scored)[1]]
    if phase in ("start", "after_draw"):
        value, objective, _start, _count = est.best(row)
        if phase == "start":
            take = _best_take(view, row, est)
            if take is not None and take[0] > est.best_any(row) + 0.5:
                return codes[f"take{take[1] + 1}"]
            if "draw" in codes:
                return codes["draw"]
        if value > 0 and f"claim{objective}" in codes:
            return codes[f"claim{objective}"]
        return codes.get("end", rng.choice(legal))
    if phase == "hold":
        return _hold(view, row, est, legal, rng)
    return rng.choice(legal)


def _best_take(view: AlcatrazView, row: list[Slot], est: Estimator) -> tuple[float, int] | None:
    best: tuple[float, int] | None = None
    for p, pile in enumerate(view["piles"]):
        if pile["top"] is None or not row:
            continue
        for i in range(len(row)):
            trial = list(row)
            trial[i] = (pile["top"], ())
            score = est.best_any(trial)
            if best is None or score > best[0]:
                best = (score, p)
    return best


def _hold(
    view: AlcatrazView, row: list[Slot], est: Estimator, legal: tuple[A.AzAction, ...], rng: random.Random
) -> Action:
    holding = view["held"]
    assert holding is not None  # the hold phase always has a card in hand
    held = holding["v"]
    base = est.best_any(row)
    options: list[tuple[float, float, Action]] = []
    for a in legal:
        k = a.kind
        if k == A.DISCARD:
            score = base
        elif k == A.SWAP:
            trial = list(row)
            trial[a.a] = (held, ())
            score = est.best_any(trial)
        elif k == A.LOOK:
            score = base + INFO_BONUS * 3
        else:
            value, effects = row[a.a]
            extra = {A.PLUS: "p", A.MINUS: "m", A.FLIP: "n"}[k]
            trial = list(row)
            trial[a.a] = (value, (*effects, extra))
            score = est.best_any(trial)
        options.append((score, rng.random(), a))
    return max(options, key=lambda o: (o[0], o[1]))[2]


# ---- playouts and leaf values on full (determinized) states -------------------
def _sure_claim(state: AlcatrazState) -> tuple[int, int, int] | None:
    """(objective, first slot, count) the mover can count on from cards it knows."""
    seat = state.current
    bit = 1 << seat
    up, known = state.up, state.known
    row = state.rows[seat]
    vals = [state.counted_value(c) if (up[c] or known[c] & bit) else None for c in row]
    objectives = state.objectives
    for count in (3, 2):
        for start in range(len(vals) - count + 1):
            chunk = vals[start : start + count]
            if None in chunk:
                continue
            known = cast(list[int], chunk)
            total = sum(known)
            if total in objectives and fulfils(known, total):
                return total, start, count
    return None


def rollout_action(game_state: State, rng: random.Random) -> Action:
    """A quick playout move: take sure sums, keep drawn cards that make one, else mostly draw and discard."""
    state = cast(AlcatrazState, game_state)
    phase = state.phase
    legal = state.legal_actions()
    if phase in (PH_START, PH_AFTER):
        sure = _sure_claim(state)
        if sure is not None:
            return A.A_CLAIM[sure[0]]
        if phase == PH_START and state.can_draw() and rng.random() < 0.85:
            return A.A_DRAW
        return rng.choice(legal) if phase == PH_START else A.A_END
    if phase == PH_PEEK and state.variant["optional_look"]:
        return rng.choice([a for a in legal if a is not A.A_NOPEEK] or legal)
    if phase == PH_CLAIM:
        sure = _sure_claim(state)
        if sure is not None and sure[0] == state.claim:
            length = len(state.rows[state.current])
            return A.A_USES[length][_use_index(sure[1], sure[2], length)]
        return rng.choice(legal)
    if phase == PH_HOLD:
        row = state.rows[state.current]
        if row and rng.random() < 0.5:
            return A.A_SWAPS[len(row)][rng.randrange(len(row) * 2)]
        if not state.held_up:
            return A.A_DISCARD[rng.randrange(2)]
    return rng.choice(legal)


def _use_index(start: int, count: int, length: int) -> int:
    return start if count == 2 else (length - 1) + start
