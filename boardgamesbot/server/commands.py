"""`bgb serve`: run the web app with uvicorn."""

from __future__ import annotations

import logging
import os
from pathlib import Path
from typing import Annotated

import typer

from .config import MAX_MESSAGE_BYTES, MIN_COVER_WAIT, Settings

DEFAULT_DATA_DIR = Path("data")
defaults = Settings()


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
        redis_url: Annotated[
            str | None,
            typer.Option(
                "--redis-url",
                help="Cluster mode: Redis for room leases, pub/sub and the bot-job queue (e.g. redis://host:6379/0); "
                "run any number of servers on one --database-url and bots in `bgb worker` processes.",
            ),
        ] = None,
        cluster_name: Annotated[
            str, typer.Option("--cluster-name", help="Cluster mode: prefix of the Redis keys (one per deployment).")
        ] = defaults.cluster_name,
        bot_workers: Annotated[int, typer.Option("--bot-workers", help="Processes that run bots (0: threads).")] = 4,
        bot_time_limit: Annotated[
            float, typer.Option("--bot-time-limit", help="Seconds a bot may think per move.")
        ] = 20.0,
        bot_delay: Annotated[
            float, typer.Option("--bot-delay", help="Pause before a bot move while people watch (s).")
        ] = 0.3,
        log_level: Annotated[str, typer.Option("--log-level", help="uvicorn log level.")] = "info",
        rooms_per_minute: Annotated[
            int, typer.Option("--rooms-per-minute", help="Rooms one client may create per minute (0: no limit).")
        ] = defaults.rooms_per_minute,
        live_rooms_per_client: Annotated[
            int, typer.Option("--live-rooms-per-client", help="Unfinished rooms one client may have (0: no limit).")
        ] = defaults.live_rooms_per_client,
        bot_rooms_per_client: Annotated[
            int,
            typer.Option("--bot-rooms-per-client", help="Of those, rooms with only bots (0: no limit)."),
        ] = defaults.bot_rooms_per_client,
        max_live_rooms: Annotated[
            int, typer.Option("--max-live-rooms", help="Unfinished rooms on the whole server (0: no limit).")
        ] = defaults.max_live_rooms,
        bot_cpu_per_minute: Annotated[
            float,
            typer.Option("--bot-cpu-per-minute", help="Seconds of bot CPU one room may use per minute (0: no limit)."),
        ] = defaults.bot_cpu_per_minute,
        background_bot_workers: Annotated[
            int,
            typer.Option("--background-bot-workers", help="Low-priority bot processes for rooms with only bots."),
        ] = defaults.background_bot_workers,
        idle_timeout: Annotated[
            float, typer.Option("--idle-timeout", help="Seconds before an unused unfinished room leaves memory.")
        ] = defaults.idle_timeout,
        max_rooms_in_memory: Annotated[
            int, typer.Option("--max-rooms-in-memory", help="Rooms kept in memory (least recently used leave).")
        ] = defaults.max_rooms_in_memory,
        cover_min_wait: Annotated[
            float,
            typer.Option(
                "--cover-min-wait",
                help=f"Least wait (s) before a stand-in covers an away player (>= {MIN_COVER_WAIT:g}).",
            ),
        ] = MIN_COVER_WAIT,
        hello_timeout: Annotated[
            float, typer.Option("--hello-timeout", help="Seconds a new WebSocket has to say hello.")
        ] = defaults.hello_timeout,
        client_ip_header: Annotated[
            str | None,
            typer.Option(
                "--client-ip-header",
                help="Header naming the client behind a trusted reverse proxy, e.g. X-Forwarded-For (off by default).",
            ),
        ] = None,
        trusted_proxy: Annotated[
            list[str] | None,
            typer.Option("--trusted-proxy", help="Address of a reverse proxy whose --client-ip-header is believed."),
        ] = None,
        allowed_host: Annotated[
            list[str] | None,
            typer.Option("--allowed-host", help="Another Host name this server answers to (loopback always)."),
        ] = None,
        registrations_per_hour: Annotated[
            int, typer.Option("--registrations-per-hour", help="Accounts one client may create per hour.")
        ] = defaults.registrations_per_hour,
        allowed_origin: Annotated[
            list[str] | None,
            typer.Option("--allowed-origin", help="Another web origin allowed to send requests (its own always)."),
        ] = None,
        hint_iterations: Annotated[
            int, typer.Option("--hint-iterations", help="Search iterations of a hint or a move's explanation.")
        ] = defaults.hint_iterations,
        review_iterations: Annotated[
            int, typer.Option("--review-iterations", help="Search iterations per decision of a post-game review.")
        ] = defaults.review_iterations,
        review_weigh: Annotated[
            int, typer.Option("--review-weigh", help="Iterations weighing the move played and the best move.")
        ] = defaults.review_weigh,
        warm_rules_desk: Annotated[
            bool,
            typer.Option(
                "--warm-rules-desk/--no-warm-rules-desk",
                help="Build the rules desk's indexes at start, in a low-priority process, so no first question "
                "waits for them.",
            ),
        ] = True,
    ) -> None:
        """Start the web app (default http://127.0.0.1:8000, SQLite under ./data)."""
        import uvicorn

        from .app import create_app

        if not 1 <= port <= 65535:
            raise typer.BadParameter(f"port must be from 1 to 65535, not {port}", param_hint="--port")
        if bot_time_limit <= 0 or bot_delay < 0 or bot_workers < 0:
            raise typer.BadParameter("--bot-time-limit must be above 0; --bot-delay and --bot-workers not negative")
        if cover_min_wait < MIN_COVER_WAIT:
            raise typer.BadParameter(f"must be at least {MIN_COVER_WAIT:g} seconds", param_hint="--cover-min-wait")
        if min(rooms_per_minute, live_rooms_per_client, bot_rooms_per_client, max_live_rooms) < 0:
            raise typer.BadParameter("room quotas must not be negative (0 turns one off)")
        if bot_cpu_per_minute < 0 or idle_timeout < 0 or hello_timeout <= 0 or max_rooms_in_memory < 1:
            raise typer.BadParameter(
                "--bot-cpu-per-minute and --idle-timeout not negative, --hello-timeout above 0, "
                "--max-rooms-in-memory at least 1"
            )
        if min(hint_iterations, review_iterations, review_weigh) < 1:
            raise typer.BadParameter("--hint-iterations, --review-iterations and --review-weigh must be at least 1")
        wildcard = host in ("0.0.0.0", "::", "")
        hosts = tuple(allowed_host or ())
        if not wildcard:
            hosts += (host,)
        settings = Settings(
            data_dir=data_dir,
            database_url=database_url,
            redis_url=redis_url,
            cluster_name=cluster_name,
            bot_workers=bot_workers,
            background_bot_workers=max(1, background_bot_workers),
            bot_time_limit=bot_time_limit,
            bot_delay=bot_delay,
            hello_timeout=hello_timeout,
            rooms_per_minute=rooms_per_minute,
            live_rooms_per_client=live_rooms_per_client,
            bot_rooms_per_client=bot_rooms_per_client,
            max_live_rooms=max_live_rooms,
            bot_cpu_per_minute=bot_cpu_per_minute,
            idle_timeout=idle_timeout,
            max_rooms_in_memory=max_rooms_in_memory,
            cover_min_wait=cover_min_wait,
            client_ip_header=client_ip_header,
            trusted_proxies=tuple(trusted_proxy) if trusted_proxy else defaults.trusted_proxies,
            allowed_hosts=hosts,
            allowed_origins=tuple(allowed_origin or ()),
            registrations_per_hour=max(1, registrations_per_hour),
            any_host=wildcard and not allowed_host,
            hint_iterations=hint_iterations,
            review_iterations=review_iterations,
            review_weigh=review_weigh,
            warm_rules_desk=warm_rules_desk,
        )
        problem = _check_storage(settings)
        if problem:
            typer.echo(f"error: cannot open the database: {problem}", err=True)
            raise typer.Exit(1)
        if redis_url:
            problem = _check_redis(redis_url)
            if problem:
                typer.echo(f"error: cannot reach Redis: {problem}", err=True)
                raise typer.Exit(1)
        logging.basicConfig(level=log_level.upper(), format="%(levelname)s %(name)s: %(message)s")
        typer.echo(
            f"BoardGamesBot on http://{host}:{port}  (storage: {_where(settings)})"
            + (f"  (cluster {cluster_name!r}: bots come from `bgb worker`)" if redis_url else "")
        )
        if settings.any_host:
            typer.echo(
                "note: listening on every address without --allowed-host, so the Host header is not checked",
                err=True,
            )
        uvicorn.run(
            create_app(settings),
            host=host,
            port=port,
            log_level=log_level,
            ws_max_size=max(1 << 20, 4 * MAX_MESSAGE_BYTES),
            access_log=False,
            ws_per_message_deflate=False,
            proxy_headers=False,  # only --client-ip-header (from --trusted-proxy) may name another client
        )

    @app.command("worker")
    def worker(
        redis_url: Annotated[str, typer.Option("--redis-url", help="The cluster's Redis (as given to bgb serve).")],
        concurrency: Annotated[
            int, typer.Option("--concurrency", help="Bot moves computed at once (one process each).")
        ] = max(1, os.cpu_count() or 1),
        bot_time_limit: Annotated[
            float, typer.Option("--bot-time-limit", help="Seconds a bot may think per move.")
        ] = defaults.bot_time_limit,
        cluster_name: Annotated[
            str, typer.Option("--cluster-name", help="Prefix of the Redis keys (as given to bgb serve).")
        ] = defaults.cluster_name,
        log_level: Annotated[str, typer.Option("--log-level", help="Log level.")] = "info",
    ) -> None:
        """Serve bot moves for a cluster of `bgb serve --redis-url` processes (any number, any machine)."""
        import asyncio
        import signal

        if concurrency < 1 or bot_time_limit <= 0:
            raise typer.BadParameter("--concurrency must be at least 1 and --bot-time-limit above 0")
        problem = _check_redis(redis_url)
        if problem:
            typer.echo(f"error: cannot reach Redis: {problem}", err=True)
            raise typer.Exit(1)
        logging.basicConfig(level=log_level.upper(), format="%(levelname)s %(name)s: %(message)s")
        from .cluster.jobs import Worker

        async def main() -> None:
            stop = asyncio.Event()
            loop = asyncio.get_running_loop()
            for sig in (signal.SIGINT, signal.SIGTERM):
                loop.add_signal_handler(sig, stop.set)
            await Worker(redis_url, cluster_name, concurrency, bot_time_limit).run(stop)

        typer.echo(f"bot worker: {concurrency} at a time, cluster {cluster_name!r}")
        asyncio.run(main())


def _check_redis(url: str) -> str | None:
    """Reach Redis once before starting, so a bad URL is one clear line, not a traceback."""
    try:
        import redis
    except ImportError:
        return "the cluster stack is not installed: pip install 'boardgamesbot[cluster]'"
    try:
        client = redis.Redis.from_url(url, socket_connect_timeout=5, socket_timeout=5)
        client.ping()
        client.close()
    except Exception as exc:
        return f"{type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}"
    return None


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
