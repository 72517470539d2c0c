"""Server settings in one place, filled by ``bgb serve`` or by tests."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

MAX_MESSAGE_BYTES = 16 * 1024


@dataclass
class Settings:
    data_dir: Path = Path("data")
    database_url: str | None = None
    bot_workers: int = 4  # processes for bots (the OS shares cores fairly among them); 0: threads (tests)
    bot_time_limit: float = 20.0
    bot_delay: float = 0.3  # pause before a bot move when people are watching
    max_message_bytes: int = MAX_MESSAGE_BYTES
    outbox_limit: int = 512  # queued messages per connection before it is dropped

    def url(self) -> str:
        """The SQLAlchemy URL: the given one, else a SQLite file in the data dir."""
        if self.database_url:
            return self.database_url
        self.data_dir.mkdir(parents=True, exist_ok=True)
        return f"sqlite:///{(self.data_dir / 'bgb.sqlite3').resolve()}"
