"""HTTP routes of accounts, the lobby, public tables, invites and profiles (docs/server.md, "Accounts").

Kept apart from app.py so the game routes stay short; app.py registers these before its
``/api/*`` catch-all and hands over its body reader and client identity.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Annotated, Any

from fastapi import FastAPI, Path, Query, Request, Response, WebSocket

from . import schemas
from . import social_store as db
from .accounts import COOKIE, SESSION_DAYS, public, username_key
from .config import Settings
from .errors import ServerError
from .names import MAX_CHARS, clean_name
from .protocol import get_lang, get_str
from .storage import AccountData
from .tokens import matches

RoomId = Annotated[str, Path(min_length=1, max_length=64, description="room id")]
UserName = Annotated[str, Path(min_length=1, max_length=40, description="username")]
Lang = Annotated[str | None, Query(max_length=10, description="en or pt")]


def _secure(request: Request, settings: Settings) -> bool:
    """Secure cookies when the page is served over TLS (directly, or by a trusted proxy that says so)."""
    if request.url.scheme == "https":
        return True
    peer = request.client.host if request.client else None
    forwarded = request.headers.get("x-forwarded-proto", "").lower()
    return bool(settings.client_ip_header) and peer in settings.trusted_proxies and forwarded == "https"


def _set_cookie(response: Response, secret: str, request: Request, settings: Settings) -> None:
    response.set_cookie(
        COOKIE,
        secret,
        max_age=SESSION_DAYS * 86400,
        path="/",
        httponly=True,
        samesite="lax",
        secure=_secure(request, settings),
    )


def register(
    app: FastAPI,
    settings: Settings,
    body: Callable[[Request], Awaitable[dict[str, Any]]],
    client: Callable[[Request], str],
) -> None:
    def hub_of(request: Request | WebSocket) -> Any:
        return request.app.state.hub

    async def account_of(request: Request) -> AccountData | None:
        result: AccountData | None = await hub_of(request).social.accounts.from_cookies(request.cookies)
        return result

    # ---- accounts and sessions ---------------------------------------------------------------
    @app.post("/api/accounts", status_code=201, openapi_extra=schemas.body(schemas.REGISTER))
    async def register_account(request: Request, response: Response, lang: Lang = None) -> dict[str, Any]:
        data = await body(request)
        username = get_str(data, "username", max_len=40) or ""
        password = get_str(data, "password", max_len=200) or ""
        language = get_lang(data, "en")
        account, secret = await hub_of(request).social.accounts.register(username, password, language, client(request))
        _set_cookie(response, secret, request, settings)
        return {"account": public(account)}

    @app.post("/api/session", openapi_extra=schemas.body(schemas.LOGIN))
    async def log_in(request: Request, response: Response, lang: Lang = None) -> dict[str, Any]:
        data = await body(request)
        username = get_str(data, "username", max_len=40) or ""
        password = get_str(data, "password", max_len=200) or ""
        account, secret = await hub_of(request).social.accounts.login(username, password, client(request))
        _set_cookie(response, secret, request, settings)
        return {"account": public(account)}

    @app.get("/api/session")
    async def who_am_i(request: Request) -> dict[str, Any]:
        account = await account_of(request)
        return {"account": public(account) if account else None}

    @app.delete("/api/session")
    async def log_out(request: Request, response: Response) -> dict[str, Any]:
        await hub_of(request).social.accounts.logout(request.cookies.get(COOKIE))
        response.delete_cookie(COOKIE, path="/", httponly=True, samesite="lax", secure=_secure(request, settings))
        return {"account": None}

    @app.patch("/api/session", openapi_extra=schemas.body(schemas.ACCOUNT_PATCH))
    async def change_account(request: Request) -> dict[str, Any]:
        account = await account_of(request)
        if account is None:
            raise ServerError("login_required", "sign in first", "entre na sua conta primeiro")
        data = await body(request)
        language = get_lang(data, account.lang)
        await hub_of(request).social.accounts.set_lang(account, language)
        account.lang = language
        return {"account": public(account)}

    @app.get("/api/accounts/{name}")
    async def profile(name: UserName, request: Request) -> dict[str, Any]:
        hub = hub_of(request)
        store = hub.writer.store
        account = await hub.writer.run(db.get_account, store, username_key(name))
        if account is None:
            raise ServerError("unknown_account", f"no player {name!r}", f"não há jogador {name!r}")
        me = await account_of(request)
        subject = f"account:{account.name}"
        rows = await hub.writer.run(db.ratings_of_prefix, store, subject)
        history = await hub.writer.run(db.rating_history, store, subject)
        played, recent = await hub.writer.run(db.account_games, store, account.name)
        from ..arena.skill import Skill

        ratings = []
        for r in rows:
            if r.subject != subject:
                continue
            events = [h for h in history if h["game"] == r.game]
            ratings.append(
                {
                    "game": r.game,
                    **Skill(r.mu, r.sigma).to_dict(),
                    "games": r.games,
                    # where the plotted history starts: the rating before its first game shown
                    "start": Skill(events[0]["mu_before"], events[0]["sigma_before"]).to_dict() if events else None,
                    "history": [
                        {"at": h["at"], "room": h["room"], **Skill(h["mu"], h["sigma"]).to_dict()} for h in events
                    ],
                }
            )
        return {
            "account": public(account),
            "me": me is not None and me.name == account.name,
            "games_played": played,
            "ratings": ratings,
            "recent": recent,
        }

    # ---- the lobby and public tables -------------------------------------------------------------
    @app.get("/api/lobby")
    async def lobby(
        request: Request,
        game: Annotated[str | None, Query(max_length=40, description="only this game")] = None,
        rated: Annotated[bool | None, Query(description="only rated (true) or unrated (false) tables")] = None,
    ) -> dict[str, Any]:
        tables = hub_of(request).social.lobby.listing()
        if game:
            tables = [t for t in tables if t["game"] == game]
        if rated is not None:
            tables = [t for t in tables if t["rated"] == rated]
        return {"tables": tables}

    @app.post("/api/rooms/{room_id}/sit", openapi_extra=schemas.body(schemas.SIT))
    async def sit(room_id: RoomId, request: Request, lang: Lang = None) -> dict[str, Any]:
        hub = hub_of(request)
        data = await body(request)
        name = clean_name(get_str(data, "name", required=False, default="", max_len=MAX_CHARS) or "")
        account = await account_of(request)
        async with hub.pinned(room_id) as room:
            result: dict[str, Any] = await hub.social.sit(room, data, account, name)
            return result

    @app.post("/api/rooms/{room_id}/invite", openapi_extra=schemas.body(schemas.INVITE))
    async def invite_status(room_id: RoomId, request: Request, lang: Lang = None) -> dict[str, Any]:
        """Which seat an invite is for and whether it was used (the join page says so before asking)."""
        hub = hub_of(request)
        data = await body(request)
        invite = get_str(data, "invite", max_len=100) or ""
        async with hub.pinned(room_id) as room:
            found = None
            for seat in room.seats:
                if matches(invite, seat.data.invite_hash):
                    found = seat
            if found is None:
                raise ServerError(
                    "bad_token", "this invite is not valid for this room", "este convite não vale para esta sala"
                )
            return {
                "seat": found.data.seat,
                "used": found.data.token_hash is not None,
                "rated": bool(room.data.options.get("rated")),
            }

    @app.websocket("/ws/lobby")
    async def lobby_socket(websocket: WebSocket) -> None:
        from .quotas import client_id

        who = client_id(websocket.client.host if websocket.client else None, websocket.headers, settings)
        await hub_of(websocket).social.serve_lobby(websocket, who)
