"""The full-state position text (like chess FEN) and the plain description behind it.

A *description* is a dict holding every fact of a position as card values
(never internal card ids). Three roads meet here: ``State -> description ->
text`` for ``to_position``, ``text -> description -> State`` for
``from_position``, and ``view -> description -> State`` for determinization.
The text format is documented in docs/rules/alcatraz.md ("Position format").
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from ...core.errors import InvalidPosition
from .cards import OVERLAY_EFFECTS, VALUE
from .phases import PHASES
from .variants import VARIANTS

if TYPE_CHECKING:
    from .game import AlcatrazGame
    from .state import AlcatrazState

Card = tuple[int, bool, int, list[tuple[str, int]]]  # value, face up, seen-by mask, overlays (effect, value)

# The options every position text has named since the format began; options added later are written only
# when they differ from their default, so a default game's text is the same as before they existed. On
# reading, any option field may be left out and then takes its default.
ALWAYS_WRITTEN = ("ability_table", "memory_aid", "tiebreak_round", "turn_cap", "wild")


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
        "active": list(st.active),
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


def bad(en: str, pt: str | None = None) -> InvalidPosition:
    return InvalidPosition(f"bad Alcatraz position: {en}", f"posição de Alcatraz inválida: {pt or en}")


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


def _defaults() -> dict[str, Any]:
    return {name: opt.default for name, opt in VARIANTS.items()}


def desc_to_text(d: dict[str, Any]) -> str:
    v = d["variant"]
    n = d["players"]
    defaults = _defaults()
    shown = {k: x for k, x in v.items() if k in ALWAYS_WRITTEN or defaults.get(k, object()) != x}
    opts = " ".join(f"{k}={_yn(x) if isinstance(x, bool) else x}" for k, x in sorted(shown.items()))
    active = d.get("active", list(range(n)))
    held = "-" if d["held"] is None else f"{d['held'][0]}{'^' if d['held'][1] else ''}"
    lines = [
        f"alcatraz players={n} {opts}",
        f"seed={d['seed']} shuffles={d['shuffles']},{d['obj_shuffles']} ply={d['ply']} round={d['round']} "
        f"first={d['first']} current={d['current']} phase={d['phase']} turns={d['turns']} ending={_yn(d['ending'])}",
        f"emptied={_ints(d['emptied'])} last={'-' if d['last_emptier'] < 0 else d['last_emptier']} "
        f"queue={_ints(d['peek_queue'])} points={_ints(d['points'])} circles={_ints(d['circles'])} "
        f"start={_ints(d['round_start'])} "
        f"scores={'/'.join(_ints(r) for r in d['round_scores']) or '-'} capped={_ints(d['capped'])}"
        + ("" if list(active) == list(range(n)) else f" active={_ints(list(active))}"),
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
        raise bad(f"{key} must be a whole number, not {text!r}", f"{key} deve ser um número inteiro, não {text!r}")
    return int(text)


def _int_list(text: str, key: str) -> list[int]:
    return [] if text == "-" else [_int(x, key) for x in text.split(",")]


def _bool(text: str, key: str) -> bool:
    if text not in ("yes", "no"):
        raise bad(f"{key} must be yes or no, not {text!r}", f"{key} deve ser yes ou no, não {text!r}")
    return text == "yes"


def _parse_card(text: str, where: str) -> Card:
    m = _CARD_RE.match(text)
    if not m:
        raise bad(
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
            raise bad(f"cannot read overlay {item!r} in {where} (expected p, m or n followed by the card value)")
        overlays.append((item[0], int(item[1:])))
    return int(value), mark == "^", mask, overlays


def text_to_desc(game: AlcatrazGame, text: str) -> dict[str, Any]:
    if not isinstance(text, str):
        raise bad("a position must be text")
    tokens = text.split()
    if not tokens or tokens[0] != "alcatraz":
        raise bad("the text must start with the word alcatraz", "o texto deve começar com a palavra alcatraz")
    fields: dict[str, str] = {}
    for tok in tokens[1:]:
        key, sep, value = tok.partition("=")
        if not sep or not value:
            raise bad(f"expected key=value, got {tok!r}", f"esperado chave=valor, veio {tok!r}")
        if key in fields:
            raise bad(f"{key} is given twice", f"{key} aparece duas vezes")
        fields[key] = value
    n = _int(fields.get("players", "x"), "players")
    if not game.min_players <= n <= game.max_players:
        raise bad(f"players must be {game.min_players}-{game.max_players}, not {n}")
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
        *(f"row{s}" for s in range(n)),
        *(f"won{s}" for s in range(n)),
    }
    optional = {*game.variant_options, "active"}  # option fields default; active= defaults to every seat
    unknown = sorted(set(fields) - known - optional)
    if unknown:
        raise bad(f"unknown field(s): {', '.join(unknown)}", f"campo(s) desconhecido(s): {', '.join(unknown)}")
    missing = sorted(known - set(fields))
    if missing:
        raise bad(f"missing field(s): {', '.join(missing)}", f"falta(m) campo(s): {', '.join(missing)}")
    variant: dict[str, Any] = {}
    for name, opt in game.variant_options.items():
        if name not in fields:
            continue  # the default (resolved when the state is assembled)
        raw = fields[name]
        variant[name] = (
            _bool(raw, name)
            if isinstance(opt.default, bool)
            else (_int(raw, name) if isinstance(opt.default, int) else raw)
        )
    shuffles = _int_list(fields["shuffles"], "shuffles")
    if len(shuffles) != 2:
        raise bad("shuffles takes two numbers: deck,objectives")
    held: tuple[int, bool] | None = None
    if fields["held"] != "-":
        h = fields["held"]
        held = (_int(h.rstrip("^"), "held"), h.endswith("^"))
    flash = [[] if x == "-" else [_int(y, "flash") - 1 for y in x.split("+")] for x in fields["flash"].split(",")]
    if fields["then"] not in ("after_draw", "end"):
        raise bad("then must be after_draw or end")
    piles_text = fields["piles"].split("/")
    rows = []
    for s in range(n):
        raw = fields[f"row{s}"]
        rows.append([] if raw == "-" else [_parse_card(c, f"row{s}") for c in raw.split(",")])
    for row in rows:
        for _, _, mask, _ in row:
            if mask >= 1 << n:
                raise bad("a seen-by mark names a seat that does not exist")
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
        "active": _int_list(fields["active"], "active") if "active" in fields else list(range(n)),
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
