"""A one-turn Alcatraz planner: the judgement behind the stronger bot levels.

Why it exists: the greedy bot values a row only by the claim it could make
right now, so a row that is one good card away from a sum looks no better than
a row of strangers; it places discards without caring who picks them up, and
it peeks at a random card. The planner

- values a row by the sure claim it holds now plus most of what the next card
  is likely to make of it (a card from the pool the seat has not seen, put in
  the best slot), and judges draw-or-take by the expected value of the draw,
  abilities included;
- counts the cost of feeding an opponent: a discard that makes a sum with an
  opponent's face-up cards, or probably with a card it has looked at (the
  ``seen`` marks are public), is avoided, and a pile choice covers the top
  that would help an opponent most (measured: worth about 3 points of win rate);
- among sure claims, prefers the one that leaves the better row, or empties
  the row (ending the round for the others, earning the tie-break circle);
- on the last turn of a two-player game, where a failed claim costs nothing,
  tries the likeliest long shot with unknown cards.

Everything here reads only the seat's own view (perfect memory), like greedy.
Counted values include overlays; a face-down card the seat has not seen is
unknown (``None``). Figures: ``bench/planner.py`` and docs/balance.md.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Final, cast

from ...core.action import Action
from ...core.infoset import InfoSet
from . import actions as A
from .cards import CARD_VALUES, apply_overlays, fulfils
from .policy import Estimator, my_row, unseen_counts
from .view import AlcatrazView

NEXT_WEIGHT = 0.6  # a claim the next card would likely allow, against a claim available now
KNOWN_BONUS = 0.05  # a known card in the row is worth a little by itself
DENY_WEIGHT = 0.5  # how much handing an opponent a likely sum through a discard pile costs us
EMPTY_BONUS = 1.0  # emptying the row ends the round for the others and earns the tie-break circle
Row = tuple[tuple[int | None, tuple[str, ...]], ...]  # (raw value or None, overlay effects) per slot


def _counted(row: Row) -> list[int | None]:
    return [None if v is None else apply_overlays(v, e) for v, e in row]


def sure_claim(vals: list[int | None], objectives: tuple[int, ...]) -> tuple[int, int, int, int]:
    """(points, objective, first slot, count) of the best claim made only of known cards; points 0 if none."""
    best = (0, 0, 0, 0)
    n = len(vals)
    for count in (3, 2):
        if count <= best[0]:
            break
        for start in range(n - count + 1):
            w = vals[start : start + count]
            if None in w:
                continue
            known = cast(list[int], w)
            total = sum(known)
            if total in objectives and fulfils(known, total):
                return (count, total, start, count)
    return best


_JUDGES: Final[dict[tuple[tuple[int, ...], tuple[int, ...]], Judge]] = {}
_JUDGES_MAX: Final = 4096  # a search meets a few hundred distinct (pool, objectives) pairs per decision


class Judge:
    """Values rows for one seat: points available now plus the expected value of the next card."""

    def __init__(self, unseen: Counter[int], objectives: list[int]) -> None:
        total = sum(unseen.values()) or 1
        self.prior = [(v, c / total) for v, c in unseen.items() if c]
        self.objectives = tuple(objectives)
        self._now: dict[tuple[int | None, ...], int] = {}
        self._value: dict[Row, float] = {}

    @staticmethod
    def cached(unseen: tuple[int, ...], objectives: tuple[int, ...]) -> Judge:
        """The judge for a pool given as copies per value (``unseen[i]`` for the value ``CARD_VALUES[i]``),
        kept with its memo of row values: a search asks about the same pools and rows again and again."""
        key = (unseen, objectives)
        judge = _JUDGES.get(key)
        if judge is None:
            if len(_JUDGES) >= _JUDGES_MAX:
                _JUDGES.clear()
            pool: Counter[int] = Counter()
            for i, c in enumerate(unseen):
                if c:
                    pool[CARD_VALUES[i]] = c
            judge = _JUDGES[key] = Judge(pool, list(objectives))
        return judge

    def now(self, vals: list[int | None]) -> int:
        key = tuple(vals)
        hit = self._now.get(key)
        if hit is None:
            hit = sure_claim(vals, self.objectives)[0]
            self._now[key] = hit
        return hit

    def next_card(self, row: Row) -> float:
        """Expected points of the best sure claim after one more card from the pool, put in the best slot.

        For a card of value v the best claim is the better of the claims the row makes now and the best
        window that v completes (its other cards known, summing with v to an objective, no pair adding to
        zero). Those windows are found once per row, for every v at once (``gain``), instead of trying every
        v in every slot; the expectation adds the same terms in the same order, so the value is the same.
        """
        vals = _counted(row)
        base = self.now(vals)
        if not vals:
            return 0.0
        gain: dict[int, int] = {}
        n = len(vals)
        if base < 3:
            for count in (2, 3):
                for start in range(n - count + 1):
                    for i in range(start, start + count):
                        others: list[int] = []
                        for j in range(start, start + count):
                            if j != i:
                                x = vals[j]
                                if x is None:
                                    break
                                others.append(x)
                        if len(others) != count - 1:
                            continue
                        rest = sum(others)
                        for objective in self.objectives:
                            v = objective - rest
                            if gain.get(v, 0) < count and fulfils([*others, v], objective):
                                gain[v] = count
        expected = 0.0
        for v, p in self.prior:
            got = gain.get(v, 0)
            expected += p * (got if got > base else base)
        return expected

    def value(self, row: Row) -> float:
        """What a row is worth to its owner: a claim now, else most of what the next card should allow."""
        hit = self._value.get(row)
        if hit is None:
            now = self.now(_counted(row))
            nxt = self.next_card(row)
            hit = now + NEXT_WEIGHT * max(nxt - now, 0.0) + KNOWN_BONUS * sum(v is not None for v, _ in row)
            self._value[row] = hit
        return hit

    def look_value(self, row: Row, slot: int) -> float:
        """Expected value of the row once the unknown card in ``slot`` is known."""
        value, effects = row[slot]
        if value is not None:
            return self.value(row)
        total = 0.0
        for v, p in self.prior:
            trial = list(row)
            trial[slot] = (v, effects)
            total += p * self.value(tuple(trial))
        return total


def seat_row(view: AlcatrazView, seat: int) -> Row:
    return tuple(my_row(view, seat))


def _public_row(view: AlcatrazView, seat: int) -> list[int | None]:
    """An opponent's row as everyone can see it: face-up cards only."""
    return [
        apply_overlays(c["v"], [e for e, _ in c["ovl"]]) if c["up"] and c["v"] is not None else None
        for c in view["rows"][seat]
    ]


