"""Seat tokens and invites: random secrets, stored only as hashes.

Tokens are compared through their SHA-256 digests with ``hmac.compare_digest``
so a guess leaks no timing, and a stolen database holds nothing replayable.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets


def new_secret() -> str:
    """A fresh url-safe secret (32 characters, 192 bits)."""
    return secrets.token_urlsafe(24)


def new_room_id() -> str:
    return secrets.token_urlsafe(9)


def digest(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def matches(secret: str, stored_digest: str | None) -> bool:
    """Constant-time check of ``secret`` against a stored digest (None never matches)."""
    candidate = digest(secret)
    if stored_digest is None:
        hmac.compare_digest(candidate, candidate)  # same work either way
        return False
    return hmac.compare_digest(candidate, stored_digest)
