"""Game clocks, kept by the server: real-time (minutes + an increment per decision) or turn-based.

Only a person's decisions are timed (a bot or a stand-in playing a seat stops that seat's
clock). Time is measured by the server (``time.monotonic`` while running; a wall-clock
deadline in storage so a restart goes on from the same deadline); no client says how much
time it has. Every decision counts (a turn of several decisions is several).

- ``realtime``: each seat has ``initial`` seconds for the whole game and gains ``increment``
  after each of its decisions.
- ``turn``: each decision must come within ``per_move`` seconds (e.g. 24 h).

When a clock runs out the room's ``on_timeout`` rule applies: ``stand_in`` (a stand-in bot
makes that one decision; a real-time clock then restarts at the increment, at least
``AFTER_TIMEOUT`` seconds) or ``forfeit`` (rated tables only: the seat is handed to a
stand-in for good and the player ranks last in the rating).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from .errors import ServerError, bad_message
from .storage import now

REALTIME_INITIAL = (5.0, 7200.0)
REALTIME_INCREMENT = (0.0, 600.0)
TURN_PER_MOVE = (10.0, 14 * 86400.0)
AFTER_TIMEOUT = 10.0  # s a real-time clock restarts at after a timeout (when the increment is smaller)
RULES = ("stand_in", "forfeit")


@dataclass(frozen=True)
class ClockSpec:
    kind: str  # realtime | turn
    initial: float = 0.0
    increment: float = 0.0
    per_move: float = 0.0
    on_timeout: str = "stand_in"

    def to_dict(self) -> dict[str, Any]:
        if self.kind == "realtime":
            return {
                "kind": "realtime",
                "initial": self.initial,
                "increment": self.increment,
                "on_timeout": self.on_timeout,
            }
        return {"kind": "turn", "per_move": self.per_move, "on_timeout": self.on_timeout}

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None) -> ClockSpec | None:
        if not data:
            return None
        return cls(
            str(data.get("kind")),
            float(data.get("initial", 0.0)),
            float(data.get("increment", 0.0)),
            float(data.get("per_move", 0.0)),
            str(data.get("on_timeout", "stand_in")),
        )


def _number(data: dict[str, Any], key: str, bounds: tuple[float, float], default: float | None = None) -> float:
    value = data.get(key, default)
    lo, hi = bounds
    if isinstance(value, bool) or not isinstance(value, int | float) or not lo <= value <= hi:
        raise bad_message(
            f"clock field {key!r} must be a number of seconds from {lo:g} to {hi:g}",
            f"o campo {key!r} do relógio deve ser um número de segundos de {lo:g} a {hi:g}",
        )
    return float(value)


def parse_clock(value: Any, on_timeout: Any, rated: bool) -> ClockSpec | None:
    """The clock a create-room body asks for (None: no clock); bad_message for anything else."""
    if value is None:
        return None
    if not isinstance(value, dict):
        raise bad_message("field 'clock' must be an object or null", "o campo 'clock' deve ser um objeto ou null")
    kind = value.get("kind")
    rule = on_timeout if on_timeout is not None else ("forfeit" if rated else "stand_in")
    if rule not in RULES:
        raise bad_message(
            "field 'on_timeout' must be stand_in or forfeit", "o campo 'on_timeout' deve ser stand_in ou forfeit"
        )
    if rule == "forfeit" and not rated:
        raise ServerError(
            "invalid_setup",
            "a player can forfeit on time only in a rated game; use on_timeout stand_in",
            "só se perde por tempo num jogo valendo rating; use on_timeout stand_in",
        )
    if kind == "realtime":
        return ClockSpec(
            "realtime",
            initial=_number(value, "initial", REALTIME_INITIAL),
            increment=_number(value, "increment", REALTIME_INCREMENT, 0.0),
            on_timeout=rule,
        )
    if kind == "turn":
        return ClockSpec("turn", per_move=_number(value, "per_move", TURN_PER_MOVE), on_timeout=rule)
    raise bad_message("clock kind must be realtime or turn", "o tipo de relógio deve ser realtime ou turn")


class Clock:
    """One room's clock: every seat's time left and the running seat's deadline."""

    def __init__(self, spec: ClockSpec, players: int) -> None:
        self.spec = spec
        self.left: list[float] = [spec.initial if spec.kind == "realtime" else spec.per_move] * players
        self.running: int | None = None
        self.turn: int | None = None  # the room turn the running deadline is for
        self.started = 0.0  # monotonic time the running seat's clock started
        self.budget = 0.0  # seconds the running seat had when its clock started
        self.flagged: set[int] = set()  # seats whose time ran out on this turn (a stand-in is deciding)

    def remaining(self) -> float:
        """Seconds left for the running seat now."""
        if self.running is None:
            return 0.0
        return self.budget - (time.monotonic() - self.started)

    def start(self, seat: int, turn: int, budget: float | None = None) -> None:
        self.running = seat
        self.turn = turn
        self.started = time.monotonic()
        if budget is None:
            budget = self.left[seat] if self.spec.kind == "realtime" else self.spec.per_move
        self.budget = budget

    def stop(self, moved: bool, timed_out: bool = False) -> None:
        """Stop the running seat's clock; ``moved``: it made its decision (the increment is added)."""
        seat = self.running
        if seat is None:
            return
        if self.spec.kind == "realtime":
            left = max(0.0, self.remaining())
            if timed_out:
                left = max(self.spec.increment, AFTER_TIMEOUT)
            elif moved:
                left += self.spec.increment
            self.left[seat] = left
        self.running = None
        self.turn = None

    def deadline(self) -> datetime | None:
        if self.running is None:
            return None
        return now() + timedelta(seconds=max(0.0, self.remaining()))

    def summary(self) -> dict[str, Any]:
        return {
            **self.spec.to_dict(),
            "left": [round(v, 1) for v in self.left] if self.spec.kind == "realtime" else None,
            "running": self.running,
            "remaining": round(max(0.0, self.remaining()), 2) if self.running is not None else None,
        }
