"""What one seat may see: the only picture of a game that leaves the engine.

Values appear only where the viewer may know them: face-up cards, discard
tops, victory piles and overlays for everyone; a face-down card only for a
seat that has looked at it, and then only with perfect memory (bots), the
``memory_aid`` option, or in the moment of looking (``flash``). Which seats
have looked at a face-down card is public (everyone watches it happen).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final, TypedDict

from ...core.view import ViewBase, base_view
from .cards import VALUE
from .phases import PHASES, THEN_AFTER

if TYPE_CHECKING:
    from .state import AlcatrazState


class CardView(TypedDict):
    v: int | None  # the value, when the viewer may know it
    up: bool
    seen: list[int]  # seats that have looked at this face-down card
    ovl: list[list[Any]]  # [effect, value] of each overlay, in the order laid


class PileView(TypedDict):
    top: int | None
    count: int
    cards: list[int] | None  # every card, only with perfect memory or the memory aid


class AlcatrazView(ViewBase):
    """What a seat sees (docs/rules/alcatraz.md, "Views")."""

    phase: str
    round: int
    first: int
    current: int
    turns: int
    turn_cap: int
    row_size: int
    ending: bool
    emptied: list[int]
    last_emptier: int
    peek_queue: list[int]
    active: list[int]
    rows: list[list[CardView]]
    held: dict[str, Any] | None
    claim: int | None
    pending: list[int]
    pile_next: str
    objectives: list[int]
    objective_deck: int
    objectives_done: list[int]
    deck: int
    shuffles: list[int]
    piles: list[PileView]
    victory: list[list[int]]
    round_start: list[int]
    round_scores: list[list[int]]
    scores: list[int]
    circles: list[int]
    capped_rounds: list[int]
    abilities: dict[str, str]


#: The seats whose bits are set in a "seen by" mask (5 seats at most), read by every view.
_SEATS: Final = tuple(tuple(s for s in range(5) if mask >> s & 1) for mask in range(32))
_NOTHING: Final[list[int]] = []  # no card flashed (never changed)


def build_view(state: AlcatrazState, seat: int | None, perfect_memory: bool, moment: bool = True) -> AlcatrazView:
    """Built straight from the position in one pass: every list and dict in it is new (a caller may change
    its view), and nothing is cached, so no cache can go stale."""
    base = base_view(state, seat, state.log())
    remember = perfect_memory or state.memory_aid
    bit = 0 if seat is None else 1 << seat
    flash = state.flash[seat] if seat is not None and moment else _NOTHING
    up, known, ovl = state.up, state.known, state.ovl
    rows: list[list[CardView]] = []
    for row in state.rows:
        views: list[CardView] = []
        for c in row:
            covers = ovl.get(c) if ovl else None
            drawn: list[list[Any]] = [[e, VALUE[x]] for e, x in covers] if covers else []
            if up[c]:
                views.append({"v": VALUE[c], "up": True, "seen": [], "ovl": drawn})
            else:
                mask = known[c]
                visible = mask & bit and (remember or c in flash)
                views.append(
                    {"v": VALUE[c] if visible else None, "up": False, "seen": list(_SEATS[mask]), "ovl": drawn}
                )
        rows.append(views)
    held = None
    if state.held >= 0:
        shows = state.held_up or (seat == state.current and (moment or remember))
        v = VALUE[state.held] if shows else None
        held = {
            "v": v,
            "from": "pile" if state.held_up else "deck",
            "ability": state.abilities.get(v) if v is not None and not state.held_up else None,
        }
    piles: list[PileView] = [
        {"top": VALUE[p[-1]] if p else None, "count": len(p), "cards": [VALUE[c] for c in p] if remember else None}
        for p in state.piles
    ]
    return {
        **base,
        "phase": PHASES[state.phase],
        "round": state.round,
        "first": state.first,
        "current": state.current,
        "turns": state.turns,
        "turn_cap": state.cap,
        "row_size": state.row_size,
        "ending": state.ending,
        "emptied": list(state.emptied),
        "last_emptier": state.last_emptier,
        "peek_queue": list(state.peek_queue),
        "active": list(state.active),
        "rows": rows,
        "held": held,
        "claim": state.claim or None,
        "pending": [VALUE[c] for c in state.pending],
        "pile_next": "after_draw" if state.pile_next == THEN_AFTER else "end",
        "objectives": list(state.objectives),
        "objective_deck": len(state.obj_deck),
        "objectives_done": list(state.obj_done),
        "deck": len(state.deck),
        "shuffles": [state.shuffles, state.obj_shuffles],
        "piles": piles,
        "victory": [[VALUE[c] for c in won] for won in state.victory],
        "round_start": list(state.round_start),
        "round_scores": [list(r) for r in state.round_scores],
        "scores": list(state.points),
        "circles": list(state.circles),
        "capped_rounds": list(state.capped),
        "abilities": dict(state.ability_names),
    }
