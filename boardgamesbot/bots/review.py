"""Post-game review: where one seat's points went, judged only from what that seat knew.

For every decision of the seat (a position where it had more than one legal
move) the record is replayed to that moment and the strongest bot's search runs
from ``state.infoset(seat)`` -- the seat's own view with perfect memory, worlds
sampled with ``determinize`` -- with a fixed iteration budget and a seed derived
from the review seed, the seat and the move's index. So a review repeats
exactly, whatever order or process the decisions are judged in, and it cannot
use a hidden card the seat never saw: it never holds the true State.

Each decision gets the value of the move played and of the move the search
prefers (mean results in [-1, 1]; shown as win chances, draws counting half),
and the three biggest losses become the review's mistakes, each with the
game's words for why the better move was better.
"""

from __future__ import annotations

import multiprocessing
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field, replace
from typing import Any

from ..core.action import Action
from ..core.capabilities import Explanation, MoveValue
from ..core.errors import InvalidSetup
from ..core.game import Game, State, rng_for
from ..core.infoset import InfoSet
from ..core.record import GameRecord
from ..core.registry import load_game
from .coach import LANGS, STRENGTH, analyse, explain, win_chance, words
from .ismcts import ISMCTSBot, SearchSettings
from .levels import LEVELS

#: The review's search per decision: the ``hard`` tuning with a fixed budget and no time cap (reproducible).
#: bench/review.py measures what a whole game costs with it.
REVIEW_SETTINGS = replace(LEVELS["hard"].settings, iterations=300, deadline=None)
#: Iterations spent below the best move and below the move played, each, to weigh them against each other.
WEIGH_ITERATIONS = 150
#: A loss smaller than this (two points of win chance) is within the search's noise: not a mistake.
MISTAKE_THRESHOLD = 0.04
MISTAKES = 3
KEEP_MEASURED = 8

__all__ = [
    "REVIEW_SETTINGS",
    "STRENGTH",
    "WEIGH_ITERATIONS",
    "Decision",
    "Mistake",
    "Review",
    "assemble",
    "decision_points",
    "decision_seed",
    "judge_decision",
    "review",
    "start_state",
]


@dataclass(frozen=True)
class Decision:
    """One decision of the reviewed seat, judged from its information set at that moment."""

    index: int  # the move's position in the record (0-based): the state after it is step index + 1
    turn: int
    played: str
    best: str
    played_value: float
    best_value: float
    legal: int
    measured: tuple[MoveValue, ...] = ()  # the search's best-tried moves, most visited first
    iterations: int = 0

    @property
    def loss(self) -> float:
        """How much the move played gave up against the best move, in result units ([-1, 1]): 0 when it was best."""
        return max(0.0, self.best_value - self.played_value)

    def to_dict(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "step": self.index + 1,
            "turn": self.turn,
            "played": self.played,
            "best": self.best,
            "played_value": round(self.played_value, 4),
            "best_value": round(self.best_value, 4),
            "played_win": win_chance(self.played_value),
            "best_win": win_chance(self.best_value),
            "loss": round(self.loss, 4),
            "legal": self.legal,
        }


@dataclass(frozen=True)
class Mistake:
    decision: Decision
    explanation: Explanation  # the better move's reasons, with the two values compared


@dataclass(frozen=True)
class Review:
    game: str
    seat: int
    players: int
    iterations: int
    weigh: int
    seed: int
    decisions: tuple[Decision, ...]
    mistakes: tuple[Mistake, ...]
    texts: Mapping[str, Mapping[str, str]] = field(default_factory=dict)  # code -> language -> words
    outcome: Mapping[str, Any] | None = None
    seconds: float = 0.0

    @property
    def average_loss(self) -> float:
        return sum(d.loss for d in self.decisions) / len(self.decisions) if self.decisions else 0.0

    def text(self, code: str, lang: str) -> str:
        said = self.texts.get(code, {})
        return said.get(lang) or said.get("en") or code

    def to_dict(self, lang: str = "en") -> dict[str, Any]:
        return {
            "game": self.game,
            "seat": self.seat,
            "players": self.players,
            "iterations": self.iterations,
            "weigh": self.weigh,
            "seed": self.seed,
            "seconds": round(self.seconds, 2),
            "average_loss": round(self.average_loss, 4),
            "average_win_lost": round(self.average_loss * 50, 2),  # in points of win chance
            "outcome": dict(self.outcome) if self.outcome is not None else None,
            "decisions": [
                {
                    **d.to_dict(),
                    "played_text": self.text(d.played, lang),
                    "best_text": self.text(d.best, lang),
                }
                for d in self.decisions
            ],
            "mistakes": [
                {
                    **m.decision.to_dict(),
                    "played_text": self.text(m.decision.played, lang),
                    "best_text": self.text(m.decision.best, lang),
                    "lines": list(m.explanation.lines.get(lang, ())),
                    "point": list(m.explanation.point),
                }
                for m in self.mistakes
            ],
        }


def start_state(game: Game, record: GameRecord) -> State:
    """The record's first position (its stored start position, else a fresh seeded game)."""
    start = record.meta.get("position")
    if start is not None:
        return game.from_position(start)
    return game.new(record.players, seed=record.seed, variant=record.variant)


def decision_points(record: GameRecord, seat: int) -> Iterator[tuple[int, InfoSet, Action]]:
    """(index, the seat's information set then, the move it made) for each decision with a choice."""
    game = load_game(record.game)
    if not 0 <= seat < record.players:
        raise InvalidSetup(
            f"--seat must be 0 to {record.players - 1} for this {record.players}-player game, not {seat}",
            f"--seat deve ser de 0 a {record.players - 1} neste jogo de {record.players} jogadores, não {seat}",
        )
    state = start_state(game, record)
    for index, code in enumerate(record.actions):
        action = game.parse_action(code)
        if state.to_move() == seat:
            infoset = state.infoset(seat)
            if len(infoset.legal_actions) > 1:
                yield index, infoset, action
        state.apply(action)


