"""Round 8, Alcatraz: classes of question the desk used to get wrong on unseen questions. Each test is one class,
asked in the project's own words (never a copy of an evaluation question)."""

from __future__ import annotations

import pytest

from boardgamesbot.rulesdesk.answer import ask
from boardgamesbot.rulesdesk.understand import understand


# ---- shapes -------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "text",
    [
        "may four of us play or is it only for two?",
        "can I look at my own card first or is that cheating?",
        "posso virar a carta do descarte ou é proibido?",
        "dá para jogar a cinco ou é só a dois?",
    ],
)
def test_an_or_clause_that_doubts_the_question_keeps_it_yes_no(text: str) -> None:
    assert understand(text, None, None).polar


@pytest.mark.parametrize("text", ["face up or face down?", "do I draw first or claim first?", "a ou b?"])
def test_a_real_choice_is_still_not_yes_no(text: str) -> None:
    assert not understand(text, None, None).polar


@pytest.mark.parametrize(
    "text",
    ["so if I empty my row I get a circle?", "hang on, if we both pass the round just carries on?"],
)
def test_an_english_statement_asked_with_a_question_mark_is_yes_no(text: str) -> None:
    assert understand(text, None, None).polar


@pytest.mark.parametrize("text", ["overlay sum?", "so what do I get?", "I draw or I take?"])
def test_a_bare_topic_or_a_question_word_stays_open(text: str) -> None:
    assert not understand(text, None, None).polar


@pytest.mark.parametrize(
    "text",
    [
        "no desempate, quem ficou atrás nos pontos ainda pode jogar?",
        "quem já esvaziou a fileira também recebe carta nova?",
    ],
)
def test_whoever_with_also_or_still_is_the_subject_of_a_yes_no_question(text: str) -> None:
    assert understand(text, None, None).polar


def test_quem_tambem_alone_still_asks_who() -> None:
    assert not understand("e quem também joga?", None, None).polar


def test_tenho_que_opens_a_yes_no_question_even_with_an_embedded_which() -> None:
    assert understand("tenho que dizer a todos em qual objetivo vou antes de virar?", None, None).polar


def test_an_english_statement_with_i_am_asked_with_a_question_mark_is_yes_no() -> None:
    assert understand("3 and 4 for objective 7, so I'm fine?", None, None).polar


def test_whoever_then_gets_any_is_a_yes_no_question() -> None:
    assert understand("quem ficou com cartas na fila ganha algum ponto extra?", None, None).polar


@pytest.mark.parametrize("text", ["meti um +1 no meu 4. vale quanto agora?", "o meu 2 com um -1 conta quanto na soma?"])
def test_a_verb_then_how_much_asks_for_a_value_not_yes_or_no(text: str) -> None:
    assert not understand(text, None, None).polar


@pytest.mark.parametrize(
    ("text", "value"),
    [("meti -1 e a seguir uma troca de sinal no meu 5: quanto conta?", "-4"), ("pus um +1 no meu 5, fica 6?", "6")],
)
def test_the_reckoner_reads_an_overlay_laid_no_meu_card(text: str, value: str) -> None:
    a = ask("alcatraz", text)
    assert value in a.answer.split(":")[0], a.answer


def test_an_embedded_when_keeps_an_english_statement_question_yes_no() -> None:
    assert understand("so the -1 is left out when I add up?", None, None).polar


@pytest.mark.parametrize(
    ("text", "lead"),
    [
        ("a +1 laid on my card changes what it adds, right?", "Yes"),
        ("I just use the printed number and leave the overlay out, right?", "No"),
        ("so I ignore the sign change when I add up?", "No"),
    ],
)
def test_the_overlay_mirrors_follow_what_the_asker_claims(text: str, lead: str) -> None:
    a = ask("alcatraz", text)
    assert a.answer.startswith(lead), a.answer


