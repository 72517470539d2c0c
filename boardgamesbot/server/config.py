"""Server settings in one place, filled by ``bgb serve`` or by tests.

Every limit below is documented in docs/server.md ("Limits" and "Quotas");
``bgb serve`` has an option for each one a operator may want to change.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

MAX_MESSAGE_BYTES = 16 * 1024
MIN_COVER_WAIT = 30.0  # seconds: the shortest wait before a stand-in may cover another player's seat
LOOPBACK_HOSTS = ("127.0.0.1", "localhost", "::1", "[::1]")


@dataclass
class Settings:
    data_dir: Path = Path("data")
    database_url: str | None = None
    bot_workers: int = 4  # processes for bots in rooms with people (the OS shares cores); 0: threads (tests)
    background_bot_workers: int = 1  # niced processes for all-bot rooms (served after rooms with people)
    bot_time_limit: float = 20.0
    bot_delay: float = 0.3  # pause before a bot move when people are watching
    max_message_bytes: int = MAX_MESSAGE_BYTES
    outbox_limit: int = 512  # queued messages per connection before it is dropped
    outbox_bytes: int = 4 * 1024 * 1024  # queued bytes per connection before it is dropped
    hello_timeout: float = 10.0  # a WebSocket that has not said hello by then is closed

    # ---- quotas (0 turns one off) ----
    rooms_per_minute: int = 20  # rooms one client may create per minute
    live_rooms_per_client: int = 20  # unfinished, recently active rooms one client created
    bot_rooms_per_client: int = 2  # of those, rooms with no human seat
    max_live_rooms: int = 5000  # unfinished, recently active rooms on the server
    live_window: float = 3600.0  # s: a room with no move or connection for this long no longer counts as live
    bot_cpu_per_minute: float = 40.0  # s of bot CPU one room may use per minute (then its bots wait)
    replays_per_minute: int = 120  # replay pages one client may ask for per minute
    sockets_per_client: int = 64  # open WebSockets per client
    ws_messages_per_second: int = 20  # messages one WebSocket may send per second (burst: the same per second)
    syncs_per_minute: int = 20  # full-state resends (`sync`) one WebSocket may ask for per minute
    registrations_per_hour: int = 10  # accounts one client may create per hour

    # ---- memory ----
    idle_timeout: float = 600.0  # s without a connection or a person's move before an unfinished room leaves memory
    finished_timeout: float = 60.0  # the same for finished rooms
    max_rooms_in_memory: int = 500  # above this the least recently used idle rooms leave memory
    replay_page_size: int = 100  # frames per replay page (the most a client may ask for)
    replay_cache_bytes: int = 32 * 1024 * 1024  # encoded replay pages kept for repeated requests

    # ---- learning: hints, "why?", reviews, the guided game (server/coach.py) ----
    hint_iterations: int = 1000  # search budget of a hint or an explanation (the hard level's tuning)
    hint_deadline: float | None = 0.6  # s: the same search stops here on a busy machine
    review_iterations: int = 300  # search per decision of a review (fixed: reviews repeat exactly)
    review_weigh: int = 150  # iterations to weigh the move played and the best move, each
    hints_per_minute: int = 30  # hints and explanations one client may ask for per minute (cached ones are free)
    reviews_per_hour: int = 12  # reviews one client may start per hour
    learn_per_minute: int = 120  # guided-game answers one client may send per minute
    max_reviews_running: int = 2  # reviews being made at once on the whole server (then `busy`)
    review_cache: int = 64  # finished reviews kept in memory (they are recomputed, identically, when dropped)
    coach_cache: int = 512  # hints and explanations kept in memory
    # ---- the rules desk ----
    warm_rules_desk: bool = False  # build the desk's indexes at start (`bgb serve` turns it on); tests leave it off

    # ---- cluster (opt-in: several processes on one PostgreSQL, coordinated through Redis) ----
    redis_url: str | None = None  # e.g. redis://127.0.0.1:6379/0; None: one process, bots in its own pool
    cluster_name: str = "bgb"  # prefix of every Redis key and channel (several clusters may share a Redis)
    lease_seconds: float = 3.0  # a process silent for this long is dead: others take its rooms over
    bot_queue_timeout: float = 60.0  # s a bot move may wait for a worker before a greedy move is played

    # ---- stand-ins ----
    cover_min_wait: float = MIN_COVER_WAIT  # s a claimed seat must be away before others' stand-in covers it

    # ---- browser security ----
    client_ip_header: str | None = None  # e.g. "X-Forwarded-For": trusted only from trusted_proxies
    trusted_proxies: tuple[str, ...] = ("127.0.0.1", "::1")
    allowed_hosts: tuple[str, ...] = field(default_factory=tuple)  # extra Host names (loopback always allowed)
    allowed_origins: tuple[str, ...] = field(default_factory=tuple)  # extra Origins (the page's own always allowed)
    any_host: bool = False  # serving on a wildcard address with no --allowed-host: Host is not checked

    def url(self) -> str:
        """The SQLAlchemy URL: the given one, else a SQLite file in the data dir."""
        if self.database_url:
            return self.database_url
        self.data_dir.mkdir(parents=True, exist_ok=True)
        return f"sqlite:///{(self.data_dir / 'bgb.sqlite3').resolve()}"
