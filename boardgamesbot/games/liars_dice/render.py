"""Terminal pictures of a Liar's Dice view (plain text and Rich colours) and the ``?`` summary.

Everything drawn comes from the view, so a picture can only show the viewer's
own cup, the others' dice counts, the bids and the rounds already revealed.
"""

from __future__ import annotations

from typing import Any, cast

from ...core.view import View
from .state import LiarsDiceView, RoundView

WORDS = {
    "en": {
        "title": "Liar's Dice",
        "round": "round",
        "in_play": "dice in play",
        "wild": "wild",
        "you": "you",
        "your_dice": "your dice",
        "seat": "seat",
        "cup": "dice under the cup",
        "out": "out",
        "bids": "bids this round",
        "none": "none yet",
        "to_move": "to move",
        "over": "game over",
        "last": "last round",
        "called": {"liar": "called liar on", "spot": "called spot-on on"},
        "of_seat": "seat {s}'s",
        "count_as": "{n} dice count as {f}",
        "cups": "cups",
        "lost": "lost a die",
        "gained": "won a die back",
        "nobody": "nobody lost a die",
        "dice_left": "dice left",
        "bid_to_beat": "bid to beat",
    },
    "pt": {
        "title": "Dados do Mentiroso",
        "round": "rodada",
        "in_play": "dados em jogo",
        "wild": "curinga",
        "you": "você",
        "your_dice": "seus dados",
        "seat": "lugar",
        "cup": "dados sob o copo",
        "out": "fora",
        "bids": "apostas desta rodada",
        "none": "nenhuma ainda",
        "to_move": "na vez",
        "over": "fim de jogo",
        "last": "rodada anterior",
        "called": {"liar": "duvidou de", "spot": "disse exata a"},
        "of_seat": "do lugar {s}",
        "count_as": "{n} dados valem {f}",
        "cups": "copos",
        "lost": "perdeu um dado",
        "gained": "recuperou um dado",
        "nobody": "ninguém perdeu dado",
        "dice_left": "dados restantes",
        "bid_to_beat": "aposta a superar",
    },
}
PIPS = "·⚀⚁⚂⚃⚄⚅"


def _w(lang: str) -> dict[str, Any]:
    return WORDS["pt" if lang.startswith("pt") else "en"]


def _bid(q: int, f: int) -> str:
    return f"{q}x{f}"


def round_parts(r: RoundView, lang: str) -> tuple[str, str]:
    """A finished round in words: the call and the count; who lost or won a die."""
    w = _w(lang)
    bidder, q, f = r["bids"][-1]
    whose = w["of_seat"].format(s=bidder)
    bid = f"{whose} {_bid(q, f)}" if lang.startswith("en") else f"{_bid(q, f)} {whose}"
    head = f"{w['seat']} {r['caller']} {w['called'][r['call']]} {bid}: {w['count_as'].format(n=r['count'], f=f)}"
    if r["loser"] is not None:
        return head, f"{w['seat']} {r['loser']} {w['lost']}"
    if r["gainer"] is not None:
        return head, f"{w['seat']} {r['gainer']} {w['gained']}"
    return head, w["nobody"]


def round_line(r: RoundView, lang: str) -> str:
    """One sentence about a finished round: the call, the count, who lost or won a die."""
    return "; ".join(round_parts(r, lang))


def cups_line(r: RoundView, lang: str) -> str:
    """Every cup as it was revealed: ``cups: 0:12256 1:3345``."""
    return f"{_w(lang)['cups']}: " + " ".join(f"{s}:{''.join(map(str, d)) or '-'}" for s, d in enumerate(r["dice"]))


def render_view(view: LiarsDiceView, lang: str = "en") -> str:
    w = _w(lang)
    seat = view["seat"]
    variant = view["variant"]
    wild = [str(face) for face, key in ((1, "ones_wild"), (6, "sixes_wild")) if variant.get(key)]
    head = f"{w['title']} · {w['round']} {view['round']} · {w['in_play']}: {view['dice_in_play']}"
    if wild:
        head += f" · {w['wild']}: {', '.join(wild)}"
    out = [head, ""]
    for s, n in enumerate(view["dice_counts"]):
        mark = "▶ " if s == view["to_move"] else "  "
        if s == seat and view["dice"] is not None and n:
            dice = view["dice"]
            out.append(
                f"{mark}{w['seat']} {s} ({w['you']}): {' '.join(map(str, dice))}   {' '.join(PIPS[d] for d in dice)}"
            )
        elif n:
            out.append(f"{mark}{w['seat']} {s}: {n} {w['cup']}")
        else:
            out.append(f"{mark}{w['seat']} {s}: {w['out']}")
    out.append("")
    bids = ", ".join(f"{w['seat']} {s} {_bid(q, f)}" for s, q, f in view["bids"]) or w["none"]
    out.append(f"{w['bids']}: {bids}")
    if view["rounds"]:
        last = view["rounds"][-1]
        head, result = round_parts(last, lang)
        out.append(f"{w['last']}: {head}")
        out.append(f"  → {result} · {cups_line(last, lang)}")
    if view["over"]:
        out.append(w["over"])
    else:
        you = f" ({w['you']})" if view["to_move"] == seat else ""
        out.append(f"{w['to_move']}: {w['seat']} {view['to_move']}{you}")
    return "\n".join(out)


def score_hint(any_view: View, lang: str = "en") -> str:
    """Dice left per seat, dice in play and the bid to beat."""
    view = cast(LiarsDiceView, any_view)
    w = _w(lang)
    counts = ", ".join(f"{w['seat']} {s}: {n}" for s, n in enumerate(view["dice_counts"]))
    line = f"{w['dice_left']}: {counts} · {w['in_play']}: {view['dice_in_play']}"
    if view["bids"]:
        s, q, f = view["bids"][-1]
        line += f" · {w['bid_to_beat']}: {_bid(q, f)} ({w['seat']} {s})"
    return line


def render_rich(any_view: View, lang: str = "en") -> Any:
    """The plain picture with the viewer's dice in colour and the seat to move in bold."""
    from rich.text import Text

    view = cast(LiarsDiceView, any_view)
    text = Text()
    for number, line in enumerate(render_view(view, lang).split("\n")):
        if number:
            text.append("\n")
        if number == 0:
            text.append(line, style="bold")
        elif line.startswith("▶"):
            text.append(line, style="bold yellow")
        elif any(ch in line for ch in PIPS[1:]):
            text.append(line, style="cyan")
        else:
            text.append(line)
    return text


# How a Liar's Dice game can end, for the terminal's result lines.
ENDINGS = {
    "en": {
        "last_player": "only one player has dice left",
        "one_round": "the single round was settled",
        "round_cap": "the round limit was reached",
    },
    "pt": {
        "last_player": "só um jogador ainda tem dados",
        "one_round": "a rodada única foi decidida",
        "round_cap": "o limite de rodadas foi atingido",
    },
}
