"""Round 9, Crosswise: classes of question the desk got wrong on unseen questions, in the project's own wording —
a position question about an action tile whose answer must name the tiles that move (and the hand they leave),
and knowledge-base intents whose first sentence must state the deciding fact the right way round."""

from __future__ import annotations

import pytest

from boardgamesbot.rulesdesk.answer import ask
from boardgamesbot.rulesdesk.evaluation import first_sentences, mentions
from boardgamesbot.rulesdesk.understand import understand

# a 6 on D2 and a 4 on E5; the rows player holds Remove, Swap, Trade and a 1
CW_ACTIONS = (
    "....../...6../....../....../....4./...... next=0 hands=RST1/2345 "
    "bag=11111122222233333344444555555666666RRMMMSSTT used=0000 turn=5 started=11"
)


def _lead(question: str, **kw: str) -> tuple[str, str]:
    a = ask("crosswise", question, **kw)
    return a.rules[0].id, first_sentences(a.answer)


# ---- position answers name the tiles an action moves -------------------------------------------------
def test_a_swap_answer_says_which_tile_each_square_now_holds() -> None:
    rule, lead = _lead("if I swap D2 and E5, how does it look?", position=CW_ACTIONS, move="S-D2-E5")
    assert rule == "CW-SWAP"
    assert "D2 now holds 4" in lead and "E5 holds 6" in lead


def test_a_trade_answer_names_the_tile_that_goes_to_the_hand() -> None:
    rule, lead = _lead(
        "Se eu trocar com a mão o meu 1 em E5, o que vai para a mão?", position=CW_ACTIONS, move="T-E5-1"
    )
    assert rule == "CW-TRADE"
    assert "4 (" in lead and "vai para a sua mão" in lead


def test_a_remove_answer_says_how_many_tiles_the_hand_then_holds() -> None:
    rule, lead = _lead("how many tiles will I hold after removing D2?", position=CW_ACTIONS, move="R-D2")
    assert rule == "CW-REMOVE"
    assert mentions(lead, "4") and "6 (" in lead


# ---- knowledge base: yes/no the right way round, the deciding fact first --------------------------------
@pytest.mark.parametrize(
    ("question", "word"),
    [
        ("Is a row with no symbol repeated worth anything?", "Yes"),
        ("Uma coluna cheia sem nenhum símbolo repetido dá ponto?", "Sim"),
    ],
)
def test_six_different_symbols_do_score(question: str, word: str) -> None:
    rule, lead = _lead(question)
    assert rule == "CW-SCORE-DIFFERENT"
    assert lead.split()[0] == word and mentions(lead, "6")


def test_a_yes_about_a_pointless_swap_does_not_also_say_no() -> None:
    rule, lead = _lead("Posso trocar de lugar duas peças idênticas só para gastar a ação?")
    assert rule == "CW-SWAP"
    assert lead.split()[0] == "Sim" and not mentions(lead, "não")


def test_the_trade_action_named_as_such_is_not_an_action_tile_on_the_board() -> None:
    rule, lead = _lead("does the trade action put one of my hand tiles onto the board?")
    assert rule == "CW-TRADE"
    assert lead.split()[0] == "Yes"


def test_a_six_in_the_askers_own_line_is_answered_from_the_askers_side() -> None:
    rule, lead = _lead("the other team filled my column with six identical tiles, who wins now?")
    assert rule == "CW-D-SIX-OPPONENT"
    assert mentions(lead, "for you") or mentions(lead, "your team wins")


def test_a_remove_does_not_grow_the_hand_past_four() -> None:
    rule, lead = _lead("after removing a tile from the board, could I end up holding more than four?")
    assert rule in {"CW-REMOVE", "CW-REFILL"}
    assert lead.split()[0] == "No" and mentions(lead, "4")


# ---- question shapes ------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "question",
    [
        "Who begins, and may the player on their own take the first turn?",
        "What does swap do, but can it move two alike?",
    ],
)
def test_an_open_question_joined_to_a_yes_no_one_asks_yes_or_no(question: str) -> None:
    assert understand(question, "en", None).polar


def test_the_lone_player_question_with_who_starts_leads_with_yes_and_the_default_seat() -> None:
    rule, lead = _lead("Who opens the game, and is the lone player allowed to start with three of us?")
    assert rule == "CW-D-FIRST"
    assert lead.split()[0] == "Yes" and mentions(lead, "seat 0")
