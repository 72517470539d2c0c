"""The learning features on the server: hints, "why?" for a move in the log, post-game reviews, the guided game.

Every answer is computed from one seat's information set (bots/coach.py,
bots/review.py), never from the room's true state, and off the event loop:
hints and explanations run in the bot pool's main lane (a person is waiting),
reviews decision by decision in its background lane (niced processes), so a
review never slows a game. Work is bounded: a hint or an explanation is
computed once per room and turn/step (cached, and concurrent asks wait for the
same job), each client has a rate of hints, explanations and tutorial answers
per minute and of reviews per hour, and at most ``max_reviews_running`` reviews
run at once on the whole server (then ``busy`` with a Retry-After).

Who may see what:

- a hint: only the seat to move, with its token, in a room whose ``hints``
  option is on and that is not rated (``hints_off`` otherwise);
- an explanation of a move: the mover (its token), or anyone after the end when
  the room reveals everything, gets every reason and the search's values; any
  other viewer gets the reasons the game marks public (the board, face-up
  cards) while the game runs, and only where hints are allowed;
- a review: after the end only (``not_over``), for the seat's own token, or for
  anyone when the room reveals everything at the end.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from concurrent.futures import Executor
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar

from limits import RateLimitItem, RateLimitItemPerHour, RateLimitItemPerMinute
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter

from ..bots.coach import HINT_SETTINGS, Advice, account, hint
from ..bots.review import REVIEW_SETTINGS, Decision, Review, assemble, decision_points, judge_decision
from ..core.game import Game
from ..core.infoset import InfoSet
from ..core.record import GameRecord
from .botpool import BotPool
from .config import Settings
from .errors import ServerError
from .room import Room

log = logging.getLogger("bgb.server.coach")
REVIEW_DECISION_LIMIT = 120.0  # s for one decision of a review (background work on niced processes)
RETRY_FAILED_AFTER = 60.0  # s a failed review is reported as failed before it may be started again
T = TypeVar("T")


def hints_allowed(room: Room) -> bool:
    """The room's ``hints`` option (default on), never in a rated game."""
    options = room.data.options
    return bool(options.get("hints", True)) and not options.get("rated")


def hints_off(room: Room) -> ServerError:
    rated = bool(room.data.options.get("rated"))
    return ServerError(
        "hints_off",
        "hints and explanations are off in rated games" if rated else "hints are off in this room",
        "dicas e explicações ficam desligadas em jogos valendo rating"
        if rated
        else "as dicas estão desligadas nesta sala",
    )


# ---- jobs (run in a worker process or thread: plain functions of plain data) ------------------
def hint_job(infoset: InfoSet, iterations: int, deadline: float | None) -> Advice:
    return hint(infoset, settings=replace(HINT_SETTINGS, iterations=iterations, deadline=deadline))


def account_job(infoset: InfoSet, code: str, iterations: int, deadline: float | None) -> Advice:
    return account(infoset, code, settings=replace(HINT_SETTINGS, iterations=iterations, deadline=deadline))


def decision_job(infoset: InfoSet, played: str, index: int, iterations: int, weigh: int) -> Decision:
    return judge_decision(infoset, played, index, replace(REVIEW_SETTINGS, iterations=iterations), 0, weigh)


@dataclass
class ReviewJob:
    total: int = 0
    done: int = 0
    result: Review | None = None
    error: str | None = None
    started: float = field(default_factory=time.monotonic)
    ended: float = 0.0
    task: asyncio.Task[None] | None = None


