"""What the rules desk is told about an Alcatraz position comes from the engine itself (DeskKit.judge)."""

from __future__ import annotations

import pytest

from boardgamesbot.bots import make_bot
from boardgamesbot.core import load_game

GAME = load_game("alcatraz")


@pytest.mark.rule("AZ-DECK-RESHUFFLE")
def test_points_are_the_engines_score_even_after_won_cards_went_back_to_the_deck() -> None:
    """Regression: the desk once counted victory-pile sizes, which are empty again after a reshuffle
    (5 players, seed 0: engine [..4..], desk all zeros)."""
    state = GAME.new(5, seed=0)
    bots = [make_bot("greedy", seat) for seat in range(5)]
    while not (state.shuffles and any(state.points) and not any(state.victory)):
        assert not state.is_over(), "the reshuffle this test needs did not happen"
        seat = state.to_move()
        assert seat is not None
        state.apply(bots[seat].choose(state.infoset(seat)))
    kit = GAME.desk_kit()
    assert kit.judge is not None
    report = kit.judge(state, [], state)
    assert report.facts["points"] == state.points == state.view(None)["scores"]
    assert any(state.points), "the check must compare real, non-zero points"
    assert f"seat 0: {state.points[0]}" in " ".join(report.lines["en"])


@pytest.mark.rule("AZ-ZERO-PAIR")
def test_a_claim_with_two_cards_adding_to_zero_is_reported_as_failing_with_the_reason(build) -> None:
    state = build(["-1^ 1^ 12^ 5", "1 2 3 4"], objectives=(12, 4, 5))
    state.apply("claim12")
    after = state.clone()
    after.apply("use1-3")
    report = GAME.desk_kit().judge(state, [GAME.parse_action("use1-3")], after)
    assert report.facts["fulfil"] == {
        "values": [-1, 1, 12],
        "sum": 12,
        "declared": 12,
        "zero_pair": True,
        "success": False,
    }
    assert "add up to zero" in report.consequence["en"] and "0 points" in report.consequence["en"]
    assert "somam zero" in report.consequence["pt"]


@pytest.mark.rule("AZ-ROUND-END")
@pytest.mark.parametrize(
    ("players", "mover", "first", "en", "pt"),
    [
        (
            2,
            0,
            0,
            "the other player after you (seat 1) still play",
            "o outro jogador depois de você (lugar 1) ainda joga",
        ),
        (3, 1, 0, "the other player after you (seat 2) still plays", "(lugar 2) ainda joga"),
        (3, 0, 0, "the other players after you (seat 1, 2) still play", "(lugar 1, 2) ainda jogam"),
        (3, 2, 0, "the round ends now", "a rodada acaba agora"),  # the next seat is the first player's
    ],
)
def test_emptying_the_row_says_who_still_plays_before_the_round_ends(
    build, players: int, mover: int, first: int, en: str, pt: str
) -> None:
    rows = ["5 6 7 8"] * players
    rows[mover] = "3^ 4^"
    state = build(rows, objectives=(7, 9, 12), current=mover, first=first)
    state.apply("claim7")
    after = state.clone()
    after.apply("use1-2")
    report = GAME.desk_kit().judge(state, [GAME.parse_action("use1-2")], after)
    assert en in report.consequence["en"]
    assert pt in report.consequence["pt"]
    assert report.facts["round_ends_now"] is en.endswith("ends now")
    ended = after.round > state.round or after.is_over()
    if en.endswith("ends now"):
        assert ended  # the engine agrees: the lap is over
    else:
        assert not ended and after.to_move() == (mover + 1) % players  # the engine agrees: the next seat plays
