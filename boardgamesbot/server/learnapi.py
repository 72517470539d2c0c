"""HTTP routes of the learning features: hints, "why?", reviews and the guided first game (docs/server.md).

The work and its limits live in coach.py; this module reads requests and
builds answers. The guided game is stateless on the server: the client sends
the answers accepted so far and the new one, the walk is replayed
(play/tutorial.py) and checked, and the answer carries the new step, the
learner's view and the words to show.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Annotated, Any

from fastapi import FastAPI, Path, Query, Request
from fastapi.responses import JSONResponse, Response

from ..core.errors import BGBError
from ..core.game import Game
from ..play.tutorial import BadProgress, NoTutorial, Verdict, Walk, tutorial_of
from . import schemas
from .coach import Coach
from .config import Settings
from .errors import ServerError
from .hub import Hub, find_game
from .protocol import get_lang, get_str
from .room import describe

RoomId = Annotated[str, Path(min_length=1, max_length=64, description="room id")]
SeatNo = Annotated[int, Path(ge=0, le=7, description="0-based seat")]
StepNo = Annotated[int, Path(ge=1, le=1_000_000, description="the move's step (1 = the first move)")]
GameName = Annotated[str, Path(min_length=1, max_length=40, description="game name")]
Lang = Annotated[str | None, Query(max_length=10, description="en or pt")]
MAX_CODE = 40


def attach(app: FastAPI, hub: Hub, settings: Settings) -> Coach:
    coach = Coach(hub, settings)
    app.state.coach = coach
    return coach


async def detach(app: FastAPI) -> None:
    coach: Coach | None = getattr(app.state, "coach", None)
    if coach is not None:
        await coach.stop()


def register(
    app: FastAPI,
    *,
    body: Callable[[Request], Any],
    require: Callable[[Request, Hub, Any, int], Awaitable[int]],
    viewer: Callable[[Request, Hub, Any], Awaitable[int | None]],
    client: Callable[[Request], str],
    lang_of: Callable[..., str],
    index: Callable[[], Response],
) -> None:
    """Add the routes (call before the catch-all ``/api/{path}`` route and the static mount).

    ``require`` checks the caller holds a seat, ``viewer`` names the caller's seat (None: a spectator):
    by the seat's token, or by the signed-in account the seat belongs to, as the other room routes.
    """

    def hub_of(request: Request) -> Hub:
        hub: Hub = request.app.state.hub
        return hub

    def coach_of(request: Request) -> Coach:
        coach: Coach = request.app.state.coach
        return coach

    @app.get("/api/rooms/{room_id}/seats/{seat}/hint")
    async def room_hint(room_id: RoomId, seat: SeatNo, request: Request, lang: Lang = None) -> dict[str, Any]:
        hub = hub_of(request)
        async with hub.pinned(room_id) as room:
            await require(request, hub, room, seat)
            return await coach_of(request).hint(room, seat, lang_of(request, room.data.lang), client(request))

    @app.get("/api/rooms/{room_id}/explain/{step}")
    async def room_explain(room_id: RoomId, step: StepNo, request: Request, lang: Lang = None) -> dict[str, Any]:
        hub = hub_of(request)
        async with hub.pinned(room_id) as room:
            who = await viewer(request, hub, room)
            return await coach_of(request).explain(room, step, who, lang_of(request, room.data.lang), client(request))

    @app.get("/api/rooms/{room_id}/review/{seat}")
    async def room_review(room_id: RoomId, seat: SeatNo, request: Request, lang: Lang = None) -> Response:
        hub = hub_of(request)
        async with hub.pinned(room_id) as room:
            who = await viewer(request, hub, room)
            status, answer = await coach_of(request).review(
                room, seat, who, lang_of(request, room.data.lang), client(request)
            )
        return JSONResponse(answer, status_code=status, headers={"Cache-Control": "no-store"})

    @app.get("/api/learn/{game}")
    async def learn_start(game: GameName, request: Request, lang: Lang = None) -> dict[str, Any]:
        chosen = _game(game)
        walk = _walk(chosen, [])
        return payload(walk, lang_of(request), None)

    @app.post("/api/learn/{game}", openapi_extra=schemas.body(schemas.LEARN))
    async def learn_answer(game: GameName, request: Request, lang: Lang = None) -> dict[str, Any]:
        data = await body(request)
        coach_of(request).learn_answer(client(request))
        chosen = _game(game)
        answers = data.get("answers", [])
        if not isinstance(answers, list) or not all(isinstance(a, str) and len(a) <= MAX_CODE for a in answers):
            raise ServerError(
                "bad_message",
                f"field 'answers' must be a list of move codes (at most {MAX_CODE} characters each)",
                f"o campo 'answers' deve ser uma lista de códigos de jogada (até {MAX_CODE} caracteres cada)",
            )
        answer = get_str(data, "answer", required=False, default="", max_len=MAX_CODE) or ""
        language = get_lang(data, lang_of(request)) if data.get("lang") is not None else lang_of(request)
        walk = _walk(chosen, answers)
        if "answer" not in data:  # only the picture of the walk so far (e.g. in another language)
            return payload(walk, language, None)
        if walk.finished:
            raise ServerError("bad_message", "the guided game is over", "o jogo guiado terminou")
        try:
            verdict = walk.answer(answer)
        except BGBError as exc:
            raise ServerError("bad_message", exc.message, exc.message_pt) from None
        return payload(walk, language, verdict)

    @app.get("/learn/{game}", include_in_schema=False)
    async def learn_page(game: str) -> Response:
        return index()

    @app.get("/r/{room_id}/review/{seat}", include_in_schema=False)
    async def review_page(room_id: str, seat: str) -> Response:
        return index()


def _game(name: str) -> Game:
    game = find_game(name)
    try:
        tutorial_of(game)
    except NoTutorial as exc:
        raise ServerError("no_tutorial", exc.message, exc.message_pt) from None
    return game


def _walk(game: Game, answers: list[str]) -> Walk:
    try:
        return Walk.replay(game, answers)
    except BadProgress as exc:
        raise ServerError("bad_message", exc.message, exc.message_pt) from None


def _words(said: Any, lang: str) -> str:
    if not said:
        return ""
    return str(said.get(lang) or said.get("en") or "")


def payload(walk: Walk, lang: str, verdict: Verdict | None) -> dict[str, Any]:
    """The client's whole picture of the walk: step, view, legal moves, words; and the verdict on its answer."""
    game, tut = walk.game, walk.tutorial
    step = walk.step
    view = walk.view()
    legal = walk.legal()
    out: dict[str, Any] = {
        "game": game.name,
        "ui": game.ui_component,
        "title": _words(tut.title, lang),
        "seat": tut.seat,
        "total": len(tut.steps),
        "index": walk.index,
        "answers": list(walk.answers),
        "finished": walk.finished,
        "view": view,
        "legal_text": {code: describe(game, code, lang) for code in legal},
        "last": walk.last_move,
        "step": None,
        "finale": _words(tut.finale, lang) if walk.finished else None,
        "practice": {"players": tut.practice_players, "variant": dict(tut.practice_variant)},
    }
    if step is not None:
        rule = game.rules.get(step.rule) if step.rule else None
        out["step"] = {
            "kind": step.kind,
            "say": _words(step.say, lang),
            "rule": step.rule,
            "rule_text": (rule.summary_pt if lang == "pt" else rule.summary_en) if rule is not None else None,
            "point": list(step.point),
        }
    if verdict is not None:
        out["verdict"] = {
            "ok": verdict.ok,
            "words": _words(verdict.words, lang),
            "rule": verdict.rule,
            "engine": verdict.engine,
        }
        if verdict.ok and walk.moved is not None and step is not None and step.kind == "watch":
            out["moved"] = walk.moved  # the learner's view right after its move, before the scripted reply
    return out
