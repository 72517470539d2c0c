"""Sample a full position from one seat's view: the bots' only road to a State.

Every value the view shows is kept where it is; every hidden place (face-down
cards the viewer has not seen, the deck, buried discards when the view does
not list them, the objective deck) gets a value drawn uniformly from the cards
the view does not account for. Who has looked at which card is public, so the
sample keeps those marks: an opponent "knows" whatever value was sampled.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from ...core.errors import InvalidPosition
from .assemble import desc_to_state
from .cards import FULL_COUNTS, OBJECTIVES
from .view import AlcatrazView

if TYPE_CHECKING:
    from .game import AlcatrazGame
    from .state import AlcatrazState

HIDDEN: int | None = None  # a place whose value the view does not show


def view_to_desc(view: AlcatrazView, rng: random.Random) -> dict[str, Any]:
    try:
        return _view_to_desc(view, rng)
    except (KeyError, TypeError, IndexError, ValueError) as exc:
        raise InvalidPosition(
            f"cannot rebuild a position from this view: {exc!r}",
            f"não é possível reconstruir a posição a partir desta visão: {exc!r}",
        ) from None


def _view_to_desc(view: AlcatrazView, rng: random.Random) -> dict[str, Any]:
    n = view["players"]
    left = dict(FULL_COUNTS)  # value -> copies not yet accounted for by the view
    holes = 0  # hidden places to fill, in a fixed order below

    def saw(value: int) -> None:
        left[value] -= 1

    rows: list[list[list[Any]]] = []
    for shown in view["rows"]:
        out = []
        for card in shown:
            covers = [(e, v) for e, v in card["ovl"]]
            for _, v in covers:
                saw(v)
            value = card["v"]
            if value is None:
                holes += 1
            else:
                saw(value)
            mask = 0
            if not card["up"]:
                for s in card["seen"]:
                    mask |= 1 << s
            out.append([value, bool(card["up"]), mask, covers])
        rows.append(out)
    piles: list[list[int | None]] = []
    for pile in view["piles"]:
        if pile["cards"] is not None:
            cards: list[int | None] = list(pile["cards"])
        else:
            cards = [HIDDEN] * (pile["count"] - 1) + ([pile["top"]] if pile["count"] else [])
        for c in cards:
            if c is None:
                holes += 1
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
    pool = [v for v, c in left.items() for _ in range(c)]
    rng.shuffle(pool)
    fill = iter(pool)
    for built in rows:
        for slot in built:
            if slot[0] is None:
                slot[0] = next(fill)
    piles_full = [[next(fill) if c is None else c for c in pile] for pile in piles]
    if held is not None and held_value is None:
        held_value = next(fill)
    deck = list(fill)
    on_table, done = list(view["objectives"]), list(view["objectives_done"])
    obj_deck = sorted(set(OBJECTIVES) - set(on_table) - set(done))
    rng.shuffle(obj_deck)
    return {
        "players": n,
        "variant": dict(view["variant"]),
        "seed": rng.getrandbits(63),
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


def determinize(game: AlcatrazGame, view: AlcatrazView, rng: random.Random) -> AlcatrazState:
    """A full state consistent with ``view`` alone (see module doc)."""
    return desc_to_state(game, view_to_desc(view, rng))
