"""Clicks that make one Crosswise move in the browser, shared by the browser tests that play Crosswise."""

from __future__ import annotations

import random
from typing import Any


def click_move(page: Any, table: Any, rng: random.Random) -> None:
    """One move as a person makes it: a tile from the hand, then the squares the UI lights up."""
    st = table.state(page)
    if page.locator(".hand .tile.target").count() == 0:
        page.locator(".movebtn").first.click()  # PASS / REDRAW: the only moves off the board
        table.wait_turn_after(page, st["turn"])
        return
    symbols = page.locator(".hand .tile.sym.target")
    tiles = symbols if symbols.count() else page.locator(".hand .tile.target")
    tiles.nth(rng.randrange(tiles.count())).click()
    for _ in range(4):
        if table.state(page)["turn"] > st["turn"]:
            return
        targets = page.locator(".boardarea .target")
        if targets.count() == 0:
            break
        targets.nth(rng.randrange(targets.count())).click()
        page.wait_for_timeout(20)
    table.wait_turn_after(page, st["turn"])
