"""Question shapes that used to get the wrong answer on unseen questions: the scene told before the question,
"como diz ...", counts stated in a yes/no question, the other side of a move, the rule a move is played under,
groups and overlays named in words. Each test is one class of question, in the project's own wording."""

from __future__ import annotations

import pytest

from boardgamesbot.rulesdesk.answer import ask
from boardgamesbot.rulesdesk.understand import understand

CW_ROWS_GAIN = (  # rows to move; 5D2 takes row 2 from 1 to 3 points and touches no column score
    "...4../5.5.1./.2..../....3./6...../...1.. next=0 hands=5236/4412 bag=11112222333334444555566666RRRMMMSSSTTT "
    "used=0000 turn=0"
)
CW_FIVE_DIFFERENT = (  # row 1 holds five different symbols; the rows player holds the sixth
    "12345./....../....../....../....../...... next=0 hands=6111/2222 bag=11122333333444444555555666666RRRMMMSSSTTT "
    "used=0000 turn=0"
)
CW_REMOVE = (
    "22..2./....../.1..../....../....3./...... next=1 hands=1456/R346 bag=111112222333334444455555566666RRMMMSSSTTT "
    "used=0000 turn=0"
)
_AZ = (
    "alcatraz players=2 ability_table=default memory_aid=no tiebreak_round=yes turn_cap=40 wild=no seed=11 "
    "shuffles=0,0 ply=10 round=1 first=0 current=0 phase=claim turns=0 ending=no emptied=- last=- queue=- "
)
AZ_LAST_TWO = (  # seat 0 declared 9 with only a 3 and a 6 left in the row
    _AZ + "points=4,2 circles=0,0 start=0,0 scores=- capped=- claim=9 held=- pending=- then=end flash=-,- "
    "objectives=8,9,7 objdeck=4,5,6,10,11,12,13,14 objdone=- piles=5/2 deck=-1,3,-1,14,13,7,12,10,14,11,14,7,12,9,"
    "8,9,3,4,1,4,4,-2,-3,7,1,10,-2,-1,1,13,11,-3,10,-2,9,6,12,8,6,-2,-1,-3,13,2,8,-3,9,11,14,12,5,13,2,11 "
    "row0=3^,6@0 won0=10,2,5,1 row1=3,4,6,8 won1=7,5"
)
AZ_MISSED = (  # seat 0 declared 7 and turns up a 2 and a 4 (6); 6 is another face-up objective
    _AZ + "points=0,0 circles=0,0 start=0,0 scores=- capped=- claim=7 held=- pending=- then=end flash=-,- "
    "objectives=7,12,6 objdeck=4,5,9,8,10,11,13,14 objdone=- piles=5/2 deck=11,9,11,9,12,-1,-1,12,6,7,-1,11,4,8,"
    "13,14,9,3,14,1,4,3,-2,-3,7,10,1,10,6,13,-2,3,6,1,-3,14,-2,8,5,12,7,5,-2,-1,-3,13,2,7,-3,8,10,14,11,13,5,12,2,"
    "10 row0=2^,4@0,9,1 won0=- row1=3,4,6,8 won1=-"
)


# ---- the shape: the sentence that asks decides -------------------------------------------------------
@pytest.mark.parametrize(
    "text",
    [
        "Virei as três cartas. Deu 9, que também está na mesa. Conta?",
        "I know what a pair is. Do I score?",
        "A rodada termina na hora, como diz o resumo em inglês?",
    ],
)
def test_the_asking_sentence_decides_a_yes_no_question(text: str) -> None:
    assert understand(text, None, None).polar


@pytest.mark.parametrize(
    "text",
    [
        "Epá, posso devolver a mão inicial quantas vezes?",
        "Tirei um 10, serve para quê?",
        "se a outra equipa fizer seis iguais na linha dela quem ganha?",
        "as peças novas vão para que lado?",
        "does my hand refill before or after I play",
        "when I swap, does the old card go face up or face down?",  # a choice after a leading "when ..."
    ],
)
def test_a_question_word_closing_the_sentence_makes_it_open(text: str) -> None:
    assert not understand(text, None, None).polar


def test_a_question_word_inside_a_yes_no_question_stays_yes_no() -> None:
    assert understand("posso escolher em que monte descarto?", None, None).polar
    assert understand("se eu puser onde quiser, ganho?", None, None).polar


