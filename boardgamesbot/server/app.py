"""The FastAPI application: HTTP routes, the WebSocket route and the static UI.

Routes translate requests into :class:`~boardgamesbot.server.hub.Hub` calls
and every refusal into ``{"error": {"code", "message"}}`` with its status
(docs/server.md). Bodies are read by hand so size and JSON errors get the
project's own codes; their schemas (schemas.py) and every query and path
parameter are declared, so /api/openapi.json describes the whole API and
bad parameters are refused (400 ``bad_message``), never a 500.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path as FilePath
from typing import Annotated, Any

from fastapi import FastAPI, Path, Query, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.middleware.gzip import GZipMiddleware

from ..core.registry import list_games
from ..play.tutorial import has_tutorial
from . import desk, learnapi, schemas, social_routes
from .botpool import offered_levels
from .config import Settings
from .errors import ServerError
from .hub import Hub, available_games
from .protocol import get_after, get_lang, get_str, parse_json
from .quotas import client_id
from .security import Guard, allowed_hosts
from .ws import serve_socket

RoomId = Annotated[str, Path(min_length=1, max_length=64, description="room id")]
SeatNo = Annotated[int, Path(ge=0, le=7, description="0-based seat")]
Lang = Annotated[str | None, Query(max_length=10, description="en or pt")]
Step = Annotated[int | None, Query(ge=0, le=1_000_000, description="just this frame")]
From = Annotated[int, Query(alias="from", ge=0, le=1_000_000, description="first frame of the page")]
Limit = Annotated[int | None, Query(ge=1, le=100, description="frames in the page (at most the page size)")]
Reveal = Annotated[bool, Query(description="after the end, if the room allows: positions and every seat")]
As = Annotated[int | None, Query(alias="as", ge=0, le=7, description="with reveal: show this seat's view")]

STATIC_DIR = FilePath(__file__).resolve().parent / "static"


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


async def _require(request: Request, hub: Hub, room: Any, seat: int) -> int:
    """The caller holds ``seat``: by its token, or (no token) by the signed-in account the seat belongs to."""
    token = _token(request)
    if token is None:
        account = await hub.social.accounts.from_cookies(request.cookies)
        if account is not None and hub.social.account_seat(room, account, seat) == seat:
            return seat
    return hub.require_seat(room, token, seat)


async def _viewer(request: Request, hub: Hub, room: Any) -> int | None:
    """The caller's seat: by its token, or (no token) the seat of the signed-in account; None for a spectator."""
    token = _token(request)
    seat = hub.authenticate(room, token)
    if token is None:  # a signed-in player is their own seat from any browser
        account = await hub.social.accounts.from_cookies(request.cookies)
        seat = hub.social.account_seat(room, account)
    return seat


def _client(request: Request, settings: Settings) -> str:
    return client_id(request.client.host if request.client else None, request.headers, settings)


