"""Round 13 (both games), each question in the project's own wording: a yes/no asked by a tail ("..., that's
legit?", "... ou quê?") gets its yes or no; a negative conclusion checked with "so ...?" is a negative claim;
"must equal symbols be side by side?" is no while "do they count side by side?" stays yes; "né" asks without
"?"; a count an answer rules out ("never 4 or more") is not one it gives; a question in European Portuguese gets
"equipa", not "equipe"; a value asked as a bare statement ("a -1 on my 5 leaves it at 5?")
is reckoned and answered yes or no; "what is the Move action tile for?" is the Move rule, not the list of action
tiles; words players use for a tie ("mesma soma"), the Wild mode ("mais puxado"), the discard ("pro lixo") and an
emptied row ("all my cats are gone") reach their rules; an answer says what a player checks for ("keep playing",
"in view")."""

from __future__ import annotations

import pytest

from boardgamesbot.core.text import fold
from boardgamesbot.rulesdesk.answer import ask
from boardgamesbot.rulesdesk.evaluation import first_sentences, mentions
from boardgamesbot.rulesdesk.leads import _opposite_asked
from boardgamesbot.rulesdesk.understand import understand
from boardgamesbot.rulesdesk.variety import is_european, to_european


@pytest.mark.parametrize(
    ("question", "polar"),
    [
        ("so I put a hand tile where the board one was and keep the board one? that's legit?", True),
        ("epá, saiu-me um 13, posso trocar o sinal de uma carta minha ou quê?", True),
        ("o sozinho joga duas vezes seguidas ou quê?", True),
        ("quem começa ou quê?", False),  # a question word still asks an open question
        ("com seis iguais numa linha a equipe ganha na hora neh", True),  # "né" asks even without "?"
        ("quem joga depois né", False),
        ("how many cards go into a claim, is 4 fine?", True),  # "is 4 fine?" after a comma asks yes or no
        ("quando pego do monte posso deixar a carta fechada?", True),  # "quando" sets the scene of a yes/no
        ("quando compro do baralho posso olhar a carta antes de decidir o que faço?", True),  # an indirect question
        ("uma coluna em que as figuras são todas distintas vale alguma coisa?", True),  # a relative "em que"
        ("as cartas novas entram em que lado?", False),  # an interrogative "em que" stays open
        ("e se o tabuleiro encher sem ninguém fazer seis iguais, acaba?", True),  # "e se" scene, then a yes/no
        ("e se ninguém fizer seis, quem ganha?", False),
    ],
)
def test_yes_or_no_question_shapes(question: str, polar: bool) -> None:
    assert understand(question, None, None).polar is polar