class Coach:
    def __init__(self, hub: Any, settings: Settings) -> None:
        self.hub = hub
        self.settings = settings
        self.limiter = MovingWindowRateLimiter(MemoryStorage())
        self.hint_rate = _per_minute(settings.hints_per_minute)
        self.learn_rate = _per_minute(settings.learn_per_minute)
        self.review_rate = RateLimitItemPerHour(settings.reviews_per_hour) if settings.reviews_per_hour > 0 else None
        self.advice: OrderedDict[tuple[str, str, int], asyncio.Future[Advice]] = OrderedDict()
        self.reviews: OrderedDict[tuple[str, int], ReviewJob] = OrderedDict()
        self.hints_given = 0
        self.reviews_done = 0
        self._own: BotPool | None = None  # cluster mode: this process's own lanes (see _lanes)

    def _lanes(self) -> BotPool:
        """The process pools the searches run in: the hub's bot pool, or, in cluster mode (where bot moves are
        jobs for ``bgb worker``), a pool of this process's own, started at the first hint or review."""
        bots = self.hub.bots
        if isinstance(bots, BotPool):
            return bots
        if self._own is None:
            s = self.settings
            self._own = BotPool(s.bot_workers, s.bot_time_limit, s.background_bot_workers)
        return self._own

    # ---- limits ------------------------------------------------------------------------------
    def _hit(self, item: RateLimitItem | None, key: str, what_en: str, what_pt: str) -> None:
        if item is None or self.limiter.hit(item, key):
            return
        retry = max(1, math.ceil(self.limiter.get_window_stats(item, key).reset_time - time.time()))
        raise ServerError(
            "rate_limited",
            f"too many {what_en} (at most {item.amount} per {item.get_expiry()} s); try again in {retry} s",
            f"{what_pt} demais (no máximo {item.amount} a cada {item.get_expiry()} s); tente de novo em {retry} s",
            retry_after=retry,
        )

    def learn_answer(self, client: str) -> None:
        self._hit(self.learn_rate, f"learn:{client}", "guided-game answers", "respostas do jogo guiado")

    # ---- running jobs ------------------------------------------------------------------------
    async def _run(self, executor: Executor, fn: Callable[..., T], *args: Any, limit: float | None = None) -> T:
        loop = asyncio.get_running_loop()
        try:
            return await asyncio.wait_for(
                loop.run_in_executor(executor, fn, *args), limit or self.settings.bot_time_limit
            )
        except TimeoutError:
            raise ServerError(
                "busy", "the server is too busy to think about this now", "o servidor está ocupado demais agora"
            ) from None

    async def _advice(self, key: tuple[str, str, int], make: Callable[[], Awaitable[Advice]]) -> Advice:
        """One job per key: later asks for the same hint or step wait for it; failures are not kept."""
        future = self.advice.get(key)
        if future is not None:
            self.advice.move_to_end(key)
            return await asyncio.shield(future)
        future = asyncio.get_running_loop().create_future()
        self.advice[key] = future
        while len(self.advice) > self.settings.coach_cache:
            self.advice.popitem(last=False)
        try:
            result = await make()
        except BaseException as exc:
            self.advice.pop(key, None)
            if not future.done():
                future.set_exception(exc)
                future.exception()  # retrieved: no "never retrieved" warning when nobody else waited
            raise
        future.set_result(result)
        return result

    # ---- hints ---------------------------------------------------------------------------------
    async def hint(self, room: Room, seat: int, lang: str, client: str) -> dict[str, Any]:
        async with room.lock:
            if not hints_allowed(room):
                raise hints_off(room)
            state = room.state
            if state.is_over():
                raise ServerError("game_over", "the game is over", "o jogo terminou")
            if not room.started():
                raise ServerError("not_started", "the game has not started", "o jogo ainda não começou")
            if state.to_move() != seat or room.seats[seat].controller is not None:
                raise ServerError(
                    "not_your_turn",
                    "a hint is for the seat to move, when a person plays it",
                    "a dica é para o lugar da vez, quando uma pessoa joga nele",
                    turn=room.turn,
                )
            turn = room.turn
            infoset = state.infoset(seat)
        key = (room.id, "hint", turn)
        if key not in self.advice:
            self._hit(self.hint_rate, f"hint:{client}", "hints and explanations", "dicas e explicações")
        s = self.settings
        advice = await self._advice(
            key, lambda: self._run(self._lanes().main.pool, hint_job, infoset, s.hint_iterations, s.hint_deadline)
        )
        self.hints_given += 1
        return {"turn": turn, "seat": seat, "hint": advice.to_dict(lang)}

    # ---- "why?" on a move of the log ----------------------------------------------------------------
    async def explain(self, room: Room, step: int, viewer: int | None, lang: str, client: str) -> dict[str, Any]:
        async with room.lock:
            steps = len(room.entries)
            if not 1 <= step <= steps:
                raise ServerError(
                    "bad_message", f"step must be from 1 to {steps}", f"o passo deve ser de 1 a {max(steps, 1)}"
                )
            entry = room.entries[step - 1]
            over = room.state.is_over()
            revealed = over and room.reveal_at_end
            private = viewer == entry.seat or revealed
            if not over and not hints_allowed(room):
                raise hints_off(room)
            codes = [a.code for a in room.entries[: step - 1]]
            game, players, seed, variant = room.game, room.data.players, room.data.seed, dict(room.data.variant)
        key = (room.id, "step", step)
        if key not in self.advice:
            self._hit(self.hint_rate, f"hint:{client}", "hints and explanations", "dicas e explicações")

        async def make() -> Advice:
            infoset = await asyncio.to_thread(_infoset_at, game, players, seed, variant, codes, entry.seat)
            s = self.settings
            return await self._run(
                self._lanes().main.pool, account_job, infoset, entry.code, s.hint_iterations, s.hint_deadline
            )

        advice = await self._advice(key, make)
        return {
            "step": step,
            "seat": entry.seat,
            "bot": entry.by_bot,
            "explanation": advice.to_dict(lang, private=private),
        }

    # ---- reviews ------------------------------------------------------------------------------------
    async def review(
        self, room: Room, seat: int, viewer: int | None, lang: str, client: str
    ) -> tuple[int, dict[str, Any]]:
        if not 0 <= seat < room.data.players:
            raise ServerError(
                "bad_message",
                f"seat must be from 0 to {room.data.players - 1}",
                f"o lugar deve ser de 0 a {room.data.players - 1}",
            )
        async with room.lock:
            if not room.state.is_over():
                raise ServerError(
                    "not_over",
                    "a review is made once the game is over",
                    "a análise é feita quando o jogo termina",
                    turn=room.turn,
                )
            if viewer != seat and not room.reveal_at_end:
                raise ServerError(
                    "forbidden",
                    "this room shows a seat's review only to that seat's player",
                    "esta sala mostra a análise de um lugar só ao jogador desse lugar",
                )
            record = room.state.to_record()
        key = (room.id, seat)
        job = self.reviews.get(key)
        if job is not None and job.error is not None and time.monotonic() - job.ended > RETRY_FAILED_AFTER:
            self.reviews.pop(key, None)  # a failed review may be asked for again, a little later
            job = None
        if job is None:
            self._start_allowed(client)
            job = ReviewJob()
            self.reviews[key] = job
            while len(self.reviews) > self.settings.review_cache:
                old_key, old = next(iter(self.reviews.items()))
                if old.task is not None and not old.task.done():
                    break
                self.reviews.pop(old_key)
            job.task = asyncio.create_task(self._review(job, record, seat))
        self.reviews.move_to_end(key)
        return self._review_answer(job, lang, seat)

    def _start_allowed(self, client: str) -> None:
        running = sum(1 for j in self.reviews.values() if j.task is not None and not j.task.done())
        if running >= self.settings.max_reviews_running:
            raise ServerError(
                "busy",
                f"{running} reviews are being made now; try again in a minute",
                f"{running} análises estão em andamento; tente de novo em um minuto",
                retry_after=30,
            )
        self._hit(self.review_rate, f"review:{client}", "reviews started", "análises iniciadas")

    def _review_answer(self, job: ReviewJob, lang: str, seat: int) -> tuple[int, dict[str, Any]]:
        if job.result is not None:
            return 200, {"status": "done", "seat": seat, "review": job.result.to_dict(lang)}
        if job.error is not None:
            return 200, {"status": "failed", "seat": seat, "error": job.error}
        return 202, {"status": "running", "seat": seat, "done": job.done, "total": job.total}

    async def _review(self, job: ReviewJob, record: GameRecord, seat: int) -> None:
        s = self.settings
        try:
            points = await asyncio.to_thread(lambda: list(decision_points(record, seat)))
            job.total = len(points)
            lane = self._lanes().background
            gate = asyncio.Semaphore(max(1, s.background_bot_workers))  # queued jobs would wait out the time limit

            async def judge(index: int, infoset: InfoSet, played: str) -> Decision:
                async with gate:
                    decision = await self._run(
                        lane.pool,
                        decision_job,
                        infoset,
                        played,
                        index,
                        s.review_iterations,
                        s.review_weigh,
                        limit=max(s.bot_time_limit, REVIEW_DECISION_LIMIT),  # nobody waits for one decision
                    )
                job.done += 1
                return decision

            decisions = await asyncio.gather(*(judge(i, inf, a.code) for i, inf, a in points))
            settings = replace(REVIEW_SETTINGS, iterations=s.review_iterations)
            result = await asyncio.to_thread(assemble, record, seat, decisions, settings, 0, s.review_weigh)
            job.result = replace(result, seconds=time.monotonic() - job.started)
            self.reviews_done += 1
        except asyncio.CancelledError:
            job.error = "stopped"
            raise
        except ServerError as exc:
            job.error = exc.message
        except Exception as exc:  # a fault in a game's code: logged, reported, and the review may be asked again
            log.exception("review of seat %s failed", seat)
            job.error = f"the review failed ({type(exc).__name__})"
        finally:
            job.ended = time.monotonic()

    async def stop(self) -> None:
        tasks = [j.task for j in self.reviews.values() if j.task is not None and not j.task.done()]
        for task in tasks:
            task.cancel()
        with contextlib.suppress(Exception):
            await asyncio.gather(*tasks, return_exceptions=True)
        if self._own is not None:
            self._own.close()


def _per_minute(amount: int) -> RateLimitItem | None:
    return RateLimitItemPerMinute(amount) if amount > 0 else None


def _infoset_at(game: Game, players: int, seed: int, variant: dict[str, Any], codes: list[str], seat: int) -> InfoSet:
    """The mover's information set just before the move at ``len(codes) + 1``."""
    state = game.new(players, seed=seed, variant=variant)
    for code in codes:
        state.apply(code)
    return state.infoset(seat)
