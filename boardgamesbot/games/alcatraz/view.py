"""What one seat may see: the only picture of a game that leaves the engine.

Values appear only where the viewer may know them: face-up cards, discard
tops, victory piles and overlays for everyone; a face-down card only for a
seat that has looked at it, and then only with perfect memory (bots), the
``memory_aid`` option, or in the moment of looking (``flash``). Which seats
have looked at a face-down card is public (everyone watches it happen).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .actions import CODE_OF
from .cards import VALUE
from .phases import PH_OVER, PHASES

if TYPE_CHECKING:
    from .state import AlcatrazState


def build_view(state: AlcatrazState, seat: int | None, perfect_memory: bool, moment: bool = True) -> dict[str, Any]:
    n = state.players
    if seat is not None and (not isinstance(seat, int) or not 0 <= seat < n):
        from ...core.errors import InvalidSetup

        raise InvalidSetup(
            f"seat must be 0-{n - 1} or None, not {seat!r}", f"o assento deve ser de 0 a {n - 1} ou None, não {seat!r}"
        )
    remember = perfect_memory or bool(state.variant["memory_aid"])
    bit = 0 if seat is None else 1 << seat
    flash = () if seat is None or not moment else state.flash[seat]  # moment=False: nothing shown only now
    up, known, ovl = state.up, state.known, state.ovl
    rows = []
    for row in state.rows:
        cards = []
        for c in row:
            mask = 0 if up[c] else known[c]
            visible = up[c] or (mask & bit and (remember or c in flash))
            cards.append(
                {
                    "v": VALUE[c] if visible else None,
                    "up": bool(up[c]),
                    "seen": [s for s in range(n) if mask >> s & 1],
                    "ovl": [[e, VALUE[x]] for e, x in ovl.get(c, ())],
                }
            )
        rows.append(cards)
    held = None
    if state.held >= 0:
        shows = state.held_up or (seat == state.current and (moment or remember))
        v = VALUE[state.held] if shows else None
        held = {
            "v": v,
            "from": "pile" if state.held_up else "deck",
            "ability": state.abilities.get(v) if v is not None and not state.held_up else None,
        }
    over = state.phase == PH_OVER
    to_move = state.to_move()
    outcome = state.outcome()
    piles = [
        {"top": VALUE[p[-1]] if p else None, "count": len(p), "cards": [VALUE[c] for c in p] if remember else None}
        for p in state.piles
    ]
    return {
        "game": "alcatraz",
        "players": n,
        "variant": dict(state.variant),
        "seat": seat,
        "to_move": to_move,
        "over": over,
        "outcome": outcome.to_dict() if outcome is not None else None,
        "turn": state.ply_base + len(state.history),
        "legal": [a.code for a in state.legal_actions()] if seat is not None and seat == to_move else [],
        "log": [*state.log_base, *(CODE_OF[a] for a in state.history)],
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
        "rows": rows,
        "held": held,
        "claim": state.claim or None,
        "pending": [VALUE[c] for c in state.pending],
        "pile_next": "after_draw" if state.pile_next == 0 else "end",
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
        "abilities": {str(v): a for v, a in sorted(state.abilities.items())},
    }
