"""The full-state position text (like chess FEN) and the plain description behind it.

A *description* is a dict holding every fact of a position as card values
(never internal card ids). Three roads meet here: ``State -> description ->
text`` for ``to_position``, ``text -> description -> State`` for
``from_position``, and ``view -> description -> State`` for determinization.
The text format is documented in docs/rules/alcatraz.md ("Position format").
"""

from __future__ import annotations

import re
from collections import Counter
from typing import TYPE_CHECKING, Any

from ...core.errors import InvalidPosition, InvalidSetup, InvalidVariant
from .cards import FULL_COUNTS, NUM_CARDS, OBJECTIVES, OBJECTIVES_SHOWN, OVERLAY_EFFECTS, PILES, VALUE
from .phases import PH_OVER, PH_PEEK, PHASES

if TYPE_CHECKING:
    from .game import AlcatrazGame
    from .state import AlcatrazState

Card = tuple[int, bool, int, list[tuple[str, int]]]  # value, face up, seen-by mask, overlays (effect, value)


def state_to_desc(st: AlcatrazState) -> dict[str, Any]:
    def card(c: int) -> Card:
        return (
            VALUE[c],
            bool(st.up[c]),
            st.known[c] if not st.up[c] else 0,
            [(e, VALUE[x]) for e, x in st.ovl.get(c, ())],
        )

    flash = [[st.rows[s].index(c) for c in cards if c in st.rows[s]] for s, cards in enumerate(st.flash)]
    return {
        "players": st.players,
        "variant": dict(st.variant),
        "seed": st.seed,
        "shuffles": st.shuffles,
        "obj_shuffles": st.obj_shuffles,
        "ply": st.ply_base + len(st.history),
        "round": st.round,
        "first": st.first,
        "current": st.current,
        "phase": PHASES[st.phase],
        "turns": st.turns,
        "ending": st.ending,
        "emptied": list(st.emptied),
        "last_emptier": st.last_emptier,
        "peek_queue": list(st.peek_queue),
        "circles": list(st.circles),
        "round_start": list(st.round_start),
        "points": list(st.points),
        "round_scores": [list(r) for r in st.round_scores],
        "capped": list(st.capped),
        "rows": [[card(c) for c in row] for row in st.rows],
        "deck": [VALUE[c] for c in st.deck],
        "piles": [[VALUE[c] for c in p] for p in st.piles],
        "victory": [[VALUE[c] for c in v] for v in st.victory],
        "held": (VALUE[st.held], st.held_up) if st.held >= 0 else None,
        "claim": st.claim,
        "pending": [VALUE[c] for c in st.pending],
        "pile_next": "after_draw" if st.pile_next == 0 else "end",
        "objectives": list(st.objectives),
        "obj_deck": list(st.obj_deck),
        "obj_done": list(st.obj_done),
        "flash": flash,
    }


def _bad(en: str, pt: str | None = None) -> InvalidPosition:
    return InvalidPosition(f"bad Alcatraz position: {en}", f"posição de Alcatraz inválida: {pt or en}")


def desc_to_state(game: AlcatrazGame, d: dict[str, Any]) -> AlcatrazState:
    """Build a state from a description, checking that it is a possible position."""
    from .state import AlcatrazState

    n = d["players"]
    try:
        game.check_players(n)
        variant = game.resolve_variant(d["variant"])
    except (InvalidVariant, InvalidSetup) as exc:
        raise _bad(str(exc)) from None
    if variant["turn_cap"] < 1:
        raise _bad("turn_cap must be at least 1")
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
        missing = Counter({v: len(p) for v, p in pools.items() if p})
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
    st.log_base = tuple(d.get("log", ()))
    st.round, st.first, st.current, st.turns = d["round"], d["first"], d["current"], int(d["turns"])
    st.ending, st.emptied, st.last_emptier = bool(d["ending"]), list(d["emptied"]), d["last_emptier"]
    st.peek_queue, st.circles = list(d["peek_queue"]), list(d["circles"])
    st.round_start, st.round_scores = list(d["round_start"]), [list(r) for r in d["round_scores"]]
    st.points = list(d["points"])
    st.capped, st.claim = list(d["capped"]), int(d["claim"])
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


# ---- text ----------------------------------------------------------------------
def _yn(b: bool) -> str:
    return "yes" if b else "no"


def _ints(xs: list[int]) -> str:
    return ",".join(map(str, xs)) if xs else "-"


