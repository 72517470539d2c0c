"""Room owner epoch: the fencing token of cluster mode (several server processes on one database).

Each time a server process takes a room over it bumps ``rooms.epoch``; every
commit of a move or a seat checks, under a row lock, that the epoch is still
the one its process holds, so a stale owner (paused, partitioned) can never
write. Single-process servers leave it at 0 and never check it. Existing rooms
get 0.

Revision ID: 0004_room_epoch
Revises: 0003_social
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0004_room_epoch"
down_revision: str | None = "0003_social"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    with op.batch_alter_table("rooms") as batch:
        batch.add_column(sa.Column("epoch", sa.Integer, nullable=False, server_default="0"))


def downgrade() -> None:
    with op.batch_alter_table("rooms") as batch:
        batch.drop_column("epoch")