def decision_seed(seed: int, seat: int, index: int) -> int:
    return rng_for(seed, f"review:{seat}:{index}").getrandbits(62)


def judge_decision(
    infoset: InfoSet,
    played: str,
    index: int,
    settings: SearchSettings = REVIEW_SETTINGS,
    seed: int = 0,
    weigh: int = WEIGH_ITERATIONS,
) -> Decision:
    """One decision, from the seat's information set: a search picks the best move (the played one always among
    those it tries), then the best and the played move are each weighed with ``weigh`` iterations spent below
    that move alone, on the same random stream, so the two values compare like with like."""
    action = infoset.game.parse_action(played)
    bot_seed = decision_seed(seed, infoset.seat, index)
    analysis = analyse(infoset, settings=settings, seed=bot_seed, consider=(action,), reproducible=True)
    scales = ISMCTSBot(bot_seed, replace(settings, iterations=weigh, deadline=None), label="review", strength=STRENGTH)
    best = infoset.game.parse_action(analysis.choice)
    best_value = scales.weigh(infoset, best).value
    played_value = best_value if best == action else scales.weigh(infoset, action).value
    return Decision(
        index=index,
        turn=analysis.turn,
        played=action.code,
        best=analysis.choice,
        played_value=played_value,
        best_value=best_value,
        legal=len(infoset.legal_actions),
        measured=analysis.measured[:KEEP_MEASURED],
        iterations=analysis.iterations,
    )


Task = tuple[InfoSet, str, int, SearchSettings, int, int]


def _judge_task(task: Task) -> Decision:
    infoset, played, index, settings, seed, weigh = task
    return judge_decision(infoset, played, index, settings, seed, weigh)


def review(
    record: GameRecord,
    seat: int,
    *,
    settings: SearchSettings = REVIEW_SETTINGS,
    seed: int = 0,
    weigh: int = WEIGH_ITERATIONS,
    jobs: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> Review:
    """Review ``seat``'s decisions in ``record``; ``jobs`` processes judge decisions side by side (same result)."""
    started = time.perf_counter()
    points = list(decision_points(record, seat))
    tasks: list[Task] = [(infoset, action.code, index, settings, seed, weigh) for index, infoset, action in points]
    done: dict[int, Decision] = {}
    if jobs > 1 and len(tasks) > 1:
        methods = multiprocessing.get_all_start_methods()
        ctx = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
        with ProcessPoolExecutor(max_workers=jobs, mp_context=ctx) as pool:
            futures = [pool.submit(_judge_task, task) for task in tasks]
            for future in as_completed(futures):
                decision = future.result()
                done[decision.index] = decision
                if progress is not None:
                    progress(len(done), len(tasks))
    else:
        for task in tasks:
            decision = _judge_task(task)
            done[decision.index] = decision
            if progress is not None:
                progress(len(done), len(tasks))
    decisions = [done[index] for index, _, _ in points]
    result = assemble(record, seat, decisions, settings, seed, weigh)
    return replace(result, seconds=time.perf_counter() - started)


def assemble(
    record: GameRecord,
    seat: int,
    decisions: Sequence[Decision],
    settings: SearchSettings,
    seed: int,
    weigh: int = WEIGH_ITERATIONS,
) -> Review:
    """The review from judged decisions: the biggest losses explained, the words for every move named."""
    game = load_game(record.game)
    ranked = sorted((d for d in decisions if d.loss >= MISTAKE_THRESHOLD), key=lambda d: (-d.loss, d.index))
    chosen = {d.index: d for d in ranked[:MISTAKES]}
    mistakes: list[Mistake] = []
    if chosen:
        for index, infoset, _ in decision_points(record, seat):
            if index in chosen:
                mistakes.append(_mistake(infoset, chosen[index]))
    mistakes.sort(key=lambda m: (-m.decision.loss, m.decision.index))
    codes = {d.played for d in decisions} | {d.best for d in decisions}
    texts = {code: {lang: game.describe_action(code, lang) for lang in LANGS} for code in sorted(codes)}
    outcome = _outcome(game, record)
    return Review(
        game=record.game,
        seat=seat,
        players=record.players,
        iterations=settings.iterations or 0,
        weigh=weigh,
        seed=seed,
        decisions=tuple(decisions),
        mistakes=tuple(mistakes),
        texts=texts,
        outcome=outcome,
    )


def _mistake(infoset: InfoSet, decision: Decision) -> Mistake:
    """The two values compared, the game's reasons for the better move, and what the move played did."""
    game = infoset.game
    reasons = explain(infoset, decision.best, None, values=False)
    played = explain(infoset, decision.played, None, values=False)
    lines: dict[str, list[str]] = {}
    for lang in LANGS:
        lines[lang] = [
            words(
                lang, "played", move=game.describe_action(decision.played, lang), p=win_chance(decision.played_value)
            ),
            words(lang, "better", move=game.describe_action(decision.best, lang), p=win_chance(decision.best_value)),
            *reasons.lines.get(lang, ()),
        ]
        did = list(played.lines.get(lang, ()))
        if did:
            lines[lang].append(words(lang, "instead", text=did[0]))
    return Mistake(decision, Explanation(lines=lines, public=reasons.public, point=reasons.point, facts=reasons.facts))


def _outcome(game: Game, record: GameRecord) -> dict[str, Any] | None:
    state = start_state(game, record)
    for code in record.actions:
        state.apply(code)
    outcome = state.outcome()
    return outcome.to_dict() if outcome is not None else None
