"""The Crosswise plug-in object: facts, setup, codecs, and the capabilities it declares."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar, cast

from ...core.action import Action
from ...core.capabilities import BotKit, DeskKit, InteropKit, LearnKit, SearchTuning, TerminalKit
from ...core.game import Game, first_seat
from ...core.view import View
from . import actions as A
from .position import decode
from .render import render_view
from .rules import RULES
from .seats import teams
from .state import CrosswiseState
from .variants import OPTIONS, check_ranges
from .view import CrosswiseView

if TYPE_CHECKING:
    from ...core.encoding import ViewEncoder
    from ...core.infoset import Sampler


class CrosswiseGame(Game):
    """Crosswise (Nicholas Cravotta): rows against columns on a 6×6 board."""

    name = "crosswise"
    title: ClassVar[dict[str, str]] = {"en": "Crosswise", "pt": "Crosswise"}
    min_players = 2
    max_players = 4
    variant_options = OPTIONS
    actions = A.TABLE
    rules = RULES
    ui_component = "crosswise"

    # ---- setup -------------------------------------------------------
    def resolve_variant(self, variant: Mapping[str, Any] | None) -> dict[str, Any]:
        resolved = super().resolve_variant(variant)
        check_ranges(resolved)
        return resolved

    def _new(self, players: int, seed: int, variant: dict[str, Any]) -> CrosswiseState:
        state = CrosswiseState(self, players, seed, variant)
        # CW-D-FIRST: the turn cycle starts at the first player's place in it (3 players: A1 B A2 B)
        state.deal(first_seat(variant, players, seed))
        return state

    def teams(self, players: int, variant: Mapping[str, Any] | None = None) -> list[list[int]]:
        """Team 0 scores the rows, team 1 the columns; partners sit opposite (even / odd seats)."""
        self.check_players(players)
        return teams(players)

    def describe_action(self, action: Action | str, lang: str = "en", *, mover: bool = True) -> str:
        return A.describe(self.parse_action(action), lang, mover=mover)

    # ---- positions and hidden information ------------------------------
    def from_position(self, text: str) -> CrosswiseState:
        state = CrosswiseState.from_data(self, decode(text))
        state.start_position = state.to_position()
        return state

    def determinize(self, view: View, rng: random.Random) -> CrosswiseState:
        from .determinize import determinize

        return determinize(self, cast(CrosswiseView, view), rng)

    def sampler(self, view: View) -> Sampler:
        from .determinize import Sampler as CrosswiseSampler

        return CrosswiseSampler.from_view(self, cast(CrosswiseView, view))

    def render_view(self, view: View, lang: str = "en") -> str:
        return render_view(cast(CrosswiseView, view), lang)

    # ---- capabilities ---------------------------------------------------
    def bot_kit(self) -> BotKit:
        from .policy import evaluate, greedy_action, rollout_action

        # Chosen by measurement (docs/bots.md): the root is wide (up to ~500 moves), so only the 8 best
        # after one ply (plus greedy's pick) are searched, with short playouts then the board evaluation.
        return BotKit(
            greedy=greedy_action,
            rollout=rollout_action,
            evaluate=evaluate,
            tuning=SearchTuning(rollout_depth=8, exploration=0.7, candidates=8),
        )

    def terminal_kit(self) -> TerminalKit:
        from .render import ENDINGS, render_rich, score_hint

        return TerminalKit(render_rich=render_rich, score_hint=score_hint, endings=ENDINGS)

    def desk_kit(self) -> DeskKit:
        from .desk import KIT

        return KIT

    def interop_kit(self) -> InteropKit:
        return InteropKit(default_players=4, max_game_length=_max_game_length, encoder=_encoder)

    def learn_kit(self) -> LearnKit:
        from .learn import kit

        return kit()


def _max_game_length(players: int, variant: Mapping[str, Any]) -> int:
    """The engine's own cap on applied moves (variant ``max_turns``) ends every game."""
    return int(variant["max_turns"])


def _encoder() -> ViewEncoder:
    from .encoder import ENCODER

    return ENCODER


GAME = CrosswiseGame()
