"""Play arena games, in this process or in worker processes.

Each game is a pure function of (settings, game index): its seed comes from the
master seed and the index, bots are seeded from the game seed and their seat,
and results are put back in index order. So the same seed and settings give
the same figures whatever ``jobs`` is; only the wall time changes.
"""

from __future__ import annotations

import multiprocessing
import signal
import time
from collections.abc import Callable, Iterator, Mapping
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any

from ..bots import make_bot
from ..bots.kits import greedy_policy
from ..core.errors import InvalidSetup
from ..core.game import rng_for
from ..core.registry import load_game
from .lineup import check_teams, lineup


@dataclass(frozen=True)
class ArenaConfig:
    """Everything that decides an arena run's results."""

    game: str
    players: int
    bots: tuple[str, ...]
    games: int
    seed: int
    variant: Mapping[str, Any] = field(default_factory=dict)
    time_caps: bool = False  # keep the levels' deadlines: faster on a slow machine, but not repeatable

    def labels(self) -> list[str]:
        """A unique name per --bots entry: ``greedy`` or, when a name repeats, ``greedy#1``, ``greedy#2``."""
        out = []
        for i, name in enumerate(self.bots):
            repeats = sum(1 for b in self.bots if b == name)
            out.append(name if repeats == 1 else f"{name}#{self.bots[: i + 1].count(name)}")
        return out

    def validate(self) -> dict[str, Any]:
        """Check game, players, variant and bot names before any game starts; returns the resolved variant."""
        game = load_game(self.game)
        game.check_players(self.players)
        variant = game.resolve_variant(self.variant)
        if self.games < 1:
            raise InvalidSetup(
                f"--games must be at least 1, not {self.games}", f"--games deve ser pelo menos 1, não {self.games}"
            )
        if not self.bots:
            raise InvalidSetup("--bots needs at least one bot name", "--bots precisa de pelo menos um robô")
        for name in self.bots:
            if make_bot(name, 0).name == "greedy":
                greedy_policy(game)
        check_teams(len(self.bots), self.players, game.teams(self.players, variant))
        return variant


@dataclass
class GameResult:
    """One finished game: who sat where, the result, and how long each seat thought."""

    index: int
    seed: int
    seats: tuple[int, ...]  # --bots entry per seat
    scores: tuple[float, ...]
    winners: tuple[int, ...]
    draw: bool
    termination: str
    moves: int
    think: list[list[float]]  # per seat: seconds per decision
    ranking: tuple[int, ...] = ()  # seats best first (the game's own order, tie-breaks included)

    def to_dict(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "seed": self.seed,
            "seats": list(self.seats),
            "scores": list(self.scores),
            "winners": list(self.winners),
            "draw": self.draw,
            "termination": self.termination,
            "moves": self.moves,
        }


def game_seed(master: int, index: int) -> int:
    """The seed of game ``index``: derived, so a single game can be replayed on its own."""
    return rng_for(master, f"arena-game:{index}").getrandbits(63)


def play_game(config: ArenaConfig, index: int) -> GameResult:
    """Play game ``index`` of a run from start to end. Bots see only their seat's InfoSet."""
    game = load_game(config.game)
    seed = game_seed(config.seed, index)
    state = game.new(config.players, seed=seed, variant=config.variant)
    seats = lineup(len(config.bots), config.players, index)
    bots = [
        make_bot(config.bots[entry], rng_for(seed, f"bot:{seat}").getrandbits(63), reproducible=not config.time_caps)
        for seat, entry in enumerate(seats)
    ]
    think: list[list[float]] = [[] for _ in range(config.players)]
    moves = 0
    while not state.is_over():
        seat = state.to_move()
        if seat is None:
            raise RuntimeError(f"{config.game}: game not over but nobody to move (game {index}, seed {seed})")
        started = time.perf_counter()
        action = bots[seat].choose(state.infoset(seat))
        think[seat].append(time.perf_counter() - started)
        state.apply(action)
        moves += 1
    outcome = state.outcome()
    if outcome is None:
        raise RuntimeError(f"{config.game}: finished game has no outcome (game {index}, seed {seed})")
    return GameResult(
        index,
        seed,
        seats,
        tuple(outcome.scores),
        tuple(outcome.winners),
        outcome.is_draw,
        outcome.termination,
        moves,
        think,
        tuple(outcome.ranking),
    )


def _quiet_worker() -> None:
    # Ctrl-C is handled once, in the parent, which then stops the pool.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _imap(config: ArenaConfig, jobs: int, indices: range) -> Iterator[GameResult]:
    """Results as games finish. A worker that dies (killed, out of memory) raises BrokenProcessPool
    instead of hanging the run; on Ctrl-C or any error the workers are stopped at once."""
    if jobs <= 1:
        for index in indices:
            yield play_game(config, index)
        return
    pool = ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("fork"), initializer=_quiet_worker)
    try:
        futures = [pool.submit(play_game, config, index) for index in indices]
        for future in as_completed(futures):
            yield future.result()
    finally:
        workers = list(getattr(pool, "_processes", {}).values())  # no public way to stop running games
        pool.shutdown(wait=False, cancel_futures=True)
        for worker in workers:
            worker.terminate()


@dataclass
class RunResult:
    config: ArenaConfig
    results: list[GameResult]
    interrupted: bool
    seconds: float


def run_arena(config: ArenaConfig, jobs: int = 1, on_result: Callable[[GameResult], None] | None = None) -> RunResult:
    """Play ``config.games`` games on ``jobs`` processes; Ctrl-C stops early and keeps finished games."""
    if jobs < 1:
        raise InvalidSetup(f"--jobs must be at least 1, not {jobs}", f"--jobs deve ser pelo menos 1, não {jobs}")
    config = ArenaConfig(
        config.game, config.players, tuple(config.bots), config.games, config.seed, config.validate(), config.time_caps
    )
    started = time.perf_counter()
    results: list[GameResult] = []
    interrupted = False
    try:
        for result in _imap(config, jobs, range(config.games)):
            results.append(result)
            if on_result is not None:
                on_result(result)
    except KeyboardInterrupt:
        interrupted = True
    results.sort(key=lambda r: r.index)
    return RunResult(config, results, interrupted, time.perf_counter() - started)
