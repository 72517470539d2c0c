"""The rules desk's on-disk cache: an entry is written whole or not at all, and half-written files left by a killed
process (the server kills its start-up warm-up when it stops) do not pile up."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from boardgamesbot.rulesdesk import diskcache


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("BGB_DATA_DIR", str(tmp_path))
    return tmp_path / "cache"


def test_an_entry_is_built_once_then_read(folder: Path) -> None:
    calls: list[int] = []

    def build() -> dict[str, int]:
        calls.append(1)
        return {"a": 1}

    assert diskcache.cached("words-x", "k1", build) == {"a": 1}
    assert diskcache.cached("words-x", "k1", build) == {"a": 1}
    assert len(calls) == 1
    assert [p.name for p in folder.iterdir()] == ["words-x-k1.pickle"]


def test_old_half_written_files_are_removed_and_a_fresh_one_is_kept(folder: Path) -> None:
    folder.mkdir(parents=True)
    stale, fresh = folder / "abc.tmp", folder / "def.tmp"
    stale.write_bytes(b"half")
    fresh.write_bytes(b"being written")
    old = time.time() - diskcache.STALE_SECONDS - 60
    os.utime(stale, (old, old))
    diskcache.cached("intents-x", "k2", lambda: [1, 2, 3])
    assert not stale.exists()
    assert fresh.exists()  # another process may be writing it right now


def test_a_failed_write_leaves_no_temporary_file(folder: Path) -> None:
    class Unpicklable:
        def __reduce__(self) -> tuple[object, ...]:
            raise TypeError("cannot pickle this")

    value = Unpicklable()
    with pytest.raises(TypeError):
        diskcache.cached("words-y", "k3", lambda: value)
    assert list(folder.glob("*.tmp")) == []
