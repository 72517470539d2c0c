"""A tiny hidden-information game to test the adapters before (and apart from) the real engines.

"High card": every seat holds one hidden card from a deck of 1..8. Seats take
two turns each in order; on a turn a seat may keep ("k") or draw ("d": its card
goes face up to the discards and it takes the top of the deck), and after a
draw it decides again (at most two draws per turn), so one seat can act
several times in a row, as in Alcatraz's multi-step turns. The highest card
wins; with the ``teams`` option and 4 players, seats 0+2 and 1+3 add up their
cards as teams, as Crosswise's partnerships share a result.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np

from boardgamesbot.adapters.encoders import Segments, ViewEncoder, one_hot
from boardgamesbot.core import Action, Game, IllegalAction, InvalidActionText, InvalidPosition, Outcome, State
from boardgamesbot.core.events import Event
from boardgamesbot.core.variant import VariantOption

CARDS = tuple(range(1, 9))
TURNS_EACH = 2
MAX_DRAWS = 2


@dataclass(frozen=True)
class Move(Action):
    draw: bool

    @property
    def code(self) -> str:
        return "d" if self.draw else "k"


KEEP, DRAW = Move(False), Move(True)


class ToyGame(Game):
    name = "toy"
    title: ClassVar[dict[str, str]] = {"en": "High card", "pt": "Carta alta"}
    min_players = 2
    max_players = 4
    variant_options: ClassVar[dict[str, VariantOption]] = {
        "teams": VariantOption("teams", False, "4 players in two teams", "4 jogadores em duplas")
    }

    def _new(self, players: int, seed: int, variant: dict[str, Any]) -> ToyState:
        deck = list(CARDS)
        random.Random(seed).shuffle(deck)
        hands = [deck.pop() for _ in range(players)]
        return ToyState(self, players, seed, variant, hands, deck, [], 0, 0, [])

    def teams(self, players: int, variant: Any = None) -> list[list[int]]:
        if players == 4 and self.resolve_variant(variant)["teams"]:
            return [[0, 2], [1, 3]]
        return [[s] for s in range(players)]

    def parse_action(self, text: str) -> Action:
        if text == "k":
            return KEEP
        if text == "d":
            return DRAW
        raise InvalidActionText(text, "k (keep) or d (draw)")

    def num_distinct_actions(self, players: int, variant: Any = None) -> int:
        return 2

    def action_to_index(self, action: Action, players: int, variant: Any = None) -> int:
        return 1 if action == DRAW else 0

    def index_to_action(self, index: int, players: int, variant: Any = None) -> Action:
        return (KEEP, DRAW)[index]

    def from_position(self, text: str) -> ToyState:
        try:
            players, seed, teams, hands, deck, discards, acted, draws, log = text.split("|")
            variant = {"teams": teams == "T"}
            state = ToyState(
                self,
                int(players),
                int(seed),
                variant,
                _ints(hands),
                _ints(deck),
                _ints(discards),
                int(acted),
                int(draws),
                [self.parse_action(c) for c in log.split(",") if c],
            )
        except (ValueError, IllegalAction) as exc:
            raise InvalidPosition(f"bad toy position {text!r}: {exc}") from None
        return state

    def determinize(self, view: dict[str, Any], rng: random.Random) -> ToyState:
        players = view["players"]
        seat = view["seat"]
        unknown = [c for c in CARDS if c not in view["discards"] and c != view["hand"]]
        rng.shuffle(unknown)
        hands = [view["hand"] if s == seat else unknown.pop() for s in range(players)]
        return ToyState(
            self,
            players,
            rng.getrandbits(63),
            dict(view["variant"]),
            hands,
            unknown,
            list(view["discards"]),
            view["acted"],
            view["draws"],
            [self.parse_action(c) for c in view["log"]],
        )

    def render_view(self, view: dict[str, Any], lang: str = "en") -> str:
        hand = "?" if view["hand"] is None else view["hand"]
        return (
            f"seat {view['seat']} hand {hand} | discards {view['discards']} | deck {view['deck']} | "
            f"to move {view['to_move']}"
        )


def _ints(text: str) -> list[int]:
    return [int(x) for x in text.split(",") if x]


class ToyState(State):
    def __init__(
        self,
        game: ToyGame,
        players: int,
        seed: int,
        variant: dict[str, Any],
        hands: list[int],
        deck: list[int],
        discards: list[int],
        acted: int,
        draws: int,
        history: list[Action],
    ) -> None:
        self.game = game
        self.players = players
        self.seed = seed
        self.variant = dict(variant)
        self.hands = hands
        self.deck = deck
        self.discards = discards
        self.acted = acted  # turns finished so far
        self.draws = draws  # draws in the current turn
        self.history = history

    def to_move(self) -> int | None:
        return None if self.is_over() else self.acted % self.players

    def legal_actions(self) -> list[Action]:
        if self.is_over():
            return []
        return [KEEP, DRAW] if self.deck and self.draws < MAX_DRAWS else [KEEP]

    def is_over(self) -> bool:
        return self.acted >= TURNS_EACH * self.players

    def outcome(self) -> Outcome | None:
        if not self.is_over():
            return None
        teams = self.game.teams(self.players, self.variant)
        team_scores = tuple(float(sum(self.hands[s] for s in team)) for team in teams)
        best = max(team_scores)
        winning = tuple(i for i, t in enumerate(team_scores) if t == best)
        seat_team = {s: i for i, team in enumerate(teams) for s in team}
        return Outcome(
            scores=tuple(team_scores[seat_team[s]] for s in range(self.players)),
            winners=tuple(s for s in range(self.players) if seat_team[s] in winning),
            termination="turns_complete",
            team_scores=team_scores,
            winning_teams=winning,
        )

    def _check(self, action: Action) -> None:
        if action not in self.legal_actions():
            raise IllegalAction("TOY-DRAW", "no draw left this turn", "sem compra neste turno")

    def _apply(self, action: Action) -> list[Event]:
        seat = self.acted % self.players
        if action == DRAW:
            self.discards.append(self.hands[seat])
            self.hands[seat] = self.deck.pop()
            self.draws += 1
        else:
            self.acted += 1
            self.draws = 0
        return [Event(action.code, seat)]

    def view(self, seat: int | None = None, *, perfect_memory: bool = False) -> dict[str, Any]:
        to_move = self.to_move()
        outcome = self.outcome()
        return {
            "game": "toy",
            "players": self.players,
            "variant": dict(self.variant),
            "seat": seat,
            "to_move": to_move,
            "over": self.is_over(),
            "outcome": outcome.to_dict() if outcome else None,
            "turn": len(self.history),
            "legal": [a.code for a in self.legal_actions()] if seat == to_move else [],
            "log": [a.code for a in self.history],
            "hand": None if seat is None else self.hands[seat],
            "discards": list(self.discards),
            "deck": len(self.deck),
            "acted": self.acted,
            "draws": self.draws,
            "revealed": [self.hands[s] for s in range(self.players)] if outcome else None,
        }

    def clone(self) -> ToyState:
        return ToyState(
            self.game,
            self.players,
            self.seed,
            self.variant,
            list(self.hands),
            list(self.deck),
            list(self.discards),
            self.acted,
            self.draws,
            list(self.history),
        )

    def to_position(self) -> str:
        def j(xs: list[int]) -> str:
            return ",".join(map(str, xs))

        return "|".join(
            [
                str(self.players),
                str(self.seed),
                "T" if self.variant.get("teams") else "F",
                j(self.hands),
                j(self.deck),
                j(self.discards),
                str(self.acted),
                str(self.draws),
                ",".join(a.code for a in self.history),
            ]
        )


class ToyEncoder(ViewEncoder):
    """Own card one-hot, discards, deck size, whose turn, turn progress."""

    game_name = "toy"

    def segments(self, players: int, variant: Any) -> Segments:
        return [
            ("hand", (len(CARDS),)),
            ("discards", (len(CARDS),)),
            ("deck", (len(CARDS) + 1,)),
            ("to_move", (players,)),
            ("me", (players,)),
            ("acted", (TURNS_EACH * players + 1,)),
            ("draws", (MAX_DRAWS + 1,)),
        ]

    def fill(self, view: Any, parts: dict[str, np.ndarray]) -> None:
        one_hot(parts["hand"], None if view["hand"] is None else view["hand"] - 1)
        for card in view["discards"]:
            parts["discards"][card - 1] = 1.0
        one_hot(parts["deck"], view["deck"])
        one_hot(parts["to_move"], view["to_move"])
        one_hot(parts["me"], view["seat"])
        one_hot(parts["acted"], view["acted"])
        one_hot(parts["draws"], view["draws"])

    def max_game_length(self, players: int, variant: Any) -> int:
        return TURNS_EACH * players * (MAX_DRAWS + 1)


TOY = ToyGame()
TOY_ENCODER = ToyEncoder()
