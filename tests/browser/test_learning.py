"""Learning by playing in the browser: the guided first game by clicks (both languages, a phone), a hint shown and
played, "why?" on a bot's move, and the review page of a finished game with its chart."""

from __future__ import annotations

import time
from typing import Any

import pytest

from boardgamesbot.core import load_game
from boardgamesbot.play.tutorial import tutorial_of

pytestmark = pytest.mark.browser

STATE = """() => { const p = window.bgbLearn; return p && p.data ? {index: p.data.index, finished: p.data.finished,
  kind: p.data.step && p.data.step.kind, moved: !!p.moved, sending: p.sending,
  legal: Object.keys(p.data.legal_text || {})} : null; }"""


def _click_code(page: Any, code: str) -> None:
    """A move as a person makes it: the clicks the game's UI module maps the code to."""
    for key in page.evaluate(f"() => window.bgbLearn.ui.paths({code!r})")[0]:
        if key.startswith("btn:"):
            page.click(f"button.movebtn[data-code='{key[4:]}']")
        else:
            page.click(f"[data-key='{key}'] >> nth=0")
        page.wait_for_timeout(40)
    page.wait_for_function("() => !window.bgbLearn.sending")


def _walk(page: Any, server: str, game: str, shot: Any, name: str) -> dict[str, str]:
    """The whole guided game by clicks; a wrong move first at the first move step. Returns words seen."""
    tut = tutorial_of(load_game(game))
    page.goto(f"{server}/learn/{game}")
    page.wait_for_selector("#learnpanel")
    seen: dict[str, str] = {"first": page.inner_text("#learnpanel")}
    wrong_tried = moved_seen = False
    for _ in range(80):
        st = page.evaluate(STATE)
        if st["finished"]:
            break
        if st["moved"]:
            if not moved_seen:
                seen["moved"] = page.inner_text("#learnpanel")
                shot(page, f"{name}-after-my-move")
                moved_seen = True
            page.click("#learnnext")
            continue
        if st["kind"] != "move":
            page.click("#learnnext")
            page.wait_for_function(f"() => window.bgbLearn.data.index > {st['index']} && !window.bgbLearn.sending")
            continue
        step = tut.steps[st["index"]]
        if not wrong_tried:
            wrong = next(c for c in st["legal"] if c not in step.expect)
            _click_code(page, wrong)
            page.wait_for_selector("#learnmsg.wrong")
            seen["wrong"] = page.inner_text("#learnmsg")
            assert page.evaluate(STATE)["index"] == st["index"], "a wrong move changes nothing"
            assert page.locator(".boardarea .point").count() >= 1, "the step points at the board"
            shot(page, f"{name}-wrong-move-explained")
            wrong_tried = True
        _click_code(page, step.expect[0])
        page.wait_for_function(f"() => window.bgbLearn.data.index > {st['index']}")
    page.wait_for_selector("#practice")
    seen["end"] = page.inner_text("#learnpanel")
    shot(page, f"{name}-finished")
    assert wrong_tried and not page.js_errors, page.js_errors
    return seen


def test_guided_first_game_by_clicks_in_english(new_page: Any, server: str, shot: Any) -> None:
    page = new_page()
    seen = _walk(page, server, "crosswise", shot, "learn-crosswise-en")
    assert "You play the orange team" in seen["first"] and "CW-LINES" in seen["first"]
    assert "green could put a heart on C4" in seen["wrong"] and "Try again" in seen["wrong"]
    assert "Row 4 now scores 1" in seen["moved"]
    assert "You finished the guided game" in seen["end"]
    page.click("#practice")  # the real short game against easy, hints on
    page.wait_for_url("**/r/**")
    page.wait_for_selector("#hintbtn")
    room = page.evaluate("() => window.bgbRoom.room")
    assert room["hints"] is True and room["seats"][1]["bot"] == "easy"


