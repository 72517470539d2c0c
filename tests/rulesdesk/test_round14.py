"""Round 14, each question in the project's own wording: a second look at the two best intents (rerank.py) puts
the runner-up first when it covers the question better; the Alcatraz reckoner reads "fazer o 7" as the
objective, says the zero rule covers any two cards when the question wonders whether the pair must sit side by
side, and answers "does the zero rule still bite?" / "do I fail?" by whether the claim fails; "am I screwed?"
("tô ferrado?") against a way out ("yes, you may redraw") is answered no."""

from __future__ import annotations

import sys

import pytest

from boardgamesbot.rulesdesk import answer as desk
from boardgamesbot.rulesdesk.evaluation import first_sentences, mentions
from boardgamesbot.rulesdesk.intents import intent_index
from boardgamesbot.rulesdesk.rerank import NAMES, SWITCH, rerank, switch_probability
from boardgamesbot.rulesdesk.text import fold


def _lead(game: str, question: str) -> tuple[str, str]:
    answer = desk.ask(game, question)
    return answer.rules[0].id, first_sentences(answer.answer)


def test_an_even_pair_keeps_its_leader() -> None:
    assert switch_probability([0.0] * len(NAMES)) < SWITCH


def test_runner_up_that_covers_the_question_goes_first() -> None:
    question = "may I pick a tile up off the board and keep it in my hand?"
    kb = intent_index("crosswise")
    assert kb is not None
    view = desk.question_view("crosswise", question)
    ranking = kb.rank(view.ranking_tokens, view.langs, view.rule_scores)
    counting = desk.COUNT_Q.search(fold(view.q.raw)) is not None
    ranked = rerank(kb, ranking, view.q.polar, counting, "en", view.rule_scores)
    assert ranked[0] is ranking[1] and ranked[1] is ranking[0]
    rule, lead = _lead("crosswise", question)
    assert rule == "CW-REMOVE"
    assert lead.startswith("Yes")


@pytest.mark.parametrize(
    ("question", "rule", "facts", "never"),
    [
        # "fazer o 6": the objective, with its article; "passa?" asks whether the claim works
        (
            "6, -3 e 3 para fazer o 6: o 3 e o -3 não estão juntos, então passa?",
            "AZ-ZERO-PAIR",
            ["não", "zero"],
            ["sim"],
        ),
        # the pair apart: "does the zero rule still count?" is yes, and the answer says it covers any two cards
        (
            "I'm going for 6 with -1, 6 and 1; the -1 and the 1 are not side by side, so does the zero rule still count?",
            "AZ-ZERO-PAIR",
            ["yes", "any"],
            ["no"],
        ),
        ("-2, 7 and 3 for 8: do I fail?", "AZ-SUM", ["no", "fulfilled"], ["yes"]),
        ("-2, 7 and 2 for 7: do I fail?", "AZ-ZERO-PAIR", ["yes", "fails"], []),  # the failing claim: yes
    ],
)
def test_reckoned_claims(question: str, rule: str, facts: list[str], never: list[str]) -> None:
    first, lead = _lead("alcatraz", question)
    assert first == rule
    assert all(mentions(lead, t) for t in facts), lead
    assert not any(mentions(lead, t) for t in never), lead


@pytest.mark.parametrize(
    ("question", "word", "never"),
    [
        ("comecei só com peças de ação na mão, tô ferrado?", "não", "sim"),
        ("my starting hand is all action tiles, am I screwed?", "no", "yes"),
        ("only action tiles in my opening hand, can I swap them for new ones?", "yes", "no"),  # control
    ],
)
def test_fearing_a_bad_outcome_is_answered_by_the_way_out(question: str, word: str, never: str) -> None:
    rule, lead = _lead("crosswise", question)
    assert rule in ("CW-REDRAW", "CW-D-REDRAW")
    assert lead.lower().startswith(word) and not lead.lower().startswith(never), lead


def test_fit_refuses_held_out_sets(monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "bench" / "fit_rerank.py"
    spec = importlib.util.spec_from_file_location("fit_rerank", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    monkeypatch.setattr(sys, "argv", ["fit_rerank.py", "--sets", "dev2", "test"])
    with pytest.raises(SystemExit, match="held-out"):
        module.main()
