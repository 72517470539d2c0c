"""General understanding that the knowledge base's paraphrases cannot give by themselves: the clauses of a
question, filler "just", what a bare card number stands for, whose line a six is in, concepts that answer
differently (alike/different, empty/occupied), a state asked the other way round (face up/face down), and an
intent whose paraphrases asked opposite things.

Every question here is written for the test, in words the knowledge base does not use as such.
"""

from __future__ import annotations

import pytest

from boardgamesbot.rulesdesk.answer import ask
from boardgamesbot.rulesdesk.evaluation import first_sentences, mentions
from boardgamesbot.rulesdesk.glossary import value_terms
from boardgamesbot.rulesdesk.intents import featurize, line_owner
from boardgamesbot.rulesdesk.text import fold
from boardgamesbot.rulesdesk.understand import understand

pytestmark = pytest.mark.usefixtures("rulebooks_available")


def lead(text: str) -> str:
    return first_sentences(text)


# ---- the shape of the question: its clauses ------------------------------------------------------------
@pytest.mark.parametrize(
    ("question", "polar"),
    [
        ("Se acabar o baralho de compras, faz o quê?", False),  # the question word closes the last clause
        ("Jogando em 3, quem tá sozinho joga com que frequência?", False),  # ... or opens it after a comma
        ("Meu 13 faz o quê mesmo?", False),
        ("E a quadra, vale quanto?", False),
        ("Saco vazio, posso passar a vez?", True),
        ("posso jogar onde eu quiser?", True),
    ],
)
def test_commas_and_a_closing_question_word_tell_open_from_yes_no(question: str, polar: bool) -> None:
    assert understand(question, None, None).polar is polar


def test_an_open_question_after_a_condition_gets_no_yes() -> None:
    a = ask("alcatraz", "Se o monte de compra acabar, faz-se o quê?")
    assert a.rules[0].id == "AZ-DECK-RESHUFFLE"
    assert not a.answer.startswith(("Sim", "Não"))


def test_a_real_word_is_not_corrected_into_a_function_word() -> None:
    q = understand("Se o baralho de compra esgotar, como é que fica?", None, None)
    assert "esgotar" in q.tokens
    from boardgamesbot.rulesdesk.lexicon import Vocabulary, count_words

    vocab = Vocabulary(count_words(["estar no baralho", "o baralho de compras", "peças e cartas"]))
    assert vocab.correct("esgotar") is None  # a real word, and "estar" says nothing about the deck
    assert vocab.correct("baraio") == "baralho"


# ---- filler "just" -------------------------------------------------------------------------------------
def test_just_after_a_pronoun_is_filler_not_only() -> None:
    q = understand("so do they just win or what", "en", None)
    assert "just" not in q.tokens and not q.only
    assert understand("is it only the pair that counts", "en", None).only


# ---- what a bare card number stands for ----------------------------------------------------------------
def test_a_card_value_with_an_ability_stands_for_the_ability() -> None:
    assert value_terms(["drew", "a", "9"], [], "alcatraz") == ["zcability", "zcmemory"]  # 7-10: a look
    assert value_terms(["cards", "7", "to", "10"], [], "alcatraz") == ["zcability", "zcmemory"]
    assert value_terms(["got", "a", "13"], [], "alcatraz") == ["zcability", "zcoverlap"]  # 11-14: an overlay
    assert value_terms(["cards", "7", "to", "14"], [], "alcatraz") == ["zcability"]
    assert value_terms(["objective", "12"], ["zcobjective"], "alcatraz") == []  # a target, not a card
    assert value_terms(["+1", "on", "my", "12"], [], "alcatraz") == []  # an overlay sum
    assert value_terms(["5", "and", "9"], [], "alcatraz") == []  # a 5 has no ability: a sum question
    assert value_terms(["drew", "a", "9"], [], "crosswise") == []  # only where the glossary says so


