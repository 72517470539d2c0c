"""A game's intent knowledge base: the questions players ask, grouped by meaning, each with its answer.

A game declares its knowledge base in its DeskKit (``faq``: a JSON file in the
game's folder, e.g. ``games/<game>/faq.json``), so a new game brings its own.
The file holds a list of *intents*; each intent is one thing a player may want
to know about one rule (or decision), with:

- ``id``: unique within the game;
- ``rules``: the rule ids that answer it, the main one first (``Game.rules`` ids);
- ``yes``: ``true``/``false`` when the natural question is yes/no ("must tiles
  touch?" -> false), else ``null``; two phrasings of one topic that would get
  opposite answers are two intents;
- ``answer``: one or two sentences per language (``en``, ``pt``) that state the
  fact with its numbers, starting "Yes —"/"No —" ("Sim —"/"Não —") when ``yes``
  is set; for an open question the desk drops that prefix;
- ``questions``: paraphrases per variety (``en``, ``pt-BR``, ``pt-PT``): formal,
  casual, text-speak, typos, very short, long-winded, edge cases;
- optional ``requires``: conditions that must hold for the intent to be live
  (a rule id of ``Game.rules``, or ``option:NAME`` for a variant option), and
  ``upgrade``: ``{"requires", "rules", "yes", "answer"}`` replacing those fields
  once its condition holds (a rule the engine gains later, an option it adds).

A rule id the game does not define (yet) is left out of an intent's rules; an
intent whose main rule is unknown, or whose ``requires`` fail, is dormant. So a
knowledge base may be written ahead of the engine and wakes up with it.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

VARIETIES = ("en", "pt-BR", "pt-PT")
ANSWER_LANGS = ("en", "pt")
YES = {"en": "Yes", "pt": "Sim"}
NO = {"en": "No", "pt": "Não"}
DASH = " — "


@dataclass(frozen=True)
class Intent:
    """One live intent: what it answers, how, and the questions that ask it."""

    id: str
    rules: tuple[str, ...]
    yes: bool | None
    answer: Mapping[str, str]
    questions: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    @property
    def main(self) -> str:
        return self.rules[0]

    def paraphrases(self) -> Iterable[tuple[str, str]]:
        """(variety, question) pairs."""
        for variety in VARIETIES:
            for q in self.questions.get(variety, ()):
                yield variety, q


def answer_body(text: str) -> str:
    """An answer without its leading "Yes —"/"No —" ("Sim —"/"Não —"), first letter raised."""
    for word in (*YES.values(), *NO.values()):
        prefix = word + DASH
        if text.startswith(prefix):
            rest = text[len(prefix) :]
            return rest[:1].upper() + rest[1:]
    return text


def answer_polarity(text: str) -> bool | None:
    """True/False when an answer starts with "Yes —"/"No —" (or Portuguese), else None."""
    for lang in ANSWER_LANGS:
        if text.startswith(YES[lang] + DASH):
            return True
        if text.startswith(NO[lang] + DASH):
            return False
    return None


def read_raw(path: Path) -> dict[str, Any]:
    """The knowledge base file as stored (no filtering)."""
    data = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict) or not isinstance(data.get("intents"), list):
        raise ValueError(f"{path}: a knowledge base is an object with a list under 'intents'")
    return data


def _holds(condition: str, rules: Mapping[str, object], options: frozenset[str]) -> bool:
    if condition.startswith("option:"):
        return condition[len("option:") :] in options
    return condition in rules


def live_intents(raw: Mapping[str, Any], rules: Mapping[str, object], options: Iterable[str]) -> list[Intent]:
    """The intents that apply to the engine as it is: upgrades applied, unknown rule ids left out,
    dormant intents (unknown main rule, unmet ``requires``) dropped."""
    opts = frozenset(options)
    out: list[Intent] = []
    for item in raw["intents"]:
        if not all(_holds(c, rules, opts) for c in item.get("requires", [])):
            continue
        fields = dict(item)
        upgrade = item.get("upgrade")
        if upgrade and _holds(upgrade["requires"], rules, opts):
            fields.update({k: upgrade[k] for k in ("rules", "yes", "answer") if k in upgrade})
        ids = [r for r in fields["rules"] if r in rules]
        if not ids or ids[0] != fields["rules"][0]:
            continue
        answer = {lang: str(fields["answer"][lang]) for lang in ANSWER_LANGS}
        questions = {v: tuple(str(q) for q in item.get("questions", {}).get(v, [])) for v in VARIETIES}
        out.append(Intent(str(item["id"]), tuple(ids), fields.get("yes"), answer, questions))
    return out


@lru_cache(maxsize=16)
def knowledge_base(game: str) -> tuple[Intent, ...]:
    """The live intents of a registered game's knowledge base (empty without one)."""
    path = faq_path(game)
    if path is None:
        return ()
    from ..core.registry import load_game

    g = load_game(game)
    return tuple(live_intents(read_raw(path), dict(g.rules), g.variant_options))


def faq_path(game: str) -> Path | None:
    """The knowledge base file a registered game declares in its DeskKit, if any."""
    return desk_file(game, "faq")


def desk_file(game: str, name: str) -> Path | None:
    """The file a registered game's DeskKit names under ``name`` (``faq``, ``asked``), if it exists."""
    from ..core.registry import list_games, load_game

    if game not in list_games():
        return None
    kit = load_game(game).desk_kit()
    path = getattr(kit, name, None) if kit is not None else None
    return path if isinstance(path, Path) and path.is_file() else None
