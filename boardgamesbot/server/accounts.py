"""Accounts and sign-in sessions: argon2id passwords, hashed session ids, throttled log-ins.

- A username is 3–24 letters, digits, ``_``, ``-`` or ``.`` (any script's letters); it is
  unique case-insensitively (``name`` is its NFKC case-folded form) and shown as typed.
- Passwords (8–200 characters) are hashed with argon2id (``argon2-cffi``'s defaults), off the
  event loop, at most two at a time (each takes ~64 MiB for a moment).
- A session is a random secret in the ``bgb_session`` cookie (HttpOnly, SameSite=Lax, Secure
  when the page is served over TLS); storage keeps only its SHA-256, for 30 days.
- Log-ins are throttled per account (5 failures in 5 minutes) and per client (20 attempts in
  5 minutes), registrations per client (``--registrations-per-hour``, 10): 429 ``rate_limited`` with Retry-After.
"""

from __future__ import annotations

import asyncio
import math
import re
import time
import unicodedata
from collections.abc import Mapping
from datetime import timedelta
from typing import Any

from limits import RateLimitItemPerHour, parse
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter

from . import social_store as db
from .errors import ServerError
from .storage import AccountData, now
from .tokens import digest, new_secret
from .writer import Writer

COOKIE = "bgb_session"
SESSION_DAYS = 30
NAME_RE = re.compile(r"^[\w.-]{3,24}$")
MIN_PASSWORD = 8
MAX_PASSWORD = 200
_DUMMY_HASH: str | None = None


def username_key(username: str) -> str:
    return unicodedata.normalize("NFKC", username).casefold()


def check_username(username: str) -> str:
    name = unicodedata.normalize("NFKC", username.strip())
    if not NAME_RE.match(name) or name.startswith((".", "-")) or not any(ch.isalnum() for ch in name):
        raise ServerError(
            "invalid_username",
            "a username is 3 to 24 letters, digits, '_', '-' or '.'",
            "um nome de usuário tem de 3 a 24 letras, dígitos, '_', '-' ou '.'",
        )
    return name


def check_password(password: str) -> None:
    if not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
        raise ServerError(
            "weak_password",
            f"a password has {MIN_PASSWORD} to {MAX_PASSWORD} characters",
            f"uma senha tem de {MIN_PASSWORD} a {MAX_PASSWORD} caracteres",
        )


def _retry(reset: float) -> int:
    return max(1, math.ceil(reset - time.time()))


class Accounts:
    def __init__(self, writer: Writer, registrations_per_hour: int = 10) -> None:
        from argon2 import PasswordHasher

        self.writer = writer
        self.hasher = PasswordHasher()
        self.gate = asyncio.Semaphore(2)
        self.limiter = MovingWindowRateLimiter(MemoryStorage())
        self.per_account = parse("5/5 minutes")
        self.per_client = parse("20/5 minutes")
        self.registrations = RateLimitItemPerHour(max(1, registrations_per_hour))

    # ---- throttling ------------------------------------------------------------------------
    def _refuse(self, item: Any, key: str) -> ServerError:
        retry = _retry(self.limiter.get_window_stats(item, key).reset_time)
        return ServerError(
            "rate_limited",
            f"too many attempts; try again in {retry} s",
            f"tentativas demais; tente de novo em {retry} s",
            retry_after=retry,
        )

    def _hit(self, item: Any, key: str) -> None:
        if not self.limiter.hit(item, key):
            raise self._refuse(item, key)

    # ---- passwords ---------------------------------------------------------------------------
    async def _hash(self, password: str) -> str:
        async with self.gate:
            return await asyncio.to_thread(self.hasher.hash, password)

    async def _verify(self, stored: str, password: str) -> bool:
        from argon2.exceptions import InvalidHashError, VerificationError

        def check() -> bool:
            try:
                return bool(self.hasher.verify(stored, password))
            except (VerificationError, InvalidHashError):
                return False

        async with self.gate:
            return await asyncio.to_thread(check)

    # ---- the operations --------------------------------------------------------------------
    async def register(self, username: str, password: str, lang: str, client: str) -> tuple[AccountData, str]:
        name = check_username(username)
        check_password(password)
        self._hit(self.registrations, f"register:{client}")
        account = AccountData(username_key(name), name, await self._hash(password), lang, now())
        try:
            await self.writer.run(db.create_account, self.writer.store, account)
        except db.NameTaken:
            raise ServerError(
                "name_taken", f"the username {name!r} is taken", f"o nome de usuário {name!r} já existe"
            ) from None
        return account, await self._new_session(account)

    async def login(self, username: str, password: str, client: str) -> tuple[AccountData, str]:
        key = username_key(username.strip())[:40]
        if not self.limiter.test(self.per_account, f"login:{key}"):
            raise self._refuse(self.per_account, f"login:{key}")
        self._hit(self.per_client, f"login-client:{client}")
        account = await self.writer.run(db.get_account, self.writer.store, key)
        global _DUMMY_HASH
        if account is None:  # the same work either way: the time taken says nothing about which names exist
            _DUMMY_HASH = _DUMMY_HASH or await self._hash("not a password of anyone")
            await self._verify(_DUMMY_HASH, password)
            ok = False
        else:
            ok = await self._verify(account.password_hash, password)
        if not ok or account is None:
            self.limiter.hit(self.per_account, f"login:{key}")
            raise ServerError("bad_login", "wrong username or password", "nome de usuário ou senha incorretos")
        if self.hasher.check_needs_rehash(account.password_hash):
            fresh = await self._hash(password)
            await self.writer.run(db.update_account, self.writer.store, account.name, {"password_hash": fresh})
        return account, await self._new_session(account)

    async def _new_session(self, account: AccountData) -> str:
        secret = new_secret()
        expires = now() + timedelta(days=SESSION_DAYS)
        await self.writer.run(db.create_session, self.writer.store, digest(secret), account.name, expires)
        return secret

    async def logout(self, secret: str | None) -> None:
        if secret:
            await self.writer.run(db.delete_session, self.writer.store, digest(secret))

    async def from_cookies(self, cookies: Mapping[str, str]) -> AccountData | None:
        """The signed-in account of a request or WebSocket (None: a guest)."""
        secret = cookies.get(COOKIE)
        if not secret or len(secret) > 100:
            return None
        return await self.writer.run(db.session_account, self.writer.store, digest(secret))

    async def set_lang(self, account: AccountData, lang: str) -> None:
        await self.writer.run(db.update_account, self.writer.store, account.name, {"lang": lang})


def public(account: AccountData) -> dict[str, Any]:
    return {"name": account.username, "key": account.name, "lang": account.lang, "created": account.created.isoformat()}
