"""Checks of the rules-desk evaluation set itself (tests/rulesdesk/eval/), not of the desk's accuracy.

The set is written from the rulebooks and rule tables, never from the desk's answers. These tests keep
it honest: the schema, rule ids that exist, positions and moves that the engines read and judge as the
questions claim, references that pass their own answer checks, the frozen dev/test split (re-made here
from the seed, so a question moved between splits fails), no near-duplicate text across the splits, and
enough questions per language and category in each split. Accuracy is measured by bench/ask.py; the
test split is run only at the end (``bench/ask.py --split test``) and never used for tuning.
"""

from __future__ import annotations

import importlib
import json
import math
import random
import re
from collections import Counter, defaultdict
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from boardgamesbot.core.errors import IllegalAction
from boardgamesbot.core.registry import load_game
from boardgamesbot.rulesdesk.evaluation import (
    CATEGORIES,
    LANG_TAG,
    first_sentences,
    mentions,
    nearly_repeats,
    normalized,
)
from boardgamesbot.rulesdesk.evaluation import (
    QUESTION_KEYS as KEYS,
)

EVAL_DIR = Path(__file__).parent / "eval"
SPLITS = ("dev", "test")
SEED = 20250611
DEV_SHARE = 0.55

GAME_PREFIX = {"crosswise": "cw", "alcatraz": "az"}

# Across both splits: at least this many questions per language and category.
MIN_TOTAL = {lang: dict.fromkeys(CATEGORIES, 8) for lang in LANG_TAG}
MIN_TOTAL["pt-PT"]["position"] = 4
# In each split on its own.
MIN_PER_SPLIT = {"en": 6, "pt-BR": 3, "pt-PT": 3}
MIN_PER_SPLIT_PT_PT_POSITION = 2

# What the engine does with each position question's move (a question about an illegal move names
# the rule id the engine refuses it with). Crosswise: "line" = [lines, index, points before, after];
# "win" = winning team of an instant six; "end" = team scores (rows, columns) of a full board.
# Alcatraz: "claim" = success or failure of the chosen cards, "points" gained, "row" = the mover's
# row length afterwards.
VERDICTS: dict[str, dict[str, Any]] = {
    "cw-en-044": {"line": ["rows", 3, 0, 1]},
    "cw-en-045": {"line": ["rows", 1, 1, 3]},
    "cw-en-046": {"win": 0},
    "cw-en-047": {"win": 1},
    "cw-en-048": {"illegal": "CW-PLACE"},
    "cw-en-049": {"line": ["rows", 1, 3, 1]},
    "cw-en-050": {"line": ["rows", 2, 1, 6]},
    "cw-en-051": {"end": [15, 13]},
    "cw-en-052": {"illegal": "CW-D-STUCK"},
    "cw-ptbr-024": {"line": ["rows", 4, 1, 2]},
    "cw-ptbr-025": {"illegal": "CW-PLACE"},
    "cw-ptbr-026": {"win": 1},
    "cw-ptbr-027": {"line": ["rows", 5, 5, 3]},
    "cw-ptpt-023": {"line": ["rows", 2, 3, 5]},
    "cw-ptpt-024": {"win": 0},
    "cw-ptpt-025": {"line": ["rows", 0, 3, 1]},
    "az-en-044": {"claim": "failure"},
    "az-en-045": {"claim": "failure"},
    "az-en-046": {"claim": "success", "points": 2},
    "az-en-047": {"claim": "failure"},
    "az-en-048": {"illegal": "AZ-TAKE"},
    "az-en-049": {"illegal": "AZ-CLAIM"},
    "az-en-050": {"illegal": "AZ-CLAIM"},
    "az-en-051": {"claim": "success", "points": 2, "row": 0},
    "az-en-052": {"claim": "success", "points": 3},
    "az-ptbr-023": {"claim": "failure"},
    "az-ptbr-024": {"claim": "failure", "row": 4},
    "az-ptbr-025": {"illegal": "AZ-TAKE"},
    "az-ptbr-026": {"claim": "success", "points": 2},
    "az-ptpt-023": {"claim": "failure"},
    "az-ptpt-024": {"claim": "failure", "row": 4},
    "az-ptpt-025": {"claim": "success", "points": 2},
}


@cache
def load(split: str) -> tuple[dict[str, Any], ...]:
    return tuple(json.loads((EVAL_DIR / f"{split}.json").read_text("utf-8")))


