"""Errors of the rules desk, in the project's one error family."""

from __future__ import annotations

from ..core.errors import BGBError


class IngestError(BGBError):
    """A rulebook file that cannot be read (empty, image-only, encrypted, not PDF/text...)."""

    code = "ingest_error"


class DeskError(BGBError):
    """A rules-desk request that cannot be answered (unknown game, bad position...)."""

    code = "rules_desk_error"
