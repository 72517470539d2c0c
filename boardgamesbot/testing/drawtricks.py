"""Draw tricks: a small hidden-information game that exercises every part of the game contract.

Why it exists: tests of the generic layers (bots, arena, terminal, server,
rules desk, adapters) need a game that is small enough to reason about, yet
has what the real games have — hidden hands, private draws seen by one seat
only, several decisions in a row by one seat, teams, variant options, a
command-line flag and every optional capability. It is registered only by
tests (``boardgamesbot.testing.registered``), never offered to players.

Rules. Cards are 101..(100 + 5N + 2) for N players (three-digit values are
easy to spot when a test looks for leaks in JSON). Each seat holds three
hidden cards; the rest form a face-down deck. Seats play tricks: the leader
and then each seat in turn plays one card face up; the highest card wins the
trick and its winner leads the next. Before playing, the seat to move may once
per turn discard one card face up and draw the top of the deck, which only it
sees (``d1``..``d3``, then it still must play ``p1``..``p3``; slots count from
the left of the sorted hand). When the hands are empty the most tricks wins;
with the ``teams`` option and four players, seats 0+2 and 1+3 add theirs up.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, cast

from ..core.action import Action
from ..core.actiontable import ActionTable
from ..core.capabilities import (
    BotKit,
    CliFlag,
    DeskKit,
    Explanation,
    InteropKit,
    LearnKit,
    MoveValue,
    PositionReport,
    SearchTuning,
    TerminalKit,
    Tutorial,
    TutorialStep,
)
from ..core.errors import IllegalAction, InvalidPosition
from ..core.events import Event
from ..core.fields import PositionFields
from ..core.game import Game, State, rng_for
from ..core.infoset import InfoSet
from ..core.outcome import Outcome
from ..core.variant import VariantOption
from ..core.view import View, base_view
from .drawtricks_view import FIRST_CARD, HAND, DrawTricksView, deck_size

if TYPE_CHECKING:
    from ..core.encoding import ViewEncoder


@dataclass(frozen=True, slots=True)
class Move(Action):
    """``play`` or ``draw`` the card in hand slot ``slot`` (0-based; codes count from 1)."""

    kind: str
    slot: int

    @property
    def code(self) -> str:
        return f"{self.kind[0]}{self.slot + 1}"

    def __repr__(self) -> str:
        return f"Move({self.kind!r}, {self.slot})"


PLAYS = tuple(Move("play", i) for i in range(HAND))
DRAWS = tuple(Move("draw", i) for i in range(HAND))
TABLE: ActionTable[Move] = ActionTable(
    (*PLAYS, *DRAWS),
    "p1-p3 (play the card in that hand slot) or d1-d3 (discard it and draw)",
    "p1-p3 (jogar a carta dessa posição da mão) ou d1-d3 (descartá-la e comprar)",
    normalize=lambda text: text.strip().lower(),
)


class DrawTricksGame(Game):
    name = "drawtricks"
    title: ClassVar[dict[str, str]] = {"en": "Draw tricks (test game)", "pt": "Vazas com compra (jogo de teste)"}
    min_players = 2
    max_players = 4
    variant_options: ClassVar[Mapping[str, VariantOption]] = {
        "teams": VariantOption(
            "teams", False, "With 4 players, seats 0+2 play against 1+3.", "A 4, os lugares 0+2 jogam contra 1+3."
        ),
    }
    actions = TABLE
    cli_flags = (CliFlag("--teams", "teams", "play in two teams (4 players)", "jogar em duas equipes (4 jogadores)"),)

    def _new(self, players: int, seed: int, variant: dict[str, Any]) -> DrawTricksState:
        deck = list(range(FIRST_CARD, FIRST_CARD + deck_size(players)))
        rng_for(seed, "deal").shuffle(deck)
        hands = [sorted(deck.pop() for _ in range(HAND)) for _ in range(players)]
        return DrawTricksState(self, players, seed, variant, hands, deck)

    def teams(self, players: int, variant: Mapping[str, Any] | None = None) -> list[list[int]]:
        if players == 4 and self.resolve_variant(variant)["teams"]:
            return [[0, 2], [1, 3]]
        return [[s] for s in range(players)]

    # ---- positions --------------------------------------------------------
    def from_position(self, text: str) -> DrawTricksState:
        tokens = text.split() if isinstance(text, str) else []
        if not tokens or tokens[0] != self.name:
            raise InvalidPosition("a drawtricks position starts with the word drawtricks")
        f = PositionFields(tokens[1:], "drawtricks")
        f.refuse_unknown(
            {
                "players",
                "seed",
                "hands",
                "deck",
                "discards",
                "played",
                "trick",
                "leader",
                "tricks",
                "drew",
                "ply",
                "teams",
            }
        )
        f.require("players", "hands", "deck")
        players = f.integer("players", low=self.min_players, high=self.max_players)
        variant = self.resolve_variant({"teams": f.yes_no("teams", False)})
        parts = f.text("hands").split("/")
        if len(parts) != players:
            raise f.bad(f"hands= needs {players} hands separated by '/'")
        hands = [sorted([] if p == "-" else [f.as_int(x, "hands") for x in p.split(",")]) for p in parts]
        state = DrawTricksState(self, players, f.integer("seed", 0), variant, hands, f.int_list("deck"))
        state.discards = f.int_list("discards", [])
        state.played_earlier = f.int_list("played", [])
        trick = f.int_list("trick", [])
        if len(trick) % 2:
            raise f.bad("trick= lists seat,card pairs")
        state.trick = [[trick[i], trick[i + 1]] for i in range(0, len(trick), 2)]
        state.leader = f.integer("leader", 0, low=0, high=players - 1)
        state.tricks = f.int_list("tricks", [0] * players)
        state.drew = f.yes_no("drew", False)
        state.ply_count = f.integer("ply", 0, low=0)
        everything = sorted(
            [c for h in hands for c in h]
            + state.deck
            + state.discards
            + [c for _, c in state.trick]
            + state.played_earlier
        )
        if len(state.tricks) != players or any(t < 0 for t in state.tricks):
            raise f.bad(f"tricks= needs {players} counts")
        if everything != list(range(FIRST_CARD, FIRST_CARD + deck_size(players))):
            raise f.bad("the cards do not add up to the deck (each card exactly once)")
        return state

    # ---- hidden information ---------------------------------------------------
    def determinize(self, view: View, rng: random.Random) -> DrawTricksState:
        v = cast(DrawTricksView, view)
        players, seat = v["players"], v["seat"]
        own = list(v["hand"] or [])
        seen = set(own) | set(v["played"]) | set(v["discards"]) | {c for _, c in v["trick"]}
        unseen = [c for c in range(FIRST_CARD, FIRST_CARD + deck_size(players)) if c not in seen]
        rng.shuffle(unseen)
        hands: list[list[int]] = []
        for s in range(players):
            if s == seat:
                hands.append(sorted(own))
            else:
                size = v["hand_sizes"][s]
                hands.append(sorted(unseen[:size]))
                unseen = unseen[size:]
        if len(unseen) != v["deck"]:
            raise InvalidPosition("the view's card counts do not add up")
        state = DrawTricksState(self, players, rng.getrandbits(63), self.resolve_variant(v["variant"]), hands, unseen)
        state.trick = [list(p) for p in v["trick"]]
        state.leader = v["leader"]
        state.tricks = list(v["tricks"])
        state.discards = list(v["discards"])
        state.drew = v["drew"]
        state.played_earlier = [c for c in v["played"] if c not in {c for _, c in v["trick"]}]
        state.ply_count = v["turn"]
        state.log_prefix = list(v["log"])
        return state

    # ---- text ---------------------------------------------------------------
    def render_view(self, view: View, lang: str = "en") -> str:
        v = cast(DrawTricksView, view)
        pt = lang.startswith("pt")
        hand = " ".join(map(str, v["hand"])) if v["hand"] is not None else "-"
        trick = " ".join(f"{s}:{c}" for s, c in v["trick"]) or "-"
        words = ("mão", "vaza", "vazas", "baralho") if pt else ("hand", "trick", "tricks", "deck")
        return f"{words[0]}: {hand} · {words[1]}: {trick} · {words[2]}: {v['tricks']} · {words[3]}: {v['deck']}"

    def describe_action(self, action: Action | str, lang: str = "en", *, mover: bool = True) -> str:
        move = TABLE.parse(action) if isinstance(action, str) else action
        if not isinstance(move, Move):
            raise TABLE.refuse(action)
        pt = lang.startswith("pt")
        if move.kind == "play":
            return (
                f"jogar a carta {move.slot + 1} da mão"
                if pt
                else f"play card {move.slot + 1} of {'your' if mover else 'their'} hand"
            )
        return f"descartar a carta {move.slot + 1} e comprar" if pt else f"discard card {move.slot + 1} and draw"

    # ---- capabilities -----------------------------------------------------------
    def bot_kit(self) -> BotKit:
        return BotKit(greedy=greedy_action, rollout=rollout_action, evaluate=evaluate, tuning=SearchTuning())

    def terminal_kit(self) -> TerminalKit:
        return TerminalKit(score_hint=score_hint)

    def desk_kit(self) -> DeskKit:
        return DeskKit(judge=judge)

    def interop_kit(self) -> InteropKit:
        return InteropKit(
            default_players=2, max_game_length=lambda players, variant: 2 * HAND * players, encoder=_encoder
        )

    def learn_kit(self) -> LearnKit:
        return LearnKit(tutorial=tutorial, explain=explain, point_words=lambda key, lang: key.replace(":", " "))


class DrawTricksState(State):
    game: DrawTricksGame

    def __init__(
        self,
        game: DrawTricksGame,
        players: int,
        seed: int,
        variant: dict[str, Any],
        hands: list[list[int]],
        deck: list[int],
    ) -> None:
        self.game = game
        self.players = players
        self.seed = seed
        self.variant = variant
        self.history: list[Action] = []
        self.hands = hands
        self.deck = deck
        self.discards: list[int] = []
        self.trick: list[list[int]] = []
        self.leader = 0
        self.tricks = [0] * players
        self.drew = False
        self.ply_count = 0
        self.played_earlier: list[int] = []  # cards of finished tricks before this object's history
        self.log_prefix: list[str] = []

    @property
    def ply(self) -> int:
        return self.ply_count

    def to_move(self) -> int | None:
        return None if self.is_over() else (self.leader + len(self.trick)) % self.players

    def is_over(self) -> bool:
        return not self.trick and not any(self.hands)

    def legal_actions(self) -> list[Action]:
        seat = self.to_move()
        if seat is None:
            return []
        size = len(self.hands[seat])
        out: list[Action] = list(PLAYS[:size])
        if not self.drew and self.deck:
            out += DRAWS[:size]
        return out

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
        ranking = tuple(sorted(range(self.players), key=lambda s: (-scores[s], s)))
        return Outcome(scores, winners, "hands_empty", tuple(team_scores), winning, ranking)

    def _check(self, action: Action) -> None:
        seat = self.to_move()
        if not isinstance(action, Move) or seat is None:
            raise IllegalAction("DT-MOVE", f"{action!r} is not a draw-tricks move", f"{action!r} não é uma jogada")
        if action.slot >= len(self.hands[seat]):
            raise IllegalAction(
                "DT-SLOT", f"your hand has no card {action.slot + 1}", f"sua mão não tem a carta {action.slot + 1}"
            )
        if action.kind == "draw" and (self.drew or not self.deck):
            raise IllegalAction(
                "DT-DRAW",
                "you may draw once per turn, while the deck has cards",
                "pode comprar uma vez por turno, enquanto o baralho tiver cartas",
            )

    def _apply(self, action: Action) -> list[Event]:
        assert isinstance(action, Move)
        seat = self.leader_seat()
        hand = self.hands[seat]
        card = hand.pop(action.slot)
        self.ply_count += 1
        if action.kind == "draw":
            self.discards.append(card)
            new = self.deck.pop()
            hand.append(new)
            hand.sort()
            self.drew = True
            return [Event("draw", seat, {"discarded": card}, {"drew": new}, frozenset((seat,)))]
        self.drew = False
        self.trick.append([seat, card])
        events = [Event("play", seat, {"card": card})]
        if len(self.trick) == self.players:
            winner = max(self.trick, key=lambda sc: sc[1])[0]
            self.tricks[winner] += 1
            self.leader = winner
            self.played_earlier += [c for _, c in self.trick]
            self.trick = []
            events.append(Event("trick", winner, {"tricks": list(self.tricks)}))
        return events

    def leader_seat(self) -> int:
        seat = self.to_move()
        assert seat is not None
        return seat

    def view(self, seat: int | None = None, *, perfect_memory: bool = False, moment: bool = True) -> DrawTricksView:
        base = base_view(self, seat, self.log_prefix + [a.code for a in self.history])
        return {
            **base,
            "hand": list(self.hands[seat]) if seat is not None else None,
            "hand_sizes": [len(h) for h in self.hands],
            "trick": [list(p) for p in self.trick],
            "leader": self.leader,
            "tricks": list(self.tricks),
            "discards": list(self.discards),
            "deck": len(self.deck),
            "drew": self.drew,
            "played": self.played_earlier + [c for _, c in self.trick],
        }

    def clone(self) -> DrawTricksState:
        # A copy of the instance dict plus the protocol attributes, which the compiled State keeps in native
        # slots rather than in ``__dict__``; ``cls.__new__(cls)``, not ``object.__new__`` (docs/plugins.md).
        new = DrawTricksState.__new__(DrawTricksState)
        new.game, new.players, new.seed, new.variant = self.game, self.players, self.seed, self.variant
        for key, value in vars(self).items():  # setattr, not __dict__.update: the compiled base makes the dict lazily
            setattr(new, key, value)
        new.history = list(self.history)
        new.hands = [list(h) for h in self.hands]
        new.deck = list(self.deck)
        new.discards = list(self.discards)
        new.trick = [list(p) for p in self.trick]
        new.tricks = list(self.tricks)
        new.played_earlier = list(self.played_earlier)
        new.log_prefix = list(self.log_prefix)
        return new

    def to_position(self) -> str:
        def ints(cards: Sequence[int]) -> str:
            return ",".join(map(str, cards)) or "-"

        fields = [
            self.game.name,
            f"players={self.players}",
            f"seed={self.seed}",
            "hands=" + "/".join(ints(h) for h in self.hands),
            f"deck={ints(self.deck)}",
            f"discards={ints(self.discards)}",
            f"played={ints(self.played_earlier)}",
            "trick=" + (",".join(f"{s},{c}" for s, c in self.trick) or "-"),
            f"leader={self.leader}",
            f"tricks={ints(self.tricks)}",
            f"drew={'yes' if self.drew else 'no'}",
            f"ply={self.ply_count}",
            f"teams={'yes' if self.variant['teams'] else 'no'}",
        ]
        return " ".join(fields)


# ---- bot judgement (seen from an information set only) ---------------------------------
def greedy_action(infoset: InfoSet, rng: random.Random) -> Action:
    """Win the trick as cheaply as possible; otherwise throw the lowest card. Never draws."""
    view = cast(DrawTricksView, infoset.view)
    hand = view["hand"] or []
    best = max((c for _, c in view["trick"]), default=0)
    winners = [i for i, c in enumerate(hand) if c > best]
    slot = winners[0] if winners else 0
    return PLAYS[slot]


def rollout_action(state: State, rng: random.Random) -> Action:
    return rng.choice(state.legal_actions())


def evaluate(state: State) -> list[float]:
    s = cast(DrawTricksState, state)
    teams = s.game.teams(s.players, s.variant)
    team_of = {seat: i for i, team in enumerate(teams) for seat in team}
    totals = [sum(s.tricks[x] for x in team) for team in teams]
    return [
        math.tanh(totals[team_of[x]] - max(t for i, t in enumerate(totals) if i != team_of[x]))
        for x in range(s.players)
    ]


def score_hint(view: View, lang: str) -> str:
    v = cast(DrawTricksView, view)
    word = "vazas" if lang.startswith("pt") else "tricks"
    return f"{word}: " + ", ".join(f"{s}={t}" for s, t in enumerate(v["tricks"]))


def judge(before: State, actions: Sequence[Action], after: State) -> PositionReport:
    """Tricks won so far, and who wins the game when the moves end it."""
    s = cast(DrawTricksState, after)
    report = PositionReport(
        facts={"tricks": list(s.tricks)}, lines={"en": [f"tricks: {s.tricks}"], "pt": [f"vazas: {s.tricks}"]}
    )
    outcome = after.outcome()
    if outcome is not None and not before.is_over():
        seats = ", ".join(map(str, outcome.winners))
        report.consequence.update(
            en=f"This ends the game: seat(s) {seats} win.", pt=f"Isto encerra o jogo: vence(m) o(s) lugar(es) {seats}."
        )
    return report


# ---- learning: a three-step guided game and explanations ------------------------------------
TUTORIAL_POSITION = (
    "drawtricks players=2 seed=5 hands=101,105,110/102,103,107 deck=104,106,108,109,111,112 leader=0 tricks=0,0"
)


def tutorial() -> Tutorial:
    """Lead your highest card, watch the other seat follow, read who won the trick."""
    return Tutorial(
        title={"en": "Draw tricks: a first trick", "pt": "Vazas com compra: uma primeira vaza"},
        position=TUTORIAL_POSITION,
        seat=0,
        steps=(
            TutorialStep(say={"en": "You hold 101, 105 and 110.", "pt": "Você tem 101, 105 e 110."}, point=("hand:3",)),
            TutorialStep(
                say={"en": "Lead your highest card: p3.", "pt": "Jogue a sua carta mais alta: p3."},
                point=("hand:3",),
                expect=("p3",),
                wrong={"p1": {"en": "101 is your lowest card.", "pt": "101 é a sua carta mais baixa."}},
                otherwise={"en": "Play p3 this time.", "pt": "Jogue p3 desta vez."},
                done={"en": "110 leads the trick.", "pt": "110 abre a vaza."},
            ),
            TutorialStep(say={"en": "Seat 1 plays 102.", "pt": "O lugar 1 joga 102."}, play="p1"),
            TutorialStep(say={"en": "110 beats 102: the trick is yours.", "pt": "110 vence 102: a vaza é sua."}),
        ),
        finale={"en": "Now play a game.", "pt": "Agora jogue uma partida."},
    )


def explain(infoset: InfoSet, action: Action, measured: Sequence[MoveValue]) -> Explanation:
    """A played card beats the trick's best card or not (public once played); a draw names the discarded card."""
    view = cast(DrawTricksView, infoset.view)
    hand = view["hand"] or []
    move = cast(Move, action)
    card = hand[move.slot]
    best = max((c for _, c in view["trick"]), default=0)
    if move.kind == "play":
        en = f"{card} {'beats' if card > best else 'does not beat'} the best card of the trick ({best or 'none'})."
        pt = f"{card} {'vence' if card > best else 'não vence'} a melhor carta da vaza ({best or 'nenhuma'})."
    else:
        en, pt = f"{card} is discarded for a new card.", f"{card} é descartada por uma carta nova."
    public = {"en": [en], "pt": [pt]}
    lines = {"en": [en, f"Your hand: {hand}."], "pt": [pt, f"Sua mão: {hand}."]}
    return Explanation(lines=lines, public=public, point=(f"hand:{move.slot + 1}",), facts={"card": card})


def _encoder() -> ViewEncoder:
    from .drawtricks_encoder import DrawTricksEncoder

    return DrawTricksEncoder()


GAME = DrawTricksGame()