def _card(card: Card) -> str:
    value, up, mask, covers = card
    text = str(value)
    if up:
        text += "^"
    elif mask:
        text += "@" + "".join(str(s) for s in range(8) if mask >> s & 1)
    if covers:
        text += "{" + ";".join(f"{e}{v}" for e, v in covers) + "}"
    return text


def desc_to_text(d: dict[str, Any]) -> str:
    v = d["variant"]
    n = d["players"]
    opts = " ".join(f"{k}={_yn(x) if isinstance(x, bool) else x}" for k, x in sorted(v.items()))
    held = "-" if d["held"] is None else f"{d['held'][0]}{'^' if d['held'][1] else ''}"
    lines = [
        f"alcatraz players={n} {opts}",
        f"seed={d['seed']} shuffles={d['shuffles']},{d['obj_shuffles']} ply={d['ply']} round={d['round']} "
        f"first={d['first']} current={d['current']} phase={d['phase']} turns={d['turns']} ending={_yn(d['ending'])}",
        f"emptied={_ints(d['emptied'])} last={'-' if d['last_emptier'] < 0 else d['last_emptier']} "
        f"queue={_ints(d['peek_queue'])} points={_ints(d['points'])} circles={_ints(d['circles'])} "
        f"start={_ints(d['round_start'])} "
        f"scores={'/'.join(_ints(r) for r in d['round_scores']) or '-'} capped={_ints(d['capped'])}",
        f"claim={d['claim'] or '-'} held={held} pending={_ints(d['pending'])} then={d['pile_next']} "
        f"flash={','.join('+'.join(str(x + 1) for x in f) or '-' for f in d['flash'])}",
        f"objectives={_ints(d['objectives'])} objdeck={_ints(d['obj_deck'])} objdone={_ints(d['obj_done'])}",
        f"piles={'/'.join(_ints(p) for p in d['piles'])}",
        f"deck={_ints(d['deck'])}",
    ]
    for s in range(n):
        row = ",".join(_card(c) for c in d["rows"][s]) or "-"
        lines.append(f"row{s}={row} won{s}={_ints(d['victory'][s])}")
    return "\n".join(lines)


def state_to_text(st: AlcatrazState) -> str:
    return desc_to_text(state_to_desc(st))


_CARD_RE = re.compile(r"^(-?\d+)(\^|@(\d+))?(?:\{([^}]*)\})?$")
_INT_RE = re.compile(r"^-?\d+$")


def _int(text: str, key: str) -> int:
    if not _INT_RE.match(text):
        raise _bad(f"{key} must be a whole number, not {text!r}", f"{key} deve ser um número inteiro, não {text!r}")
    return int(text)


def _int_list(text: str, key: str) -> list[int]:
    return [] if text == "-" else [_int(x, key) for x in text.split(",")]


def _bool(text: str, key: str) -> bool:
    if text not in ("yes", "no"):
        raise _bad(f"{key} must be yes or no, not {text!r}", f"{key} deve ser yes ou no, não {text!r}")
    return text == "yes"


def _parse_card(text: str, where: str) -> Card:
    m = _CARD_RE.match(text)
    if not m:
        raise _bad(
            f"cannot read card {text!r} in {where} (expected like 7, 7^, 7@0 or 7{{p12}})",
            f"não entendi a carta {text!r} em {where} (esperado algo como 7, 7^, 7@0 ou 7{{p12}})",
        )
    value, mark, seen, covers = m.groups()
    mask = 0
    if seen:
        for ch in seen:
            mask |= 1 << int(ch)
    overlays: list[tuple[str, int]] = []
    for item in covers.split(";") if covers else []:
        if not item or item[0] not in OVERLAY_EFFECTS or not _INT_RE.match(item[1:]):
            raise _bad(f"cannot read overlay {item!r} in {where} (expected p, m or n followed by the card value)")
        overlays.append((item[0], int(item[1:])))
    return int(value), mark == "^", mask, overlays


