"""The Alcatraz game object: variants, factory, codecs, determinization, rendering."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

from ...core.action import Action
from ...core.errors import InvalidActionText, InvalidVariant
from ...core.game import Game
from ...core.variant import VariantOption
from . import actions as A
from .cards import ABILITY_TABLES, DEFAULT_TABLE
from .state import AlcatrazState

DEFAULT_TURN_CAP = 40

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
        "Turns per player after which a round nobody can finish stops (AZ-TURN-CAP).",
        "Turnos por jogador após os quais uma rodada sem fim é encerrada (AZ-TURN-CAP).",
    ),
}


class AlcatrazGame(Game):
    """Alcatraz: free the most cats by adding 2 or 3 adjacent cards to hit objectives."""

    name: ClassVar[str] = "alcatraz"
    title: ClassVar[dict[str, str]] = {"en": "Alcatraz", "pt": "Alcatraz"}
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 5
    variant_options: ClassVar[Mapping[str, VariantOption]] = VARIANTS

    def resolve_variant(self, variant: Mapping[str, Any] | None) -> dict[str, Any]:
        resolved = super().resolve_variant(variant)
        if resolved["turn_cap"] < 1:
            raise InvalidVariant(
                f"option 'turn_cap' must be at least 1, not {resolved['turn_cap']}",
                f"a opção 'turn_cap' deve ser pelo menos 1, não {resolved['turn_cap']}",
            )
        return resolved

    def _new(self, players: int, seed: int, variant: dict[str, Any]) -> AlcatrazState:
        state = AlcatrazState(self, players, seed, variant)
        state.deal()
        return state

    # ---- codecs ------------------------------------------------------------
    def parse_action(self, text: str) -> Action:
        if isinstance(text, A.AzAction):
            return text
        return A.parse(text)

    def num_distinct_actions(self, players: int, variant: Mapping[str, Any] | None = None) -> int:
        return len(A.ALL_ACTIONS)

    def action_to_index(self, action: Action, players: int, variant: Mapping[str, Any] | None = None) -> int:
        if isinstance(action, str):
            action = A.parse(action)
        index = A.INDEX.get(action)  # type: ignore[call-overload]
        if index is None:
            raise InvalidActionText(repr(action), A.EXPECTED_EN, A.EXPECTED_PT)
        return index

    def index_to_action(self, index: int, players: int, variant: Mapping[str, Any] | None = None) -> Action:
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(A.ALL_ACTIONS):
            raise InvalidActionText(
                repr(index),
                f"an action index 0-{len(A.ALL_ACTIONS) - 1}",
                f"um índice de jogada de 0 a {len(A.ALL_ACTIONS) - 1}",
            )
        return A.ALL_ACTIONS[index]

    def describe_action(self, action: Action | str, lang: str = "en") -> str:
        act = A.parse(action) if isinstance(action, str) else action
        if not isinstance(act, A.AzAction):
            raise InvalidActionText(repr(action), A.EXPECTED_EN, A.EXPECTED_PT)
        return A.describe(act, lang)

    # ---- positions, views ------------------------------------------------------
    def from_position(self, text: str) -> AlcatrazState:
        from .position import text_to_state

        return text_to_state(self, text)

    def determinize(self, view: dict[str, Any], rng: random.Random) -> AlcatrazState:
        from .determinize import determinize

        return determinize(self, view, rng)

    def render_view(self, view: dict[str, Any], lang: str = "en") -> str:
        from .render import render

        return render(view, lang)

    def score_hint(self, view: dict[str, Any], lang: str = "en") -> str:
        """Points, circles and round scores (the terminal's `?` command)."""
        from .render import score_hint

        return score_hint(view, lang)


GAME = AlcatrazGame()
