"""Sample a full position from one seat's information: the bots' only road to a State.

Every value the seat may know is kept where it is; every hidden place (face-down
cards the seat has not seen, the deck, buried discards when the view does not
list them, a card another seat drew, the objective deck) gets a value drawn
uniformly from the cards the seat cannot account for. Who has looked at which
card is public, so the sample keeps those marks: an opponent "knows" whatever
value was sampled.

The drawing itself is sampler.py's :class:`Sampler`, which reads the seat's
information once, straight from a position (``State.infoset``, ``State.sampler``)
or from the view; this module is the view's road: it rebuilds the position the
view describes (checked by the same code that reads position texts), its hidden
places filled in ascending value, and lists those places for the sampler.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from ...core.errors import InvalidPosition
from .assemble import desc_to_state
from .cards import FULL_COUNTS, OBJECTIVES
from .sampler import Sampler
from .state import AlcatrazState
from .view import AlcatrazView

if TYPE_CHECKING:
    from .game import AlcatrazGame

__all__ = ["HIDDEN", "Sampler", "determinize", "view_to_source"]

HIDDEN: int | None = None  # a place whose value the view does not show


def determinize(game: AlcatrazGame, view: AlcatrazView, rng: random.Random) -> AlcatrazState:
    """A full state consistent with ``view`` alone (see module doc)."""
    return Sampler.from_view(game, view).sample(rng)


def view_to_source(
    game: AlcatrazGame, view: AlcatrazView
) -> tuple[AlcatrazState, list[tuple[int, int, int]], list[tuple[int, int]], bool]:
    """The view's position, hidden places filled in ascending value, and its hidden places (``Sampler``)."""
    try:
        desc, row_holes, pile_holes, held_hole = _view_to_desc(view)
    except (KeyError, TypeError, IndexError, ValueError) as exc:
        raise InvalidPosition(
            f"cannot rebuild a position from this view: {exc!r}",
            f"não é possível reconstruir a posição a partir desta visão: {exc!r}",
        ) from None
    return desc_to_state(game, desc), row_holes, pile_holes, held_hole  # every fact checked, as for a text


def _view_to_desc(view: AlcatrazView) -> tuple[dict[str, Any], list[tuple[int, int, int]], list[tuple[int, int]], bool]:
    """A description of the view's position with every hidden place filled by the unseen values in
    ascending order, and the hidden places (see :class:`Sampler`)."""
    n = view["players"]
    left = dict(FULL_COUNTS)  # value -> copies not yet accounted for by the view
    holes = 0

    def saw(value: int) -> None:
        left[value] -= 1

    rows: list[list[list[Any]]] = []
    row_holes: list[tuple[int, int, int]] = []
    for s, shown in enumerate(view["rows"]):
        out = []
        for i, card in enumerate(shown):
            covers = [(e, v) for e, v in card["ovl"]]
            for _, v in covers:
                saw(v)
            value = card["v"]
            mask = 0
            if not card["up"]:
                for seen in card["seen"]:
                    mask |= 1 << seen
            if value is None:
                holes += 1
                row_holes.append((s, i, mask))
            else:
                saw(value)
            out.append([value, bool(card["up"]), mask, covers])
        rows.append(out)
    piles: list[list[int | None]] = []
    pile_holes: list[tuple[int, int]] = []
    for p, pile in enumerate(view["piles"]):
        if pile["cards"] is not None:
            cards: list[int | None] = list(pile["cards"])
        else:
            cards = [HIDDEN] * (pile["count"] - 1) + ([pile["top"]] if pile["count"] else [])
        for k, c in enumerate(cards):
            if c is None:
                holes += 1
                pile_holes.append((p, k))
            else:
                saw(c)
        piles.append(cards)
    victory = [list(v) for v in view["victory"]]
    for won in victory:
        for c in won:
            saw(c)
    pending = list(view["pending"])
    for c in pending:
        saw(c)
    held = view["held"]
    held_value = None if held is None else held["v"]
    held_hole = held is not None and held_value is None
    if held is not None:
        if held_value is None:
            holes += 1
        else:
            saw(held_value)
    deck_size = view["deck"]
    holes += deck_size
    if any(c < 0 for c in left.values()) or sum(left.values()) != holes:
        raise InvalidPosition(
            "the view's cards do not fit the 68-card set", "as cartas da visão não cabem no conjunto de 68 cartas"
        )
    fill = iter(sorted(v for v, c in left.items() for _ in range(c)))
    for built in rows:
        for slot in built:
            if slot[0] is None:
                slot[0] = next(fill)
    piles_full = [[next(fill) if c is None else c for c in pile] for pile in piles]
    if held_hole:
        held_value = next(fill)
    deck = list(fill)
    on_table, done = list(view["objectives"]), list(view["objectives_done"])
    obj_deck = sorted(set(OBJECTIVES) - set(on_table) - set(done))
    desc = {
        "players": n,
        "variant": dict(view["variant"]),
        "seed": 0,
        "shuffles": view["shuffles"][0],
        "obj_shuffles": view["shuffles"][1],
        "ply": view["turn"],
        "round": view["round"],
        "first": view["first"],
        "current": view["current"],
        "phase": view["phase"],
        "turns": view["turns"],
        "ending": view["ending"],
        "emptied": list(view["emptied"]),
        "last_emptier": view["last_emptier"],
        "peek_queue": list(view["peek_queue"]),
        "circles": list(view["circles"]),
        "round_start": list(view["round_start"]),
        "points": list(view["scores"]),
        "round_scores": [list(r) for r in view["round_scores"]],
        "capped": list(view["capped_rounds"]),
        "active": list(view["active"]),
        "rows": [[tuple(c) for c in row] for row in rows],
        "deck": deck,
        "piles": piles_full,
        "victory": victory,
        "held": None if held is None else (held_value, held["from"] == "pile"),
        "claim": view["claim"] or 0,
        "pending": pending,
        "pile_next": view["pile_next"],
        "objectives": on_table,
        "obj_deck": obj_deck,
        "obj_done": done,
        "flash": [[] for _ in range(n)],
        "log": list(view["log"]),
    }
    return desc, row_holes, pile_holes, held_hole