def test_misspelt_function_words_are_read() -> None:
    assert understand("can i throw it away agian", "en", None).tokens[-1] == "again"
    assert "the" in understand("teh top card", "en", None).tokens


def test_a_yes_no_question_prefers_the_yes_no_intent_of_its_rule() -> None:
    a = ask("alcatraz", "Posso ver a carta que compro do baralho antes de escolher o que fazer com ela?")
    assert a.answer.startswith("Sim") and a.rules[0].id == "AZ-DRAW-DECK"


# ---- counts stated in a yes/no question -----------------------------------------------------------------
def test_a_count_the_answer_does_not_give_turns_a_yes_into_a_no() -> None:
    a = ask("alcatraz", "Falhei com três cartas. Só reponho uma carta nova, certo?")
    assert a.rules[0].id == "AZ-FAILURE" and a.answer.startswith("Não")


@pytest.mark.parametrize(("count", "yes"), [("2", True), ("3", False)])
def test_a_count_asked_about_a_move_is_checked_against_the_engine(count: str, yes: bool) -> None:
    a = ask("alcatraz", f"Do I get {count} new cards?", position=AZ_MISSED, move="use1-2")
    assert a.answer.startswith("Yes" if yes else "No")


def test_the_asking_sentence_picks_the_consequence_it_asks_about() -> None:
    question = "I declared 9 and flip my last two cards to score the points. Do I get a new card afterwards?"
    a = ask("alcatraz", question, position=AZ_LAST_TWO, move="use1-2")
    assert a.answer.startswith("No") and "2 points" in a.answer


# ---- the other side of a move ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("question", "start"),
    [
        ("Does this help the other team?", "No"),
        ("Do the opponents gain anything?", "No"),
        ("Do I gain anything?", "Yes"),
        ("A outra equipa ganha pontos com isto?", "Não"),
    ],
)
def test_a_question_about_the_other_side_is_answered_for_that_side(question: str, start: str) -> None:
    assert ask("crosswise", question, position=CW_ROWS_GAIN, move="5D2").answer.startswith(start)


# ---- the rule a move is played under ----------------------------------------------------------------------
def test_an_action_tile_move_cites_the_action_first() -> None:
    a = ask("crosswise", "What does this do to row 1?", position=CW_REMOVE, move="R-A1")
    assert [r.id for r in a.rules][:2] == ["CW-REMOVE", "CW-SCORE-GROUPS"]


def test_completing_six_different_cites_its_own_rule() -> None:
    a = ask("crosswise", "What is row 1 worth after this?", position=CW_FIVE_DIFFERENT, move="6F1")
    assert a.rules[0].id == "CW-SCORE-DIFFERENT" and "6 points" in a.answer


def test_a_sum_that_makes_another_face_up_objective_cites_the_sum_rule() -> None:
    a = ask("alcatraz", "It adds up to 6, which is also on the table. Does it count?", position=AZ_MISSED,
            move="use1-2")  # fmt: skip
    assert a.rules[0].id == "AZ-SUM" and a.answer.startswith("No")


# ---- groups and overlays named in words -------------------------------------------------------------------
def test_groups_named_in_words_are_reckoned() -> None:
    a = ask("crosswise", "My row has three of one symbol and two of another: how many points is that?")
    assert a.rules[0].id == "CW-SCORE-GROUPS" and "4 points" in a.answer


def test_a_comparison_of_two_groups_states_both_values() -> None:
    a = ask("crosswise", "Does a line of six different symbols beat five of a kind?")
    assert "7" in a.answer and "6" in a.answer and not a.answer.startswith("Yes")


@pytest.mark.parametrize(
    ("question", "start"),
    [
        ("does a four of a kind and a pair beat two trios?", "No"),
        ("três pares valem mais do que uma quadra?", "Não"),
        ("is a trio and a pair better than four of a kind?", "No"),
        ("is five of a kind better than two trios?", "Yes"),
    ],
)
def test_each_side_of_a_comparison_is_reckoned_on_its_own(question: str, start: str) -> None:
    a = ask("crosswise", question)
    assert a.rules[0].id == "CW-SCORE-GROUPS" and a.answer.startswith(start), a.answer


