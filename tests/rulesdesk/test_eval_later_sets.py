"""Checks of the evaluation sets written after the seeded dev/test split (dev2 to dev23, fresh to fresh5).

Each later set has its own id prefix and the same schema as dev/test (tests/rulesdesk/eval/README.md). A
broken set measures nothing, so the same honesty checks apply: the schema, ids unique across every set,
rule ids the engine defines, references that pass their own answer checks, positions the engine reads
and moves it can parse. The held-out sets (fresh to fresh5) are checked the same way, without their
questions ever being printed; their accuracy is measured only by ``bench/ask.py --split NAME`` at the end.
"""

from __future__ import annotations

import importlib
import json
import re
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from boardgamesbot.core.registry import load_game
from boardgamesbot.rulesdesk.evaluation import CATEGORIES, ID_PREFIX, LANG_TAG, first_sentences, mentions
from boardgamesbot.rulesdesk.evaluation import QUESTION_KEYS as KEYS

EVAL_DIR = Path(__file__).parent / "eval"
LATER_SETS = ID_PREFIX  # set name -> the id prefix its questions carry
GAME_PREFIX = {"crosswise": "cw", "alcatraz": "az"}


@cache
def load(name: str) -> tuple[dict[str, Any], ...]:
    path = EVAL_DIR / f"{name}.json"
    return tuple(json.loads(path.read_text("utf-8"))) if path.exists() else ()


PRESENT = [name for name in LATER_SETS if load(name)]


def test_the_held_out_sets_are_present() -> None:
    assert {"fresh", "fresh2", "fresh3", "fresh4", "fresh5"} <= set(PRESENT)


@pytest.mark.parametrize("name", PRESENT)
def test_schema(name: str) -> None:
    prefix = LATER_SETS[name]
    for q in load(name):
        qid = q.get("id")
        # messages name the id only: a held-out question is never printed
        assert tuple(q) == KEYS, f"{qid}: keys must be exactly {KEYS} in that order"
        assert q["game"] in GAME_PREFIX and q["lang"] in LANG_TAG and q["category"] in CATEGORIES, qid
        pattern = rf"{prefix}-{GAME_PREFIX[q['game']]}-{LANG_TAG[q['lang']]}-\d{{3}}"
        assert re.fullmatch(pattern, qid), f"{qid}: ids of {name} look like {prefix}-cw-en-001"
        assert isinstance(q["question"], str) and q["question"].strip() == q["question"] and q["question"], qid
        assert isinstance(q["reference"], str) and len(q["reference"]) >= 10, qid
        rules = q["expected_rules"]
        assert isinstance(rules, list) and 1 <= len(rules) <= 3 and all(isinstance(r, str) for r in rules), qid
        must = q["answer_must"]
        assert isinstance(must, list) and must, f"{qid}: answer_must needs at least one fact"
        for alternatives in must:
            assert isinstance(alternatives, list) and alternatives, qid
            assert all(isinstance(t, str) and t.strip() == t and t for t in alternatives), qid
        assert isinstance(q["answer_must_not"], list) and all(isinstance(t, str) and t for t in q["answer_must_not"])
        if q["category"] == "position":
            assert isinstance(q["position"], str) and q["position"], f"{qid}: position question without position"
        else:
            assert q["position"] is None and q["move"] is None, f"{qid}: only position questions carry one"


def test_ids_unique_across_every_set() -> None:
    ids = [q["id"] for name in ("dev", "test", *PRESENT) for q in load(name)]
    assert len(ids) == len(set(ids)), [i for i, n in Counter(ids).items() if n > 1]


@pytest.mark.parametrize("name", PRESENT)
def test_expected_rules_exist(name: str) -> None:
    rules = {game: importlib.import_module(f"boardgamesbot.games.{game}.rules").RULES for game in GAME_PREFIX}
    for q in load(name):
        for rule in q["expected_rules"]:
            assert rule in rules[q["game"]], f"{q['id']}: {rule} is not in the {q['game']} RULES table"


@pytest.mark.parametrize("name", PRESENT)
def test_references_pass_their_own_checks(name: str) -> None:
    for q in load(name):
        lead = first_sentences(q["reference"])
        for alternatives in q["answer_must"]:
            assert any(mentions(lead, t) for t in alternatives), f"{q['id']}: the reference lacks a required fact"
        for token in q["answer_must_not"]:
            assert not mentions(lead, token), f"{q['id']}: the reference leads with a forbidden token"


@pytest.mark.parametrize("name", PRESENT)
def test_positions_parse_and_moves_read(name: str) -> None:
    for q in load(name):
        if q["position"] is None:
            continue
        game = load_game(q["game"])
        state = game.from_position(q["position"])
        assert not state.is_over(), f"{q['id']}: the position is already over"
        if q["move"] is not None:
            game.parse_action(q["move"])
