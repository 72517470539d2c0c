"""One position of any game: the half of the protocol a consumer holds in its hand.

:class:`State` lives in its own module (re-exported by ``core.game`` and ``core``)
so the compiled build can turn it into a native class: a game's state class
then compiles to a native subclass whose ``apply`` runs without interpreter
dispatch. Interpreted subclasses (games without a compiled build) work the same.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from mypy_extensions import mypyc_attr

from .action import Action
from .errors import GameOver
from .events import Event
from .infoset import InfoSet, Sampler
from .outcome import Outcome
from .record import GameRecord
from .view import View, check_seat

if TYPE_CHECKING:
    from .game import Game


@mypyc_attr(allow_interpreted_subclasses=True)
class State(ABC):
    """One position. Mutable through :meth:`apply` only; :meth:`clone` to branch."""

    game: Game
    players: int
    seed: int
    variant: dict[str, Any]
    history: list[Action]

    # ---- turn structure ----------------------------------------------
    @abstractmethod
    def to_move(self) -> int | None:
        """The seat that must decide now, or None when the game is over."""

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """Every legal action for the seat to move (empty when over)."""

    @abstractmethod
    def is_over(self) -> bool: ...

    @property
    def ply(self) -> int:
        """The state version: actions applied since the game began (views call it ``turn``).

        Games whose states can start mid-game (positions, samples) override it.
        """
        return len(self.history)

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """The result once over, else None."""

    # ---- advancing -----------------------------------------------------
    def apply(self, action: Action | str) -> list[Event]:
        """Validate and play ``action`` (or its text code).

        Raises IllegalAction (with a rule id) and leaves the state unchanged
        if the action is not legal now.
        """
        if self.is_over():
            raise GameOver()
        if isinstance(action, str):
            action = self.game.parse_action(action)
        self._check(action)
        events = self._apply(action)
        self.history.append(action)
        return events

    @abstractmethod
    def _check(self, action: Action) -> None:
        """Raise IllegalAction(rule_id, ...) if ``action`` is illegal; must not mutate."""

    @abstractmethod
    def _apply(self, action: Action) -> list[Event]:
        """Play an already-checked action."""

    # ---- information ---------------------------------------------------
    @abstractmethod
    def view(self, seat: int | None = None, *, perfect_memory: bool = False, moment: bool = True) -> View:
        """JSON-safe observation with only what ``seat`` may know (None: spectator).

        ``perfect_memory`` adds what the seat has seen before and may have
        forgotten (bots always use it; humans only with a memory-aid option).
        ``moment=False`` leaves out what the seat is shown only at the moment
        of looking (a replay frame must not bring back what a player forgot).
        """

    def infoset(self, seat: int) -> InfoSet:
        """All a bot may use: its view (perfect memory), its legal actions if to move, and a sampler.

        The view and the legal actions are built when first read, from a private snapshot of this
        position that only the view and :meth:`sampler` ever read (a search that
        only samples never pays for a view); the snapshot is not pickled.
        """
        check_seat(seat, self.players)
        return InfoSet(self.game, seat, None, None, snapshot=self.clone())  # legal actions read when asked

    def sampler(self, seat: int) -> Sampler | None:
        """A sampler of full states for ``seat`` prepared straight from this position, or None (the game's
        ``Game.sampler`` on the seat's view is used then).

        It may read only what ``seat`` knows, and must give sample for sample the states that
        ``game.sampler(view(seat, perfect_memory=True))`` gives (tests/core checks both).
        """
        return None

    def frozen_sampler(self, seat: int) -> Sampler | None:
        """:meth:`sampler` for a state that never changes again (an infoset's private snapshot), so a game may
        share the state's parts instead of copying them; by default just :meth:`sampler`."""
        return self.sampler(seat)

    def render(self, seat: int | None = None, lang: str = "en") -> str:
        return self.game.render_view(self.view(seat), lang)

    # ---- copies and records -------------------------------------------
    @abstractmethod
    def clone(self) -> State: ...

    @abstractmethod
    def to_position(self) -> str:
        """Full-state text that ``Game.from_position`` turns back into an equal state."""

    def to_record(self) -> GameRecord:
        return GameRecord(
            game=self.game.name,
            players=self.players,
            seed=self.seed,
            variant=dict(self.variant),
            actions=[a.code for a in self.history],
            meta=dict(self._record_meta()),
        )

    def _record_meta(self) -> Mapping[str, Any]:
        """Extra record fields (e.g. the starting position of a set-up game)."""
        return {}

    # ---- dense action codec, bound to this state's parameters ----------
    def num_distinct_actions(self) -> int:
        return self.game.num_distinct_actions(self.players, self.variant)

    def action_to_index(self, action: Action | str) -> int:
        return self.game.action_to_index(action, self.players, self.variant)

    def index_to_action(self, index: int) -> Action:
        return self.game.index_to_action(index, self.players, self.variant)

    def describe(self, action: Action | str, lang: str = "en", *, mover: bool = True) -> str:
        return self.game.describe_action(action, lang, mover=mover)

    def __repr__(self) -> str:
        return f"<{self.game.name} state: {self.to_position()!r}>"
