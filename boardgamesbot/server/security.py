"""Browser-facing protection: security headers, and Host/Origin checks on every request.

- Every HTTP answer carries a strict Content-Security-Policy (scripts, styles
  and connections only from this origin, no inline script, no framing),
  ``X-Content-Type-Options: nosniff`` and ``Referrer-Policy: no-referrer``.
- The ``Host`` header must name this server: loopback names always, plus the
  address it listens on and ``--allowed-host`` names (DNS rebinding).
- A state-changing request (POST, PUT, PATCH, DELETE) and every WebSocket
  handshake that carries an ``Origin`` must come from this server's own
  pages (the origin equals the Host) or an ``--allowed-origin``: another web
  site cannot create rooms on a server running on someone's computer, and
  cannot open its sockets. Clients that send no Origin (curl, scripts) are
  not browsers acting for a visitor and are let through.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any
from urllib.parse import urlsplit

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .config import LOOPBACK_HOSTS, Settings
from .errors import ServerError

CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (b"cross-origin-opener-policy", b"same-origin"),
]
UNSAFE_METHODS = {"POST", "PUT", "PATCH", "DELETE"}
CLOSE_BAD_ORIGIN = 4403


def _host_name(host: str) -> str:
    """``example.org:8000`` -> ``example.org``; ``[::1]:8000`` -> ``[::1]``."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[: host.index("]") + 1] if "]" in host else host
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


def allowed_hosts(settings: Settings, bind_host: str | None = None) -> frozenset[str]:
    names = {h.lower() for h in LOOPBACK_HOSTS}
    names.update(_host_name(h) for h in settings.allowed_hosts)
    if bind_host and bind_host not in ("0.0.0.0", "::", ""):
        names.add(_host_name(bind_host) if not bind_host.count(":") > 1 else f"[{bind_host.lower()}]")
    return frozenset(names)


class Guard:
    """ASGI middleware: security headers on HTTP answers; Host and Origin checks on HTTP and WebSocket."""

    def __init__(self, app: ASGIApp, settings: Settings, hosts: Iterable[str]) -> None:
        self.app = app
        self.settings = settings
        self.hosts = frozenset(hosts)
        self.origins = frozenset(o.rstrip("/").lower() for o in settings.allowed_origins)

    def refusal(self, scope: Scope) -> ServerError | None:
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
        host = headers.get("host", "")
        if not self.settings.any_host and _host_name(host) not in self.hosts:
            return ServerError(
                "bad_host",
                f"this server does not answer to the host name {host[:80]!r} (see --allowed-host)",
                f"este servidor não atende pelo nome {host[:80]!r} (veja --allowed-host)",
            )
        origin = headers.get("origin")
        unsafe = scope["type"] == "websocket" or scope.get("method", "GET") in UNSAFE_METHODS
        if unsafe and origin is not None and not self.origin_ok(origin, host):
            return ServerError(
                "bad_origin",
                f"requests from the web page at {origin[:80]!r} are not accepted (see --allowed-origin)",
                f"pedidos da página em {origin[:80]!r} não são aceitos (veja --allowed-origin)",
            )
        return None

    def origin_ok(self, origin: str, host: str) -> bool:
        origin = origin.strip().rstrip("/").lower()
        if origin in self.origins:
            return True
        parts = urlsplit(origin)
        return parts.scheme in ("http", "https") and bool(parts.netloc) and parts.netloc == host.strip().lower()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        problem = self.refusal(scope)
        if scope["type"] == "websocket":
            if problem is not None:
                await send({"type": "websocket.close", "code": CLOSE_BAD_ORIGIN, "reason": problem.message[:120]})
                return
            await self.app(scope, receive, send)
            return
        if problem is not None:
            await _json(send, problem)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                names = {k.lower() for k, _ in message.get("headers", [])}
                extra = [(k, v) for k, v in HEADERS if k not in names]
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        await self.app(scope, receive, with_headers)


async def _json(send: Send, problem: ServerError) -> None:
    body = json.dumps({"error": problem.to_dict()}).encode()
    headers: list[tuple[bytes, bytes]] = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
        *HEADERS,
    ]
    await send({"type": "http.response.start", "status": problem.status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


def sanitize_html(html: str) -> str:
    """Rules-desk HTML made safe to insert into the page: no script, handlers, styles or javascript: links."""
    import nh3

    allowed: Any = {
        "h1", "h2", "h3", "h4", "h5", "h6", "p", "ul", "ol", "li", "strong", "em", "b", "i", "code", "pre",
        "blockquote", "a", "table", "article", "section", "thead", "tbody", "tr", "th", "td", "hr", "br", "span", "div", "dl", "dt", "dd",
    }  # fmt: skip
    return nh3.clean(
        html,
        tags=allowed,
        attributes={"a": {"href", "title"}, "th": {"align"}, "td": {"align"}, "article": {"class", "lang"}},
        url_schemes={"http", "https", "mailto"},
        link_rel="noopener noreferrer nofollow",
    )
