"""Alembic migrations of the server's storage schema (see docs/server.md, "Storage and recovery")."""
