"""The play loop works for any game through the protocol alone (here the shared test game, stripped down)."""

from __future__ import annotations

import io
from typing import Any

import pytest
from rich.console import Console

from boardgamesbot.core import Action
from boardgamesbot.play.session import PlaySession, make_setup
from boardgamesbot.testing import DrawTricksGame


class PlainTricks(DrawTricksGame):
    """The shared test game without its terminal extras: the loop must cope with what a game leaves out."""

    name = "plaintricks"

    def terminal_kit(self) -> None:
        return None


def session(stdin: str, **kw: Any) -> tuple[PlaySession, io.StringIO]:
    out = io.StringIO()
    setup = make_setup(PlainTricks(), 2, kw.get("seat", 0), "random", 1, "en", {}, None, kw.get("all_bots", False))
    return PlaySession(setup, io.StringIO(stdin), Console(file=out, width=100, soft_wrap=True)), out


def test_game_without_score_hint_degrades_gracefully() -> None:
    play, out = session("?\nhelp\np9\n" + "p1\n" * 10)
    assert play.run() == 0
    text = out.getvalue()
    assert "this game has no score summary" in text
    assert "p1" in text and "d1" in text  # help lists the moves
    assert "[CORE-SYNTAX]" in text  # p9 is not a move
    assert "hand:" in text and "Game over" in text and "hands_empty" in text


def test_all_bots_on_a_foreign_game() -> None:
    play, out = session("", all_bots=True)
    assert play.run() == 0
    assert "Game over" in out.getvalue()


def test_bots_only_ever_get_an_infoset() -> None:
    seen: list[Any] = []
    play, _ = session("", all_bots=True)
    for seat, bot in play.bots.items():
        original = bot.choose

        def spy(infoset: Any, _original: Any = original) -> Action:
            seen.append(infoset)
            return _original(infoset)

        bot.choose = spy  # type: ignore[method-assign]
        assert seat in (0, 1)
    play.run()
    assert seen and all(type(x).__name__ == "InfoSet" for x in seen)


def test_alcatraz_plays_through_the_same_loop() -> None:
    from boardgamesbot import load_game

    try:
        game = load_game("alcatraz")
    except Exception as exc:  # another engineer's game may not import yet
        pytest.skip(f"alcatraz does not import: {exc}")
    out = io.StringIO()
    setup = make_setup(game, 2, 0, "random", 4, "en", {"wild": True}, None, True)
    assert PlaySession(setup, io.StringIO(""), Console(file=out, width=100)).run() == 0
    assert "Game over" in out.getvalue()
