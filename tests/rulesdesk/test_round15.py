"""Round 15, each question in the project's own wording: a negative claim about a move ("the zero rule doesn't
apply, right?") is answered "no" like any other negative claim; a scene's "by mistake" does not turn the answer
around; "does the zero rule stop me?" asks whether the claim fails; "nobody looks", "ninguém olha" are negative
claims; "My cousin says that ... . Is that so?" asks about what was said; "does it work or does X mess it up?" and
"Vale? E o que acontece...?" are yes/no questions first; a line comparison says which is worth more; the last tile
of a game says the points it makes; "only one" in an answer rules out any other count."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from desk_positions import claim

from boardgamesbot.games.crosswise.position import compose
from boardgamesbot.rulesdesk import answer as desk
from boardgamesbot.rulesdesk.evaluation import first_sentences, mentions
from boardgamesbot.rulesdesk.understand import understand


def _says(lead: str, facts: Sequence[str], never: Sequence[str] = ()) -> None:
    assert all(mentions(lead, t) for t in facts), lead
    assert not any(mentions(lead, t) for t in never), lead


@pytest.mark.parametrize(
    ("question", "word", "facts"),
    [
        # the claim fails (2 and -2 cancel out): the negative claim "it doesn't apply" is answered no
        ("The 2 and the -2 sit apart, so the zero rule doesn't apply here, right?", "no", ["fails"]),
        ("o 2 e o -2 não estão juntos, então a regra do zero não conta, né?", "não", ["falha"]),
    ],
)
def test_a_negative_claim_about_a_move_is_answered_no(question: str, word: str, facts: list[str]) -> None:
    answer = desk.ask("alcatraz", question, position=claim("2^ 7^ -2^ 5", 7), move="use1-3")
    assert answer.answer.lower().startswith(word), answer.answer
    _says(first_sentences(answer.answer), facts)


def test_a_mistake_in_the_scene_does_not_turn_the_answer() -> None:
    question = "I flipped my 5 and 9 by mistake when I meant 7. Can I count them for the 14 instead?"
    answer = desk.ask("alcatraz", question, position=claim("5^ 9^ 3 4", 7), move="use1-2")
    assert answer.answer.lower().startswith("no"), answer.answer


@pytest.mark.parametrize(
    ("question", "word"),
    [
        ("Tenho um -3 com um 14 por cima, ao lado de um 3. A regra do zero me impede de usar os dois?", "não"),
        ("My -1 has a 13 on it and sits next to a 1. Does the zero rule stop me from using both?", "no"),
    ],
)
def test_does_the_zero_rule_stop_me_asks_whether_the_claim_fails(question: str, word: str) -> None:
    lead = first_sentences(desk.ask("alcatraz", question).answer)
    assert lead.lower().startswith(word), lead


@pytest.mark.parametrize(
    ("question", "word"),
    [
        ("Então na segunda rodada ninguém olha carta nenhuma, certo?", "não"),
        ("My cousin says that nobody looks at a card again in round two. Is that true?", "no"),
        ("O meu primo diz que na segunda ronda não se espreita nada. É isso?", "não"),
    ],
)
def test_negative_claims_said_or_reported_are_answered_no(question: str, word: str) -> None:
    answer = desk.ask("alcatraz", question)
    assert answer.rules[0].id == "AZ-NEXT-ROUND", answer.rules[0].id
    assert answer.answer.lower().startswith(word), answer.answer


def test_works_or_does_it_mess_up_is_a_yes_no_question() -> None:
    assert understand("I called 9 with my 4 and 5 - does that work or does the order mess it up?", "en", None).polar
    assert not understand("do I draw one card or two?", "en", None).polar  # a choice stays a choice
    answer = desk.ask(
        "alcatraz", "does that work or does something mess it up?", position=claim("4^ 5^ 1 2", 9), move="use1-2"
    )
    assert answer.answer.lower().startswith("yes"), answer.answer


def test_a_yes_no_question_then_what_happens_leads_with_the_yes_no() -> None:
    answer = desk.ask(
        "alcatraz",
        "Só tenho 4 e 5. Vale? E o que acontece com a minha fileira?",
        position=claim("4^ 5^", 9),
        move="use1-2",
    )
    assert answer.answer.lower().startswith("sim"), answer.answer
    assert answer.rules[0].id == "AZ-SUCCESS"  # what happens to the row after the success, not the sum's rule
    lead = first_sentences(
        desk.ask("crosswise", "Somos três. Um fica sozinho contra os outros dois? E como fica a vez de cada um?").answer
    )
    assert lead.lower().startswith("sim"), lead


@pytest.mark.parametrize(
    ("question", "facts", "never"),
    [
        ("Uma linha com três pares vale mais ou menos que uma com seis símbolos diferentes?", ["menos", "3", "6"], []),
        ("Dois trios valem mais que seis figuras diferentes?", ["mesmo", "6"], ["sim"]),
        ("Does a line of six of the same score more than five of a kind?", ["no", "0", "7"], ["yes"]),
        # a control (right before this round too): six alike wins the game, no points comparison says it loses
        ("Does a line of six different symbols beat six of the same?", ["6"], ["yes"]),
    ],
)
def test_two_lines_compared_say_which_is_worth_more(question: str, facts: list[str], never: list[str]) -> None:
    _says(first_sentences(desk.ask("crosswise", question).answer), facts, never)


def test_the_last_tile_says_the_points_it_makes() -> None:
    # a Latin square: every line six different symbols, B3 left for the last tile (a 4)
    squares = [str((r + c) % 6 + 1) for r in range(6) for c in range(6)]
    squares[2 * 6 + 1] = "."
    board = "/".join("".join(squares[r * 6 : (r + 1) * 6]) for r in range(6))
    position = compose(board, ["4123", "56RM"], next=0)
    answer = desk.ask("crosswise", "What happens if I put my 4 on B3?", position=position, move="4B3")
    lead = first_sentences(answer.answer)
    _says(lead, ["draw", "row 3", "6"])
    assert "column B" in lead, lead


def test_a_line_of_two_pairs_is_told_as_two_pairs() -> None:
    position = compose("112.../" + "....../" * 4 + "......", ["2345", "3456"], next=0)
    lead = first_sentences(desk.ask("crosswise", "what does my 2 on D1 give?", position=position, move="2D1").answer)
    _says(lead, ["two pairs"], ["a pair and a pair"])


def test_only_one_new_card_rules_out_three() -> None:
    lead = first_sentences(
        desk.ask("alcatraz", "Fiz um objetivo com 3 cartas. Entram 3 cartas novas na fileira?").answer
    )
    _says(lead, ["não", "1"], ["sim"])


@pytest.mark.parametrize(
    ("game", "question", "rule"),
    [
        ("crosswise", "In a one against two game, how many tiles does the one hold?", "CW-THREE"),
        ("alcatraz", "do stacked cards earn points?", "AZ-OVERLAY-LEAVE"),
        ("alcatraz", "the helper cards I stacked on my cards, do they score too?", "AZ-OVERLAY-LEAVE"),
    ],
)
def test_round15_words(game: str, question: str, rule: str) -> None:
    assert desk.ask(game, question).rules[0].id == rule


@pytest.mark.parametrize(
    ("question", "facts", "never"),
    [
        ("I made an objective with 3 cards and one of them had a +1 on top. Do I get 3 or 4 points?", ["3"], ["4"]),
        ("Fiz um objetivo com 2 cartas e as duas tinham sobreposições por cima. São 4 pontos?", ["não", "2"], ["sim"]),
        ("scored with three cards, one had a 12 stacked on it, do I get a point for the 12 too?", ["no", "3"], ["yes"]),
    ],
)
def test_overlays_on_a_fulfilled_claim_add_no_points(question: str, facts: list[str], never: list[str]) -> None:
    answer = desk.ask("alcatraz", question)
    assert answer.rules[0].id == "AZ-OVERLAY-LEAVE"
    _says(first_sentences(answer.answer), facts, never)


def test_the_askers_own_sum_names_no_more_cards() -> None:
    question = "My cards are 5, then a 3 with a 14 on it that flips its sign, then 3. I call 5 with all three: 5 - 3 + 3 = 5. OK?"
    answer = desk.ask("alcatraz", question)
    assert answer.rules[0].id == "AZ-ZERO-PAIR"
    _says(first_sentences(answer.answer), ["no", "zero"], ["yes"])


def test_thats_not_legal_right_is_a_negativeclaim() -> None:
    assert understand(
        "he took my tile off the board with the remove tile. that's not legal, right?", "en", None
    ).negated_claim


def test_a_low_confidence_answer_that_names_its_tile_is_answered() -> None:
    # the knowledge base knows the move tile; a chatty opening lowers the confidence but the answer stands
    answer = desk.ask("crosswise", "Explaining it to my nephew: what does the move tile actually do?")
    assert not answer.abstained and answer.rules[0].id == "CW-MOVE", answer.answer


@pytest.mark.parametrize(
    ("game", "question", "rule"),
    [
        ("alcatraz", "Quando a conta não bate, para onde vão as cartas que mostrei?", "AZ-FAILURE"),
        ("crosswise", "o saco acabou e a minha mão zerou, fico só olhando?", "CW-D-STUCK"),
    ],
)
def test_round15_more_words(game: str, question: str, rule: str) -> None:
    assert desk.ask(game, question).rules[0].id == rule
