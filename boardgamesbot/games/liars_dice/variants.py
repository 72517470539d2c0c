"""Named variant options of Liar's Dice (docs/rules/liars_dice.md, "Variant options").

The defaults are the common table game: five dice each, no wild face, a bid
beats the last with more dice or the same number of a higher face, no spot-on
call, played until one player has dice left. The other values cover the
popular house rules and what OpenSpiel's ``liars_dice`` plays.
"""

from __future__ import annotations

from typing import Any

from ...core.errors import InvalidVariant
from ...core.variant import VariantOption

MAX_DICE = 5
BID_ORDERS = ("quantity", "face")

OPTIONS: dict[str, VariantOption] = {
    opt.name: opt
    for opt in (
        VariantOption(
            "dice",
            MAX_DICE,
            f"Dice each player starts with, 1 to {MAX_DICE} (LD-DICE; OpenSpiel's numdice).",
            f"Dados com que cada jogador começa, de 1 a {MAX_DICE} (LD-DICE; o numdice do OpenSpiel).",
        ),
        VariantOption(
            "ones_wild",
            False,
            "Ones are wild: a die showing 1 counts as every face (LD-WILD-ONES).",
            "Uns são curinga: um dado mostrando 1 vale por qualquer face (LD-WILD-ONES).",
        ),
        VariantOption(
            "sixes_wild",
            False,
            "Sixes are wild: a die showing 6 counts as every face, as in OpenSpiel (LD-WILD-SIXES).",
            "Seis são curinga: um dado mostrando 6 vale por qualquer face, como no OpenSpiel (LD-WILD-SIXES).",
        ),
        VariantOption(
            "bid_order",
            "quantity",
            "How a bid beats the last: 'quantity' (more dice, or as many of a higher face; LD-RAISE; OpenSpiel "
            "reset-face) or 'face' (a higher face, or more of the same face; LD-RAISE-FACE; OpenSpiel "
            "reset-quantity).",
            "Como uma aposta supera a anterior: 'quantity' (mais dados, ou a mesma quantidade de uma face maior; "
            "LD-RAISE; reset-face no OpenSpiel) ou 'face' (uma face maior, ou mais dados da mesma face; "
            "LD-RAISE-FACE; reset-quantity no OpenSpiel).",
            choices=BID_ORDERS,
        ),
        VariantOption(
            "spot_on",
            False,
            "Spot-on calls: claim the last bid is exactly right to win back a die (LD-SPOT).",
            "Aposta exata: afirmar que a última aposta está exata para recuperar um dado (LD-SPOT).",
        ),
        VariantOption(
            "one_round",
            False,
            "Play a single round: the first call ends the game, as in OpenSpiel (LD-ONE-ROUND).",
            "Jogar uma só rodada: o primeiro desafio encerra o jogo, como no OpenSpiel (LD-ONE-ROUND).",
        ),
    )
}


def check_ranges(variant: dict[str, Any]) -> None:
    """Range checks VariantOption cannot express."""
    if not 1 <= variant["dice"] <= MAX_DICE:
        raise InvalidVariant(
            f"option 'dice' must be from 1 to {MAX_DICE}, not {variant['dice']}",
            f"a opção 'dice' deve ser de 1 a {MAX_DICE}, não {variant['dice']}",
        )


def wild_faces(variant: dict[str, Any]) -> frozenset[int]:
    """The faces that count as every face under ``variant``."""
    return frozenset(face for face, on in ((1, variant["ones_wild"]), (6, variant["sixes_wild"])) if on)
