"""A tiny hidden-information trick game for testing bots and the arena without the real games.

Cards 1..(5N+2); each of N players holds 5 hidden cards, 2 cards stay undealt.
Each trick every player plays one card, the highest card wins it and its winner
leads the next trick. Most tricks wins; with ``teams`` (4 players) seats 0+2
play against 1+3. Small enough to reason about, hidden enough that a bot that
peeked at other hands would play differently.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Any, ClassVar

from boardgamesbot.core import Action, Event, Game, IllegalAction, InvalidActionText, Outcome, State, VariantOption

HAND = 5


@dataclass(frozen=True)
class Play(Action):
    card: int

    @property
    def code(self) -> str:
        return f"p{self.card}"


class TricksGame(Game):
    name = "toytricks"
    title: ClassVar[dict[str, str]] = {"en": "Toy tricks", "pt": "Vazas de brinquedo"}
    min_players = 2
    max_players = 4
    variant_options: ClassVar[dict[str, VariantOption]] = {
        "teams": VariantOption("teams", False, "4 players in two teams", "4 jogadores em duas equipes"),
    }

    def _new(self, players: int, seed: int, variant: dict[str, Any]) -> TricksState:
        rng = random.Random(seed)
        deck = list(range(1, HAND * players + 3))
        rng.shuffle(deck)
        hands = [sorted(deck[i * HAND : (i + 1) * HAND]) for i in range(players)]
        return TricksState(self, players, seed, variant, hands, deck[players * HAND :], [], 0, [0] * players, [])

    def teams(self, players: int, variant: Any = None) -> list[list[int]]:
        if players == 4 and (variant or {}).get("teams"):
            return [[0, 2], [1, 3]]
        return [[s] for s in range(players)]

    def parse_action(self, text: str) -> Action:
        if not (text.startswith("p") and text[1:].isdigit()):
            raise InvalidActionText(text, "p<card>, e.g. p7")
        return Play(int(text[1:]))

    def num_distinct_actions(self, players: int, variant: Any = None) -> int:
        return HAND * players + 2

    def action_to_index(self, action: Action, players: int, variant: Any = None) -> int:
        assert isinstance(action, Play)
        return action.card - 1

    def index_to_action(self, index: int, players: int, variant: Any = None) -> Action:
        return Play(index + 1)

    def from_position(self, text: str) -> TricksState:
        d = json.loads(text)
        return TricksState(
            self,
            d["players"],
            d["seed"],
            d["variant"],
            d["hands"],
            d["undealt"],
            [tuple(x) for x in d["trick"]],
            d["leader"],
            d["tricks"],
            [self.parse_action(c) for c in d["log"]],
        )

    def determinize(self, view: dict[str, Any], rng: random.Random) -> TricksState:
        players, seat = view["players"], view["seat"]
        known = set(view["hand"]) | set(view["played"])
        unseen = [c for c in range(1, HAND * players + 3) if c not in known]
        rng.shuffle(unseen)
        hands: list[list[int]] = []
        for s in range(players):
            if s == seat:
                hands.append(list(view["hand"]))
            else:
                size = view["hand_sizes"][s]
                hands.append(sorted(unseen[:size]))
                unseen = unseen[size:]
        return TricksState(
            self,
            players,
            0,
            dict(view["variant"]),
            hands,
            unseen,
            [tuple(x) for x in view["trick"]],
            view["leader"],
            list(view["tricks"]),
            [self.parse_action(c) for c in view["log"]],
        )

    def render_view(self, view: dict[str, Any], lang: str = "en") -> str:
        return f"trick {view['trick']} tricks {view['tricks']} hand {view['hand']}"


class TricksState(State):
    def __init__(
        self,
        game: TricksGame,
        players: int,
        seed: int,
        variant: dict[str, Any],
        hands: list[list[int]],
        undealt: list[int],
        trick: list[tuple[int, int]],
        leader: int,
        tricks: list[int],
        history: list[Action],
    ) -> None:
        self.game = game
        self.players, self.seed, self.variant = players, seed, variant
        self.hands, self.undealt, self.trick = hands, undealt, trick
        self.leader, self.tricks, self.history = leader, tricks, history

    def to_move(self) -> int | None:
        return None if self.is_over() else (self.leader + len(self.trick)) % self.players

    def legal_actions(self) -> list[Action]:
        seat = self.to_move()
        return [] if seat is None else [Play(c) for c in self.hands[seat]]

    def is_over(self) -> bool:
        return not any(self.hands) and not self.trick

    def outcome(self) -> Outcome | None:
        if not self.is_over():
            return None
        teams = self.game.teams(self.players, self.variant)
        team_scores = [float(sum(self.tricks[s] for s in team)) for team in teams]
        best = max(team_scores)
        winning = tuple(i for i, v in enumerate(team_scores) if v == best)
        team_of = {s: i for i, team in enumerate(teams) for s in team}
        scores = tuple(team_scores[team_of[s]] for s in range(self.players))
        winners = tuple(s for s in range(self.players) if team_of[s] in winning)
        return Outcome(scores, winners, "hands_empty", tuple(team_scores), winning)

    def _check(self, action: Action) -> None:
        seat = self.to_move()
        if not isinstance(action, Play) or seat is None or action.card not in self.hands[seat]:
            raise IllegalAction("TOY-HAND", f"{action} is not a card in your hand")

    def _apply(self, action: Action) -> list[Event]:
        assert isinstance(action, Play)
        seat = self.to_move()
        assert seat is not None
        self.hands[seat] = [c for c in self.hands[seat] if c != action.card]
        self.trick.append((seat, action.card))
        if len(self.trick) == self.players:
            winner = max(self.trick, key=lambda sc: sc[1])[0]
            self.tricks[winner] += 1
            self.leader = winner
            self.trick = []
        return [Event("play", seat, {"card": action.card})]

    def view(self, seat: int | None = None, *, perfect_memory: bool = False) -> dict[str, Any]:
        out = self.outcome()
        return {
            "game": self.game.name,
            "players": self.players,
            "variant": dict(self.variant),
            "seat": seat,
            "to_move": self.to_move(),
            "over": self.is_over(),
            "outcome": out.to_dict() if out else None,
            "turn": len(self.history),
            "legal": [a.code for a in self.legal_actions()] if seat is not None and seat == self.to_move() else [],
            "log": [a.code for a in self.history],
            "hand": list(self.hands[seat]) if seat is not None else [],
            "hand_sizes": [len(h) for h in self.hands],
            "trick": [list(x) for x in self.trick],
            "leader": self.leader,
            "tricks": list(self.tricks),
            "played": [a.card for a in self.history if isinstance(a, Play)],
        }

    def clone(self) -> TricksState:
        return TricksState(
            self.game,
            self.players,
            self.seed,
            dict(self.variant),
            [list(h) for h in self.hands],
            list(self.undealt),
            list(self.trick),
            self.leader,
            list(self.tricks),
            list(self.history),
        )

    def to_position(self) -> str:
        return json.dumps(
            {
                "players": self.players,
                "seed": self.seed,
                "variant": self.variant,
                "hands": self.hands,
                "undealt": self.undealt,
                "trick": self.trick,
                "leader": self.leader,
                "tricks": self.tricks,
                "log": [a.code for a in self.history],
            }
        )


GAME = TricksGame()
