"""Scores a position question asks for, computed by the engines' own code.

Kept in one place so the rules desk never re-implements a rule: Crosswise
line scores come from ``games/crosswise/scoring.py``; Alcatraz sums use the
engine's ``counted_value`` (card value with overlays) and its zero-pair test.
Each function returns numbers plus ready-made lines in English and Portuguese.
"""

from __future__ import annotations

from typing import Any

from ..core.action import Action
from ..core.game import State


def score_details(
    game: str, before: State, actions: list[Action] | None, lang: str, after: State | None = None
) -> dict[str, Any]:
    """Game-specific numbers for a position (and the moves played on it)."""
    if game == "crosswise":
        return _crosswise(before, actions or [], after or before)
    if game == "alcatraz":
        return _alcatraz(before, actions or [], after or before)
    return {}


# ---- Crosswise -----------------------------------------------------------
def _crosswise(before: Any, actions: list[Action], after: Any) -> dict[str, Any]:
    from ..games.crosswise.scoring import line_scores, team_totals
    from ..games.crosswise.tiles import COL_OF, ROW_OF, SIZE, line_name

    old, new = line_scores(before.board), line_scores(after.board)
    touched: set[int] = set()
    probe = before.clone()
    for action in actions:
        for square, _tile in probe.changes(action):
            touched |= {ROW_OF[square], SIZE + COL_OF[square]}
        probe.apply(action)
    rows, cols = team_totals(after.board)
    shown = sorted(touched) if touched else list(range(2 * SIZE))
    lines = [{"line": line_name(n), "before": old[n], "after": new[n]} for n in shown]
    out: dict[str, Any] = {"lines": lines, "team_totals": {"rows": rows, "columns": cols}}
    for lang, (row_word, col_word, total_word, now_word) in {
        "en": ("rows team", "columns team", "Totals so far", "now"),
        "pt": ("equipa das linhas", "equipa das colunas", "Totais até agora", "agora"),
    }.items():
        text = []
        for n in shown:
            name = line_name(n, lang)
            text.append(f"{name}: {old[n]} → {new[n]}" if touched else f"{name}: {new[n]}")
        text.append(f"{total_word} ({now_word}): {row_word} {rows}, {col_word} {cols}")
        out[f"lines_{lang}"] = text
    if after.is_over() and after.outcome() is not None:
        out["outcome"] = after.outcome().to_dict()
    return out


# ---- Alcatraz ------------------------------------------------------------
def _windows(state: Any, seat: int) -> list[dict[str, Any]]:
    row = state.rows[seat]
    found = []
    for size in (2, 3):
        for start in range(len(row) - size + 1):
            values = [state.counted_value(c) for c in row[start : start + size]]
            zero = any(values[i] + values[j] == 0 for i in range(size) for j in range(i + 1, size))
            found.append(
                {
                    "cards": f"{start + 1}-{start + size}",
                    "values": values,
                    "sum": sum(values),
                    "zero_pair": zero,
                    "hits": (sum(values) in state.objectives) and not zero,
                }
            )
    return found


def _alcatraz(before: Any, actions: list[Action], after: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"points": [len(v) for v in after.victory], "objectives": list(before.objectives)}
    en: list[str] = []
    pt: list[str] = []
    probe = before.clone()
    for action in actions:
        if getattr(action, "kind", "") == "use":
            seat = probe.to_move()
            row = probe.rows[seat]
            values = [probe.counted_value(c) for c in row[action.a : action.a + action.b]]
            zero = any(values[i] + values[j] == 0 for i in range(len(values)) for j in range(i + 1, len(values)))
            total, claim = sum(values), probe.claim
            ok = total == claim and not zero
            out["fulfil"] = {"values": values, "sum": total, "declared": claim, "zero_pair": zero, "success": ok}
            parts = " + ".join(f"({v})" if v < 0 else str(v) for v in values)
            en.append(
                f"Fulfil: {parts} = {total}, declared {claim}"
                + (", but two cards add up to zero" if zero else "")
                + (f" → success, {len(values)} points" if ok else " → fails (AZ-FAILURE)")
            )
            pt.append(
                f"Cumprir: {parts} = {total}, anunciado {claim}"
                + (", mas duas cartas somam zero" if zero else "")
                + (f" → acerto, {len(values)} pontos" if ok else " → erro (AZ-FAILURE)")
            )
        probe.apply(action)
    seat = before.to_move()
    if not actions and seat is not None:
        windows = _windows(before, seat)
        out["windows"] = windows
        hits = [w for w in windows if w["hits"]]
        en.append(
            f"Face-up objectives: {', '.join(map(str, before.objectives))}; seat {seat}'s row can make: "
            + (", ".join(f"cards {w['cards']} = {w['sum']}" for w in hits) or "none of them")
        )
        pt.append(
            f"Objetivos abertos: {', '.join(map(str, before.objectives))}; a fileira do assento {seat} faz: "
            + (", ".join(f"cartas {w['cards']} = {w['sum']}" for w in hits) or "nenhum deles")
        )
    en.append("Points so far: " + ", ".join(f"seat {i}: {p}" for i, p in enumerate(out["points"])))
    pt.append("Pontos até agora: " + ", ".join(f"assento {i}: {p}" for i, p in enumerate(out["points"])))
    out["lines_en"], out["lines_pt"] = en, pt
    return out
