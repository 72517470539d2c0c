"""Accounts, the lobby, a rated game between two people, OpenSkill, rematch, clocks and chat, by clicking.

Ana registers on a desktop in English; Bia registers on a phone in Portuguese, finds Ana's rated
public table in the lobby and sits down with one click. They play a whole Crosswise game by
clicks, both ratings move exactly as the OpenSkill library says, and a rematch takes both to a
new game. Other tests: a real-time clock that runs out makes the stand-in move; a turn-based
clock keeps its deadline across a server restart; chat with markup and bidi controls is text.
"""

from __future__ import annotations

import json
import random
import time
import urllib.request
from typing import Any

import pytest
from crosswise_clicks import click_move

pytestmark = pytest.mark.browser


def register(page: Any, base: str, name: str, next_path: str = "/lobby") -> None:
    page.goto(f"{base}/login?next={next_path}")
    page.click("#loginswitch")  # "New here? Create an account"
    page.fill("#username", name)
    page.fill("#password", "correct horse battery")
    page.click("#loginsubmit")
    page.wait_for_url(f"**{next_path}*")
    page.wait_for_selector(f"#whoami:text('{name}')")


def api(base: str, path: str) -> Any:
    with urllib.request.urlopen(f"{base}{path}", timeout=10) as res:
        return json.load(res)


def test_accounts_lobby_rated_game_ratings_and_rematch(new_page: Any, table: Any, shot: Any) -> None:
    base = table.base
    ana = new_page()
    register(ana, base, "ana_rated")
    shot(ana, "social-01-lobby-signed-in-en")
    ana.click("#createtable")
    ana.wait_for_selector("#create")
    ana.click("button.gamecard[data-game=crosswise]")
    ana.select_option("#players", "2")
    ana.select_option("select.seatkind[data-seat='0']", "human")
    ana.select_option("select.seatkind[data-seat='1']", "open")
    assert ana.input_value("#tablekind") == "public"
    ana.check("#rated")
    ana.select_option("#clockkind", "turn")  # a relaxed clock: 24 h per move
    shot(ana, "social-02-create-rated-public-table-en")
    ana.click("#create")
    ana.wait_for_url("**/r/**")
    room = ana.url.split("/r/")[1].split("#")[0]
    ana.wait_for_selector("#turnline")

    bia = new_page(390, 844, lang="pt")
    register(bia, base, "bia_rated")
    bia.wait_for_selector(f".tablerow[data-room='{room}']")  # live in the lobby
    row = bia.locator(f".tablerow[data-room='{room}']")
    assert "Vale rating" in row.inner_text() and "1 lugar livre" in row.inner_text()
    shot(bia, "social-03-lobby-phone-pt")
    row.locator(".sitbtn").click()
    bia.wait_for_url(f"**/r/{room}#seat=*")
    bia.wait_for_selector("#turnline")

    rng = random.Random(16)
    pages = {0: ana, 1: bia}
    moves = 0
    while True:
        states = {s: table.state(p) for s, p in pages.items()}
        if any(st and st["over"] and st["drawn"] for st in states.values()):
            break
        mover = next((s for s, st in states.items() if st and st["mine"] and st["drawn"] and not st["sending"]), None)
        if mover is None:
            ana.wait_for_timeout(40)
            continue
        click_move(pages[mover], table, rng)
        moves += 1
        if moves == 6:
            shot(ana, "social-04-rated-game-desktop-en")
            shot(bia, "social-05-rated-game-phone-pt", full_page=False)
        assert moves < 300
    for page in pages.values():
        page.wait_for_selector("#summary .ratingdelta:not(:text('…'))")
    shot(ana, "social-06-game-end-summary-en")
    shot(bia, "social-07-game-end-summary-phone-pt")

    # both ratings moved exactly as OpenSkill (Plackett-Luce) says for this result
    from openskill.models import PlackettLuce

    outcome = api(base, f"/api/rooms/{room}")["view"]["outcome"]
    model = PlackettLuce()
    ranks = [1 if seat in outcome["winners"] else 2 for seat in (0, 1)]
    expected = model.rate([[model.rating()], [model.rating()]], ranks=ranks)
    for seat, name in enumerate(("ana_rated", "bia_rated")):
        [rating] = api(base, f"/api/accounts/{name}")["ratings"]
        assert rating["mu"] == pytest.approx(expected[seat][0].mu, abs=1e-3)
        assert rating["sigma"] == pytest.approx(expected[seat][0].sigma, abs=1e-3)
        shown = pages[seat].locator(f"#summary tr[data-seat='{seat}'] .ratingdelta").inner_text()
        assert shown.startswith(f"{expected[seat][0].mu - 3 * expected[seat][0].sigma:.1f}")

    # the profile plots the history from the numbers
    ana.goto(f"{base}/u/ana_rated")
    ana.wait_for_selector(".ratingplot[data-points='2']")  # the start and after the game
    assert ana.locator("#gamesplayed").inner_text() == "1 game played"
    shot(ana, "social-08-profile-en")

    # rematch: Ana offers with one click, Bia accepts, both land in a new game with the same seats
    ana.goto(f"{base}/r/{room}")  # no token in the link: the account holds the seat
    ana.wait_for_selector("#rematchbtn")
    ana.click("#rematchbtn")
    bia.wait_for_selector("#rematchaccept")
    shot(bia, "social-09-rematch-offer-phone-pt")
    bia.click("#rematchaccept")
    for page in pages.values():
        page.wait_for_url(lambda url: "/r/" in url and room not in url)
        page.wait_for_selector("#turnline")
    new_room = ana.url.split("/r/")[1].split("#")[0]
    # Bia's profile on her phone, in Portuguese: no sideways scroll
    bia.goto(f"{base}/u/bia_rated")
    bia.wait_for_selector(".ratingplot[data-points='2']")
    assert bia.evaluate("() => document.documentElement.scrollWidth") <= 390
    shot(bia, "social-15-profile-phone-pt")
    summary = api(base, f"/api/rooms/{new_room}")["room"]
    assert [s["account"] for s in summary["seats"]] == ["ana_rated", "bia_rated"] and summary["rated"]
    assert not ana.js_errors and not bia.js_errors, (ana.js_errors, bia.js_errors)


