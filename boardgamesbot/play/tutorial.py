"""Walking a game's guided first game (its ``LearnKit.tutorial``): the same walk for the terminal and the web.

A walk starts from the tutorial's scripted deal (a position with every hidden
card fixed) and goes step by step. At a step where the learner moves, an
answer is accepted only if it is one of the step's expected moves; any other
answer gets words and changes nothing: the engine's own refusal (rule id and
its words) for an illegal move, the step's friendly explanation for a legal
move that is not the one being taught. Moves of the other seats are scripted
and played when their step begins. A walk is rebuilt from the list of
accepted answers, so the web server keeps no tutorial state at all.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..bots.kits import learn_kit
from ..core.capabilities import Tutorial, TutorialStep, Words
from ..core.errors import BGBError, IllegalAction
from ..core.game import Game, State
from ..core.view import View

MAX_ANSWERS = 200  # no tutorial is longer; a longer list is refused before any replay

GENERIC: dict[str, dict[str, str]] = {
    "en": {
        "not_this": "That move is legal, but it is not the one this step teaches. Read the step again and try once more.",
        "read": "Read the step, then go on.",
    },
    "pt": {
        "not_this": "Essa jogada é permitida, mas não é a que este passo ensina. Leia o passo de novo e tente outra vez.",
        "read": "Leia o passo e siga em frente.",
    },
}


class NoTutorial(BGBError):
    code = "no_tutorial"


class BadProgress(BGBError):
    """A list of answers that does not walk the tutorial (a tampered or outdated client)."""

    code = "bad_progress"


def tutorial_of(game: Game) -> Tutorial:
    make = learn_kit(game).tutorial
    if make is None:
        raise NoTutorial(
            f"{game.name} has no guided first game yet", f"{game.name} ainda não tem um primeiro jogo guiado"
        )
    return make()


def has_tutorial(game: Game) -> bool:
    return learn_kit(game).tutorial is not None


@dataclass(frozen=True)
class Verdict:
    """What an answer got: accepted or not, the words to show, and the rule they cite."""

    ok: bool
    words: Words
    rule: str | None = None
    engine: bool = False  # the words are the engine's refusal of an illegal move


@dataclass
class Walk:
    game: Game
    tutorial: Tutorial
    state: State
    index: int = 0
    answers: list[str] = field(default_factory=list)
    last: Verdict | None = None
    moved: View | None = None  # the learner's view right after its last move, before a scripted reply
    last_move: dict[str, Any] | None = None  # {"seat", "action"} of the last move played (for its highlight)

    @classmethod
    def start(cls, game: Game, tutorial: Tutorial | None = None) -> Walk:
        tut = tutorial or tutorial_of(game)
        walk = cls(game, tut, game.from_position(tut.position))
        walk._enter()
        return walk

    @classmethod
    def replay(cls, game: Game, answers: Sequence[str], tutorial: Tutorial | None = None) -> Walk:
        """The walk after ``answers`` (each must be accepted where it stands); BadProgress names the first misfit."""
        if len(answers) > MAX_ANSWERS:
            raise BadProgress(
                f"at most {MAX_ANSWERS} answers, not {len(answers)}", f"no máximo {MAX_ANSWERS} respostas"
            )
        walk = cls.start(game, tutorial)
        for number, text in enumerate(answers, 1):
            step = walk.step
            if step is None or (step.kind != "move" and text) or not walk.answer(text).ok:
                raise BadProgress(
                    f"answer {number} ({text!r}) does not fit step {walk.index + 1} of the guided game",
                    f"a resposta {number} ({text!r}) não cabe no passo {walk.index + 1} do jogo guiado",
                )
        return walk

    # ---- where we are ---------------------------------------------------------------------
    @property
    def steps(self) -> tuple[TutorialStep, ...]:
        return self.tutorial.steps

    @property
    def finished(self) -> bool:
        return self.index >= len(self.steps)

    @property
    def step(self) -> TutorialStep | None:
        return None if self.finished else self.steps[self.index]

    @property
    def seat(self) -> int:
        return self.tutorial.seat

    def view(self) -> View:
        """The learner's view (what a person in the seat sees)."""
        return self.state.view(self.seat)

    def legal(self) -> list[str]:
        """The learner's legal moves at a move step (none otherwise: other steps are read and confirmed)."""
        step = self.step
        if step is None or step.kind != "move" or self.state.to_move() != self.seat:
            return []
        return [a.code for a in self.state.legal_actions()]

    # ---- answering --------------------------------------------------------------------------
    def answer(self, text: str) -> Verdict:
        """Try ``text`` at the current step ("" to go on at a step that is only read or watched)."""
        step = self.step
        if step is None:
            raise BadProgress("the guided game is over", "o jogo guiado terminou")
        if step.kind != "move":
            verdict = Verdict(True, step.done, step.rule)
            self.moved = None
            self._advance("")
            return verdict
        try:
            action = self.game.parse_action(text.strip())
        except IllegalAction as exc:
            return self._refuse(Verdict(False, {"en": exc.text("en"), "pt": exc.text("pt")}, exc.rule_id, True))
        expected = {self.game.parse_action(code) for code in step.expect}
        if action not in expected:
            probe = self.state.clone()
            try:
                probe.apply(action)
            except IllegalAction as exc:
                return self._refuse(Verdict(False, {"en": exc.text("en"), "pt": exc.text("pt")}, exc.rule_id, True))
            said = step.wrong.get(action.code) or step.otherwise or {k: v["not_this"] for k, v in GENERIC.items()}
            return self._refuse(Verdict(False, said, step.rule))
        self.state.apply(action)
        self.last_move = {"seat": self.seat, "action": action.code}
        self.moved = self.view()
        verdict = Verdict(True, step.done, step.rule)
        self._advance(action.code)
        return verdict

    def _refuse(self, verdict: Verdict) -> Verdict:
        self.last = verdict
        return verdict

    def _advance(self, answer: str) -> None:
        self.answers.append(answer)
        self.index += 1
        self._enter()

    def _enter(self) -> None:
        """Arriving at a step: a scripted move of another seat is played now."""
        step = self.step
        if step is not None and step.play is not None:
            mover = self.state.to_move()
            self.state.apply(step.play)
            self.last_move = {"seat": mover, "action": self.state.history[-1].code}


def point_words(game: Game, key: str, lang: str) -> str:
    """A board key in words (the game's LearnKit may name them; otherwise the part after the kind)."""
    name = learn_kit(game).point_words
    if name is not None:
        return name(key, lang)
    return key.split(":", 1)[-1]
