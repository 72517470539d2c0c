"""Named variant options: the project's readings where the rulebook is silent.

Defaults are the project's decisions (docs/rules/crosswise.md says why); the
alternatives are readings players could reasonably prefer.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...core.errors import InvalidVariant
from ...core.variant import VariantOption

UNLIMITED = "unlimited"
FIRST_PLAYER_CHOICES = ("seat0", "seat1", "seat2", "seat3", "random")


@dataclass(frozen=True)
class CountOrUnlimited(VariantOption):
    """A whole-number option that also takes the word ``unlimited`` (no upper bound)."""

    def check(self, value: Any) -> Any:
        if isinstance(value, str) and value.strip().lower() == UNLIMITED:
            return UNLIMITED
        return super().check(value)


OPTIONS: dict[str, VariantOption] = {
    opt.name: opt
    for opt in (
        VariantOption(
            "opponent_six",
            "wins",
            "A move that completes six identical symbols in an opponent's line: 'wins' (that line's team wins, "
            "whoever made it) or 'illegal' (such a move is not allowed).",
            "Jogada que completa seis símbolos iguais numa linha do adversário: 'wins' (a equipa dona da linha "
            "ganha, seja quem for que a completou) ou 'illegal' (essa jogada não é permitida).",
            choices=("wins", "illegal"),
        ),
        VariantOption(
            "tiebreak",
            "draw",
            "Equal totals at the end: 'draw' (shared result) or 'best_line' (compare the teams' line scores from "
            "best to worst; the first difference decides, else a draw).",
            "Totais iguais no fim: 'draw' (empate) ou 'best_line' (comparam-se as linhas das equipas da melhor "
            "para a pior; a primeira diferença decide, senão empate).",
            choices=("draw", "best_line"),
        ),
        VariantOption(
            "stuck",
            "pass",
            "A player who cannot act: 'pass' (skip the turn) or 'discard' (set the unusable action tiles aside as "
            "used and refill the hand).",
            "Jogador que não pode jogar: 'pass' (passa a vez) ou 'discard' (põe de lado as peças de ação que não "
            "pode usar, como usadas, e completa a mão).",
            choices=("pass", "discard"),
        ),
        VariantOption(
            "first_player",
            "seat0",
            "Who takes the first turn: 'seat0' (the first seat), 'seat1'..'seat3' (that seat; in a 3-player game "
            "seat1 is the lone player), or 'random' (drawn from the game seed). Play then goes clockwise.",
            "Quem joga primeiro: 'seat0' (o primeiro lugar), 'seat1'..'seat3' (esse lugar; a três, seat1 é quem "
            "joga sozinho) ou 'random' (sorteado a partir da semente do jogo). Depois joga-se no sentido dos "
            "ponteiros do relógio.",
            choices=FIRST_PLAYER_CHOICES,
        ),
        CountOrUnlimited(
            "redraws",
            1,
            "How many times a player whose hand holds only action tiles may return it and draw again, on their "
            "first turn: 0 to 5, or 'unlimited' (the rulebook sets no limit).",
            "Quantas vezes um jogador com só peças de ação na mão pode devolvê-las e tirar outras, no seu primeiro "
            "turno: 0 a 5, ou 'unlimited' (o livro de regras não põe limite).",
            choices=(0, 1, 2, 3, 4, 5, UNLIMITED),
        ),
        VariantOption(
            "max_turns",
            1000,
            "Safety cap on applied moves; the game ends (termination 'turn_cap') and the board is scored as it "
            "stands. The default is never reached under the default rules (60 to 10000).",
            "Limite de segurança de jogadas; o jogo acaba (término 'turn_cap') e conta-se o tabuleiro como está. "
            "Com as regras normais nunca é atingido (60 a 10000).",
        ),
    )
}


def check_ranges(variant: dict[str, Any]) -> None:
    """Range checks VariantOption cannot express."""
    if not 60 <= variant["max_turns"] <= 10000:
        raise InvalidVariant(
            f"option 'max_turns' must be between 60 and 10000, not {variant['max_turns']}",
            f"a opção 'max_turns' deve estar entre 60 e 10000, não {variant['max_turns']}",
        )


def redraw_limit(variant: dict[str, Any]) -> float:
    """How many redraws a seat may take (``inf`` for 'unlimited')."""
    value = variant["redraws"]
    return float("inf") if value == UNLIMITED else float(value)
