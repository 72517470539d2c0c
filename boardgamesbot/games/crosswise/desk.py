"""What the rules desk reads from Crosswise: its sheets, its glossary, and position judgements.

The judgement is the engine's own arithmetic (line scores from scoring.py,
the end of the game from the state's outcome), so a rules answer can never
disagree with how the game is actually scored.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import cast

from ...core.action import Action
from ...core.capabilities import DeskKit, PositionReport
from ...core.game import State
from .scoring import line_scores
from .state import CrosswiseState
from .tiles import COL_OF, ROW_OF, SIZE, line_name

HERE = Path(__file__).resolve().parent
TEAM = {"en": ("rows team", "columns team"), "pt": ("equipe das linhas", "equipe das colunas")}
ENDED_BY = {
    "en": {"board_full": "the board is full", "stalemate": "nobody can move", "turn_cap": "the move cap is reached"},
    "pt": {
        "board_full": "o tabuleiro fica cheio",
        "stalemate": "ninguém pode jogar",
        "turn_cap": "o limite de jogadas é atingido",
    },
}


def judge(before: State, actions: Sequence[Action], after: State) -> PositionReport:
    """Line scores before and after the moves (only the lines they touch), team totals, and the end if it comes."""
    b, a = cast(CrosswiseState, before), cast(CrosswiseState, after)
    old, new = line_scores(b.board), line_scores(a.board)
    touched: set[int] = set()
    probe = b.clone()
    for action in actions:
        for square, _tile in probe.changes(action):
            touched |= {ROW_OF[square], SIZE + COL_OF[square]}
        probe.apply(action)
    rows, cols = sum(new[:SIZE]), sum(new[SIZE:])
    shown = sorted(touched) if touched else list(range(2 * SIZE))
    facts: dict[str, object] = {
        "lines": [{"line": line_name(n), "before": old[n], "after": new[n]} for n in shown],
        "team_totals": {"rows": rows, "columns": cols},
    }
    report = PositionReport(facts=dict(facts))
    for lang, (total_word, now_word) in {"en": ("Totals so far", "now"), "pt": ("Totais até agora", "agora")}.items():
        text = [
            f"{line_name(n, lang)}: {old[n]} → {new[n]}" if touched else f"{line_name(n, lang)}: {new[n]}"
            for n in shown
        ]
        text.append(f"{total_word} ({now_word}): {TEAM[lang][0]} {rows}, {TEAM[lang][1]} {cols}")
        report.lines[lang] = text
    outcome = a.outcome()
    if outcome is not None and not b.is_over():
        report.facts["outcome"] = outcome.to_dict()
        winners = outcome.winning_teams
        for lang in ("en", "pt"):
            pt = lang == "pt"
            six = outcome.details.get("six_line")
            if six is not None and len(winners) == 1:
                line = line_name(_line_index(six), lang)
                report.consequence[lang] = (
                    f"Isso dá a vitória imediata à {TEAM[lang][winners[0]]}: seis símbolos iguais na {line}."
                    if pt
                    else f"This wins the game at once for the {TEAM[lang][winners[0]]}: six identical symbols in {line}."
                )
                continue
            why = ENDED_BY[lang].get(outcome.termination, outcome.termination)
            if len(winners) == 1:
                report.consequence[lang] = (
                    f"Isso encerra o jogo ({why}): ganha a {TEAM[lang][winners[0]]}, {rows} a {cols}."
                    if pt
                    else f"This ends the game ({why}): the {TEAM[lang][winners[0]]} wins, {rows} to {cols}."
                )
            else:
                report.consequence[lang] = (
                    f"Isso encerra o jogo ({why}) empatado, {rows} a {cols}."
                    if pt
                    else f"This ends the game ({why}) in a draw, {rows} to {cols}."
                )
    return report


def _line_index(name: str) -> int:
    """'row 3' -> 2, 'column B' -> 7 (the outcome names its six line in English)."""
    kind, _, label = name.partition(" ")
    return int(label) - 1 if kind == "row" else SIZE + "ABCDEF".index(label)


KIT = DeskKit(
    sheets={"en": HERE / "sheets" / "en.md", "pt": HERE / "sheets" / "pt.md"},
    glossary=HERE / "glossary.json",
    judge=judge,
)
