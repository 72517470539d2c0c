"""Alembic environment: always run by ``storage.migrate`` with an open connection (never from a URL)."""

from __future__ import annotations

from alembic import context

from boardgamesbot.server.storage import Base

connection = context.config.attributes.get("connection")
if connection is None:  # pragma: no cover - only storage.migrate runs these migrations
    raise RuntimeError("run migrations through boardgamesbot.server.storage.migrate(engine)")
context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
