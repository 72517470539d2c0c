"""Blocking storage calls for accounts, sessions, ratings, chat, clocks and the lobby.

Like storage.py these run on the writer's one thread (``writer.run(fn, store, ...)``);
the tables are the models in storage.py (revision 0003_social).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import delete, func, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from .storage import (
    AccountData,
    AccountRow,
    ChatData,
    ChatRow,
    RatingEventRow,
    RatingRow,
    RoomRow,
    SeatRow,
    SessionRow,
    Store,
    _active_since,
    _aware,
    now,
)


class NameTaken(Exception):
    pass


# ---- accounts and sessions -----------------------------------------------------------
def create_account(store: Store, account: AccountData) -> None:
    try:
        with Session(store.engine) as s, s.begin():
            s.add(
                AccountRow(
                    name=account.name,
                    username=account.username,
                    password_hash=account.password_hash,
                    lang=account.lang,
                    created=account.created,
                )
            )
    except IntegrityError:
        raise NameTaken(account.name) from None


def get_account(store: Store, name: str) -> AccountData | None:
    with Session(store.engine) as s:
        row = s.get(AccountRow, name)
        if row is None:
            return None
        return AccountData(row.name, row.username, row.password_hash, row.lang, _aware(row.created) or now())


def update_account(store: Store, name: str, fields: dict[str, Any]) -> None:
    with store.engine.begin() as conn:
        conn.execute(update(AccountRow).where(AccountRow.name == name).values(**fields))


def create_session(store: Store, id_hash: str, name: str, expires: datetime) -> None:
    with Session(store.engine) as s, s.begin():
        s.add(SessionRow(id_hash=id_hash, account=name, created=now(), expires=expires))


def session_account(store: Store, id_hash: str) -> AccountData | None:
    """The account of a live session (an expired one is deleted and gives None)."""
    with Session(store.engine) as s, s.begin():
        row = s.get(SessionRow, id_hash)
        if row is None:
            return None
        if (_aware(row.expires) or now()) <= now():
            s.delete(row)
            return None
        acc = s.get(AccountRow, row.account)
        if acc is None:
            return None
        return AccountData(acc.name, acc.username, acc.password_hash, acc.lang, _aware(acc.created) or now())


def delete_session(store: Store, id_hash: str) -> None:
    with store.engine.begin() as conn:
        conn.execute(delete(SessionRow).where(SessionRow.id_hash == id_hash))


def delete_expired_sessions(store: Store) -> None:
    with store.engine.begin() as conn:
        conn.execute(delete(SessionRow).where(SessionRow.expires <= now()))


# ---- ratings ---------------------------------------------------------------------------
@dataclass
class RatingData:
    subject: str
    game: str
    mu: float
    sigma: float
    games: int


def get_ratings(store: Store, game: str, subjects: list[str]) -> dict[str, RatingData]:
    with Session(store.engine) as s:
        rows = s.scalars(select(RatingRow).where(RatingRow.game == game, RatingRow.subject.in_(subjects))).all()
        return {r.subject: RatingData(r.subject, r.game, r.mu, r.sigma, r.games) for r in rows}


def ratings_of_prefix(store: Store, prefix: str) -> list[RatingData]:
    """Every rating whose subject starts with ``prefix`` (e.g. all bot levels)."""
    with Session(store.engine) as s:
        rows = s.scalars(select(RatingRow).where(RatingRow.subject.startswith(prefix))).all()
        return [RatingData(r.subject, r.game, r.mu, r.sigma, r.games) for r in rows]


def room_rated(store: Store, room_id: str) -> bool:
    with Session(store.engine) as s:
        return bool(s.scalar(select(func.count()).select_from(RatingEventRow).where(RatingEventRow.room_id == room_id)))


def apply_ratings(store: Store, room_id: str, game: str, updates: list[tuple[str, float, float, float, float]]) -> bool:
    """Store one game's new ratings (subject, mu_before, sigma_before, mu, sigma) once; False if already done."""
    when = now()
    with Session(store.engine) as s, s.begin():
        done = s.scalar(select(func.count()).select_from(RatingEventRow).where(RatingEventRow.room_id == room_id))
        if done:
            return False
        for subject, mu0, sigma0, mu, sigma in updates:
            row = s.get(RatingRow, (subject, game))
            if row is None:
                s.add(RatingRow(subject=subject, game=game, mu=mu, sigma=sigma, games=1, updated=when))
            else:
                row.mu, row.sigma, row.games, row.updated = mu, sigma, row.games + 1, when
            s.add(
                RatingEventRow(
                    subject=subject,
                    game=game,
                    room_id=room_id,
                    mu_before=mu0,
                    sigma_before=sigma0,
                    mu=mu,
                    sigma=sigma,
                    at=when,
                )
            )
    return True


def set_ratings(store: Store, game: str, values: dict[str, tuple[float, float, int]], overwrite: bool) -> None:
    """Write subjects' ratings directly (bot calibration); ``overwrite=False`` keeps existing rows."""
    with Session(store.engine) as s, s.begin():
        for subject, (mu, sigma, games) in values.items():
            row = s.get(RatingRow, (subject, game))
            if row is None:
                s.add(RatingRow(subject=subject, game=game, mu=mu, sigma=sigma, games=games, updated=now()))
            elif overwrite:
                row.mu, row.sigma, row.games, row.updated = mu, sigma, games, now()