def test_a_real_time_clock_that_runs_out_makes_the_stand_in_move(new_page: Any, table: Any, shot: Any) -> None:
    page = new_page()
    page.goto(f"{table.base}/")
    page.click("button.gamecard[data-game=crosswise]")
    page.select_option("#players", "2")
    page.select_option("select.seatkind[data-seat='0']", "human")
    page.select_option("select.seatkind[data-seat='1']", "bot:easy")
    page.select_option("#clockkind", "realtime")
    page.fill("#clockminutes", "0.1")  # 6 seconds
    page.dispatch_event("#clockminutes", "change")
    page.fill("#clockincrement", "0")
    page.dispatch_event("#clockincrement", "change")
    page.click("#create")
    page.wait_for_selector(".turnclock .clockval")
    shot(page, "social-10-clock-running", full_page=False)
    # nobody clicks: after 6 s the stand-in makes the move for seat 1 ("you")
    page.wait_for_selector("#log li.botmove.mymove", timeout=30_000)
    # the person's clock restarted (at least 10 s after a timeout) and counts down; bots are not timed
    assert page.locator(".turnclock .clockval").inner_text()[:1].isdigit()
    assert page.locator(".clockb").count() == 1
    shot(page, "social-11-clock-ran-out-stand-in-moved", full_page=False)
    assert not page.js_errors, page.js_errors


