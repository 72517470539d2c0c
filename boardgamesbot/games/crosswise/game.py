"""The Crosswise game object: setup, codecs, outcome, determinization, text hooks."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

from ...core.action import Action
from ...core.errors import InvalidActionText, InvalidPosition
from ...core.game import Game
from ...core.outcome import Outcome
from . import actions as A
from .render import render_rich, render_view, score_hint
from .scoring import line_scores
from .state import CrosswiseState, team_of
from .tiles import (
    ACTION_TILES,
    CHAR_TO_TILE,
    EMPTY,
    FULL_SET,
    SIZE,
    SQUARES,
    SYMBOLS,
    TILE_KINDS,
    line_name,
    parse_tiles,
)
from .variants import OPTIONS, check_ranges


class CrosswiseGame(Game):
    """Crosswise (Nicholas Cravotta): rows against columns on a 6×6 board."""

    name = "crosswise"
    title: ClassVar[dict[str, str]] = {"en": "Crosswise", "pt": "Crosswise"}
    min_players = 2
    max_players = 4
    variant_options = OPTIONS

    # ---- setup -------------------------------------------------------
    def resolve_variant(self, variant: Mapping[str, Any] | None) -> dict[str, Any]:
        resolved = super().resolve_variant(variant)
        check_ranges(resolved)
        return resolved

    def _new(self, players: int, seed: int, variant: dict[str, Any]) -> CrosswiseState:
        state = CrosswiseState(self, players, seed, variant)
        bag = [t for t in range(TILE_KINDS) for _ in range(FULL_SET[t])]
        random.Random(f"{seed}:deal").shuffle(bag)
        state.bag = bag
        for seat in range(players):
            state._draw(seat, state.hand_sizes[seat])
        state.drawn = ""
        return state

    def teams(self, players: int, variant: Mapping[str, Any] | None = None) -> list[list[int]]:
        """Team 0 scores the rows, team 1 the columns; partners sit opposite (even / odd seats)."""
        self.check_players(players)
        return [[s for s in range(players) if team_of(s) == team] for team in (0, 1)]

    # ---- codecs ------------------------------------------------------
    def parse_action(self, text: str) -> Action:
        return A.parse(text)

    def num_distinct_actions(self, players: int, variant: Mapping[str, Any] | None = None) -> int:
        return len(A.ALL_ACTIONS)

    def action_to_index(self, action: Action, players: int, variant: Mapping[str, Any] | None = None) -> int:
        if isinstance(action, str):
            action = A.parse(action)
        try:
            return A.INDEX_OF[action]
        except (KeyError, TypeError):
            raise InvalidActionText(repr(action), A.EXPECTED, A.EXPECTED_PT) from None

    def index_to_action(self, index: int, players: int, variant: Mapping[str, Any] | None = None) -> Action:
        if not isinstance(index, int) or not 0 <= index < len(A.ALL_ACTIONS):
            raise InvalidActionText(
                repr(index),
                f"an action index from 0 to {len(A.ALL_ACTIONS) - 1}",
                f"um índice de jogada de 0 a {len(A.ALL_ACTIONS) - 1}",
            )
        return A.ALL_ACTIONS[index]

    def describe_action(self, action: Action | str, lang: str = "en") -> str:
        if isinstance(action, str):
            action = A.parse(action)
        return A.describe(action, lang)

    # ---- results -----------------------------------------------------
    def make_outcome(self, state: CrosswiseState, termination: str, six_line: int | None = None) -> Outcome:
        """Team 0 scores the rows, team 1 the columns; a six of a kind wins whatever the points."""
        scores = line_scores(state.board)
        rows, cols = scores[:SIZE], scores[SIZE:]
        team_scores = (float(sum(rows)), float(sum(cols)))
        details: dict[str, Any] = {"line_scores": {"rows": rows, "columns": cols}}
        tiebreak: str | None = None
        if six_line is not None:
            winning: tuple[int, ...] = (0,) if six_line < SIZE else (1,)
            details["six_line"] = line_name(six_line)
        elif team_scores[0] != team_scores[1]:
            winning = (0,) if team_scores[0] > team_scores[1] else (1,)
        else:
            a, b = sorted(rows, reverse=True), sorted(cols, reverse=True)
            if state.variant["tiebreak"] == "best_line" and a != b:
                winning, tiebreak = ((0,) if a > b else (1,)), "best_line"
            else:
                winning, tiebreak = (0, 1), "shared"
        players = state.players
        winners = tuple(s for s in range(players) if team_of(s) in winning)
        ranking = tuple(sorted(range(players), key=lambda s: (s not in winners, -team_scores[team_of(s)], s)))
        return Outcome(
            scores=tuple(team_scores[team_of(s)] for s in range(players)),
            winners=winners,
            termination=termination,
            team_scores=team_scores,
            winning_teams=winning,
            ranking=ranking,
            tiebreak=tiebreak,
            details=details,
        )

    # ---- positions and hidden information ------------------------------
    def from_position(self, text: str) -> CrosswiseState:
        from .position import from_position

        return from_position(self, text)

    def determinize(self, view: dict[str, Any], rng: random.Random) -> CrosswiseState:
        """Deal the tiles the viewer cannot see at random, honouring every public fact in the view."""
        try:
            return self._determinize(view, rng)
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise InvalidPosition(
                f"not a Crosswise view (or an inconsistent one): {exc!r}",
                f"não é uma vista de Crosswise (ou é incoerente): {exc!r}",
            ) from None

    def _determinize(self, view: dict[str, Any], rng: random.Random) -> CrosswiseState:
        players = view["players"]
        seat = view["seat"]
        variant = self.resolve_variant(view["variant"])
        state = CrosswiseState(self, players, rng.getrandbits(63), variant)
        pool = list(FULL_SET)
        board = [EMPTY if ch == "." else CHAR_TO_TILE[ch] for row in view["board"] for ch in row]
        if len(board) != SQUARES:
            raise ValueError("board must have 36 squares")
        for t in board:
            if t != EMPTY:
                pool[t] -= 1
        used = [view["used"][ch] for ch in "RMST"]
        for i, n in enumerate(used):
            pool[SYMBOLS + i] -= n
        known = [parse_tiles(k)[:SYMBOLS] for k in view["known"]]
        hands: list[list[int]] = [[0] * TILE_KINDS for _ in range(players)]
        for s in range(players):
            if s == seat:
                hands[s] = parse_tiles(view["hand"])
            else:
                hands[s][:SYMBOLS] = known[s]
        for h in hands:
            for t in range(TILE_KINDS):
                pool[t] -= h[t]
        if min(pool) < 0:
            raise ValueError("the view shows more tiles than the box holds")
        unseen = [t for t in range(TILE_KINDS) for _ in range(pool[t])]
        rng.shuffle(unseen)
        sizes = view["hand_sizes"]
        stuck = list(view["stuck"])
        others = sorted((s for s in range(players) if s != seat), key=lambda s: not stuck[s])
        for s in others:
            need = sizes[s] - sum(hands[s])
            if stuck[s]:  # the table saw this seat pass: it holds action tiles only
                picked = [t for t in unseen if t in ACTION_TILES][:need]
                for t in picked:
                    unseen.remove(t)
            else:
                picked, unseen = unseen[:need], unseen[need:]
            if len(picked) != need:
                raise ValueError(f"cannot fill seat {s}'s hand from the unseen tiles")
            for t in picked:
                hands[s][t] += 1
        if len(unseen) != view["bag_size"]:
            raise ValueError("bag size does not match the unseen tiles")
        state.set_board(board)
        state.hands = hands
        state.bag = unseen
        state.used = used
        state.cursor = int(view["cursor"])
        state.turn = int(view["turn"])
        state.started = [bool(x) for x in view["started"]]
        state.redraws = [int(x) for x in view["redraws"]]
        state.known = known
        state.stuck = [bool(x) for x in stuck]
        state.passed = sum(1 << s for s, x in enumerate(view["passed"]) if x)
        state.log_prefix = [str(code) for code in view["log"]]
        state.settle()
        state.origin = state.clone()  # a record of this sample replays from here (position computed lazily)
        return state

    # ---- text ---------------------------------------------------------
    def render_view(self, view: dict[str, Any], lang: str = "en") -> str:
        return render_view(view, lang)

    def render_rich(self, view: dict[str, Any], lang: str = "en") -> Any:
        """Coloured terminal picture (a Rich Text) for `bgb play`; same content as render_view."""
        return render_rich(view, lang)

    def score_hint(self, view: dict[str, Any], lang: str = "en") -> str:
        """Current line scores and team totals (what the `?` command shows)."""
        return score_hint(view, lang)


GAME = CrosswiseGame()
