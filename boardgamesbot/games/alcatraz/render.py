"""The terminal picture of one view (it can only draw what the view holds)."""

from __future__ import annotations

from typing import Any, cast

from ...core.view import View
from .view import AlcatrazView, CardView

# Words by language; values are text, or tables of text (phase names...).
_WORDS: dict[str, dict[str, Any]] = {
    "en": {
        "title": "Alcatraz",
        "round": "round",
        "you": "you",
        "seat": "Seat",
        "points": "points",
        "circles": "circles",
        "objectives": "Objectives",
        "objdeck": "objective deck",
        "deck": "Draw deck",
        "cards": "cards",
        "piles": "Discard piles",
        "hand": "In hand",
        "from_deck": "drawn from the deck",
        "from_pile": "taken from a pile",
        "ability": "ability",
        "claim": "Declared objective",
        "pending": "Waiting for a discard pile",
        "to_move": "To move",
        "over": "Game over",
        "winners": "Winner(s)",
        "empty": "(empty row)",
        "legend": "?? face down · (7) face down, known to you · "
        "(?) you looked: remember it!\n[7] face up · +1 -1 neg: overlays",
        "ending": "the round is ending: the remaining players finish this cycle",
        "dry": "the draw deck ran dry: the remaining players finish this cycle",
        "active": "this round is played only by",
        "nopeek": "(or nopeek: look at none)",
        "rounds": "Round scores",
        "capped": "rounds stopped by the turn cap",
        "phase": {
            "peek": "look at one of your face-down cards",
            "start": "draw, take a discard, fulfil or end",
            "hold": "place, use or discard the card in hand",
            "after_draw": "fulfil an objective or end",
            "claim": "choose 2 or 3 adjacent cards",
            "pile": "choose a discard pile",
            "over": "game over",
        },
        "abilities": {
            "look": "look at one of your face-down cards",
            "adjust": "+1 or -1 over one of your cards",
            "flip": "change the sign of one of your cards",
        },
    },
    "pt": {
        "title": "Alcatraz",
        "round": "rodada",
        "you": "você",
        "seat": "Assento",
        "points": "pontos",
        "circles": "círculos",
        "objectives": "Objetivos",
        "objdeck": "baralho de objetivos",
        "deck": "Baralho de compras",
        "cards": "cartas",
        "piles": "Montes de descarte",
        "hand": "Na mão",
        "from_deck": "comprada do baralho",
        "from_pile": "pegada do descarte",
        "ability": "habilidade",
        "claim": "Objetivo anunciado",
        "pending": "Esperando um monte de descarte",
        "to_move": "Na vez",
        "over": "Fim de jogo",
        "winners": "Vencedor(es)",
        "empty": "(fileira vazia)",
        "legend": "?? fechada · (7) fechada, você conhece · (?) você olhou: lembre-se!\n"
        "[7] aberta · +1 -1 neg: sobreposições",
        "ending": "a rodada está acabando: os demais jogadores terminam esta volta",
        "dry": "o baralho de compras acabou: os demais jogadores terminam esta volta",
        "active": "esta rodada é jogada só por",
        "nopeek": "(ou nopeek: não olhar nenhuma)",
        "rounds": "Pontos por rodada",
        "capped": "rodadas encerradas pelo limite de turnos",
        "phase": {
            "peek": "olhe uma das suas cartas fechadas",
            "start": "compre, pegue do descarte, cumpra ou encerre",
            "hold": "coloque, use ou descarte a carta na mão",
            "after_draw": "cumpra um objetivo ou encerre",
            "claim": "escolha 2 ou 3 cartas vizinhas",
            "pile": "escolha um monte de descarte",
            "over": "fim de jogo",
        },
        "abilities": {
            "look": "olhar uma carta fechada sua",
            "adjust": "+1 ou -1 sobre uma carta sua",
            "flip": "trocar o sinal de uma carta sua",
        },
    },
}
_EFFECT_TEXT = {"p": "+1", "m": "-1", "n": "neg"}


def _card(card: CardView, viewer: int | None) -> str:
    if card["up"]:
        text = f"[{card['v']}]"
    elif card["v"] is not None:
        text = f"({card['v']})"
    elif viewer is not None and viewer in card["seen"]:
        text = "(?)"
    else:
        text = "??"
    if card["ovl"]:
        text += "".join(_EFFECT_TEXT[e] for e, _ in card["ovl"])
    return text


