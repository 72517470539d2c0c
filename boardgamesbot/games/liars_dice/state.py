"""The Liar's Dice engine: one position, its moves, views, clone and position text.

Dice are small ints 1..6. Each round's roll comes from its own seeded stream,
``rng_for(seed, "round:<n>")``, so a seed and the moves fix the whole game and
nothing but the seed and the round number needs saving. Finished rounds are
kept as :class:`RoundResult` values: their dice were shown to everyone, so they
are public in every view.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypedDict

from ...core.action import Action
from ...core.errors import IllegalAction
from ...core.events import Event
from ...core.game import State, rng_for
from ...core.outcome import Outcome
from ...core.view import ViewBase, base_view
from .actions import BIDS, LIAR, SPOT, Bid, Call, beats, ladder
from .variants import wild_faces

if TYPE_CHECKING:
    from .game import LiarsDiceGame

FACES = 6
ROUNDS_PER_DIE = 4  # LD-D-LENGTH: with spot_on the game stops after 4 rounds per starting die


class RoundView(TypedDict):
    """A finished round as everyone saw it when the cups were lifted."""

    round: int
    starter: int
    bids: list[list[int]]  # [seat, quantity, face] in bidding order
    call: str  # "liar" or "spot"
    caller: int
    dice: list[list[int]]  # every seat's dice as revealed ([] for a seat already out)
    count: int  # dice that showed the last bid's face (wild dice included)
    loser: int | None  # who lost a die
    gainer: int | None  # who won a die back (a right spot-on call)


class LiarsDiceView(ViewBase):
    """What one seat sees (docs/rules/liars_dice.md, "View format")."""

    dice: list[int] | None  # the viewer's own dice, sorted; None for a spectator
    dice_counts: list[int]  # dice under each cup
    dice_in_play: int
    round: int
    starter: int
    bids: list[list[int]]  # this round: [seat, quantity, face] in bidding order
    rounds: list[RoundView]  # every finished round, dice revealed
    out_round: list[int | None]  # round in which each seat lost its last die


@dataclass(frozen=True, slots=True)
class RoundResult:
    """A finished round (public once the cups are lifted)."""

    number: int
    starter: int
    bids: tuple[tuple[int, int, int], ...]  # (seat, quantity, face)
    call: str
    caller: int
    dice: tuple[tuple[int, ...], ...]
    count: int
    loser: int | None
    gainer: int | None

    def to_view(self) -> RoundView:
        return {
            "round": self.number,
            "starter": self.starter,
            "bids": [list(b) for b in self.bids],
            "call": self.call,
            "caller": self.caller,
            "dice": [list(d) for d in self.dice],
            "count": self.count,
            "loser": self.loser,
            "gainer": self.gainer,
        }

    @staticmethod
    def from_view(v: RoundView) -> RoundResult:
        return RoundResult(
            v["round"],
            v["starter"],
            tuple((b[0], b[1], b[2]) for b in v["bids"]),
            v["call"],
            v["caller"],
            tuple(tuple(d) for d in v["dice"]),
            v["count"],
            v["loser"],
            v["gainer"],
        )

    def codes(self) -> list[str]:
        """The round's moves as codes, in order (bids, then the call)."""
        return [BIDS[q, f].code for _, q, f in self.bids] + [self.call]


def count_matches(dice: list[list[int]], face: int, wild: frozenset[int]) -> int:
    """Dice showing ``face`` among all cups; a wild die counts as every face (LD-WILD-*)."""
    if not wild:
        return sum(hand.count(face) for hand in dice)
    return sum(1 for hand in dice for d in hand if d == face or d in wild)


def roll(seed: int, number: int, counts: list[int]) -> list[list[int]]:
    """The dice of round ``number``: each seat's cup from the round's own seeded stream, sorted (LD-ROLL)."""
    rng = rng_for(seed, f"round:{number}")
    return [sorted(rng.randint(1, FACES) for _ in range(n)) for n in counts]


