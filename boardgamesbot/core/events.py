"""Events: what happened, split into what everyone sees and what only some seats see."""

from __future__ import annotations

from typing import Any

_NOBODY: frozenset[int] = frozenset()


class Event:
    """One thing that happened during ``apply``.

    ``public`` is safe for every viewer. ``private`` is added only for seats in
    ``private_to`` (e.g. the value of a card a player drew). Events are
    ephemeral: the record stores actions only. Treat an event as read-only
    (a plain slotted class rather than a frozen dataclass: engines build one per
    move, and a frozen dataclass costs ten times as much to create when compiled).
    """

    __slots__ = ("kind", "private", "private_to", "public", "seat")

    def __init__(
        self,
        kind: str,
        seat: int | None = None,
        public: dict[str, Any] | None = None,
        private: dict[str, Any] | None = None,
        private_to: frozenset[int] = _NOBODY,
    ) -> None:
        self.kind = kind
        self.seat = seat
        self.public: dict[str, Any] = {} if public is None else public
        self.private: dict[str, Any] = {} if private is None else private
        self.private_to = private_to

    def for_viewer(self, viewer: int | None) -> dict[str, Any]:
        """JSON-safe dict holding only what ``viewer`` (None = spectator) may know."""
        out: dict[str, Any] = {"kind": self.kind, "seat": self.seat, **self.public}
        if viewer is not None and viewer in self.private_to:
            out.update(self.private)
        return out

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Event):
            return NotImplemented
        return (
            self.kind == other.kind
            and self.seat == other.seat
            and self.public == other.public
            and self.private == other.private
            and self.private_to == other.private_to
        )

    __hash__ = None  # type: ignore[assignment]  # public/private are dicts, as before

    def __repr__(self) -> str:
        return (
            f"Event(kind={self.kind!r}, seat={self.seat!r}, public={self.public!r}, "
            f"private={self.private!r}, private_to={self.private_to!r})"
        )
