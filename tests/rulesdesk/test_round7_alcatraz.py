"""Round 7, Alcatraz: classes of question the desk used to get wrong on unseen questions. Each test is one class,
asked in the project's own words (never a copy of an evaluation question)."""

from __future__ import annotations

import pytest

from boardgamesbot.rulesdesk.answer import ask
from boardgamesbot.rulesdesk.leads import count_pairs
from boardgamesbot.rulesdesk.understand import understand


# ---- shapes -------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "text",
    [
        "I called 11 with my last two cards - does use3-4 go through?",
        "My row is 5, 6, 2 and I name 11 - would use1-2 be fine?",
    ],
)
def test_a_dash_ends_the_scene_before_a_yes_no_question(text: str) -> None:
    assert understand(text, None, None).polar


def test_a_dash_before_a_number_is_not_a_sentence_break() -> None:
    assert not understand("what is 9 - 4 then?", None, None).polar


def test_a_number_right_after_a_count_word_is_a_card_value_not_a_count() -> None:
    assert count_pairs("can I stack three 12 cards on one card") == set()
    assert count_pairs("do I get 3 new cards") == {(3, "card")}


def test_how_many_cards_of_one_value_on_a_card_keeps_the_intents_yes() -> None:
    a = ask("alcatraz", "dá para meter duas 12 em cima da mesma carta?")
    assert a.answer.startswith("Sim"), a.answer


# ---- the reckoner: overlays told in other words ----------------------------------------------------------
@pytest.mark.parametrize(
    ("question", "start", "shown"),
    [
        ("um 9 com o sinal trocado conta quanto numa soma?", "O 9", "-9"),
        ("what does a 4 with its sign flipped count for?", "Your 4", "-4"),
    ],
)
def test_a_card_told_with_its_sign_already_turned_is_reckoned(question: str, start: str, shown: str) -> None:
    a = ask("alcatraz", question)
    assert a.rules[0].id == "AZ-OVERLAY"
    assert a.answer.startswith(start) and shown in a.answer, a.answer


@pytest.mark.parametrize(
    ("question", "start"),
    [
        ("peguei um 13 e meti em cima do meu 2, vira -2?", "Sim"),
        ("comprei um 14 e pus em cima do meu 6, fica 7?", "Não"),
        ("I drew a 13 and laid it on my 5 - does it become 5?", "No"),
    ],
)
def test_a_sign_card_laid_by_its_number_and_the_value_asked_are_checked(question: str, start: str) -> None:
    a = ask("alcatraz", question)
    assert a.rules[0].id == "AZ-OVERLAY"
    assert a.answer.startswith(start), a.answer


def test_a_flipped_card_equal_to_its_neighbour_is_not_a_zero_pair() -> None:
    a = ask("alcatraz", "um -3 com o sinal trocado junto de um 3: dá soma zero?")
    assert a.rules[0].id == "AZ-ZERO-PAIR"
    assert a.answer.startswith("Não"), a.answer


# ---- words and numbers ------------------------------------------------------------------------------------
def test_a_range_written_with_a_hyphen_is_two_numbers_not_a_negative_one() -> None:
    from boardgamesbot.rulesdesk.understand import tokens_of

    assert " ".join(tokens_of("do the 11-12 cards and a -2 differ")) == "do the 11 12 cards and a -2 differ"


def test_a_misspelt_function_word_is_not_corrected_into_a_farther_word() -> None:
    q = ask("alcatraz", "wat hapens to the deck when nobody can draw").to_dict()
    assert ["hapens", "apenas"] not in q["understood_as"]["corrections"]


@pytest.mark.parametrize(
    ("question", "rule", "total"),
    [
        ("how many cards go into all the rows together with four players?", "AZ-SETUP-ROW", "16"),
        ("no modo selvagem com 3 jogadores, quantas cartas ficam nas fileiras ao todo?", "AZ-WILD", "15"),
    ],
)
def test_the_cards_dealt_to_all_rows_are_counted_for_the_players_named(question: str, rule: str, total: str) -> None:
    a = ask("alcatraz", question)
    assert a.rules[0].id == rule
    assert f"= {total} " in a.answer, a.answer


def test_how_many_cards_each_player_gets_is_not_a_total() -> None:
    assert "=" not in ask("alcatraz", "with 4 players, how many cards does each one start with?").answer


@pytest.mark.parametrize(
    "text",
    [
        "Declarei 9 com as duas primeiras. Funciona? Quantos pontos faço?",
        "how many cards does a row get back in round two? is it up to four?",
        "Quando o baralho se esgota eu perco as cartas que ganhei?",
    ],
)
def test_a_yes_no_question_next_to_an_open_one_or_after_a_when_scene_is_yes_no(text: str) -> None:
    assert understand(text, None, None).polar


@pytest.mark.parametrize("text", ["quando é que eu posso comprar?", "quando eu posso tentar um objetivo?"])
def test_when_asked_on_its_own_stays_open(text: str) -> None:
    assert not understand(text, None, None).polar


def test_where_an_overlay_goes_is_not_reckoned_as_its_value() -> None:
    a = ask("alcatraz", "falhei e uma das minhas cartas tinha um -1 em cima, o -1 fica na fila?")
    assert "vale" not in a.answer.split(":")[0], a.answer
    assert a.rules[0].id in {"AZ-OVERLAY-LEAVE", "AZ-FAILURE", "AZ-PILE-ORDER"}, a.rules[0].id
