"""Round 16, each question in the project's own wording: "both, or only the trio?" is what a line's groups add up
to (and groups told twice, by symbol and then by name, are one line, not too many tiles); the team a "did they win?"
asks about; a trio of equal symbols none of which touch is the spread rule's case; "do I get a new card?" after a
claim that empties the row is answered by the refill; and the knowledge base's new wordings: what each card used
in a sum is worth, whether Wild Prisoner exists, an overlay on another player's card, drawing after a turn, the
points still shown after a six alike; "... . True or is he kidding?" asks about what was said."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from desk_positions import claim

from boardgamesbot.games.crosswise.position import compose
from boardgamesbot.rulesdesk import answer as desk
from boardgamesbot.rulesdesk.evaluation import first_sentences, mentions


def _says(lead: str, facts: Sequence[str], never: Sequence[str] = ()) -> None:
    assert all(mentions(lead, t) for t in facts), lead
    assert not any(mentions(lead, t) for t in never), lead


@pytest.mark.parametrize(
    ("question", "facts", "never"),
    [
        ("My row has 4 suns and 2 moons. Do I get the four plus the pair, or just the four?", ["6", "both"], ["fit"]),
        ("fiz uma trinca e um par na mesma fila, contam os dois ou só a trinca?", ["4", "dois"], ["cabem"]),
        # controls (right before this round too): either/or with the group names once; a line read back is yes;
        # more tiles than squares is no
        ("three hearts and a pair of stars in one column: do both count or only the three?", ["4"], ["fit"]),
        ("Four stars and two moons, is that a four plus a pair?", ["yes", "6"], []),
        ("Can one line hold two pairs and a trio?", ["no", "fit"], []),
    ],
)
def test_groups_of_one_line_add_up(question: str, facts: list[str], never: list[str]) -> None:
    _says(first_sentences(desk.ask("crosswise", question).answer), facts, never)


@pytest.mark.parametrize(
    "question",
    [
        "six of a kind in a row: does it score points or just win outright?",
        "seis iguais numa linha dão pontos ou só a vitória?",
    ],
)
def test_a_six_alike_or_only_the_win_is_no_sum_of_groups(question: str) -> None:
    # found in review: "(the line counts 0)" was read as a sum of groups, and the answer began "They all count:"
    _says(first_sentences(desk.ask("crosswise", question).answer), ["0"], ["count:", "todos", "all"])


@pytest.mark.parametrize(
    ("question", "word"),
    [
        ("They finished with 25 and we had 22, so they won, right?", "yes"),
        ("acabou: eles têm 30 e nós 28, ganharam eles?", "sim"),
        ("eles têm 20 e nós 22, eles ganham?", "não"),
        # a control: the win asked about is ours
        ("nós temos 24 e eles 22, ganhamos?", "sim"),
    ],
)
def test_the_team_a_win_question_asks_about(question: str, word: str) -> None:
    answer = desk.ask("crosswise", question)
    assert answer.answer.lower().startswith(word), answer.answer
    assert answer.rules[0].id == "CW-WIN"


def test_a_trio_of_tiles_that_do_not_touch_cites_the_spread_rule() -> None:
    # row 2 holds a 1 on A2 and another on F2; the mover's 1 goes to D2: three 1s, none side by side
    position = compose("....../1....1/" + "....../" * 3 + "......", ["1234", "3456"], next=0)
    answer = desk.ask("crosswise", "If I put my 1 on D2, is that a trio even with gaps?", position=position, move="1D2")
    assert answer.rules[0].id == "CW-SCORE-SPREAD", [r.id for r in answer.rules]
    _says(first_sentences(answer.answer), ["yes", "3"])
    # a control: a trio grown from a pair that touches is the table's sum
    touching = compose("....../11..../" + "....../" * 3 + "......", ["1234", "3456"], next=0)
    grown = desk.ask("crosswise", "What if I put my 1 on F2?", position=touching, move="1F2")
    assert grown.rules[0].id == "CW-SCORE-GROUPS", [r.id for r in grown.rules]


@pytest.mark.parametrize(
    ("question", "word"),
    [
        ("I only have a 4 and a 5 left and called 9. If I use both my row is empty. Do I get a new one?", "no"),
        ("Só me restam o 4 e o 5 e anunciei o 9. Se usar os dois fico sem cartas. Recebo uma nova?", "não"),
    ],
)
def test_a_new_card_after_emptying_the_row_is_answered_by_the_refill(question: str, word: str) -> None:
    answer = desk.ask("alcatraz", question, position=claim("4^ 5^", 9), move="use1-2")
    assert answer.answer.lower().startswith(word), answer.answer


def test_a_new_card_after_a_claim_that_leaves_cards_is_yes() -> None:
    """A control (right before this round too): cards are left, so one new card comes in."""
    answer = desk.ask(
        "alcatraz",
        "I called 9 with my 4 and 5. Do I get a new card after?",
        position=claim("4^ 5^ 3 2", 9),
        move="use1-2",
    )
    assert answer.answer.lower().startswith("yes"), answer.answer


@pytest.mark.parametrize(
    ("game", "question", "rule", "facts"),
    [
        ("alcatraz", "how much is every card I use in a successful sum worth?", "AZ-ROUND-SCORE", ["1"]),
        ("alcatraz", "The English rules skip the wild prisoner mode. Does it even exist?", "AZ-WILD", ["yes", "5"]),
        ("alcatraz", "o resumo inglês não fala do prisioneiro selvagem; ele existe?", "AZ-WILD", ["sim", "5"]),
        (
            "alcatraz",
            "so my mate keeps slapping his 11s onto MY cards to wreck my sums, is that even allowed??",
            "AZ-OVERLAY",
            ["no"],
        ),
        ("crosswise", "Depois que eu jogo uma peça, tenho que pegar mais coisa do saco?", "CW-REFILL", ["sim", "4"]),
        (
            "crosswise",
            "after a six of a kind win, does the final result still list the line points?",
            "CW-D-SIX-SCORE",
            ["yes", "0"],
        ),
        (
            "crosswise",
            "ganharam com seis iguais; o placar ainda mostra os pontos das linhas?",
            "CW-D-SIX-SCORE",
            ["sim"],
        ),
        # controls (right before this round too): the English sheet leaves the mode out; points decide nothing
        ("alcatraz", "is wild prisoner in the English rules?", "AZ-WILD", ["no"]),
        ("crosswise", "after a six alike win do the other lines' points matter?", "CW-D-SIX-SCORE", ["no"]),
    ],
)
def test_new_wordings_find_their_intent(game: str, question: str, rule: str, facts: list[str]) -> None:
    answer = desk.ask(game, question)
    assert answer.rules[0].id == rule, (answer.answer, [r.id for r in answer.rules[:3]])
    _says(first_sentences(answer.answer), facts)


@pytest.mark.parametrize(
    ("question", "word"),
    [
        ("my cousin says you top your row back up to 4 before round 2. True or is he kidding?", "yes"),
        ("o meu primo diz que na ronda 2 toda a gente volta a espreitar uma carta. é verdade ou está a gozar?", "sim"),
    ],
)
def test_true_or_is_he_kidding_asks_about_what_was_said(question: str, word: str) -> None:
    answer = desk.ask("alcatraz", question)
    assert answer.answer.lower().startswith(word), answer.answer