def gift(
    view: AlcatrazView,
    seat: int,
    value: int | None,
    objectives: tuple[int, ...],
    prior: list[tuple[int, float]] | None = None,
) -> float:
    """Points an opponent could expect to claim at once by taking ``value`` from a pile: a sure sum with
    their face-up cards, or (with ``prior``) the chance that a card they looked at makes one with it."""
    if value is None:
        return 0.0
    best = 0.0
    chance = dict(prior or ())
    for other in range(len(view["rows"])):
        if other == seat:
            continue
        cards = view["rows"][other]
        vals = _public_row(view, other)
        for i in range(len(vals)):
            trial = list(vals)
            trial[i] = value
            best = max(best, float(sure_claim(trial, objectives)[0]))
        if chance and best < 2:
            miss = 1.0
            for c in cards:
                if not c["up"] and other in c["seen"] and not c["ovl"]:
                    hit = sum(chance.get(o - value, 0.0) for o in objectives if o - value != -value)
                    miss *= 1.0 - hit
            best = max(best, 2.0 * (1.0 - miss))
    return best


def _pile_for(
    view: AlcatrazView,
    seat: int,
    leaving: int | None,
    rng: random.Random,
    prior: list[tuple[int, float]] | None = None,
) -> int:
    """The pile to put a card on: cover the top that would help an opponent most."""
    objectives = tuple(view["objectives"])
    tops = [p["top"] for p in view["piles"]]
    scores = []
    for p in range(len(tops)):
        after = [leaving if q == p else tops[q] for q in range(len(tops))]
        scores.append((max(gift(view, seat, t, objectives, prior) for t in after), rng.random(), p))
    return min(scores)[2]


def _peek_slot(row: Row, legal: tuple[A.AzAction, ...], rng: random.Random) -> Action:
    """Look at the unknown card that sits in the most claim windows (a middle card)."""
    n = len(row)

    def windows(i: int) -> int:
        return sum(1 for c in (2, 3) for s in range(n - c + 1) if s <= i < s + c)

    peeks = [a for a in legal if a.kind == A.PEEK] or list(legal)  # never skip an optional look
    return max(peeks, key=lambda a: (windows(a.a), rng.random()))


