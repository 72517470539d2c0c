"""Reading ``key=value`` position texts the same way in every game.

A position text (like chess FEN) is a few leading tokens and then fields.
:class:`PositionFields` splits the fields, refuses duplicated and unknown
keys, and reads typed values, every refusal an :class:`InvalidPosition` that
names the game and the field in English and Portuguese.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from .errors import InvalidPosition

_INT = re.compile(r"^-?\d{1,20}$")


class PositionFields:
    """The ``key=value`` tokens of one position text, read with typed accessors."""

    def __init__(self, tokens: Sequence[str], game_title: str) -> None:
        self.title = game_title
        self.values: dict[str, str] = {}
        for token in tokens:
            key, sep, value = token.partition("=")
            if not sep or not key or not value:
                raise self.bad(
                    f"field {token!r} must look like key=value", f"o campo {token!r} deve ter a forma chave=valor"
                )
            if key in self.values:
                raise self.bad(f"field {key!r} appears twice", f"o campo {key!r} aparece duas vezes")
            self.values[key] = value

    def bad(self, en: str, pt: str | None = None) -> InvalidPosition:
        return InvalidPosition(f"bad {self.title} position: {en}", f"posição de {self.title} inválida: {pt or en}")

    def __contains__(self, key: str) -> bool:
        return key in self.values

    def refuse_unknown(self, allowed: Iterable[str]) -> None:
        unknown = sorted(set(self.values) - set(allowed))
        if unknown:
            names = ", ".join(unknown)
            raise self.bad(f"unknown field(s) {names}", f"campo(s) desconhecido(s) {names}")

    def require(self, *keys: str) -> None:
        for key in keys:
            if key not in self.values:
                raise self.bad(f"the field {key}= is missing", f"falta o campo {key}=")

    def text(self, key: str, default: str | None = None) -> str:
        value = self.values.get(key, default)
        if value is None:
            raise self.bad(f"the field {key}= is missing", f"falta o campo {key}=")
        return value

    def integer(self, key: str, default: int | None = None, *, low: int | None = None, high: int | None = None) -> int:
        """A whole number (20 digits at most), optionally within [low, high]."""
        if key not in self.values and default is not None:
            return default
        return self.as_int(self.text(key), key, low=low, high=high)

    def as_int(self, text: str, key: str, *, low: int | None = None, high: int | None = None) -> int:
        if not _INT.match(text):
            raise self.bad(
                f"{key} must be a whole number, not {text!r}", f"{key} deve ser um número inteiro, não {text!r}"
            )
        value = int(text)
        if (low is not None and value < low) or (high is not None and value > high):
            span = f"{low if low is not None else '…'} to {high if high is not None else '…'}"
            span_pt = f"{low if low is not None else '…'} a {high if high is not None else '…'}"
            raise self.bad(f"{key} must be from {span}, not {value}", f"{key} deve ser de {span_pt}, não {value}")
        return value

    def int_list(self, key: str, default: list[int] | None = None) -> list[int]:
        """Comma-separated whole numbers; ``-`` is the empty list."""
        if key not in self.values and default is not None:
            return list(default)
        text = self.text(key)
        return [] if text == "-" else [self.as_int(x, key) for x in text.split(",")]

    def bits(self, key: str, count: int, default: list[bool] | None = None) -> list[bool]:
        """``count`` digits 0/1, e.g. ``started=0110``."""
        if key not in self.values and default is not None:
            return list(default)
        text = self.text(key)
        if len(text) != count or any(ch not in "01" for ch in text):
            raise self.bad(
                f"{key}= needs {count} digits 0/1, got {text!r}",
                f"{key}= precisa de {count} dígitos 0/1, veio {text!r}",
            )
        return [ch == "1" for ch in text]

    def digits(self, key: str, count: int, default: list[int] | None = None) -> list[int]:
        """``count`` single digits, e.g. ``used=0120``."""
        if key not in self.values and default is not None:
            return list(default)
        text = self.text(key)
        if len(text) != count or not all(ch in "0123456789" for ch in text):
            raise self.bad(
                f"{key}= needs {count} digits, got {text!r}", f"{key}= precisa de {count} dígitos, veio {text!r}"
            )
        return [int(ch) for ch in text]

    def yes_no(self, key: str, default: bool | None = None) -> bool:
        if key not in self.values and default is not None:
            return default
        text = self.text(key)
        if text not in ("yes", "no"):
            raise self.bad(f"{key} must be yes or no, not {text!r}", f"{key} deve ser yes ou no, não {text!r}")
        return text == "yes"
