"""Round 9, Alcatraz: classes of question the desk used to get wrong on unseen questions. Each test is one class,
asked in the project's own words (never a copy of an evaluation question)."""

from __future__ import annotations

import json

import pytest

from boardgamesbot.rulesdesk.answer import ask
from boardgamesbot.rulesdesk.evaluation import first_sentences, mentions
from boardgamesbot.rulesdesk.faq import faq_path
from boardgamesbot.rulesdesk.understand import understand


def _lead(answer: str) -> str:
    return first_sentences(answer)


# ---- shapes -------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "text",
    [
        "no desempate, quem perdeu a rodada joga também?",
        "na rodada extra, quem tinha menos pontos participa ainda?",
    ],
)
def test_whoever_with_a_trailing_also_is_a_yes_no_question(text: str) -> None:
    assert understand(text, None, None).polar


@pytest.mark.parametrize(
    "text", ["a gente quer usar duas cartas de sinal na mesma carta, tem como?", "dá para olhar duas, há como?"]
)
def test_tem_como_at_the_end_asks_whether_it_is_possible(text: str) -> None:
    assert understand(text, None, None).polar


@pytest.mark.parametrize("text", ["e o objetivo, como?", "a soma fica como?"])
def test_a_closing_como_alone_still_asks_how(text: str) -> None:
    assert not understand(text, None, None).polar


# ---- answers lead with the deciding word ---------------------------------------------------------------
OPPOSITE = {("en", True): ["no"], ("en", False): ["yes"], ("pt", True): ["não", "nao"], ("pt", False): ["sim"]}


def test_no_yes_or_no_answer_carries_the_opposite_word_in_its_lead() -> None:
    """A "Yes — ..." whose first two sentences also say "no" reads both ways to a player skimming the lead."""
    path = faq_path("alcatraz")
    assert path is not None
    data = json.loads(path.read_text(encoding="utf-8"))
    bad: list[str] = []
    for item in data["intents"]:
        for src in (item, item.get("upgrade") or {}):
            yes = src.get("yes", item.get("yes"))
            if "answer" not in src or yes is None:
                continue
            for lang in ("en", "pt"):
                lead = _lead(src["answer"][lang])
                if any(mentions(lead, word) for word in OPPOSITE[(lang, yes)]):
                    bad.append(f"{item['id']}/{lang}")
    assert bad == []


# ---- edge cases the rules settle ----------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "rule", "word"),
    [
        ("once three cards leave the centre, does an empty slot remain between the rest?", "AZ-GAPS", "no"),
        ("tenho de revelar aos outros a carta que espreitei no começo da ronda?", "AZ-PEEK", "não"),
        ("is alcatraz playable by a group of six?", "AZ-PLAYERS", "no"),
        ("com discards_only as minhas cartas ganhas voltam ao baralho novo?", "AZ-DECK-RESHUFFLE", "não"),
        (
            "I sit last before the first player and just emptied my row, is the round over at once?",
            "AZ-ROUND-END",
            "yes",
        ),
    ],
)
def test_edge_cases_get_their_own_yes_or_no(text: str, rule: str, word: str) -> None:
    a = ask("alcatraz", text)
    assert a.rules[0].id == rule
    assert mentions(_lead(a.answer), word)


# ---- the reckoner: overlays told by card number, the value asked, the kind of card named ----------------
@pytest.mark.parametrize(
    ("text", "word", "value"),
    [
        ("pulled an 11, may I lay it over my 7 so it becomes 8?", "yes", "8"),
        ("my draw is a 12: can I put it on top of my 2 and make it a 1?", "yes", "1"),
        ("saquei um 12, ponho em cima do meu 6 pra ficar com 9?", "não", "5"),
    ],
)
def test_an_adjust_card_named_by_its_number_adds_or_takes_one_as_asked(text: str, word: str, value: str) -> None:
    a = ask("alcatraz", text)
    assert a.rules[0].id == "AZ-OVERLAY"
    assert mentions(_lead(a.answer), word)
    assert mentions(_lead(a.answer), value)


@pytest.mark.parametrize(
    ("text", "word", "value"),
    [
        ("a sign change lies on top of my -3, is it still -3?", "no", "3"),
        ("pus um +1 em cima do meu 2, fica com 3?", "sim", "3"),
    ],
)
def test_the_value_asked_as_still_or_ficar_com_is_checked(text: str, word: str, value: str) -> None:
    lead = _lead(ask("alcatraz", text).answer)
    assert mentions(lead, word)
    assert mentions(lead, value)


def test_plus_one_slash_minus_one_names_the_kind_of_card_not_two_overlays() -> None:
    a = ask("alcatraz", "someone said +1/-1 cards are ignored in sums; my 9 with a +1 on it, still 9?")
    lead = _lead(a.answer)
    assert mentions(lead, "10")
    assert mentions(lead, "no")


def test_a_success_that_empties_the_row_says_the_circle_it_earns() -> None:
    from boardgamesbot.games.alcatraz.desk import _fulfil

    assert mentions(first_sentences(_fulfil("en", [6, 2], 8, True, False, [], 0)), "circle")
    assert mentions(first_sentences(_fulfil("pt", [6, 2], 8, True, False, [], 0)), "círculo")


# ---- words the glossary now knows ------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "rule"),
    [
        ("a player wipes out every card in front of her: anything in it for her?", "AZ-CIRCLE"),
        ("cards from the unknown pile: are they shown to everyone when drawn?", "AZ-DRAW-DECK"),
        ("a card from the hidden pile, can the others see it?", "AZ-DRAW-DECK"),
    ],
)
def test_everyday_names_for_an_emptied_row_and_the_deck(text: str, rule: str) -> None:
    assert ask("alcatraz", text).rules[0].id == rule


@pytest.mark.parametrize(
    "text", ["must everybody look at a card when a round begins?", "sou obrigado a ver uma carta no arranque da ronda?"]
)
def test_whether_the_start_look_is_required_cites_the_option_that_decides_it(text: str) -> None:
    assert ask("alcatraz", text).rules[0].id == "AZ-OPTIONAL-LOOK"


@pytest.mark.parametrize(
    "text",
    [
        "saindo a carta 2 de uma fileira de 3, a 1 e a 3 passam a ser vizinhas?",
        "if my second and third cards go, do the first and fourth become neighbours?",
    ],
)
def test_cards_that_become_neighbours_after_a_removal_are_the_gaps_rule(text: str) -> None:
    a = ask("alcatraz", text)
    assert a.rules[0].id == "AZ-GAPS"


def test_asking_whether_the_game_is_over_when_the_deck_runs_out_gets_a_no() -> None:
    a = ask("alcatraz", "sem cartas no baralho, é o fim do jogo?")
    assert a.rules[0].id == "AZ-DECK-RESHUFFLE"
    assert mentions(_lead(a.answer), "não")
