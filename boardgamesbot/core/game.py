"""The game protocol every consumer uses: CLI, bots, arena, server, adapters.

A :class:`Game` describes a game and makes states; a :class:`State` is one
position you can clone, inspect, and advance with :meth:`State.apply`.
Subclasses implement the underscored hooks; the public methods here add the
shared checks (parsing text codes, game over) so every game refuses bad input
the same way.
"""

from __future__ import annotations

import random
import secrets
from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import Any, ClassVar

from .action import Action
from .actiontable import ActionTable
from .capabilities import BotKit, CliFlag, DeskKit, InteropKit, LearnKit, TerminalKit
from .errors import BGBError, InvalidRecord, InvalidSetup, InvalidVariant
from .infoset import Sampler, ViewSampler
from .record import GameRecord
from .rules import RuleInfo
from .state import State
from .variant import VariantOption, resolve_variant
from .view import View

__all__ = ["Game", "State", "first_seat", "new_seed", "rng_for"]


def new_seed() -> int:
    """A fresh match seed from the OS entropy pool (never the clock)."""
    return secrets.randbits(63)


class Game(ABC):
    """A game's plug-in object: its description, its factory and the capabilities it declares.

    Required: the facts below, ``_new``, ``from_position``, ``determinize`` and
    ``render_view``, plus an action codec (set ``actions`` to an ActionTable,
    or override the four codec methods). Optional capabilities are asked for
    through the ``*_kit`` methods, ``cli_flags`` and ``ui_component``; generic
    code never imports a game by name. One instance per game, stateless,
    registered with :func:`boardgamesbot.core.registry.register_game`.
    """

    name: ClassVar[str]
    title: ClassVar[dict[str, str]]  # {"en": ..., "pt": ...}
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    variant_options: ClassVar[Mapping[str, VariantOption]] = {}
    #: Every rule of the game by id (``CW-PLACE``...), each tied to the rulebook section it comes from.
    rules: ClassVar[Mapping[str, RuleInfo]] = {}
    #: Every action of the game, when one table serves all player counts and variants.
    actions: ClassVar[ActionTable[Any] | None] = None
    #: Boolean command-line flags (``bgb play GAME --flag``), each switching on one variant option.
    cli_flags: ClassVar[tuple[CliFlag, ...]] = ()
    #: Name of the web UI module ``server/static/js/games/<ui_component>.js``; None: no web UI.
    ui_component: ClassVar[str | None] = None

    # ---- optional capabilities (None: the game does not offer it) -------
    def bot_kit(self) -> BotKit | None:
        """Greedy/planner policies, playouts, leaf evaluation and search tuning for the bots."""
        return None

    def terminal_kit(self) -> TerminalKit | None:
        """A coloured terminal picture and the score summary of `bgb play`."""
        return None

    def desk_kit(self) -> DeskKit | None:
        """How-to-play sheets, glossary and position judgements for the rules desk."""
        return None

    def interop_kit(self) -> InteropKit | None:
        """Facts and the tensor encoder research adapters (PettingZoo, OpenSpiel) need."""
        return None

    def learn_kit(self) -> LearnKit | None:
        """A guided first game and words for why a move is good (hints, reviews, "why?")."""
        return None

    # ---- setup -------------------------------------------------------
    def resolve_variant(self, variant: Mapping[str, Any] | None) -> dict[str, Any]:
        return resolve_variant(self.variant_options, variant)

    def check_players(self, players: int) -> None:
        if not isinstance(players, int) or not self.min_players <= players <= self.max_players:
            raise InvalidSetup(
                f"{self.name} is played by {self.min_players} to {self.max_players} players, not {players!r}",
                f"{self.name} é jogado por {self.min_players} a {self.max_players} jogadores, não {players!r}",
            )

    def new(self, players: int, seed: int | None = None, variant: Mapping[str, Any] | None = None) -> State:
        """A fresh game. ``seed=None`` draws a seed from ``secrets``."""
        self.check_players(players)
        resolved = self.resolve_variant(variant)
        return self._new(players, new_seed() if seed is None else int(seed), resolved)

    @abstractmethod
    def _new(self, players: int, seed: int, variant: dict[str, Any]) -> State: ...

    def teams(self, players: int, variant: Mapping[str, Any] | None = None) -> list[list[int]]:
        """Seats of each team; by default every seat is its own team."""
        return [[seat] for seat in range(players)]

    # ---- codecs (from ``actions`` unless a game overrides them) ----------
    def _table(self) -> ActionTable[Any]:
        if self.actions is None:
            raise NotImplementedError(f"{self.name} sets no ActionTable and does not override the action codec")
        return self.actions

    def parse_action(self, text: str | Action) -> Action:
        """Text code -> action (an action passes through); InvalidActionText names the expected form."""
        table = self._table()
        if isinstance(text, Action) and text in table:
            return text
        action: Action = table.parse(text)
        return action

    def num_distinct_actions(self, players: int, variant: Mapping[str, Any] | None = None) -> int:
        """Size of the dense action index space (for RL masks)."""
        return len(self._table())

    def action_to_index(self, action: Action | str, players: int, variant: Mapping[str, Any] | None = None) -> int:
        return self._table().index(action)

    def index_to_action(self, index: int, players: int, variant: Mapping[str, Any] | None = None) -> Action:
        action: Action = self._table().action(index)
        return action

    def from_record(self, record: GameRecord | Mapping[str, Any]) -> State:
        """Replay a record; raises InvalidRecord naming the first move that fails."""
        if not isinstance(record, GameRecord):
            record = GameRecord.from_dict(dict(record))
        if record.game != self.name:
            raise InvalidRecord(f"record is for game {record.game!r}, not {self.name!r}")
        start = record.meta.get("position")
        if start is not None:
            state = self.from_position(start)
        else:
            state = self.new(record.players, seed=record.seed, variant=record.variant)
        for number, code in enumerate(record.actions, 1):
            try:
                state.apply(code)
            except BGBError as exc:  # a refusal means the record does not replay; engine faults propagate
                raise InvalidRecord(
                    f"move {number} ({code!r}) does not replay: {exc}",
                    f"a jogada {number} ({code!r}) não se repete: {exc.text('pt')}",
                ) from None
        return state

    @abstractmethod
    def from_position(self, text: str) -> State:
        """Parse the game's full-state position text (see docs/rules/<game>.md)."""

    @abstractmethod
    def determinize(self, view: View, rng: random.Random) -> State:
        """A full state consistent with a seat's ``view`` (as given by ``State.view(seat, perfect_memory=True)``)."""

    def sampler(self, view: View) -> Sampler:
        """``determinize`` for one view, prepared once for many samples (a search draws thousands).

        ``sampler(view).sample(rng)`` must give the same state as ``determinize(view, rng)``; games
        override it to read the view once and resample only what the seat cannot see.
        """
        return ViewSampler(self, view)

    @abstractmethod
    def render_view(self, view: View, lang: str = "en") -> str:
        """Terminal text for a view; it can only show what the view holds."""

    def describe_action(self, action: Action | str, lang: str = "en", *, mover: bool = True) -> str:
        """Human words for a move; games override with real descriptions.

        ``mover=True`` words it for the player making the move ("look at card 3 of your row");
        ``mover=False`` for everyone else, in the third person ("look at card 3 of their row"),
        to follow the mover's name in a log ("Bot 2: ...").
        """
        return str(action)

    def __repr__(self) -> str:
        return f"<Game {self.name}>"


def rng_for(seed: int, stream: str) -> random.Random:
    """An independent seeded stream (game, each bot, sampling) derived from one seed."""
    return random.Random(f"{seed}:{stream}")


def first_seat(variant: Mapping[str, Any], players: int, seed: int) -> int:
    """The seat a game's ``first_player`` option names (``seatN``, or ``random``: drawn from the seed);
    a named seat must exist at this table. Shared by the games that offer the option."""
    choice = variant["first_player"]
    if choice == "random":
        return rng_for(seed, "first_player").randrange(players)
    seat = int(choice.removeprefix("seat"))
    if seat >= players:
        raise InvalidVariant(
            f"option 'first_player' is {choice}, but a {players}-player game has seats seat0 to seat{players - 1}",
            f"a opção 'first_player' é {choice}, mas um jogo a {players} tem os lugares seat0 a seat{players - 1}",
        )
    return seat
