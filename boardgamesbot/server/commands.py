"""`bgb serve`: run the web app with uvicorn."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Annotated

import typer

from .config import MAX_MESSAGE_BYTES

DEFAULT_DATA_DIR = Path("data")


def register(app: typer.Typer) -> None:
    @app.command("serve")
    def serve(
        host: Annotated[str, typer.Option("--host", help="Address to listen on.")] = "127.0.0.1",
        port: Annotated[int, typer.Option("--port", help="Port to listen on.")] = 8000,
        data_dir: Annotated[
            Path, typer.Option("--data-dir", help="Folder for the SQLite database.")
        ] = DEFAULT_DATA_DIR,
        database_url: Annotated[
            str | None,
            typer.Option(
                "--database-url",
                help="SQLAlchemy URL, e.g. postgresql+psycopg://user@host/db (default: SQLite in --data-dir).",
            ),
        ] = None,
        bot_workers: Annotated[int, typer.Option("--bot-workers", help="Processes that run bots (0: threads).")] = 4,
        bot_time_limit: Annotated[
            float, typer.Option("--bot-time-limit", help="Seconds a bot may think per move.")
        ] = 20.0,
        bot_delay: Annotated[
            float, typer.Option("--bot-delay", help="Pause before a bot move while people watch (s).")
        ] = 0.3,
        log_level: Annotated[str, typer.Option("--log-level", help="uvicorn log level.")] = "info",
    ) -> None:
        """Start the web app (default http://127.0.0.1:8000, SQLite under ./data)."""
        import uvicorn

        from .app import create_app
        from .config import Settings

        if not 1 <= port <= 65535:
            raise typer.BadParameter(f"port must be from 1 to 65535, not {port}", param_hint="--port")
        if bot_time_limit <= 0 or bot_delay < 0 or bot_workers < 0:
            raise typer.BadParameter("--bot-time-limit must be above 0; --bot-delay and --bot-workers not negative")
        settings = Settings(
            data_dir=data_dir,
            database_url=database_url,
            bot_workers=bot_workers,
            bot_time_limit=bot_time_limit,
            bot_delay=bot_delay,
        )
        problem = _check_storage(settings)
        if problem:
            typer.echo(f"error: cannot open the database: {problem}", err=True)
            raise typer.Exit(1)
        logging.basicConfig(level=log_level.upper(), format="%(levelname)s %(name)s: %(message)s")
        typer.echo(f"BoardGamesBot on http://{host}:{port}  (storage: {_where(settings)})")
        uvicorn.run(
            create_app(settings),
            host=host,
            port=port,
            log_level=log_level,
            ws_max_size=max(1 << 20, 4 * MAX_MESSAGE_BYTES),
            access_log=False,
            ws_per_message_deflate=False,
        )


def _check_storage(settings: object) -> str | None:
    """Open the database once before serving, so a bad URL or folder is one clear line, not a traceback."""
    from .storage import Store

    try:
        Store(settings.url()).close()  # type: ignore[attr-defined]
    except Exception as exc:
        return f"{type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}"
    return None


def _where(settings: object) -> str:
    url = getattr(settings, "database_url", None)
    if url:
        return url.split("@")[-1] if "@" in url else url.split("://")[0]
    return str((getattr(settings, "data_dir") / "bgb.sqlite3").resolve())  # noqa: B009