def text_to_desc(game: AlcatrazGame, text: str) -> dict[str, Any]:
    if not isinstance(text, str):
        raise _bad("a position must be text")
    tokens = text.split()
    if not tokens or tokens[0] != "alcatraz":
        raise _bad("the text must start with the word alcatraz", "o texto deve começar com a palavra alcatraz")
    fields: dict[str, str] = {}
    for tok in tokens[1:]:
        key, sep, value = tok.partition("=")
        if not sep or not value:
            raise _bad(f"expected key=value, got {tok!r}", f"esperado chave=valor, veio {tok!r}")
        if key in fields:
            raise _bad(f"{key} is given twice", f"{key} aparece duas vezes")
        fields[key] = value
    n = _int(fields.get("players", "x"), "players")
    if not game.min_players <= n <= game.max_players:
        raise _bad(f"players must be {game.min_players}-{game.max_players}, not {n}")
    known = {
        "players",
        "seed",
        "shuffles",
        "ply",
        "round",
        "first",
        "current",
        "phase",
        "turns",
        "ending",
        "points",
        "emptied",
        "last",
        "queue",
        "circles",
        "start",
        "scores",
        "capped",
        "claim",
        "held",
        "pending",
        "then",
        "flash",
        "objectives",
        "objdeck",
        "objdone",
        "piles",
        "deck",
        *game.variant_options,
        *(f"row{s}" for s in range(n)),
        *(f"won{s}" for s in range(n)),
    }
    unknown = sorted(set(fields) - known)
    if unknown:
        raise _bad(f"unknown field(s): {', '.join(unknown)}", f"campo(s) desconhecido(s): {', '.join(unknown)}")
    missing = sorted(known - set(fields))
    if missing:
        raise _bad(f"missing field(s): {', '.join(missing)}", f"falta(m) campo(s): {', '.join(missing)}")
    variant: dict[str, Any] = {}
    for name, opt in game.variant_options.items():
        raw = fields[name]
        variant[name] = (
            _bool(raw, name)
            if isinstance(opt.default, bool)
            else (_int(raw, name) if isinstance(opt.default, int) else raw)
        )
    shuffles = _int_list(fields["shuffles"], "shuffles")
    if len(shuffles) != 2:
        raise _bad("shuffles takes two numbers: deck,objectives")
    held: tuple[int, bool] | None = None
    if fields["held"] != "-":
        h = fields["held"]
        held = (_int(h.rstrip("^"), "held"), h.endswith("^"))
    flash = [[] if x == "-" else [_int(y, "flash") - 1 for y in x.split("+")] for x in fields["flash"].split(",")]
    if fields["then"] not in ("after_draw", "end"):
        raise _bad("then must be after_draw or end")
    piles_text = fields["piles"].split("/")
    rows = []
    for s in range(n):
        raw = fields[f"row{s}"]
        rows.append([] if raw == "-" else [_parse_card(c, f"row{s}") for c in raw.split(",")])
    for row in rows:
        for _, _, mask, _ in row:
            if mask >= 1 << n:
                raise _bad("a seen-by mark names a seat that does not exist")
    last = fields["last"]
    return {
        "players": n,
        "variant": variant,
        "seed": _int(fields["seed"], "seed"),
        "shuffles": shuffles[0],
        "obj_shuffles": shuffles[1],
        "ply": _int(fields["ply"], "ply"),
        "round": _int(fields["round"], "round"),
        "first": _int(fields["first"], "first"),
        "current": _int(fields["current"], "current"),
        "phase": fields["phase"],
        "turns": _int(fields["turns"], "turns"),
        "ending": _bool(fields["ending"], "ending"),
        "emptied": _int_list(fields["emptied"], "emptied"),
        "last_emptier": -1 if last == "-" else _int(last, "last"),
        "peek_queue": _int_list(fields["queue"], "queue"),
        "circles": _int_list(fields["circles"], "circles"),
        "round_start": _int_list(fields["start"], "start"),
        "points": _int_list(fields["points"], "points"),
        "round_scores": []
        if fields["scores"] == "-"
        else [_int_list(r, "scores") for r in fields["scores"].split("/")],
        "capped": _int_list(fields["capped"], "capped"),
        "rows": rows,
        "deck": _int_list(fields["deck"], "deck"),
        "piles": [_int_list(p, "piles") for p in piles_text],
        "victory": [_int_list(fields[f"won{s}"], f"won{s}") for s in range(n)],
        "held": held,
        "claim": 0 if fields["claim"] == "-" else _int(fields["claim"], "claim"),
        "pending": _int_list(fields["pending"], "pending"),
        "pile_next": fields["then"],
        "objectives": _int_list(fields["objectives"], "objectives"),
        "obj_deck": _int_list(fields["objdeck"], "objdeck"),
        "obj_done": _int_list(fields["objdone"], "objdone"),
        "flash": flash,
    }


def text_to_state(game: AlcatrazGame, text: str) -> AlcatrazState:
    d = text_to_desc(game, text)
    st = desc_to_state(game, d)
    st.start_desc = d
    return st


def check_full_counts(values: list[int]) -> None:
    """Raise if ``values`` is not exactly the 68-card set (used by determinize's sanity check)."""
    if Counter(values) != FULL_COUNTS:
        raise _bad("the cards do not add up to the 68-card set")
