"""The FastAPI application: HTTP routes, the WebSocket route and the static UI.

Routes translate requests into :class:`~boardgamesbot.server.hub.Hub` calls
and every refusal into ``{"error": {"code", "message"}}`` with its status
(docs/server.md). Bodies are read by hand so size and JSON errors get the
project's own codes.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles

from . import desk
from .botpool import offered_levels
from .config import Settings
from .errors import ServerError
from .hub import Hub, available_games
from .protocol import get_after, get_lang, get_str, parse_json
from .ws import serve_socket

STATIC_DIR = Path(__file__).resolve().parent / "static"


def _lang(request: Request, default: str = "en") -> str:
    try:
        return get_lang({"lang": request.query_params.get("lang")}, default)
    except ServerError:
        return default


async def _body(request: Request, limit: int) -> dict[str, Any]:
    declared = request.headers.get("content-length")
    if declared and declared.isdigit() and int(declared) > limit:
        raise ServerError(
            "too_large",
            f"body of {declared} bytes is over the limit of {limit} bytes",
            f"corpo de {declared} bytes passa do limite de {limit} bytes",
        )
    raw = b""
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > limit:
            break
    return parse_json(raw, limit)


def _token(request: Request) -> str | None:
    header = request.headers.get("authorization")
    if not header:
        return None
    scheme, _, value = header.partition(" ")
    if scheme.lower() != "bearer" or not value.strip():
        raise ServerError(
            "bad_token",
            "use the header 'Authorization: Bearer <seat token>'",
            "use o cabeçalho 'Authorization: Bearer <token do lugar>'",
        )
    return value.strip()


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        hub = Hub(settings)
        app.state.hub = hub
        await hub.start()
        try:
            yield
        finally:
            await hub.stop()

    app = FastAPI(
        title="BoardGamesBot", lifespan=lifespan, docs_url="/api/docs", redoc_url=None, openapi_url="/api/openapi.json"
    )
    limit = settings.max_message_bytes

    def hub_of(request: Request | WebSocket) -> Hub:
        hub: Hub = request.app.state.hub
        return hub

    @app.exception_handler(ServerError)
    async def _server_error(request: Request, exc: ServerError) -> JSONResponse:
        return JSONResponse({"error": exc.to_dict(_lang(request))}, status_code=exc.status)

    @app.exception_handler(Exception)
    async def _fault(request: Request, exc: Exception) -> JSONResponse:
        logging.getLogger("bgb.server").error("%s %s failed", request.method, request.url.path, exc_info=exc)
        return JSONResponse(
            {"error": {"code": "internal", "message": "the server failed on this request"}}, status_code=500
        )

    @app.exception_handler(RequestValidationError)
    async def _validation_error(request: Request, exc: RequestValidationError) -> JSONResponse:
        where = "; ".join(f"{'.'.join(str(p) for p in err.get('loc', ()))}: {err.get('msg')}" for err in exc.errors())
        return JSONResponse({"error": {"code": "bad_message", "message": f"bad request ({where})"}}, status_code=400)

    @app.get("/api/health")
    async def health(request: Request) -> dict[str, Any]:
        hub = hub_of(request)
        return {"ok": True, "rooms": len(hub.rooms), "moves": hub.moves_accepted, "commits": hub.writer.commits}

    @app.get("/api/games")
    async def games(request: Request) -> dict[str, Any]:
        lang = _lang(request)
        out = []
        for name, game in available_games().items():
            out.append(
                {
                    "name": name,
                    "title": game.title.get(lang, game.title.get("en", name)),
                    "min_players": game.min_players,
                    "max_players": game.max_players,
                    "variants": [
                        {
                            "name": opt.name,
                            "default": opt.default,
                            "help": opt.help_pt if lang == "pt" else opt.help_en,
                            "choices": list(opt.choices),
                        }
                        for opt in game.variant_options.values()
                    ],
                    "teams": {str(n): game.teams(n) for n in range(game.min_players, game.max_players + 1)},
                    "ui": game.ui_component,
                }
            )
        return {"games": out, "bots": offered_levels(), "langs": ["en", "pt"], "rules_desk": desk.available()}

    @app.post("/api/rooms", status_code=201)
    async def create_room(request: Request) -> dict[str, Any]:
        return await hub_of(request).create_room(await _body(request, limit))

    @app.post("/api/rooms/{room_id}/join")
    async def join(room_id: str, request: Request) -> dict[str, Any]:
        hub = hub_of(request)
        await hub.get_room(room_id)
        return await hub.join(room_id, await _body(request, limit))

    @app.get("/api/rooms/{room_id}")
    async def room_state(room_id: str, request: Request) -> dict[str, Any]:
        hub = hub_of(request)
        room = await hub.get_room(room_id)
        seat = hub.authenticate(room, _token(request))
        async with room.lock:
            return room.snapshot(seat, _lang(request, room.data.lang))

    @app.get("/api/rooms/{room_id}/seats/{seat}")
    async def seat_state(room_id: str, seat: int, request: Request) -> dict[str, Any]:
        hub = hub_of(request)
        room = await hub.get_room(room_id)
        hub.require_seat(room, _token(request), seat)
        async with room.lock:
            return room.snapshot(seat, _lang(request, room.data.lang))

    @app.post("/api/rooms/{room_id}/seats/{seat}/move")
    async def move(room_id: str, seat: int, request: Request) -> dict[str, Any]:
        hub = hub_of(request)
        room = await hub.get_room(room_id)
        hub.require_seat(room, _token(request), seat)
        body = await _body(request, limit)
        if "action" not in body or "turn" not in body:
            raise ServerError(
                "bad_message",
                "a move needs the fields 'action' and 'turn'",
                "uma jogada precisa dos campos 'action' e 'turn'",
            )
        result = await hub.move(room, seat, body["action"], body["turn"])
        async with room.lock:
            result["view"] = room.view_for(seat)
        return result

    @app.post("/api/rooms/{room_id}/seats/{seat}/bot")
    async def hand_to_bot(room_id: str, seat: int, request: Request) -> dict[str, Any]:
        hub = hub_of(request)
        room = await hub.get_room(room_id)
        hub.require_seat(room, _token(request), seat)
        body = await _body(request, limit)
        on = body.get("on")
        if not isinstance(on, bool):
            raise ServerError("bad_message", "field 'on' must be true or false", "o campo 'on' deve ser true ou false")
        return await hub.hand_to_bot(room, seat, on, get_str(body, "bot", required=False, max_len=40))

    @app.post("/api/rooms/{room_id}/seats/{seat}/cover")
    async def cover(room_id: str, seat: int, request: Request) -> dict[str, Any]:
        hub = hub_of(request)
        room = await hub.get_room(room_id)
        hub.require_seat(room, _token(request), seat)
        body = await _body(request, limit)
        return await hub.cover(
            room, seat, body.get("target"), get_after(body), get_str(body, "bot", required=False, max_len=40)
        )

    async def _replay(request: Request, room_id: str, seat: int | None, authed: bool) -> dict[str, Any]:
        hub = hub_of(request)
        room = await hub.get_room(room_id)
        if authed:
            hub.require_seat(room, _token(request), seat if seat is not None else -1)
        step_text = request.query_params.get("step")
        step = None
        if step_text is not None:
            if not step_text.isdigit():
                raise ServerError(
                    "bad_message",
                    f"step must be a whole number, not {step_text!r}",
                    f"o passo deve ser um número inteiro, não {step_text!r}",
                )
            step = int(step_text)
        reveal = request.query_params.get("reveal", "0").lower() in ("1", "true", "yes")
        return await hub.replay(room, seat, _lang(request, room.data.lang), step, reveal)

    @app.get("/api/rooms/{room_id}/replay")
    async def spectator_replay(room_id: str, request: Request) -> dict[str, Any]:
        return await _replay(request, room_id, None, False)

    @app.get("/api/rooms/{room_id}/seats/{seat}/replay")
    async def seat_replay(room_id: str, seat: int, request: Request) -> dict[str, Any]:
        return await _replay(request, room_id, seat, True)

    @app.get("/api/rooms/{room_id}/record")
    async def record(room_id: str, request: Request) -> dict[str, Any]:
        hub = hub_of(request)
        room = await hub.get_room(room_id)
        async with room.lock:
            return hub.record(room)

    @app.get("/api/rules/{game}")
    async def rules_sheet(game: str, request: Request) -> dict[str, Any]:
        lang = _lang(request)
        fmt = request.query_params.get("fmt", "html")
        return {"game": game, "lang": lang, "fmt": fmt, "sheet": await asyncio.to_thread(desk.sheet, game, lang, fmt)}

    @app.post("/api/rules/{game}/ask")
    async def rules_ask(game: str, request: Request) -> dict[str, Any]:
        body = await _body(request, limit)
        question = get_str(body, "question", max_len=2000) or ""
        lang = get_lang(body, "en") if body.get("lang") is not None else None
        return {"answer": await asyncio.to_thread(desk.ask, game, question, lang)}

    @app.api_route("/api/{path:path}", methods=["GET", "POST", "PUT", "PATCH", "DELETE"], include_in_schema=False)
    async def no_such_endpoint(path: str, request: Request) -> JSONResponse:
        return JSONResponse(
            {"error": {"code": "bad_message", "message": f"no endpoint {request.method} /api/{path} (see /api/docs)"}},
            status_code=404,
        )

    @app.websocket("/ws/rooms/{room_id}")
    async def socket(websocket: WebSocket, room_id: str) -> None:
        await serve_socket(hub_of(websocket), websocket, room_id)

    def _index() -> Response:
        index = STATIC_DIR / "index.html"
        if not index.is_file():
            return JSONResponse(
                {"error": {"code": "unavailable", "message": "the web UI files are not installed"}}, status_code=503
            )
        return FileResponse(index)

    @app.get("/r/{room_id}", include_in_schema=False)
    async def room_page(room_id: str) -> Response:
        return _index()

    @app.get("/rules/{game}", include_in_schema=False)
    async def rules_page(game: str) -> Response:
        return _index()

    @app.get("/", include_in_schema=False)
    async def home() -> Response:
        return _index()

    app.mount("/", StaticFiles(directory=STATIC_DIR, html=True, check_dir=False), name="static")
    return app
