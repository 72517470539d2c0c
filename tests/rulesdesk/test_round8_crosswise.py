"""Round 8, Crosswise: classes of question the desk got wrong on unseen questions, each in the project's own
wording — an "or" inside the subject of a yes/no question, a yes/no question cut down to "— game over?", a group
named by its size ("a group of four"), a message whose groups cannot all fit one line while its last sentence
asks about one line, the lone player starting, and answers whose first sentence states the deciding fact."""

from __future__ import annotations

import pytest

from boardgamesbot.rulesdesk.answer import ask
from boardgamesbot.rulesdesk.evaluation import first_sentences, mentions

# only F6 is empty and the rows player holds the 5 that fills it: rows 36, columns 26
CW_LAST_SQUARE = "213456/234561/345612/456123/561234/61234. next=0 hands=5123/456R bag=RRMMMSSSTTT used=0000 turn=35"


def _lead(question: str, **kw: str) -> tuple[str, str]:
    a = ask("crosswise", question, **kw)
    return a.rules[0].id, first_sentences(a.answer)


# ---- question shapes ------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("question", "word"),
    [
        ("Could a move or a swap give both teams six alike in one go?", "No"),
        ("Uma troca ou um mover pode dar seis iguais às duas equipas de uma vez?", "Não"),
    ],
)
def test_an_or_inside_the_subject_still_asks_yes_or_no(question: str, word: str) -> None:
    rule, lead = _lead(question)
    assert rule == "CW-D-SIX-BOTH"
    assert lead.split()[0] == word


@pytest.mark.parametrize("question", ["Does the rows team or the columns team start?", "Is it face up or face down?"])
def test_a_choice_between_two_answers_is_not_answered_yes_or_no(question: str) -> None:
    _rule, lead = _lead(question)
    assert lead.split()[0] not in {"Yes", "No"}


@pytest.mark.parametrize("question", ["I put my 5 on F6 — game over?", "My 5 goes on F6, legal?"])
def test_a_yes_no_question_cut_to_its_predicate_is_answered_yes_or_no(question: str) -> None:
    _rule, lead = _lead(question, position=CW_LAST_SQUARE, move="5F6")
    assert lead.split()[0] == "Yes"


# ---- the reckoner ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("question", "points"),
    [
        ("What is a line with a group of four and a pair worth?", "6"),
        ("Quanto pontua uma fila com um grupo de três e um par?", "4"),
    ],
)
def test_a_group_named_by_its_size_is_scored(question: str, points: str) -> None:
    rule, lead = _lead(question)
    assert rule == "CW-SCORE-GROUPS"
    assert mentions(lead, points)


def test_the_asking_sentence_decides_when_the_whole_message_cannot_fit_one_line() -> None:
    rule, lead = _lead("Three pairs and a trio won't fit in a row, I know. But a pair and a trio, what's that worth?")
    assert rule == "CW-SCORE-GROUPS"
    assert mentions(lead, "4") and not mentions(lead, "cannot")


# ---- intents and answers --------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("question", "word"),
    [
        ("With three of us, may the player without a partner take the first turn?", "Yes"),
        ("Numa partida a três, o jogador sem parceiro pode abrir o jogo?", "Sim"),
    ],
)
def test_the_lone_player_may_start(question: str, word: str) -> None:
    rule, lead = _lead(question)
    assert rule == "CW-D-FIRST"
    assert lead.split()[0] == word


def test_an_open_stuck_question_is_told_to_pass() -> None:
    rule, lead = _lead("all I hold are action tiles and nothing is on the board yet, what do I do")
    assert rule == "CW-D-STUCK"
    assert mentions(lead, "pass")


def test_the_empty_bag_answer_says_no_more_drawing_even_to_an_open_question() -> None:
    rule, lead = _lead("E quando o saco se esvazia, o que acontece às compras de peças?")
    assert rule == "CW-REFILL"
    assert mentions(lead, "não")


def test_played_action_tiles_are_said_to_be_seen_by_everyone() -> None:
    _rule, lead = _lead("as peças de ação já usadas ficam à vista de todos ou escondidas?")
    assert mentions(lead, "veem")


# ---- a count asked about a move whose judgement states none -------------------------------------------------
# three players; the lone player (seat 1) holds a Remove and a 3 sits on C1
CW_LONE_REMOVE = (
    "..3.../....../....../....../....../...... next=1 hands=1234/R12456/5566 "
    "bag=1111122222333334444455556666RRMMMSSSTTT used=0000 turn=0"
)


@pytest.mark.parametrize(
    "question",
    [
        "Three-player game and I'm the solo one. I remove the 3 on C1: how many tiles do I have after?",
        "Somos três e eu jogo sozinho. Tiro o 3 de C1 com retirar: quantas peças fico a ter?",
    ],
)
def test_a_count_asked_about_a_move_gets_the_number_in_the_first_two_sentences(question: str) -> None:
    rule, lead = _lead(question, position=CW_LONE_REMOVE, move="R-C1")
    assert rule == "CW-REMOVE"
    assert mentions(lead, "6")


