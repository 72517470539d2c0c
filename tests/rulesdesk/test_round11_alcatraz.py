"""Round 11, Alcatraz: classes of question the desk used to get wrong on unseen questions. Each test is one class,
asked in the project's own words (never a copy of an evaluation question)."""

from __future__ import annotations

import pytest

from boardgamesbot.rulesdesk.answer import ask
from boardgamesbot.rulesdesk.evaluation import first_sentences, mentions
from boardgamesbot.rulesdesk.understand import understand


def _first_rule(got: dict[str, object]) -> str:
    rules = got["rules"]
    assert isinstance(rules, list) and rules
    first = rules[0]
    return str(first["id"] if isinstance(first, dict) else first)


# ---- shapes -------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "text",
    [
        "so a -1 on my 6 changes the sum or nah?",
        "the look card gets discarded after or what?",
        "my sign change stops the zero rule or no?",
        "lemme stack a second +1 on that card?",
        "let me swap a face-up card of mine?",
    ],
)
def test_a_yes_no_question_with_a_shrug_or_let_me_is_still_yes_no(text: str) -> None:
    assert understand(text, "en", None).polar


@pytest.mark.parametrize("text", ["face up or face down?", "does the new card go left or right?"])
def test_a_real_choice_stays_open(text: str) -> None:
    assert not understand(text, "en", None).polar


@pytest.mark.parametrize(
    "text", ["quem não esvaziou a fileira pode levar círculo?", "quem não tem círculos pode ganhar o jogo?"]
)
def test_whoever_did_not_then_a_modal_asks_yes_or_no(text: str) -> None:
    assert understand(text, "pt", None).polar


def test_who_cannot_still_asks_who() -> None:
    assert not understand("quem não pode jogar a terceira rodada?", "pt", None).polar


@pytest.mark.parametrize(
    "text",
    ["quando a ronda termina cada um repõe a fila?", "qd acaba a primeira rodada a gente completa a fileira de novo?"],
)
def test_a_when_scene_then_a_refill_verb_asks_yes_or_no(text: str) -> None:
    assert understand(text, "pt", None).polar


@pytest.mark.parametrize("text", ["quando acaba a rodada?", "quando acaba a rodada, quem completa primeiro?"])
def test_when_alone_or_with_a_question_word_stays_open(text: str) -> None:
    assert not understand(text, "pt", None).polar


def test_a_buddy_in_portuguese_slang_is_another_player_not_filler() -> None:
    tokens = understand("posso pôr o meu +1 na carta do meu parça?", "pt", None).tokens
    assert "amigo" in tokens


# ---- vocabulary and intents ------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("question", "lang", "rule", "facts"),
    [
        # coming out on top is winning, not a card laid on top
        ("who ends up on top once both rounds are done?", "en", "AZ-WINNER", ["points"]),
        # another player's cards, however the owner is named
        ("is the look power usable on somebody elses face-down card?", "en", "AZ-LOOK", ["no"]),
        # a fulfilled objective leaves the table (the mirror of a failed one, which stays)
        ("depois que eu cumpro um objetivo, ele continua aberto na mesa?", "pt-BR", "AZ-SUCCESS", ["não", "novo"]),
        # a sum of three adjacent cards is allowed (mirror of "four or more?")
        ("is it legal to add three neighbouring cards for a target?", "en", "AZ-ADJACENT", ["yes"]),
        # a failed claim's cards never return to the row
        ("if I get the total wrong, do my cards just stay in my row?", "en", "AZ-FAILURE", ["no", "discard"]),
        # a round stopped by the turn cap gives no circle
        ("we hit the turn limit this round, do circles get handed out?", "en", "AZ-TURN-CAP", ["no"]),
        # pt-PT "tapado" is face down
        ("as minhas cartas tapadas que nunca vi, nem eu sei quais são?", "pt-PT", "AZ-KNOWLEDGE", ["inclusive você"]),
        # answers that state the fact asked
        ("what values do the cat cards run from, and how many share each number?", "en", "AZ-COMPONENTS", ["68", "4"]),
        ("no arranque, quantos objectivos ficam no baralho deles?", "pt-PT", "AZ-SETUP-OBJECTIVES", ["8"]),
        ("how many points does a modifier card score?", "en", "AZ-OVERLAY-LEAVE", ["0"]),
        ("com discards_only, se acabar tudo pra comprar, a rodada termina?", "pt-BR", "AZ-DECK-DRY", ["sim"]),
        ("could we play with the card abilities switched off?", "en", "AZ-ABILITY-TABLE", ["yes", "none"]),
        # "secar" is running dry; a card pulled blind came from the deck, not a discard pile
        (
            "com discards_only, quando o baralho seca e os descartes também, a rodada termina?",
            "pt-BR",
            "AZ-DECK-DRY",
            ["sim"],
        ),
        # the rule that is the way out: the drawn card may simply be discarded
        ("I took one blind from the pile and hate it, am I stuck with it?", "en", "AZ-DISCARD", ["discard"]),
    ],
)
def test_classes_answer_with_their_rule_and_fact(question: str, lang: str, rule: str, facts: list[str]) -> None:
    got = ask("alcatraz", question, lang=lang).to_dict()
    lead = first_sentences(str(got["answer"]))
    assert _first_rule(got) == rule, (got["rules"], lead)
    assert all(mentions(lead, f) for f in facts), lead


def test_an_overlay_decides_a_failed_claim_as_it_decides_a_successful_one(claim_with_overlay: str) -> None:
    got = ask(
        "alcatraz", "Going for 14 with my 4 and the 5 under a +1 — does that make it?", position=claim_with_overlay,
        move="use1-2", lang="en",
    ).to_dict()  # fmt: skip
    lead = first_sentences(str(got["answer"]))
    assert _first_rule(got) == "AZ-OVERLAY", got["rules"]
    assert mentions(lead, "no") and mentions(lead, "10"), lead
