"""Alcatraz in the browser: a person plays a whole round against a bot, only by clicking.

The test plays like a careful person with the memory aid on: it reads what the
page shows (never the server's hidden state) to pick sums it knows.
"""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.browser


def _counted(card: dict[str, Any]) -> int | None:
    value = card.get("v")
    if value is None:
        return None
    for effect, _ in card.get("ovl", []):
        value = value + 1 if effect == "p" else value - 1 if effect == "m" else -value
    return value


def _claim(row: list[dict[str, Any]], objectives: list[int]) -> tuple[int, int, int] | None:
    """(objective, first slot, last slot), 1-based, for a group of 2-3 known adjacent cards that makes an objective."""
    for n in (3, 2):
        for start in range(len(row) - n + 1):
            values = [_counted(c) for c in row[start : start + n]]
            if None in values:
                continue
            if any(values[i] + values[j] == 0 for i in range(n) for j in range(i + 1, n)):
                continue
            if sum(values) in objectives:  # type: ignore[arg-type]
                return sum(values), start + 1, start + n  # type: ignore[arg-type]
    return None


def _swap_slot(row: list[dict[str, Any]], value: int, objectives: list[int]) -> int:
    """Where to put a known card: a slot that completes a sum if one does, else the first unknown card."""
    for i in range(len(row)):
        trial = [*row[:i], {"v": value, "ovl": []}, *row[i + 1 :]]
        if _claim(trial, objectives):
            return i + 1
    unknown = [i for i, c in enumerate(row) if c.get("v") is None]
    return (unknown[0] if unknown else 0) + 1


def _view(page: Any) -> dict[str, Any]:
    return page.evaluate("() => window.bgbRoom.view")


def _key(page: Any, key: str) -> None:
    page.locator(f".boardarea [data-key='{key}'].target").first.click()


def test_a_round_with_draws_an_ability_and_a_fulfil(new_page: Any, table: Any, shot: Any) -> None:
    page = new_page()
    table.create(page, "alcatraz", ["human", "bot:easy"], name="Ana", variant={"turn_cap": 10, "memory_aid": True})
    done = {"draw": 0, "ability": 0, "fulfil": 0, "peek": 0}
    shots: set[str] = set()
    st = table.wait_ready(page)
    for _ in range(400):
        if st["over"]:
            break
        view = _view(page)
        if view["round"] >= 2 and done["fulfil"] and done["ability"] and done["draw"]:
            break
        me = view["seat"]
        row = view["rows"][me]
        phase = view["phase"]
        turn = st["turn"]
        if phase == "peek":
            page.locator(".azrow.mine .card.target").first.click()
            done["peek"] += 1
        elif (phase == "after_draw" or (phase == "start" and done["ability"])) and (
            plan := _claim(row, view["objectives"])
        ):
            _key(page, f"obj:{plan[0]}")
            table.wait_turn_after(page, turn)
            if "claim" not in shots:
                shot(page, "alcatraz-claim-declared")
                shots.add("claim")
            before = _view(page)["scores"][me]
            turn = table.state(page)["turn"]
            _key(page, f"slot:{plan[1]}")
            _key(page, f"slot:{plan[2]}")
            table.wait_turn_after(page, turn)
            assert _view(page)["scores"][me] == before + plan[2] - plan[1] + 1, "a known sum must score"
            done["fulfil"] += 1
            if "fulfil" not in shots:
                shot(page, "alcatraz-fulfilled")
                shots.add("fulfil")
        elif phase == "start":
            tops = [p["top"] for p in view["piles"]]
            takeable = [
                i
                for i, v in enumerate(tops)
                if v is not None
                and _claim(
                    [
                        *row[: _swap_slot(row, v, view["objectives"]) - 1],
                        {"v": v, "ovl": []},
                        *row[_swap_slot(row, v, view["objectives"]) :],
                    ],
                    view["objectives"],
                )
            ]
            if (
                takeable
                and done["ability"]
                and page.locator(f".boardarea [data-key='pile:{takeable[0] + 1}'].target").count()
            ):
                _key(page, f"pile:{takeable[0] + 1}")
            else:
                _key(page, "deck")
                done["draw"] += 1
        elif phase == "hold":
            held = view["held"]
            if (
                held["from"] == "deck"
                and held.get("ability")
                and (done["ability"] == 0 or not _claim(row, view["objectives"]))
            ):
                page.locator(".abilitybar .btn.target").first.click()
                if "ability" not in shots:
                    shot(page, "alcatraz-ability-chosen")
                    shots.add("ability")
                page.locator(".azrow.mine .card.target").first.click()
                done["ability"] += 1
            else:
                _key(page, f"slot:{_swap_slot(row, held['v'], view['objectives'])}")
                _key(page, "pile:1")
        elif phase == "pile":
            _key(page, "pile:2")
        elif phase == "after_draw":
            page.click(".movebtn[data-code=end]")
        elif phase == "claim":
            raise AssertionError("the claim is completed in the same step as it is declared")
        table.wait_turn_after(page, turn)
        if done["draw"] == 2 and "mid" not in shots:
            shot(page, "alcatraz-midgame")
            shots.add("mid")
        st = table.wait_ready(page, timeout=60)

    view = _view(page)
    shot(page, "alcatraz-after-round-1")
    assert view["round"] >= 2 or view["over"], "the first round should be over"
    assert done["peek"] >= 1 and done["draw"] >= 1 and done["ability"] >= 1 and done["fulfil"] >= 1, done
    # the scores panel shows each player's victory pile and the log tells the round in words
    assert page.locator(".azscores tbody tr").count() == 2
    assert page.locator("#log li.botmove").count() >= 1
    assert not page.js_errors, page.js_errors


def test_phone_screen_and_portuguese(new_page: Any, table: Any, shot: Any) -> None:
    """A phone-sized screen in Brazilian Portuguese: every label translated, the board still usable."""
    page = new_page(width=390, height=844, lang="pt")
    page.goto(f"{table.base}/")
    assert "Começar o jogo" in page.inner_text("#create")
    shot(page, "phone-home-pt")
    table.create(page, "alcatraz", ["human", "bot:easy", "bot:easy"], name="Bia")
    table.wait_ready(page)
    assert "Sua vez" in page.inner_text("#turnline")
    assert "fileira" in page.inner_text("#prompt")
    page.locator(".azrow.mine .card.target").first.click()
    table.wait_ready(page)
    # descriptions in the log come translated from the server (the log line may arrive after the board is ready)
    page.wait_for_function("() => document.querySelector('#log').innerText.includes('olhar a carta')")
    assert "olhar a carta" in page.inner_text("#log")
    shot(page, "phone-alcatraz-pt")
    # switching language mid-game: labels at once, and the server re-sends the log in English
    page.select_option("#lang", "en")
    page.wait_for_function(
        "() => document.querySelector('#log') && document.querySelector('#log').innerText.includes('look at card')"
    )
    assert "Your turn" in page.inner_text("#turnline")
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 400, f"the page should fit a phone screen, not scroll sideways ({width}px)"
    assert not page.js_errors, page.js_errors
