"""What the rules desk reads from Alcatraz: its sheets, its glossary, and position judgements.

Sums use the engine's counted values and its one ``fulfils`` rule; points are
the engine's own score (``AlcatrazState.points``), never the size of a
victory pile (won cards may be reshuffled into a new deck, AZ-DECK-RESHUFFLE).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any, cast

from ...core.action import Action
from ...core.capabilities import DeskKit, PositionReport
from ...core.game import State
from . import actions as A
from .cards import fulfils, zero_pair
from .state import AlcatrazState

HERE = Path(__file__).resolve().parent


def windows(state: AlcatrazState, seat: int) -> list[dict[str, Any]]:
    """Every 2- and 3-card window of a seat's row: counted values, sum, and whether it fulfils a shown objective."""
    row = state.rows[seat]
    found = []
    for size in (2, 3):
        for start in range(len(row) - size + 1):
            values = [state.counted_value(c) for c in row[start : start + size]]
            total = sum(values)
            found.append(
                {
                    "cards": f"{start + 1}-{start + size}",
                    "values": values,
                    "sum": total,
                    "zero_pair": zero_pair(values),
                    "hits": total in state.objectives and fulfils(values, total),
                }
            )
    return found


def _signed(values: list[int]) -> str:
    return " + ".join(f"({v})" if v < 0 else str(v) for v in values)


def judge(before: State, actions: Sequence[Action], after: State) -> PositionReport:
    """Fulfils played (values, sum, the zero rule, success), the windows a mover can make, and the points."""
    b, a = cast(AlcatrazState, before), cast(AlcatrazState, after)
    report = PositionReport(facts={"points": list(a.points), "objectives": list(b.objectives)})
    en: list[str] = []
    pt: list[str] = []
    probe = b.clone()
    for action in actions:
        if isinstance(action, A.AzAction) and action.kind == A.USE:
            row = probe.rows[probe.current]
            values = [probe.counted_value(c) for c in row[action.a : action.a + action.b]]
            claim = probe.claim
            zero, ok = zero_pair(values), fulfils(values, claim)
            total = sum(values)
            report.facts["fulfil"] = {
                "values": values,
                "sum": total,
                "declared": claim,
                "zero_pair": zero,
                "success": ok,
            }
            en.append(
                f"Fulfil: {_signed(values)} = {total}, declared {claim}"
                + (", but two cards add up to zero" if zero else "")
                + (f" → success, {len(values)} points" if ok else " → fails (AZ-FAILURE)")
            )
            pt.append(
                f"Cumprir: {_signed(values)} = {total}, anunciado {claim}"
                + (", mas duas cartas somam zero" if zero else "")
                + (f" → acerto, {len(values)} pontos" if ok else " → erro (AZ-FAILURE)")
            )
            report.consequence.update(
                en=(
                    f"The objective {claim} is fulfilled: {len(values)} points."
                    if ok
                    else f"The claim of {claim} fails"
                    + (" because two of the cards add up to zero." if zero else f": the cards add up to {total}.")
                ),
                pt=(
                    f"O objetivo {claim} é cumprido: {len(values)} pontos."
                    if ok
                    else f"O anúncio de {claim} falha"
                    + (" porque duas das cartas somam zero." if zero else f": as cartas somam {total}.")
                ),
            )
        probe.apply(action)
    seat = b.to_move()
    if not actions and seat is not None:
        found = windows(b, seat)
        report.facts["windows"] = found
        hits = [w for w in found if w["hits"]]
        shown = ", ".join(map(str, b.objectives))
        en.append(
            f"Face-up objectives: {shown}; seat {seat}'s row can make: "
            + (", ".join(f"cards {w['cards']} = {w['sum']}" for w in hits) or "none of them")
        )
        pt.append(
            f"Objetivos abertos: {shown}; a fileira do lugar {seat} faz: "
            + (", ".join(f"cartas {w['cards']} = {w['sum']}" for w in hits) or "nenhum deles")
        )
    en.append("Points so far: " + ", ".join(f"seat {i}: {p}" for i, p in enumerate(a.points)))
    pt.append("Pontos até agora: " + ", ".join(f"lugar {i}: {p}" for i, p in enumerate(a.points)))
    outcome = a.outcome()
    if outcome is not None and not b.is_over():
        report.facts["outcome"] = outcome.to_dict()
        seats = ", ".join(map(str, outcome.winners))
        report.consequence.update(
            en=f"This ends the game: seat(s) {seats} win.", pt=f"Isso encerra o jogo: vence(m) o(s) lugar(es) {seats}."
        )
    report.lines.update(en=en, pt=pt)
    return report


KIT = DeskKit(
    sheets={"en": HERE / "sheets" / "en.md", "pt": HERE / "sheets" / "pt.md"},
    glossary=HERE / "glossary.json",
    judge=judge,
)