# ---- glossary concepts that separate mirror intents ---------------------------------------------------------
def test_drawing_on_from_an_empty_bag_is_not_playing_on() -> None:
    rule, lead = _lead("When the bag has run dry, do I keep drawing at the end of my turn?")
    assert rule == "CW-REFILL"
    assert lead.split()[0] == "No"


@pytest.mark.parametrize(
    ("question", "rule"),
    [
        ("Uma peça que já está no tabuleiro pode voltar para a minha mão?", "CW-REMOVE"),
        ("Dá pra trazer de volta pra mão uma peça já jogada?", "CW-REMOVE"),
        ("All four of us hold only dead action tiles and keep passing — will this go on forever?", "CW-D-STALEMATE"),
        ("Nobody can do anything but pass. Does it carry on endlessly?", "CW-D-STALEMATE"),
    ],
)
def test_the_concept_asked_picks_the_rule(question: str, rule: str) -> None:
    assert _lead(question)[0] == rule


# ---- yes/no from the scoring table and from "when" scenes ---------------------------------------------------
@pytest.mark.parametrize(
    ("question", "word"),
    [
        ("do a pair and a trio in one row score?", "Yes"),
        ("is a pair worth nothing?", "No"),
        ("vale alguma coisa uma linha com seis símbolos diferentes?", "Sim"),
    ],
)
def test_a_yes_no_question_on_a_value_is_answered_from_the_table(question: str, word: str) -> None:
    _rule, lead = _lead(question)
    assert lead.split()[0] == word


def test_a_value_asked_for_the_other_team_is_not_a_yes() -> None:
    _rule, lead = _lead("does a pair in their column score for us?")
    assert lead.split()[0] not in {"Yes", "No"}


def test_a_when_scene_before_a_yes_no_question_is_answered_yes_or_no() -> None:
    rule, lead = _lead("when the bag is empty do we stop playing?")
    assert rule == "CW-REFILL"
    assert lead.split()[0] == "No"


def test_a_when_question_stays_open() -> None:
    _rule, lead = _lead("when does the game end?")
    assert lead.split()[0] not in {"Yes", "No"}


# ---- who the question asks about: the side that owns the line, or the mover ---------------------------------
@pytest.mark.parametrize(
    ("question", "word"),
    [
        ("if my move makes six of one symbol in the other team's row, do they win?", "Yes"),
        ("se eu fizer seis iguais na coluna do adversário, eles ganham?", "Sim"),
        ("se eu fizer seis iguais na coluna do adversário, eu ganho?", "Não"),
    ],
)
def test_six_in_an_opponents_line_wins_for_them_not_the_mover(question: str, word: str) -> None:
    rule, lead = _lead(question)
    assert rule == "CW-D-SIX-OPPONENT"
    assert lead.split()[0] == word


# ---- leave asked against an answer that says something need not be done --------------------------------------
@pytest.mark.parametrize(
    ("question", "word"),
    [
        ("is it fine to play a tile far away from all the others?", "Yes"),
        ("is it okay to put my piece in a spot with no neighbours at all?", "Yes"),
        ("must I place next to another tile?", "No"),
    ],
)
def test_leave_to_do_what_need_not_be_avoided_is_a_yes(question: str, word: str) -> None:
    rule, lead = _lead(question)
    assert rule == "CW-PLACE"
    assert lead.split()[0] == word


# ---- short Portuguese questions and statements asked with "?" ------------------------------------------------
@pytest.mark.parametrize(("question", "word"), [("as diagonais pontuam?", "Não"), ("a diagonal conta?", "Não")])
def test_a_short_portuguese_question_is_answered_in_portuguese(question: str, word: str) -> None:
    rule, lead = _lead(question)
    assert rule == "CW-LINES"
    assert lead.split()[0] == word


@pytest.mark.parametrize(("question", "word"), [("diagonals count?", "No"), ("six different symbols score?", "Yes")])
def test_a_statement_asked_with_a_question_mark_is_answered_yes_or_no(question: str, word: str) -> None:
    _rule, lead = _lead(question)
    assert lead.split()[0] == word


def test_a_bare_topic_stays_open() -> None:
    _rule, lead = _lead("pair worth?")
    assert lead.split()[0] not in {"Yes", "No"}


# ---- lines: only your own; touching asked for the points, not for placing ------------------------------------
@pytest.mark.parametrize(
    ("question", "word"),
    [("does each team score only its own lines?", "Yes"), ("cada equipa só pontua nas suas linhas?", "Sim")],
)
def test_only_your_own_lines_score(question: str, word: str) -> None:
    rule, lead = _lead(question)
    assert rule == "CW-LINES"
    assert lead.split()[0] == word


@pytest.mark.parametrize(
    ("question", "rule"),
    [
        ("do my pieces need to be touching to score", "CW-SCORE-SPREAD"),
        ("do tiles need to touch to count?", "CW-SCORE-SPREAD"),
        ("must my tiles touch each other when I place them?", "CW-PLACE"),
    ],
)
def test_touching_asked_for_the_points_is_the_scoring_rule(question: str, rule: str) -> None:
    assert _lead(question)[0] == rule