def rating_history(store: Store, subject: str, limit: int = 200) -> list[dict[str, Any]]:
    with Session(store.engine) as s:
        rows = s.scalars(
            select(RatingEventRow)
            .where(RatingEventRow.subject == subject)
            .order_by(RatingEventRow.id.desc())
            .limit(limit)
        ).all()
        return [
            {"game": r.game, "room": r.room_id, "mu": r.mu, "sigma": r.sigma, "mu_before": r.mu_before,
             "sigma_before": r.sigma_before, "at": (_aware(r.at) or now()).isoformat()}
            for r in reversed(rows)
        ]  # fmt: skip


def room_rating_changes(store: Store, room_id: str) -> list[dict[str, Any]]:
    with Session(store.engine) as s:
        rows = s.scalars(select(RatingEventRow).where(RatingEventRow.room_id == room_id)).all()
        return [
            {
                "subject": r.subject,
                "mu_before": r.mu_before,
                "sigma_before": r.sigma_before,
                "mu": r.mu,
                "sigma": r.sigma,
            }
            for r in rows
        ]


# ---- an account's games ------------------------------------------------------------------
def account_games(store: Store, name: str, limit: int = 30) -> tuple[int, list[dict[str, Any]]]:
    """Finished games played and the most recent rooms (any state) with a seat of this account."""
    with Session(store.engine) as s:
        finished = s.scalar(
            select(func.count(func.distinct(SeatRow.room_id)))
            .join(RoomRow, RoomRow.id == SeatRow.room_id)
            .where(SeatRow.account == name, RoomRow.over.is_(True))
        )
        rows = s.execute(
            select(RoomRow.id, RoomRow.game, RoomRow.created, RoomRow.over, RoomRow.options, SeatRow.seat)
            .join(SeatRow, SeatRow.room_id == RoomRow.id)
            .where(SeatRow.account == name)
            .order_by(RoomRow.created.desc())
            .limit(limit)
        ).all()
    out = []
    for room_id, game, created, over, options, seat in rows:
        opts = json.loads(options or "{}")
        out.append(
            {
                "room": room_id,
                "game": game,
                "created": (_aware(created) or now()).isoformat(),
                "over": bool(over),
                "seat": seat,
                "rated": bool(opts.get("rated")),
            }
        )
    return int(finished or 0), out


# ---- chat ----------------------------------------------------------------------------------
def add_chat(store: Store, room_id: str, audience: str, seat: int | None, name: str, text: str) -> ChatData:
    at = now()
    with Session(store.engine) as s, s.begin():
        row = ChatRow(room_id=room_id, audience=audience, seat=seat, name=name, text=text, at=at)
        s.add(row)
        s.flush()
        return ChatData(row.id, audience, seat, name, text, at)


def load_chat(store: Store, room_id: str, audience: str, limit: int) -> list[ChatData]:
    with Session(store.engine) as s:
        rows = s.scalars(
            select(ChatRow)
            .where(ChatRow.room_id == room_id, ChatRow.audience == audience)
            .order_by(ChatRow.id.desc())
            .limit(limit)
        ).all()
        return [ChatData(r.id, r.audience, r.seat, r.name, r.text, _aware(r.at) or now()) for r in reversed(rows)]


# ---- clocks and the lobby ----------------------------------------------------------------
def save_clock(
    store: Store, room_id: str, deadline: datetime | None, turn: int | None, lefts: dict[int, float | None]
) -> None:
    """The running deadline (for ``turn``) and every seat's time left, in one transaction."""
    with store.engine.begin() as conn:
        conn.execute(update(RoomRow).where(RoomRow.id == room_id).values(clock_deadline=deadline, clock_turn=turn))
        for seat, left in lefts.items():
            conn.execute(
                update(SeatRow).where(SeatRow.room_id == room_id, SeatRow.seat == seat).values(clock_left=left)
            )


def set_listed(store: Store, room_id: str, listed: bool) -> None:
    with store.engine.begin() as conn:
        conn.execute(update(RoomRow).where(RoomRow.id == room_id).values(listed=listed))


def listed_room_ids(store: Store, since: datetime, limit: int) -> list[str]:
    with Session(store.engine) as s:
        query = (
            select(RoomRow.id)
            .where(RoomRow.listed.is_(True), RoomRow.over.is_(False), _active_since(since))
            .order_by(RoomRow.created.desc())
            .limit(limit)
        )
        return list(s.scalars(query))


def expired_clock_rooms(store: Store, limit: int) -> list[str]:
    """Unfinished rooms whose running clock's deadline has passed (they may not be in memory)."""
    with Session(store.engine) as s:
        query = (
            select(RoomRow.id)
            .where(RoomRow.over.is_(False), RoomRow.clock_deadline.is_not(None), RoomRow.clock_deadline <= now())
            .order_by(RoomRow.clock_deadline)
            .limit(limit)
        )
        return list(s.scalars(query))


def utc(when: datetime | None) -> datetime | None:
    return when.astimezone(UTC) if when is not None else None
