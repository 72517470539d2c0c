"""Round 14, each question in the project's own wording: a second look at the two best intents (rerank.py) puts
the runner-up first when it covers the question better; the Alcatraz reckoner reads "fazer o 7" as the
objective, says the zero rule covers any two cards when the question wonders whether the pair must sit side by
side, and answers "does the zero rule still bite?" / "do I fail?" by whether the claim fails; "am I screwed?"
("tô ferrado?") against a way out ("yes, you may redraw") is answered no."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from boardgamesbot.rulesdesk import answer as desk
from boardgamesbot.rulesdesk.evaluation import first_sentences, mentions
from boardgamesbot.rulesdesk.intents import Match, Ranked, intent_index
from boardgamesbot.rulesdesk.rerank import NAMES, SWITCH, rerank, switch_probability
from boardgamesbot.rulesdesk.understand import understand


def _says(lead: str, facts: list[str], never: Sequence[str] = ()) -> None:
    assert all(mentions(lead, t) for t in facts), lead
    assert not any(mentions(lead, t) for t in never), lead


def _load(path: Path, name: str) -> Any:
    """A Python file of the repository that is not a package module (a bench script, another test folder's conftest)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _lead(game: str, question: str) -> tuple[str, str]:
    answer = desk.ask(game, question)
    return answer.rules[0].id, first_sentences(answer.answer)


def test_an_even_pair_keeps_its_leader() -> None:
    assert switch_probability([0.0] * len(NAMES)) < SWITCH


def _pair(covered_by_runner_up: bool) -> tuple[Any, Ranked]:
    """Two real intents, tied on every score, and a one-word question that only one of them covers."""
    kb = intent_index("crosswise")
    assert kb is not None
    intents = {i.id: k for k, i in enumerate(kb.intents)}
    lead_at, runner_at = intents["remove"], intents["swap"]
    word = next(  # a word the runner-up's paraphrases use and the leader's never do
        f for f in kb.postings.spans if f.startswith("w:") and kb.span_has(runner_at, f) and not kb.span_has(lead_at, f)
    )
    if not covered_by_runner_up:
        word = next(
            f
            for f in kb.postings.spans
            if f.startswith("w:") and kb.span_has(lead_at, f) and not kb.span_has(runner_at, f)
        )
    ranking = Ranked(
        [
            Match(kb.intents[lead_at], 0.8, 0.5, "", 0.7, lead_at, 0.3),
            Match(kb.intents[runner_at], 0.8, 0.5, "", 0.7, runner_at, 0.3),
        ]
    )
    ranking.features = (("w", word, 1.0),)
    return kb, ranking


def test_runner_up_that_alone_covers_the_question_goes_first() -> None:
    kb, ranking = _pair(covered_by_runner_up=True)
    ranked = rerank(kb, ranking, False, False, "en", {})
    assert [m.intent.id for m in ranked] == ["swap", "remove"]


def test_leader_that_alone_covers_the_question_stays_first() -> None:
    kb, ranking = _pair(covered_by_runner_up=False)
    ranked = rerank(kb, ranking, False, False, "en", {})
    assert [m.intent.id for m in ranked] == ["remove", "swap"]


@pytest.mark.parametrize(
    ("question", "rule", "facts", "never"),
    [
        # "fazer o 6": the objective, with its article; "passa?" asks whether the claim works
        (
            "6, -3 e 3 para fazer o 6: o 3 e o -3 não estão juntos, então passa?",
            "AZ-ZERO-PAIR",
            ["não", "zero"],
            ["sim"],
        ),
        # the pair apart: "does the zero rule still count?" is yes, and the answer says it covers any two cards
        (
            "I'm going for 6 with -1, 6 and 1; the -1 and the 1 are not side by side, so does the zero rule still count?",
            "AZ-ZERO-PAIR",
            ["yes", "any"],
            ["no"],
        ),
        ("-2, 7 and 3 for 8: do I fail?", "AZ-SUM", ["no", "fulfilled"], ["yes"]),
        ("-2, 7 and 2 for 7: do I fail?", "AZ-ZERO-PAIR", ["yes", "fails"], []),  # the failing claim: yes
    ],
)
def test_reckoned_claims(question: str, rule: str, facts: list[str], never: list[str]) -> None:
    first, lead = _lead("alcatraz", question)
    assert first == rule
    _says(lead, facts, never)


@pytest.mark.parametrize(
    ("question", "word", "never"),
    [
        ("comecei só com peças de ação na mão, tô ferrado?", "não", "sim"),
        ("my starting hand is all action tiles, am I screwed?", "no", "yes"),
        ("only action tiles in my opening hand, can I swap them for new ones?", "yes", "no"),  # control
    ],
)
def test_fearing_a_bad_outcome_is_answered_by_the_way_out(question: str, word: str, never: str) -> None:
    rule, lead = _lead("crosswise", question)
    assert rule in ("CW-REDRAW", "CW-D-REDRAW")
    assert lead.lower().startswith(word) and not lead.lower().startswith(never), lead


def test_fit_refuses_held_out_sets(monkeypatch: pytest.MonkeyPatch) -> None:
    module = _load(Path(__file__).resolve().parents[2] / "bench" / "fit_rerank.py", "fit_rerank")
    monkeypatch.setattr(sys, "argv", ["fit_rerank.py", "--sets", "dev2", "test"])
    with pytest.raises(SystemExit, match="held-out"):
        module.main()


@pytest.mark.parametrize(
    ("question", "rule", "facts"),
    [
        # acting when it is someone else's turn, however it is said
        ("o meu irmão tirou uma carta fora da vez dele, pode?", "AZ-TURN-ORDER", ["não"]),
        (
            "my cousin drew from the deck when it wasn't even her turn, is that allowed?",
            "AZ-TURN-ORDER",
            ["no"],
        ),  # control
        # "who takes it?" asks who wins, not about taking a card
        ("when does the game finish and who takes it?", "AZ-WINNER", ["2", "highest"]),
        # "um de trocar sinal" is a sign change laid on the card: +1 then the flip
        ("botei um +1 e depois um de trocar sinal no meu 2, quanto fica?", "AZ-OVERLAY", ["-3"]),
        # "flip my 5 with a 14": the overlay named by its number, the value reckoned
        ("if I flip my 5 with a 14, does it still count as 5?", "AZ-OVERLAY", ["no", "-5"]),
    ],
)
def test_round14_alcatraz_words(question: str, rule: str, facts: list[str]) -> None:
    first, lead = _lead("alcatraz", question)
    assert first == rule, lead
    _says(lead, facts)


@pytest.mark.parametrize(
    ("question", "rule", "facts", "never"),
    [
        ("the board is full: we scored 19 and they scored 17, so we won, right?", "CW-WIN", ["yes", "19"], ["no"]),
        ("fim de jogo, nós fizemos 12 e eles 20. ganhámos?", "CW-WIN", ["não", "20"], ["sim"]),
        ("acabou, a gente ficou com 30 e eles com 25, a gente ganhou?", "CW-WIN", ["sim", "30"], ["não"]),  # "a gente"
        ("game over, they have 15 and we have 15, who wins?", "CW-D-TIE", ["draw"], []),
    ],
)
def test_two_totals_told_decide_the_winner(question: str, rule: str, facts: list[str], never: list[str]) -> None:
    first, lead = _lead("crosswise", question)
    assert first == rule, lead
    _says(lead, facts, never)


@pytest.mark.parametrize(
    ("game", "word", "base"),
    [
        ("alcatraz", "cartinhas", "cartas"),
        ("alcatraz", "fileirinha", "fileira"),
        ("alcatraz", "montinho", "monte"),  # a base in -e
        ("crosswise", "tabuleirinho", "tabuleiro"),
        ("crosswise", "maozinha", "mao"),  # the -zinho form keeps the whole word
        ("crosswise", "sozinho", None),  # a word the game itself uses is no diminutive
        ("crosswise", "caminho", None),  # nor is a word whose base the game never says
    ],
)
def test_portuguese_diminutives_are_read_as_their_word(game: str, word: str, base: str | None) -> None:
    vocab = desk._vocab(game, desk.Index(desk.index_path()))
    assert vocab.correct(word) == base


@pytest.mark.parametrize(
    ("question", "facts", "never"),
    [
        # one line told by its symbols, then read back as groups: the same six tiles, not twelve
        ("A column with four stars and two moons, is that a four plus a pair?", ["yes", "6"], ["no"]),
        ("uma linha com três sóis e três luas, isso é duas trincas?", ["sim", "6"], ["não"]),
        ("can a line hold two pairs and a trio and a four?", ["no"], ["yes"]),  # control: more than six tiles
        ("does a pair also count as two pairs in a four of a kind?", ["no", "point"], ["points"]),  # "1 point"
    ],
)
def test_a_line_read_back_as_groups_is_the_same_line(question: str, facts: list[str], never: list[str]) -> None:
    _first, lead = _lead("crosswise", question)
    _says(lead, facts, never)


@pytest.mark.parametrize(
    ("question", "polar"),
    [
        ("com 3 jogadores como ficam as equipes?", False),  # a scene, then "como" asks how
        ("numa partida a 3 como funciona a ordem?", False),
        ("se eu jogar como ele posso ganhar?", True),  # control: "como" as "like"
    ],
)
def test_como_after_a_scene_asks_how(question: str, polar: bool) -> None:
    assert understand(question, None, None).polar is polar


@pytest.mark.parametrize(
    ("mover", "question", "word"),
    [
        (0, "if I use both, does the round end right away?", "no"),  # seat 1 still plays
        (1, "if I use both, does the round end right away?", "yes"),  # the next seat is the first player's
        (0, "do the others still get a turn?", "yes"),
        (1, "do the others still get a turn?", "no"),
        (0, "se eu usar as duas, a rodada acaba logo?", "não"),
    ],
)
def test_emptying_the_row_answers_whether_the_round_ends_now(mover: int, question: str, word: str) -> None:
    # the Alcatraz tests' position builder
    build_position = _load(
        Path(__file__).resolve().parents[1] / "alcatraz" / "conftest.py", "alcatraz_positions"
    ).build_position

    rows = ["5 6 7 8", "5 6 7 8"]
    rows[mover] = "3^ 4^"
    state = build_position(rows, objectives=(7, 9, 12), current=mover, first=0)
    state.apply("claim7")
    answer = desk.ask("alcatraz", question, position=state.to_position(), move="use1-2")
    assert answer.rules[0].id == "AZ-ROUND-END"
    assert answer.answer.lower().startswith(word), answer.answer
