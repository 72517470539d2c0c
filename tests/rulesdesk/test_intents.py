"""The intent matcher and the answers it leads with: yes/no by the question's shape, the asker's language, the
engine's judgement first for a position, abstention on questions about something else."""

from __future__ import annotations

import random

import pytest

from boardgamesbot.core.registry import load_game
from boardgamesbot.rulesdesk.answer import ask, question_view
from boardgamesbot.rulesdesk.evaluation import first_sentences, mentions
from boardgamesbot.rulesdesk.faq import answer_body, knowledge_base
from boardgamesbot.rulesdesk.intents import intent_index, kinds

pytestmark = pytest.mark.usefixtures("rulebooks_available")


def lead(a: str) -> str:
    return first_sentences(a)


def test_a_yes_no_question_gets_yes_or_no_and_an_open_one_does_not() -> None:
    polar = ask("crosswise", "Do my tiles have to touch the ones already on the board?")
    assert polar.rules[0].id == "CW-PLACE" and polar.answer.startswith("No —")
    opened = ask("crosswise", "Where am I allowed to put a symbol tile?")
    assert opened.rules[0].id == "CW-PLACE" and not opened.answer.startswith(("Yes", "No"))
    assert mentions(lead(opened.answer), "empty")


def test_does_it_matter_turns_a_permission_into_no() -> None:
    a = ask("alcatraz", "Does it matter whether the cards I add up are face up or face down?")
    assert a.rules[0].id == "AZ-ADJACENT"
    assert lead(a.answer).startswith("No") and not mentions(lead(a.answer), "yes")


def test_only_against_an_answer_that_says_any_is_no() -> None:
    a = ask("alcatraz", "Is the zero rule only for two cards sitting next to each other?")
    assert a.rules[0].id == "AZ-ZERO-PAIR"
    assert lead(a.answer).startswith("No") and mentions(lead(a.answer), "any")


@pytest.mark.parametrize(
    ("question", "rule"),
    [
        ("posso olhar as cartas escondidas do meu adversário?", "AZ-KNOWLEDGE"),
        ("epá, a minha fila pode ter mais de quatro cartas?", "AZ-SETUP-ROW"),
        ("quantos pontos dá uma trinca?", "CW-SCORE-GROUPS"),
    ],
)
def test_portuguese_questions_get_portuguese_answers(question: str, rule: str) -> None:
    game = "alcatraz" if rule.startswith("AZ") else "crosswise"
    a = ask(game, question)
    assert a.language == "pt" and a.rules[0].id == rule
    assert not a.answer.startswith(("Yes", "No", "The ", "A "))


def test_an_english_question_about_the_portuguese_rulebook_is_answered_in_english() -> None:
    a = ask("crosswise", "The rulebook is only in Portuguese: how many points for four equal symbols?")
    assert a.language == "en" and a.rules[0].id == "CW-SCORE-GROUPS" and mentions(lead(a.answer), "5")


def test_misspellings_and_text_speak_still_find_the_intent() -> None:
    a = ask("alcatraz", "wat hapens if u anounce the wrong objectiv lol")
    assert a.rules[0].id == "AZ-FAILURE"
    assert a.corrections


def test_confidence_is_high_for_a_plain_question_and_low_off_topic() -> None:
    assert ask("crosswise", "How many tiles does each player draw at the start?").confidence >= 0.6
    off = ask("alcatraz", "What is the best pizza topping in Naples?")
    assert off.abstained and off.confidence < 0.3 and off.answer.startswith("I am not sure")


def test_source_disagreement_is_stated_with_the_rule_the_engine_follows() -> None:
    a = ask("alcatraz", "The English how-to-play says the round ends right away when a row is empty. True?")
    assert a.rules[0].id == "AZ-ROUND-END"
    assert "manual" in a.answer and ("English" in a.answer or "english" in a.answer)


def _played(game: str, players: int, seed: int, moves: int):  # type: ignore[no-untyped-def]
    state = load_game(game).new(players, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over():
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_a_legal_move_that_changes_no_score_is_still_judged_by_the_engine() -> None:
    state = _played("crosswise", 2, 5, 30)
    quiet = None
    for action in state.legal_actions():
        after = state.clone()
        after.apply(action)
        if action.code[0].isdigit() and after.view(None)["line_scores"] == state.view(None)["line_scores"]:
            quiet = action.code
            break
    assert quiet is not None
    for question, start in (("Can I play this?", "Yes —"), ("Does this lose points for me?", "No —")):
        a = ask("crosswise", question, position=state.to_position(), move=quiet)
        assert a.verdict is not None and a.answer.startswith(start), (question, a.answer)
        assert a.rules[0].id == "CW-PLACE"
    said = ask("crosswise", "Posso fazer esta jogada?", position=state.to_position(), move=quiet)
    assert said.answer.startswith("Sim —")


def test_an_alcatraz_move_without_a_claim_names_its_rule() -> None:
    state = _played("alcatraz", 3, 9, 14)
    move = next(a.code for a in state.legal_actions() if a.code.startswith("take"))
    a = ask("alcatraz", "What happens if I do this?", position=state.to_position(), move=move)
    assert a.rules[0].id == "AZ-TAKE" and a.answer.count("is legal") == 1


def test_question_kinds_are_the_same_in_both_languages() -> None:
    assert kinds(["how", "many", "tiles", "do", "i", "draw"])["count"] == 1
    assert kinds(["quantas", "pecas", "tiro"])["count"] == 1
    assert kinds(["tenho", "de", "jogar"])["must"] == 1 and kinds(["do", "i", "have", "to", "play"])["must"] == 1
    assert kinds(["quem", "comeca"])["who"] == 1 and kinds(["who", "starts"])["who"] == 1


@pytest.mark.parametrize("game", ["crosswise", "alcatraz"])
def test_every_intent_finds_itself_from_its_own_first_paraphrase(game: str) -> None:
    index = intent_index(game)
    assert index is not None
    misses = []
    for intent in knowledge_base(game):
        _variety, question = next(iter(intent.paraphrases()))
        view = question_view(game, question)
        ranked = index.rank(view.ranking_tokens, view.langs, view.rule_scores)
        if ranked[0].intent.main != intent.main:
            misses.append((intent.id, question, ranked[0].intent.id))
    assert len(misses) <= 0.05 * len(knowledge_base(game)), misses


def test_answer_body_drops_the_yes_no_and_raises_the_first_letter() -> None:
    assert answer_body("No — tiles need not touch.") == "Tiles need not touch."
    assert answer_body("Sim — pode.") == "Pode."
    assert answer_body("A pair scores 1 point.") == "A pair scores 1 point."
