"""The rules desk answers first: every example of issue 12's "Why" answered correctly, the dev split
above a floor, the sheets' worked examples recomputed by the engines, and the fast `bgb ask` path."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from boardgamesbot.rulesdesk.answer import ask
from boardgamesbot.rulesdesk.evaluation import first_sentences, load_split, mentions, run, summarise
from boardgamesbot.rulesdesk.sheets import load_sheet

pytestmark = pytest.mark.usefixtures("rulebooks_available")

EVAL = Path(__file__).parent / "eval"
# A little under the dev figures when this floor was set (top-1 88.6%, top-3 96.5%): a regression fails CI.
DEV_TOP1_FLOOR = 0.9
DEV_TOP3_FLOOR = 0.97


def lead(answer_text: str) -> str:
    return first_sentences(answer_text)


# ---- the examples of issue 12 ("Why") -----------------------------------------------------------------
def test_how_is_a_tie_broken_gets_an_answer() -> None:
    a = ask("alcatraz", "how is a tie broken?")
    assert not a.abstained and a.rules[0].id in ("AZ-TIE-CIRCLES", "AZ-TIE-ROUND")
    assert mentions(lead(a.answer), "circles") or mentions(lead(a.answer), "third")


def test_misspelt_question_about_the_deal() -> None:
    a = ask("crosswise", "how many peices do i draw at the strat")
    assert a.rules[0].id == "CW-DEAL"
    assert mentions(lead(a.answer), "four") or mentions(lead(a.answer), "4")
    assert ("peices", "pieces") in a.corrections


def test_can_i_just_toss_it() -> None:
    a = ask("alcatraz", "can I just toss it?")
    assert a.rules[0].id == "AZ-DISCARD"
    assert lead(a.answer).startswith("Yes")


def test_portuguese_text_speak_about_a_wrong_sum() -> None:
    a = ask("alcatraz", "se eu errar a soma oque acontece?")
    assert a.language == "pt"
    assert a.rules[0].id == "AZ-FAILURE"
    assert mentions(lead(a.answer), "mesmo")


def test_six_identical_is_not_six_different() -> None:
    a = ask("crosswise", "what do six identical symbols in a line give?")
    assert a.rules[0].id == "CW-SIX"
    assert (mentions(lead(a.answer), "wins") or mentions(lead(a.answer), "win")) and not mentions(
        lead(a.answer), "different"
    )


def test_a_card_taken_from_a_discard_pile_stays_face_up() -> None:
    a = ask("alcatraz", "what happens to a card I take from a discard pile?")
    assert a.rules[0].id == "AZ-TAKE"
    assert "face up" in lead(a.answer) and "face down" not in lead(a.answer)


def test_one_card_is_refilled_after_a_success() -> None:
    a = ask("alcatraz", "how many cards do I refill after a success?")
    assert a.rules[0].id == "AZ-SUCCESS"
    assert (mentions(lead(a.answer), "one") or mentions(lead(a.answer), "1")) and "same number" not in lead(a.answer)


def test_the_zero_rule_is_applied_to_stated_cards() -> None:
    a = ask("alcatraz", "Cards -1, 1 and 12 for objective 12: does that work?")
    assert a.rules[0].id == "AZ-ZERO-PAIR"
    assert lead(a.answer).startswith("No") and mentions(lead(a.answer), "zero")


def test_a_winning_crosswise_move_says_it_wins() -> None:
    position = (
        "44444./2..3../.1..../....5./.6...2/...... next=0 hands=4156/2315 "
        "bag=42222333331111555566666RRRMMMSSSTTT used=0000 turn=0"
    )
    a = ask("crosswise", "Do I win if I play my heart there?", position=position, move="4F1")
    text = lead(a.answer)
    assert text.startswith("Yes") and "wins the game" in text and "rows team" in text
    assert a.rules[0].id == "CW-SIX"


def test_two_pairs_never_quote_the_opposite_first() -> None:
    a = ask("crosswise", "what are two pairs worth?")
    assert mentions(lead(a.answer), "2")
    assert a.passages and "não recebe pontos extra" not in a.passages[0].quote.lower()


def test_score_table_is_quoted_as_a_table_not_as_fragments() -> None:
    a = ask("crosswise", "pair worth?")
    for p in a.passages:
        assert not re.search(r"\d pontos? = \d pontos? \d", p.quote), p.quote


def test_sources_disagree_on_overlays_and_the_answer_says_which_one_the_engine_follows() -> None:
    a = ask("alcatraz", "The English rules say overlapped cards don't count. If I put a +1 on my 5, what does it add?")
    text = a.answer
    assert a.rules[0].id == "AZ-OVERLAY"
    assert mentions(lead(text), "6")
    assert "English how-to-play" in text and "Portuguese manual" in text


def test_partners_may_not_agree_on_moves() -> None:
    a = ask("crosswise", "Can partners agree on moves?")
    assert lead(a.answer).startswith("No") and a.rules[0].id == "CW-TEAMS"


def test_abstains_and_reports_confidence_when_nothing_matches() -> None:
    a = ask("crosswise", "what colour is the box of the deluxe edition in Japan?")
    assert a.abstained and a.answer.startswith("I am not sure")
    assert a.confidence < 0.5
    data = a.to_dict()
    assert data["abstained"] is True and "confidence" in data and data["answer"].startswith("I am not sure")


def test_answer_is_in_the_askers_language_and_leads_the_text() -> None:
    a = ask("crosswise", "Eu e meu parceiro podemos combinar as jogadas?")
    assert a.language == "pt" and a.answer.startswith("Não")
    rendered = a.render()
    assert rendered.startswith(a.answer[:30]) and "Confiança" in rendered
    assert rendered.index("[CW-TEAMS]") < rendered.index("No manual:")


# ---- the dev split, through the bench's scorer ------------------------------------------------------
def test_dev_split_stays_above_its_floor() -> None:
    summary = summarise(run(load_split("dev", EVAL)))
    assert summary.top1_rate >= DEV_TOP1_FLOOR, f"dev top-1 fell to {summary.top1_rate:.1%}"
    assert summary.top3_rate >= DEV_TOP3_FLOOR, f"dev top-3 fell to {summary.top3_rate:.1%}"


# ---- worked examples in the sheets, recomputed by the engines -------------------------------------------
@pytest.mark.parametrize("lang", ["en", "pt"])
def test_crosswise_worked_example_matches_the_engine(lang: str) -> None:
    from boardgamesbot.games.crosswise.scoring import line_scores

    sheet = load_sheet("crosswise", lang)
    lines = sheet.section("end").lines  # type: ignore[union-attr]
    grid = [ln.split()[1:] for ln in lines if re.fullmatch(r"\s*[1-6](\s+[1-6]){6}\s*", ln)]
    assert len(grid) == 6
    board = [int(c) - 1 for row in grid for c in row]
    scores = line_scores(board)
    text = " ".join(lines)
    rows = " + ".join(map(str, scores[:6])) + f" = {sum(scores[:6])}"
    cols = " + ".join(map(str, scores[6:])) + f" = {sum(scores[6:])}"
    assert rows in text and cols in text
    assert f"22 {'a' if lang == 'pt' else 'to'} 14" in text and (sum(scores[:6]), sum(scores[6:])) == (22, 14)


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_alcatraz_worked_example_matches_the_engine(lang: str) -> None:
    from boardgamesbot.games.alcatraz.cards import PLUS, apply_overlays, fulfils, zero_pair

    sheet = load_sheet("alcatraz", lang)
    text = " ".join(sheet.section("actions").lines)  # type: ignore[union-attr]
    five = apply_overlays(5, [PLUS])
    assert five == 6 and fulfils([five, 4], 10)
    assert f"{five} + 4 = 10" in text
    assert sum([4, -3, 3]) == 4 and zero_pair([4, -3, 3]) and not fulfils([4, -3, 3], 4)
    assert "4 + (-3) + 3 = 4" in text


# ---- the fast command line -----------------------------------------------------------------------------
def test_quick_parser_takes_what_typer_takes_and_leaves_the_rest() -> None:
    from boardgamesbot.rulesdesk.quick import parse

    got = parse(["crosswise", "pair worth?", "--json", "-l", "en"])
    assert got is not None and got["game"] == "crosswise" and got["json"] is True and got["lang"] == "en"
    assert parse(["alcatraz", "x", "--position=abc", "--move", "use1-2"])["move"] == "use1-2"  # type: ignore[index]
    assert parse(["--help"]) is None and parse(["crosswise", "q", "--bogus"]) is None


def test_bgb_ask_json_has_the_answer_first(data_dir: Path) -> None:
    out = subprocess.run(
        [sys.executable, "-m", "boardgamesbot.entry", "ask", "crosswise", "pair worth?", "--json"],
        capture_output=True,
        text=True,
        check=True,
        env={**__import__("os").environ, "BGB_DATA_DIR": str(data_dir)},
    )
    data = json.loads(out.stdout)
    assert mentions(first_sentences(data["answer"]), "1") and data["rules"][0]["id"] == "CW-SCORE-GROUPS"
    assert 0.0 <= data["confidence"] <= 1.0


def test_a_move_that_gains_points_says_how_many() -> None:
    position = (
        "11111./2..3../.4..../....5./.6...2/...... next=0 hands=1456/2345 "
        "bag=12222333334444555566666RRRMMMSSSTTT used=0000 turn=0"
    )
    a = ask("crosswise", "How much do I gain if I put my 4 on A3?", position=position, move="4A3")
    text = lead(a.answer)
    assert text.startswith("The move 4A3 is legal") and "rows team gains" in text, text
    assert a.rules[0].id == "CW-SCORE-GROUPS"


def test_an_illegal_move_says_no_and_why() -> None:
    position = (
        "11111./2..3../.4..../....5./.6...2/...... next=0 hands=1456/2345 "
        "bag=12222333334444555566666RRRMMMSSSTTT used=0000 turn=0"
    )
    a = ask("crosswise", "Can I put my 4 on A1?", position=position, move="4A1")
    assert a.answer.startswith("No — ") and a.rules[0].id == "CW-PLACE"


def test_the_web_server_bridge_returns_the_answer_first() -> None:
    from boardgamesbot.server import desk

    data = desk.ask("alcatraz", "how many rounds?", None)
    said = first_sentences(data["answer"])
    assert (mentions(said, "two") or mentions(said, "2")) and data["rules"][0]["id"] == "AZ-WINNER"
    assert isinstance(data["confidence"], float)
