"""What a game may offer beyond the required protocol, declared as typed kits.

Generic code (bots, terminal, rules desk, adapters, web UI, the learning
features) asks a game for these through ``Game.bot_kit()``,
``Game.terminal_kit()``, ``Game.desk_kit()``, ``Game.interop_kit()`` and
``Game.learn_kit()``; it never imports a game by name or looks for a
function by string. Every kit is optional: a game without one still plays,
and the consumer falls back to something plain (random playouts, the text
picture, no position judgement) or says clearly that the game lacks it.

Kits are plain frozen dataclasses so mypy checks what a game declares, and
games build them lazily (their modules import only when first asked for),
which keeps ``import boardgamesbot`` light.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:
    from .action import Action
    from .encoding import ViewEncoder
    from .game import State
    from .infoset import InfoSet
    from .view import View

#: One-ply move choice from what a seat knows (greedy play, a planner).
PolicyFn = Callable[["InfoSet", random.Random], "Action"]
#: A cheap playout move on a (sampled) full state.
RolloutFn = Callable[["State", random.Random], "Action"]
#: Per-seat value of a non-final state, each in [-1, 1].
EvaluateFn = Callable[["State"], Sequence[float]]


class Strength(enum.Enum):
    """How hard a bot level thinks. Games tune their search per strength, never per display name."""

    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"


Anchor = Literal["greedy", "planner"]


@dataclass(frozen=True)
class SearchTuning:
    """Search settings that suit one game (a bot spec may still override each).

    ``candidates``: 0 searches every root move, k only the k best after one
    ply (plus the anchor's pick). ``widening``: 0 off, w lets a node below the
    root open 1 + w*sqrt(visits) moves. ``greedy_margin``: 0 off, m keeps the
    anchor's pick unless the search likes another move by more than m.
    ``tree_depth``: 0 unlimited, d stops the tree d moves below the root.
    ``greedy_steps``: playout moves chosen by the greedy policy before the
    rollout policy takes over. ``anchor``: which policy the margin protects.
    """

    rollout_depth: int = 40
    exploration: float = 0.7
    candidates: int = 0
    widening: float = 0.0
    greedy_margin: float = 0.0
    tree_depth: int = 0
    greedy_steps: int = 0
    anchor: Anchor = "greedy"
    turns: int = 0


@dataclass(frozen=True)
class BotKit:
    """A game's judgement for bots: all optional, each seen from a seat's information only.

    ``greedy`` and ``planner`` get an InfoSet (never a State); ``rollout`` and
    ``evaluate`` run on the sampled full states a search builds from an
    InfoSet, so they cannot see more than the searching seat knows either.
    """

    greedy: PolicyFn | None = None
    rollout: RolloutFn | None = None
    evaluate: EvaluateFn | None = None
    planner: PolicyFn | None = None
    tuning: SearchTuning = SearchTuning()
    tuning_by_strength: Mapping[Strength, SearchTuning] = field(default_factory=dict)

    def tuning_for(self, strength: Strength | None) -> SearchTuning:
        """The tuning for ``strength``, else the game's general tuning."""
        if strength is not None and strength in self.tuning_by_strength:
            return self.tuning_by_strength[strength]
        return self.tuning


@dataclass(frozen=True)
class CliFlag:
    """A boolean command-line flag a game offers (``bgb play GAME --flag``) for one variant option."""

    flag: str
    option: str
    help_en: str
    help_pt: str


@dataclass(frozen=True)
class TerminalKit:
    """Extras for terminal play: a coloured picture (a Rich renderable), the ``?`` score summary, and the
    words for how a game can end (``endings[lang][termination]``; the raw code is shown where missing)."""

    render_rich: Callable[[View, str], Any] | None = None
    score_hint: Callable[[View, str], str] | None = None
    endings: Mapping[str, Mapping[str, str]] = field(default_factory=dict)


@dataclass(frozen=True)
class InteropKit:
    """What research tools need beyond the protocol: default size, game length bound, a tensor encoder.

    ``encoder`` is a factory so numpy is imported only when an adapter asks.
    """

    default_players: int
    max_game_length: Callable[[int, Mapping[str, Any]], int]
    encoder: Callable[[], ViewEncoder]
    #: bump whenever observations, actions or rewards change meaning (PettingZoo names: ``<game>_v<n>``)
    env_version: int = 0


@dataclass(frozen=True)
class PositionReport:
    """The engine's own account of a position (and the moves played on it), for the rules desk.

    ``facts`` holds JSON-safe numbers (scores, sums); ``lines`` the same in
    words per language ("en", "pt"); ``consequence`` one sentence per language
    on what the moves lead to when it matters ("this wins the game for the rows
    team"), empty when nothing notable happens.
    """

    facts: dict[str, Any] = field(default_factory=dict)
    lines: dict[str, list[str]] = field(default_factory=dict)
    consequence: dict[str, str] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        out = dict(self.facts)
        for lang, lines in self.lines.items():
            out[f"lines_{lang}"] = list(lines)
        for lang, sentence in self.consequence.items():
            out[f"consequence_{lang}"] = sentence
        return out


#: (position before, moves played, position after) -> the engine's report.
JudgeFn = Callable[["State", Sequence["Action"], "State"], PositionReport]

#: (question text, answer language "en"/"pt") -> the engine's arithmetic on what the question states
#: (card values, scoring groups...), or None when the question states nothing it can compute.
ReckonFn = Callable[[str, str], PositionReport | None]


@dataclass(frozen=True)
class DeskKit:
    """What the rules desk reads from the game: its how-to-play sheets, its glossary, and position judgements.

    ``sheets`` maps a language ("en", "pt") to a Markdown file in the game's
    folder; ``glossary`` is a JSON file of the game's terms (see
    rulesdesk/glossary.py); ``judge`` reports scores and sums computed by the
    engine itself, so the desk never re-implements a rule; ``reckon`` does the
    same for numbers a question states in words ("-1, 1 and 12 for objective
    12?", "a pair and a four of a kind?"). Both may name the rule that decides
    in ``facts["rule"]`` and the yes/no answer in ``facts["yes"]``. ``faq`` is the
    game's intent knowledge base (a JSON file in its folder: the questions players
    ask about each rule, grouped by meaning, each with its answer in both
    languages; format in rulesdesk/faq.py); without one the desk ranks the rules
    themselves. ``asked`` holds questions players really asked, each labelled with
    the intent that answers it (rulesdesk/asked.py): they train the desk's
    classifier, never its paraphrase index.
    """

    sheets: Mapping[str, Path] = field(default_factory=dict)
    glossary: Path | None = None
    judge: JudgeFn | None = None
    reckon: ReckonFn | None = None
    faq: Path | None = None
    asked: Path | None = None


# ---- learning: a guided first game and words for why a move is good --------------------------

#: Words in each language the project speaks: ``{"en": ..., "pt": ...}``.
Words = Mapping[str, str]


@dataclass(frozen=True)
class TutorialStep:
    """One step of a guided game. A step is one of three kinds:

    - **the learner moves**: ``expect`` holds the accepted move codes. A legal move that is not
      accepted gets ``wrong[code]`` if the step has words for that move, else ``otherwise``; an
      illegal one gets the engine's own refusal (its rule id and words). ``done`` says what the
      move did (what just scored and why), shown once it is played.
    - **another seat moves**: ``play`` is its move code, applied when the step begins; ``say``
      explains it.
    - **reading**: neither; the learner reads ``say`` and goes on.

    ``say`` tells what to look at, which moves are legal and why others are not, in short
    sentences; ``rule`` is the rule id the step teaches (a key of ``Game.rules``); ``point``
    holds the board keys the step is about, in the game's UI module's terms (``sq:C4``,
    ``slot:2``, ``pile:1``, ``card:1:3``...): the web page outlines them, the terminal names them.
    """

    say: Words
    rule: str | None = None
    point: tuple[str, ...] = ()
    expect: tuple[str, ...] = ()
    play: str | None = None
    wrong: Mapping[str, Words] = field(default_factory=dict)
    otherwise: Words = field(default_factory=dict)
    done: Words = field(default_factory=dict)

    @property
    def kind(self) -> Literal["move", "watch", "read"]:
        if self.expect:
            return "move"
        return "watch" if self.play is not None else "read"


@dataclass(frozen=True)
class Tutorial:
    """A guided first game: a scripted, seeded deal walked step by step.

    ``position`` is the start (``Game.from_position`` text, hidden cards and draw order
    included, so every draw in the script is known); ``seat`` the learner's seat. After the
    last step the learner reads ``finale`` and plays a real short game against the ``easy``
    bot with hints on: ``practice_players`` players and the variant ``practice_variant``.
    """

    title: Words
    position: str
    seat: int
    steps: tuple[TutorialStep, ...]
    finale: Words
    practice_players: int = 2
    practice_variant: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class MoveValue:
    """What a search measured for one move: its mean result for the mover in [-1, 1] and how often it was tried."""

    code: str
    value: float
    visits: int


@dataclass(frozen=True)
class Explanation:
    """Why a move is good, in words built from what the game and the search measured.

    ``lines`` per language: the reasons as the mover knows them (its hand, the face-down cards
    it has seen). ``public`` per language: the reasons anyone may read at that moment (the
    board, face-up cards) -- what other players are shown while the game runs, so words that
    use a fact only the mover knows belong in ``lines`` only. ``point``: board keys the
    reasons are about (UI module keys, as in :class:`TutorialStep`). ``facts``: the numbers
    behind the words, JSON-safe.
    """

    lines: Mapping[str, Sequence[str]]
    public: Mapping[str, Sequence[str]] = field(default_factory=dict)
    point: tuple[str, ...] = ()
    facts: Mapping[str, Any] = field(default_factory=dict)


#: (what the mover knew, the move to explain, the search's measures of the moves, best first) -> words.
ExplainFn = Callable[["InfoSet", "Action", Sequence[MoveValue]], Explanation]
#: (a board key such as ``sq:C4``, language) -> its name in words ("square C4"), for the terminal.
PointWordsFn = Callable[[str, str], str]


@dataclass(frozen=True)
class LearnKit:
    """What the learning features (guided game, hints, reviews, "why?") read from a game.

    ``tutorial`` builds the guided first game (lazily; without it the guided game is not
    offered). ``explain`` words why a move is good from the mover's InfoSet (never the
    State), the move, and what the search measured for the moves there; without it hints
    and reviews still name the move and its estimated value. ``point_words`` names a board key
    in words for the terminal (``sq:C4`` -> "square C4"); without it the terminal shows the
    part after the colon.
    """

    tutorial: Callable[[], Tutorial] | None = None
    explain: ExplainFn | None = None
    point_words: PointWordsFn | None = None
