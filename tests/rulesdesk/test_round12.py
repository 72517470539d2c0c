"""Round 12 (both games): questions asked the other way round from the knowledge base's intents, each in the
project's own wording. A player who asks whether the objective just made leaves the table, whether a swapped-out card
goes away face down, whether the lone player of a 3-player game starts, or whether the lowest score wins, must get
the answer with its own yes or no, and the rule that decides it cited first. Also the overlay reckoner reading
"a -1 card on my 4" as an overlay, and the claim's turned-up cards cited under the rule that turns them."""

from __future__ import annotations

import pytest

from boardgamesbot.rulesdesk.answer import ask
from boardgamesbot.rulesdesk.evaluation import first_sentences, mentions
from boardgamesbot.rulesdesk.understand import understand


@pytest.mark.parametrize(
    ("game", "question", "lang", "rule", "facts"),
    [
        # Alcatraz: yes to a question whose intent used to be open or the opposite twin
        ("alcatraz", "is the objective card I just fulfilled taken off the table?", "en", "AZ-SUCCESS", ["yes"]),
        ("alcatraz", "a carta de objetivo que fiz sai da mesa?", "pt-BR", "AZ-SUCCESS", ["sim"]),
        pytest.param(
            "alcatraz",
            "when I swap, is the card that leaves my row put away face down?",
            "en",
            "AZ-SWAP",
            ["no", "up"],
            marks=pytest.mark.xfail(
                strict=True, reason="known miss: the topic words outweigh the cue that reverses the answer"
            ),
        ),
        ("alcatraz", "na troca posso escolher o monte da carta que sai da fileira?", "pt-BR", "AZ-SWAP", ["sim"]),
        ("alcatraz", "after a miss, may I spread the cards over both discard piles?", "en", "AZ-FAILURE", ["no"]),
        ("alcatraz", "does three-player alcatraz work?", "en", "AZ-PLAYERS", ["yes"]),
        ("alcatraz", "dá para jogar a três?", "pt-PT", "AZ-PLAYERS", ["sim"]),
        ("alcatraz", "at round start, do we all peek together or one by one?", "en", "AZ-PEEK", ["one"]),
        pytest.param(
            "alcatraz",
            "my row is all face up when round 2 begins, do I still look at a card?",
            "en",
            "AZ-PEEK",
            ["no"],
            marks=pytest.mark.xfail(
                strict=True, reason="known miss: the topic words outweigh the cue that reverses the answer"
            ),
        ),
        (
            "alcatraz",
            "when the deck is rebuilt, is the top card of each discard pile shuffled in too?",
            "en",
            "AZ-DECK-RESHUFFLE",
            ["no"],
        ),
        ("alcatraz", "I emptied my row, will I play once more this round?", "en", "AZ-ROUND-END", ["no"]),
        ("alcatraz", "can I put my drawn card into another player's row?", "en", "AZ-SWAP", ["no"]),
        ("alcatraz", "do the cards I choose for a claim get flipped face up?", "en", "AZ-ADJACENT", ["yes"]),
        # Crosswise
        ("crosswise", "so the team with the smaller total wins?", "en", "CW-WIN", ["no"]),
        (
            "crosswise",
            "with 3 players, does the player on their own score rows and columns both?",
            "en",
            "CW-THREE",
            ["no", "6"],
        ),
        ("crosswise", "with three of us, is it the lone player who opens the game?", "en", "CW-D-FIRST", ["no"]),
        pytest.param(
            "crosswise",
            "o jogador sem parceiro faz duas jogadas seguidas?",
            "pt-BR",
            "CW-THREE",
            ["não"],
            marks=pytest.mark.xfail(
                strict=True, reason="known miss: the topic words outweigh the cue that reverses the answer"
            ),
        ),
        (
            "crosswise",
            "when I use Trade, does the tile taken off the board end up in my hand?",
            "en",
            "CW-TRADE",
            ["yes"],
        ),
        pytest.param(
            "crosswise",
            "if redraws=0, may I still return an opening hand of only actions?",
            "en",
            "CW-D-REDRAW",
            ["no"],
            marks=pytest.mark.xfail(
                strict=True, reason="known miss: the topic words outweigh the cue that reverses the answer"
            ),
        ),
    ],
)
def test_reversed_questions_get_their_own_yes_or_no(
    game: str, question: str, lang: str, rule: str, facts: list[str]
) -> None:
    got = ask(game, question, lang=lang).to_dict()
    lead = first_sentences(str(got["answer"]))
    assert got["rules"][0]["id"] == rule, (got["rules"][:3], lead)
    assert all(mentions(lead, f) for f in facts), lead


