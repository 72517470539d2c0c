"""Round 10, Alcatraz: classes of question the desk used to get wrong on unseen questions. Each test is one class,
asked in the project's own words (never a copy of an evaluation question)."""

from __future__ import annotations

import pytest

from boardgamesbot.games.alcatraz.desk import reckon
from boardgamesbot.rulesdesk.answer import ask
from boardgamesbot.rulesdesk.evaluation import first_sentences, mentions
from boardgamesbot.rulesdesk.understand import understand

# a position in the draw-then-claim turn after the mover has drawn (the engine's one-line format)
AFTER_DRAW = (
    "alcatraz players=2 ability_table=default memory_aid=no tiebreak_round=yes turn_cap=40 wild=no seed=3 "
    "shuffles=0,0 ply=20 round=1 first=0 current=1 phase=after_draw turns=4 ending=no emptied=- last=- "
    "queue=- points=0,0 circles=0,0 start=0,0 scores=- capped=- claim=- held=- pending=- then=end "
    "flash=-,- objectives=9,12,7 objdeck=4,5,6,8,10,11,13,14 objdone=- piles=5/2 "
    "deck=6,14,4,-1,-3,-2,3,10,11,4,14,5,3,-1,-3,-1,7,9,1,8,13,13,9,11,8,3,1,12,14,8,9,7,10,3,11,1,2,12,-3,9,6,11,-3,14,-2,1,5,10,7,6,13,7,-2,2,-2,12,12,13,8,-1 "
    "row0=6,4,10 won0=- row1=4,5,2 won1=-"
)


# ---- shapes -------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "text",
    [
        "Cards 4, -4 and 6, the opposites sit apart. Still forbidden?",
        "I swap my 2 for the 11 on the pile. Still allowed?",
        "The 6 gets a -1 over it and I add the 9 next to it for 14 — success?",
        "Drew a 3. Success?",
    ],
)
def test_a_verbless_tail_after_a_scene_asks_yes_or_no(text: str) -> None:
    assert understand(text, None, None).polar


@pytest.mark.parametrize("text", ["success?", "what counts as a success?", "what makes a claim a success?"])
def test_a_bare_success_or_a_question_about_it_stays_open(text: str) -> None:
    assert not understand(text, None, None).polar


@pytest.mark.parametrize(
    "text",
    [
        "the piles are empty too, now what, do we end the round?",
        "no objectives are left, so what, we keep going?",
    ],
)
def test_now_what_before_a_yes_no_clause_is_an_exclamation(text: str) -> None:
    assert understand(text, None, None).polar


@pytest.mark.parametrize("text", ["deck's gone, now what?", "so what happens next?"])
def test_now_what_alone_still_asks_what(text: str) -> None:
    assert not understand(text, None, None).polar


@pytest.mark.parametrize(
    "text",
    [
        "so the guy who goes out first gets the circle too?",
        "hold on, the dude who took the last discard simply wins the round?",
    ],
)
def test_who_after_a_person_is_a_relative_not_a_question_word(text: str) -> None:
    assert understand(text, None, None).polar


@pytest.mark.parametrize("text", ["the player who empties his row, who starts next?", "at the end who wins?"])
def test_who_that_asks_keeps_the_question_open(text: str) -> None:
    assert not understand(text, None, None).polar


# ---- answers ------------------------------------------------------------------------------------------
def test_a_second_draw_is_refused_naming_the_one_card_per_turn_in_portuguese() -> None:
    got = ask("alcatraz", "Posso ainda tirar outra do baralho?", position=AFTER_DRAW, move="draw", lang="pt-BR")
    lead = first_sentences(got.to_dict()["answer"])
    assert mentions(lead, "não") and mentions(lead, "uma")


def test_a_second_draw_is_refused_in_english() -> None:
    got = ask("alcatraz", "Can I draw another one?", position=AFTER_DRAW, move="draw", lang="en")
    lead = first_sentences(got.to_dict()["answer"])
    assert mentions(lead, "no") and mentions(lead, "a card")


# ---- reckoning from the numbers a question states ---------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("my 4 has a +1 on it, does the +1 score a point when I claim?", "en"),
        ("o -1 por cima do meu 7 dá ponto quando eu fizer o objetivo?", "pt"),
    ],
)
def test_whether_an_overlay_scores_is_not_its_value_in_a_sum(text: str, lang: str) -> None:
    assert reckon(text, lang) is None


def test_an_overlay_counted_as_a_value_is_still_reckoned() -> None:
    report = reckon("a +1 on my 3, does it score as 4?", "en")
    assert report is not None and report.facts["value"] == 4


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("disse que ia fazer 11 e deu 11 com o 5 e o 6, quantos pontos?", "pt"),
        ("tried to make 8 and got 8 with 3 and 5, how much do I score?", "en"),
    ],
)
def test_the_total_a_player_says_the_cards_came_to_is_not_a_card(text: str, lang: str) -> None:
    report = reckon(text, lang)
    assert report is not None and report.facts["yes"] is True and mentions(report.consequence[lang], "2")


# ---- knowledge base: mirror intents and the words that keep them apart -----------------------------------
@pytest.mark.parametrize(
    ("question", "lang", "rule", "facts"),
    [
        ("dá pra ver minhas cartas fechadas dps do começo da rodada?", "pt-BR", "AZ-KNOWLEDGE", ["não"]),
        ("depois do começo da ronda ainda posso rever as cartas?", "pt-PT", "AZ-KNOWLEDGE", ["não"]),
        ("I drew from the deck, now can I also try an objective?", "en", "AZ-TURN", ["yes"]),
        ("does a 13 I won count for more than a 1?", "en", "AZ-ROUND-SCORE", ["no", "1"]),
        ("usei o poder do 7, ele fica na minha fileira?", "pt-BR", "AZ-ABILITY", ["não", "descartada"]),
        ("is anything stopping me from taking the discard top each turn?", "en", "AZ-TAKE", ["replace"]),
    ],
)
def test_mirror_intents_answer_the_way_the_question_is_asked(
    question: str, lang: str, rule: str, facts: list[str]
) -> None:
    got = ask("alcatraz", question, lang=lang).to_dict()
    lead = first_sentences(got["answer"])
    first = got["rules"][0]
    assert (first["id"] if isinstance(first, dict) else first) == rule
    assert all(mentions(lead, f) for f in facts), lead