# ---- mirror intents: the yes/no follows what the question claims ------------------------------------------
@pytest.mark.parametrize(
    ("text", "lead", "rule"),
    [
        ("the card I pick off a discard pile sits hidden in my row?", "No", "AZ-TAKE"),
        ("a carta que apanhei do monte de descarte fica virada para baixo?", "Não", "AZ-TAKE"),
        ("goal deck gone, so from now on we only have two objectives out?", "No", "AZ-OBJECTIVE-RESHUFFLE"),
        ("o objetivo que eu cumpri agora pode ser o próximo a sair?", "Não", "AZ-OBJECTIVE-RESHUFFLE"),
        ("does the player who isn't tied have to sit out round three?", "No", "AZ-THIRD-ROUND"),
        ("can I lay a -1 on my cousin's card?", "No", "AZ-OVERLAY"),
        ("deu 8 e eu anunciei 10, posso trocar o anúncio para o 8?", "Não", "AZ-SUM"),
        ("acertei a soma: entra uma carta nova na minha fila?", "Sim", "AZ-SUCCESS"),
    ],
)
def test_a_mirror_intent_answers_the_claim_made(text: str, lead: str, rule: str) -> None:
    a = ask("alcatraz", text)
    assert a.answer.startswith(lead), a.answer
    assert a.rules[0].id == rule, [r.id for r in a.rules[:2]]


def test_wich_is_read_as_which_so_the_question_stays_open() -> None:
    assert not understand("wich cards can I swap out", None, None).polar


@pytest.mark.parametrize(
    "text",
    [
        "a sign change scores points as well?",
        "the objective stays out after a miss?",
        "once my row is empty does my turn end?",
    ],
)
def test_an_english_statement_or_a_comma_less_scene_before_a_question_is_yes_no(text: str) -> None:
    assert understand(text, None, None).polar


@pytest.mark.parametrize("text", ["when does the round end?", "wild prisoner mode?", "zero rule in my sum?"])
def test_when_questions_and_bare_topics_stay_open(text: str) -> None:
    assert not understand(text, None, None).polar


def test_new_cards_at_the_right_end_is_a_yes() -> None:
    a = ask("alcatraz", "the cards I refill are put on the right of my row?")
    assert a.answer.startswith("Yes"), a.answer


# ---- "is it cheating to …?" turns a permission around ----------------------------------------------------
@pytest.mark.parametrize(
    ("text", "lead"),
    [
        ("is it cheating to check my face-down cards again mid-round?", "Yes"),
        ("seria batota apontar os valores das minhas cartas num papel?", "Sim"),
        ("is it illegal to skip the draw and go straight for an objective?", "No"),
    ],
)
def test_asking_whether_a_move_is_forbidden_turns_the_permission_around(text: str, lead: str) -> None:
    a = ask("alcatraz", text)
    assert a.answer.startswith(lead), a.answer


@pytest.mark.parametrize(
    "text",
    [
        "with a 12 it's +1 or -1, I pick?",  # the "or" is in an earlier clause; the last one asks yes or no
        "in wild prisoner do rows begin with 5 cards?",  # a plural noun as the subject after the auxiliary
    ],
)
def test_more_yes_no_shapes(text: str) -> None:
    assert understand(text, None, None).polar


@pytest.mark.parametrize(
    ("text", "lead", "rule"),
    [
        ("I failed my sum - is that objective still up for grabs?", "Yes", "AZ-FAILURE"),
        ("a +1 is left sitting in my row after its card is swapped away?", "No", "AZ-OVERLAY-LEAVE"),
        ("more circles beats more points at the end?", "No", "AZ-WINNER"),
    ],
)
def test_more_mirror_intents(text: str, lead: str, rule: str) -> None:
    a = ask("alcatraz", text)
    assert a.answer.startswith(lead), a.answer
    assert a.rules[0].id == rule, [r.id for r in a.rules[:2]]


def test_a_number_the_answer_replaces_is_not_a_count_it_gives() -> None:
    a = ask("alcatraz", "with the wild prisoner option do we each get 4 cards in the row?")
    assert a.answer.startswith("No"), a.answer


@pytest.mark.parametrize(
    ("text", "lead"),
    [
        ("does going out first win me the whole game?", "No"),
        ("may the +1 be laid on a card of mine that is already face up?", "Yes"),
        ("still level after round three - is a 4th round played?", "No"),
        ("se a minha tentativa falhar, perco o resto da vez?", "Sim"),
    ],
)
def test_yes_no_follows_the_fact_asked(text: str, lead: str) -> None:
    a = ask("alcatraz", text)
    assert a.answer.startswith(lead), a.answer
