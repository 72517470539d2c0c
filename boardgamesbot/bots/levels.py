"""Named strengths (easy / medium / hard) as level objects with concrete budgets, and bot specs.

A bot spec is how people name a bot in the CLI, the arena and the server:
``random``, ``greedy``, ``easy``, ``medium``, ``hard`` or ``ismcts``, optionally
followed by ``:key=value`` overrides, e.g. ``hard:iterations=3000:deadline=none``
or ``ismcts:iterations=200:depth=4:c=1.0``. A level carries its
:class:`~boardgamesbot.core.capabilities.Strength`, which is how a game's own
search tuning is chosen (never by the level's display name). Keeping the
budgets in one table makes docs/bots.md easy to keep true.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..core.capabilities import Strength
from ..core.errors import InvalidSetup
from .ismcts import SearchSettings


@dataclass(frozen=True)
class Level:
    """A search bot's level: its name (for people), strength (for games' tuning) and budget."""

    name: str
    strength: Strength | None
    settings: SearchSettings


# Iteration budgets are what make a level repeatable; the deadline is a safety
# cap so a slow or busy machine still answers in time (see docs/bots.md).
LEVELS: dict[str, Level] = {
    level.name: level
    for level in (
        Level("easy", Strength.EASY, SearchSettings(iterations=40, deadline=0.25)),
        Level("medium", Strength.MEDIUM, SearchSettings(iterations=250, deadline=0.5)),
        Level("hard", Strength.HARD, SearchSettings(iterations=2000, deadline=1.0)),
        Level("ismcts", None, SearchSettings(iterations=1000, deadline=None)),
    )
}

_KEYS = {
    "iterations": "iterations",
    "iters": "iterations",
    "deadline": "deadline",
    "time": "deadline",
    "c": "exploration",
    "exploration": "exploration",
    "depth": "rollout_depth",
    "rollout_depth": "rollout_depth",
    "candidates": "candidates",
    "k": "candidates",
    "widening": "widening",
    "w": "widening",
    "greedy": "greedy_steps",
    "greedy_steps": "greedy_steps",
    "margin": "greedy_margin",
    "greedy_margin": "greedy_margin",
    "tree": "tree_depth",
    "tree_depth": "tree_depth",
    "anchor": "anchor",
    "clock": "clock",
    "reuse": "reuse",
    "turns": "turns",
}
_WHOLE = {"iterations", "rollout_depth", "candidates", "greedy_steps", "tree_depth", "turns"}


@dataclass(frozen=True)
class BotSpec:
    """A parsed bot spec: the base name and, for search bots, its level (budget and overrides)."""

    text: str
    base: str
    level: Level | None


def _number(key: str, value: str, text: str) -> int | float | str | bool | None:
    if key == "clock":
        if value.lower() not in ("wall", "cpu"):
            raise InvalidSetup(
                f"bot spec {text!r}: clock is wall or cpu, not {value!r}",
                f"robô {text!r}: clock é wall ou cpu, não {value!r}",
            )
        return value.lower()
    if key == "reuse":
        if value.lower() not in ("1", "0", "yes", "no", "on", "off", "true", "false"):
            raise InvalidSetup(
                f"bot spec {text!r}: reuse is yes or no, not {value!r}",
                f"robô {text!r}: reuse é yes ou no, não {value!r}",
            )
        return value.lower() in ("1", "yes", "on", "true")
    if key == "anchor":
        if value.lower() not in ("greedy", "planner"):
            raise InvalidSetup(
                f"bot spec {text!r}: anchor is greedy or planner, not {value!r}",
                f"robô {text!r}: anchor é greedy ou planner, não {value!r}",
            )
        return value.lower()
    if value.lower() in {"none", "off", "no"}:
        if key in {"iterations", "deadline"}:
            return None
        raise InvalidSetup(
            f"bot spec {text!r}: {key} needs a number, not {value!r}",
            f"robô {text!r}: {key} precisa de um número, não {value!r}",
        )
    try:
        return int(value) if key in _WHOLE else float(value)
    except ValueError:
        raise InvalidSetup(
            f"bot spec {text!r}: {key} needs a number, not {value!r}",
            f"robô {text!r}: {key} precisa de um número, não {value!r}",
        ) from None


def parse_bot_spec(text: str, known: tuple[str, ...]) -> BotSpec:
    """``name[:key=value...]`` -> BotSpec; bad names, keys or values are refused by name."""
    parts = [p.strip() for p in str(text).strip().split(":")]
    base = parts[0].lower()
    if base not in known:
        raise InvalidSetup(
            f"unknown bot {text!r} (known: {', '.join(known)})",
            f"robô desconhecido {text!r} (conhecidos: {', '.join(known)})",
        )
    if base not in LEVELS:
        if len(parts) > 1:
            raise InvalidSetup(
                f"bot {base!r} takes no options (in {text!r})", f"o robô {base!r} não aceita opções (em {text!r})"
            )
        return BotSpec(text, base, None)
    changes: dict[str, int | float | str | bool | None] = {}
    for part in parts[1:]:
        key, sep, value = part.partition("=")
        field_name = _KEYS.get(key.strip().lower())
        if not sep or field_name is None:
            raise InvalidSetup(
                f"bot spec {text!r}: {part!r} is not one of {', '.join(sorted(_KEYS))} followed by =value",
                f"robô {text!r}: {part!r} não é uma de {', '.join(sorted(_KEYS))} seguida de =valor",
            )
        changes[field_name] = _number(field_name, value.strip(), text)
    level = LEVELS[base]
    if changes:
        try:
            level = replace(level, settings=replace(level.settings, **changes))  # type: ignore[arg-type]
        except ValueError as exc:
            raise InvalidSetup(f"bot spec {text!r}: {exc}", f"robô {text!r}: {exc}") from None
    return BotSpec(text, base, level)
