"""The play loop works for any game through the protocol alone (no Crosswise knowledge)."""

from __future__ import annotations

import io
import random
from dataclasses import dataclass
from typing import Any

import pytest
from rich.console import Console

from boardgamesbot.core import Action, Event, Game, IllegalAction, InvalidActionText, Outcome, State
from boardgamesbot.play.session import PlaySession, make_setup


@dataclass(frozen=True)
class Take(Action):
    n: int

    @property
    def code(self) -> str:
        return f"take{self.n}"


class NimState(State):
    """Seven stones, take 1 or 2, taking the last stone wins."""

    def __init__(self, game: Game, stones: int = 7, mover: int = 0) -> None:
        self.game, self.players, self.seed, self.variant, self.history = game, 2, 0, {}, []
        self.stones, self.mover = stones, mover

    def to_move(self) -> int | None:
        return None if self.stones == 0 else self.mover

    def legal_actions(self) -> list[Action]:
        return [Take(n) for n in (1, 2) if n <= self.stones]

    def is_over(self) -> bool:
        return self.stones == 0

    def outcome(self) -> Outcome | None:
        if self.stones:
            return None
        winner = 1 - self.mover
        return Outcome(
            scores=tuple(float(s == winner) for s in range(2)),
            winners=(winner,),
            termination="last_stone",
            team_scores=(float(winner == 0), float(winner == 1)),
            winning_teams=(winner,),
            ranking=(winner, 1 - winner),
        )

    def _check(self, action: Action) -> None:
        if action not in self.legal_actions():
            raise IllegalAction("NIM-TAKE", f"cannot take {action} from {self.stones} stones")

    def _apply(self, action: Action) -> list[Event]:
        assert isinstance(action, Take)
        self.stones -= action.n
        self.mover = 1 - self.mover
        return []

    def view(self, seat: int | None = None, *, perfect_memory: bool = False) -> dict[str, Any]:
        return {
            "game": "nim",
            "players": 2,
            "variant": {},
            "seat": seat,
            "to_move": self.to_move(),
            "over": self.is_over(),
            "outcome": None,
            "turn": len(self.history),
            "legal": [a.code for a in self.legal_actions()] if seat == self.to_move() else [],
            "log": [a.code for a in self.history],
            "stones": self.stones,
        }

    def clone(self) -> NimState:
        copy = NimState(self.game, self.stones, self.mover)
        copy.history = list(self.history)
        return copy

    def to_position(self) -> str:
        return f"{self.stones} {self.mover}"


class Nim(Game):
    name = "nim"
    title = {"en": "Nim", "pt": "Nim"}  # noqa: RUF012
    min_players = max_players = 2

    def _new(self, players: int, seed: int, variant: dict[str, Any]) -> NimState:
        return NimState(self)

    def parse_action(self, text: str) -> Action:
        if text.strip() in ("take1", "take2"):
            return Take(int(text.strip()[-1]))
        raise InvalidActionText(text, "take1 or take2")

    def num_distinct_actions(self, players: int, variant: Any = None) -> int:
        return 2

    def action_to_index(self, action: Action, players: int, variant: Any = None) -> int:
        return action.n - 1  # type: ignore[attr-defined]

    def index_to_action(self, index: int, players: int, variant: Any = None) -> Action:
        return Take(index + 1)

    def from_position(self, text: str) -> NimState:
        stones, mover = map(int, text.split())
        return NimState(self, stones, mover)

    def determinize(self, view: dict[str, Any], rng: random.Random) -> NimState:
        return NimState(self, view["stones"], view["to_move"] or 0)

    def render_view(self, view: dict[str, Any], lang: str = "en") -> str:
        return f"stones left: {view['stones']}"


def session(stdin: str, **kw: Any) -> tuple[PlaySession, io.StringIO]:
    out = io.StringIO()
    setup = make_setup(Nim(), 2, kw.get("seat", 0), "random", 1, "en", {}, None, kw.get("all_bots", False))
    return PlaySession(setup, io.StringIO(stdin), Console(file=out, width=100, soft_wrap=True)), out


def test_game_without_score_hint_degrades_gracefully() -> None:
    play, out = session("?\nhelp\ntake3\ntake1\ntake1\ntake1\ntake1\ntake1\ntake1\ntake1\n")
    assert play.run() == 0
    text = out.getvalue()
    assert "this game has no score summary" in text
    assert "take1" in text and "take2" in text
    assert "[CORE-SYNTAX]" in text  # take3 is not a move
    assert "stones left:" in text and "Game over" in text and "last_stone" in text


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