def test_a_turn_clock_survives_a_server_restart(new_page: Any, own_server: Any, shot: Any) -> None:
    base = own_server.base
    own_server.start()
    if True:
        page = new_page()
        page.goto(f"{base}/")
        page.click("button.gamecard[data-game=crosswise]")
        page.select_option("select.seatkind[data-seat='0']", "human")
        page.select_option("select.seatkind[data-seat='1']", "human")
        page.select_option("#clockkind", "turn")
        page.fill("#clockhours", "1")
        page.dispatch_event("#clockhours", "change")
        page.click("#create")
        page.wait_for_selector(".turnclock .clockval:text-matches('^[0-9]')")
        room = page.url.split("/r/")[1].split("#")[0]
        before = api(base, f"/api/rooms/{room}")["room"]["clock"]["remaining"]
        at = time.monotonic()
        own_server.stop()
        time.sleep(2.0)
        own_server.start()
        page.reload()
        page.wait_for_selector(".turnclock .clockval:text-matches('^[0-9]')")
        after = api(base, f"/api/rooms/{room}")["room"]["clock"]["remaining"]
        waited = time.monotonic() - at
        assert after <= before - waited + 0.5, (before, after, waited)  # the old deadline, not a fresh hour
        assert after >= before - waited - 3
        shown = page.locator(".turnclock .clockval").inner_text()
        assert shown.startswith("59:") or shown.startswith("58:"), shown
        shot(page, "social-12-turn-clock-after-restart", full_page=False)
        assert not page.js_errors, page.js_errors


def test_chat_with_markup_and_bidi_characters_shows_as_text(new_page: Any, table: Any, shot: Any) -> None:
    ana = new_page()
    table.create(ana, "crosswise", ["human", "open"], name="Ana")
    invite = ana.locator("#link-invite-1").input_value()
    bia = new_page(390, 844, lang="pt")
    bia.goto(invite)
    bia.fill("#joinname", "Bia")
    bia.click("#joinbtn")
    bia.wait_for_selector("#turnline")
    watcher = new_page()
    watcher.goto(ana.url.split("#")[0])
    watcher.wait_for_selector("#chat h3")
    dialogs: list[str] = []
    for page in (ana, bia, watcher):
        page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    hostile = "<b>bold</b> <img src=x onerror=alert(1)> \u202eevil\u202c done"
    ana.fill("#chatinput", hostile)
    ana.press("#chatinput", "Enter")
    bia.wait_for_selector("#chatlog .chattext")
    text = bia.locator("#chatlog .chattext").last.inner_text()
    assert text == "<b>bold</b> <img src=x onerror=alert(1)> evil done"  # markup as text, bidi controls gone
    assert bia.locator("#chatlog b, #chatlog img").count() == 0
    watcher.fill("#chatinput", "hello from the stands")
    watcher.press("#chatinput", "Enter")
    watcher.wait_for_selector("#chatlog .chattext:text('hello from the stands')")
    ana.wait_for_timeout(300)
    assert "hello from the stands" not in ana.inner_text("#chatlog")  # spectators chat apart
    assert "bold" not in watcher.inner_text("#chatlog")
    # Bia mutes Ana: Ana's next words do not reach her
    bia.click("button.mutebtn[data-mute='0']")
    bia.wait_for_selector("button.mutebtn[data-mute='0']:text('Ouvir')")
    ana.fill("#chatinput", "are you there?")
    ana.press("#chatinput", "Enter")
    ana.wait_for_selector("#chatlog .chattext:text('are you there?')")
    bia.wait_for_timeout(400)
    assert "are you there?" not in bia.inner_text("#chatlog")
    shot(bia, "social-13-chat-phone-pt")
    shot(ana, "social-14-chat-desktop-en")
    assert dialogs == []
    for page in (ana, bia, watcher):
        assert not page.js_errors, page.js_errors


def test_play_now_against_a_bot_in_one_click(new_page: Any, table: Any) -> None:
    page = new_page()
    page.goto(f"{table.base}/lobby")
    page.select_option("#filtergame", "crosswise")
    page.click("#playnow")
    page.wait_for_url("**/r/**#seat=*")
    page.wait_for_selector("#turnline")
    room = page.evaluate("() => window.bgbRoom.room")
    assert room["game"] == "crosswise" and [s["kind"] for s in room["seats"]] == ["human", "bot"]
    assert not page.js_errors, page.js_errors