def _page(request: Request, page: tuple[bytes, bytes]) -> Response:
    raw, packed = page
    headers = {"Vary": "Accept-Encoding", "Cache-Control": "no-store"}
    if "gzip" in request.headers.get("accept-encoding", "").lower():
        return Response(packed, media_type="application/json", headers={**headers, "Content-Encoding": "gzip"})
    return Response(raw, media_type="application/json", headers=headers)


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        hub = Hub(settings)
        app.state.hub = hub
        learnapi.attach(app, hub, settings)
        if hub.cluster is not None:  # forwarded requests run through the whole app, middleware included
            hub.cluster.asgi = app
        await hub.start()
        try:
            yield
        finally:
            await learnapi.detach(app)
            await hub.stop()

    app = FastAPI(
        title="BoardGamesBot",
        summary="Rooms, seats and moves of BoardGamesBot's games (docs/server.md has the words).",
        lifespan=lifespan,
        docs_url=None,
        redoc_url=None,
        openapi_url="/api/openapi.json",
    )
    limit = settings.max_message_bytes

    def hub_of(request: Request | WebSocket) -> Hub:
        hub: Hub = request.app.state.hub
        return hub

    @app.exception_handler(ServerError)
    async def _server_error(request: Request, exc: ServerError) -> JSONResponse:
        return JSONResponse({"error": exc.to_dict(_lang(request))}, status_code=exc.status, headers=exc.headers())

    @app.exception_handler(Exception)
    async def _fault(request: Request, exc: Exception) -> JSONResponse:
        logging.getLogger("bgb.server").error("%s %s failed", request.method, request.url.path, exc_info=exc)
        return JSONResponse(
            {"error": {"code": "internal", "message": "the server failed on this request"}}, status_code=500
        )

    @app.exception_handler(RequestValidationError)
    async def _validation_error(request: Request, exc: RequestValidationError) -> JSONResponse:
        where = "; ".join(
            f"{'.'.join(str(p) for p in err.get('loc', ()))}: {err.get('msg')}" for err in exc.errors()[:5]
        )
        return JSONResponse(
            {"error": {"code": "bad_message", "message": f"bad request ({where[:500]})"}}, status_code=400
        )

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(request: Request, exc: StarletteHTTPException) -> Response:
        if not request.url.path.startswith("/api/"):
            return JSONResponse(
                {"error": {"code": "not_found", "message": str(exc.detail)}}, status_code=exc.status_code
            )
        code = "bad_message" if exc.status_code != 404 else "unknown_endpoint"
        return JSONResponse({"error": {"code": code, "message": str(exc.detail)}}, status_code=exc.status_code)

    @app.get("/api/health")
    async def health(request: Request) -> dict[str, Any]:
        hub = hub_of(request)
        out = {"ok": True, "rooms": len(hub.rooms), "moves": hub.moves_accepted, "commits": hub.writer.commits}
        if hub.cluster is not None:
            out["cluster"] = hub.cluster.health()
        return out

    @app.get("/api/games")
    async def games(request: Request, lang: Lang = None) -> dict[str, Any]:
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
                    "learn": has_tutorial(game),
                }
            )
        return {
            "games": out,
            "bots": offered_levels(),
            "bot_ratings": hub_of(request).social.bot_ratings,
            "langs": ["en", "pt"],
            "rules_desk": desk.available(),
        }

    @app.post("/api/rooms", status_code=201, openapi_extra=schemas.body(schemas.create_room(list_games())))
    async def create_room(request: Request, lang: Lang = None) -> dict[str, Any]:
        body = await _body(request, limit)
        hub = hub_of(request)
        account = await hub.social.accounts.from_cookies(request.cookies)
        return await hub.create_room(body, _client(request, settings), account)

    @app.post("/api/rooms/{room_id}/join", openapi_extra=schemas.body(schemas.JOIN))
    async def join(room_id: RoomId, request: Request, lang: Lang = None) -> dict[str, Any]:
        hub = hub_of(request)
        body = await _body(request, limit)
        account = await hub.social.accounts.from_cookies(request.cookies)
        async with hub.pinned(room_id):
            return await hub.join(room_id, body, account)

    @app.get("/api/rooms/{room_id}")
    async def room_state(room_id: RoomId, request: Request, lang: Lang = None) -> dict[str, Any]:
        hub = hub_of(request)
        async with hub.pinned(room_id) as room:
            seat = await _viewer(request, hub, room)
            async with room.lock:
                return room.snapshot(seat, _lang(request, room.data.lang))

    @app.get("/api/rooms/{room_id}/seats/{seat}")
    async def seat_state(room_id: RoomId, seat: SeatNo, request: Request, lang: Lang = None) -> dict[str, Any]:
        hub = hub_of(request)
        async with hub.pinned(room_id) as room:
            await _require(request, hub, room, seat)
            async with room.lock:
                return room.snapshot(seat, _lang(request, room.data.lang))

    @app.post("/api/rooms/{room_id}/seats/{seat}/move", openapi_extra=schemas.body(schemas.MOVE))
    async def move(room_id: RoomId, seat: SeatNo, request: Request, lang: Lang = None) -> dict[str, Any]:
        hub = hub_of(request)
        async with hub.pinned(room_id) as room:
            await _require(request, hub, room, seat)
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

    @app.post("/api/rooms/{room_id}/seats/{seat}/bot", openapi_extra=schemas.body(schemas.BOT))
    async def hand_to_bot(room_id: RoomId, seat: SeatNo, request: Request, lang: Lang = None) -> dict[str, Any]:
        hub = hub_of(request)
        async with hub.pinned(room_id) as room:
            await _require(request, hub, room, seat)
            body = await _body(request, limit)
            on = body.get("on")
            if not isinstance(on, bool):
                raise ServerError(
                    "bad_message", "field 'on' must be true or false", "o campo 'on' deve ser true ou false"
                )
            return await hub.hand_to_bot(room, seat, on, get_str(body, "bot", required=False, max_len=40))

    @app.post("/api/rooms/{room_id}/seats/{seat}/cover", openapi_extra=schemas.body(schemas.COVER))
    async def cover(room_id: RoomId, seat: SeatNo, request: Request, lang: Lang = None) -> dict[str, Any]:
        hub = hub_of(request)
        async with hub.pinned(room_id) as room:
            await _require(request, hub, room, seat)
            body = await _body(request, limit)
            return await hub.cover(
                room, seat, body.get("target"), get_after(body), get_str(body, "bot", required=False, max_len=40)
            )

    async def _replay(
        request: Request,
        room_id: str,
        seat: int | None,
        *,
        step: int | None,
        start: int,
        count: int | None,
        reveal: bool,
        as_seat: int | None,
    ) -> Response:
        hub = hub_of(request)
        async with hub.pinned(room_id) as room:
            if seat is not None:
                await _require(request, hub, room, seat)
            hub.quotas.replay_page(_client(request, settings))
            page = await hub.replay(
                room, seat, _lang(request, room.data.lang), step, reveal, start=start, limit=count, as_seat=as_seat
            )
        return _page(request, page)

    @app.get("/api/rooms/{room_id}/replay")
    async def spectator_replay(
        room_id: RoomId,
        request: Request,
        step: Step = None,
        start: From = 0,
        limit: Limit = None,
        reveal: Reveal = False,
        as_seat: As = None,
        lang: Lang = None,
    ) -> Response:
        return await _replay(
            request, room_id, None, step=step, start=start, count=limit, reveal=reveal, as_seat=as_seat
        )

    @app.get("/api/rooms/{room_id}/seats/{seat}/replay")
    async def seat_replay(
        room_id: RoomId,
        seat: SeatNo,
        request: Request,
        step: Step = None,
        start: From = 0,
        limit: Limit = None,
        reveal: Reveal = False,
        as_seat: As = None,
        lang: Lang = None,
    ) -> Response:
        return await _replay(
            request, room_id, seat, step=step, start=start, count=limit, reveal=reveal, as_seat=as_seat
        )

    @app.get("/api/rooms/{room_id}/record")
    async def record(room_id: RoomId, request: Request) -> dict[str, Any]:
        hub = hub_of(request)
        async with hub.pinned(room_id) as room, room.lock:
            return hub.record(room)

    @app.get("/api/rules/{game}")
    async def rules_sheet(
        game: Annotated[str, Path(max_length=40)],
        request: Request,
        lang: Lang = None,
        fmt: Annotated[str, Query(max_length=10, description="html, md (markdown) or text")] = "html",
    ) -> dict[str, Any]:
        lang = _lang(request)
        hub = hub_of(request)
        if hub.desk_building(game) and await asyncio.to_thread(desk.sheet_reads_index, game):
            await hub.desk_ready(game)  # a sheet made from the rulebook may ingest it: not while the warm-up does
        return {"game": game, "lang": lang, "fmt": fmt, "sheet": await asyncio.to_thread(desk.sheet, game, lang, fmt)}

    @app.post("/api/rules/{game}/ask", openapi_extra=schemas.body(schemas.ASK))
    async def rules_ask(game: Annotated[str, Path(max_length=40)], request: Request) -> dict[str, Any]:
        body = await _body(request, limit)
        question = get_str(body, "question", max_len=2000) or ""
        lang = get_lang(body, "en") if body.get("lang") is not None else None
        await hub_of(request).desk_ready(game)  # while the start-up warm-up builds this game, it finishes first
        return {"answer": await asyncio.to_thread(desk.ask, game, question, lang)}

    learnapi.register(
        app,
        body=lambda request: _body(request, limit),
        require=_require,
        viewer=_viewer,
        client=lambda request: _client(request, settings),
        lang_of=_lang,
        index=lambda: _index(),
    )

    async def read_body(request: Request) -> dict[str, Any]:
        return await _body(request, limit)

    social_routes.register(app, settings, read_body, lambda request: _client(request, settings))

    @app.api_route("/api/{path:path}", methods=["GET", "POST", "PUT", "PATCH", "DELETE"], include_in_schema=False)
    async def no_such_endpoint(path: str, request: Request) -> JSONResponse:
        return JSONResponse(
            {
                "error": {
                    "code": "bad_message",
                    "message": f"no endpoint {request.method} /api/{path} (see docs/server.md)",
                }
            },
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

    @app.get("/lobby", include_in_schema=False)
    @app.get("/login", include_in_schema=False)
    @app.get("/u/{name}", include_in_schema=False)
    async def social_page(request: Request) -> Response:
        return _index()

    @app.get("/rules/{game}", include_in_schema=False)
    async def rules_page(game: str) -> Response:
        return _index()

    @app.get("/", include_in_schema=False)
    async def home() -> Response:
        return _index()

    app.mount("/", StaticFiles(directory=STATIC_DIR, html=True, check_dir=False), name="static")
    app.add_middleware(GZipMiddleware, minimum_size=4096, compresslevel=5)
    app.add_middleware(Guard, settings=settings, hosts=allowed_hosts(settings))
    if settings.redis_url:  # cluster mode: requests for rooms another process owns go there (outermost)
        from .cluster.relay import ClusterRoutes

        app.add_middleware(ClusterRoutes, hub=lambda: app.state.hub)
    return app
