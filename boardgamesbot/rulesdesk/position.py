"""Position questions: the engine, not text search, says whether a move is legal and what it scores.

Given a position in the game's position format and a move code, we replay the
move on a copy of the position: the engine either accepts it (and we report
what changed and, where it matters, the scores it makes) or raises
IllegalAction, whose rule id and message are the answer.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..core.action import Action
from ..core.errors import BGBError, IllegalAction, UnknownGame
from ..core.game import Game, State
from ..core.registry import load_game
from .errors import DeskError


def score_details(engine: Game, before: State, actions: Sequence[Action], after: State | None = None) -> dict[str, Any]:
    """The game's own report on a position and the moves played on it ({} when it offers none)."""
    kit = engine.desk_kit()
    if kit is None or kit.judge is None:
        return {}
    return kit.judge(before, list(actions), after if after is not None else before).to_dict()


@dataclass
class Verdict:
    """The engine's judgement of a move (``legal`` None when only scores were asked)."""

    position: str
    move: str | None
    legal: bool | None
    rule_id: str | None = None
    message: str = ""
    description: str = ""
    scores: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            "position": self.position,
            "move": self.move,
            "legal": self.legal,
            "rule_id": self.rule_id,
            "message": self.message,
            "description": self.description,
            "scores": self.scores,
        }

    def render(self, lang: str, width: int = 88) -> list[str]:
        pt = lang == "pt"
        out: list[str] = []
        if self.move is not None:
            if self.legal:
                head = f"A jogada {self.move} é permitida" if pt else f"The move {self.move} is legal"
                out += textwrap.wrap(f"{head}: {self.description}", width, break_on_hyphens=False)
            else:
                head = f"A jogada {self.move} não é permitida" if pt else f"The move {self.move} is not legal"
                out += textwrap.wrap(f"{head} — {self.message}", width, break_on_hyphens=False)
        consequence = self.scores.get("consequence_" + lang)
        if consequence:
            out += textwrap.wrap(consequence, width, break_on_hyphens=False)
        for line in self.scores.get("lines_" + lang, self.scores.get("lines_en", [])):
            out += textwrap.wrap(line, width, initial_indent="  ", subsequent_indent="    ", break_on_hyphens=False)
        return out


def judge(game: str, position: str | None, move: str | None, lang: str) -> Verdict:
    """Check ``move`` (one action code, or several separated by spaces/commas, played in
    order) at ``position`` with the engine, and compute the scores it leads to."""
    try:
        engine = load_game(game)
    except UnknownGame as exc:
        raise DeskError(
            f"position questions need a game engine: {exc.text('en')}",
            f"perguntas sobre posições exigem um motor de jogo: {exc.text('pt')}",
        ) from None
    if not position:
        raise DeskError(
            "a move question needs a position (--position)", "pergunta sobre jogada exige uma posição (--position)"
        )
    try:
        state = engine.from_position(position)
    except BGBError as exc:
        raise DeskError(f"bad position: {exc.text('en')}", f"posição inválida: {exc.text('pt')}") from None
    except Exception as exc:  # a position parser may fail in its own ways; the user still gets the reason
        raise DeskError(f"bad position: {exc}", f"posição inválida: {exc}") from None
    verdict = Verdict(position, move, None)
    if move is None or not move.strip():
        verdict.move = None
        verdict.scores = score_details(engine, state, [])
        return verdict
    after = state.clone()
    played: list[Action] = []
    try:
        for code in move.replace(",", " ").split():
            action = engine.parse_action(code)
            after.apply(action)
            played.append(action)
    except IllegalAction as exc:
        verdict.legal, verdict.rule_id, verdict.message = False, exc.rule_id, exc.text(lang)
        verdict.scores = score_details(engine, state, [])
        return verdict
    verdict.legal = True
    verdict.description = "; ".join(engine.describe_action(a, lang) for a in played)
    verdict.scores = score_details(engine, state, played, after)
    return verdict
