"""Actions: small frozen values with a stable text code.

Each game defines its own frozen dataclasses deriving from :class:`Action`.
The text code (``str(action)`` / ``action.code``) is what records, the CLI and
the wire use; ``Game.parse_action`` turns it back into the same value.
"""

from __future__ import annotations


class Action:
    """Base of every game's action type; subclasses are frozen dataclasses."""

    __slots__ = ()

    @property
    def code(self) -> str:  # pragma: no cover - every game overrides
        raise NotImplementedError

    def __str__(self) -> str:
        return self.code
