"""A terminal game for any registered game, driven only through the Game/State protocol.

Humans type move codes on stdin (so tests and scripts can drive it); bots get
``state.infoset(seat)`` and never the State. The screen shows only the human
seat's view, drawn by ``Game.render_view``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from rich.console import Console
from rich.panel import Panel
from rich.text import Text

from ..bots import make_bot
from ..bots.base import Bot
from ..core.errors import BGBError, IllegalAction, InvalidSetup
from ..core.game import Game, State, new_seed, rng_for
from ..core.outcome import Outcome
from .texts import say

MAX_LISTED = 40


@dataclass
class PlaySetup:
    """Everything `bgb play` was asked for, checked before the first move."""

    game: Game
    players: int
    seat: int | None  # None: every seat is a bot
    bots: list[str]
    seed: int
    lang: str = "en"
    variant: dict[str, Any] = field(default_factory=dict)
    record: Path | None = None


def make_setup(
    game: Game,
    players: int,
    seat: int,
    bots: str,
    seed: int | None,
    lang: str,
    variant: dict[str, Any],
    record: Path | None,
    all_bots: bool,
) -> PlaySetup:
    """Check the options up front so a bad one fails before anything is played."""
    game.check_players(players)
    if not all_bots and not 0 <= seat < players:
        raise InvalidSetup(
            f"--seat must be 0 to {players - 1} for {players} players, not {seat}",
            f"--seat deve ser de 0 a {players - 1} para {players} jogadores, não {seat}",
        )
    if lang not in ("en", "pt"):
        raise InvalidSetup(f"--lang must be en or pt, not {lang!r}", f"--lang deve ser en ou pt, não {lang!r}")
    names = [b.strip() for b in bots.split(",") if b.strip()]
    if not names:
        raise InvalidSetup("--bots needs at least one bot name", "--bots precisa de pelo menos um nome de robô")
    for name in names:
        make_bot(name, 0)  # unknown names fail here, listing the known ones
    resolved = game.resolve_variant(variant)
    return PlaySetup(
        game, players, None if all_bots else seat, names, new_seed() if seed is None else seed, lang, resolved, record
    )


class PlaySession:
    """One game in the terminal: reads commands from ``stdin``, prints with Rich."""

    def __init__(self, setup: PlaySetup, stdin: TextIO, console: Console) -> None:
        self.setup = setup
        self.game = setup.game
        self.lang = setup.lang
        self.stdin = stdin
        self.console = console
        self.state: State = self.game.new(setup.players, seed=setup.seed, variant=setup.variant)
        bot_seats = [s for s in range(setup.players) if s != setup.seat]
        self.bots: dict[int, Bot] = {}
        self.bot_names: dict[int, str] = {}
        for i, s in enumerate(bot_seats):
            name = setup.bots[i % len(setup.bots)]
            self.bots[s] = make_bot(name, rng_for(setup.seed, f"bot:{s}").getrandbits(63))
            self.bot_names[s] = name

    # ---- output ------------------------------------------------------------
    def say(self, key: str, **values: object) -> None:
        self.console.print(Text(say(self.lang, key, **values)))

    def show(self) -> None:
        seat = self.setup.seat
        memory = bool(self.state.variant.get("memory_aid", False))
        view = self.state.view(seat, perfect_memory=memory) if seat is not None else self.state.view(None)
        kit = self.game.terminal_kit()
        if kit is not None and kit.render_rich is not None:  # optional: colours; else the plain picture
            picture = kit.render_rich(view, self.lang)
        else:
            picture = Text(self.game.render_view(view, self.lang))
        self.console.print(Panel(picture, expand=False))

    def show_outcome(self, outcome: Outcome) -> None:
        self.say("over")
        seats = ", ".join(map(str, outcome.winners))
        self.say("draw" if outcome.is_draw else "winners", seats=seats)
        self.say("scores", scores=", ".join(f"{s}: {v:g}" for s, v in enumerate(outcome.scores)))
        if outcome.team_scores and len(outcome.team_scores) != len(outcome.scores):
            self.say("team_scores", scores=", ".join(f"{t}: {v:g}" for t, v in enumerate(outcome.team_scores)))
        kit = self.game.terminal_kit()
        endings = kit.endings.get(self.lang, {}) if kit is not None else {}
        self.say("ended", why=endings.get(outcome.termination, outcome.termination))
        if outcome.tiebreak and outcome.tiebreak != "shared":
            self.say("tiebreak", how=outcome.tiebreak)

    def list_legal(self, prefix: str) -> None:
        legal = [a for a in self.state.legal_actions() if a.code.upper().startswith(prefix.upper())]
        self.say("legal", n=len(legal))
        for action in legal[:MAX_LISTED]:
            self.console.print(Text(f"  {action.code:10} {self.game.describe_action(action, self.lang)}"))
        if len(legal) > MAX_LISTED:
            self.console.print(Text("  " + " ".join(a.code for a in legal[MAX_LISTED:])))
            self.say("legal_more", n=len(legal) - MAX_LISTED)

    def score_hint(self) -> None:
        kit = self.game.terminal_kit()
        if kit is None or kit.score_hint is None:
            self.say("no_hint")
        else:
            self.console.print(Text(kit.score_hint(self.state.view(self.setup.seat), self.lang)))

    def save(self) -> None:
        path = self.setup.record
        if path is None:
            return
        record = self.state.to_record()
        outcome = self.state.outcome()
        if outcome is not None:
            record.meta["outcome"] = outcome.to_dict()
        record.save(path)
        self.say("saved", path=str(path))

    # ---- the loop ----------------------------------------------------------
    def run(self) -> int:
        """Play to the end (or until `quit` / end of input). Returns the exit code."""
        state = self.state
        self.say("seed", seed=self.setup.seed)
        if self.setup.seat is None:
            self.show()
        while not state.is_over():
            seat = state.to_move()
            assert seat is not None
            if seat in self.bots:
                action = self.bots[seat].choose(state.infoset(seat))
                state.apply(action)
                self.say(
                    "bot_move",
                    seat=seat,
                    bot=self.bot_names[seat],
                    code=action.code,
                    desc=self.game.describe_action(action, self.lang),
                )
                continue
            if not self.human_turn():
                self.say("quit", n=len(state.history))
                self.save()
                return 0
        self.show()
        outcome = state.outcome()
        assert outcome is not None
        self.show_outcome(outcome)
        self.save()
        return 0

    def human_turn(self) -> bool:
        """Read commands until one move is played; False when the player quits or input ends."""
        self.show()
        while True:
            seat = self.state.to_move()
            self.console.print(Text(say(self.lang, "prompt", seat=seat) + ": "), end="")
            line = self.stdin.readline()
            if not line:
                self.console.print()
                return False
            text = line.strip()
            word = text.lower()
            if word in ("quit", "exit", "sair"):
                return False
            if word == "help" or word.startswith("help "):
                self.list_legal(text[4:].strip())
            elif word == "?":
                self.score_hint()
            elif not text:
                self.say("empty")
            else:
                try:
                    self.state.apply(text)
                except IllegalAction as err:
                    self.console.print(Text(err.text(self.lang), style="bold red"))
                    continue
                except BGBError as err:
                    self.console.print(Text(err.text(self.lang), style="bold red"))
                    continue
                action = self.state.history[-1]
                self.say("you_played", code=action.code, desc=self.game.describe_action(action, self.lang))
                return True
