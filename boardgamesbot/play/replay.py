"""`bgb replay`: rebuild a game from its record, check it, and show how it ended."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console
from rich.panel import Panel
from rich.text import Text

from ..core.errors import InvalidRecord
from ..core.record import GameRecord
from ..core.registry import load_game
from .texts import say


def replay(path: Path, console: Console, lang: str = "en", moves: bool = False) -> int:
    """Replay ``path``; raises a BGBError (InvalidRecord, UnknownGame) naming what is wrong."""
    record = GameRecord.load(path)
    game = load_game(record.game)
    state = game.from_record(record)
    if moves:
        for number, code in enumerate(record.actions, 1):
            console.print(Text(f"{number:4}. {code:10} {game.describe_action(code, lang)}"))
    console.print(Panel(Text(game.render_view(state.view(None), lang)), expand=False))
    outcome = state.outcome()
    stored = record.meta.get("outcome")
    if outcome is None:
        console.print(Text(say(lang, "replay_unfinished")))
    elif stored is not None and stored != outcome.to_dict():
        raise InvalidRecord(say("en", "replay_mismatch"), say("pt", "replay_mismatch"))
    console.print(Text(say(lang, "replay_ok", n=len(record.actions), game=game.name)))
    return 0