@pytest.mark.parametrize(
    ("question", "start", "says"),
    [
        ("I laid a +1 and then a sign-flip on my 2. What is it worth now?", "", "-3"),
        ("My 3 has a sign change on it. If I use it with a 3, does the zero rule apply?", "Yes", "zero"),
        ("O meu 2 tem uma troca de sinal por cima. Com um 5 para o objetivo 3, dá?", "Sim", "3"),
    ],
)
def test_an_overlaid_card_is_reckoned_with_its_overlays(question: str, start: str, says: str) -> None:
    a = ask("alcatraz", question)
    assert a.answer.startswith(start) and says in a.answer


# ---- opposite states: the answer's own clause decides ----------------------------------------------------
def test_a_question_naming_the_other_state_of_the_answer_gets_no() -> None:
    a = ask("alcatraz", "Comprei uma carta e meti-a na fila no lugar de outra. Fica voltada para cima?")
    assert a.rules[0].id == "AZ-SWAP" and a.answer.startswith("Não")


def test_showing_is_the_opposite_of_hidden() -> None:
    a = ask("crosswise", "Tenho de mostrar as minhas peças?")
    assert a.rules[0].id == "CW-DEAL" and a.answer.startswith("Não")


# ---- a move that ends the game or the round ------------------------------------------------------------
def test_a_question_about_the_end_cites_the_end_rule_and_is_answered_by_its_clause() -> None:
    a = ask("alcatraz", "Does the round end if I do this?", position=AZ_LAST_TWO, move="use1-2")
    assert a.rules[0].id == "AZ-ROUND-END" and a.answer.startswith("Yes")
    b = ask("alcatraz", "Do I score with this?", position=AZ_LAST_TWO, move="use1-2")
    assert b.rules[0].id == "AZ-SUCCESS" and b.answer.startswith("Yes")


# ---- asking whether it fails ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("question", "start"),
    [
        ("se a soma der zero entre duas cartas, falhas?", "Sim"),
        ("duas das cartas que escolhi dão zero, falho?", "Sim"),
        ("If two of my three cards cancel to zero, does the attempt fail?", "Yes"),
        ("With -2 and 2 among my three cards, does my claim fail?", "Yes"),  # "three cards" is no count asked
        ("se falhares o objetivo, perdes pontos?", "Não"),  # the failure is the scene here, not what is asked
    ],
)
def test_asking_whether_it_fails_turns_a_cannot_answer_around(question: str, start: str) -> None:
    assert ask("alcatraz", question).answer.startswith(start)


def test_an_overlaid_card_listed_among_the_claimed_cards_is_counted_once() -> None:
    a = ask("alcatraz", "3, 4 and 5 for objective 4 but the 4 has a sign change, does that work?")
    assert a.answer.startswith("Yes") and "(-4) + 3 + 5 = 4" in a.answer and a.rules[0].id == "AZ-OVERLAY"


def test_groups_that_cannot_share_one_line_are_refused_whatever_the_wording() -> None:
    a = ask("crosswise", "can a line hold two pairs and a trio?")
    assert a.answer.startswith("No") and "cannot fit" in a.answer


@pytest.mark.parametrize(
    ("question", "start"),
    [
        ("Does removing A1 hurt the rows team?", "Yes"),  # the columns team moves; the rows team loses 2
        ("Sou das colunas. A equipa das linhas perde pontos com isto?", "Sim"),
        ("Do I gain anything with this?", "No"),  # nothing gained, nothing lost by the mover: a plain no
    ],
)
def test_the_other_team_named_by_its_lines_is_the_other_side(question: str, start: str) -> None:
    a = ask("crosswise", question, position=CW_REMOVE, move="R-A1")
    assert a.answer.startswith(start) and "but you lose" not in a.answer, a.answer


def test_a_failed_attempt_named_as_the_scene_does_not_turn_the_answer() -> None:
    a = ask("alcatraz", "Is the objective card thrown away after a failed attempt?")
    assert a.rules[0].id == "AZ-FAILURE" and a.answer.startswith("No")


def test_a_diagonal_is_answered_by_the_lines_rule_not_the_scoring_table() -> None:
    a = ask("crosswise", "seis iguais na diagonal vale quanto?")
    assert a.rules[0].id == "CW-LINES"


def test_a_negative_auxiliary_opening_asks_the_positive_question() -> None:
    a = ask("crosswise", "can't I use two action tiles in one turn?")
    assert a.rules[0].id == "CW-TURN" and a.answer.startswith("No")


