"""Storage schema changes go through Alembic; a database made before migrations upgrades on start."""

from __future__ import annotations

import os
import secrets
from datetime import UTC, datetime

import pytest
import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from boardgamesbot.server.storage import Base, Store


def _old_schema() -> sa.MetaData:
    """The tables exactly as the server created them with ``create_all`` before migrations (8ea34c8)."""
    md = sa.MetaData()
    sa.Table(
        "rooms",
        md,
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("variant", sa.Text, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("lang", sa.String(8), nullable=False),
        sa.Column("options", sa.Text, nullable=False),
        sa.Column("over", sa.Boolean, nullable=False, index=True),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    )
    sa.Table(
        "seats",
        md,
        sa.Column("room_id", sa.String(32), sa.ForeignKey("rooms.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("bot", sa.String(40)),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("token_hash", sa.String(64)),
        sa.Column("invite_hash", sa.String(64)),
        sa.Column("stand_in", sa.String(40)),
        sa.Column("stand_in_reason", sa.String(16)),
        sa.Column("cover_after", sa.Float),
    )
    sa.Table(
        "actions",
        md,
        sa.Column("room_id", sa.String(32), sa.ForeignKey("rooms.id"), primary_key=True),
        sa.Column("step", sa.Integer, primary_key=True),
        sa.Column("code", sa.String(200), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("by_bot", sa.Boolean, nullable=False),
    )
    return md


def _fill_old(url: str) -> None:
    engine = sa.create_engine(url)
    md = _old_schema()
    md.create_all(engine)
    with engine.begin() as conn:
        conn.execute(
            md.tables["rooms"].insert(),
            [
                {
                    "id": "oldroom",
                    "game": "drawtricks",
                    "players": 2,
                    "variant": "{}",
                    "seed": 42,
                    "lang": "pt",
                    "options": '{"reveal_at_end": true, "stand_in": "medium"}',
                    "over": False,
                    "created": datetime(2026, 1, 2, tzinfo=UTC),
                }
            ],
        )
        conn.execute(
            md.tables["seats"].insert(),
            [
                {"room_id": "oldroom", "seat": 0, "kind": "human", "bot": None, "name": "Ana", "token_hash": "a" * 64},
                {"room_id": "oldroom", "seat": 1, "kind": "bot", "bot": "random", "name": "random", "token_hash": None},
            ],
        )
        conn.execute(
            md.tables["actions"].insert(),
            [{"room_id": "oldroom", "step": 1, "code": "p3", "seat": 0, "by_bot": False}],
        )
    engine.dispose()


def _check_upgraded(url: str) -> None:
    store = Store(url)  # upgrades on start
    try:
        room = store.load_room("oldroom")
        assert room is not None and room.lang == "pt" and room.seed == 42
        assert [(s.name, s.token_hash) for s in room.seats] == [("Ana", "a" * 64), ("random", None)]
        assert [(a.step, a.code) for a in room.actions] == [(1, "p3")]
        # 0003_social: old rooms are not listed in the lobby, have no clock, their seats no account
        assert room.listed is False and room.clock_deadline is None
        assert all(s.account is None and s.clock_left is None and s.muted == [] for s in room.seats)
        with store.engine.connect() as conn:
            ctx = MigrationContext.configure(conn)
            assert ctx.get_current_revision() == "0003_social"
            assert compare_metadata(ctx, Base.metadata) == []  # the migrations build exactly the models' schema
            assert conn.execute(sa.text("SELECT last_active FROM rooms")).scalar() is not None
    finally:
        store.close()
    Store(url).close()  # a second start finds nothing to do


def test_a_sqlite_database_from_before_migrations_upgrades_and_keeps_everything(tmp_path) -> None:  # type: ignore[no-untyped-def]
    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    _fill_old(url)
    _check_upgraded(url)


def test_a_new_database_is_built_by_the_migrations(tmp_path) -> None:  # type: ignore[no-untyped-def]
    store = Store(f"sqlite:///{tmp_path / 'new.sqlite3'}")
    with store.engine.connect() as conn:
        ctx = MigrationContext.configure(conn)
        assert ctx.get_current_revision() == "0003_social"
        assert compare_metadata(ctx, Base.metadata) == []
    store.close()


@pytest.mark.postgres
def test_a_postgresql_database_from_before_migrations_upgrades_and_keeps_everything() -> None:
    base = os.environ.get("BGB_TEST_POSTGRES_URL")
    if not base:
        pytest.skip("BGB_TEST_POSTGRES_URL is not set (scripts/start-test-postgres.sh prints one)")
    schema = f"bgb_mig_{secrets.token_hex(6)}"
    admin = sa.create_engine(base)
    with admin.begin() as conn:
        conn.execute(sa.text(f"CREATE SCHEMA {schema}"))
    joiner = "&" if "?" in base else "?"
    try:
        url = f"{base}{joiner}options=-csearch_path%3D{schema}"
        _fill_old(url)
        _check_upgraded(url)
    finally:
        with admin.begin() as conn:
            conn.execute(sa.text(f"DROP SCHEMA {schema} CASCADE"))
        admin.dispose()
