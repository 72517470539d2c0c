"""The server's authority: rooms, seats, moves, stand-ins, bots and recovery.

HTTP routes and the WebSocket loop only translate; every decision is made
here, under each room's lock, in the order docs/server.md gives:
credentials -> game over -> your turn -> stale version -> legal, then store,
then acknowledge and broadcast.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import time
from collections import OrderedDict
from collections.abc import AsyncIterator
from datetime import timedelta
from typing import Any

from ..core.errors import BGBError, UnknownGame
from ..core.game import Game, new_seed, rng_for
from ..core.registry import list_games, load_game
from . import desk
from .botpool import BotPool, resolve_level
from .config import Settings
from .errors import RoomElsewhere, ServerError, bad_message
from .names import MAX_CHARS, clean_name
from .protocol import get_bool, get_int, get_lang, get_str
from .quotas import Quotas, creator_digest, live_room_refusal
from .replay import PageCache, PageKey, encode, replay_frames
from .room import Connection, Room, Seat, dumps
from .social import Social
from .storage import AccountData, ActionData, RoomData, SeatData, Store, now
from .tokens import digest, matches, new_room_id, new_secret
from .writer import Writer

log = logging.getLogger("bgb.server")

MAX_NAME = MAX_CHARS
SWEEP_EVERY = 5.0  # s between looks for idle rooms to drop from memory
DESK_WAIT = 120.0  # s a rules question waits for the start-up warm-up of its game before building it itself


def available_games() -> dict[str, Game]:
    """Games whose engine imports now (engines may still be missing in a partial install)."""
    games: dict[str, Game] = {}
    for name in list_games():
        try:
            games[name] = load_game(name)
        except Exception as exc:  # an engine that fails to import is simply not offered
            log.debug("game %s not available: %s", name, exc)
    return games


def find_game(name: str) -> Game:
    try:
        return load_game(name)
    except UnknownGame as exc:
        raise ServerError("unknown_game", exc.message, exc.message_pt) from None
    except Exception as exc:
        raise ServerError(
            "unknown_game",
            f"the {name!r} engine is not available: {exc}",
            f"o motor de {name!r} não está disponível: {exc}",
        ) from None


def unknown_room(room_id: str) -> ServerError:
    return ServerError("unknown_room", f"no room {room_id!r}", f"não há sala {room_id!r}")


class Hub:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.rooms: OrderedDict[str, Room] = OrderedDict()  # rooms in memory, least recently used first
        self.broken: dict[str, str] = {}
        self.writer = Writer(Store(settings.url()))
        # cluster mode (--redis-url): leases, relays and the bot-job queue (server/cluster/); else None
        self.cluster = _cluster(self, settings)
        self.bots: BotPool | Any = (
            self.cluster.bot_pool()
            if self.cluster is not None
            else BotPool(settings.bot_workers, settings.bot_time_limit, settings.background_bot_workers)
        )
        self.quotas = Quotas(settings)
        self.pages = PageCache(settings.replay_cache_bytes)
        self._replay_gate = asyncio.Semaphore(2)  # replay pages built at once (each holds the GIL a little)
        self._load_lock = asyncio.Lock()
        self.moves_accepted = 0
        self.evictions = 0
        self.sockets: dict[str, int] = {}  # open WebSockets per client
        self._warming: asyncio.Task[None] | None = None
        self._sweeper: asyncio.Task[None] | None = None
        self.desk_warm: asyncio.Task[None] | None = None  # the rules desk's start-up build (warm_desk)
        self.desk_process: asyncio.subprocess.Process | None = None  # its subprocess
        self.desk_plan: asyncio.Event | None = None  # set once the warm-up knows its games (or gave up)
        self.desk_games: dict[str, asyncio.Event] = {}  # the games it builds; set once ready here (or given up)
        self.social = Social(self)  # accounts, lobby, clocks, chat, rematch, ratings (social.py)

    # ---- life cycle ----------------------------------------------------------
    async def start(self) -> None:
        """Resume the unfinished rooms people are in (recently active), and let their bots continue.

        Rooms with only bots are not resumed: they stay in storage and play on
        when someone opens them (docs/server.md, "Storage and recovery").
        """
        self.loop = asyncio.get_running_loop()
        if self.cluster is not None:
            await self.cluster.start()
        if self.settings.bot_workers > 0:  # start the bot processes in the background, not on the first bot move
            self._warming = asyncio.create_task(self.bots.warm())
        if self.settings.warm_rules_desk:  # build the rules desk's indexes before the first question needs them
            self.desk_plan = asyncio.Event()  # from now on a question waits until it is known what is built
            self.desk_warm = asyncio.create_task(self.warm_desk())
        since = now() - timedelta(seconds=self.settings.live_window)
        resumed = 0
        for room_id in await self.writer.run(self.writer.store.resumable_room_ids, since):
            try:
                room = await self._load(room_id)
            except RoomElsewhere:  # cluster mode: another process serves it
                continue
            if room is not None:
                resumed += 1
                self._kick(room)
        self._sweeper = asyncio.create_task(self._sweep_forever())
        await self.social.start()
        log.info("resumed %d unfinished rooms with people in them", resumed)

    async def stop(self) -> None:
        await self.social.stop()
        tasks = [r.bot_task for r in self.rooms.values() if r.bot_task]
        if self._warming is not None:
            tasks.append(self._warming)
        if self._sweeper is not None:
            tasks.append(self._sweeper)
        if self.desk_warm is not None:  # its subprocess is killed as it ends
            tasks.append(self.desk_warm)
        tasks += [s.cover_task for r in self.rooms.values() for s in r.seats if s.cover_task]
        for task in tasks:
            task.cancel()
        for room in self.rooms.values():
            room.cancel_announce()
        await asyncio.gather(*tasks, return_exceptions=True)
        if self.cluster is not None:
            await self.cluster.stop()
        self.bots.close()
        await self.writer.close()

    async def _load(self, room_id: str) -> Room | None:
        if self.cluster is not None:  # take the room over (lease, then a new owner epoch) or RoomElsewhere
            data = await self.cluster.claim(room_id)
        else:
            data = await self.writer.load_room(room_id)
        if data is None:
            return None
        try:
            game = load_game(data.game)
            state = game.new(data.players, seed=data.seed, variant=data.variant)
            for act in data.actions:
                state.apply(act.code)
        except Exception as exc:
            self.broken[room_id] = str(exc)
            log.error("room %s does not replay: %s", room_id, exc)
            return None
        room = Room(data, game, state)
        self._keep(room)
        self.social.attach(room)
        if not state.is_over():  # waits the others chose before a stand-in covers an away seat go on
            for seat in room.seats:
                if seat.data.cover_after is not None and not seat.data.stand_in:
                    seat.cover_task = asyncio.create_task(self._cover_later(room, seat.data.seat))
        return room

    async def get_room(self, room_id: str) -> Room:
        """The room, loaded from storage if it is not in memory (then its bots go on)."""
        room = self.rooms.get(room_id)
        if room is not None:
            self._touch(room)
            return room
        if not isinstance(room_id, str) or not 1 <= len(room_id) <= 32:
            raise unknown_room(str(room_id)[:40])
        async with self._load_lock:
            room = self.rooms.get(room_id)
            if room is None:
                room = await self._load(room_id)
                if room is not None:
                    self._kick(room)
        if room is None:
            if room_id in self.broken:
                raise ServerError(
                    "storage_error",
                    f"room {room_id!r} cannot be rebuilt: {self.broken[room_id]}",
                    f"a sala {room_id!r} não pode ser reconstruída: {self.broken[room_id]}",
                )
            raise unknown_room(room_id)
        self._touch(room)
        return room

    @contextlib.asynccontextmanager
    async def pinned(self, room_id: str) -> AsyncIterator[Room]:
        """The room, kept in memory while the caller works on it (an HTTP request, a WebSocket)."""
        room = await self.get_room(room_id)
        room.pins += 1
        try:
            yield room
        finally:
            room.pins -= 1
            room.touched = time.monotonic()

    # ---- memory ----------------------------------------------------------------
    def _touch(self, room: Room) -> None:
        room.touched = time.monotonic()
        if room.id in self.rooms:
            self.rooms.move_to_end(room.id)

    def _keep(self, room: Room) -> None:
        """Hold ``room`` in memory, dropping the least recently used idle rooms above the cap."""
        self.rooms[room.id] = room
        self.rooms.move_to_end(room.id)
        excess = len(self.rooms) - self.settings.max_rooms_in_memory
        if excess <= 0:
            return
        for other in list(self.rooms.values()):
            if excess <= 0:
                break
            if other is not room and other.evictable():
                self._evict(other)
                excess -= 1

    def _evict(self, room: Room) -> None:
        """Drop a room from memory; storage has everything, so it loads again on demand."""
        room.evicted = True
        self.rooms.pop(room.id, None)
        if self.cluster is not None:
            self.cluster.released(room)
        self.social.detach(room)
        self.pages.forget(room.id)
        room.cancel_announce()
        if room.bot_task is not None:
            room.bot_task.cancel()
        for seat in room.seats:
            if seat.cover_task is not None:
                seat.cover_task.cancel()
                seat.cover_task = None
        self.evictions += 1

    def sweep(self) -> int:
        """Drop idle rooms (no connection, request or person's move for a while); returns how many."""
        clock = time.monotonic()
        dropped = 0
        for room in list(self.rooms.values()):
            wait = self.settings.finished_timeout if room.state.is_over() else self.settings.idle_timeout
            if clock - room.touched >= wait and room.evictable():
                self._evict(room)
                dropped += 1
        return dropped

    async def _sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(SWEEP_EVERY)
            self.sweep()

    # ---- the rules desk -----------------------------------------------------------
    async def warm_desk(self) -> None:
        """Build the rules desk's indexes of every game with a knowledge base, loading each here when built.

        The build (seconds of pure Python per game) runs in a niced subprocess
        (``python -m boardgamesbot.rulesdesk.warm``) so it never holds this
        process's GIL; it caches its result on disk and says when a game is
        ready, and this process then reads that game's cache in a thread. A
        failure is logged and changes nothing else: a question builds what it
        needs, as without the warm-up.
        """
        started = time.monotonic()
        errors: asyncio.Future[bytes] | None = None
        try:
            if not await asyncio.to_thread(desk.available):
                log.info("rules desk warm-up: the rules desk is not installed")
                return
            games = await asyncio.to_thread(desk.warm_games)
            self.desk_games = {game: asyncio.Event() for game in games}
            if self.desk_plan is not None:
                self.desk_plan.set()
            if not games:
                return
            self.desk_process = process = await asyncio.create_subprocess_exec(
                *desk.warm_command(games),
                stdin=asyncio.subprocess.DEVNULL,
                stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.PIPE,
            )
            if process.stdout is None or process.stderr is None:  # for the type checker: both are pipes
                raise RuntimeError("the warm-up's output is not piped")
            errors = asyncio.ensure_future(process.stderr.read())
            async for raw in process.stdout:
                line = raw.decode(errors="replace").strip()
                log.info("rules desk %s", line)
                game = desk.ready_game(line)
                ready = self.desk_games.get(game or "")
                if game and ready is not None and not ready.is_set():  # built: read its cache here, then answer
                    try:
                        await asyncio.to_thread(desk.load, [game])
                    except Exception:  # its first question will read (or build) it instead
                        log.warning("rules desk warm-up: loading %s failed", game, exc_info=True)
                    ready.set()
            code = await process.wait()
            if code != 0:
                tail = " | ".join((await errors).decode(errors="replace").strip().splitlines()[-3:])
                log.warning("rules desk warm-up failed (exit %s): %s", code, tail or "no message")
                return
            log.info("rules desk warm-up: %s ready in %.1f s", ", ".join(games), time.monotonic() - started)
        except Exception:  # never the server's problem (a cancel, when the server stops, is not caught here)
            log.warning("rules desk warm-up failed", exc_info=True)
        finally:
            child = self.desk_process
            if child is not None and child.returncode is None:  # cancelled (the server stops): no orphan
                with contextlib.suppress(ProcessLookupError):
                    child.kill()
                await child.wait()
            if errors is not None:
                errors.cancel()
            for event in [*self.desk_games.values(), self.desk_plan]:  # questions no longer wait
                if event is not None:
                    event.set()

    def desk_building(self, game: str) -> bool:
        """Whether the start-up warm-up may have yet to make ``game`` ready in this process."""
        if self.desk_plan is None:
            return False
        ready = self.desk_games.get(str(game).strip().lower())
        return not self.desk_plan.is_set() or (ready is not None and not ready.is_set())

    async def desk_ready(self, game: str) -> None:
        """Wait (at most ``DESK_WAIT`` s) while the start-up warm-up builds ``game``, so no index is built twice
        at once; a warm-up that fails or takes longer leaves the question to build what it needs."""
        if not self.desk_building(game) or self.desk_plan is None:
            return
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(DESK_WAIT):
                await self.desk_plan.wait()  # the first second after start: which games are built is not known yet
                ready = self.desk_games.get(str(game).strip().lower())
                if ready is not None:
                    await ready.wait()

    # ---- creating and joining --------------------------------------------------
    async def create_room(
        self, body: dict[str, Any], client: str = "local", account: AccountData | None = None
    ) -> dict[str, Any]:
        game = find_game(get_str(body, "game") or "")
        lang = get_lang(body, "en")
        players = get_int(body, "players", required=False, default=game.min_players)
        variant = body.get("variant") or {}
        if not isinstance(variant, dict):
            raise bad_message("field 'variant' must be an object", "o campo 'variant' deve ser um objeto")
        try:
            state = game.new(players, seed=new_seed(), variant=variant)  # type: ignore[arg-type]
        except BGBError as exc:
            raise ServerError.from_bgb(exc) from None
        seats_in = body.get("seats")
        if seats_in is None:
            seats_in = [{"kind": "human"}] + [{"kind": "bot", "bot": "greedy"}] * (state.players - 1)
        if not isinstance(seats_in, list) or len(seats_in) != state.players:
            raise ServerError(
                "invalid_setup",
                f"field 'seats' must list {state.players} seats",
                f"o campo 'seats' deve listar {state.players} lugares",
            )
        options = {
            "reveal_at_end": get_bool(body, "reveal_at_end", True),
            "hints": get_bool(body, "hints", True),  # hints and "why?" (server/coach.py); never in rated games
            "stand_in": resolve_level(get_str(body, "stand_in", required=False, default="medium", max_len=40)),
            **self.social.room_options(body, account),
        }
        options["hints"] = options["hints"] and not options["rated"]  # a rated game never has hints
        seats: list[SeatData] = []
        tokens: list[dict[str, Any]] = []
        invites: list[dict[str, Any]] = []
        room_id = new_room_id()
        for index, spec in enumerate(seats_in):
            seat, secret = _seat_from_spec(index, spec)
            if seat.token_hash is not None and account is not None:  # a signed-in creator's seats are theirs
                seat.account, seat.name = account.name, seat.name or account.username
            seats.append(seat)
            if seat.token_hash is not None:
                tokens.append({"seat": index, "token": secret, "link": f"/r/{room_id}#seat={secret}"})
            elif seat.invite_hash is not None:
                invites.append({"seat": index, "invite": secret, "link": f"/r/{room_id}#invite={secret}"})
        self.social.check_seats(seats, options)
        creator = creator_digest(client)
        await self._check_room_quotas(creator, all_bots=all(seat.kind == "bot" for seat in seats))
        self.quotas.room_created(client)
        data = RoomData(
            id=room_id,
            game=game.name,
            players=state.players,
            variant=dict(state.variant),
            seed=state.seed,
            lang=lang,
            options=options,
            seats=seats,
            creator=creator,
            listed=bool(options["public"]) and bool(invites),
        )
        if self.cluster is not None:  # the creating process owns the new room
            await self.cluster.created(data)
        await self.writer.create_room(data)
        room = Room(data, game, state)
        self._keep(room)
        self.social.attach(room)
        self._kick(room)
        return {"room": room.summary(lang), "seats": tokens, "invites": invites, "spectate": f"/r/{room_id}"}

    async def _check_room_quotas(self, creator: str, all_bots: bool) -> None:
        """Refuse a new room when its creator or the server has too many live rooms."""
        s = self.settings
        since = now() - timedelta(seconds=s.live_window)
        if s.max_live_rooms > 0 and await self.writer.count_live(since) >= s.max_live_rooms:
            raise live_room_refusal("server_full", s.max_live_rooms, "the server has", "o servidor tem")
        if s.live_rooms_per_client > 0 and await self.writer.count_live(since, creator) >= s.live_rooms_per_client:
            raise live_room_refusal("too_many_rooms", s.live_rooms_per_client, "you have", "você tem")
        if (
            all_bots
            and s.bot_rooms_per_client > 0
            and await self.writer.count_live(since, creator, bots_only=True) >= s.bot_rooms_per_client
        ):
            raise live_room_refusal(
                "too_many_bot_rooms",
                s.bot_rooms_per_client,
                "rooms with only bots: you have",
                "salas só de robôs: você tem",
            )

    async def join(self, room_id: str, body: dict[str, Any], account: AccountData | None = None) -> dict[str, Any]:
        room = await self.get_room(room_id)
        invite = get_str(body, "invite", max_len=100) or ""
        name = _name(body)
        async with room.lock:
            found = None
            for seat in room.seats:  # look at every seat: the time taken says nothing about which matched
                if matches(invite, seat.data.invite_hash):
                    found = seat
            if found is None:
                raise ServerError(
                    "bad_token", "this invite is not valid for this room", "este convite não vale para esta sala"
                )
            if found.data.token_hash is not None:
                raise ServerError(
                    "invite_used",
                    f"seat {found.data.seat + 1} was already taken with this invite",
                    f"o lugar {found.data.seat + 1} já foi ocupado com este convite",
                )
            self.social.check_join(room, account)
            token = new_secret()
            if found.cover_task is not None:  # a wait chosen for the open seat does not carry over to its player
                found.cover_task.cancel()
                found.cover_task = None
            await self._update_seat(
                room,
                found,
                token_hash=digest(token),
                name=name or found.data.name or (account.username if account else ""),
                account=account.name if account else None,
                stand_in=None,
                stand_in_reason=None,
                cover_after=None,
            )
            found.away_since = time.monotonic()
            room.announce()
            self._kick(room)
            return {
                "seat": found.data.seat,
                "token": token,
                "link": f"/r/{room.id}#seat={token}",
                "room": room.summary(room.data.lang),
            }

    # ---- credentials -------------------------------------------------------------
    def authenticate(self, room: Room, token: str | None) -> int | None:
        """The seat a token belongs to; None for no token (a spectator); bad_token otherwise."""
        if token is None:
            return None
        if not isinstance(token, str) or len(token) > 100:
            raise ServerError("bad_token", "the token is not valid for this room", "o token não vale para esta sala")
        found = None
        for seat in room.seats:
            if matches(token, seat.data.token_hash):
                found = seat.data.seat
        if found is None:
            raise ServerError("bad_token", "the token is not valid for this room", "o token não vale para esta sala")
        return found

    def require_seat(self, room: Room, token: str | None, seat: int) -> int:
        """The caller's seat, which must be ``seat`` (else 403 forbidden, nothing changes)."""
        if token is None:
            raise ServerError(
                "bad_token",
                "this request needs the seat's token (Authorization: Bearer ...)",
                "este pedido exige o token do lugar (Authorization: Bearer ...)",
            )
        own = self.authenticate(room, token)
        if own != seat:
            raise ServerError(
                "forbidden",
                f"your token is for seat {none_or_plus(own)}, not seat {seat + 1}",
                f"seu token é do lugar {none_or_plus(own)}, não do lugar {seat + 1}",
            )
        return own

    # ---- moves -------------------------------------------------------------------
    async def move(
        self,
        room: Room,
        seat: int | None,
        code: Any,
        turn: Any,
        *,
        by_bot: bool = False,
        conn: Connection | None = None,
        msg_id: Any = None,
    ) -> dict[str, Any]:
        """Check, apply, store, acknowledge and broadcast one move."""
        if seat is None:
            raise ServerError("forbidden", "spectators cannot move", "espectadores não podem jogar")
        if not isinstance(code, str) or not code or len(code) > 200:
            raise bad_message(
                "field 'action' must be a move code (text)", "o campo 'action' deve ser o código de uma jogada (texto)"
            )
        if isinstance(turn, bool) or not isinstance(turn, int):
            raise bad_message(
                "field 'turn' must be the whole-number turn the move was chosen at",
                "o campo 'turn' deve ser o número inteiro do turno em que a jogada foi escolhida",
            )
        async with room.lock:
            state = room.state
            if state.is_over():
                raise ServerError("game_over", "the game is over", "o jogo terminou")
            if not room.started():
                raise ServerError(
                    "not_started",
                    "the game waits for open seats to be taken",
                    "o jogo espera que os lugares abertos sejam ocupados",
                )
            controller = room.seats[seat].controller
            if state.to_move() != seat:
                raise ServerError(
                    "not_your_turn",
                    f"it is seat {none_or_plus(state.to_move())}'s turn, not seat {seat + 1}'s",
                    f"é a vez do lugar {none_or_plus(state.to_move())}, não do lugar {seat + 1}",
                    turn=room.turn,
                )
            if (controller is not None) != by_bot:
                raise ServerError(
                    "not_your_turn",
                    "a bot is playing this seat; take it back first",
                    "um robô está jogando neste lugar; retome-o primeiro",
                    turn=room.turn,
                )
            if turn != room.turn:
                raise ServerError(
                    "stale",
                    f"the move was chosen at turn {turn} but the game is at turn {room.turn}",
                    f"a jogada foi escolhida no turno {turn}, mas o jogo está no turno {room.turn}",
                    turn=room.turn,
                )
            try:
                action = room.game.parse_action(code)
                events = state.apply(action)
            except BGBError as exc:
                raise ServerError.from_bgb(exc) from None
            except Exception:  # an engine fault: rebuild the room from its record so nothing half-done stays
                log.exception("room %s: the engine failed on move %r", room.id, code)
                room.state = _replay(room)
                raise ServerError(
                    "internal",
                    f"the game engine failed on move {code!r}; nothing changed",
                    f"o motor do jogo falhou na jogada {code!r}; nada mudou",
                ) from None
            act = ActionData(step=len(room.entries) + 1, code=action.code, seat=seat, by_bot=by_bot)
            try:
                await self.writer.append_action(room.id, act, state.is_over())
            except Exception as exc:
                log.exception("room %s: storing move %s failed", room.id, act.code)
                room.state = _replay(room)
                if self.cluster is not None:
                    self.cluster.check_fenced(room, exc)  # another process owns the room now: room_moved
                raise ServerError(
                    "storage_error",
                    f"the move could not be stored ({type(exc).__name__}); nothing changed",
                    "a jogada não pôde ser gravada; nada mudou",
                ) from None
            room.entries.append(act)
            room.last_events = events
            views = room.refresh()
            self.social.after_move(room, act)
            room.last_move_at = time.monotonic()
            if not by_bot:
                self._touch(room)
            self.moves_accepted += 1
            if conn is not None:
                conn.send(dumps({"type": "ack", "id": msg_id, "turn": room.turn, "step": act.step}))
            room.broadcast_state(views)
            self._kick(room)
            return {"turn": room.turn, "step": act.step}

    # ---- stand-ins ------------------------------------------------------------------
    async def hand_to_bot(self, room: Room, seat: int, on: bool, level: str | None) -> dict[str, Any]:
        """The seat's own player hands it to a stand-in (leaving) or takes it back."""
        async with room.lock:
            s = room.seats[seat]
            if room.state.is_over():
                raise ServerError("game_over", "the game is over", "o jogo terminou")
            if s.data.stand_in_reason == "forfeit":
                raise ServerError("forfeited", "this seat lost on time", "este lugar perdeu por tempo")
            if on:
                await self._update_seat(
                    room, s, stand_in=resolve_level(level or room.stand_in_level), stand_in_reason="left"
                )
            else:
                await self._update_seat(room, s, stand_in=None, stand_in_reason=None)
            room.announce()
            self._kick(room)
            return {"room": room.summary(room.data.lang)}

    async def cover(
        self, room: Room, by_seat: int, target: Any, after: float | None, level: str | None
    ) -> dict[str, Any]:
        """Ask that ``target`` be played by a stand-in once its player is away for ``after`` seconds.

        For a seat a person holds, ``after`` may not be below ``cover_min_wait``
        (30 s by default): a reload or a short drop never hands a person's turn
        to a bot. An open seat nobody claimed yet may be covered at once.
        """
        if isinstance(target, bool) or not isinstance(target, int) or not 0 <= target < room.data.players:
            raise bad_message(
                f"field 'target' must be a seat from 0 to {room.data.players - 1}",
                f"o campo 'target' deve ser um lugar de 0 a {room.data.players - 1}",
            )
        async with room.lock:
            s = room.seats[target]
            if s.data.kind != "human":
                raise bad_message(f"seat {target} is a bot seat", f"o lugar {target} é de um robô")
            if room.state.is_over():
                raise ServerError("game_over", "the game is over", "o jogo terminou")
            least = self.settings.cover_min_wait
            if after is not None and s.claimed and target != by_seat and after < least:
                raise bad_message(
                    f"field 'after' must be at least {least:g} seconds for a seat a player holds",
                    f"o campo 'after' deve ser de pelo menos {least:g} segundos para um lugar que um jogador ocupa",
                )
            # a human seat's `bot` field keeps the stand-in level chosen for it
            chosen = resolve_level(level or room.stand_in_level) if after is not None else s.data.bot
            await self._update_seat(room, s, cover_after=after, bot=chosen)
            if s.cover_task is not None:
                s.cover_task.cancel()
                s.cover_task = None
            if after is not None and s.connections == 0:
                s.cover_task = asyncio.create_task(self._cover_later(room, target))
            room.announce()
            log.info("room %s: seat %s asks a stand-in for seat %s after %s s", room.id, by_seat, target, after)
            return {"room": room.summary(room.data.lang)}

    def _cover_wait(self, seat: Seat) -> float | None:
        """The wait before a stand-in covers ``seat``: at least the minimum for a seat a person holds."""
        after = seat.data.cover_after
        if after is None:
            return None
        return max(after, self.settings.cover_min_wait) if seat.claimed else after

    async def _cover_later(self, room: Room, target: int) -> None:
        """Cover ``target`` once its player has been away, without a break, for the whole wait.

        A reconnect cancels this task (``connect``) and a new absence starts a
        new wait from the moment of leaving; the check under the room lock
        makes a reconnect that races the timer win.
        """
        s = room.seats[target]
        while True:
            after = self._cover_wait(s)
            if after is None:
                return
            left = s.away_since + after - time.monotonic()
            if left <= 0:
                break
            await asyncio.sleep(left)
        async with room.lock:
            after = self._cover_wait(s)
            if (
                after is None
                or s.connections > 0
                or s.data.stand_in
                or room.state.is_over()
                or time.monotonic() - s.away_since < after
            ):
                return
            s.cover_task = None
            try:
                await self._update_seat(room, s, stand_in=s.data.bot or room.stand_in_level, stand_in_reason="away")
            except ServerError:
                return
            room.announce()
            self._kick(room)

    async def _update_seat(self, room: Room, seat: Seat, **changes: Any) -> None:
        """Store the changed seat first; only then does the room see the change."""
        new = dataclasses.replace(seat.data, **changes)
        await self._save_seat(room, new)
        seat.data = new
        room.data.seats[new.seat] = new

    async def _save_seat(self, room: Room, seat: SeatData) -> None:
        try:
            await self.writer.save_seat(room.id, seat)
        except Exception as exc:
            log.exception("room %s: storing seat %s failed", room.id, seat.seat)
            if self.cluster is not None:
                self.cluster.check_fenced(room, exc)
            raise ServerError(
                "storage_error", "the change could not be stored", "a mudança não pôde ser gravada"
            ) from exc

    # ---- connections ----------------------------------------------------------------
    async def connect(self, room: Room, conn: Connection) -> None:
        async with room.lock:
            room.conns.add(conn)
            self._touch(room)
            if conn.seat is not None:
                s = room.seats[conn.seat]
                s.connections += 1
                if s.cover_task is not None:
                    s.cover_task.cancel()
                    s.cover_task = None
                if s.data.stand_in_reason == "away":  # the player is back: the seat is theirs again
                    with contextlib.suppress(ServerError):
                        await self._update_seat(room, s, stand_in=None, stand_in_reason=None)
                if s.connections == 1:
                    room.announce()
            conn.send(
                dumps(
                    {
                        "type": "welcome",
                        "seat": conn.seat,
                        "room": room.summary(conn.lang),
                        "lang": conn.lang,
                        "protocol": 1,
                    }
                )
            )
            room.send_state(conn)
        if conn.seat is not None:
            with contextlib.suppress(Exception):
                await self.writer.touch([room.id])

    async def disconnect(self, room: Room, conn: Connection) -> None:
        async with room.lock:
            if conn not in room.conns:
                return
            room.conns.discard(conn)
            self._touch(room)
            if conn.seat is not None:
                s = room.seats[conn.seat]
                s.connections -= 1
                if s.connections == 0:
                    s.away_since = time.monotonic()
                    if s.data.cover_after is not None and not s.data.stand_in and not room.state.is_over():
                        if s.cover_task is not None:
                            s.cover_task.cancel()
                        s.cover_task = asyncio.create_task(self._cover_later(room, conn.seat))
                    room.announce()

    async def sync(self, room: Room, conn: Connection) -> None:
        async with room.lock:
            room.send_state(conn)

    # ---- bots -------------------------------------------------------------------------
    def _kick(self, room: Room) -> None:
        """Make sure the room's bot driver runs if a bot is to move."""
        if room.evicted:
            return
        if room.bot_task is None or room.bot_task.done():
            room.bot_task = asyncio.create_task(self._drive(room))

    async def _drive(self, room: Room) -> None:
        failures = 0
        while True:
            wait = self.quotas.bot_wait(room.id)  # the room used its bot CPU for this minute
            if wait > 0:
                await asyncio.sleep(wait)
            async with room.lock:
                state = room.state
                if state.is_over() or not room.started():
                    return
                seat = state.to_move()
                if seat is None:
                    return
                level = room.seats[seat].controller
                if level is None:
                    return
                infoset = state.infoset(seat)
                turn = room.turn
                step = len(room.entries)
            if self.settings.bot_delay > 0 and room.humans_watching():
                await asyncio.sleep(max(0.0, room.last_move_at + self.settings.bot_delay - time.monotonic()))
            seed = rng_for(room.data.seed, f"bot:{seat}:{step}").getrandbits(62)
            code, cpu = await self.bots.choose(level, seed, infoset, background=room.all_bots)
            self.quotas.bot_spent(room.id, cpu)
            try:
                await self.move(room, seat, code, turn, by_bot=True)
                failures = 0
            except ServerError as exc:
                if exc.code in ("stale", "not_your_turn", "game_over", "not_started"):
                    continue  # the room moved on while the bot thought; look again
                failures += 1
                log.error("room %s: bot %s move %r refused: %s", room.id, level, code, exc.message)
                if failures >= 3:
                    return
                if exc.code == "storage_error":
                    await asyncio.sleep(1.0)

    # ---- replays and records -------------------------------------------------------------
    async def replay(
        self,
        room: Room,
        viewer: int | None,
        lang: str,
        step: int | None,
        reveal: bool,
        *,
        start: int = 0,
        limit: int | None = None,
        as_seat: int | None = None,
    ) -> tuple[bytes, bytes]:
        """One page of the viewer's replay, encoded (JSON, gzip); pages of a finished game are cached."""
        page_size = self.settings.replay_page_size
        limit = page_size if limit is None else limit
        if not 1 <= limit <= page_size:
            raise bad_message(f"limit must be from 1 to {page_size}", f"limit deve ser de 1 a {page_size}")
        if as_seat is not None and not 0 <= as_seat < room.data.players:
            raise bad_message(
                f"as must be a seat from 0 to {room.data.players - 1}",
                f"as deve ser um lugar de 0 a {room.data.players - 1}",
            )
        async with room.lock:  # the game's end is judged under the lock: a rolled-back final move reveals nothing
            over = room.state.is_over()
            if reveal and not (over and room.reveal_at_end):
                raise ServerError(
                    "forbidden",
                    "hidden cards are revealed only after the end, if the room allows it",
                    "as cartas ocultas só são reveladas após o fim, se a sala permitir",
                )
            actions = list(room.entries)
            summary = room.summary(lang)
        steps = len(actions)
        if step is not None:
            if not 0 <= step <= steps:
                raise bad_message(f"step must be from 0 to {steps}", f"o passo deve ser de 0 a {steps}")
            start, limit = step, 1
        if not 0 <= start <= steps:
            raise bad_message(f"from must be from 0 to {steps}", f"from deve ser de 0 a {steps}")
        last = min(steps, start + limit - 1)
        key = PageKey(room.id, viewer, over, reveal, as_seat if reveal else None, lang, start, limit, last)
        page = self.pages.get(key)
        if page is not None:
            return page
        async with self._replay_gate:
            page = self.pages.get(key)
            if page is not None:
                return page
            frames = await asyncio.to_thread(
                replay_frames,
                room.game,
                room.data.players,
                room.data.seed,
                room.data.variant,
                actions,
                viewer,
                lang,
                over=over,
                reveal=reveal,
                start=start,
                limit=limit,
                as_seat=as_seat if reveal else None,
            )
            body = {
                "room": summary,
                "seat": viewer,
                "revealed": reveal,
                "as": as_seat if reveal else None,
                "steps": steps,
                "from": start,
                "limit": limit,
                "next": last + 1 if last < steps else None,
                "log": [a.code for a in actions[:last]],
                "frames": frames,
            }
            page = await asyncio.to_thread(encode, body)
            self.pages.put(key, page)
            return page

    def record(self, room: Room) -> dict[str, Any]:
        if not (room.state.is_over() and room.reveal_at_end):
            raise ServerError(
                "forbidden",
                "the record (with its seed) is shown only after the end, if the room allows it",
                "o registro (com a semente) só é mostrado após o fim, se a sala permitir",
            )
        return room.state.to_record().to_dict()


def _cluster(hub: Hub, settings: Settings) -> Any:
    """The cluster side of ``hub`` when ``settings.redis_url`` is set (imported only then: it needs redis)."""
    if not settings.redis_url:
        return None
    from .cluster.node import Cluster

    return Cluster(hub, settings)


def none_or_plus(seat: int | None) -> str:
    """A seat as people number it (from 1), for messages the UI shows."""
    return "-" if seat is None else str(seat + 1)


def _replay(room: Room) -> Any:
    state = room.game.new(room.data.players, seed=room.data.seed, variant=room.data.variant)
    for act in room.entries:
        state.apply(act.code)
    return state


def _name(spec: dict[str, Any]) -> str:
    """A display-safe name: control/bidi/zero-width characters dropped, width capped (names.py)."""
    return clean_name(get_str(spec, "name", required=False, default="", max_len=MAX_NAME) or "")


def _seat_from_spec(index: int, spec: Any) -> tuple[SeatData, str | None]:
    """A seat from its create-room spec, with the secret to hand out (token or invite)."""
    if not isinstance(spec, dict):
        raise ServerError(
            "invalid_setup",
            f'seat {index} must be an object like {{"kind": "human"}}',
            f'o lugar {index} deve ser um objeto como {{"kind": "human"}}',
        )
    kind = spec.get("kind")
    name = _name(spec)
    if kind == "human":
        secret = new_secret()
        return SeatData(seat=index, kind="human", name=name, token_hash=digest(secret)), secret
    if kind == "open":
        secret = new_secret()
        return SeatData(seat=index, kind="human", name=name, invite_hash=digest(secret)), secret
    if kind == "bot":
        level = resolve_level(get_str(spec, "bot", required=False, default="greedy", max_len=40))
        return SeatData(seat=index, kind="bot", bot=level, name=name or level), None
    raise ServerError(
        "invalid_setup",
        f"seat {index}: kind must be human, open or bot, not {kind!r}",
        f"lugar {index}: kind deve ser human, open ou bot, não {kind!r}",
    )
