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


CLOCK_REALTIME = {
    "type": "object",
    "properties": {
        "kind": {"const": "realtime"},
        "initial": {"type": "number", "minimum": 5, "maximum": 7200},
        "increment": {"type": "number", "minimum": 0, "maximum": 600},
    },
    "required": ["kind", "initial"],
}
CLOCK_TURN = {
    "type": "object",
    "properties": {"kind": {"const": "turn"}, "per_move": {"type": "number", "minimum": 10, "maximum": 1209600}},
    "required": ["kind", "per_move"],
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
            "stand_in": LEVEL,
            "public": {"type": "boolean"},
            "rated": {"type": "boolean"},
            "clock": {"oneOf": [{"type": "null"}, CLOCK_REALTIME, CLOCK_TURN]},
            "on_timeout": {"type": "string", "enum": ["stand_in", "forfeit"]},
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
ASK = {
    "type": "object",
    "properties": {"question": {"type": "string", "maxLength": 2000}, "lang": LANG},
    "required": ["question"],
}


USERNAME = {"type": "string", "minLength": 3, "maxLength": 24, "examples": ["ana_1"]}
PASSWORD = {"type": "string", "minLength": 8, "maxLength": 200}
REGISTER = {
    "type": "object",
    "properties": {"username": USERNAME, "password": PASSWORD, "lang": LANG},
    "required": ["username", "password"],
}
LOGIN = {
    "type": "object",
    "properties": {"username": USERNAME, "password": PASSWORD},
    "required": ["username", "password"],
}
ACCOUNT_PATCH = {"type": "object", "properties": {"lang": LANG}, "required": ["lang"]}
SIT = {"type": "object", "properties": {"seat": {"type": "integer", "minimum": 0, "maximum": 7}, "name": NAME}}
INVITE = {"type": "object", "properties": {"invite": {"type": "string", "maxLength": 100}}, "required": ["invite"]}


def body(schema: dict[str, Any]) -> dict[str, Any]:
    """``openapi_extra`` for a route whose JSON body is read by hand."""
    return {"requestBody": {"required": True, "content": {"application/json": {"schema": schema}}}}