@pytest.mark.parametrize(
    "question",
    ["Apanhei um 10 do monte de compra, serve para quê?", "I flipped over a 12 from the stock, what's it good for?"],
)
def test_a_drawn_number_asks_about_its_ability(question: str) -> None:
    a = ask("alcatraz", question)
    assert a.rules[0].id in {"AZ-ABILITY-TABLE", "AZ-ABILITY", "AZ-LOOK"}


# ---- whose line -----------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "owner"),
    [
        ("if the other team gets six alike in one of their columns", "ownline"),
        ("se o time adversário fizer seis iguais numa linha deles", "ownline"),
        ("i put the sixth star in their row", "otherline"),
        ("fiz seis iguais na coluna deles", "otherline"),
        ("who wins if six alike is completed in the opponents line", "otherline"),
        ("i handed the other team six of a kind", "otherline"),
        ("six alike in my own row", "ownline"),
        ("what are my team's lines", "ownline"),
        ("six alike in a line", None),
    ],
)
def test_line_owner_relates_the_actor_to_the_line(text: str, owner: str | None) -> None:
    assert line_owner([fold(w) for w in text.split()]) == owner


def test_six_alike_in_the_other_teams_own_line_is_their_win_not_a_gift() -> None:
    own = ask("crosswise", "Suppose the other side lines up six hearts in one of their columns: game over for us?")
    assert own.rules[0].id == "CW-SIX"
    gift = ask("crosswise", "Oops, my tile completed six moons in their row. Who takes the game?")
    assert gift.rules[0].id == "CW-D-SIX-OPPONENT"


# ---- concepts that answer differently -------------------------------------------------------------------
def test_an_empty_square_is_not_an_occupied_one() -> None:
    feats = featurize(["uma", "casa", "ocupada"], "crosswise", ("pt",))["z"]
    assert "zcoccupied" in feats and "zcempty" not in feats
    a = ask("crosswise", "Com a peça de mover consigo mandar uma peça do tabuleiro para uma casa livre do outro lado?")
    assert a.rules[0].id == "CW-MOVE"
    assert lead(a.answer).startswith("Sim")


def test_a_yes_intent_asked_with_the_contrary_state_answers_no() -> None:
    # "hidden" is the face-down concept; the answer says the card stays face up: a no, in any words
    a = ask("alcatraz", "does a card taken from a discard pile go in hidden?")
    assert a.rules[0].id == "AZ-TAKE"
    assert lead(a.answer).startswith("No")
    assert not mentions(lead(a.answer), "yes")


# ---- an intent whose paraphrases asked opposite things --------------------------------------------------
def test_the_round_does_not_stop_the_moment_a_row_is_empty() -> None:
    stop = ask("alcatraz", "Is the round over at once as soon as a row is empty?")
    assert stop.rules[0].id == "AZ-ROUND-END"
    assert lead(stop.answer).startswith("No")
    go_on = ask("alcatraz", "Once a row is empty, do the remaining players still get their turn?")
    assert go_on.rules[0].id == "AZ-ROUND-END"
    assert lead(go_on.answer).startswith("Yes")


def test_the_instant_a_row_runs_out_is_a_no() -> None:
    """Once a known limit: the open round-end paraphrase outscored the 'immediately' one. An answer saying the
    end is "only triggered" now reads as the contrary of "immediately" (the glossary's ``_contrary``)."""
    stop = ask("alcatraz", "Does play halt for everybody the instant one row runs out of cards?")
    assert lead(stop.answer).startswith("No")


def test_the_analyzer_version_is_the_same_in_every_process() -> None:
    """The glossary's digest keys the cached indexes: it must not depend on string hashing, or every cold
    `bgb ask` rebuilds the intent index (seconds instead of a fraction of one)."""
    import os
    import subprocess
    import sys

    code = "from boardgamesbot.rulesdesk.glossary import analyzer_version as v; print(v('alcatraz'), v('crosswise'))"
    seen = {
        subprocess.run(
            [sys.executable, "-c", code],
            env={**os.environ, "PYTHONHASHSEED": seed},
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for seed in ("1", "2", "3")
    }
    assert len(seen) == 1
