"""Position questions are answered by the engine: legality with the rule id, and computed scores."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from boardgamesbot.core.errors import IllegalAction
from boardgamesbot.core.registry import load_game
from boardgamesbot.rulesdesk.answer import ask
from boardgamesbot.rulesdesk.errors import DeskError


def _played(game: str, players: int, seed: int, moves: int):  # type: ignore[no-untyped-def]
    state = load_game(game).new(players, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over():
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


def _line_points(symbols: list[int]) -> int:
    """Independent oracle for a Crosswise line: pair 1, three 3, four 5, five 7; six different 6."""
    if len(symbols) == 6 and len(set(symbols)) == 6:
        return 6
    return sum({2: 1, 3: 3, 4: 5, 5: 7}.get(n, 0) for n in Counter(symbols).values())


def test_crosswise_legal_move_reports_line_scores_before_and_after() -> None:
    state = _played("crosswise", 2, 7, 24)
    move = next(a for a in state.legal_actions() if a.code[0].isdigit())
    answer = ask(
        "crosswise", "Is this placement legal and what does it score?", position=state.to_position(), move=move.code
    )
    verdict = answer.verdict
    assert verdict is not None and verdict.legal is True and verdict.rule_id is None
    after = state.clone()
    after.apply(move)
    board = after.board
    for entry in verdict.scores["lines"]:
        kind, label = entry["line"].split()
        if kind == "row":
            squares = [(int(label) - 1) * 6 + c for c in range(6)]
        else:
            squares = [r * 6 + "ABCDEF".index(label) for r in range(6)]
        assert entry["after"] == _line_points([board[q] for q in squares if 0 <= board[q] < 6])
    assert len(verdict.scores["lines"]) == 2  # a placement touches one row and one column


def test_crosswise_illegal_move_names_the_rule() -> None:
    state = _played("crosswise", 2, 11, 10)
    occupied = next(i for i, t in enumerate(state.board) if t >= 0)
    square = "ABCDEF"[occupied % 6] + str(occupied // 6 + 1)
    hand_symbol = next(s for s in range(6) if state.hands[state.to_move()][s])
    code = f"{hand_symbol + 1}{square}"
    with pytest.raises(IllegalAction) as expected:
        state.clone().apply(code)
    for lang in ("en", "pt"):
        answer = ask(
            "crosswise",
            "Can I put a tile here?" if lang == "en" else "Posso pôr uma peça aqui?",
            position=state.to_position(),
            move=code,
        )
        assert answer.verdict is not None and answer.verdict.legal is False
        assert answer.verdict.rule_id == expected.value.rule_id
        assert answer.rules[0].id == expected.value.rule_id
        assert expected.value.rule_id in answer.render()


def test_unreadable_move_is_reported_as_such() -> None:
    state = _played("crosswise", 2, 3, 4)
    verdict = ask("crosswise", "", position=state.to_position(), move="zz99").verdict
    assert verdict is not None and verdict.legal is False and verdict.rule_id == "CORE-SYNTAX"


def test_crosswise_position_without_move_scores_every_line() -> None:
    state = _played("crosswise", 4, 5, 40)
    verdict = ask("crosswise", "What does each line score now?", position=state.to_position()).verdict
    assert verdict is not None and len(verdict.scores["lines"]) == 12
    rows = sum(e["after"] for e in verdict.scores["lines"][:6])
    assert verdict.scores["team_totals"]["rows"] == rows


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_alcatraz_fulfil_sum_matches_the_engine(seed: int) -> None:
    game = load_game("alcatraz")
    rng = random.Random(seed)
    state = game.new(3, seed=seed)
    while not any(a.code.startswith("claim") for a in state.legal_actions()):
        state.apply(rng.choice(state.legal_actions()))
    claim = next(a for a in state.legal_actions() if a.code.startswith("claim"))
    probe = state.clone()
    probe.apply(claim)
    use = rng.choice([a for a in probe.legal_actions() if a.code.startswith("use")])
    seat = state.to_move()
    answer = ask("alcatraz", "Does this fulfil work?", position=state.to_position(), move=f"{claim.code} {use.code}")
    fulfil = answer.verdict.scores["fulfil"]  # type: ignore[union-attr]
    expected = [probe.counted_value(c) for c in probe.rows[seat][use.a : use.a + use.b]]
    assert fulfil["values"] == expected and fulfil["sum"] == sum(expected)
    before = len(probe.victory[seat])
    probe.apply(use)
    assert fulfil["success"] == (len(probe.victory[seat]) > before)


def test_alcatraz_position_lists_the_sums_the_row_can_make() -> None:
    state = _played("alcatraz", 2, 4, 6)
    verdict = ask("alcatraz", "", position=state.to_position(), lang="pt").verdict
    assert verdict is not None and verdict.legal is None
    seat = state.to_move()
    assert len(verdict.scores["windows"]) == (len(state.rows[seat]) - 1) + max(0, len(state.rows[seat]) - 2)
    assert any("Objetivos abertos" in line for line in verdict.scores["lines_pt"])


@pytest.mark.parametrize(
    ("game", "position", "needle"),
    [
        ("crosswise", "not a position", "bad position"),
        ("alcatraz", "alcatraz players=9", "bad position"),
        ("my-unknown-game", "x", "unknown game"),
    ],
)
def test_bad_positions_are_refused_clearly(game: str, position: str, needle: str) -> None:
    with pytest.raises(DeskError, match=needle):
        ask(game, "Is this legal?", position=position, move="draw")


def test_a_move_needs_a_position() -> None:
    with pytest.raises(DeskError, match="needs a position"):
        ask("crosswise", "Is this legal?", move="1A1")
