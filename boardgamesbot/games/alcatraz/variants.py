"""Alcatraz's named variant options: the readings a table may choose (docs/rules/alcatraz.md says why)."""

from __future__ import annotations

from ...core.variant import VariantOption
from .cards import ABILITY_TABLES, DEFAULT_TABLE

DEFAULT_TURN_CAP = 40
FIRST_PLAYER_CHOICES = ("seat0", "seat1", "seat2", "seat3", "seat4", "random")
MAX_TURN_CAP = 100  # a round nobody can finish still stops within a bounded number of moves (and replays stay cheap)

VARIANTS: dict[str, VariantOption] = {
    "wild": VariantOption(
        "wild",
        False,
        "Wild Prisoner: rows of 5 cards instead of 4 (AZ-WILD).",
        "Prisioneiro Selvagem: fileiras de 5 cartas em vez de 4 (AZ-WILD).",
    ),
    "memory_aid": VariantOption(
        "memory_aid",
        False,
        "A person's view keeps showing the cards they looked at (AZ-MEMORY-AID).",
        "A tela continua mostrando as cartas que a pessoa olhou (AZ-MEMORY-AID).",
    ),
    "tiebreak_round": VariantOption(
        "tiebreak_round",
        True,
        "Play a third round when points and circles are still tied (AZ-TIE-ROUND).",
        "Jogar uma terceira rodada se pontos e círculos empatarem (AZ-TIE-ROUND).",
    ),
    "ability_table": VariantOption(
        "ability_table",
        DEFAULT_TABLE,
        "Which card values carry which ability (AZ-ABILITY-TABLE).",
        "Quais valores de carta têm qual habilidade (AZ-ABILITY-TABLE).",
        choices=tuple(ABILITY_TABLES),
    ),
    "turn_cap": VariantOption(
        "turn_cap",
        DEFAULT_TURN_CAP,
        f"Turns per player after which a round nobody can finish stops, 1 to {MAX_TURN_CAP} (AZ-TURN-CAP).",
        f"Turnos por jogador após os quais uma rodada sem fim é encerrada, de 1 a {MAX_TURN_CAP} (AZ-TURN-CAP).",
    ),
    # Options added later: positions write them only when they differ from the default (position.py).
    "first_player": VariantOption(
        "first_player",
        "seat0",
        "Who starts round 1: 'seat0' (the first seat), 'seat1'..'seat4' (that seat) or 'random' (drawn from the "
        "game seed); later rounds start left of the last player who emptied a row (AZ-FIRST-PLAYER).",
        "Quem começa a rodada 1: 'seat0' (o primeiro assento), 'seat1'..'seat4' (esse assento) ou 'random' "
        "(sorteado a partir da semente do jogo); as rodadas seguintes começam à esquerda de quem esvaziou a "
        "fileira por último (AZ-FIRST-PLAYER).",
        choices=FIRST_PLAYER_CHOICES,
    ),
    "third_round": VariantOption(
        "third_round",
        "all_totals",
        "Who plays the tie-break third round: 'all_totals' (everyone plays and it adds to every total, as the "
        "manual says) or 'tied_only' (only the tied players play it, as the English summary says) (AZ-THIRD-ROUND).",
        "Quem joga a terceira rodada de desempate: 'all_totals' (todos jogam e ela soma a todos os totais, como "
        "diz o manual) ou 'tied_only' (só os empatados jogam, como diz o resumo em inglês) (AZ-THIRD-ROUND).",
        choices=("all_totals", "tied_only"),
    ),
    "empty_deck": VariantOption(
        "empty_deck",
        "return_won",
        "When the draw deck runs out: 'return_won' (the discard piles below their tops and the won cards are "
        "shuffled into a new deck; points stay) or 'discards_only' (only the discard piles below their tops; "
        "if even that runs dry the round ends once the turn cycle is complete) (AZ-DECK-RESHUFFLE, AZ-DECK-DRY).",
        "Quando o baralho de compras acaba: 'return_won' (os montes de descarte sem os topos e as cartas "
        "conquistadas são embaralhados num novo baralho; os pontos ficam) ou 'discards_only' (só os descartes "
        "sem os topos; se nem isso houver, a rodada acaba quando a volta se completar) "
        "(AZ-DECK-RESHUFFLE, AZ-DECK-DRY).",
        choices=("return_won", "discards_only"),
    ),
    "optional_look": VariantOption(
        "optional_look",
        False,
        "The start-of-round look is optional: a player may skip it with 'nopeek' (AZ-OPTIONAL-LOOK).",
        "Olhar uma carta no início da rodada é opcional: pode-se dispensar com 'nopeek' (AZ-OPTIONAL-LOOK).",
    ),
}
