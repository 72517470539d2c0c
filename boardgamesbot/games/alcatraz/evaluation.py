"""The search's leaf value for Alcatraz: points, circles, and how scorable each seat's row is to that seat.

Why more than a points count: a search cut short with points and circles
alone sees no difference between a row about to score and a row of unknown
cards, and drifts into passive play (measured: it lost every game to greedy).
Here each seat's row is valued from that seat's OWN knowledge with the
planner's row judgement (planner.py: a sure claim now plus most of what the
next card is likely to make of the row), so the search rewards building
scorable, known rows.
"""

from __future__ import annotations

import math
from collections import Counter
from typing import Final, cast

from ...core.game import State
from .cards import CARD_VALUES, FULL_COUNTS, VALUE
from .planner import Judge
from .policy import Slot
from .state import AlcatrazState

# A likely claim is worth less than points already won: counting it in full made the search
# indifferent between cashing a sure sum and sitting on it (measured), so it kept sitting.
POTENTIAL_WEIGHT: Final = 0.5
CIRCLE_WEIGHT: Final = 1.5


def seat_knowledge(state: AlcatrazState, seat: int) -> tuple[list[Slot], Counter[int]]:
    """What ``seat`` knows of its own row, and the pool its unknown cards come from, read off a full state."""
    bit = 1 << seat
    up, known, ovl = state.up, state.known, state.ovl
    seen: list[int] = []
    for cards in state.rows:
        for c in cards:
            if up[c] or known[c] & bit:
                seen.append(VALUE[c])
    for covers in ovl.values():
        seen.extend(VALUE[x] for _, x in covers)
    for pile in state.piles:
        seen.extend(VALUE[c] for c in pile)
    for won in state.victory:
        seen.extend(VALUE[c] for c in won)
    seen.extend(VALUE[c] for c in state.pending)
    if state.held >= 0 and (state.held_up or state.current == seat):
        seen.append(VALUE[state.held])
    row = [
        (VALUE[c] if up[c] or known[c] & bit else None, tuple(e for e, _ in ovl.get(c, ()))) for c in state.rows[seat]
    ]
    return row, FULL_COUNTS - Counter(seen)


_OFFSET: Final = 3  # value v counts at index v + 3 (values -3..14; index 3, value 0, stays empty)
_FULL: Final[tuple[int, ...]] = tuple(FULL_COUNTS.get(v - _OFFSET, 0) for v in range(18))


def _public_seen(st: AlcatrazState) -> list[int]:
    """Copies of each value everyone can see (index v + 3): face-up row cards, overlays, discard piles,
    victory piles, cards waiting for a pile and a card taken from a pile."""
    seen = [0] * 18
    up = st.up
    for cards in st.rows:
        for c in cards:
            if up[c]:
                i = VALUE[c] + _OFFSET
                seen[i] = seen[i] + 1
    for covers in st.ovl.values():
        for _e, x in covers:
            i = VALUE[x] + _OFFSET
            seen[i] = seen[i] + 1
    for pile in st.piles:
        for c in pile:
            i = VALUE[c] + _OFFSET
            seen[i] = seen[i] + 1
    for won in st.victory:
        for c in won:
            i = VALUE[c] + _OFFSET
            seen[i] = seen[i] + 1
    for c in st.pending:
        i = VALUE[c] + _OFFSET
        seen[i] = seen[i] + 1
    if st.held >= 0 and st.held_up:
        i = VALUE[st.held] + _OFFSET
        seen[i] = seen[i] + 1
    return seen


def evaluate(state: State) -> list[float]:
    """Per-seat value in [-1, 1] against the best rival (points, not pile sizes: won cards may return to the deck).

    The same figures as :func:`seat_knowledge` and ``Judge.value`` give, computed from the public cards
    counted once plus what each seat saw, with judges cached across calls (a search asks about the same
    pools and rows many times)."""
    st = cast(AlcatrazState, state)
    n = st.players
    public = _public_seen(st)
    up, known, ovl = st.up, st.known, st.ovl
    objectives = tuple(st.objectives)
    worth: list[float] = []
    for seat in range(n):
        bit = 1 << seat
        seen = public.copy()
        for cards in st.rows:
            for c in cards:
                if not up[c] and known[c] & bit:
                    i = VALUE[c] + _OFFSET
                    seen[i] = seen[i] + 1
        if st.held >= 0 and not st.held_up and st.current == seat:
            i = VALUE[st.held] + _OFFSET
            seen[i] = seen[i] + 1
        unseen = tuple([max(_FULL[v + _OFFSET] - seen[v + _OFFSET], 0) for v in CARD_VALUES])
        row: list[tuple[int | None, tuple[str, ...]]] = []
        for c in st.rows[seat]:
            covers = ovl.get(c)
            effects = tuple([e for e, _x in covers]) if covers else ()
            row.append((VALUE[c] if up[c] or known[c] & bit else None, effects))
        potential = Judge.cached(unseen, objectives).value(tuple(row))
        worth.append(st.points[seat] + CIRCLE_WEIGHT * st.circles[seat] + POTENTIAL_WEIGHT * potential)
    values: list[float] = []
    for s in range(n):  # against the best rival: a plain loop (``max`` of a generator is a generic call)
        rival = worth[1] if s == 0 else worth[0]
        for t in range(n):
            if t != s and worth[t] > rival:
                rival = worth[t]
        values.append(math.tanh((worth[s] - rival) / 4.0))
    return values
