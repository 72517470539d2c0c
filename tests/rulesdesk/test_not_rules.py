"""Questions that are not about the rules: the classifier's off-topic class (rulesdesk/offtopic.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from rapidfuzz import fuzz

from boardgamesbot.rulesdesk import intents
from boardgamesbot.rulesdesk.answer import ask
from boardgamesbot.rulesdesk.offtopic import NOT_RULES_PATH, not_rules_questions
from boardgamesbot.rulesdesk.text import fold

HELD_OUT = Path(__file__).parent / "not_rules" / "test.json"


@pytest.mark.parametrize(
    ("game", "question"),
    [
        ("alcatraz", "what time is it?"),  # "time": a game word in both languages (pt "time" = team)
        ("alcatraz", "how many players are on a football team?"),  # "players", "team": game words, another game
        ("alcatraz", "quantos jogadores tem um time de futebol?"),
        ("alcatraz", "who won the last election?"),  # "won": the winner intents
        ("crosswise", "who won the last election?"),
    ],
)
def test_game_words_in_another_sense_are_not_answered_as_rules(game: str, question: str) -> None:
    """These were answered with 0.55-0.96 confidence (players, winner) before the off-topic class. Crosswise still
    answers "what time is it?" (teams) and the football-team questions (players): see docs/rulesdesk.md."""
    answer = ask(game, question)
    assert answer.abstained, (answer.intent, answer.confidence)


@pytest.mark.parametrize(
    ("game", "question", "rule"),
    [
        ("alcatraz", "how many players can play?", "AZ-PLAYERS"),
        ("crosswise", "quantos jogadores podem jogar?", "CW-TEAMS"),
        ("crosswise", "who wins when the board is full?", "CW-WIN"),
    ],
)
def test_rules_questions_with_the_same_words_are_still_answered(game: str, question: str, rule: str) -> None:
    answer = ask(game, question)
    assert not answer.abstained and answer.rules[0].id.startswith(rule)


def test_the_off_topic_class_never_becomes_a_match() -> None:
    """The class is the classifier's label -1: ranking lists real intents only (it once indexed intents[-1])."""
    kb = intents.intent_index("alcatraz")
    assert kb is not None
    ranked = kb.rank(intents.normalize("what time is it?", "en"), ("en",))
    ids = {intent.id for intent in kb.intents}
    assert ranked and all(m.intent.id in ids for m in ranked)
    assert kb.off_topic_share(intents.normalize("what time is it?", "en"), ("en",)) > 0.5


def test_training_and_held_out_not_rules_questions_never_nearly_repeat() -> None:
    """The held-out file measures the class on questions it was not trained on (bench/not_rules.py)."""
    train = [fold(q) for _v, q in not_rules_questions()]
    held = [fold(item["question"]) for item in json.loads(HELD_OUT.read_text("utf-8"))]
    assert len(train) >= 100 and len(held) >= 100
    near = [h for h in held if any(fuzz.ratio(h, t) >= 88 for t in train)]
    assert not near, f"{len(near)} held-out not-rules question(s) nearly repeat training ones"


def test_a_malformed_not_rules_file_is_an_error_naming_the_entry(tmp_path: Path) -> None:
    path = tmp_path / "not_rules.json"
    path.write_text(
        json.dumps({"questions": [{"variety": "en", "question": "hi"}, {"variety": "xx", "question": "?"}]})
    )
    with pytest.raises(ValueError, match="entry 1 has variety 'xx'"):
        not_rules_questions.__wrapped__(path)
    path.write_text("[]")
    with pytest.raises(ValueError, match="list under 'questions'"):
        not_rules_questions.__wrapped__(path)


def test_the_shipped_file_is_the_one_read() -> None:
    assert NOT_RULES_PATH.is_file() and not_rules_questions()
