"""Hand-made Alcatraz positions: write only the cards that matter, the rest of the deck is filled in.

The guided first game (learn.py) and the tests of explanations build their
scripted deals with :func:`position`; the text it returns is an ordinary
position (docs/rules/alcatraz.md, "Position format"), checked by the same
parser as any other.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from .cards import FULL_COUNTS, OBJECTIVES


def _value(card: str) -> int:
    """The value of a card written as in positions (``5``, ``7^``, ``-2@0``)."""
    head = card
    for mark in ("^", "@", "{"):
        head = head.split(mark)[0]
    return int(head)


def position(
    *,
    rows: Sequence[Sequence[str]],
    piles: Sequence[Sequence[int]],
    objectives: Sequence[int],
    draws: Sequence[int] = (),
    phase: str = "start",
    current: int = 0,
    first: int = 0,
    queue: Sequence[int] = (),
    held: str = "-",
    claim: int | None = None,
    pending: Sequence[int] = (),
    then: str = "end",
    points: Sequence[int] | None = None,
    turns: int = 0,
    memory_aid: bool = False,
    turn_cap: int = 40,
    seed: int = 1,
    ply: int = 0,
) -> str:
    """A position text. ``rows`` per seat in position notation (``"5@0"``: face down, seen by seat 0;
    ``"7^"``: face up); ``piles`` bottom card first; ``draws`` the next cards of the deck, the first
    drawn first. Every other cat card goes below them in the deck, and the objectives not shown
    form the objective deck, in a fixed order."""
    players = len(rows)
    used: Counter[int] = Counter()
    for row in rows:
        used.update(_value(c) for c in row)
    for pile in piles:
        used.update(pile)
    used.update(draws)
    if held != "-":
        used[_value(held)] += 1
    used.update(pending)
    rest = FULL_COUNTS - used
    if any(used[v] > FULL_COUNTS[v] for v in used):
        raise ValueError(f"more than four cards of a value among {sorted(used.elements())}")
    deck = sorted(rest.elements()) + list(reversed(draws))
    obj_deck = [o for o in OBJECTIVES if o not in objectives]
    zeros = ",".join("0" for _ in range(players))
    fields = [
        f"alcatraz players={players} ability_table=default memory_aid={'yes' if memory_aid else 'no'}",
        f"tiebreak_round=yes turn_cap={turn_cap} wild=no",
        f"seed={seed} shuffles=0,0 ply={ply} round=1 first={first} current={current} phase={phase}",
        f"turns={turns} ending=no emptied=- last=- queue={','.join(str(q) for q in queue) or '-'}",
        f"points={','.join(str(p) for p in points) if points else zeros} circles={zeros} start={zeros}",
        "scores=- capped=-",
        f"claim={claim if claim else '-'} held={held} pending={','.join(map(str, pending)) or '-'} then={then}",
        f"flash={','.join('-' for _ in range(players))}",
        f"objectives={','.join(map(str, objectives))} objdeck={','.join(map(str, obj_deck)) or '-'} objdone=-",
        "piles=" + "/".join(",".join(map(str, p)) or "-" for p in piles),
        "deck=" + (",".join(map(str, deck)) or "-"),
        *(f"row{s}={','.join(row) or '-'} won{s}=-" for s, row in enumerate(rows)),
    ]
    return " ".join(fields)