def _after_claim(row: Row, start: int, count: int) -> Row:
    rest = row[:start] + row[start + count :]
    return (*rest, (None, ())) if rest else rest


def _best_claim(judge: Judge, row: Row) -> tuple[float, int, int, int] | None:
    """(claim points + worth of the row left, objective, first slot, count) of the best sure claim."""
    vals = _counted(row)
    best: tuple[float, int, int, int] | None = None
    n = len(vals)
    for count in (2, 3):
        for start in range(n - count + 1):
            got = sure_claim(vals[start : start + count], judge.objectives)
            if got[0] != count:
                continue
            rest = _after_claim(row, start, count)
            score = count + (judge.value(rest) if rest else EMPTY_BONUS)
            if best is None or score > best[0]:
                best = (score, got[1], start, count)
    return best


def _hold_options(
    view: AlcatrazView, seat: int, judge: Judge, held: int, legal: tuple[A.AzAction, ...]
) -> list[tuple[float, A.AzAction]]:
    row = seat_row(view, seat)
    objectives = judge.objectives
    out: list[tuple[float, A.AzAction]] = []
    for a in legal:
        k = a.kind
        if k == A.DISCARD:
            score = judge.value(row) - DENY_WEIGHT * gift(view, seat, held, objectives, judge.prior)
        elif k == A.SWAP:
            trial = list(row)
            out_value = row[a.a][0]
            trial[a.a] = (held, ())
            after = tuple(trial)
            score = judge.value(after) + _claim_bonus(judge, after)
            score -= DENY_WEIGHT * gift(
                view,
                seat,
                out_value if row[a.a][1] == () else None,
                objectives,
                judge.prior,
            )
        elif k == A.LOOK:
            score = judge.look_value(row, a.a)
        else:
            value, effects = row[a.a]
            extra = {A.PLUS: "p", A.MINUS: "m", A.FLIP: "n"}[k]
            trial = list(row)
            trial[a.a] = (value, (*effects, extra))
            after = tuple(trial)
            score = judge.value(after) + _claim_bonus(judge, after)
        out.append((score, a))
    return out


def _claim_bonus(judge: Judge, row: Row) -> float:
    """Extra worth of a row whose sure claim also leaves a good row behind (beyond judge.value's 'now')."""
    best = _best_claim(judge, row)
    if best is None:
        return 0.0
    return max(best[0] - judge.value(row), 0.0)


def _draw_value(view: AlcatrazView, seat: int, judge: Judge) -> float:
    """Expected worth of drawing: each possible card placed in its best slot, used for its ability
    (look at an unknown card, or lay it over a card), or thrown away."""
    row = seat_row(view, seat)
    keep = judge.value(row)
    table = {int(k): a for k, a in view["abilities"].items()}
    total = 0.0
    for v, p in judge.prior:
        best = keep
        for i in range(len(row)):
            trial = list(row)
            trial[i] = (v, ())
            after = tuple(trial)
            best = max(best, judge.value(after) + _claim_bonus(judge, after))
        ability = table.get(v)
        if ability == "look":
            for i in range(len(row)):
                if row[i][0] is None:
                    best = max(best, judge.look_value(row, i))
        elif ability in ("adjust", "flip"):
            for extra in ("p", "m") if ability == "adjust" else ("n",):
                for i in range(len(row)):
                    value, effects = row[i]
                    trial = list(row)
                    trial[i] = (value, (*effects, extra))
                    after = tuple(trial)
                    best = max(best, judge.value(after) + _claim_bonus(judge, after))
        total += p * best
    return total


def _last_turn_of_game(view: AlcatrazView) -> bool:
    """True when nobody plays after this turn (two players, round 2 or later, the end already triggered)."""
    return bool(view["ending"]) and view["round"] >= 2 and view["players"] == 2


def _long_shot(view: AlcatrazView, seat: int, objective: int | None) -> tuple[float, int, int, int] | None:
    """On the game's last turn a failed claim costs nothing: (chance x cards, objective, first, count) of the
    best claim by expected points, unknown cards included."""
    est = Estimator(unseen_counts(view), view["objectives"])
    row = seat_row(view, seat)
    best: tuple[float, int, int, int] | None = None
    for obj in [objective] if objective else view["objectives"]:
        for count in (2, 3):
            for start in range(len(row) - count + 1):
                p = est.chance(tuple(row[start : start + count]), obj)
                if p > 0 and (best is None or p * count > best[0]):
                    best = (p * count, obj, start, count)
    return best