@pytest.mark.parametrize(("text", "polar"), [("regra do zero?", False), ("desempate?", False), ("vale?", True)])
def test_a_bare_portuguese_topic_is_no_yes_no_question(text: str, polar: bool) -> None:
    assert understand(text, "pt", None).polar is polar


def test_a_count_in_the_scene_is_not_checked_against_the_answer() -> None:
    a = ask("crosswise", "in a 2-player game does each player hold 4 tiles?")
    assert a.rules[0].id == "CW-DEAL" and a.answer.startswith("Yes")


def test_a_comparison_in_portuguese_reckons_both_sides() -> None:
    a = ask("crosswise", "o que conta mais, seis diferentes ou uma série de cinco?")
    assert "6 pontos" in a.answer and "7 pontos" in a.answer


def test_names_keep_their_capital_after_yes() -> None:
    """A turned answer ("Yes — ...") lower-cases its first word, but not a game's, a mode's or a tile's name,
    which the desk learns from the game's title and knowledge base, not from a list naming games."""
    from boardgamesbot.rulesdesk.leads import _lower, proper_nouns

    alcatraz, crosswise = proper_nouns("alcatraz"), proper_nouns("crosswise")
    assert _lower("Alcatraz is for 2 to 5 players.", alcatraz).startswith("Alcatraz")
    assert _lower("Wild Prisoner mode changes the end.", alcatraz).startswith("Wild")
    assert _lower("Swap tiles exchange two tiles on the board.", crosswise).startswith("Swap")
    assert _lower("The deck is shuffled again.", alcatraz).startswith("the deck")
    assert _lower("English rules say otherwise.", proper_nouns(None)).startswith("English")


# ---- fifth round: tags, questions outside the rules, groups read as others, decks that run out ---------------
@pytest.mark.parametrize(
    ("game", "question", "start"),
    [
        ("alcatraz", "overlays don't count, correct?", "No"),  # they do count: the claim is wrong
        ("alcatraz", "I can't draw two cards in one turn, right?", "No"),  # the claim is right: "no, you can't"
        ("alcatraz", "as sobreposições não contam, né?", "Não"),
        ("alcatraz", "overlays change the sum, right?", "Yes"),
    ],
)
def test_a_statement_with_a_tag_is_a_yes_no_question(game: str, question: str, start: str) -> None:
    assert understand(question, None, None).polar
    assert ask(game, question).answer.startswith(start)


def test_a_not_inside_a_relative_clause_makes_no_negative_claim() -> None:
    q = understand("dá para cumprir um objetivo que não está virado, certo?", None, None)
    assert q.polar and not q.negated_claim


@pytest.mark.parametrize(
    ("game", "question"),
    [
        ("crosswise", "how long does a game take?"),
        ("crosswise", "best strategy?"),
        ("crosswise", "quanto tempo dura uma partida?"),
        ("alcatraz", "how long does a game take?"),
        ("alcatraz", "who designed this game?"),
    ],
)
def test_a_question_the_rules_do_not_settle_abstains(game: str, question: str) -> None:
    assert ask(game, question).abstained


def test_a_game_word_in_a_rules_question_does_not_make_it_off_topic() -> None:
    answer = ask("crosswise", "Where do my partner and I sit in a four-player game, and can we talk strategy?")
    assert not answer.abstained and answer.rules[0].id == "CW-TEAMS"


def test_a_tie_on_points_goes_to_the_circles_before_another_round() -> None:
    answer = ask("alcatraz", "we tied on points, do we go straight into an extra round?")
    assert answer.rules[0].id == "AZ-TIE-CIRCLES"
    assert answer.answer.startswith("No")


@pytest.mark.parametrize(
    ("question", "start", "says"),
    [
        ("does a trio count as a pair too?", "No", "3 points"),
        ("quatro iguais contam também como dois pares?", "Não", "5 pontos"),
        ("does four of a kind count as four points?", "No", "5 points"),
    ],
)
def test_a_group_asked_as_something_else_scores_as_itself(question: str, start: str, says: str) -> None:
    answer = ask("crosswise", question)
    assert answer.answer.startswith(start) and says in answer.answer


def test_each_group_asked_about_is_valued_on_its_own() -> None:
    answer = ask("crosswise", "a four of a kind and a five of a kind, what is each worth?")
    assert "5 points" in answer.answer and "7 points" in answer.answer


