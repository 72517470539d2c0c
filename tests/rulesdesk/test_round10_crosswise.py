"""Round 10, Crosswise: classes of question the desk got wrong on unseen questions, each in the project's own
wording — the language of a typo-heavy Portuguese question, Portuguese words spelt as they sound ("pessas"),
groups named by symbol digits ("three 5s"), a line of "all different" in a comparison, a six set aside ("if it
isn't a six") or asked "what happens", tiles that do not sit side by side, and a pair a placed tile makes with a
distant equal symbol."""

from __future__ import annotations

from collections import Counter

import pytest

from boardgamesbot.rulesdesk import lexicon
from boardgamesbot.rulesdesk.answer import ask
from boardgamesbot.rulesdesk.lexicon import Vocabulary
from boardgamesbot.rulesdesk.understand import guess_lang, tokens_of

# row 2 holds a 3 on B2 and a 5 on D2; the rows player holds a 3 to put on F2, far from the other 3
CW_PAIR_APART = (
    "....../.3.5../....../....../....../...... next=0 hands=3124/1456 "
    "bag=11111222222333334444455555666666RRRMMMSSSTTT used=0000 turn=0"
)
# row 2 holds a pair of 3s on A2 and B2; the rows player adds a third 3 on E2
CW_PAIR_GROWS = (
    "....../33..../....../....../....../...... next=0 hands=3124/1456 "
    "bag=11111222222333344444555555666666RRRMMMSSSTTT used=0000 turn=0"
)


def _first_rule(question: str, **kw: str) -> str:
    return ask("crosswise", question, **kw).rules[0].id


# ---- the language of a question whose function words are all misspelt ----------------------------------
@pytest.mark.parametrize(
    "question",
    ["posu tira qq pessa?", "posu troca 2 pessas q tao no tabulero?", "possu trocar 2 pessas do tabuleiro?"],
)
def test_typo_heavy_portuguese_is_read_as_portuguese(question: str) -> None:
    assert guess_lang(tokens_of(question)) == "pt"


@pytest.mark.parametrize(
    "question",
    ["can i swap 2 tiles tht r on teh board", "what material are the tiles made of", "u draw after an action tile?"],
)
def test_english_text_speak_stays_english(  # a guard: the new signs must not turn English into Portuguese
    question: str,
) -> None:
    assert guess_lang(tokens_of(question)) == "en"


def test_a_typo_heavy_portuguese_question_is_answered_in_portuguese() -> None:
    a = ask("crosswise", "possu trocar 2 pessas do tabuleiro?")
    assert a.language == "pt"
    assert a.rules[0].id == "CW-SWAP"
    assert a.answer.startswith("Sim")


# ---- Portuguese spelt as it sounds ------------------------------------------------------------------------
def test_sound_alike_spellings() -> None:
    assert "pecas" in lexicon.sound_alikes("pessas")
    assert "acontece" in lexicon.sound_alikes("acontesse")
    assert "posso" in lexicon.sound_alikes("possu")


def test_a_sound_alike_spelling_beats_a_nearer_wrong_word() -> None:
    vocab = Vocabulary(Counter({"pecas": 50, "essas": 3, "peca": 40}))
    assert vocab.correct("pessas") == "pecas"
    assert vocab.correct("pessa") == "peca"


# ---- the reckoner ----------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("question", "points"),
    [
        ("My column has three 5s and three 1s, what does it score?", "6"),
        ("tenho tres 6 e dois 2 na minha coluna, quanto vale?", "4"),
        ("tenho tres 5 na linha, quanto vale?", "3"),
    ],
)
def test_groups_named_by_symbol_digits_are_added_up(question: str, points: str) -> None:
    a = ask("crosswise", question)
    assert a.rules[0].id == "CW-SCORE-GROUPS"
    assert points in a.answer.split(".")[0]


@pytest.mark.parametrize(
    "question",
    [
        "honestly, does a five of a kind line beat a line that is all different?",
        "cinco iguais numa linha valem mais do que uma linha toda diferente?",
    ],
)
def test_five_alike_against_a_line_of_all_different(question: str) -> None:
    a = ask("crosswise", question)
    assert a.rules[0].id in {"CW-SCORE-GROUPS", "CW-SCORE-DIFFERENT"}
    assert "7" in a.answer and "6" in a.answer
    assert a.answer.split()[0].strip("—:,") in {"Yes", "Sim"}


@pytest.mark.parametrize(
    "question",
    [
        "Leaving out a six of a kind, what's the highest one line can score?",
        "Tirando seis iguais, quantos pontos no máximo dá uma linha?",
    ],
)
def test_a_six_set_aside_is_not_what_is_asked(question: str) -> None:
    a = ask("crosswise", question)
    assert a.rules[0].id == "CW-SCORE-GROUPS"
    assert "7" in a.answer


def test_what_happens_with_six_alike_in_my_line_is_the_win() -> None:
    assert _first_rule("o q acontesse qnd faço 6 iguais numa coluna minha?") == "CW-SIX"


@pytest.mark.parametrize(
    "question",
    [
        "Do I still score a pair if the two tiles aren't side by side?",
        "uma trinca com as três peças separadas ainda pontua?",
        "se as duas iguais não estiverem juntas, o par ainda vale 1?",
        "is a trio still worth 3 when its tiles sit at opposite ends of the row?",
    ],
)
def test_groups_that_do_not_touch_are_the_spread_rule(question: str) -> None:
    a = ask("crosswise", question)
    assert a.rules[0].id == "CW-SCORE-SPREAD"
    assert a.answer.split()[0].strip("—:,") in {"Yes", "Sim"}
    assert any(n in a.answer for n in ("1", "3"))


# ---- positions -------------------------------------------------------------------------------------------
def test_a_pair_made_with_a_distant_tile_cites_the_spread_rule() -> None:
    a = ask("crosswise", "Does my 3 on F2 give row 2 anything?", position=CW_PAIR_APART, move="3F2")
    assert a.rules[0].id == "CW-SCORE-SPREAD"
    assert "1" in a.answer


def test_a_pair_that_grows_into_three_cites_the_table() -> None:  # a guard: growing a group is the table's
    a = ask("crosswise", "How much does row 2 go up with my 3 on E2?", position=CW_PAIR_GROWS, move="3E2")
    assert a.rules[0].id == "CW-SCORE-GROUPS"


# ---- knowledge base ----------------------------------------------------------------------------------------
def test_the_lone_players_refill_cites_the_refill_rule() -> None:
    assert _first_rule("Playing alone in a three-player game, do I fill my hand to four or to six?") == "CW-REFILL"


# row 2 already holds a pair of 5s (1 point); the rows player's 3 on F2 makes a second pair with the 3 on A2
CW_SECOND_PAIR_APART = (
    "....../355.../....../....../....../...... next=0 hands=3124/1466 "
    "bag=1111122222233333444445555566666RRRMMMSSSTTT used=0000 turn=0"
)


def test_a_second_pair_made_apart_in_a_scoring_line_cites_the_table() -> None:  # a guard: the line's sum
    a = ask("crosswise", "What is row 2 worth after my 3 on F2?", position=CW_SECOND_PAIR_APART, move="3F2")
    assert a.rules[0].id == "CW-SCORE-GROUPS"
    assert "2" in a.answer


def test_a_group_named_by_its_digits_and_by_its_name_is_one_group() -> None:
    a = ask("crosswise", "A minha coluna tem quatro 3 e dois 6, e essa quadra com o par vale quanto?")
    assert "cabem" not in a.answer and "fit" not in a.answer
    assert "6" in a.answer.split(".")[0]
