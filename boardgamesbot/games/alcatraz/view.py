"""What one seat may see: the only picture of a game that leaves the engine.

Values appear only where the viewer may know them: face-up cards, discard
tops, victory piles and overlays for everyone; a face-down card only for a
seat that has looked at it, and then only with perfect memory (bots), the
``memory_aid`` option, or in the moment of looking (``flash``). Which seats
have looked at a face-down card is public (everyone watches it happen).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypedDict

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


def _public_part(state: AlcatrazState) -> dict[str, Any]:
    """The keys of a view that are the same for every viewer, cached per state version (``ply``)."""
    cached = state._public
    if cached is not None and state._public_ply == state.ply:
        return cached
    n = state.players
    up, known, ovl = state.up, state.known, state.ovl
    cards: list[list[tuple[int, int, list[int], list[list[Any]]]]] = []
    for row in state.rows:
        out = []
        for c in row:
            mask = 0 if up[c] else known[c]
            covers = ovl.get(c)
            out.append(
                (
                    c,
                    up[c],
                    [s for s in range(n) if mask >> s & 1],
                    [[e, VALUE[x]] for e, x in covers] if covers else [],
                )
            )
        cards.append(out)
    part: dict[str, Any] = {
        "cards": cards,
        "pile_tops": [VALUE[p[-1]] if p else None for p in state.piles],
        "pile_values": [[VALUE[c] for c in p] for p in state.piles],
        "phase": PHASES[state.phase],
        "pending": [VALUE[c] for c in state.pending],
        "victory": [[VALUE[c] for c in won] for won in state.victory],
        "abilities": {str(v): a for v, a in sorted(state.abilities.items())},
    }
    state._public = part
    state._public_ply = state.ply
    return part


def build_view(state: AlcatrazState, seat: int | None, perfect_memory: bool, moment: bool = True) -> AlcatrazView:
    base = base_view(state, seat, state.log())
    part = _public_part(state)
    remember = perfect_memory or state.memory_aid
    bit = 0 if seat is None else 1 << seat
    flash = state.flash[seat] if seat is not None and moment else []
    known = state.known
    rows: list[list[CardView]] = []
    for row in part["cards"]:
        views: list[CardView] = []
        for c, up, seen, covers in row:
            visible = up or (known[c] & bit and (remember or c in flash))
            views.append(
                {
                    "v": VALUE[c] if visible else None,
                    "up": bool(up),
                    "seen": list(seen),
                    "ovl": [list(x) for x in covers],
                }
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
    tops = part["pile_tops"]
    values = part["pile_values"]
    piles: list[PileView] = [
        {"top": tops[p], "count": len(values[p]), "cards": list(values[p]) if remember else None}
        for p in range(len(tops))
    ]
    return {
        **base,
        "phase": part["phase"],
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
        "pending": list(part["pending"]),
        "pile_next": "after_draw" if state.pile_next == THEN_AFTER else "end",
        "objectives": list(state.objectives),
        "objective_deck": len(state.obj_deck),
        "objectives_done": list(state.obj_done),
        "deck": len(state.deck),
        "shuffles": [state.shuffles, state.obj_shuffles],
        "piles": piles,
        "victory": [list(won) for won in part["victory"]],
        "round_start": list(state.round_start),
        "round_scores": [list(r) for r in state.round_scores],
        "scores": list(state.points),
        "circles": list(state.circles),
        "capped_rounds": list(state.capped),
        "abilities": dict(part["abilities"]),
    }
