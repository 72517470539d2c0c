"""What the rules desk reads from Liar's Dice: its sheets, its glossary, and position judgements.

The judgement is the engine's own count (``count_matches``, wild dice and all)
and its own resolution of calls, so a rules answer can never disagree with how
a challenge is actually settled.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any, cast

from ...core.action import Action
from ...core.capabilities import DeskKit, PositionReport
from ...core.game import State
from .render import cups_line, round_line
from .state import LiarsDiceState

HERE = Path(__file__).resolve().parent


def judge(before: State, actions: Sequence[Action], after: State) -> PositionReport:
    """The bid standing, how many dice show its face, whether a call would win; what any calls played did."""
    b, a = cast(LiarsDiceState, before), cast(LiarsDiceState, after)
    facts: dict[str, Any] = {"dice_counts": list(a.counts), "dice_in_play": a.in_play()}
    lines: dict[str, list[str]] = {"en": [], "pt": []}
    report = PositionReport(facts=facts, lines=lines)
    for r in a.rounds[len(b.rounds) :]:  # rounds the moves finished: the engine's own reveal
        facts.setdefault("calls", []).append(r.to_view())
        for lang in ("en", "pt"):
            lines[lang].append(f"{round_line(r.to_view(), lang)} ({cups_line(r.to_view(), lang)})")
    if a.bids:
        last, bidder = a.bids[-1], a.bidders[-1]
        count = a.count(last.face)
        holds = count >= last.quantity
        facts["bid"] = {"seat": bidder, "quantity": last.quantity, "face": last.face}
        facts["count"] = count
        facts["liar_call_wins"] = not holds
        facts["spot_on_call_right"] = count == last.quantity
        wild = sorted(a.wild)
        wild_en = f" (wild {', '.join(map(str, wild))} included)" if wild else ""
        wild_pt = f" (curinga {', '.join(map(str, wild))} incluído)" if wild else ""
        lines["en"].append(
            f"Bid standing: {last.code} by seat {bidder}. Under all cups {count} dice count as {last.face}{wild_en}, "
            + ("so the bid holds and a liar call would lose." if holds else "so the bid is false and a liar call wins.")
        )
        lines["pt"].append(
            f"Aposta em vigor: {last.code}, do lugar {bidder}. Sob todos os copos {count} dados valem {last.face}"
            f"{wild_pt}, "
            + (
                "então a aposta se sustenta e quem duvidar perde."
                if holds
                else "então a aposta é falsa e quem duvidar ganha."
            )
        )
    elif not a.is_over():
        lines["en"].append(f"No bid yet this round; {a.in_play()} dice are in play.")
        lines["pt"].append(f"Ainda não há aposta nesta rodada; há {a.in_play()} dados em jogo.")
    outcome = a.outcome()
    if outcome is not None and not b.is_over():
        facts["outcome"] = outcome.to_dict()
        seats = ", ".join(map(str, outcome.winners))
        report.consequence["en"] = f"This ends the game: seat(s) {seats} win."
        report.consequence["pt"] = f"Isso encerra o jogo: vence(m) o(s) lugar(es) {seats}."
    elif len(a.rounds) > len(b.rounds):
        r = a.rounds[-1]
        who = r.loser if r.loser is not None else r.gainer
        if who is not None:
            verb_en, verb_pt = (
                ("loses a die", "perde um dado") if r.loser is not None else ("wins a die back", "recupera um dado")
            )
            report.consequence["en"] = f"Seat {who} {verb_en}; seat {a.starter} starts round {a.round}."
            report.consequence["pt"] = f"O lugar {who} {verb_pt}; o lugar {a.starter} começa a rodada {a.round}."
    return report


KIT = DeskKit(
    sheets={"en": HERE / "sheets" / "en.md", "pt": HERE / "sheets" / "pt.md"},
    glossary=HERE / "glossary.json",
    judge=judge,
)