def _take_score(view: AlcatrazView, seat: int, judge: Judge, row: Row, slot: int, top: int) -> float:
    """Worth of taking ``top`` into ``slot``, less what the card it sends to a pile could give an opponent."""
    after = tuple((top, ()) if j == slot else row[j] for j in range(len(row)))
    score = judge.value(after) + _claim_bonus(judge, after)
    if not row[slot][1]:  # a covered card leaves with its overlays: its counted value is not the gift
        score -= DENY_WEIGHT * gift(view, seat, row[slot][0], judge.objectives, judge.prior)
    return score


def planner_action(infoset: InfoSet, rng: random.Random) -> Action:
    """A one-turn plan from the seat's own knowledge (see module doc)."""
    view, seat = cast(AlcatrazView, infoset.view), infoset.seat
    legal = cast(tuple[A.AzAction, ...], infoset.legal_actions)
    if len(legal) == 1:
        return legal[0]
    phase = view["phase"]
    codes = {a.code: a for a in legal}
    judge = Judge(unseen_counts(view), view["objectives"])
    row = seat_row(view, seat)
    if phase == "peek":
        return _peek_slot(row, legal, rng)
    if phase == "pile":
        pending = view["pending"]
        pile = _pile_for(view, seat, pending[-1] if pending else None, rng, judge.prior)
        return codes.get(f"pile{pile + 1}", legal[0])
    last = _last_turn_of_game(view)
    if phase == "claim":
        if last:
            shot = _long_shot(view, seat, view["claim"])
            if shot is not None:
                return codes.get(f"use{shot[2] + 1}-{shot[2] + shot[3]}", legal[0])
        best = _best_claim(judge, row)
        if best is not None:
            code = f"use{best[2] + 1}-{best[2] + best[3]}"
            if code in codes:
                return codes[code]
        return rng.choice(legal)
    if phase == "after_draw":
        best = _best_claim(judge, row)
        if best is not None and f"claim{best[1]}" in codes:
            return codes[f"claim{best[1]}"]
        if last:
            shot = _long_shot(view, seat, None)
            if shot is not None and f"claim{shot[1]}" in codes:
                return codes[f"claim{shot[1]}"]
        return codes.get("end", legal[0])
    if phase == "start":
        options: list[tuple[float, float, Action]] = []
        if "draw" in codes:
            options.append((_draw_value(view, seat, judge), rng.random(), codes["draw"]))
        for p, shown in enumerate(view["piles"]):
            code = f"take{p + 1}"
            top = shown["top"]
            if code not in codes or top is None:
                continue
            options.append(
                (
                    max(_take_score(view, seat, judge, row, i, top) for i in range(len(row))),
                    rng.random(),
                    codes[code],
                )
            )
        claim = _best_claim(judge, row)
        if claim is not None and f"claim{claim[1]}" in codes and not options:
            return codes[f"claim{claim[1]}"]
        if options:
            return max(options, key=lambda o: (o[0], o[1]))[2]
        return codes.get("end", legal[0])
    if phase == "hold":
        held = view["held"]
        assert held is not None  # the hold phase always has a card in hand
        options2 = _hold_options(view, seat, judge, held["v"], legal)
        best_score = max(s for s, _ in options2)
        tied = [a for s, a in options2 if s >= best_score - 1e-9]
        # Among equally good moves, put the card that leaves on the pile that helps opponents least.
        swaps = [a for a in tied if a.kind == A.SWAP]
        if swaps:
            leaving = row[swaps[0].a][0]
            pile = _pile_for(view, seat, leaving, rng, judge.prior)
            for a in swaps:
                if a.b == pile:
                    return a
        discards = [a for a in tied if a.kind == A.DISCARD]
        if discards:
            pile = _pile_for(view, seat, held["v"], rng, judge.prior)
            for a in discards:
                if a.a == pile:
                    return a
        return tied[rng.randrange(len(tied))]
    return rng.choice(legal)


__all__ = ["Judge", "planner_action", "sure_claim"]
