"""Round 11, Crosswise: classes of question the desk got wrong on unseen questions, each in the project's own
wording — "does it matter whether X or Y?" (a yes/no, not a choice), a Portuguese "se …" scene with no comma before
"posso", "quem fica sem parceiro …" (whoever, not who?), groups asked "points for …" or "what if my line has …",
symbols with another "no meio", several groups that add up, "de cara" (at the start), a hand tile swapped with a board
tile in plain words (the Trade tile), the lines' colours, every move barred by opponent_six=illegal, nobody making
six, and a game that cannot go on forever."""

from __future__ import annotations

import pytest

from boardgamesbot.games.crosswise.desk import reckon
from boardgamesbot.rulesdesk.answer import ask
from boardgamesbot.rulesdesk.understand import _expand, tokens_of, understand


def _polar(question: str) -> bool:
    return understand(question, None, None).polar


# ---- question shapes ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "question",
    [
        "Does it matter if we score the rows or the columns?",
        "would it matter whether I sit left or right of my partner?",
        "faz diferença se a minha equipe fica com as linhas ou com as colunas?",
    ],
)
def test_does_it_matter_whether_x_or_y_is_yes_or_no(question: str) -> None:
    assert _polar(question)


@pytest.mark.parametrize(
    "question",
    ["rows or columns for the first player?", "does the rows team or the columns team start?"],
)
def test_a_plain_choice_stays_a_choice(question: str) -> None:  # a guard: only "matter whether" is let through
    assert not _polar(question)


def test_an_if_scene_without_a_comma_then_posso_is_yes_or_no() -> None:
    assert _polar("se eu receber só peças de ação posso devolver tudo e tirar de novo")


@pytest.mark.parametrize(
    "question", ["se eu receber só peças de ação o que posso fazer", "se o saco acabar quem joga a seguir"]
)
def test_an_if_scene_with_a_question_word_stays_open(question: str) -> None:  # a guard
    assert not _polar(question)


def test_whoever_has_no_partner_is_the_subject_not_a_question_word() -> None:
    assert _polar("Numa partida a três, quem fica sem parceiro tem mais peças que os outros?")


def test_who_has_no_partner_is_still_asked_with_who() -> None:  # a guard
    assert not _polar("numa partida a três, quem fica sem parceiro?")


def test_de_cara_means_at_the_start() -> None:
    assert _expand(tokens_of("peguei só ações logo de cara"), "pt")[-3:] == ["logo", "no", "início"]


# ---- the reckoner ------------------------------------------------------------------------------------------
def test_points_for_two_pairs_are_reckoned() -> None:
    report = reckon("do we get points for 2 pairs in one column or only for one", "en")
    assert report is not None
    assert report.facts["rule"] == "CW-SCORE-GROUPS" and report.facts["points"] == 2


def test_what_if_a_line_holds_named_groups_is_reckoned() -> None:
    report = reckon("what if our row ends with four of one symbol and a pair of another", "en")
    assert report is not None
    assert report.facts["points"] == 6
    assert "add up" in report.consequence["en"]


def test_what_if_with_a_side_named_is_not_reckoned() -> None:  # a guard: whose line it is, not the table
    assert reckon("what if the other team makes a pair in our row", "en") is None


def test_several_groups_are_said_to_add_up_in_portuguese() -> None:
    report = reckon("uma linha com uma trinca e um par, vale quanto?", "pt")
    assert report is not None
    assert report.facts["points"] == 4
    assert "somam" in report.consequence["pt"]


def test_another_symbol_in_the_middle_is_the_spread_rule() -> None:
    assert reckon("com uma figura diferente no meio de dois iguais, o par vale ponto?", "pt") is None


def test_the_middle_of_the_game_is_no_spacing() -> None:  # a guard: "no meio do jogo" says when, not where
    report = reckon("no meio do jogo, quanto vale um par?", "pt")
    assert report is not None and report.facts["points"] == 1


# ---- the knowledge base ------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "question",
    [
        "can I swap one of my hand tiles with a tile sitting on the board?",
        "posso trocar uma peça do tabuleiro por uma que está na minha mão?",
    ],
)
def test_a_hand_tile_swapped_with_a_board_tile_is_the_trade_tile(question: str) -> None:
    a = ask("crosswise", question)
    assert a.rules[0].id == "CW-TRADE"
    assert a.answer.startswith(("Yes", "Sim"))


def test_the_swap_tile_named_with_the_hand_is_still_no() -> None:  # a guard: the Swap tile never uses the hand
    a = ask("crosswise", "can I use the swap tile to exchange a tile from my hand with one on the board?")
    assert a.rules[0].id == "CW-SWAP"
    assert a.answer.startswith("No")


def test_the_colour_of_the_lines_does_not_matter() -> None:
    a = ask("crosswise", "does it matter if we get the green lines or the orange ones?")
    assert a.rules[0].id == "CW-LINES"
    assert a.answer.startswith("No")


def test_every_move_barred_by_opponent_six_illegal_means_a_pass() -> None:
    a = ask("crosswise", "with opponent_six on illegal, what if each move I could make completes their six?")
    assert a.rules[0].id == "CW-D-SIX-OPPONENT"
    assert "pass" in a.answer.split(".")[0]


def test_nobody_making_six_plays_on_to_the_last_square() -> None:
    a = ask("crosswise", "e se nenhuma das equipes conseguir os seis iguais?")
    assert a.rules[0].id == "CW-END"
    assert "última" in a.answer


def test_a_game_that_could_go_on_forever_cites_the_cap() -> None:
    a = ask("crosswise", "can a game go on and on with no end?")
    assert a.rules[0].id == "CW-D-CAP"
    assert "1000" in a.answer


def test_with_what_i_have_is_a_relative_not_the_question_word() -> None:
    assert _polar("com o saco vazio sigo a jogar com o que ainda tenho?")


def test_a_scene_then_what_happens_stays_open() -> None:  # a guard: "o que" that asks is still the question word
    assert not _polar("com o saco vazio o que acontece?")


def test_a_closing_e_ai_asks_what_now() -> None:
    assert not _polar("sem querer completei seis iguais numa coluna deles, e aí?")


def test_an_opening_e_ai_is_still_filler() -> None:  # a guard: "e aí, posso …?" greets, then asks yes or no
    assert _polar("e aí, posso tirar uma peça do adversário?")


def test_a_verb_then_how_many_asks_how_many() -> None:
    assert not _polar("numa partida de três quem joga sozinho recebe quantas peças?")