@pytest.mark.parametrize(
    ("game", "question", "rule", "facts"),
    [
        # the tail makes it yes/no: the lead must say so
        (
            "crosswise",
            "with trade I put one of my hand tiles on the board and the board tile goes to my hand? that's legit?",
            "CW-TRADE",
            ["yes"],
        ),
        # the reckoner checks the value a bare statement names
        ("alcatraz", "so a -1 card on my 6 leaves it at 6, right?", "AZ-OVERLAY", ["no", "5"]),
        ("alcatraz", "um +1 no meu 3 deixa-o em 4?", "AZ-OVERLAY", ["sim", "4"]),
        ("alcatraz", "a +1 on my 2, it stays at 2?", "AZ-OVERLAY", ["no", "3"]),
        # a conclusion checked with "so ...?": a negative claim, answered no
        (
            "alcatraz",
            "I used 6, -2 and 2 but the -2 and 2 sit apart, so the zero rule does not apply?",
            "AZ-ZERO-PAIR",
            ["no"],
        ),
        ("crosswise", "so a pair that is spread out doesn't count?", "CW-SCORE-SPREAD", ["no"]),
        # what an action tile is for: its own rule, not the list of the four action tiles
        ("crosswise", "what is the Move action tile good for?", "CW-MOVE", ["empty"]),
        ("crosswise", "como funciona a peça de ação Mover, afinal?", "CW-MOVE", ["vazia"]),
        # a count the answer rules out ("never 4 or more") is not a count it gives
        ("alcatraz", "how many cards go into a claim, is 4 fine?", "AZ-ADJACENT", ["no", "3"]),
        ("alcatraz", "com quantas cartas se faz a soma de um objetivo?", "AZ-ADJACENT", ["2", "3"]),
        # the lone player opening a 3-player game: the order that follows
        (
            "crosswise",
            "if the one playing alone goes first in a three-player game, what's the order?",
            "CW-D-FIRST",
            ["second partner"],
        ),
        # six alike: the answer says the win is immediate
        ("crosswise", "six of the same in our own row, do we win right there?", "CW-SIX", ["immediately"]),
        # European Portuguese: the answer says "equipa"
        ("crosswise", "estou a jogar a dois, como ficam as equipas?", "CW-TEAMS", ["equipa"]),
        # words players use
        ("crosswise", "e se as duas equipes acabarem com a mesma soma?", "CW-D-TIE", ["empate"]),
        ("crosswise", "se a gente somar o mesmo no final, quem leva?", "CW-D-TIE", ["empate"]),
        ("alcatraz", "dá pra deixar o jogo mais puxado?", "AZ-WILD", ["5"]),
        ("alcatraz", "posso mandar a carta comprada pro lixo?", "AZ-DISCARD", ["sim"]),
        ("alcatraz", "all my cats are gone, do I get something extra?", "AZ-CIRCLE", ["circle"]),
        (
            "alcatraz",
            "I forgot the card I peeked at in the beginning, may I take another peek?",
            "AZ-KNOWLEDGE",
            ["no"],
        ),
        # "on top of the throwaway stack" is the top card of a pile, not an overlay laid on a card
        (
            "alcatraz",
            "I take the card lying on top of the throwaway stack: may it go into my line hidden?",
            "AZ-TAKE",
            ["no"],
        ),
        # second round (after dev36/dev37 were spent)
        ("alcatraz", "acabou o baralho de objectivos, o que se faz agora?", "AZ-OBJECTIVE-RESHUFFLE", []),
        ("alcatraz", "a carta de espreitar deixa-me ver uma carta do meu vizinho?", "AZ-LOOK", ["não"]),
        ("alcatraz", "my 3 with a -1 overlay on it is still a 3?", "AZ-OVERLAY", ["no", "2"]),
        (
            "crosswise",
            "as minhas peças estão espalhadas na fila, isso conta como par ou é treta?",
            "CW-SCORE-SPREAD",
            ["sim"],
        ),
        ("crosswise", "my whole opening hand is action tiles, am I stuck with them?", "CW-REDRAW", ["no"]),
        # an answer in the words a player checks for
        ("crosswise", "what happens when the bag runs out?", "CW-REFILL", ["keep"]),
        ("crosswise", "do used action tiles go back in the bag?", "CW-USED", ["no", "view"]),
        ("crosswise", "as peças de ação usadas voltam para o saco?", "CW-USED", ["não", "vista"]),
    ],
)
def test_round13_questions_reach_their_rule_and_facts(game: str, question: str, rule: str, facts: list[str]) -> None:
    got = ask(game, question).to_dict()
    lead = first_sentences(str(got["answer"]))
    assert got["rules"][0]["id"] == rule, (got["rules"][:3], lead)
    assert all(mentions(lead, f) for f in facts), lead


SPREAD_YES_PT = "Sim — símbolos iguais contam mesmo espalhados na linha, com outros símbolos entre eles."
SPREAD_YES_EN = "Yes — equal symbols still count when they are spread out in the line, with others between them."


@pytest.mark.parametrize(
    ("question", "body", "opposite"),
    [
        ("os bonecos iguais têm de estar colados na fila para valer, não é?", SPREAD_YES_PT, True),
        ("equal symbols must be side by side to score, right?", SPREAD_YES_EN, True),
        # no "must": side by side counts too, so the yes stands
        ("os símbolos iguais contam se estiverem seguidos, certo?", SPREAD_YES_PT, False),
        # "do we stop?" against "you go on playing" is the other way round
        (
            "the bag's empty now, do we just stop?",
            "Yes — with the bag empty you draw nothing more: you go on playing with the tiles in your hand.",
            True,
        ),
        # "trava tudo?" (does it all freeze?) against "a new deck is shuffled"
        (
            "o baralho de compra acabou, e agora, trava tudo?",
            "Sim — quando o baralho de compras acaba, os descartes são embaralhados num novo baralho.",
            True,
        ),
        # "not side by side" names the spread side itself
        ("must I not have them side by side for them to count?", SPREAD_YES_EN, False),
    ],
)
def test_a_needed_condition_against_an_answer_that_allows_the_other(question: str, body: str, opposite: bool) -> None:
    """The yes of "equal symbols still count when spread out" turns into no for "must they be side by side?", and
    the yes of "you go on playing" into no for "do we stop?"."""
    assert _opposite_asked(fold(question), fold(body)) is opposite