@pytest.mark.parametrize(
    ("question", "value"),
    [
        ("I laid a -1 card on my 4 and then a sign change on top: what is it worth now?", "-3"),
        ("I used an 11 as -1 on my 6, then a 13 on top, value?", "-5"),
        ("pus uma carta -1 no meu 4 e depois a troca de sinal, quanto vale?", "-3"),
    ],
)
def test_a_minus_one_card_laid_on_a_card_is_read_as_an_overlay(question: str, value: str) -> None:
    got = ask("alcatraz", question).to_dict()
    assert got["rules"][0]["id"] == "AZ-OVERLAY"
    assert mentions(first_sentences(str(got["answer"])), value), got["answer"]


def test_a_portuguese_if_scene_of_many_words_still_asks_yes_or_no() -> None:
    # no "?" and ten words between "se" and "posso"
    assert understand("se eu so tiver peca de acao na mao no comeco posso devolver", None, None).polar


@pytest.mark.parametrize(
    ("question", "typo", "word"),
    [
        ("how mnay cards are in the deck?", "mnay", "many"),  # two letters swapped: "many", not "may"
        ("do i hvae to draw first?", "hvae", "have"),
        ("qunatas cartas eu compro?", "qunatas", "quantas"),
    ],
)
def test_a_misspelt_function_word_is_mended(question: str, typo: str, word: str) -> None:
    from boardgamesbot.rulesdesk.answer import question_view

    assert (typo, word) in question_view("alcatraz", question).q.corrections


@pytest.mark.parametrize(
    ("question", "first", "total"),
    [
        # the claim's cards listed once, then named again in a remark: the list is the claim
        (
            "Objective 6, my cards are -1, 6, 1. The -1 and 1 aren't even next to each other, so it's a legal 6, right?",
            "No",
            "zero",
        ),
        # several lists: the one after "usar" is the one chosen
        ("objetivo 9: tenho 4, 5 e 2. posso usar o 4 e o 5?", "Sim", "9"),
        ("Can I make 12 with 5, 7? My other cards are 3 and 9.", "Yes", "12"),
    ],
)
def test_a_claim_told_in_several_sentences_is_reckoned(question: str, first: str, total: str) -> None:
    got = ask("alcatraz", question).to_dict()
    lead = first_sentences(str(got["answer"]))
    assert lead.split()[0] == first, lead
    assert mentions(lead, total), lead


@pytest.mark.parametrize(
    ("question", "lang", "first"),
    [("can I use cards 1 and 2?", "en", "No"), ("posso usar as cartas 1 e 2?", "pt", "Não")],
)
def test_may_i_use_these_cards_on_a_claim_that_fails_is_answered_by_the_claim(
    question: str, lang: str, first: str, claim_with_overlay: str
) -> None:
    # choosing the cards is allowed, but what the player asks is whether the 14 is made: 4 + 6 = 10, it is not
    got = ask("alcatraz", question, position=claim_with_overlay, move="use1-2", lang=lang).to_dict()
    assert str(got["answer"]).split()[0] == first, got["answer"]


@pytest.mark.parametrize(
    ("question", "polar"),
    [
        ("tipo, a carta que sai da fileira vai pra qual monte? eu que escolho?", True),
        ("depois de falhar as cartas vão para um monte, sou eu q escolho qual?", True),
        ("quem escolhe o monte?", False),
        ("e eu que faço o quê?", False),
    ],
)
def test_is_it_me_who_chooses_is_a_yes_or_no_question(question: str, polar: bool) -> None:
    assert understand(question, None, None).polar is polar


@pytest.mark.parametrize(
    ("question", "first"),
    [
        # a negative claim asked up front is answered "no" when the rule says otherwise, as its tag form is
        ("isn't it true that overlays don't change the sum?", "No"),
        ("isn't it the case that you can't take from the discard pile?", "No"),
        ("não é verdade que a carta do descarte não entra aberta?", "Não"),
        ("isn't it the case that each card is worth one point?", "Yes"),  # a positive claim: yes when it holds
    ],
)
def test_a_claim_asked_with_isnt_it_true_that(question: str, first: str) -> None:
    got = ask("alcatraz", question).to_dict()
    assert str(got["answer"]).split()[0] == first, got["answer"]