def every() -> list[dict[str, Any]]:
    return [q for split in SPLITS for q in load(split)]


def split_ids(questions: list[dict[str, Any]], seed: int = SEED, share: float = DEV_SHARE) -> set[str]:
    """The ids that go to dev: each game x language x category cell is shuffled (ids sorted first) with
    one seeded generator and gives floor(share * n) questions to dev; the remaining dev places, up to
    round(share * total), go to the cells with the largest fractional parts (ties by a seeded draw)."""
    cells: dict[tuple[str, str, str], list[str]] = defaultdict(list)
    for q in sorted(questions, key=lambda q: q["id"]):
        cells[(q["game"], q["lang"], q["category"])].append(q["id"])
    rng = random.Random(seed)
    keys = sorted(cells)
    quota: dict[tuple[str, str, str], int] = {}
    fraction: dict[tuple[str, str, str], float] = {}
    for key in keys:
        rng.shuffle(cells[key])
        exact = share * len(cells[key])
        quota[key] = math.floor(exact)
        fraction[key] = exact - quota[key]
    tiebreak = {key: rng.random() for key in keys}
    extra = round(share * len(questions)) - sum(quota.values())
    for key in sorted(keys, key=lambda k: (-fraction[k], tiebreak[k]))[:extra]:
        quota[key] += 1
    return {qid for key in keys for qid in cells[key][: quota[key]]}


def by_id() -> dict[str, dict[str, Any]]:
    return {q["id"]: q for q in every()}


# ---- schema --------------------------------------------------------------------------------------


def test_schema() -> None:
    for split in SPLITS:
        assert isinstance(load(split), tuple) and load(split), f"{split}.json must be a non-empty list"
        for q in load(split):
            assert tuple(q) == KEYS, f"{q.get('id')}: keys must be exactly {KEYS} in that order"
            qid = q["id"]
            assert q["game"] in GAME_PREFIX, qid
            assert q["lang"] in LANG_TAG, qid
            assert q["category"] in CATEGORIES, qid
            assert re.fullmatch(rf"{GAME_PREFIX[q['game']]}-{LANG_TAG[q['lang']]}-\d{{3}}", qid), qid
            assert isinstance(q["question"], str) and q["question"].strip() == q["question"] and q["question"], qid
            assert isinstance(q["reference"], str) and len(q["reference"]) >= 10, qid
            rules = q["expected_rules"]
            assert isinstance(rules, list) and 1 <= len(rules) <= 2 and len(set(rules)) == len(rules), qid
            assert all(isinstance(r, str) for r in rules), qid
            must = q["answer_must"]
            assert isinstance(must, list) and must, f"{qid}: answer_must needs at least one fact"
            for alternatives in must:
                assert isinstance(alternatives, list) and alternatives, qid
                assert all(isinstance(t, str) and t.strip() == t and t for t in alternatives), qid
            must_not = q["answer_must_not"]
            assert isinstance(must_not, list) and all(isinstance(t, str) and t for t in must_not), qid
            if q["category"] == "position":
                assert isinstance(q["position"], str) and q["position"], f"{qid}: position question without position"
            else:
                assert q["position"] is None and q["move"] is None, f"{qid}: only position questions carry one"
            assert q["move"] is None or (isinstance(q["move"], str) and q["move"]), qid


def test_ids_unique_and_questions_distinct() -> None:
    ids = [q["id"] for q in every()]
    assert len(ids) == len(set(ids)), [i for i, n in Counter(ids).items() if n > 1]
    texts = Counter((q["game"], normalized(q["question"])) for q in every())
    assert not [t for t, n in texts.items() if n > 1], "the same question text appears twice"


def test_expected_rules_exist() -> None:
    rules = {game: importlib.import_module(f"boardgamesbot.games.{game}.rules").RULES for game in GAME_PREFIX}
    for q in every():
        for rule in q["expected_rules"]:
            assert rule in rules[q["game"]], f"{q['id']}: {rule} is not in the {q['game']} RULES table"


def test_references_pass_their_own_checks() -> None:
    """A reference is a correct answer, so it must pass the answer checks the desk will face."""
    for q in every():
        lead = first_sentences(q["reference"])
        for alternatives in q["answer_must"]:
            assert any(mentions(lead, t) for t in alternatives), f"{q['id']}: reference lacks one of {alternatives}"
        for token in q["answer_must_not"]:
            assert not mentions(lead, token), f"{q['id']}: reference leads with {token!r}"


