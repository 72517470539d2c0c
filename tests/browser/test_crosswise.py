"""A whole Crosswise game against a bot, played only by clicking the board and the hand."""

from __future__ import annotations

import random
from typing import Any

import pytest
from crosswise_clicks import click_move

pytestmark = pytest.mark.browser


def test_full_game_against_a_bot_by_clicks(new_page: Any, table: Any, shot: Any) -> None:
    page = new_page()
    table.create(page, "crosswise", ["human", "bot:easy"], name="Ana")
    st = table.wait_ready(page)
    shot(page, "crosswise-start")
    assert page.locator(".cw-board .sq").count() == 36
    assert page.locator(".hand .tile").count() >= 4
    rng = random.Random(7)

    illegal_tried = False
    moves = 0
    while not st["over"]:
        occupied = page.locator(".cw-board .sq:has(.tile)")
        if not illegal_tried and occupied.count() and page.locator(".hand .tile.sym.target").count():
            # a symbol on an occupied square: the UI sends it and shows the rule that forbids it
            page.locator(".hand .tile.sym.target").first.click()
            occupied.first.click()
            page.wait_for_selector("#errorbox:not([hidden])")
            assert "[CW-" in page.inner_text("#errorbox")
            shot(page, "crosswise-illegal-explained")
            illegal_tried = True
            st = table.wait_ready(page)
            continue
        click_move(page, table, rng)
        moves += 1
        if moves == 8:
            shot(page, "crosswise-midgame")
        st = table.wait_ready(page, timeout=60)
        assert moves < 200, "the game should end long before 200 of my moves"

    page.wait_for_selector("#result")
    shot(page, "crosswise-end")
    result = page.inner_text("#result")
    assert any(word in result for word in ("Winner", "Draw")), result
    # the log tells the whole game in words, the bot's moves marked
    assert page.locator("#log li").count() >= moves
    assert page.locator("#log li.botmove").count() >= 1
    assert illegal_tried

    # after the end the hidden tiles may be revealed: the replay can show the bot's hand
    page.click("#replaybtn")
    page.click("#revealbtn")
    page.wait_for_selector("#revealas")
    page.click("#rfirst")
    page.select_option("#revealas", "1")
    assert page.locator(".hand .tile").count() >= 4, "the bot's opening hand is shown once revealed"
    shot(page, "crosswise-replay-revealed")
    assert not page.js_errors, page.js_errors
