"""A whole Liar's Dice game against a bot, played only by clicking the bid picker and the Liar! button."""

from __future__ import annotations

import random
from typing import Any

import pytest

pytestmark = pytest.mark.browser


def _clean_shot(shot: Any, page: Any, name: str) -> None:
    """A screenshot without the passing notes (toasts) that may cover the table for a moment."""
    page.evaluate("() => document.querySelectorAll('#toasts .toast').forEach((el) => el.remove())")
    shot(page, name)


OTHER_CUPS = "() => [...document.querySelectorAll('.ld-seat')].filter((el) => !el.classList.contains('mine')).map((el) => el.querySelectorAll('.ld-die').length)"


def _my_turn_checks(page: Any, table: Any) -> dict[str, Any]:
    """What must hold whenever the page waits for me: nobody else's cup of this round is drawn or known."""
    st = table.state(page)
    assert all(n == 0 for n in page.evaluate(OTHER_CUPS)), "another player's dice are drawn"
    view = page.evaluate("() => window.bgbRoom.view")
    # the page holds this seat's view only: its own dice, the others' counts (secrecy of views: tests/liars_dice)
    assert view["seat"] is not None and isinstance(view["dice"], list)
    shown = page.locator("#mydice .ld-die").count()
    assert shown == view["dice_counts"][view["seat"]] == len(view["dice"])
    if view["rounds"]:  # the reveal shows the last finished round, never the one in play
        assert str(view["rounds"][-1]["round"]) in page.inner_text("#reveal").split("\n")[0].split()
        assert view["rounds"][-1]["round"] < view["round"] or view["over"]
    return st


def _click_move(page: Any, table: Any, rng: random.Random) -> None:
    st = table.state(page)
    liar = page.locator("#call-liar.target")
    if liar.count() and rng.random() < 0.35:
        liar.click()
    else:
        first = page.locator("#quantities .target")
        first.nth(rng.randrange(min(first.count(), 3))).click()  # a modest raise: one of the lowest quantities
        faces = page.locator("#faces .target")
        faces.first.wait_for()
        faces.nth(rng.randrange(faces.count())).click()
    table.wait_turn_after(page, st["turn"])


def test_full_game_against_a_bot_by_clicks(new_page: Any, table: Any, shot: Any) -> None:
    page = new_page()
    # the bot opens round 1, so my first turn already faces a bid
    table.create(page, "liars_dice", ["bot:easy", "human"], name="Ana", variant={"dice": 3})
    st = table.wait_ready(page)
    _my_turn_checks(page, table)
    assert page.locator("#mydice .ld-die").count() == 3
    assert page.locator(".ld-seat:not(.mine) .ld-count").inner_text() == "×3"
    assert page.locator("#currentbid").count() == 1
    _clean_shot(shot, page, "liars_dice-start")

    # one die showing 1 never beats a standing bid: the picker lets me try it, the server names the rule
    page.click("#quantities [data-key='q:1']")
    page.click("#faces [data-key='f:1']")
    page.wait_for_function("() => document.getElementById('errorbox').textContent.includes('[LD-RAISE]')")
    shot(page, "liars_dice-illegal-explained")
    st = table.wait_ready(page)

    rng = random.Random(5)
    moves = 0
    reveal_shot = False
    while not st["over"]:
        st = _my_turn_checks(page, table)
        _click_move(page, table, rng)
        moves += 1
        st = table.wait_ready(page, timeout=60)
        if not reveal_shot and not st["over"] and page.locator("#reveal").count():
            _clean_shot(shot, page, "liars_dice-reveal")
            reveal_shot = True
        assert moves < 120, "a three-dice game ends long before 120 of my moves"

    page.wait_for_selector("#result")
    _clean_shot(shot, page, "liars_dice-end")
    result = page.inner_text("#result")
    assert "Winner" in result and "only one player has dice left" in result
    assert page.locator("#reveal").count() == 1, "the last call's cups are shown at the end"
    assert page.locator("#log li.botmove").count() >= 1
    assert not page.js_errors, page.js_errors


def test_phone_sized_game_in_portuguese(new_page: Any, table: Any, shot: Any) -> None:
    page = new_page(width=390, height=844, lang="pt")
    table.create(page, "liars_dice", ["human", "bot:easy", "bot:easy"], name="Bia", variant={"ones_wild": True})
    table.wait_ready(page)
    assert page.inner_text("#call-liar") == "Duvido!"
    page.click("#call-liar")  # I open round 1: there is no bid to doubt yet
    page.wait_for_selector("#errorbox:not([hidden])")
    assert "[LD-OPEN]" in page.inner_text("#errorbox") and "ninguém apostou" in page.inner_text("#errorbox")
    table.wait_ready(page)
    assert "curinga: 1" in page.inner_text(".ld-bidbar")
    assert all(n == 0 for n in page.evaluate(OTHER_CUPS))
    rng = random.Random(2)
    for _ in range(3):
        st = table.state(page)
        if st["over"]:
            break
        page.locator("#quantities .target").first.click()
        page.locator("#faces .target").nth(rng.randrange(page.locator("#faces .target").count())).click()
        table.wait_turn_after(page, st["turn"])
        table.wait_ready(page, timeout=60)
    _clean_shot(shot, page, "liars_dice-phone-pt")
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 400, f"the page scrolls sideways on a phone ({width} px)"
    assert not page.js_errors, page.js_errors
