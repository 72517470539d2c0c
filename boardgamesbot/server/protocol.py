"""Reading client input: size limit, JSON, and typed fields with clear refusals."""

from __future__ import annotations

import json
import math
import re
from typing import Any

from .errors import ServerError, bad_message

LANGS = ("en", "pt")
MAX_DEPTH = 32  # nesting of arrays and objects in one body or message
MAX_DIGITS = 30  # characters of one JSON number
_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"')
_BRACKETS = re.compile(r"[\[\]{}]")


class _Refused(ValueError):
    pass


def _int(text: str) -> int:
    if len(text) > MAX_DIGITS:
        raise _Refused(f"a number of {len(text)} digits is longer than {MAX_DIGITS}")
    return int(text)


def _float(text: str) -> float:
    value = float(text) if len(text) <= MAX_DIGITS + 10 else math.inf
    if not math.isfinite(value):
        raise _Refused(
            f"the number {text[:20]}... is too large" if len(text) > 20 else f"the number {text} is too large"
        )
    return value


def _constant(text: str) -> Any:
    raise _Refused(f"{text} is not a JSON number")


def _depth(text: str) -> int:
    depth = deepest = 0
    for bracket in _BRACKETS.findall(_STRINGS.sub("", text)):
        depth += 1 if bracket in "[{" else -1
        deepest = max(deepest, depth)
    return deepest


def parse_json(raw: bytes | str, limit: int) -> dict[str, Any]:
    """A JSON object from ``raw``; too_large / bad_json / bad_message otherwise.

    Besides the size limit, nesting deeper than ``MAX_DEPTH`` and numbers
    longer than ``MAX_DIGITS`` (or NaN/Infinity) are refused as ``bad_json``,
    so no input reaches Python's recursion or integer-size limits.
    """
    size = len(raw.encode("utf-8", "surrogatepass")) if isinstance(raw, str) else len(raw)
    if size > limit:
        raise ServerError(
            "too_large",
            f"message of {size} bytes is over the limit of {limit} bytes",
            f"mensagem de {size} bytes passa do limite de {limit} bytes",
        )
    try:
        text = raw if isinstance(raw, str) else raw.decode("utf-8")
        if _depth(text) > MAX_DEPTH:
            raise _Refused(f"arrays and objects nested deeper than {MAX_DEPTH} levels")
        data = json.loads(text, parse_int=_int, parse_float=_float, parse_constant=_constant)
    except _Refused as exc:
        raise ServerError("bad_json", f"not accepted JSON: {exc}", f"JSON não aceito: {exc}") from None
    except (json.JSONDecodeError, UnicodeDecodeError, RecursionError, ValueError) as exc:
        raise ServerError("bad_json", f"not valid JSON: {exc}", f"não é JSON válido: {exc}") from None
    if not isinstance(data, dict):
        raise bad_message("a message must be a JSON object", "a mensagem deve ser um objeto JSON")
    return data


def get_str(
    data: dict[str, Any], key: str, *, required: bool = True, default: str | None = None, max_len: int = 200
) -> str | None:
    value = data.get(key)
    if value is None:
        if required:
            raise bad_message(f"missing field {key!r}", f"falta o campo {key!r}")
        return default
    if not isinstance(value, str):
        raise bad_message(
            f"field {key!r} must be text, not {type(value).__name__}",
            f"o campo {key!r} deve ser texto, não {type(value).__name__}",
        )
    if len(value) > max_len:
        raise bad_message(
            f"field {key!r} is longer than {max_len} characters", f"o campo {key!r} passa de {max_len} caracteres"
        )
    return value


def get_int(data: dict[str, Any], key: str, *, required: bool = True, default: int | None = None) -> int | None:
    value = data.get(key)
    if value is None:
        if required:
            raise bad_message(f"missing field {key!r}", f"falta o campo {key!r}")
        return default
    if isinstance(value, bool) or not isinstance(value, int):
        raise bad_message(
            f"field {key!r} must be a whole number, not {value!r}",
            f"o campo {key!r} deve ser um número inteiro, não {value!r}",
        )
    return value


def get_bool(data: dict[str, Any], key: str, default: bool) -> bool:
    value = data.get(key, default)
    if not isinstance(value, bool):
        raise bad_message(
            f"field {key!r} must be true or false, not {value!r}",
            f"o campo {key!r} deve ser true ou false, não {value!r}",
        )
    return value


def get_lang(data: dict[str, Any], default: str) -> str:
    lang = get_str(data, "lang", required=False, default=default, max_len=10) or default
    lang = lang.lower()
    if lang.startswith("pt"):
        return "pt"
    if lang.startswith("en"):
        return "en"
    raise bad_message(
        f"language {lang!r} is not offered (use en or pt)", f"o idioma {lang!r} não é oferecido (use en ou pt)"
    )


def get_after(data: dict[str, Any]) -> float | None:
    """The wait (seconds, 0-3600) before a stand-in covers an away seat; null cancels."""
    if "after" not in data:
        raise bad_message(
            "missing field 'after' (seconds, or null to cancel)",
            "falta o campo 'after' (segundos, ou null para cancelar)",
        )
    value = data["after"]
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= 3600:
        raise bad_message(
            f"field 'after' must be a number of seconds from 0 to 3600, not {value!r}",
            f"o campo 'after' deve ser um número de segundos de 0 a 3600, não {value!r}",
        )
    return float(value)
