"""Variant options: named, typed, documented switches a game offers."""

from __future__ import annotations

import contextlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .errors import InvalidVariant


@dataclass(frozen=True)
class VariantOption:
    """One option. ``choices`` limits string options; bools and ints are typed by default."""

    name: str
    default: Any
    help_en: str
    help_pt: str
    choices: tuple[Any, ...] = field(default=())

    def check(self, value: Any) -> Any:
        kind = type(self.default)
        if kind is bool:
            if isinstance(value, str) and value.lower() in {"true", "1", "yes", "on", "false", "0", "no", "off"}:
                value = value.lower() in {"true", "1", "yes", "on"}
            if not isinstance(value, bool):
                raise InvalidVariant(
                    f"option {self.name!r} takes true or false, not {value!r}",
                    f"a opção {self.name!r} aceita true ou false, não {value!r}",
                )
        elif kind is int:
            if isinstance(value, str):
                with contextlib.suppress(ValueError):
                    value = int(value)
            if isinstance(value, bool) or not isinstance(value, int):
                raise InvalidVariant(
                    f"option {self.name!r} takes a whole number, not {value!r}",
                    f"a opção {self.name!r} aceita um número inteiro, não {value!r}",
                )
        if self.choices and value not in self.choices:
            allowed = ", ".join(map(str, self.choices))
            raise InvalidVariant(
                f"option {self.name!r} must be one of {allowed}, not {value!r}",
                f"a opção {self.name!r} deve ser uma de {allowed}, não {value!r}",
            )
        return value


def resolve_variant(options: Mapping[str, VariantOption], given: Mapping[str, Any] | None) -> dict[str, Any]:
    """Defaults overlaid with ``given``; unknown names are refused, never ignored."""
    result = {name: opt.default for name, opt in options.items()}
    for key, value in (given or {}).items():
        if key not in options:
            known = ", ".join(sorted(options)) or "none"
            raise InvalidVariant(
                f"unknown variant option {key!r} (known: {known})",
                f"opção de variante desconhecida {key!r} (conhecidas: {known})",
            )
        result[key] = options[key].check(value)
    return result


def parse_variant_args(items: list[str]) -> dict[str, str]:
    """Turn CLI ``name=value`` strings into a dict (values checked later)."""
    out: dict[str, str] = {}
    for item in items:
        if "=" not in item:
            raise InvalidVariant(
                f"variant {item!r} must look like name=value", f"a variante {item!r} deve ter a forma nome=valor"
            )
        key, value = item.split("=", 1)
        out[key.strip()] = value.strip()
    return out
