"""The linear intent classifier (rulesdesk/intent_model.py) and what it changes in the desk's answers."""

from __future__ import annotations

import pytest

from boardgamesbot.rulesdesk import intent_model, intents
from boardgamesbot.rulesdesk.answer import ask

# Two intents whose questions share almost every word: only "must" / "may" tells them apart.
MUST = [{"w:must": 0.6, "w:look": 0.5, "w:card": 0.5, "w:start": 0.4}, {"w:must": 0.7, "w:look": 0.5, "w:card": 0.5}]
MAY = [{"w:may": 0.6, "w:look": 0.5, "w:card": 0.5, "w:start": 0.4}, {"w:may": 0.7, "w:look": 0.5, "w:card": 0.5}]
OTHER = [{"w:score": 0.8, "w:pair": 0.6}, {"w:score": 0.7, "w:point": 0.7}]


def _model() -> intent_model.IntentModel:
    model = intent_model.train(MUST + MAY + OTHER, [0, 0, 1, 1, 2, 2])
    assert model is not None
    return model


def test_the_word_that_tells_two_close_intents_apart_decides() -> None:
    model = _model()
    must = model.shares({"w:must": 0.5, "w:look": 0.6, "w:card": 0.6})
    may = model.shares({"w:may": 0.5, "w:look": 0.6, "w:card": 0.6})
    assert max(must, key=must.__getitem__) == 0
    assert max(may, key=may.__getitem__) == 1


def test_shares_sum_to_one_and_unknown_features_are_ignored() -> None:
    model = _model()
    shares = model.shares({"w:score": 0.7, "w:never-seen": 5.0})
    assert shares.keys() == {0, 1, 2}
    assert sum(shares.values()) == pytest.approx(1.0)
    assert max(shares, key=shares.__getitem__) == 2


def test_two_intents_train_a_model_for_both_and_one_intent_none() -> None:
    model = intent_model.train(MUST + MAY, [0, 0, 1, 1])
    assert model is not None
    shares = model.shares({"w:may": 0.7, "w:look": 0.5})
    assert shares[1] > shares[0]
    assert intent_model.train(MUST, [4, 4]) is None


def test_only_weights_above_the_pruning_line_are_kept() -> None:
    model = _model()
    assert len(model.weights.weights) > 0
    assert all(abs(w) >= intent_model.PRUNE for w in model.weights.weights)


# Questions from the blind tuning sets dev14/dev15 that the paraphrase index alone answered wrong when the
# classifier came (checked with its weight set to 0, and left out of asked.json by the labelling script since
# the index got them wrong) and the blended ranking answers right.
FIXED = [
    ("alcatraz", "What happens when nobody ever empties their row? Does the round go on forever?", "AZ-TURN-CAP", "No"),
    ("alcatraz", "epá, saquei um 5 do baralho e não me serve de nada, posso mandá-lo fora?", "AZ-DISCARD", "Sim"),
    ("crosswise", "can i swpa two tiles that are alredy on the bord", "CW-SWAP", "Yes"),
    (
        "crosswise",
        "so nobody's got a move left and everyone just keeps passing, now what?",
        "CW-D-STALEMATE",
        ("Passing", "If"),  # two intents of the rule say it: passing cannot go on / if all pass, it ends
    ),
]


@pytest.mark.parametrize(("game", "question", "rule", "first_word"), FIXED)
def test_the_classifier_mends_what_the_paraphrase_index_got_wrong(
    game: str, question: str, rule: str, first_word: str | tuple[str, ...] | None
) -> None:
    answer = ask(game, question)
    assert answer.rules[0].id == rule
    if first_word:
        assert answer.answer.split()[0] in ((first_word,) if isinstance(first_word, str) else first_word)
    else:
        assert "4" in answer.answer.split(".")[0]


@pytest.mark.parametrize(
    ("game", "question"),
    [("alcatraz", "how long does a game take?"), ("alcatraz", "Quem ganhou a copa do mundo de 1970?")],
)
def test_the_blend_does_not_make_the_desk_sure_of_an_off_topic_question(game: str, question: str) -> None:
    """The classifier reorders intents; confidence stays the paraphrase index's (calibrated on it), so a
    question the rules do not settle still abstains (with confidence read from the blend, both answered)."""
    assert ask(game, question).abstained


def test_the_blend_reorders_intents_and_the_index_alone_does_not(monkeypatch: pytest.MonkeyPatch) -> None:
    """With the classifier's weight at 0 the ranking is the index's own; with it, scores rise by its share."""
    from boardgamesbot.rulesdesk.answer import question_view

    kb = intents.intent_index("crosswise")
    assert kb is not None and kb.model is not None
    view = question_view("crosswise", "can i swpa two tiles that are alredy on the bord")
    blended = kb.rank(view.ranking_tokens, view.langs, view.rule_scores)
    assert blended[0].score > blended[0].calibrated
    monkeypatch.setattr(intents, "MODEL_SHARE", 0.0)
    monkeypatch.setattr(intents, "CHAR_SHARE", 0.0)  # the second, character-gram classifier (char_model.py)
    alone = kb.rank(view.ranking_tokens, view.langs, view.rule_scores)
    assert all(m.score == m.calibrated for m in alone)