class LiarsDiceState(State):
    """One position. Build fresh games with ``LiarsDiceGame.new``; positions with ``from_position``."""

    game: LiarsDiceGame

    def __init__(self, game: LiarsDiceGame, players: int, seed: int, variant: dict[str, Any]) -> None:
        self.game = game
        self.players = players
        self.seed = seed
        self.variant = variant
        self.history: list[Action] = []
        self.order: str = variant["bid_order"]
        self.wild = wild_faces(variant)
        self.start_dice: int = variant["dice"]
        self.counts = [self.start_dice] * players
        self.dice: list[list[int]] = [[] for _ in range(players)]
        self.round = 1
        self.starter = 0  # LD-D-FIRST
        self.mover: int | None = 0
        self.bids: list[Bid] = []
        self.bidders: list[int] = []
        self.rounds: list[RoundResult] = []
        self.out_round: list[int | None] = [None] * players
        self.moves = 0  # actions since the game began (the state version)
        self.termination: str | None = None
        self.start_position: str | None = None
        #: In a sample a search drew (``Game.determinize``): rounds already finished when it was drawn.
        self.sample_origin: int | None = None

    # ---- setup -------------------------------------------------------------
    def start_round(self, starter: int) -> None:
        """Everyone still in rolls (LD-ROLL) and ``starter`` opens the bidding (LD-OPEN)."""
        self.starter = starter
        self.mover = starter
        self.bids = []
        self.bidders = []
        self.dice = roll(self.seed, self.round, self.counts)

    # ---- turn structure ----------------------------------------------------
    @property
    def ply(self) -> int:
        return self.moves

    def to_move(self) -> int | None:
        return self.mover

    def is_over(self) -> bool:
        return self.termination is not None

    def in_play(self) -> int:
        return sum(self.counts)

    def next_in(self, seat: int) -> int:
        """The next seat after ``seat`` (clockwise) that still has dice (LD-ORDER)."""
        players = self.players
        for step in range(1, players + 1):
            other = (seat + step) % players
            if self.counts[other]:
                return other
        return seat

    def legal_actions(self) -> list[Action]:
        if self.mover is None:
            return []
        bids, rank = ladder(sum(self.counts), self.order)
        if not self.bids:
            return list(bids)
        out: list[Action] = [LIAR]
        if self.variant["spot_on"]:
            out.append(SPOT)
        out += bids[rank[self.bids[-1]] + 1 :]
        return out

    def outcome(self) -> Outcome | None:
        if self.termination is None:
            return None
        scores = tuple(float(n) for n in self.counts)  # LD-D-SCORE
        best = max(scores)
        winners = tuple(s for s in range(self.players) if scores[s] == best)
        late = self.round + 1

        def place(seat: int) -> tuple[float, int, int]:
            out = self.out_round[seat]
            return (-scores[seat], -(late if out is None else out), seat)

        ranking = tuple(sorted(range(self.players), key=place))
        return Outcome(
            scores,
            winners,
            self.termination,
            team_scores=scores,
            winning_teams=winners,
            ranking=ranking,
            tiebreak="shared" if len(winners) > 1 else None,
            details={"rounds": len(self.rounds), "out_round": list(self.out_round)},
        )

    # ---- moves ---------------------------------------------------------------
    def _check(self, action: Action) -> None:
        mover = self.mover
        if mover is None:  # pragma: no cover - State.apply refuses moves after the end first
            raise IllegalAction("LD-WIN", "the game is over", "o jogo terminou")
        if isinstance(action, Bid):
            total = sum(self.counts)
            if action.quantity > total:
                raise IllegalAction(
                    "LD-D-MAX-QUANTITY",
                    f"only {total} dice are in play, so a bid of {action.quantity} can never be true",
                    f"só há {total} dados em jogo, então uma aposta de {action.quantity} nunca seria verdadeira",
                )
            if self.bids and not beats(action, self.bids[-1], self.order):
                last = self.bids[-1].code
                if self.order == "face":
                    raise IllegalAction(
                        "LD-RAISE-FACE",
                        f"{action.code} does not beat {last}: bid a higher face, or more dice of the same face",
                        f"{action.code} não supera {last}: aposte uma face maior, ou mais dados da mesma face",
                    )
                raise IllegalAction(
                    "LD-RAISE",
                    f"{action.code} does not beat {last}: bid more dice, or as many dice of a higher face",
                    f"{action.code} não supera {last}: aposte mais dados, ou a mesma quantidade de uma face maior",
                )
            return
        if isinstance(action, Call):
            if action == SPOT and not self.variant["spot_on"]:
                raise IllegalAction(
                    "LD-SPOT",
                    "spot-on calls are not played at this table (variant spot_on is off)",
                    "apostas exatas não valem nesta mesa (a variante spot_on está desligada)",
                )
            if not self.bids:
                raise IllegalAction(
                    "LD-OPEN",
                    "nobody has bid yet this round: open with a bid",
                    "ninguém apostou ainda nesta rodada: comece com uma aposta",
                )
            return
        raise IllegalAction("LD-TURN", f"{action!r} is not a Liar's Dice move", f"{action!r} não é uma jogada")

    def _apply(self, action: Action) -> list[Event]:
        seat = self.mover
        assert seat is not None  # _check refused moves after the end
        self.moves += 1
        if isinstance(action, Bid):
            self.bids.append(action)
            self.bidders.append(seat)
            self.mover = self.next_in(seat)
            return [Event("bid", seat, {"bid": action.code})]
        assert isinstance(action, Call)
        return self._resolve(seat, action.kind)

    def _resolve(self, caller: int, call: str) -> list[Event]:
        """Lift every cup (LD-CHALLENGE), count, take or give a die, then end the game or start a round."""
        last = self.bids[-1]
        bidder = self.bidders[-1]
        count = count_matches(self.dice, last.face, self.wild)
        loser: int | None = None
        gainer: int | None = None
        if call == "liar":
            loser = caller if count >= last.quantity else bidder  # LD-RESOLVE
            starter = loser  # LD-NEXT-ROUND
        else:
            if count == last.quantity:  # LD-SPOT
                if self.counts[caller] < self.start_dice:
                    gainer = caller
            else:
                loser = caller
            starter = caller
        result = RoundResult(
            self.round,
            self.starter,
            tuple((s, b.quantity, b.face) for s, b in zip(self.bidders, self.bids, strict=True)),
            call,
            caller,
            tuple(tuple(hand) for hand in self.dice),
            count,
            loser,
            gainer,
        )
        self.rounds.append(result)
        if loser is not None:
            self.counts[loser] -= 1
            if not self.counts[loser]:
                self.out_round[loser] = self.round  # LD-OUT
        if gainer is not None:
            self.counts[gainer] += 1
        events = [Event("reveal", caller, dict(result.to_view()))]
        in_game = sum(1 for n in self.counts if n)
        if in_game <= 1:
            self._finish("last_player")  # LD-WIN
        elif self.variant["one_round"]:
            self._finish("one_round")  # LD-ONE-ROUND
        elif self.round >= round_cap(self.players, self.start_dice):
            self._finish("round_cap")  # LD-D-LENGTH (reachable only with spot_on)
        else:
            self.round += 1
            self.start_round(starter if self.counts[starter] else self.next_in(starter))  # LD-D-START-OUT
            events += [
                Event("roll", s, {"round": self.round, "dice_count": len(hand)}, {"dice": list(hand)}, frozenset((s,)))
                for s, hand in enumerate(self.dice)
                if hand
            ]
        return events

    def _finish(self, termination: str) -> None:
        self.termination = termination
        self.mover = None
        self.bids = []
        self.bidders = []
        self.dice = [[] for _ in range(self.players)]

    # ---- information -----------------------------------------------------------
    def log(self) -> list[str]:
        """Every move code since the game began (all public)."""
        out = [code for r in self.rounds for code in r.codes()]
        out += [b.code for b in self.bids]
        return out

    def view(self, seat: int | None = None, *, perfect_memory: bool = False, moment: bool = True) -> LiarsDiceView:
        base = base_view(self, seat, self.log())
        return {
            **base,
            "dice": list(self.dice[seat]) if seat is not None else None,
            "dice_counts": list(self.counts),
            "dice_in_play": sum(self.counts),
            "round": self.round,
            "starter": self.starter,
            "bids": [[s, b.quantity, b.face] for s, b in zip(self.bidders, self.bids, strict=True)],
            "rounds": [r.to_view() for r in self.rounds],
            "out_round": list(self.out_round),
        }

    def count(self, face: int) -> int:
        """Dice showing ``face`` under every cup right now (wild dice included) — a referee's fact."""
        return count_matches(self.dice, face, self.wild)

    # ---- copies and records -----------------------------------------------------
    def clone(self) -> LiarsDiceState:
        # The protocol attributes live in the compiled State's native slots, not in ``__dict__``, and Python
        # refuses ``object.__new__`` for a subclass of a native class (docs/plugins.md).
        new = LiarsDiceState.__new__(LiarsDiceState)
        new.game, new.players, new.seed, new.variant = self.game, self.players, self.seed, self.variant
        for key, value in vars(self).items():  # setattr, not __dict__.update: the compiled base makes the dict lazily
            setattr(new, key, value)
        new.history = list(self.history)
        new.counts = list(self.counts)
        new.dice = [list(hand) for hand in self.dice]
        new.bids = list(self.bids)
        new.bidders = list(self.bidders)
        new.rounds = list(self.rounds)  # RoundResult values are immutable
        new.out_round = list(self.out_round)
        return new

    def to_position(self) -> str:
        from .position import encode

        return encode(self)

    def _record_meta(self) -> dict[str, Any]:
        return {} if self.start_position is None else {"position": self.start_position}


def round_cap(players: int, dice: int) -> int:
    """Rounds after which a game stops (LD-D-LENGTH); without spot_on every game ends well before."""
    return ROUNDS_PER_DIE * players * dice
