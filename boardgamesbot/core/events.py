"""Events: what happened, split into what everyone sees and what only some seats see."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Event:
    """One thing that happened during ``apply``.

    ``public`` is safe for every viewer. ``private`` is added only for seats in
    ``private_to`` (e.g. the value of a card a player drew). Events are
    ephemeral: the record stores actions only.
    """

    kind: str
    seat: int | None = None
    public: dict[str, Any] = field(default_factory=dict)
    private: dict[str, Any] = field(default_factory=dict)
    private_to: frozenset[int] = frozenset()

    def for_viewer(self, viewer: int | None) -> dict[str, Any]:
        """JSON-safe dict holding only what ``viewer`` (None = spectator) may know."""
        out: dict[str, Any] = {"kind": self.kind, "seat": self.seat, **self.public}
        if viewer is not None and viewer in self.private_to:
            out.update(self.private)
        return out
