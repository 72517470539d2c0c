"""Quotas: who a client is, and how much each client and room may ask of the server.

Rates (rooms created per minute, replay pages, WebSocket messages, syncs)
and the bot-CPU budget of each room are moving windows kept by the
``limits`` library in memory; counts of live rooms come from storage
(``Store.count_live``). Every refusal is a :class:`ServerError` with a code,
HTTP status 429 and ``retry_after`` seconds (docs/server.md, "Quotas").
"""

from __future__ import annotations

import hashlib
import ipaddress
import math
import time
from collections.abc import Mapping

from limits import RateLimitItem, RateLimitItemPerMinute
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter

from .config import Settings
from .errors import ServerError


def client_id(peer: str | None, headers: Mapping[str, str], settings: Settings) -> str:
    """The client a request counts against: its peer address, or the trusted proxy's word for it.

    ``settings.client_ip_header`` (e.g. ``X-Forwarded-For``) is read only when the
    peer is one of ``settings.trusted_proxies``; the last address in it is the one
    that proxy saw, the only part a client cannot forge.
    """
    who = peer or "unknown"
    if settings.client_ip_header and who in settings.trusted_proxies:
        value = headers.get(settings.client_ip_header.lower())
        if value:
            last = value.split(",")[-1].strip()
            try:
                return str(ipaddress.ip_address(last))
            except ValueError:
                pass
    return who


def creator_digest(client: str) -> str:
    """What storage keeps about a room's creator: a digest, not the address."""
    return hashlib.sha256(f"bgb-creator:{client}".encode()).hexdigest()[:32]


def _retry(reset_time: float) -> int:
    return max(1, math.ceil(reset_time - time.time()))


class Quotas:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.limiter = MovingWindowRateLimiter(MemoryStorage())
        self.rooms = RateLimitItemPerMinute(settings.rooms_per_minute) if settings.rooms_per_minute > 0 else None
        self.replays = RateLimitItemPerMinute(settings.replays_per_minute) if settings.replays_per_minute > 0 else None
        self.syncs = RateLimitItemPerMinute(settings.syncs_per_minute) if settings.syncs_per_minute > 0 else None
        ms = int(settings.bot_cpu_per_minute * 1000)
        self.bot_cpu = RateLimitItemPerMinute(ms) if ms > 0 else None
        self._buckets: dict[str, list[float]] = {}  # WebSocket messages: [tokens, last refill] per socket

    def _hit(self, item: RateLimitItem | None, key: str, what_en: str, what_pt: str) -> None:
        if item is None or self.limiter.hit(item, key):
            return
        retry = _retry(self.limiter.get_window_stats(item, key).reset_time)
        raise ServerError(
            "rate_limited",
            f"too many {what_en} (at most {item.amount} per {item.get_expiry()} s); try again in {retry} s",
            f"{what_pt} demais (no máximo {item.amount} a cada {item.get_expiry()} s); tente de novo em {retry} s",
            retry_after=retry,
        )

    def room_created(self, client: str) -> None:
        self._hit(self.rooms, f"rooms:{client}", "rooms created", "salas criadas")

    def replay_page(self, client: str) -> None:
        self._hit(self.replays, f"replay:{client}", "replay requests", "pedidos de replay")

    def message(self, conn_key: str) -> None:
        """One WebSocket message: a token bucket per socket (``rate`` a second, bursts of ``rate``).

        Checked for every message, so it is a few float operations rather than the
        moving window of ``limits`` (which cost 0.1 ms a message, a fifth of a move).
        """
        rate = self.settings.ws_messages_per_second
        if rate <= 0:
            return
        clock = time.monotonic()
        bucket = self._buckets.get(conn_key)
        if bucket is None:
            if len(self._buckets) >= 4096:
                self._prune(clock, rate)
            bucket = self._buckets[conn_key] = [float(rate), clock]
        tokens = min(float(rate), bucket[0] + (clock - bucket[1]) * rate)
        bucket[1] = clock
        if tokens >= 1.0:
            bucket[0] = tokens - 1.0
            return
        bucket[0] = tokens
        retry = max(1, math.ceil((1.0 - tokens) / rate))
        raise ServerError(
            "rate_limited",
            f"too many messages (at most {rate} per 1 s); try again in {retry} s",
            f"mensagens demais (no máximo {rate} a cada 1 s); tente de novo em {retry} s",
            retry_after=retry,
        )

    def _prune(self, clock: float, rate: int) -> None:
        """Forget sockets whose bucket is full again (as good as new): closed or quiet ones."""
        full = 1.0 / rate + 1.0
        for key in [k for k, (_tokens, last) in self._buckets.items() if clock - last > full]:
            del self._buckets[key]

    def sync(self, conn_key: str) -> None:
        self._hit(self.syncs, f"sync:{conn_key}", "full-state requests (sync)", "pedidos de estado completo (sync)")

    # ---- bot CPU per room ----------------------------------------------------------
    def bot_wait(self, room_id: str) -> float:
        """Seconds the room's bots must wait before their budget of CPU per minute allows another move."""
        if self.bot_cpu is None:
            return 0.0
        stats = self.limiter.get_window_stats(self.bot_cpu, f"cpu:{room_id}")
        return 0.0 if stats.remaining > 0 else max(0.0, stats.reset_time - time.time())

    def bot_spent(self, room_id: str, seconds: float) -> None:
        if self.bot_cpu is None or seconds <= 0:
            return
        key = f"cpu:{room_id}"
        remaining = self.limiter.get_window_stats(self.bot_cpu, key).remaining
        cost = min(remaining, max(1, int(seconds * 1000)))
        if cost > 0:
            self.limiter.hit(self.bot_cpu, key, cost=cost)


def live_room_refusal(code: str, limit: int, whose_en: str, whose_pt: str) -> ServerError:
    return ServerError(
        code,
        f"{whose_en} already {limit} unfinished rooms in play; finish or leave one and try again later",
        f"{whose_pt} já {limit} salas inacabadas em jogo; termine ou deixe uma e tente de novo mais tarde",
        retry_after=60,
    )