def render(game_view: View, lang: str = "en") -> str:
    view = cast(AlcatrazView, game_view)
    w = _WORDS["pt" if lang.startswith("pt") else "en"]
    me = view["seat"]
    phase = w["phase"][view["phase"]]
    if view["phase"] == "peek" and view["variant"].get("optional_look"):
        phase += " " + w["nopeek"]
    lines = [f"{w['title']} · {w['round']} {view['round']} · {phase}"]
    if view["over"]:
        out = view["outcome"] or {}
        names = ", ".join(f"{w['seat']} {s}" for s in out.get("winners", []))
        lines.append(f"{w['over']}. {w['winners']}: {names}")
    else:
        you = f" ({w['you']})" if view["to_move"] == me and me is not None else ""
        lines.append(f"{w['to_move']}: {w['seat']} {view['to_move']}{you}")
    if view["ending"] and not view["over"]:
        lines.append(w["ending"] if view["emptied"] else w["dry"])
    if len(view["active"]) < view["players"]:
        lines.append(f"{w['active']}: " + ", ".join(f"{w['seat']} {s}" for s in view["active"]))
    lines.append(
        f"{w['objectives']}: "
        + "  ".join(f"[{o}]" for o in view["objectives"])
        + f"   ({w['objdeck']}: {view['objective_deck']})"
    )
    piles = "  ".join(
        f"{i + 1}:[{p['top'] if p['top'] is not None else ' '}] ({p['count']})" for i, p in enumerate(view["piles"])
    )
    lines.append(f"{w['deck']}: {view['deck']} {w['cards']}   {w['piles']}: {piles}")
    lines.append("")
    for seat, row in enumerate(view["rows"]):
        who = f" ({w['you']})" if seat == me else ""
        lines.append(
            f"{w['seat']} {seat}{who}  {w['points']} {view['scores'][seat]}  {w['circles']} {view['circles'][seat]}"
        )
        if row:
            cells = [_card(c, me) for c in row]
            width = max(5, *(len(c) for c in cells))
            lines.append("  " + " ".join(str(i + 1).rjust(width) for i in range(len(cells))))
            lines.append("  " + " ".join(c.rjust(width) for c in cells))
        else:
            lines.append("  " + w["empty"])
    held = view["held"]
    if held is not None:
        value = "??" if held["v"] is None else str(held["v"])
        how = w["from_pile"] if held["from"] == "pile" else w["from_deck"]
        lines.append("")
        lines.append(f"{w['hand']}: {value} ({how})")
        if held.get("ability"):
            lines.append(f"  {w['ability']}: {w['abilities'][held['ability']]}")
    if view["claim"]:
        lines.append(f"{w['claim']}: {view['claim']}")
    if view["pending"]:
        lines.append(f"{w['pending']}: " + " ".join(map(str, view["pending"])))
    if view["round_scores"]:
        lines.append(f"{w['rounds']}: " + " | ".join(",".join(map(str, r)) for r in view["round_scores"]))
    if view["capped_rounds"]:
        lines.append(f"{w['capped']}: " + ",".join(map(str, view["capped_rounds"])))
    lines.append(w["legend"])
    return "\n".join(lines)


def score_hint(game_view: View, lang: str = "en") -> str:
    """The `?` summary: points, circles and round scores per seat."""
    view = cast(AlcatrazView, game_view)
    pt = lang.startswith("pt")
    lines = []
    for seat, points in enumerate(view["scores"]):
        rounds = " + ".join(str(r[seat]) for r in view["round_scores"]) or "-"
        if pt:
            lines.append(f"assento {seat}: {points} pontos (rodadas: {rounds}), {view['circles'][seat]} círculos")
        else:
            lines.append(f"seat {seat}: {points} points (rounds: {rounds}), {view['circles'][seat]} circles")
    return "\n".join(lines)


# How an Alcatraz game can end, for the terminal's result lines.
ENDINGS = {
    "en": {"rounds_complete": "both rounds are complete", "turn_cap": "the turn limit was reached"},
    "pt": {"rounds_complete": "as duas rodadas terminaram", "turn_cap": "o limite de turnos foi atingido"},
}
