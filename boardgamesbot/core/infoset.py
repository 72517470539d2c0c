"""What a bot receives: the seat's view, its legal moves and a sampler.

A bot never holds a :class:`State`. ``determinize`` draws a full state
consistent with what the seat knows and independent of what it does not:
from the seat's view (``Game.sampler(view)``), or, for an infoset a state
made itself, from the game's ``State.sampler(seat)``, which reads only the
seat's own knowledge straight off the position and gives the same samples
(tests/core checks both roads agree, and tests/bots that hidden facts never
change a bot's move). The sampler is prepared once and reused, so a search
pays for reading the view once per decision, not once per sample.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from .action import Action
    from .game import Game
    from .state import State
    from .view import View


class Sampler(Protocol):
    """Draws full states consistent with one seat's information (``Game.sampler``, ``State.sampler``)."""

    def sample(self, rng: random.Random) -> State: ...


class ViewSampler:
    """The plain sampler: ``Game.determinize`` on the view, for games that prepare nothing."""

    __slots__ = ("game", "view")

    def __init__(self, game: Game, view: View) -> None:
        self.game = game
        self.view = view

    def sample(self, rng: random.Random) -> State:
        return self.game.determinize(self.view, rng)


class InfoSet:
    """The seat's view (perfect memory), its legal actions (empty when not to move) and ``determinize``.

    Built by ``State.infoset(seat)`` or by hand from a view (a remote bot). Read-only. A state's
    infoset keeps a private snapshot of the position, read only to build the view when first
    asked and the sampler; it is dropped when the infoset is pickled (the view goes instead).
    """

    __slots__ = ("_legal", "_sampler", "_snapshot", "_view", "game", "seat")

    def __init__(
        self,
        game: Game,
        seat: int,
        view: View | None = None,
        legal_actions: tuple[Action, ...] | None = (),
        *,
        snapshot: State | None = None,
        sampler: Sampler | None = None,
    ) -> None:
        """``legal_actions=None`` with a snapshot: read from the snapshot when first asked for."""
        if view is None and snapshot is None:
            raise ValueError("an InfoSet needs a view (or a state snapshot to build it from)")
        if legal_actions is None and snapshot is None:
            raise ValueError("an InfoSet without its legal actions needs a state snapshot to read them from")
        self.game = game
        self.seat = seat
        self._legal = None if legal_actions is None else tuple(legal_actions)
        self._view = view
        self._snapshot = snapshot
        self._sampler = sampler

    @property
    def legal_actions(self) -> tuple[Action, ...]:
        """The seat's legal actions (empty when it is not to move)."""
        legal = self._legal
        if legal is None:
            snapshot = self._snapshot
            assert snapshot is not None  # the constructor requires one when the actions are not given
            legal = self._legal = tuple(snapshot.legal_actions()) if snapshot.to_move() == self.seat else ()
        return legal

    @property
    def view(self) -> View:
        view = self._view
        if view is None:
            assert self._snapshot is not None  # the constructor requires one of the two
            view = self._view = self._snapshot.view(self.seat, perfect_memory=True)
        return view

    def sampler(self) -> Sampler:
        """The prepared sampler (built on first use: from the snapshot if the game offers one, else the view)."""
        sampler = self._sampler
        if sampler is None:
            if self._snapshot is not None:
                sampler = self._snapshot.frozen_sampler(self.seat)
            if sampler is None:
                sampler = self.game.sampler(self.view)
            self._sampler = sampler
        return sampler

    def determinize(self, rng: random.Random) -> State:
        """A full state drawn uniformly from those consistent with ``view``."""
        return self.sampler().sample(rng)

    # ---- value semantics (as the frozen dataclass this was) -------------------
    def __eq__(self, other: object) -> bool:
        if not isinstance(other, InfoSet):
            return NotImplemented
        return (
            self.game is other.game
            and self.seat == other.seat
            and self.legal_actions == other.legal_actions
            and self.view == other.view
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"InfoSet(game={self.game!r}, seat={self.seat}, legal_actions={len(self.legal_actions)} moves)"

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle the view, never the snapshot (bot workers get only what the seat may know)."""
        return (InfoSet, (self.game, self.seat, self.view, self.legal_actions))
