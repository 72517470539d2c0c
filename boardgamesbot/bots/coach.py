"""Hints and explanations: what the strongest bot would play from a seat's own information, and why.

A hint is the ``hard`` level's choice for the seat to move, searched from that
seat's InfoSet only (its view with perfect memory; worlds sampled with
``determinize``), together with what the search measured: the mean result of
every root move it tried. The words come from the game's ``LearnKit.explain``
(built from the game's own measures: the lines a tile changes, the sums a card
makes), plus generic sentences on the estimated win chance, so a game without a
LearnKit still gets a named move and its value.

Nothing here ever sees a State: the same code explains a person's hint, a
bot's move in the log ("why?") and a review's mistakes, each from the
information set of the seat that had to decide.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..core.action import Action
from ..core.capabilities import Explanation, MoveValue, Strength
from ..core.infoset import InfoSet
from .ismcts import ISMCTSBot, SearchSettings
from .kits import learn_kit
from .levels import LEVELS

LANGS = ("en", "pt")

#: The hint's search: the ``hard`` level's tuning (the strongest bot), with a budget that answers within a
#: second on the shared 2-core machine (bench/review.py measures it). The deadline keeps a busy machine in
#: time; without it (tests, ``reproducible=True``) the iteration budget makes the hint repeat exactly.
HINT_SETTINGS = replace(LEVELS["hard"].settings, iterations=1000, deadline=0.6)
STRENGTH = Strength.HARD
HINT_SEED = 0

_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "hint": "Hint: {move}.",
        "why_move": "Why {move}:",
        "only": "It is the only legal move here.",
        "value": "Estimated win chance with this move: {p}%.",
        "next": "Next best: {move} ({p}%).",
        "higher": "The search alone rated {move} higher ({p}%); the strongest bot keeps its planned move "
        "unless the search is clearly surer.",
        "measured": "Measured over {n} simulations from what the player knew then.",
        "played": "Played: {move} ({p}%).",
        "better": "Better: {move} ({p}%).",
        "instead": "What the move played did: {text}",
    },
    "pt": {
        "hint": "Dica: {move}.",
        "why_move": "Por que {move}:",
        "only": "É a única jogada possível aqui.",
        "value": "Chance estimada de vitória com esta jogada: {p}%.",
        "next": "A segunda melhor: {move} ({p}%).",
        "higher": "Só pela busca, {move} teve nota maior ({p}%); o bot mais forte mantém a jogada planejada "
        "a menos que a busca esteja bem mais segura.",
        "measured": "Medido em {n} simulações a partir do que o jogador sabia então.",
        "played": "Jogada feita: {move} ({p}%).",
        "better": "Melhor: {move} ({p}%).",
        "instead": "O que a jogada feita fez: {text}",
    },
}


def words(lang: str, key: str, **values: object) -> str:
    return _WORDS["pt" if lang.startswith("pt") else "en"][key].format(**values)


def win_chance(value: float) -> int:
    """A search value in [-1, 1] (win +1, shared first place 0, loss -1) as a percentage: draws count half."""
    return round(max(0.0, min(1.0, (value + 1.0) / 2.0)) * 100)


@dataclass(frozen=True)
class Analysis:
    """One search from one seat's information set: the move it chose and what it measured."""

    seat: int
    turn: int
    choice: str
    measured: tuple[MoveValue, ...]  # most visited first; empty when only one move was legal
    iterations: int
    seconds: float

    def value_of(self, code: str) -> float | None:
        for move in self.measured:
            if move.code == code:
                return move.value
        return None

    @property
    def value(self) -> float | None:
        """The chosen move's estimated value for the seat (None when there was nothing to search)."""
        return self.value_of(self.choice)

    def rivals(self, code: str, limit: int = 3) -> list[MoveValue]:
        """The best measured moves other than ``code``, highest value first among the well-tried ones."""
        others = [m for m in self.measured if m.code != code]
        if not others:
            return []
        floor = max(1, max(m.visits for m in others) // 10)  # a move tried a handful of times says little
        tried = [m for m in others if m.visits >= floor] or others
        return sorted(tried, key=lambda m: (-m.value, -m.visits, m.code))[:limit]


def analyse(
    infoset: InfoSet,
    *,
    settings: SearchSettings = HINT_SETTINGS,
    seed: int = HINT_SEED,
    consider: Iterable[Action] = (),
    reproducible: bool = False,
) -> Analysis:
    """The strongest bot's search from ``infoset`` (the seat must be to move)."""
    if reproducible and settings.iterations is not None:
        settings = replace(settings, deadline=None)
    bot = ISMCTSBot(seed, settings, label="coach", strength=STRENGTH)
    choice, measured = bot.think(infoset, consider)
    stats = bot.last_stats
    return Analysis(
        infoset.seat, int(infoset.view["turn"]), choice.code, tuple(measured), stats.iterations, stats.seconds
    )


def explain(
    infoset: InfoSet, move: Action | str, analysis: Analysis | None = None, *, values: bool = True
) -> Explanation:
    """Why ``move`` (from ``infoset``): the game's words (if its LearnKit has ``explain``) and, with ``values``,
    sentences on the measured win chances.

    The values depend on what only the mover knows, so they go in ``lines`` only; the
    game decides which of its own sentences are ``public``.
    """
    game = infoset.game
    action = game.parse_action(move)
    measured: Sequence[MoveValue] = analysis.measured if analysis is not None else ()
    own = learn_kit(game).explain
    told = own(infoset, action, measured) if own is not None else Explanation(lines={})
    lines: dict[str, list[str]] = {lang: list(told.lines.get(lang, ())) for lang in LANGS}
    facts: dict[str, Any] = dict(told.facts)
    if analysis is not None and values:
        value = analysis.value_of(action.code)
        if not analysis.measured:
            for lang in LANGS:
                lines[lang].append(words(lang, "only"))
        elif value is not None:
            facts["win_chance"] = win_chance(value)
            rivals = analysis.rivals(action.code, 1)
            for lang in LANGS:
                lines[lang].append(words(lang, "value", p=win_chance(value)))
                if rivals:
                    rival = rivals[0]
                    name = game.describe_action(rival.code, lang)
                    # A game's hard tuning may keep an anchor move (its planner's) unless the search is much
                    # surer: then the best-measured rival can score higher, and the words must not call it "next".
                    # (A move already made that the search chose against is simply worse: "Better: ...".)
                    key = "next" if rival.value <= value else "higher" if action.code == analysis.choice else "better"
                    lines[lang].append(words(lang, key, move=name, p=win_chance(rival.value)))
                lines[lang].append(words(lang, "measured", n=analysis.iterations))
    public = {lang: list(told.public.get(lang, ())) for lang in LANGS}
    return Explanation(lines=lines, public=public, point=tuple(told.point), facts=facts)


@dataclass(frozen=True)
class Advice:
    """A hint (the strongest bot's move for the seat to move) or the account of a move already made.

    ``texts`` holds the words for the move and its measured rivals: code -> language -> words.
    """

    move: str
    analysis: Analysis
    explanation: Explanation
    texts: Mapping[str, Mapping[str, str]] = field(default_factory=dict)

    def text(self, lang: str, code: str | None = None) -> str:
        said = self.texts.get(code or self.move, {})
        return said.get(lang) or said.get("en") or (code or self.move)

    def to_dict(self, lang: str, *, private: bool = True) -> dict[str, Any]:
        """JSON for one reader; ``private=False`` keeps only what anyone may know (public words, no values)."""
        exp = self.explanation
        out: dict[str, Any] = {
            "move": self.move,
            "text": self.text(lang),
            "public": list(exp.public.get(lang, ())),
            "point": list(exp.point) if private else [],  # where the mover looked can say what it knew
            "private": private,
        }
        if private:
            value = self.analysis.value_of(self.move)
            out.update(
                lines=list(exp.lines.get(lang, ())),
                win_chance=None if value is None else win_chance(value),
                iterations=self.analysis.iterations,
                alternatives=[
                    {
                        "move": m.code,
                        "text": self.text(lang, m.code),
                        "win_chance": win_chance(m.value),
                        "visits": m.visits,
                    }
                    for m in self.analysis.rivals(self.move)
                ],
                facts=dict(exp.facts),
            )
        return out


def _advice(infoset: InfoSet, move: str, analysis: Analysis) -> Advice:
    game = infoset.game
    exp = explain(infoset, move, analysis)
    codes = [move, *(m.code for m in analysis.rivals(move))]
    texts = {code: {lang: game.describe_action(code, lang) for lang in LANGS} for code in codes}
    return Advice(move, analysis, exp, texts)


def hint(
    infoset: InfoSet, *, settings: SearchSettings = HINT_SETTINGS, seed: int = HINT_SEED, reproducible: bool = False
) -> Advice:
    """The move the strongest bot would make from ``infoset``, and why."""
    analysis = analyse(infoset, settings=settings, seed=seed, reproducible=reproducible)
    return _advice(infoset, analysis.choice, analysis)


def account(
    infoset: InfoSet,
    move: Action | str,
    *,
    settings: SearchSettings = HINT_SETTINGS,
    seed: int = HINT_SEED,
    reproducible: bool = False,
) -> Advice:
    """Why a move that was made (a bot's, in the log) may be good, from the mover's information set then."""
    action = infoset.game.parse_action(move)
    analysis = analyse(infoset, settings=settings, seed=seed, consider=(action,), reproducible=reproducible)
    return _advice(infoset, action.code, analysis)
