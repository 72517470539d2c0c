"""A tiny hidden-hand game that speaks the core protocol, for server tests.

Each seat holds three secret cards drawn from a shuffled deck of 1..30; a
turn plays one card face up (by hand slot, so the code reveals nothing) and
draws a replacement that only the mover sees. The game ends when the deck and
hands are empty; the highest played total wins. It lets the server tests run
before (and independently of) the real engines, with hidden facts that are
easy to look for in every message.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, ClassVar

from boardgamesbot.core import Action, Event, Game, IllegalAction, InvalidActionText, Outcome, State
from boardgamesbot.core.game import rng_for

DECK = list(range(101, 131))  # three-digit values: easy to spot in JSON text
HAND = 3


@dataclass(frozen=True)
class Play(Action):
    slot: int

    @property
    def code(self) -> str:
        return f"p{self.slot}"


class ToyState(State):
    def __init__(self, game: ToyGame, players: int, seed: int, variant: dict[str, Any]) -> None:
        self.game, self.players, self.seed, self.variant, self.history = game, players, seed, variant, []
        deck = list(DECK)
        rng_for(seed, "deal").shuffle(deck)
        self.hands = [[deck.pop() for _ in range(HAND)] for _ in range(players)]
        self.deck = deck[: 3 * players]  # short games
        self.table: list[list[int]] = [[] for _ in range(players)]
        self.current = 0
        self.turn = 0

    def to_move(self) -> int | None:
        return None if self.is_over() else self.current

    def is_over(self) -> bool:
        return not self.deck and not any(self.hands)

    def legal_actions(self) -> list[Action]:
        return [] if self.is_over() else [Play(i) for i in range(len(self.hands[self.current]))]

    def outcome(self) -> Outcome | None:
        if not self.is_over():
            return None
        scores = tuple(float(sum(t)) for t in self.table)
        best = max(scores)
        winners = tuple(i for i, s in enumerate(scores) if s == best)
        ranking = tuple(sorted(range(self.players), key=lambda i: -scores[i]))
        return Outcome(
            scores=scores,
            winners=winners,
            termination="cards_out",
            team_scores=scores,
            winning_teams=winners,
            ranking=ranking,
        )

    def _check(self, action: Action) -> None:
        if not isinstance(action, Play) or not 0 <= action.slot < len(self.hands[self.current]):
            raise IllegalAction("TOY-SLOT", "no card in that hand slot", "não há carta nessa posição")

    def _apply(self, action: Action) -> list[Event]:
        assert isinstance(action, Play)
        seat = self.current
        card = self.hands[seat].pop(action.slot)
        self.table[seat].append(card)
        events = [Event("play", seat, {"card": card})]
        if self.deck:
            drawn = self.deck.pop()
            self.hands[seat].append(drawn)
            events.append(Event("draw", seat, {}, {"card": drawn}, frozenset({seat})))
        self.turn += 1
        for step in range(1, self.players + 1):
            nxt = (seat + step) % self.players
            if self.hands[nxt]:
                self.current = nxt
                break
        return events

    def view(self, seat: int | None = None, *, perfect_memory: bool = False, moment: bool = True) -> dict[str, Any]:
        over = self.is_over()
        return {
            "game": "toy",
            "players": self.players,
            "variant": dict(self.variant),
            "seat": seat,
            "to_move": self.to_move(),
            "over": over,
            "outcome": self.outcome().to_dict() if over else None,  # type: ignore[union-attr]
            "turn": self.turn,
            "legal": [a.code for a in self.legal_actions()] if seat is not None and seat == self.to_move() else [],
            "log": [a.code for a in self.history],
            "hand": list(self.hands[seat]) if seat is not None else None,
            "hand_sizes": [len(h) for h in self.hands],
            "deck": len(self.deck),
            "table": [list(t) for t in self.table],
        }

    def clone(self) -> ToyState:
        other = ToyState.__new__(ToyState)
        other.__dict__.update(self.__dict__)
        other.hands = [list(h) for h in self.hands]
        other.table = [list(t) for t in self.table]
        other.deck = list(self.deck)
        other.history = list(self.history)
        return other

    def to_position(self) -> str:
        hands = "/".join(",".join(map(str, h)) for h in self.hands)
        return f"toy {self.current} {self.turn} hands={hands} deck={','.join(map(str, self.deck))}"


class ToyGame(Game):
    name = "toy"
    title: ClassVar[dict[str, str]] = {"en": "Toy", "pt": "Brinquedo"}
    min_players = 2
    max_players = 3

    def _new(self, players: int, seed: int, variant: dict[str, Any]) -> State:
        return ToyState(self, players, seed, variant)

    def parse_action(self, text: str) -> Action:
        if len(text) == 2 and text[0] == "p" and text[1].isdigit():
            return Play(int(text[1]))
        raise InvalidActionText(text, "p<slot>, e.g. p0")

    def num_distinct_actions(self, players: int, variant: Any = None) -> int:
        return HAND

    def action_to_index(self, action: Action, players: int, variant: Any = None) -> int:
        assert isinstance(action, Play)
        return action.slot

    def index_to_action(self, index: int, players: int, variant: Any = None) -> Action:
        return Play(index)

    def from_position(self, text: str) -> State:
        raise NotImplementedError("the toy game has no position parser")

    def determinize(self, view: dict[str, Any], rng: random.Random) -> State:
        raise NotImplementedError("the toy game is played by random bots only")

    def render_view(self, view: dict[str, Any], lang: str = "en") -> str:
        return str(view)

    def describe_action(self, action: Action | str, lang: str = "en") -> str:
        slot = str(action)[1:]
        return f"plays hand card {slot}" if lang == "en" else f"joga a carta {slot} da mão"


GAME = ToyGame()


def hidden_values(state: ToyState, viewer: int | None) -> set[int]:
    """Card values ``viewer`` must not see now: other hands and the deck."""
    hidden = set(state.deck)
    for seat, hand in enumerate(state.hands):
        if seat != viewer:
            hidden.update(hand)
    return hidden
