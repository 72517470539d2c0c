"""Baseline: the rooms, seats and actions tables as the server created them before migrations.

A database made by that code (``create_all``, no ``alembic_version`` table) is
stamped with this revision on start and upgraded from here.

Revision ID: 0001_baseline
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0001_baseline"
down_revision: str | None = None
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "rooms",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("variant", sa.Text, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("lang", sa.String(8), nullable=False),
        sa.Column("options", sa.Text, nullable=False),
        sa.Column("over", sa.Boolean, nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_rooms_over", "rooms", ["over"])
    op.create_table(
        "seats",
        sa.Column("room_id", sa.String(32), sa.ForeignKey("rooms.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("bot", sa.String(40), nullable=True),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=True),
        sa.Column("invite_hash", sa.String(64), nullable=True),
        sa.Column("stand_in", sa.String(40), nullable=True),
        sa.Column("stand_in_reason", sa.String(16), nullable=True),
        sa.Column("cover_after", sa.Float, nullable=True),
    )
    op.create_table(
        "actions",
        sa.Column("room_id", sa.String(32), sa.ForeignKey("rooms.id"), primary_key=True),
        sa.Column("step", sa.Integer, primary_key=True),
        sa.Column("code", sa.String(200), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("by_bot", sa.Boolean, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("actions")
    op.drop_table("seats")
    op.drop_index("ix_rooms_over", table_name="rooms")
    op.drop_table("rooms")
