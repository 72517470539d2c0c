"""Round 7, Crosswise: classes of question the desk got wrong on unseen questions, each in the project's own
wording — the rule a position cites when the board fills or a move makes six different symbols, groups inside a
bigger group, several questions in one message, a "when" scene without a comma, "como" as "like", "quem joga
sozinho" as a subject, a remark after the question, and the new intents' yes/no."""

from __future__ import annotations

import pytest

from boardgamesbot.rulesdesk.answer import ask
from boardgamesbot.rulesdesk.intents import intent_index
from boardgamesbot.rulesdesk.leads import intent_lead
from boardgamesbot.rulesdesk.offtopic import outside_rules
from boardgamesbot.rulesdesk.understand import understand

# rows to move; only F6 is empty and the rows player holds the 5 that fills it: rows 36, columns 26
CW_LAST_SQUARE = "213456/234561/345612/456123/561234/61234. next=0 hands=5123/456R bag=RRMMMSSSTTT used=0000 turn=35"
# row 1 holds five different symbols and the sixth sits on A2; the rows player holds a Move tile
CW_MOVE_SIXTH = (
    "12345./6...../....../....../....../...... next=0 hands=M111/2222 "
    "bag=11122333333444444555555666666RRRMMSSSTTT used=0000 turn=0"
)


def _first_rule(question: str, **kw: str) -> str:
    return ask("crosswise", question, **kw).rules[0].id


# ---- positions: the rule that decides comes first --------------------------------------------------------
@pytest.mark.parametrize(
    "question",
    ["What happens if I put my 5 there?", "O que acontece se eu puser aí o meu 5?", "Do we win with this?"],
)
def test_filling_the_last_square_cites_the_end_of_the_game(question: str) -> None:
    a = ask("crosswise", question, position=CW_LAST_SQUARE, move="5F6")
    assert a.rules[0].id == "CW-END"
    assert "36" in a.answer and "26" in a.answer


def test_a_move_that_makes_six_different_cites_the_six_different_rule() -> None:
    a = ask("crosswise", "What is row 1 worth after this?", position=CW_MOVE_SIXTH, move="M-A2-F1")
    assert a.rules[0].id == "CW-SCORE-DIFFERENT"
    assert "6" in a.answer


# ---- the reckoner: groups inside a bigger group ----------------------------------------------------------
@pytest.mark.parametrize(
    "question",
    [
        "Four hearts in my column: on top of the 5 for the four, do the pairs inside it score too?",
        "Uma quadra de trevos na minha linha: fora os 5 dela, os pares lá dentro também pontuam?",
        "Does four of a kind count as two pairs as well?",
    ],
)
def test_a_group_does_not_also_score_the_groups_inside_it(question: str) -> None:
    a = ask("crosswise", question)
    assert a.rules[0].id == "CW-SCORE-SPREAD"
    assert a.answer.split()[0] in {"No", "Não"} and "5" in a.answer


# ---- the shape of the question -----------------------------------------------------------------------------
@pytest.mark.parametrize(
    "text",
    [
        "Quem começa? Pode ser qualquer um?",  # the last of several questions asks yes or no
        "Who plays after me? Is it always someone from the other team?",
        "qd acaba o saco ainda tiramos peças?",  # a "when" scene with no comma, then a yes/no clause
        "quando o tabuleiro enche posso continuar a jogar?",
        "Seis diferentes ganham na hora, como seis iguais?",  # "como" + a number: "like", not "how"
        "A três, quem joga sozinho tem seis peças?",  # "whoever plays alone" is the subject
        "No fim ganha quem fizer mais pontos nas linhas, certo? Bué simples.",  # a remark after the question
    ],
)
def test_yes_no_questions_the_shape_used_to_miss(text: str) -> None:
    assert understand(text, None, None).polar


@pytest.mark.parametrize(
    "text",
    [
        "quando acaba o jogo?",
        "quando a gente pode passar?",  # "when", with no scene of its own
        "quando é que tem de se passar?",
        "quem joga sozinho?",
        "quando o saco acaba, o que acontece?",
        "Posso passar? Quem joga depois?",
    ],
)
def test_open_questions_stay_open(text: str) -> None:
    assert not understand(text, None, None).polar


def test_qndo_is_read_as_quando() -> None:
    assert "quando" in understand("qndo termina a partida?", None, None).tokens


def test_how_often_in_portuguese_is_not_a_play_time_question() -> None:
    assert not outside_rules("a três, quem joga sozinho joga de quanto em quanto tempo?")
    assert outside_rules("quanto tempo dura uma partida?")


# ---- intents added this round: their yes/no and rule -----------------------------------------------------
@pytest.mark.parametrize(
    ("question", "rule", "start"),
    [
        ("Is counting the spent action tiles cheating?", "CW-USED", "No"),
        ("Are the played action tiles kept hidden from the other team?", "CW-USED", "No"),
        ("Can I bump my tile one square over without playing an action tile?", "CW-MOVE", "No"),
        ("With opponent_six=illegal, may I place the tile that gives them six alike?", "CW-D-SIX-OPPONENT", "No"),
        ("Depois de uma vitória com seis iguais, os pontos das linhas ainda importam?", "CW-D-SIX-SCORE", "Não"),
        ("Uma linha completa pode acabar valendo zero pontos?", "CW-SCORE-GROUPS", "Não"),
        ("Sou obrigado a ficar com uma mão inicial só de ações?", "CW-REDRAW", "Não"),
    ],
)
def test_new_intents_answer_with_their_rule_and_yes_no(question: str, rule: str, start: str) -> None:
    a = ask("crosswise", question)
    assert a.rules[0].id == rule
    assert a.answer.startswith(start)


