"""Refusals the server sends: a stable code, an HTTP status and words in en/pt.

One exception type carries every refusal so HTTP routes and the WebSocket
loop turn it into the same ``{"code", "message"}`` shape (docs/server.md).
"""

from __future__ import annotations

from typing import Any

from ..core.errors import BGBError, IllegalAction

STATUS: dict[str, int] = {
    "bad_json": 400,
    "bad_message": 400,
    "too_large": 413,
    "hello_first": 400,
    "unknown_room": 404,
    "unknown_game": 404,
    "invalid_setup": 400,
    "invalid_variant": 400,
    "bad_token": 401,
    "forbidden": 403,
    "invite_used": 409,
    "not_started": 409,
    "game_over": 409,
    "not_your_turn": 409,
    "stale": 409,
    "invalid_action_text": 422,
    "illegal_action": 422,
    "rules_desk_error": 400,
    "rate_limited": 429,
    "too_many_rooms": 429,
    "too_many_bot_rooms": 429,
    "server_full": 429,
    "bad_origin": 403,
    "bad_host": 400,
    "unavailable": 503,
    "storage_error": 503,
    "internal": 500,
    "invalid_username": 400,
    "weak_password": 400,
    "name_taken": 409,
    "bad_login": 401,
    "login_required": 401,
    "table_full": 409,
    "already_seated": 409,
    "private_table": 403,
    "not_over": 409,
    "forfeited": 409,
    "unknown_account": 404,
}


class ServerError(Exception):
    """A refusal with a machine-readable code; nothing was changed by the request."""

    def __init__(
        self,
        code: str,
        message: str,
        message_pt: str | None = None,
        *,
        rule_id: str | None = None,
        turn: int | None = None,
        retry_after: int | None = None,
    ) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.message_pt = message_pt or message
        self.rule_id = rule_id
        self.turn = turn
        self.retry_after = retry_after  # seconds before asking again makes sense (quotas: HTTP Retry-After)

    @property
    def status(self) -> int:
        return STATUS.get(self.code, 400)

    def to_dict(self, lang: str = "en") -> dict[str, Any]:
        out: dict[str, Any] = {"code": self.code, "message": self.message_pt if lang == "pt" else self.message}
        if self.rule_id is not None:
            out["rule_id"] = self.rule_id
        if self.turn is not None:
            out["turn"] = self.turn
        if self.retry_after is not None:
            out["retry_after"] = self.retry_after
        return out

    def headers(self) -> dict[str, str] | None:
        return {"Retry-After": str(self.retry_after)} if self.retry_after is not None else None

    @classmethod
    def from_bgb(cls, exc: BGBError) -> ServerError:
        """Wrap an engine/core error, keeping its code and rule id."""
        code = (
            exc.code
            if exc.code in STATUS
            else ("illegal_action" if isinstance(exc, IllegalAction) else "invalid_setup")
        )
        if isinstance(exc, IllegalAction):
            return cls(code, exc.text("en"), exc.text("pt"), rule_id=exc.rule_id)
        return cls(code, exc.message, exc.message_pt)


def bad_message(en: str, pt: str) -> ServerError:
    return ServerError("bad_message", en, pt)