# ---- positions and moves ----------------------------------------------------------------------


def _judge(q: dict[str, Any]) -> None:
    game = load_game(q["game"])
    state = game.from_position(q["position"])
    game.parse_action(q["move"])  # the move must at least be readable
    verdict = VERDICTS[q["id"]]
    after = state.clone()
    mover = state.to_move()
    if "illegal" in verdict:
        with pytest.raises(IllegalAction) as refused:
            after.apply(q["move"])
        assert refused.value.rule_id == verdict["illegal"], f"{q['id']}: refused as {refused.value.rule_id}"
        return
    after.apply(q["move"])  # legal: raises if the engine refuses it
    if q["game"] == "crosswise":
        if "line" in verdict:
            lines, index, was, now = verdict["line"]
            assert state.view(None)["line_scores"][lines][index] == was, q["id"]
            assert after.view(None)["line_scores"][lines][index] == now, q["id"]
            assert not after.is_over(), q["id"]
        if "win" in verdict:
            outcome = after.outcome()
            assert outcome is not None and outcome.termination == "six_of_a_kind", q["id"]
            assert list(outcome.winning_teams) == [verdict["win"]], q["id"]
        if "end" in verdict:
            outcome = after.outcome()
            assert outcome is not None and outcome.termination == "board_full", q["id"]
            assert [int(s) for s in outcome.team_scores] == verdict["end"], q["id"]
        return
    gained = after.view(None)["scores"][mover] - state.view(None)["scores"][mover]
    if verdict["claim"] == "success":
        assert gained == verdict["points"] > 0, f"{q['id']}: gained {gained}"
    else:
        assert gained == 0, f"{q['id']}: a failed claim gained {gained}"
    if "row" in verdict:
        assert len(after.view(None)["rows"][mover]) == verdict["row"], q["id"]


def test_positions_parse_and_moves_are_judged_as_claimed() -> None:
    questions = by_id()
    with_move = {q["id"] for q in every() if q["move"] is not None}
    assert with_move == set(VERDICTS), f"verdicts missing or stale: {with_move ^ set(VERDICTS)}"
    for q in every():
        if q["position"] is None:
            continue
        state = load_game(q["game"]).from_position(q["position"])
        assert not state.is_over(), f"{q['id']}: the position is already over"
        if q["move"] is not None:
            _judge(questions[q["id"]])


# ---- the split ----------------------------------------------------------------------------------


def test_splits_are_disjoint_and_reproducible() -> None:
    dev = {q["id"] for q in load("dev")}
    test = {q["id"] for q in load("test")}
    assert not dev & test
    assert split_ids(every()) == dev, "the split differs from the seeded split: a question was moved or added"
    share = len(dev) / (len(dev) + len(test))
    assert 0.5 <= share <= 0.6


def test_no_near_duplicates_across_splits() -> None:
    for q in load("dev"):
        for other in load("test"):
            assert not nearly_repeats(q, other), f"{q['id']} (dev) and {other['id']} (test) nearly repeat"


def test_coverage_counts() -> None:
    questions = every()
    assert len(questions) >= 180
    langs = Counter(q["lang"] for q in questions)
    games = Counter(q["game"] for q in questions)
    assert 0.45 <= langs["en"] / len(questions) <= 0.55
    assert min(langs["pt-BR"], langs["pt-PT"]) >= 0.2 * len(questions)
    assert 0.45 <= games["crosswise"] / len(questions) <= 0.55
    total = Counter((q["lang"], q["category"]) for q in questions)
    for lang, minimum in MIN_TOTAL.items():
        for category, need in minimum.items():
            assert total[(lang, category)] >= need, f"{lang} {category}: {total[(lang, category)]} < {need}"
    for split in SPLITS:
        counts = Counter((q["lang"], q["category"]) for q in load(split))
        for lang, need in MIN_PER_SPLIT.items():
            for category in CATEGORIES:
                want = MIN_PER_SPLIT_PT_PT_POSITION if (lang, category) == ("pt-PT", "position") else need
                assert counts[(lang, category)] >= want, f"{split}: {lang} {category} has {counts[(lang, category)]}"
        assert {q["game"] for q in load(split)} == set(GAME_PREFIX)