@pytest.mark.parametrize(
    ("question", "rule", "says"),
    [
        ("my row reads 2 2 2 2 5 6, how many points?", "CW-SCORE-GROUPS", "5 points"),
        ("our column ended 1 1 2 2 3 3, is that six different?", "CW-SCORE-GROUPS", "3 points"),
        ("a column 6 5 4 3 2 1, how much?", "CW-SCORE-DIFFERENT", "6 points"),
    ],
)
def test_a_line_written_out_symbol_by_symbol_is_scored(question: str, rule: str, says: str) -> None:
    answer = ask("crosswise", question)
    assert answer.rules[0].id == rule and says in answer.answer


@pytest.mark.parametrize(
    ("question", "rule", "start"),
    [
        ("the draw deck is used up, is the game over?", "AZ-DECK-RESHUFFLE", "No"),
        ("the objective deck is empty, does the game stop?", "AZ-OBJECTIVE-RESHUFFLE", "No"),
        ("o baralho acabou, o jogo termina?", "AZ-DECK-RESHUFFLE", "Não"),
    ],
)
def test_a_deck_running_out_does_not_stop_the_game(question: str, rule: str, start: str) -> None:
    answer = ask("alcatraz", question)
    assert answer.rules[0].id == rule and answer.answer.startswith(start)


@pytest.mark.parametrize(
    ("text", "polar"),
    [
        ("If I go for 12 but the cards make 9, which is on the table too, do I still get the 9?", True),
        ("Com a peça de trocar com a mão, a que sai do tabuleiro fica comigo?", True),
        ("acabaram os objetivos, e agora?", False),
    ],
)
def test_the_last_clause_decides_the_shape(text: str, polar: bool) -> None:
    assert understand(text, None, None).polar is polar


AZ_PLAIN_CLAIM = AZ_MISSED.replace("claim=7", "claim=6")  # 2 + 4 = 6, a face-up objective: a plain success


@pytest.mark.parametrize(
    ("question", "rule"),
    [("If I use the first two cards, does it work?", "AZ-SUM"), ("Do I get a new card afterwards?", "AZ-SUCCESS")],
)
def test_whether_a_claim_works_cites_the_sum_and_what_follows_cites_the_success(question: str, rule: str) -> None:
    answer = ask("alcatraz", question, position=AZ_PLAIN_CLAIM, move="use1-2")
    assert answer.verdict is not None and answer.verdict.legal
    assert answer.rules[0].id == rule


@pytest.mark.parametrize(
    ("question", "says"),
    [
        ("does a 14 on my -3 make it 3?", "counts as 3"),
        ("o meu 4 tem um 13 em cima e uso-o com um 10 para o objetivo 6, dá?", "(-4) + 10 = 6"),
    ],
)
def test_a_sign_change_named_by_its_number_is_reckoned_as_an_overlay(question: str, says: str) -> None:
    answer = ask("alcatraz", question)
    assert answer.rules[0].id == "AZ-OVERLAY" and says in answer.answer


@pytest.mark.parametrize(
    "question",
    [
        "my cards could make two of the face-up objectives: do I get to pick which?",
        "a soma dá para dois objetivos abertos, posso escolher qualquer um?",
    ],
)
def test_a_sum_fitting_two_objectives_is_the_players_choice(question: str) -> None:
    answer = ask("alcatraz", question)
    assert answer.rules[0].id == "AZ-CLAIM" and answer.answer.startswith(("Yes", "Sim"))


@pytest.mark.parametrize(
    "question", ["could an objective ever be worth zero?", "uma soma negativa pode ser um objetivo?"]
)
def test_a_sum_outside_the_objective_numbers_is_never_an_objective(question: str) -> None:
    answer = ask("alcatraz", question)
    assert answer.rules[0].id == "AZ-COMPONENTS" and answer.answer.startswith(("No", "Não"))


@pytest.mark.parametrize(
    ("question", "yes"),
    [
        ("is it the rows side that moves first here?", True),
        ("does the columns side move first here?", False),
        ("a equipa das colunas é que começa?", False),
    ],
)
def test_which_team_starts_is_answered_for_the_team_named(question: str, yes: bool) -> None:
    answer = ask("crosswise", question)
    assert answer.rules[0].id == "CW-ORDER"
    assert answer.answer.startswith(("Yes", "Sim") if yes else ("No", "Não"))


