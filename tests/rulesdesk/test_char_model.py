"""The second classifier (char_model.py): character grams of each padded word, TF-IDF, a linear SVM; its shares
settle some near ties between intents that the word features leave the wrong way round."""

from __future__ import annotations

import math

import pytest

from boardgamesbot.rulesdesk import answer as desk
from boardgamesbot.rulesdesk import char_model, intents


def test_grams_are_taken_inside_each_word_with_its_spaces() -> None:
    found = char_model.grams("par iguais")
    assert {" p", "pa", "ar", "r ", " par ", "guai", "uais "} <= set(found)
    assert not any(" " in g.strip() for g in found)  # no gram spans two words
    assert all(2 <= len(g) <= 5 for g in found)


def test_trained_shares_sum_to_one_and_favour_the_taught_intent() -> None:
    texts = ["who starts the game", "who goes first", "how many points for a pair", "a pair is worth how much"]
    model = char_model.train(texts, [0, 0, 1, 1])
    assert model is not None
    shares = model.shares("who goes first in this game")
    assert math.isclose(sum(shares.values()), 1.0, rel_tol=1e-6)
    assert shares[0] > shares[1]


def test_one_intent_gives_no_model() -> None:
    assert char_model.train(["who starts", "who goes first"], [0, 0]) is None


def test_the_index_carries_a_character_model() -> None:
    kb = intents.intent_index("crosswise")
    assert kb is not None and kb.char_model is not None


@pytest.mark.parametrize("share", [0.0, intents.CHAR_SHARE])
def test_six_down_a_column_is_the_six_rule(monkeypatch: pytest.MonkeyPatch, share: float) -> None:
    # the word features put the lines rule first ("column"); the character view tells a six alike apart
    # (the asked questions of session 12 taught the word features the tie question this test used to ask)
    monkeypatch.setattr(intents, "CHAR_SHARE", share)
    question = "my mate just got six stars down his column, is that game over right there?"
    rule = desk.ask("crosswise", question).rules[0].id
    assert (rule == "CW-SIX") == (share > 0), rule