def test_guided_first_game_in_portuguese_on_a_phone(new_page: Any, server: str, shot: Any) -> None:
    page = new_page(width=390, height=844, lang="pt")
    seen = _walk(page, server, "alcatraz", shot, "learn-alcatraz-pt-phone")
    assert "Esta é a sua fileira" in seen["first"] and "AZ-KNOWLEDGE" in seen["first"]
    assert "olhe a carta 3" in seen["wrong"] and "Tente de novo" in seen["wrong"]
    assert "Você terminou o jogo guiado" in seen["end"]
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth + 1")


def test_a_hint_is_shown_and_played_and_a_bot_move_explained(new_page: Any, table: Any, shot: Any) -> None:
    page = new_page()
    table.create(page, "crosswise", ["human", "bot:easy"], name="Ana")
    for _ in range(3):  # a few moves by hints, so the board has something to explain
        st = table.wait_ready(page)
        page.click("#hintbtn")
        page.wait_for_selector("#hintplay")
        hint = page.evaluate("() => window.bgbRoom.hintState.data.hint")
        assert hint["lines"] and hint["move"] in st["legal"]
        assert page.locator(".boardarea .point").count() >= 1, "the hint points at the board"
        text = page.inner_text("#hintpanel")
        assert "Estimated win chance" in text
        shot(page, "hint-shown")
        page.click("#hintplay")
        table.wait_turn_after(page, st["turn"])
        mine = [e for e in page.evaluate("() => window.bgbRoom.history") if e["seat"] == 0]
        assert mine[-1]["action"] == hint["move"], "Play it plays the hinted move"
    table.wait_ready(page)
    page.click("#log li.botmove .whybtn >> nth=-1")
    page.wait_for_selector(".whybox .reasons li")
    why = page.inner_text(".whybox")
    assert "Why" in why and "only that player knew" in why
    shot(page, "why-bot-move")
    assert not page.js_errors, page.js_errors


def test_the_review_page_of_a_finished_game_draws_its_chart(new_page: Any, table: Any, shot: Any) -> None:
    page = new_page()
    table.create(page, "alcatraz", ["bot:easy", "bot:easy"], name="Ana", variant={"turn_cap": 8})
    end = time.monotonic() + 120
    while not (page.evaluate("() => window.bgbRoom && window.bgbRoom.view && window.bgbRoom.view.over")):
        assert time.monotonic() < end, "the bots did not finish"
        page.wait_for_timeout(200)
    page.wait_for_selector("#result a[data-review='0']")
    page.click("#result a[data-review='0']")
    page.wait_for_url("**/review/0")
    page.wait_for_selector("#winchart", timeout=120_000)
    review = page.evaluate("() => window.bgbReview.data.review")
    assert review["decisions"] and review["seat"] == 0
    assert page.locator("#winchart path.played").count() == 1
    assert page.locator("#winchart path.played").get_attribute("d").count("L") == len(review["decisions"]) - 1
    assert page.locator("#winchart g.mistake").count() == len(review["mistakes"])
    assert page.locator("#mistakes li.mistake").count() == len(review["mistakes"])
    shot(page, "review-page")
    page.select_option("#lang", "pt")
    page.wait_for_function("() => document.querySelector('h1').textContent.startsWith('Análise')")
    page.wait_for_selector("#winchart")
    shot(page, "review-page-pt")
    assert not page.js_errors, page.js_errors


@pytest.mark.parametrize(("game", "lang"), [("crosswise", "pt"), ("alcatraz", "en")])
def test_guided_first_game_in_the_other_language(game: str, lang: str, new_page: Any, server: str, shot: Any) -> None:
    """Each game's guided game by clicks in the language the tests above do not use, with the script's own words."""
    tut = tutorial_of(load_game(game))
    page = new_page(lang=lang)
    seen = _walk(page, server, game, shot, f"learn-{game}-{lang}")
    first_words = tut.steps[0].say[lang].split(".")[0]
    assert first_words in seen["first"], (first_words, seen["first"])
    assert ("Try again" if lang == "en" else "Tente de novo") in seen["wrong"]
    assert tut.finale[lang].split(".")[0] in seen["end"], (tut.finale[lang], seen["end"])
