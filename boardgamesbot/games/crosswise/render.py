"""Terminal pictures of a Crosswise view (plain text: works in any terminal, log or test).

Drawn from the view alone, so it can never show a hand the viewer may not see.
"""

from __future__ import annotations

from typing import Any, cast

from ...core.view import View
from .tiles import COLUMNS, SIZE
from .view import CrosswiseView

_T = {
    "en": {
        "turn": "turn",
        "to_move": "to move",
        "seat": "seat",
        "over": "game over",
        "rows": "rows",
        "columns": "columns",
        "team": "team",
        "seats": "seats",
        "hand": "your hand",
        "hands": "hands",
        "tiles": "tiles",
        "bag": "bag",
        "used": "action tiles used",
        "left": "still in play",
        "you": "you",
        "spectator": "spectator",
        "winner": "winner",
        "draw": "draw",
        "score": "score",
        "rows_mark": "◀ rows score for team 0",
        "cols_mark": "▲ columns score for team 1",
        "total": "total",
        "termination": "ended by",
    },
    "pt": {
        "turn": "jogada",
        "to_move": "a jogar",
        "seat": "lugar",
        "over": "fim do jogo",
        "rows": "linhas",
        "columns": "colunas",
        "team": "equipe",
        "seats": "lugares",
        "hand": "a sua mão",
        "hands": "mãos",
        "tiles": "peças",
        "bag": "saco",
        "used": "peças de ação usadas",
        "left": "ainda em jogo",
        "you": "você",
        "spectator": "espectador",
        "winner": "vencedor",
        "draw": "empate",
        "score": "pontos",
        "rows_mark": "◀ as linhas pontuam para a equipe 0",
        "cols_mark": "▲ as colunas pontuam para a equipe 1",
        "total": "total",
        "termination": "terminou por",
    },
}
_TERMINATION = {
    "en": {
        "six_of_a_kind": "six identical symbols",
        "board_full": "the board is full",
        "stalemate": "nobody could move",
        "turn_cap": "the move cap",
    },
    "pt": {
        "six_of_a_kind": "seis símbolos iguais",
        "board_full": "tabuleiro cheio",
        "stalemate": "ninguém podia jogar",
        "turn_cap": "o limite de jogadas",
    },
}


def _t(lang: str) -> dict[str, str]:
    return _T["pt" if lang.startswith("pt") else "en"]


def _team_line(view: CrosswiseView, lang: str) -> str:
    t = _t(lang)
    parts = []
    for team, seats in enumerate(view["teams"]):
        lines = t["rows"] if team == 0 else t["columns"]
        parts.append(f"{t['team']} {team} ({lines}): {t['seats']} {', '.join(map(str, seats))}")
    return " · ".join(parts)


def render_view(view: View, lang: str = "en") -> str:
    """The plain-text picture of a Crosswise view (any terminal, log or test)."""
    return _render(cast(CrosswiseView, view), lang)


def _render(view: CrosswiseView, lang: str) -> str:
    t = _t(lang)
    seat = view["seat"]
    out = []
    status = f"Crosswise · {t['turn']} {view['turn']}"
    if view["over"]:
        status += f" · {t['over']}"
    else:
        mover = view["to_move"]
        status += f" · {t['to_move']}: {t['seat']} {mover}" + (f" ({t['you']})" if mover == seat else "")
    out.append(status)
    out.append("")
    out.append("      " + "  ".join(COLUMNS))
    for r, row in enumerate(view["board"]):
        out.append(f"  {r + 1} ◀ " + "  ".join(row))
    out.append("      " + "  ".join("▲" * SIZE))
    out.append(f"  {t['rows_mark']}; {t['cols_mark']}")
    out.append("  " + _team_line(view, lang))
    out.append("")
    if seat is not None:
        hand = view["hand"] or "-"
        out.append(f"{t['hand']} ({t['seat']} {seat}): {' '.join(hand) if hand != '-' else '-'}")
    sizes = ", ".join(f"{t['seat']} {s}: {n}" for s, n in enumerate(view["hand_sizes"]))
    out.append(f"{t['hands']} ({t['tiles']}): {sizes} · {t['bag']}: {view['bag_size']}")
    used = view["used"]
    out.append(
        f"{t['used']}: "
        + ", ".join(f"{k} {v}" for k, v in used.items())
        + f" · {t['left']}: "
        + ", ".join(f"{k} {3 - v}" for k, v in used.items())
    )
    if view["over"] and view["outcome"]:
        out.append("")
        out.append(outcome_text(view["outcome"], lang))
    return "\n".join(out)


