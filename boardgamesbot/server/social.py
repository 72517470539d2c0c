"""Everything around a game that brings people back: accounts at the table, the lobby, clocks,
chat, rematch and ratings. The hub calls in at a few points (a room created, loaded, moved,
its seats changed, a connection opened) and stays the authority on moves.

Per room this keeps a :class:`RoomSocial` (clock, chat, rematch offer, rating figures) and puts
its public part in the room summary (``public``, ``rated``, ``clock``, ``rematch``, ``rating``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from dataclasses import dataclass, field
from datetime import timedelta
from typing import TYPE_CHECKING, Any

from fastapi import WebSocket

from ..core.game import new_seed
from . import chat as chatmod
from . import ratings as ratingsmod
from . import social_store as db
from .accounts import Accounts
from .botpool import resolve_level
from .chat import ChatBox, ChatLimits
from .clocks import Clock, ClockSpec, parse_clock
from .errors import ServerError, bad_message
from .lobby import Lobby
from .protocol import get_bool, get_int
from .room import Connection, Room, dumps
from .storage import AccountData, ActionData, RoomData, SeatData, now
from .tokens import digest, new_room_id, new_secret

if TYPE_CHECKING:
    from .hub import Hub

log = logging.getLogger("bgb.server.social")
DEADLINE_SWEEP = 30.0  # s between looks in storage for clocks that ran out in rooms not in memory


@dataclass
class RoomSocial:
    clock: Clock | None = None
    timer: asyncio.Task[None] | None = None
    chat: ChatBox = field(default_factory=ChatBox)
    rematch: dict[str, Any] | None = None
    rating_changes: list[dict[str, Any]] | None = None
    unrated: str | None = None
    current: dict[int, dict[str, float]] = field(default_factory=dict)
    subjects: tuple[str | None, ...] = ()  # whose ratings ``current`` holds (seats change as people join)
    settling: bool = False


def login_required(what_en: str, what_pt: str) -> ServerError:
    return ServerError("login_required", f"sign in to {what_en}", f"entre na sua conta para {what_pt}")


class Social:
    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.accounts = Accounts(hub.writer, hub.settings.registrations_per_hour)
        self.lobby = Lobby(hub.settings.live_window)
        self.chat_limits = ChatLimits()
        self.rooms: dict[str, RoomSocial] = {}
        self.bot_ratings: dict[str, dict[str, dict[str, float]]] = {}
        self._tasks: set[asyncio.Task[Any]] = set()

    # ---- life cycle ------------------------------------------------------------------------
    async def start(self) -> None:
        store = self.hub.writer.store
        await self.hub.writer.run(ratingsmod.seed_bot_ratings, store)
        await self.refresh_bot_ratings()
        since = now() - timedelta(seconds=self.hub.settings.live_window)
        for room_id in await self.hub.writer.run(db.listed_room_ids, store, since, 500):
            with contextlib.suppress(ServerError):
                await self.hub.get_room(room_id)
        await self.hub.writer.run(db.delete_expired_sessions, store)
        self._spawn(self._deadlines_forever())

    async def _deadlines_forever(self) -> None:
        """Clocks run out even in rooms that left memory: load them, and the timeout applies at once."""
        while True:
            await asyncio.sleep(DEADLINE_SWEEP)
            try:
                ids = await self.hub.writer.run(db.expired_clock_rooms, self.hub.writer.store, 50)
            except Exception:
                log.exception("looking for expired clocks failed")
                continue
            for room_id in ids:
                if room_id not in self.hub.rooms:
                    with contextlib.suppress(ServerError):
                        await self.hub.get_room(room_id)

    async def refresh_bot_ratings(self) -> None:
        self.bot_ratings = await self.hub.writer.run(ratingsmod.bot_ratings, self.hub.writer.store)

    async def stop(self) -> None:
        for rs in self.rooms.values():
            if rs.timer is not None:
                rs.timer.cancel()
        self.lobby.close()
        tasks = [t for t in self._tasks if not t.done()]
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    def _spawn(self, coro: Any) -> None:
        task = asyncio.create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # ---- creating rooms ------------------------------------------------------------------------
    def room_options(self, body: dict[str, Any], account: AccountData | None) -> dict[str, Any]:
        """The social options of a create-room body: public, rated, clock (validated)."""
        public = get_bool(body, "public", False)
        rated = get_bool(body, "rated", False)
        if rated and account is None:
            raise login_required("create a rated table", "criar uma mesa valendo rating")
        clock = parse_clock(body.get("clock"), body.get("on_timeout"), rated)
        return {"public": public, "rated": rated, "clock": clock.to_dict() if clock else None}

    def check_seats(self, seats: list[SeatData], options: dict[str, Any]) -> None:
        if options.get("rated") and sum(1 for s in seats if s.kind == "human" and s.token_hash is not None) > 1:
            raise ServerError(
                "invalid_setup",
                "in a rated game you play one seat; make the others open seats or bots",
                "num jogo valendo rating você joga um lugar; deixe os outros abertos ou para robôs",
            )

    # ---- attaching rooms --------------------------------------------------------------------------
    def attach(self, room: Room) -> None:
        """A room entered memory (created or loaded): its clock goes on, the lobby knows it."""
        rs = self.rooms.get(room.id) or RoomSocial()
        self.rooms[room.id] = rs
        room.extra_summary = self._summary
        room.on_seats_changed = self.seats_changed
        spec = ClockSpec.from_dict(room.data.options.get("clock"))
        if spec is not None and rs.clock is None:
            clock = Clock(spec, room.data.players)
            for s in room.data.seats:
                if s.clock_left is not None:
                    clock.left[s.seat] = s.clock_left
            rs.clock = clock
            mover = self._timed_seat(room)
            if mover is not None and room.data.clock_turn == room.turn and room.data.clock_deadline is not None:
                budget = (room.data.clock_deadline - now()).total_seconds()
                clock.start(mover, room.turn, budget)  # the deadline stored before a restart still holds
                self._arm(room, rs)
            else:
                self._sync_clock(room, rs)
        if room.data.options.get("rated"):
            self._spawn(self._load_ratings(room, rs))
        if room.data.listed:
            self.lobby.update(room, self._listable(room))

    def detach(self, room: Room) -> None:
        rs = self.rooms.pop(room.id, None)
        if rs is not None and rs.timer is not None:
            rs.timer.cancel()

    def _listable(self, room: Room) -> bool:
        return bool(room.data.options.get("public")) and room.status() == "waiting"

    def _summary(self, room: Room) -> dict[str, Any]:
        rs = self.rooms.get(room.id)
        opts = room.data.options
        out: dict[str, Any] = {"public": bool(opts.get("public")), "rated": bool(opts.get("rated"))}
        out["clock"] = rs.clock.summary() if rs is not None and rs.clock is not None else None
        if rs is None:
            return out
        if rs.rematch is not None:
            r = rs.rematch
            out["rematch"] = {"by": r["by"], "accepted": sorted(r["accepted"]), "declined": r["declined"],
                              "room": r.get("room")}  # fmt: skip
        if opts.get("rated"):
            out["rating"] = {"current": rs.current, "changes": rs.rating_changes, "unrated": rs.unrated}
        return out

    async def _load_ratings(self, room: Room, rs: RoomSocial) -> None:
        store = self.hub.writer.store
        subjects = {s.seat: ratingsmod.subject_of(s) for s in room.data.seats}
        rs.subjects = tuple(subjects.values())
        named = [x for x in subjects.values() if x]
        stored = await self.hub.writer.run(db.get_ratings, store, room.game.name, named)
        from ..arena.skill import Skill

        rs.current = {
            seat: Skill(stored[x].mu, stored[x].sigma).to_dict() if x in stored else Skill().to_dict()
            for seat, x in subjects.items()
            if x
        }
        if room.state.is_over() and rs.rating_changes is None:
            changes = await self.hub.writer.run(db.room_rating_changes, store, room.id)
            if changes:
                by_subject = {c["subject"]: c for c in changes}
                rs.rating_changes = [
                    {
                        "seat": seat,
                        "subject": x,
                        "before": _fig(by_subject[x], "_before"),
                        "after": _fig(by_subject[x], ""),
                    }
                    for seat, x in subjects.items()
                    if x in by_subject
                ]
        room.announce()

    # ---- seats, clocks ----------------------------------------------------------------------------
    def seats_changed(self, room: Room) -> None:
        """Called (under the room lock) whenever seats change: clocks pause or run, the lobby updates."""
        rs = self.rooms.get(room.id)
        if rs is None:
            return
        if rs.clock is not None:
            self._sync_clock(room, rs)
        if room.data.options.get("rated") and rs.subjects != tuple(ratingsmod.subject_of(s) for s in room.data.seats):
            rs.subjects = tuple(ratingsmod.subject_of(s) for s in room.data.seats)
            self._spawn(self._load_ratings(room, rs))  # someone sat down: show their rating too
        if room.data.options.get("public"):
            listed = self._listable(room)
            if listed != room.data.listed:
                room.data.listed = listed
                self._spawn(self.hub.writer.run(db.set_listed, self.hub.writer.store, room.id, listed))
            self.lobby.update(room, listed)

    def _timed_seat(self, room: Room) -> int | None:
        """The seat whose clock should run now: a person to move in a started, unfinished game."""
        state = room.state
        if state.is_over() or not room.started():
            return None
        seat = state.to_move()
        if seat is None or room.seats[seat].controller is not None:
            return None
        return seat

    def _sync_clock(self, room: Room, rs: RoomSocial) -> None:
        clock = rs.clock
        if clock is None:
            return
        want = self._timed_seat(room)
        if want is not None and clock.running == want and clock.turn == room.turn:
            return
        if clock.running is not None:
            clock.stop(moved=False)
        if want is not None:
            clock.start(want, room.turn)
        self._arm(room, rs)
        self._persist(room, rs)

    def _persist(self, room: Room, rs: RoomSocial) -> None:
        clock = rs.clock
        if clock is None:
            return
        lefts: dict[int, float | None] = (
            {i: v for i, v in enumerate(clock.left)} if clock.spec.kind == "realtime" else {}
        )
        deadline, turn = clock.deadline(), clock.turn
        room.data.clock_deadline, room.data.clock_turn = deadline, turn
        self._spawn(self.hub.writer.run(db.save_clock, self.hub.writer.store, room.id, deadline, turn, lefts))

    def _arm(self, room: Room, rs: RoomSocial) -> None:
        if rs.timer is not None:
            rs.timer.cancel()
            rs.timer = None
        if rs.clock is not None and rs.clock.running is not None and not room.evicted:
            rs.timer = asyncio.create_task(self._watch(room, rs))

    async def _watch(self, room: Room, rs: RoomSocial) -> None:
        clock = rs.clock
        assert clock is not None
        while True:
            left = clock.remaining()
            if left > 0:
                await asyncio.sleep(left + 0.01)
                continue
            async with room.lock:
                seat = clock.running
                if seat is None or clock.turn != room.turn or clock.remaining() > 0 or room.evicted:
                    return
                rs.timer = None
                await self._timeout(room, rs, seat)
            return

    async def _timeout(self, room: Room, rs: RoomSocial, seat: int) -> None:
        """The seat's time ran out (under the room lock): the room's rule applies."""
        clock = rs.clock
        assert clock is not None
        s = room.seats[seat]
        level = resolve_level(room.stand_in_level)
        clock.stop(moved=False, timed_out=True)
        log.info("room %s: seat %s ran out of time (%s)", room.id, seat, clock.spec.on_timeout)
        if clock.spec.on_timeout == "forfeit" and room.data.options.get("rated"):
            with contextlib.suppress(ServerError):
                await self.hub._update_seat(room, s, stand_in=level, stand_in_reason="forfeit")
            self._spawn(self._settle(room, last=[seat]))
        else:
            s.forced = level  # one decision by a stand-in; the player's clock restarts after it
        self._persist(room, rs)
        room.announce()
        self.hub._kick(room)

    # ---- moves ----------------------------------------------------------------------------------
    def after_move(self, room: Room, act: ActionData) -> None:
        """Called (under the room lock) after a move is stored, before it is broadcast."""
        rs = self.rooms.get(room.id)
        room.seats[act.seat].forced = None
        if rs is None:
            return
        clock = rs.clock
        if clock is not None:
            if clock.running is not None:
                clock.stop(moved=clock.running == act.seat and not act.by_bot)
            self._sync_clock(room, rs)
        if room.state.is_over():
            if rs.timer is not None:
                rs.timer.cancel()
                rs.timer = None
            if room.data.options.get("rated"):
                self._spawn(self._settle(room))

    async def _settle(self, room: Room, last: list[int] | None = None) -> None:
        """Rate a rated game once: at its end, or at once when a seat forfeits on time."""
        rs = self.rooms.get(room.id)
        if rs is None or rs.settling or rs.rating_changes:
            return
        rs.settling = True
        try:
            forfeits = last or [s.data.seat for s in room.seats if s.data.stand_in_reason == "forfeit"]
            outcome = room.state.outcome()
            if outcome is None:  # a forfeit mid-game: ranks come from the forfeit alone
                from ..core.outcome import Outcome

                players = room.data.players
                outcome = Outcome(
                    scores=(0.0,) * players,
                    winners=tuple(s for s in range(players) if s not in forfeits),
                    termination="forfeit",
                    ranking=tuple(s for s in range(players) if s not in forfeits) + tuple(forfeits),
                )
            elif not forfeits:
                rs.unrated = ratingsmod.stand_in_verdict(room.data.seats, room.entries)
                if rs.unrated:
                    log.info("room %s is not rated: %s", room.id, rs.unrated)
                    room.announce()
                    return
            teams = room.game.teams(room.data.players, room.state.variant)
            changes = await self.hub.writer.run(
                ratingsmod.settle,
                self.hub.writer.store,
                room.id,
                room.game.name,
                teams,
                list(room.data.seats),
                outcome,
                forfeits,
            )
            if changes is not None:
                rs.rating_changes = changes
                rs.current = {c["seat"]: c["after"] for c in changes}
                await self.refresh_bot_ratings()
            room.announce()
        except Exception:
            log.exception("room %s: rating failed", room.id)
        finally:
            rs.settling = False

    # ---- joining -----------------------------------------------------------------------------------
    def check_join(self, room: Room, account: AccountData | None) -> None:
        if not room.data.options.get("rated"):
            return
        if account is None:
            raise login_required("play at a rated table", "jogar numa mesa valendo rating")
        if any(s.data.account == account.name for s in room.seats):
            raise ServerError(
                "already_seated",
                "you already have a seat at this rated table",
                "você já tem um lugar nesta mesa valendo rating",
            )

    async def sit(self, room: Room, body: dict[str, Any], account: AccountData | None, name: str) -> dict[str, Any]:
        """Take an open seat of a public table with one click (no invite needed)."""
        if not room.data.options.get("public"):
            raise ServerError(
                "private_table", "this table is private: use its invite link", "esta mesa é privada: use o convite"
            )
        wanted = get_int(body, "seat", required=False)
        async with room.lock:
            if room.state.is_over():
                raise ServerError("game_over", "the game is over", "o jogo terminou")
            free = [s for s in room.seats if s.data.kind == "human" and not s.claimed]
            if wanted is not None:
                free = [s for s in free if s.data.seat == wanted]
            if not free:
                raise ServerError("table_full", "no seat is free at this table", "não há lugar livre nesta mesa")
            self.check_join(room, account)
            seat = free[0]
            token = new_secret()
            if seat.cover_task is not None:
                seat.cover_task.cancel()
                seat.cover_task = None
            await self.hub._update_seat(
                room,
                seat,
                token_hash=digest(token),
                invite_hash=None,
                name=name or (account.username if account else seat.data.name),
                account=account.name if account else None,
                stand_in=None,
                stand_in_reason=None,
                cover_after=None,
            )
            seat.away_since = time.monotonic()
            room.announce()
            self.hub._kick(room)
            return {
                "seat": seat.data.seat,
                "token": token,
                "link": f"/r/{room.id}#seat={token}",
                "room": room.summary(room.data.lang),
            }

    def account_seat(self, room: Room, account: AccountData | None, hint: Any = None) -> int | None:
        """The seat a signed-in player holds in this room (their first, or ``hint``), else None."""
        if account is None:
            return None
        mine = [s.data.seat for s in room.seats if s.data.account == account.name and s.claimed]
        if isinstance(hint, int) and not isinstance(hint, bool) and hint in mine:
            return hint
        return mine[0] if mine else None

    # ---- connections and their messages --------------------------------------------------------------
    async def connected(self, room: Room, conn: Connection) -> None:
        """After hello: the chat history of the connection's audience, and its mutes."""
        rs = self.rooms.get(room.id)
        if rs is None:
            return
        audience = chatmod.audience_of(conn.seat)
        if not rs.chat.loaded(audience):
            messages = await self.hub.writer.run(
                db.load_chat, self.hub.writer.store, room.id, audience, chatmod.HISTORY
            )
            if not rs.chat.loaded(audience):
                rs.chat.load(audience, messages)
        muted = set(room.seats[conn.seat].data.muted) if conn.seat is not None else set()
        conn.send(dumps({"type": "chat", "reset": True, "messages": rs.chat.visible(audience, muted),
                         "muted": sorted(muted)}))  # fmt: skip

    async def handle(self, room: Room, conn: Connection, kind: str, data: dict[str, Any], key: str) -> None:
        if kind == "chat":
            await self._chat(room, conn, data, key)
        elif kind == "mute":
            await self._mute(room, conn, data)
        elif kind == "rematch":
            await self._rematch(room, conn, data)

    async def _chat(self, room: Room, conn: Connection, data: dict[str, Any], key: str) -> None:
        rs = self.rooms.get(room.id)
        if rs is None:
            return
        text = chatmod.clean(data.get("text"))
        self.chat_limits.hit(key, conn.client)
        audience = chatmod.audience_of(conn.seat)
        name = room.seats[conn.seat].data.name if conn.seat is not None else (conn.account or "")
        msg = await self.hub.writer.run(db.add_chat, self.hub.writer.store, room.id, audience, conn.seat, name, text)
        rs.chat.add(msg)
        out = dumps({"type": "chat", "messages": [chatmod.message_dict(msg)]})
        for other in list(room.conns):
            if chatmod.audience_of(other.seat) != audience:
                continue
            if other.seat is not None and msg.seat is not None and msg.seat in room.seats[other.seat].data.muted:
                continue
            other.send(out)

    async def _mute(self, room: Room, conn: Connection, data: dict[str, Any]) -> None:
        if conn.seat is None:
            raise ServerError("forbidden", "spectators hold no seat", "espectadores não têm lugar")
        target = data.get("seat")
        on = data.get("on", True)
        if isinstance(target, bool) or not isinstance(target, int) or not 0 <= target < room.data.players:
            raise bad_message(
                f"field 'seat' must be a seat from 0 to {room.data.players - 1}",
                f"o campo 'seat' deve ser um lugar de 0 a {room.data.players - 1}",
            )
        if not isinstance(on, bool):
            raise bad_message("field 'on' must be true or false", "o campo 'on' deve ser true ou false")
        async with room.lock:
            s = room.seats[conn.seat]
            muted = set(s.data.muted)
            if on and target != conn.seat:
                muted.add(target)
            else:
                muted.discard(target)
            await self.hub._update_seat(room, s, muted=sorted(muted))
        await self.connected(room, conn)

    async def _rematch(self, room: Room, conn: Connection, data: dict[str, Any]) -> None:
        if conn.seat is None:
            raise ServerError("forbidden", "spectators hold no seat", "espectadores não têm lugar")
        accept = data.get("accept", True)
        if not isinstance(accept, bool):
            raise bad_message("field 'accept' must be true or false", "o campo 'accept' deve ser true ou false")
        rs = self.rooms.get(room.id)
        if rs is None:
            return
        async with room.lock:
            if not room.state.is_over():
                raise ServerError("not_over", "a rematch is offered once the game is over", "a revanche vem após o fim")
            offer = rs.rematch
            if offer is not None and offer.get("room"):
                return  # it has started already; the summary links to it
            if accept:
                if offer is None or offer["declined"] is not None:
                    offer = rs.rematch = {"by": conn.seat, "accepted": set(), "declined": None}
                offer["accepted"].add(conn.seat)
            elif offer is not None:
                offer["declined"] = conn.seat
            people = {s.data.seat for s in room.seats if s.data.kind == "human"}
            if offer is not None and offer["declined"] is None and people <= offer["accepted"]:
                await self._start_rematch(room, rs)
            room.announce()

    async def _start_rematch(self, room: Room, rs: RoomSocial) -> None:
        """Same game, variant, options and seats (people keep their accounts), a new seed."""
        game = room.game
        state = game.new(room.data.players, seed=new_seed(), variant=dict(room.data.variant))
        tokens: dict[int, str] = {}
        seats: list[SeatData] = []
        for sd in room.data.seats:
            if sd.kind == "bot":
                seats.append(SeatData(seat=sd.seat, kind="bot", bot=sd.bot, name=sd.name))
            else:
                secret = tokens[sd.seat] = new_secret()
                seats.append(
                    SeatData(seat=sd.seat, kind="human", name=sd.name, token_hash=digest(secret), account=sd.account)
                )
        options = {k: v for k, v in room.data.options.items() if k != "public"}
        options["rematch_of"] = room.id
        data = RoomData(
            id=new_room_id(),
            game=game.name,
            players=state.players,
            variant=dict(state.variant),
            seed=state.seed,
            lang=room.data.lang,
            options=options,
            seats=seats,
            creator=room.data.creator,
        )
        await self.hub.writer.create_room(data)
        new = Room(data, game, state)
        self.hub._keep(new)
        self.attach(new)
        self.hub._kick(new)
        assert rs.rematch is not None
        rs.rematch["room"] = new.id
        for conn in list(room.conns):
            token = tokens.get(conn.seat) if conn.seat is not None else None
            link = f"/r/{new.id}#seat={token}" if token else f"/r/{new.id}"
            conn.send(
                dumps({"type": "rematch_ready", "room": new.id, "seat": conn.seat if token else None, "link": link})
            )

    # ---- the lobby socket ---------------------------------------------------------------------------
    async def serve_lobby(self, ws: WebSocket, client: str) -> None:
        hub = self.hub
        limit = hub.settings.sockets_per_client
        if limit > 0 and hub.sockets.get(client, 0) >= limit:
            await ws.accept()
            await ws.close(code=4429, reason=f"too many connections from one client (at most {limit})")
            return
        hub.sockets[client] = hub.sockets.get(client, 0) + 1
        conn = Connection(None, "en", hub.settings.outbox_limit, hub.settings.outbox_bytes)
        writer: asyncio.Task[None] | None = None
        try:
            await ws.accept()
            from .ws import _writer

            writer = asyncio.create_task(_writer(ws, conn))
            self.lobby.conns.add(conn)
            conn.send(self.lobby.message())
            while True:
                message = await ws.receive()
                if message["type"] == "websocket.disconnect":
                    return
                with contextlib.suppress(ServerError):  # the lobby needs nothing from its clients
                    hub.quotas.message(f"lobby:{id(ws)}")
        except Exception:  # a client that went away
            return
        finally:
            self.lobby.conns.discard(conn)
            if writer is not None:
                writer.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await writer
            left = hub.sockets.get(client, 1) - 1
            if left > 0:
                hub.sockets[client] = left
            else:
                hub.sockets.pop(client, None)


def _fig(change: dict[str, Any], suffix: str) -> dict[str, float]:
    from ..arena.skill import Skill

    return Skill(change[f"mu{suffix}"], change[f"sigma{suffix}"]).to_dict()