@pytest.mark.parametrize(
    ("question", "european"),
    [
        ("estou a jogar a dois, como ficam as equipas?", True),
        ("epá, tens de repor as peças?", True),
        ("estou jogando a dois, como ficam as equipes?", False),
        ("estas peças contam para a minha equipe?", False),  # "estas" is "these" in both varieties
    ],
)
def test_european_portuguese_is_told_by_its_words(question: str, european: bool) -> None:
    assert is_european(question) is european


def test_an_answer_for_portugal_says_equipa_and_leaves_the_rest() -> None:
    said = to_european("Com 2 jogadores cada pessoa é uma equipe inteira; as equipes não mudam. Você joga.")
    assert said == "Com 2 jogadores cada pessoa é uma equipa inteira; as equipas não mudam. Você joga."


def _claim_of_nine(claim_with_overlay: str, row: str, discards: str) -> str:
    """The conftest claim turned into "9 announced, row ``row``": the cards taken out go to the discard piles."""
    return (
        claim_with_overlay.replace("claim=14", "claim=9")
        .replace("row0=4,5@0{p11},-3,2", f"row0={row}")
        .replace("piles=14/5,-2,2,2", f"piles=14/5,-2,2,2,{discards}")
    )


@pytest.mark.parametrize(
    ("question", "rule"),
    [
        ("I announced 9 and use my 4 and 5: does it work, and how many points?", "AZ-SUM"),
        ("anunciei o 9 e uso o 4 e o 5, quantos pontos faço?", "AZ-SUM"),
        ("I announced 9 and use my 4 and 5: do I get a new card afterwards?", "AZ-SUCCESS"),
    ],
)
def test_a_claim_that_works_cites_the_sum_unless_the_refill_is_asked(
    question: str, rule: str, claim_with_overlay: str
) -> None:
    position = _claim_of_nine(claim_with_overlay, "4,5,-3,2", "11")
    got = ask("alcatraz", question, position=position, move="use1-2").to_dict()
    assert got["rules"][0]["id"] == rule, (got["rules"][:3], got["answer"])


def test_a_new_card_after_emptying_the_row_is_a_no(claim_with_overlay: str) -> None:
    """9 made with the last two cards: the row stays empty, so "do I get a new face-down card?" is no."""
    position = _claim_of_nine(claim_with_overlay, "4,5", "11,-3,2")
    got = ask("alcatraz", "after scoring, do I get a new face-down card?", position=position, move="use1-2")
    lead = first_sentences(got.answer)
    assert lead.split()[0] == "No", lead
    assert mentions(lead, "2") and mentions(lead, "empty"), lead


# row 2 holds a pair of 3s on A2 and B2; the rows player adds a third 3 on E2 (as in test_round10_crosswise.py)
CW_PAIR_GROWS = (
    "....../33..../....../....../....../...... next=0 hands=3124/1456 "
    "bag=11111222222333344444555555666666RRRMMMSSSTTT used=0000 turn=0"
)


@pytest.mark.parametrize(
    ("question", "lang", "group"),
    [
        ("What is row 2 worth after my 3 on E2?", "en", "three of a kind"),
        ("quanto passa a valer a linha 2 com o meu 3 em E2?", "pt", "trinca"),
    ],
)
def test_a_line_that_changes_score_says_what_its_points_are_made_of(question: str, lang: str, group: str) -> None:
    got = ask("crosswise", question, position=CW_PAIR_GROWS, move="3E2", lang=lang)
    assert mentions(first_sentences(got.answer, 3), group), got.answer
