"""`bgb learn GAME`: the game's guided first game in the terminal, then a short real game against `easy`.

Each step prints what to look at (the board keys in words), the rule it
teaches (id and summary from ``Game.rules``) and its words; the learner types
the move, a wrong one is explained (the engine's refusal, or the step's
friendly words) and tried again. Steps that are only read, or show a bot's
scripted move, wait for Enter.
"""

from __future__ import annotations

from typing import TextIO

from rich.console import Console
from rich.panel import Panel
from rich.text import Text

from ..core.capabilities import TutorialStep
from ..core.game import Game
from ..core.view import View
from .session import PlaySession, make_setup
from .texts import say
from .tutorial import Walk, point_words


class LearnSession:
    def __init__(self, game: Game, stdin: TextIO, console: Console, lang: str = "en") -> None:
        self.game = game
        self.walk = Walk.start(game)
        self.stdin = stdin
        self.console = console
        self.lang = "pt" if lang.startswith("pt") else "en"

    def say(self, key: str, **values: object) -> None:
        self.console.print(Text(say(self.lang, key, **values)))

    def words(self, said: object) -> str:
        if isinstance(said, dict):
            return str(said.get(self.lang) or said.get("en") or "")
        return ""

    def show(self, view: View) -> None:
        kit = self.game.terminal_kit()
        if kit is not None and kit.render_rich is not None:
            picture = kit.render_rich(view, self.lang)
        else:
            picture = Text(self.game.render_view(view, self.lang))
        self.console.print(Panel(picture, expand=False))

    def header(self, step: TutorialStep) -> None:
        walk = self.walk
        self.console.print(Text(say(self.lang, "step", n=walk.index + 1, total=len(walk.steps)), style="bold"))
        if step.rule and step.rule in self.game.rules:
            info = self.game.rules[step.rule]
            summary = info.summary_pt if self.lang == "pt" else info.summary_en
            self.console.print(Text(say(self.lang, "rule", rule=step.rule, summary=summary), style="cyan"))
        self.console.print(Text(self.words(dict(step.say))))
        if step.point:
            keys = ", ".join(point_words(self.game, key, self.lang) for key in step.point)
            self.say("look_at", keys=keys)

    def read(self) -> str | None:
        line = self.stdin.readline()
        if not line:
            return None
        text = line.strip()
        return None if text.lower() in ("quit", "exit", "sair") else text

    def run(self, practice: bool = True, seed: int | None = None) -> int:
        walk = self.walk
        self.console.print(Text(self.words(dict(walk.tutorial.title)), style="bold underline"))
        while not walk.finished:
            step = walk.step
            assert step is not None
            self.show(walk.view())
            self.header(step)
            if step.kind != "move":
                self.console.print(Text(say(self.lang, "go_on") + ": "), end="")
                if self.read() is None:
                    return 0
                walk.answer("")
                continue
            while True:
                self.console.print(Text(say(self.lang, "your_step") + ": "), end="")
                text = self.read()
                if text is None:
                    return 0
                if text.lower() == "help":
                    for code in walk.legal():
                        self.console.print(Text(f"  {code:10} {self.game.describe_action(code, self.lang)}"))
                    continue
                verdict = walk.answer(text)
                if verdict.ok:
                    if verdict.words:
                        self.console.print(Text(self.words(dict(verdict.words)), style="green"))
                    break
                self.console.print(Text(self.words(dict(verdict.words)), style="bold red"))
                self.say("try_again")
        self.show(walk.view())
        self.say("learn_done")
        self.console.print(Text(self.words(dict(walk.tutorial.finale))))
        if not practice:
            return 0
        self.say("practice")
        tut = walk.tutorial
        setup = make_setup(
            self.game,
            tut.practice_players,
            0,
            "easy",
            seed,
            self.lang,
            dict(tut.practice_variant),
            None,
            False,
            hints=True,
        )
        return PlaySession(setup, self.stdin, self.console).run()
