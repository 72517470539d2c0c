"""Room activity: who created a room (a digest of the client address) and when it was last active.

Quotas count a client's live rooms with these columns, and a restart resumes
only rooms that were recently active. Existing rooms get ``last_active =
created`` and no creator.

Revision ID: 0002_room_activity
Revises: 0001_baseline
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0002_room_activity"
down_revision: str | None = "0001_baseline"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    with op.batch_alter_table("rooms") as batch:
        batch.add_column(sa.Column("creator", sa.String(64), nullable=True))
        batch.add_column(sa.Column("last_active", sa.DateTime(timezone=True), nullable=True))
    op.create_index("ix_rooms_creator", "rooms", ["creator"])
    op.create_index("ix_rooms_last_active", "rooms", ["last_active"])
    op.execute(sa.text("UPDATE rooms SET last_active = created WHERE last_active IS NULL"))


def downgrade() -> None:
    op.drop_index("ix_rooms_last_active", table_name="rooms")
    op.drop_index("ix_rooms_creator", table_name="rooms")
    with op.batch_alter_table("rooms") as batch:
        batch.drop_column("last_active")
        batch.drop_column("creator")
