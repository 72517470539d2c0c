"""JSON Schemas of the request bodies, for the OpenAPI document (/api/openapi.json).

Bodies are read by hand (app.py) so size and JSON errors get the project's
own codes; these schemas only describe them, so tools such as Schemathesis
generate real bodies and docs/server.md and the schema say the same.
"""

from __future__ import annotations

from typing import Any

NAME = {"type": "string", "maxLength": 40}
LEVEL = {"type": "string", "maxLength": 40}
LANG = {"type": "string", "maxLength": 10, "examples": ["en", "pt"]}
SEAT_SPEC = {
    "type": "object",
    "properties": {"kind": {"type": "string", "enum": ["human", "open", "bot"]}, "name": NAME, "bot": LEVEL},
    "required": ["kind"],
}


def create_room(games: list[str]) -> dict[str, Any]:
    """The body of POST /api/rooms; ``games`` (the registered names) are its examples."""
    return {
        "type": "object",
        "properties": {
            "game": {"type": "string", "maxLength": 40, "examples": list(games)},
            "players": {"type": "integer", "minimum": 1, "maximum": 8},
            "seats": {"type": "array", "items": SEAT_SPEC, "maxItems": 8},
            "variant": {"type": "object"},
            "lang": LANG,
            "reveal_at_end": {"type": "boolean"},
            "hints": {"type": "boolean"},
            "stand_in": LEVEL,
        },
        "required": ["game"],
    }


JOIN = {
    "type": "object",
    "properties": {"invite": {"type": "string", "maxLength": 100}, "name": NAME},
    "required": ["invite"],
}
MOVE = {
    "type": "object",
    "properties": {"action": {"type": "string", "maxLength": 200}, "turn": {"type": "integer", "minimum": 0}},
    "required": ["action", "turn"],
}
BOT = {"type": "object", "properties": {"on": {"type": "boolean"}, "bot": LEVEL}, "required": ["on"]}
COVER = {
    "type": "object",
    "properties": {
        "target": {"type": "integer", "minimum": 0, "maximum": 7},
        "after": {"type": ["number", "null"], "minimum": 0, "maximum": 3600},
        "bot": LEVEL,
    },
    "required": ["target", "after"],
}
LEARN = {
    "type": "object",
    "properties": {
        "answers": {"type": "array", "items": {"type": "string", "maxLength": 40}, "maxItems": 200},
        "answer": {"type": "string", "maxLength": 40},
        "lang": LANG,
    },
}
ASK = {
    "type": "object",
    "properties": {"question": {"type": "string", "maxLength": 2000}, "lang": LANG},
    "required": ["question"],
}


def body(schema: dict[str, Any]) -> dict[str, Any]:
    """``openapi_extra`` for a route whose JSON body is read by hand."""
    return {"requestBody": {"required": True, "content": {"application/json": {"schema": schema}}}}
