"""The asked-questions files (rulesdesk/asked.py): labelled, from spent tuning sets only, never a held-out one."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from rapidfuzz import fuzz

from boardgamesbot.core.text import fold
from boardgamesbot.rulesdesk.asked import asked_questions, read_asked
from boardgamesbot.rulesdesk.evaluation import HELD_OUT_SETS, SPENT_SETS, TUNING_SETS, load_split
from boardgamesbot.rulesdesk.faq import knowledge_base

ROOT = Path(__file__).resolve().parents[2]
GAMES = ["alcatraz", "crosswise"]
NEAR_COPY = 88


@pytest.mark.parametrize("game", GAMES)
def test_every_label_names_a_live_intent(game: str) -> None:
    """A renamed or retired intent leaves its asked questions unlabelled: rerun scripts/label_asked.py."""
    live = {i.id for i in knowledge_base(game)}
    stale = sorted({iid for iid, _v, _q in asked_questions(game) if iid not in live})
    assert asked_questions(game), f"{game} has no asked questions"
    assert not stale, f"asked questions of {game} name intents that are not live: {stale}"


@pytest.mark.parametrize("game", GAMES)
def test_asked_questions_come_from_tuning_sets_and_never_near_a_held_out_one(game: str) -> None:
    tuning = {q["question"] for name in TUNING_SETS + SPENT_SETS for q in load_split(name) if q["game"] == game}
    ours = [q for _i, _v, q in asked_questions(game)]
    assert set(ours) <= tuning, "an asked question that is not from a tuning set"
    folded = [fold(q) for q in ours]
    for split in HELD_OUT_SETS:
        theirs = [fold(q["question"]) for q in load_split(split) if q["game"] == game]
        near = sum(1 for mine in folded for other in theirs if fuzz.ratio(mine, other) >= NEAR_COPY)
        assert near == 0, f"{near} asked question(s) nearly repeat {split} questions"  # never printed


def test_a_malformed_file_is_refused_with_what_is_wrong(tmp_path: Path) -> None:
    path = tmp_path / "asked.json"
    path.write_text(json.dumps({"questions": [{"intent": "x", "variety": "fr", "question": "q?"}]}), "utf-8")
    with pytest.raises(ValueError, match="variety 'fr'"):
        read_asked(path)
    path.write_text(json.dumps({"questions": [{"intent": "x"}]}), "utf-8")
    with pytest.raises(ValueError, match="entry 0 needs"):
        read_asked(path)
    path.write_text(json.dumps([1, 2]), "utf-8")
    with pytest.raises(ValueError, match="list under 'questions'"):
        read_asked(path)


def test_the_labelling_script_refuses_a_held_out_set() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "label_asked.py"), "dev", HELD_OUT_SETS[0]],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode != 0
    assert "refused" in done.stderr and HELD_OUT_SETS[0] in done.stderr
