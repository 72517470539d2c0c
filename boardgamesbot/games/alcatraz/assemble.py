"""Description -> state: the one place a full Alcatraz state is assembled from plain facts.

Both ``from_position`` (text -> description) and determinization (view ->
description) end here, so every possible position is checked by the same
code: card counts, row sizes, seen-by marks, the phase's consistency.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.errors import InvalidSetup, InvalidVariant
from ...core.game import first_seat
from .cards import NUM_CARDS, OBJECTIVES, OBJECTIVES_SHOWN, OVERLAY_EFFECTS, PILES, VALUE
from .phases import PH_OVER, PH_PEEK, PHASES
from .position import bad as _bad
from .position import text_to_desc
from .state import AlcatrazState

if TYPE_CHECKING:
    from .game import AlcatrazGame


def desc_to_state(game: AlcatrazGame, d: dict[str, Any]) -> AlcatrazState:
    """Build a state from a description, checking that it is a possible position."""
    n = d["players"]
    try:
        game.check_players(n)
        variant = game.resolve_variant(d["variant"])
    except (InvalidVariant, InvalidSetup) as exc:
        raise _bad(str(exc)) from None
    if variant["turn_cap"] < 1:
        raise _bad("turn_cap must be at least 1")
    try:
        first_seat(variant, n, 0)  # a named first player must be a seat of this table
    except InvalidVariant as exc:
        raise _bad(str(exc)) from None
    st = AlcatrazState(game, n, int(d["seed"]), variant)
    pools: dict[int, list[int]] = {}
    for c in range(NUM_CARDS - 1, -1, -1):
        pools.setdefault(VALUE[c], []).append(c)

    def take(v: int, where: str) -> int:
        pool = pools.get(v)
        if pool is None:
            raise _bad(f"{v} is not a card value ({where})", f"{v} não é valor de carta ({where})")
        if not pool:
            raise _bad(
                f"more than four cards of value {v} (AZ-COMPONENTS)",
                f"mais de quatro cartas de valor {v} (AZ-COMPONENTS)",
            )
        return pool.pop()

    for key in ("rows", "victory"):
        if len(d[key]) != n:
            raise _bad(f"{key} lists {len(d[key])} players, not {n}")
    if len(d["piles"]) != PILES:
        raise _bad(f"there must be {PILES} discard piles")
    for s, row in enumerate(d["rows"]):
        if len(row) > st.row_size:
            raise _bad(f"row {s} has {len(row)} cards, more than {st.row_size}")
        for value, up, mask, covers in row:
            c = take(value, f"row {s}")
            st.rows[s].append(c)
            st.up[c] = 1 if up else 0
            if mask < 0 or mask >= 1 << n:
                raise _bad(f"row {s}: seen-by mask names a seat that does not exist")
            st.known[c] = 0 if up else mask
            if covers:
                lst = []
                for effect, ov in covers:
                    if effect not in OVERLAY_EFFECTS:
                        raise _bad(f"unknown overlay effect {effect!r}")
                    x = take(ov, f"overlay in row {s}")
                    st.up[x] = 1
                    lst.append((effect, x))
                st.ovl[c] = lst
    st.deck = [take(v, "deck") for v in d["deck"]]
    st.piles = [[take(v, f"pile {p + 1}") for v in pile] for p, pile in enumerate(d["piles"])]
    st.victory = [[take(v, f"victory pile {s}") for v in won] for s, won in enumerate(d["victory"])]
    st.pending = [take(v, "pending") for v in d["pending"]]
    for c in (*[c for p in st.piles for c in p], *[c for v in st.victory for c in v], *st.pending):
        st.up[c] = 1
    if d["held"] is not None:
        value, held_up = d["held"]
        st.held, st.held_up = take(value, "hand"), bool(held_up)
        st.up[st.held] = 1 if held_up else 0
        if not held_up:
            st.known[st.held] = 1 << d["current"] if 0 <= d["current"] < n else 0
    left = sum(len(p) for p in pools.values())
    if left:
        missing = {v: len(p) for v, p in pools.items() if p}
        raise _bad(
            f"cards missing (all 68 must be placed, AZ-COMPONENTS): {dict(sorted(missing.items()))}",
            f"faltam cartas (as 68 devem estar em jogo, AZ-COMPONENTS): {dict(sorted(missing.items()))}",
        )
    objs = [*d["objectives"], *d["obj_deck"], *d["obj_done"]]
    if sorted(objs) != list(OBJECTIVES) or len(d["objectives"]) > OBJECTIVES_SHOWN:
        raise _bad(
            "objectives must be the 11 cards 4-14, each once, at most 3 face up (AZ-COMPONENTS)",
            "os objetivos devem ser as 11 cartas de 4 a 14, cada uma uma vez, no máximo 3 abertas",
        )
    st.objectives, st.obj_deck, st.obj_done = list(d["objectives"]), list(d["obj_deck"]), list(d["obj_done"])
    phase = d["phase"]
    if phase not in PHASES:
        raise _bad(f"unknown phase {phase!r} (known: {', '.join(PHASES)})")
    st.phase = PHASES.index(phase)
    for key in ("first", "current"):
        if not 0 <= d[key] < n:
            raise _bad(f"{key} must be a seat 0-{n - 1}")
    if not 1 <= d["round"] <= 3:
        raise _bad("round must be 1, 2 or 3")
    seats = range(n)
    for key in ("emptied", "peek_queue"):
        if any(s not in seats for s in d[key]):
            raise _bad(f"{key} names a seat that does not exist")
    if d["last_emptier"] not in (-1, *seats):
        raise _bad("last emptier must be a seat or -")
    if (
        len(d["circles"]) != n
        or len(d["round_start"]) != n
        or len(d["points"]) != n
        or any(len(r) != n for r in d["round_scores"])
    ):
        raise _bad(f"points, circles, round start points and round scores need one number per player ({n})")
    finished = [sum(r[s] for r in d["round_scores"]) for s in seats]
    if (
        min(d["points"]) < 0
        or any(p < f for p, f in zip(d["points"], finished, strict=True))
        or (phase == "over" and d["points"] != finished)
        or (phase != "over" and d["round_start"] != finished)
    ):
        raise _bad(
            "points must equal the finished rounds' scores plus this round's (AZ-ROUND-SCORE)",
            "os pontos devem ser a soma das rodadas terminadas mais a atual (AZ-ROUND-SCORE)",
        )
    if len(d["round_scores"]) != d["round"] - (0 if phase == "over" else 1):
        raise _bad("round scores must list every finished round")
    if (st.held >= 0) != (phase == "hold") or (bool(st.pending) != (phase == "pile")):
        raise _bad("a card in hand goes with phase hold, pending cards with phase pile")
    if (phase == "claim") != bool(d["claim"]) or (d["claim"] and d["claim"] not in st.objectives):
        raise _bad("a declared objective (claim) goes with phase claim and must be face up")
    if (phase == "peek") != bool(d["peek_queue"]) or (d["peek_queue"] and d["peek_queue"][0] != d["current"]):
        raise _bad("the peek queue goes with phase peek and starts with the current player")
    st.shuffles, st.obj_shuffles = int(d["shuffles"]), int(d["obj_shuffles"])
    st.ply_base = int(d["ply"])
    st.start_log(list(d.get("log", ())))
    st.round, st.first, st.current, st.turns = d["round"], d["first"], d["current"], int(d["turns"])
    st.ending, st.emptied, st.last_emptier = bool(d["ending"]), list(d["emptied"]), d["last_emptier"]
    st.peek_queue, st.circles = list(d["peek_queue"]), list(d["circles"])
    st.round_start, st.round_scores = list(d["round_start"]), [list(r) for r in d["round_scores"]]
    st.points = list(d["points"])
    st.capped, st.claim = list(d["capped"]), int(d["claim"])
    active = list(d.get("active", seats))
    if active != sorted(set(active)) or any(s not in seats for s in active):
        raise _bad("active lists seats of this table, each once, in order")
    if active != list(seats) and not (d["round"] == 3 and variant["third_round"] == "tied_only" and len(active) >= 2):
        raise _bad(
            "only a third round played by the tied players (option third_round=tied_only) leaves seats out",
            "só uma terceira rodada jogada pelos empatados (opção third_round=tied_only) deixa assentos de fora",
        )
    if d["current"] not in active or d["first"] not in active or any(s not in active for s in d["peek_queue"]):
        raise _bad("the first player, the player to move and the peek queue must be seats playing this round")
    st.active = active
    st.pile_next = 0 if d["pile_next"] == "after_draw" else 1
    if len(d["flash"]) != n:
        raise _bad(f"flash needs one entry per player ({n})")
    for s, slots in enumerate(d["flash"]):
        for slot in slots:
            if not 0 <= slot < len(st.rows[s]) or not st.known[st.rows[s][slot]] >> s & 1:
                raise _bad(f"flash of seat {s} must name face-down cards of its row that it has seen")
        st.flash[s] = [st.rows[s][slot] for slot in slots]
    if st.phase == PH_OVER:
        result = st.compute_outcome()
        if result is None:
            raise _bad("phase over, but the scores call for a third round")
        st._outcome = result
    if st.phase == PH_PEEK and all(st.up[c] for c in st.rows[st.current]):
        raise _bad("the player to peek has no face-down card")
    return st


def text_to_state(game: AlcatrazGame, text: str) -> AlcatrazState:
    d = text_to_desc(game, text)
    st = desc_to_state(game, d)
    st.start_desc = d
    return st
