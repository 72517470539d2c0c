"""Durable rooms: SQLAlchemy 2 models and the blocking store that writes them.

A room is stored as its set-up (game, players, variant, seed, options), its
seats and the list of accepted action codes; the game itself is never
stored, it is rebuilt by replay. Everything here is synchronous and runs on
one worker thread owned by :class:`~boardgamesbot.server.writer.Writer`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import (
    BigInteger,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Integer,
    String,
    Text,
    create_engine,
    event,
    exists,
    func,
    insert,
    inspect,
    or_,
    select,
    update,
)
from sqlalchemy.engine import Engine
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column


class Base(DeclarativeBase):
    pass


class RoomRow(Base):
    __tablename__ = "rooms"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(40))
    players: Mapped[int] = mapped_column(Integer)
    variant: Mapped[str] = mapped_column(Text)  # JSON object
    seed: Mapped[int] = mapped_column(BigInteger)
    lang: Mapped[str] = mapped_column(String(8))
    options: Mapped[str] = mapped_column(Text)  # JSON object: reveal_at_end, stand_in
    over: Mapped[bool] = mapped_column(Boolean, default=False, index=True)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    creator: Mapped[str | None] = mapped_column(String(64), nullable=True, index=True)  # digest of the client
    last_active: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True, index=True)
    listed: Mapped[bool] = mapped_column(Boolean, default=False, server_default="0", index=True)  # in the lobby
    clock_deadline: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    clock_turn: Mapped[int | None] = mapped_column(Integer, nullable=True)  # the turn clock_deadline is for


class SeatRow(Base):
    __tablename__ = "seats"
    room_id: Mapped[str] = mapped_column(ForeignKey("rooms.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))  # human | bot
    bot: Mapped[str | None] = mapped_column(String(40), nullable=True)
    name: Mapped[str] = mapped_column(String(80), default="")
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    invite_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    stand_in: Mapped[str | None] = mapped_column(String(40), nullable=True)
    stand_in_reason: Mapped[str | None] = mapped_column(String(16), nullable=True)
    cover_after: Mapped[float | None] = mapped_column(Float, nullable=True)
    account: Mapped[str | None] = mapped_column(String(40), nullable=True, index=True)  # accounts.name
    clock_left: Mapped[float | None] = mapped_column(Float, nullable=True)  # seconds on a real-time clock
    muted: Mapped[str | None] = mapped_column(Text, nullable=True)  # JSON list of seats this seat muted


class ActionRow(Base):
    __tablename__ = "actions"
    room_id: Mapped[str] = mapped_column(ForeignKey("rooms.id"), primary_key=True)
    step: Mapped[int] = mapped_column(Integer, primary_key=True)  # 1-based
    code: Mapped[str] = mapped_column(String(200))
    seat: Mapped[int] = mapped_column(Integer)
    by_bot: Mapped[bool] = mapped_column(Boolean, default=False)


class AccountRow(Base):
    __tablename__ = "accounts"
    name: Mapped[str] = mapped_column(String(40), primary_key=True)  # the case-folded username (unique)
    username: Mapped[str] = mapped_column(String(40))  # as typed
    password_hash: Mapped[str] = mapped_column(String(200))  # argon2id
    lang: Mapped[str] = mapped_column(String(8))
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class SessionRow(Base):
    __tablename__ = "sessions"
    id_hash: Mapped[str] = mapped_column(String(64), primary_key=True)  # SHA-256 of the cookie's secret
    account: Mapped[str] = mapped_column(ForeignKey("accounts.name"), index=True)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    expires: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)


class RatingRow(Base):
    __tablename__ = "ratings"
    subject: Mapped[str] = mapped_column(String(60), primary_key=True)  # "account:<name>" or "bot:<level>"
    game: Mapped[str] = mapped_column(String(40), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer, default=0)
    updated: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class RatingEventRow(Base):
    __tablename__ = "rating_events"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    subject: Mapped[str] = mapped_column(String(60), index=True)
    game: Mapped[str] = mapped_column(String(40))
    room_id: Mapped[str] = mapped_column(String(32), index=True)
    mu_before: Mapped[float] = mapped_column(Float)
    sigma_before: Mapped[float] = mapped_column(Float)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class ChatRow(Base):
    __tablename__ = "chat"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    room_id: Mapped[str] = mapped_column(String(32), index=True)
    audience: Mapped[str] = mapped_column(String(12))  # players | spectators
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    name: Mapped[str] = mapped_column(String(80))
    text: Mapped[str] = mapped_column(Text)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


@dataclass
class AccountData:
    name: str
    username: str
    password_hash: str
    lang: str
    created: datetime


@dataclass
class ChatData:
    id: int
    audience: str
    seat: int | None
    name: str
    text: str
    at: datetime


@dataclass
class SeatData:
    seat: int
    kind: str
    bot: str | None = None
    name: str = ""
    token_hash: str | None = None
    invite_hash: str | None = None
    stand_in: str | None = None
    stand_in_reason: str | None = None
    cover_after: float | None = None
    account: str | None = None
    clock_left: float | None = None
    muted: list[int] = field(default_factory=list)


@dataclass
class ActionData:
    step: int
    code: str
    seat: int
    by_bot: bool


@dataclass
class RoomData:
    id: str
    game: str
    players: int
    variant: dict[str, Any]
    seed: int
    lang: str
    options: dict[str, Any]
    over: bool = False
    created: datetime = field(default_factory=lambda: datetime.now(UTC))
    creator: str | None = None
    listed: bool = False
    clock_deadline: datetime | None = None
    clock_turn: int | None = None
    seats: list[SeatData] = field(default_factory=list)
    actions: list[ActionData] = field(default_factory=list)


def make_engine(url: str) -> Engine:
    """An engine for ``url``; SQLite gets WAL and full syncs so a commit survives a crash."""
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_conn: Any, _record: Any) -> None:
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=NORMAL")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.close()

        return engine
    return create_engine(url, pool_pre_ping=True)


MIGRATIONS = Path(__file__).resolve().parent / "migrations"
BASELINE = "0001_baseline"


def migrate(engine: Engine) -> None:
    """Bring the schema to the newest Alembic revision.

    A database made before migrations existed (tables but no
    ``alembic_version``) is first stamped with the baseline, which equals
    the schema that code created, so nothing in it is touched or lost.
    """
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as conn:
        config.attributes["connection"] = conn
        tables = inspect(conn)
        if tables.has_table("rooms") and not tables.has_table("alembic_version"):
            command.stamp(config, BASELINE)
        command.upgrade(config, "head")


def now() -> datetime:
    return datetime.now(UTC)


class Store:
    """Blocking storage operations; call them from one thread at a time."""

    def __init__(self, url: str) -> None:
        self.engine = make_engine(url)
        migrate(self.engine)

    def close(self) -> None:
        self.engine.dispose()

    def create_room(self, room: RoomData) -> None:
        with Session(self.engine) as s, s.begin():
            s.add(
                RoomRow(
                    id=room.id,
                    game=room.game,
                    players=room.players,
                    variant=json.dumps(room.variant),
                    seed=room.seed,
                    lang=room.lang,
                    options=json.dumps(room.options),
                    over=room.over,
                    created=room.created,
                    creator=room.creator,
                    last_active=room.created,
                    listed=room.listed,
                    clock_deadline=room.clock_deadline,
                    clock_turn=room.clock_turn,
                )
            )
            s.flush()
            for seat in room.seats:
                s.add(SeatRow(room_id=room.id, **_seat_fields(seat)))

    def save_seat(self, room_id: str, seat: SeatData) -> None:
        with Session(self.engine) as s, s.begin():
            row = s.get(SeatRow, (room_id, seat.seat))
            if row is None:
                raise LookupError(f"no seat {seat.seat} in room {room_id}")
            for key, value in _seat_fields(seat).items():
                setattr(row, key, value)

    def append_actions(self, batch: list[tuple[str, ActionData, bool]]) -> None:
        """Insert many rooms' actions in one transaction (group commit); flag finished rooms."""
        rows = [
            {"room_id": room_id, "step": act.step, "code": act.code, "seat": act.seat, "by_bot": act.by_bot}
            for room_id, act, _ in batch
        ]
        finished = [room_id for room_id, _, over in batch if over]
        moved = sorted({room_id for room_id, _, _ in batch})
        with self.engine.begin() as conn:
            conn.execute(insert(ActionRow), rows)
            conn.execute(update(RoomRow).where(RoomRow.id.in_(moved)).values(last_active=now()))
            if finished:
                conn.execute(update(RoomRow).where(RoomRow.id.in_(finished)).values(over=True))

    def touch(self, room_ids: list[str]) -> None:
        """Mark rooms active now (a person connected)."""
        if room_ids:
            with self.engine.begin() as conn:
                conn.execute(update(RoomRow).where(RoomRow.id.in_(room_ids)).values(last_active=now()))

    def room_ids(self, unfinished_only: bool) -> list[str]:
        with Session(self.engine) as s:
            query = select(RoomRow.id)
            if unfinished_only:
                query = query.where(RoomRow.over.is_(False))
            return list(s.scalars(query.order_by(RoomRow.created)))

    def resumable_room_ids(self, since: datetime) -> list[str]:
        """Unfinished rooms active since ``since`` with a person's seat (claimed human seats)."""
        people = exists().where(SeatRow.room_id == RoomRow.id, SeatRow.kind == "human", SeatRow.token_hash.is_not(None))
        with Session(self.engine) as s:
            query = select(RoomRow.id).where(RoomRow.over.is_(False), people, _active_since(since))
            return list(s.scalars(query.order_by(RoomRow.created)))

    def count_live(self, since: datetime, creator: str | None = None, bots_only: bool = False) -> int:
        """Unfinished rooms active since ``since`` (of one creator; only rooms without a human seat)."""
        query = select(func.count()).select_from(RoomRow).where(RoomRow.over.is_(False), _active_since(since))
        if creator is not None:
            query = query.where(RoomRow.creator == creator)
        if bots_only:
            query = query.where(~exists().where(SeatRow.room_id == RoomRow.id, SeatRow.kind == "human"))
        with Session(self.engine) as s:
            return int(s.scalar(query) or 0)

    def load_room(self, room_id: str) -> RoomData | None:
        with Session(self.engine) as s:
            row = s.get(RoomRow, room_id)
            if row is None:
                return None
            seats = s.scalars(select(SeatRow).where(SeatRow.room_id == room_id).order_by(SeatRow.seat)).all()
            acts = s.scalars(select(ActionRow).where(ActionRow.room_id == room_id).order_by(ActionRow.step)).all()
            return RoomData(
                id=row.id,
                game=row.game,
                players=row.players,
                variant=json.loads(row.variant),
                seed=row.seed,
                lang=row.lang,
                options=json.loads(row.options),
                over=row.over,
                created=row.created,
                creator=row.creator,
                listed=row.listed,
                clock_deadline=_aware(row.clock_deadline),
                clock_turn=row.clock_turn,
                seats=[
                    SeatData(
                        seat=r.seat,
                        kind=r.kind,
                        bot=r.bot,
                        name=r.name,
                        token_hash=r.token_hash,
                        invite_hash=r.invite_hash,
                        stand_in=r.stand_in,
                        stand_in_reason=r.stand_in_reason,
                        cover_after=r.cover_after,
                        account=r.account,
                        clock_left=r.clock_left,
                        muted=json.loads(r.muted) if r.muted else [],
                    )
                    for r in seats
                ],
                actions=[ActionData(step=a.step, code=a.code, seat=a.seat, by_bot=a.by_bot) for a in acts],
            )


def _active_since(since: datetime) -> Any:
    return or_(RoomRow.last_active >= since, RoomRow.last_active.is_(None) & (RoomRow.created >= since))


def _seat_fields(seat: SeatData) -> dict[str, Any]:
    return {
        "seat": seat.seat,
        "kind": seat.kind,
        "bot": seat.bot,
        "name": seat.name,
        "token_hash": seat.token_hash,
        "invite_hash": seat.invite_hash,
        "stand_in": seat.stand_in,
        "stand_in_reason": seat.stand_in_reason,
        "cover_after": seat.cover_after,
        "account": seat.account,
        "clock_left": seat.clock_left,
        "muted": json.dumps(seat.muted) if seat.muted else None,
    }


def _aware(when: datetime | None) -> datetime | None:
    """SQLite gives naive datetimes back; everything stored is UTC."""
    if when is not None and when.tzinfo is None:
        return when.replace(tzinfo=UTC)
    return when