@pytest.mark.parametrize(
    ("game", "question", "first"),
    [
        # more tags after a negative claim: "can you?", "do I?"
        ("crosswise", "you can't remove your own team's tile, can you?", "No"),
        ("crosswise", "I don't have to refill my hand after playing an action tile, do I?", "No"),
        # "only when ...?" asked of a rule with an exception
        ("crosswise", "the game only ends when the board is full, doesn't it?", "No"),
        ("crosswise", "o jogo só acaba quando o tabuleiro enche?", "Não"),
        ("crosswise", "does the game end when the board is full?", "Yes"),  # without "only" it does
    ],
)
def test_tags_and_only_when(game: str, question: str, first: str) -> None:
    got = ask(game, question).to_dict()
    assert str(got["answer"]).split()[0] == first, got["answer"]


def test_leva_la_is_the_move_tile() -> None:  # pt-PT "levá-la para outra casa": the Move action
    got = ask("crosswise", "dá para pegar numa peça do tabuleiro e levá-la para uma casa livre?").to_dict()
    assert got["rules"][0]["id"] == "CW-MOVE", got["answer"]


def test_saco_is_a_draw_in_alcatraz() -> None:  # pt-PT "a carta que saco do baralho": the card I draw
    got = ask("alcatraz", "a carta que saco do baralho fica tapada na fila?").to_dict()
    assert str(got["answer"]).split()[0] == "Sim", got["answer"]


def test_four_alike_split_in_a_line_is_about_spread_not_players() -> None:
    # "is that a four?" after "4 hearts split 2 and 2" asks about the group, not about four players
    got = ask("crosswise", "my row has 4 hearts, 2 and 2 with stars in between, is that a four?").to_dict()
    assert got["rules"][0]["id"] == "CW-SCORE-SPREAD", got["answer"]
    assert mentions(first_sentences(str(got["answer"])), "5"), got["answer"]


@pytest.mark.parametrize(
    ("question", "first", "value"),
    [
        ("my 5 with a +1 is worth 7?", "No", "6"),  # "with a +1": an overlay, and the value asked is checked
        ("a -3 with a sign flip is worth 3, right?", "Yes", "3"),
        ("if I put a +1 on my -1, is that card a zero now?", "Yes", "0"),
        ("tenho um 3 com um -1, quanto vale?", "O", "2"),  # an open question: no yes/no, the value
    ],
)
def test_an_overlaid_card_asked_by_its_value(question: str, first: str, value: str) -> None:
    got = ask("alcatraz", question).to_dict()
    lead = first_sentences(str(got["answer"]))
    assert got["rules"][0]["id"] == "AZ-OVERLAY", lead
    assert lead.split()[0] == first and mentions(lead, value), lead


def test_how_many_prefers_a_close_intent_that_states_the_number() -> None:
    got = ask("crosswise", "quantas peças de ação tem no saco?").to_dict()
    assert mentions(first_sentences(str(got["answer"])), "12"), got["answer"]


@pytest.mark.parametrize(
    ("question", "rule", "first"),
    [
        ("can both teams get points from one tile?", "CW-LINES", "Yes"),  # a tile lies in a row and a column
        ("does a tile on the edge count for a row and a column?", "CW-LINES", "Yes"),
        ("do my partner and I score together?", "CW-TEAMS", "Yes"),
    ],
)
def test_one_tile_two_lines_and_partners_share_points(question: str, rule: str, first: str) -> None:
    got = ask("crosswise", question).to_dict()
    assert got["rules"][0]["id"] == rule, got["answer"]
    assert str(got["answer"]).split()[0] == first, got["answer"]


@pytest.mark.parametrize(
    ("question", "rule", "first"),
    [
        ("do the cards still in my row at the end cost me points?", "AZ-ROUND-SCORE", "No"),
        ("do I keep my row for the second round?", "AZ-NEXT-ROUND", "Yes"),
    ],
)
def test_the_row_left_at_the_end_of_a_round(question: str, rule: str, first: str) -> None:
    got = ask("alcatraz", question).to_dict()
    assert got["rules"][0]["id"] == rule, got["answer"]
    assert str(got["answer"]).split()[0] == first, got["answer"]
