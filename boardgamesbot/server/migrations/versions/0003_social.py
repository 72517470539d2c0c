"""Accounts, sessions, ratings, chat, clocks and the lobby.

New tables ``accounts``, ``sessions`` (hashed session ids), ``ratings`` (OpenSkill mu/sigma per
account or bot level and game), ``rating_events`` (one row per subject and rated game: the
history a profile plots) and ``chat``. ``rooms`` gains ``listed`` (a public table waiting for
players, shown in the lobby), ``clock_deadline`` and ``clock_turn`` (the running clock's deadline
and the turn it is for, so a clock survives a restart); ``seats`` gains ``account`` (the signed-in
player the seat belongs to), ``clock_left`` (seconds on a real-time clock) and ``muted`` (seats
this seat muted in the chat). Old rooms get ``listed = false`` and nulls: no clock, no account.

Revision ID: 0003_social
Revises: 0002_room_activity
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0003_social"
down_revision: str | None = "0002_room_activity"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "accounts",
        sa.Column("name", sa.String(40), primary_key=True),
        sa.Column("username", sa.String(40), nullable=False),
        sa.Column("password_hash", sa.String(200), nullable=False),
        sa.Column("lang", sa.String(8), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "sessions",
        sa.Column("id_hash", sa.String(64), primary_key=True),
        sa.Column("account", sa.String(40), sa.ForeignKey("accounts.name"), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_sessions_account", "sessions", ["account"])
    op.create_index("ix_sessions_expires", "sessions", ["expires"])
    op.create_table(
        "ratings",
        sa.Column("subject", sa.String(60), primary_key=True),
        sa.Column("game", sa.String(40), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("updated", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "rating_events",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("subject", sa.String(60), nullable=False),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("room_id", sa.String(32), nullable=False),
        sa.Column("mu_before", sa.Float, nullable=False),
        sa.Column("sigma_before", sa.Float, nullable=False),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_rating_events_subject", "rating_events", ["subject"])
    op.create_index("ix_rating_events_room_id", "rating_events", ["room_id"])
    op.create_table(
        "chat",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("room_id", sa.String(32), nullable=False),
        sa.Column("audience", sa.String(12), nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_chat_room_id", "chat", ["room_id"])
    with op.batch_alter_table("rooms") as batch:
        batch.add_column(sa.Column("listed", sa.Boolean, nullable=False, server_default="0"))
        batch.add_column(sa.Column("clock_deadline", sa.DateTime(timezone=True), nullable=True))
        batch.add_column(sa.Column("clock_turn", sa.Integer, nullable=True))
    op.create_index("ix_rooms_listed", "rooms", ["listed"])
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("account", sa.String(40), nullable=True))
        batch.add_column(sa.Column("clock_left", sa.Float, nullable=True))
        batch.add_column(sa.Column("muted", sa.Text, nullable=True))
    op.create_index("ix_seats_account", "seats", ["account"])


def downgrade() -> None:
    op.drop_index("ix_seats_account", table_name="seats")
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("muted")
        batch.drop_column("clock_left")
        batch.drop_column("account")
    op.drop_index("ix_rooms_listed", table_name="rooms")
    with op.batch_alter_table("rooms") as batch:
        batch.drop_column("clock_turn")
        batch.drop_column("clock_deadline")
        batch.drop_column("listed")
    op.drop_index("ix_chat_room_id", table_name="chat")
    op.drop_table("chat")
    op.drop_index("ix_rating_events_room_id", table_name="rating_events")
    op.drop_index("ix_rating_events_subject", table_name="rating_events")
    op.drop_table("rating_events")
    op.drop_table("ratings")
    op.drop_index("ix_sessions_expires", table_name="sessions")
    op.drop_index("ix_sessions_account", table_name="sessions")
    op.drop_table("sessions")
    op.drop_table("accounts")
