"""The Liar's Dice plug-in object: facts, setup, codecs, positions, samples, and the capabilities it declares."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any, ClassVar, cast

from ...core.action import Action
from ...core.capabilities import BotKit, CliFlag, DeskKit, InteropKit, SearchTuning, Strength, TerminalKit
from ...core.errors import BGBError, IllegalAction, InvalidActionText, InvalidPosition
from ...core.game import Game
from ...core.variant import VariantOption
from ...core.view import View
from . import actions as A
from .position import decode
from .rules import RULES
from .state import FACES, LiarsDiceState, LiarsDiceView, RoundResult, round_cap
from .variants import OPTIONS, check_ranges

if TYPE_CHECKING:
    from ...core.encoding import ViewEncoder


class LiarsDiceGame(Game):
    """Liar's Dice: bid on the dice under everyone's cups, or call the last bid a lie."""

    name: ClassVar[str] = "liars_dice"
    title: ClassVar[dict[str, str]] = {"en": "Liar's Dice", "pt": "Dados do Mentiroso (Liar's Dice)"}
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = A.MAX_PLAYERS
    variant_options: ClassVar[Mapping[str, VariantOption]] = OPTIONS
    actions = A.TABLE
    rules = RULES
    ui_component = "liars_dice"
    cli_flags = (
        CliFlag("--ones-wild", "ones_wild", "ones count as every face", "o 1 vale por qualquer face"),
        CliFlag("--sixes-wild", "sixes_wild", "sixes count as every face", "o 6 vale por qualquer face"),
        CliFlag("--spot-on", "spot_on", "allow spot-on calls", "permitir apostas exatas"),
        CliFlag("--one-round", "one_round", "a single round: the first call ends the game", "uma só rodada"),
    )

    # ---- setup -------------------------------------------------------------
    def resolve_variant(self, variant: Mapping[str, Any] | None) -> dict[str, Any]:
        resolved = super().resolve_variant(variant)
        check_ranges(resolved)
        return resolved

    def _new(self, players: int, seed: int, variant: dict[str, Any]) -> LiarsDiceState:
        state = LiarsDiceState(self, players, seed, variant)
        state.start_round(0)  # LD-D-FIRST
        return state

    # ---- codecs: the table's prefix for this game size is its dense action space ----
    def num_distinct_actions(self, players: int, variant: Mapping[str, Any] | None = None) -> int:
        return A.space_size(players * self.resolve_variant(variant)["dice"])

    def action_to_index(self, action: Action | str, players: int, variant: Mapping[str, Any] | None = None) -> int:
        index = A.TABLE.index(action)
        size = self.num_distinct_actions(players, variant)
        if index >= size:
            code = action if isinstance(action, str) else action.code
            raise InvalidActionText(
                code,
                f"a bid of at most {(size - A.CALLS_FIRST) // FACES} dice in this game",
                f"uma aposta de no máximo {(size - A.CALLS_FIRST) // FACES} dados neste jogo",
            )
        return index

    def index_to_action(self, index: int, players: int, variant: Mapping[str, Any] | None = None) -> Action:
        size = self.num_distinct_actions(players, variant)
        if isinstance(index, int) and not isinstance(index, bool) and index >= size:
            raise InvalidActionText(
                repr(index), f"an action index from 0 to {size - 1}", f"um índice de jogada de 0 a {size - 1}"
            )
        return A.TABLE.action(index)

    def describe_action(self, action: Action | str, lang: str = "en", *, mover: bool = True) -> str:
        """The same words for the mover and for the log: a bid or a call says nothing personal."""
        return A.describe(self.parse_action(action), lang)

    # ---- positions ---------------------------------------------------------------
    def from_position(self, text: str) -> LiarsDiceState:
        """Rebuild a position by replaying its public history through the engine (every move is checked)."""
        data = decode(text)
        try:
            variant = self.resolve_variant(data.variant)
        except BGBError as exc:
            raise InvalidPosition(f"bad Liar's Dice position: {exc.message}", exc.message_pt) from None
        state = LiarsDiceState(self, data.players, data.seed, variant)
        state.start_round(0)
        try:
            for number, past in enumerate(data.past, 1):
                _set_cups(state, past.dice, f"past round {number}")
                if any(code in ("liar", "spot") for code in past.codes[:-1]) or past.codes[-1] not in ("liar", "spot"):
                    raise InvalidPosition(
                        f"bad Liar's Dice position: past round {number} must end with its call (liar or spot), "
                        "and only there",
                        f"posição de Liar's Dice inválida: a rodada passada {number} termina com o desafio "
                        "(liar ou spot), e só ali",
                    )
                if state.is_over():
                    raise InvalidPosition(
                        f"bad Liar's Dice position: the game was over before past round {number}",
                        f"posição de Liar's Dice inválida: o jogo já tinha acabado antes da rodada {number}",
                    )
                for code in past.codes:
                    state.apply(code)
            if state.is_over():
                if data.bids or any(data.roll):
                    raise InvalidPosition(
                        "bad Liar's Dice position: a finished game has no bids and no dice in play (roll=-/-...)",
                        "posição de Liar's Dice inválida: um jogo acabado não tem apostas nem dados em jogo",
                    )
            else:
                _set_cups(state, data.roll, "roll")
                for code in data.bids:
                    if not isinstance(self.parse_action(code), A.Bid):
                        raise InvalidPosition(
                            f"bad Liar's Dice position: bids= lists bids only, not {code!r}",
                            f"posição de Liar's Dice inválida: bids= lista só apostas, não {code!r}",
                        )
                    state.apply(code)
        except IllegalAction as exc:
            raise InvalidPosition(
                f"bad Liar's Dice position: a move does not replay: {exc}",
                f"posição de Liar's Dice inválida: uma jogada não se repete: {exc.text('pt')}",
            ) from None
        state.history = []
        state.start_position = state.to_position()
        return state

    # ---- hidden information ------------------------------------------------------
    def determinize(self, view: View, rng: random.Random) -> LiarsDiceState:
        """A full state from a seat's view: every other cup rolled afresh (uniform dice), the past as shown.

        The seat's own dice, the counts, the bids and every revealed round stay exactly as in the view;
        the sample gets its own seed, so later rounds roll differently from the real game.
        """
        v = cast(LiarsDiceView, view)
        players, seat = v["players"], v["seat"]
        state = LiarsDiceState(self, players, rng.getrandbits(63), self.resolve_variant(v["variant"]))
        state.counts = list(v["dice_counts"])
        state.round = v["round"]
        state.starter = v["starter"]
        state.out_round = list(v["out_round"])
        state.rounds = _rounds(v)
        state.sample_origin = len(state.rounds)
        state.moves = v["turn"]
        state.bids = [A.BIDS[q, f] for _, q, f in v["bids"]]
        state.bidders = [s for s, _, _ in v["bids"]]
        randint = rng.randint
        own = v["dice"]
        state.dice = [
            list(own) if s == seat and own is not None else sorted(randint(1, FACES) for _ in range(n))
            for s, n in enumerate(state.counts)
        ]
        if v["over"]:
            outcome = v["outcome"]
            state.termination = outcome["termination"] if outcome is not None else "last_player"
            state.mover = None
        else:
            state.mover = v["to_move"]
        return state

    # ---- text ------------------------------------------------------------------
    def render_view(self, view: View, lang: str = "en") -> str:
        from .render import render_view

        return render_view(cast(LiarsDiceView, view), lang)

    # ---- capabilities -------------------------------------------------------------
    def bot_kit(self) -> BotKit:
        from .planner import planner_action
        from .policy import evaluate, greedy_action, rollout_action

        # Measured with `bgb arena` (docs/rules/liars_dice.md, "Bots"). The tree is the root only: every reply
        # is the playout rule with the replier's own sampled dice, and the leaf is the round's result. Samples
        # are uniform (the contract), so the search cannot read what the bids reveal, and its overrides of the
        # planner (which does) lose: against greedy, hard won 82.5% with a margin of 1.0 and 88.5% with 1.5
        # (200 games each; the planner alone wins about 93%). So every level keeps the planner's move unless the
        # search rates another move that much higher; fewer iterations and a lower margin make the weaker levels.
        searched = SearchTuning(rollout_depth=16, exploration=0.7, tree_depth=1, anchor="planner", greedy_margin=1.0)
        return BotKit(
            greedy=greedy_action,
            rollout=rollout_action,
            evaluate=evaluate,
            planner=planner_action,
            tuning=searched,
            tuning_by_strength={Strength.HARD: replace(searched, greedy_margin=1.5)},
        )

    def terminal_kit(self) -> TerminalKit:
        from .render import ENDINGS, render_rich, score_hint

        return TerminalKit(render_rich=render_rich, score_hint=score_hint, endings=ENDINGS)

    def desk_kit(self) -> DeskKit:
        from .desk import KIT

        return KIT

    def interop_kit(self) -> InteropKit:
        return InteropKit(default_players=2, max_game_length=max_game_length, encoder=_encoder)


def max_game_length(players: int, variant: Mapping[str, Any]) -> int:
    """Moves a game can take at most: bids only rise (at most 6 per die in play) and each round ends with a call."""
    dice = players * int(variant.get("dice", 5))
    if variant.get("one_round"):
        rounds = 1
    elif variant.get("spot_on"):
        rounds = round_cap(players, int(variant.get("dice", 5)))
    else:
        rounds = dice - 1  # every round but the last leaves someone a die poorer, and one die is left at the end
    return rounds * (FACES * dice + 1)


def _set_cups(state: LiarsDiceState, cups: list[list[int]], where: str) -> None:
    counts = [len(c) for c in cups]
    if counts != state.counts:
        raise InvalidPosition(
            f"bad Liar's Dice position: {where} has cups of {counts} dice, but the players hold {state.counts}",
            f"posição de Liar's Dice inválida: {where} tem copos de {counts} dados, mas os jogadores têm {state.counts}",
        )
    state.dice = [list(c) for c in cups]


#: The last view's revealed rounds and their parsed form: a search samples one view thousands of times, and
#: parsing its rounds again each time costs more than the rest of a sample (views are never edited in place).
_cache: list[Any] = [None, ()]


def _rounds(view: LiarsDiceView) -> list[RoundResult]:
    rounds = view["rounds"]
    if _cache[0] is not rounds or len(_cache[1]) != len(rounds):
        _cache[0], _cache[1] = rounds, tuple(RoundResult.from_view(r) for r in rounds)
    return list(_cache[1])


def _encoder() -> ViewEncoder:
    from .encoder import ENCODER

    return ENCODER


GAME = LiarsDiceGame()