def outcome_text(outcome: dict[str, Any], lang: str = "en") -> str:
    t = _t(lang)
    scores = outcome["team_scores"]
    line = f"{t['score']}: {t['team']} 0 ({t['rows']}) {scores[0]:g} · {t['team']} 1 ({t['columns']}) {scores[1]:g}"
    if len(outcome["winning_teams"]) == 1:
        team = outcome["winning_teams"][0]
        result = f"{t['winner']}: {t['team']} {team} ({t['seats']} {', '.join(map(str, outcome['winners']))})"
    else:
        result = t["draw"]
    why = _TERMINATION["pt" if lang.startswith("pt") else "en"].get(outcome["termination"], outcome["termination"])
    extra = f" ({outcome['details']['six_line']})" if "six_line" in outcome.get("details", {}) else ""
    tb = f" [tiebreak: {outcome['tiebreak']}]" if outcome.get("tiebreak") not in (None, "shared") else ""
    return f"{line}\n{result}{tb} · {t['termination']}: {why}{extra}"


def score_hint(view: View, lang: str = "en") -> str:
    """Each line's points as the board stands now, and the team totals."""
    t = _t(lang)
    scores = cast(CrosswiseView, view)["line_scores"]
    rows = scores["rows"]
    cols = scores["columns"]
    return "\n".join(
        [
            f"{t['team']} 0 ({t['rows']}): "
            + "  ".join(f"{r + 1}={v}" for r, v in enumerate(rows))
            + f"  {t['total']} {sum(rows)}",
            f"{t['team']} 1 ({t['columns']}): "
            + "  ".join(f"{COLUMNS[c]}={v}" for c, v in enumerate(cols))
            + f"  {t['total']} {sum(cols)}",
        ]
    )


SYMBOL_STYLES = ("bold yellow", "bold bright_white", "bold cyan", "bold red", "bold magenta", "bold green")
ROW_STYLE = "bold dark_orange"
COLUMN_STYLE = "bold green"


def render_rich(view: View, lang: str = "en") -> Any:
    """The same picture as ``render_view`` with colours: one per symbol, orange rows, green columns."""
    from rich.text import Text

    plain = render_view(view, lang)
    text = Text()
    for number, line in enumerate(plain.split("\n")):
        if number:
            text.append("\n")
        board_row = line.startswith("  ") and len(line) > 4 and line[2].isdigit() and "◀" in line
        if board_row:
            text.append(line[:4])
            text.append("◀", style=ROW_STYLE)
            for ch in line[5:]:
                style = SYMBOL_STYLES[int(ch) - 1] if ch.isdigit() and ch != "0" else "dim" if ch == "." else None
                text.append(ch, style=style)
        elif line.strip() and set(line.strip()) <= {"▲", " "}:
            text.append(line, style=COLUMN_STYLE)
        else:
            text.append(line)
    return text


# How a Crosswise game can end, for the terminal's result lines.
ENDINGS = {
    "en": {
        "six_of_a_kind": "six identical symbols in a line",
        "board_full": "the board is full",
        "stalemate": "every player passed in a row, so the board was scored as it stood",
        "turn_cap": "the turn limit was reached",
    },
    "pt": {
        "six_of_a_kind": "seis símbolos iguais numa linha",
        "board_full": "o tabuleiro está cheio",
        "stalemate": "todos passaram seguidos, então o tabuleiro foi contado como estava",
        "turn_cap": "o limite de turnos foi atingido",
    },
}