def test_won_cards_asked_as_scored_cards_come_back_with_the_new_deck() -> None:
    answer = ask("alcatraz", "will the cards I scored be back in play at some point?")
    assert answer.rules[0].id == "AZ-VICTORY-PILE" and answer.answer.startswith("Yes")


@pytest.mark.parametrize(
    ("position", "question", "yes"),
    [
        (AZ_PLAIN_CLAIM, "If I turn up the first two, do I fail?", False),
        (AZ_PLAIN_CLAIM, "com as duas primeiras falho?", False),
        (AZ_MISSED, "If I turn up the first two, do I fail?", True),
    ],
)
def test_asking_whether_a_claim_fails_is_answered_by_the_engines_outcome(
    position: str, question: str, yes: bool
) -> None:
    answer = ask("alcatraz", question, position=position, move="use1-2")
    assert answer.answer.startswith(("Yes", "Sim") if yes else ("No", "Não")), answer.answer


@pytest.mark.parametrize(
    ("game", "question", "rule"),
    [
        ("alcatraz", "we both finished on 11 points, who is the winner?", "AZ-TIE-CIRCLES"),
        ("alcatraz", "ficou 9 a 9 no fim, quem vence?", "AZ-TIE-CIRCLES"),
        ("alcatraz", "nós dois terminamos com 20 pontos, quem leva?", "AZ-TIE-CIRCLES"),
        ("alcatraz", "we both ended up with 17 points after round two, who takes it?", "AZ-TIE-CIRCLES"),
        ("crosswise", "the final score was 18 to 18, who wins?", "CW-D-TIE"),
        ("alcatraz", "still a tie once the third round is over, what now?", "AZ-TIE-ROUND"),
    ],
)
def test_a_tie_told_as_equal_scores_is_the_tie_rule(game: str, question: str, rule: str) -> None:
    assert ask(game, question).rules[0].id == rule


@pytest.mark.parametrize(
    "question",
    [
        "I leave the overlay out when adding my cards, right?",
        "can I disregard the +1 on top when I add up?",
        "a carta por cima fica fora da conta?",
    ],
)
def test_leaving_overlays_out_of_a_sum_is_answered_no(question: str) -> None:
    answer = ask("alcatraz", question)
    assert answer.rules[0].id == "AZ-OVERLAY" and answer.answer.startswith(("No", "Não")), answer.answer


@pytest.mark.parametrize("question", ["at what point are the lines scored?", "em que altura se pontuam as linhas?"])
def test_when_the_lines_are_scored_cites_the_end_of_the_game(question: str) -> None:
    assert ask("crosswise", question).rules[0].id == "CW-END"


@pytest.mark.parametrize(
    ("question", "start"),
    [
        ("tenho um 2 com um 13 de troca de sinal por cima e outro 2 ao lado; os dois somam zero?", "Sim"),
        ("I have a -1 with a 14 (sign change) on top, plus a -1 next to it. Do they make zero?", "Yes"),
        ("my -2 has a 13 on it and I also use a -2. Do the two make zero?", "Yes"),
    ],
)
def test_a_card_named_with_its_sign_change_is_reckoned_once_for_the_zero_rule(question: str, start: str) -> None:
    answer = ask("alcatraz", question)
    assert answer.rules[0].id == "AZ-ZERO-PAIR" and answer.answer.startswith(start), answer.answer


@pytest.mark.parametrize(
    ("question", "start"),
    [
        ("the bag has run out and I hold 3 tiles, do I keep going?", "Yes"),
        ("o saco acabou e tenho 2 peças, posso continuar a jogar?", "Sim"),
    ],
)
def test_a_count_told_before_the_asking_clause_sets_the_scene(question: str, start: str) -> None:
    answer = ask("crosswise", question)
    assert answer.rules[0].id == "CW-REFILL" and answer.answer.startswith(start), answer.answer


@pytest.mark.parametrize(
    "question", ["I removed a tile, can I play it again on this same turn?", "retirei uma peça, já a posso jogar?"]
)
def test_a_removed_tile_waits_for_a_later_turn(question: str) -> None:
    answer = ask("crosswise", question)
    assert answer.rules[0].id == "CW-REMOVE" and answer.answer.startswith(("No", "Não")), answer.answer