def test_an_empty_hand_with_an_empty_bag_passes() -> None:
    a = ask("crosswise", "My hand is empty and there is nothing left to draw, what do I do?")
    assert a.rules[0].id == "CW-D-STUCK"
    assert "pass" in a.answer.lower()


# ---- states the answer names against the state the question names ----------------------------------------
def _lead_of(intent_id: str, question: str) -> str:
    """The answer one intent gives to a question, whichever intent the matcher would pick."""
    kb = intent_index("crosswise")
    assert kb is not None
    intent = next(i for i in kb.intents if i.id == intent_id)
    q = understand(question, None, None)
    return intent_lead(intent, q, "pt" if q.lang == "pt" else "en", "crosswise").text


@pytest.mark.parametrize(
    ("intent_id", "question", "start"),
    [
        ("redraw", "Halfway through the game my hand is all action tiles. May I put them back in the bag?", "No"),
        ("redraw", "Lá pelo meio da partida só me restam peças de ação, posso devolvê-las ao saco?", "Não"),
        ("redraw", "At the start my hand is only action tiles, may I put them back?", "Yes"),
        ("remove", "Can I take a tile off with Remove and put it down somewhere else in the same turn?", "No"),
        ("remove", "Tiro uma peça com o retirar e ponho-a noutra casa na mesma jogada, pode ser?", "Não"),
        ("trade-tile-later", "Can I place the tile Trade gave me in the same turn?", "No"),
        ("trade-tile-later", "Can I place the tile Trade gave me on my next turn?", "Yes"),
    ],
)
def test_a_yes_about_one_moment_is_a_no_about_the_other(intent_id: str, question: str, start: str) -> None:
    assert _lead_of(intent_id, question).startswith(start)


def test_a_six_asked_about_its_win_is_not_reckoned_as_points() -> None:
    a = ask("crosswise", "Seis iguais feitos com a troca valem a vitória?")
    assert a.rules[0].id == "CW-SIX"
    assert a.answer.startswith("Sim")


def test_what_a_six_is_worth_cites_the_decision_that_it_scores_zero() -> None:
    a = ask("crosswise", "How many points is six of the same symbol in my row?")
    assert a.rules[0].id == "CW-D-SIX-SCORE"
    assert "0" in a.answer


def test_which_way_the_turn_passes_is_the_turn_order() -> None:
    assert ask("crosswise", "Para qual lado a vez passa?").rules[0].id == "CW-ORDER"


@pytest.mark.parametrize(
    "question", ["My column holds 3 moons and 2 suns, what do I get?", "Tenho 3 luas e 2 sóis numa fila, o que ganho?"]
)
def test_what_do_i_get_for_named_groups_is_reckoned(question: str) -> None:
    a = ask("crosswise", question)
    assert a.rules[0].id == "CW-SCORE-GROUPS"
    assert "(3 + 1)" in a.answer  # these two groups' sum, not the table of every combination


# ---- a refill the bag cannot complete: the count the player ends with ------------------------------------
@pytest.mark.parametrize(
    ("question", "count"),
    [
        ("Only 1 tile is left in the bag and I need 3 to refill, what now?", "2"),
        ("o saco só tem 2 peças e me faltam 3 pra completar a mão, e agora?", "3"),
        ("Sou quem joga sozinho: preciso de 2 e no saco resta 1, com quantas fico?", "5"),
    ],
)
def test_a_short_refill_states_the_hand_it_leaves(question: str, count: str) -> None:
    a = ask("crosswise", question)
    assert a.rules[0].id == "CW-REFILL"
    assert f" {count} " in a.answer


def test_a_bag_that_can_complete_the_hand_is_not_reckoned() -> None:
    assert "short of" not in ask("crosswise", "The bag has 5 tiles and I need 2, what happens?").answer


# ---- numbers written the way players write them -----------------------------------------------------------
@pytest.mark.parametrize("question", ["We tied 20-20, now what?", "Ficou 15-15 no fim, e agora?"])
def test_a_level_score_written_with_a_dash_is_a_tie(question: str) -> None:
    a = ask("crosswise", question)
    assert a.rules[0].id == "CW-D-TIE"
    assert not a.abstained


def test_a_card_and_its_negative_are_not_a_score() -> None:
    assert "tie" not in understand("cards 3 -3 and 12 for objective 12?", None, None).tokens


@pytest.mark.parametrize(
    "question", ["3 of a kind twice in one line, how much?", "uma trinca duas vezes na mesma fila vale quanto?"]
)
def test_a_group_named_twice_counts_twice(question: str) -> None:
    assert "(3 + 3)" in ask("crosswise", question).answer
