"""Where the English how-to-play differs from the manual, the engine follows the manual (docs/rules/alcatraz.md).

One test per difference, each on a hand-made position, showing the manual's reading in play.
"""

from __future__ import annotations

import pytest

from boardgamesbot.core import load_game

GAME = load_game("alcatraz")


@pytest.mark.rule("AZ-EN-OVERLAY-SUM")
def test_an_overlay_counts_in_the_sum_but_never_as_a_point(build) -> None:
    # 5 + (3 with a +1 overlay) = 9: the overlay takes part in the sum (English: it would not) ...
    state = build(["5 3{p11} 6 1", "1 2 3 4"], objectives=(9, 12, 7))
    state.apply("claim9")
    assert state.apply("use1-2")[0].public["success"] is True
    state.apply("pile1")
    view = state.view(None)
    assert view["scores"] == [2, 0] and 11 not in view["victory"][0]  # ... and scores nothing (manual)


@pytest.mark.rule("AZ-EN-ROUND-END")
def test_an_emptied_row_only_triggers_the_end_and_the_cycle_is_finished(build) -> None:
    state = build(["1 2 3 6", "4 8", "5 6 7 9"], objectives=(12, 9, 7), first=0, current=1)
    state.apply("claim12")
    state.apply("use1-2")
    view = state.view(None)
    assert view["rows"][1] == [] and view["round"] == 1 and state.to_move() == 2  # seat 2 still plays


@pytest.mark.rule("AZ-EN-THIRD-ROUND")
def test_by_default_every_player_plays_the_third_round(build) -> None:
    state = build(
        ["1 2 5 6", "3 9", "5 6"],
        objectives=(12, 11, 7),
        round=2,
        round_scores=[[2, 0, 1]],
        victory=[[4, 8], [], [10]],
        round_start=[2, 0, 1],
        circles=[1, 0, 0],
    )
    for code in ("end", "claim12", "use1-2", "end"):
        state.apply(code)
    view = state.view(None)
    assert view["round"] == 3 and view["active"] == [0, 1, 2] and 2 in view["peek_queue"]  # not only 0 and 1


@pytest.mark.rule("AZ-EN-REFILL")
def test_a_success_that_empties_the_row_adds_no_card(build) -> None:
    state = build(["3 9", "1 2 3 4"], objectives=(12, 9, 7))
    state.apply("claim12")
    state.apply("use1-2")
    assert state.view(None)["rows"][0] == []  # English: a card would come back after every success
    kept = build(["3 9 1", "1 2 3 4"], objectives=(12, 9, 7))
    kept.apply("claim12")
    kept.apply("use1-2")
    assert len(kept.view(None)["rows"][0]) == 2  # one card left, plus one face-down refill


@pytest.mark.rule("AZ-EN-SECOND-LOOK")
def test_round_two_starts_with_everyone_looking_again(build) -> None:
    state = build(["1 2 3 6", "4 8"], objectives=(12, 9, 7), first=0, current=1)
    state.apply("claim12")
    state.apply("use1-2")
    view = state.view(None)
    assert view["round"] == 2 and view["phase"] == "peek" and sorted(view["peek_queue"]) == [0, 1]


@pytest.mark.rule("AZ-EN-WILD")
@pytest.mark.rule("AZ-WILD")
def test_the_wild_prisoner_mode_the_english_text_leaves_out_is_offered() -> None:
    state = GAME.new(3, seed=2, variant={"wild": True})
    assert [len(row) for row in state.view(None)["rows"]] == [5, 5, 5]
    assert "wild" in GAME.variant_options
