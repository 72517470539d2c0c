"""Two people in two browsers: an invite link, turns by clicks, reload, a stand-in bot, spectating, replay."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

pytestmark = pytest.mark.browser


def _place(page: Any, table: Any, rng: random.Random) -> int:
    """Place a symbol (or take whatever move the UI offers) by clicking; returns the new turn."""
    st = table.wait_ready(page)
    symbols = page.locator(".hand .tile.sym.target")
    if symbols.count() == 0:
        page.locator(".movebtn, .hand .tile.target").first.click()
    else:
        symbols.nth(rng.randrange(symbols.count())).click()
    while table.state(page)["turn"] == st["turn"]:
        targets = page.locator(".boardarea .target")
        if targets.count() == 0:
            page.wait_for_timeout(30)
            continue
        targets.nth(rng.randrange(targets.count())).click()
        page.wait_for_timeout(30)
    return int(table.state(page)["turn"])


def _tiles_on_board(page: Any) -> int:
    return int(page.locator(".cw-board .sq .tile").count())


def _same_board(*pages: Any, timeout: float = 10.0) -> None:
    """All pages show as many tiles (the last update may still be drawing on one of them)."""
    deadline = time.monotonic() + timeout
    while True:
        counts = [_tiles_on_board(p) for p in pages]
        if len(set(counts)) == 1 or time.monotonic() > deadline:
            break
        pages[0].wait_for_timeout(50)
    assert len(set(counts)) == 1, counts


def test_friends_play_through_an_invite_link(new_page: Any, table: Any, shot: Any) -> None:
    rng = random.Random(3)
    ana = new_page()
    table.create(ana, "crosswise", ["human", "open"], name="Ana")
    assert "Waiting" in ana.inner_text("#turnline")
    invite = ana.input_value("#link-invite-1")
    assert "#invite=" in invite
    shot(ana, "invite-waiting")

    bia = new_page(width=420, height=900)
    bia.goto(invite)
    bia.fill("#joinname", "Bia")
    bia.click("#joinbtn")
    bia.wait_for_selector("#turnline")
    assert "#seat=" in bia.url, "after joining, the address is Bia's own seat link"
    ana.wait_for_function("() => window.bgbRoom.room.status === 'playing'")
    assert "Bia" in ana.inner_text(".seatlist")

    # a used invite or a wrong seat link is explained, and still lets a person watch
    carl = new_page()
    carl.goto(invite)  # said at once, before any form: the invite was used, seat 2 (numbered from 1) is taken
    carl.wait_for_selector("#badlink")
    assert "seat 2" in carl.inner_text("#badlink") and carl.locator("#joinbtn").count() == 0
    carl = new_page()
    carl.goto(ana.url.split("#")[0] + "#seat=not-a-real-token")
    carl.wait_for_selector("#badlink")
    assert carl.locator("#badlink a").first.get_attribute("href") == "/r/" + ana.url.split("/r/")[1].split("#")[0]

    # the spectator sees the board but no hand
    spectator = new_page()
    spectator.goto(ana.url.split("#")[0])
    spectator.wait_for_selector("#turnline")
    assert spectator.locator(".hand").count() == 0

    for _ in range(3):
        _place(ana, table, rng)
        _place(bia, table, rng)
    for page in (spectator, ana, bia):  # each browser gets the sixth move's update in its own time
        page.wait_for_function("() => window.bgbRoom.view.turn >= 6")
    _same_board(spectator, ana, bia)
    shot(bia, "invite-bia-phone")
    shot(spectator, "invite-spectator")

    # Bia closes the tab and comes back with the same link: the game is where it was
    before = _tiles_on_board(bia)
    hand = bia.evaluate("() => window.bgbRoom.view.hand")
    link = bia.url
    bia.close()
    bia = new_page(width=420, height=900)
    bia.goto(link)
    bia.wait_for_selector(".cw-board")
    bia.wait_for_function("() => window.bgbRoom && window.bgbRoom.view")
    assert _tiles_on_board(bia) == before
    assert bia.evaluate("() => window.bgbRoom.view.hand") == hand

    # Bia walks away on her turn: Ana asks a stand-in bot to cover her seat, so the game goes on
    _place(ana, table, rng)
    bia.close()
    ana.wait_for_selector(".seatitem[data-seat='1'] .awayb")
    ana.click(".seattools details.cover summary")
    ana.fill(".seattools .secs", "0")  # below the minimum: the page asks for 30 s instead
    ana.click("button[data-cover='1']")
    assert ana.input_value(".seattools .secs") == "30"
    assert "30 s" in ana.inner_text(".coverconfirm")  # says what will happen before anything is sent
    ana.click("button[data-cover-confirm='1']")
    table.wait_ready(ana, timeout=75)  # Bia has been away 30 s without a break: the stand-in plays for her
    assert ana.locator("#log li.botmove").count() >= 1
    shot(ana, "stand-in-covering")
    # Bia comes back with her link and gets her seat back
    bia = new_page(width=420, height=900)
    bia.goto(link)
    ana.wait_for_function("() => window.bgbRoom.room.seats[1].stand_in === null && !window.bgbRoom.room.seats[1].away")

    # Ana hands her own seat to a bot for a move, then takes it back
    ana.click("#handtobot")
    ana.wait_for_selector("#takeback")
    table.wait_ready(bia, timeout=30)
    ana.click("#takeback")
    ana.wait_for_selector("#handtobot")
    _place(bia, table, rng)
    _place(ana, table, rng)

    # Bia replays the game step by step as her seat saw it
    bia.click("#replaybtn")
    bia.wait_for_selector("#replaystep")
    bia.click("#rfirst")
    bia.wait_for_function("() => document.getElementById('app').dataset.replayStep === '0'")
    assert _tiles_on_board(bia) == 0
    bia.click("#rnext")
    bia.wait_for_function("() => document.getElementById('app').dataset.replayStep === '1'")
    assert _tiles_on_board(bia) == 1
    assert bia.locator(".cw-board .sq.last").count() == 1, "the replayed move is highlighted"
    shot(bia, "replay-step-1")
    bia.click("#rlast")
    bia.click("#backtogame")
    bia.wait_for_selector("#turnline")
    for page in (ana, bia, spectator):
        assert not page.js_errors, page.js_errors
