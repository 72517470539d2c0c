"""One error family for the whole project.

Every refusal carries a stable machine-readable ``code`` and, for rule
violations, the rule id it breaks (``CW-...``, ``AZ-...``), with a message in
English and Portuguese so any front end can show it in the player's language.
"""

from __future__ import annotations


class BGBError(Exception):
    """Base of every error BoardGamesBot raises on purpose."""

    code: str = "error"

    def __init__(self, message: str, message_pt: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.message_pt = message_pt or message

    def text(self, lang: str = "en") -> str:
        """The message in ``lang`` ("en" or "pt")."""
        return self.message_pt if lang.startswith("pt") else self.message

    def to_dict(self, lang: str = "en") -> dict[str, str]:
        return {"code": self.code, "message": self.text(lang)}


class IllegalAction(BGBError):
    """An action that breaks a rule. Raising it must leave the state untouched."""

    code = "illegal_action"

    def __init__(self, rule_id: str, message: str, message_pt: str | None = None) -> None:
        super().__init__(message, message_pt)
        self.rule_id = rule_id

    def __str__(self) -> str:
        return f"[{self.rule_id}] {self.message}"

    def text(self, lang: str = "en") -> str:
        return f"[{self.rule_id}] {super().text(lang)}"

    def to_dict(self, lang: str = "en") -> dict[str, str]:
        return {"code": self.code, "rule_id": self.rule_id, "message": self.text(lang)}


class InvalidActionText(IllegalAction):
    """A move typed or sent in a form the game cannot parse."""

    code = "invalid_action_text"

    def __init__(self, text: str, expected: str, expected_pt: str | None = None) -> None:
        super().__init__(
            "CORE-SYNTAX",
            f"cannot read move {text!r}: {expected}",
            f"não entendi a jogada {text!r}: {expected_pt or expected}",
        )
        self.input = text
        self.expected = expected
        self.expected_pt = expected_pt or expected


class GameOver(IllegalAction):
    """Any action once the game has ended."""

    code = "game_over"

    def __init__(self) -> None:
        super().__init__("CORE-OVER", "the game is over", "o jogo terminou")


class InvalidPosition(BGBError):
    """A position text that does not describe a valid state."""

    code = "invalid_position"


class InvalidRecord(BGBError):
    """A game record that is malformed or does not replay."""

    code = "invalid_record"


class InvalidVariant(BGBError):
    """An unknown variant option or a bad value for one."""

    code = "invalid_variant"


class UnknownGame(BGBError):
    code = "unknown_game"


class InvalidSetup(BGBError):
    """Bad arguments to start a game (player count, seat, ...)."""

    code = "invalid_setup"
