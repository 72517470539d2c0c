"""Round end, scoring, tiebreaks and what the rulebook leaves open (deck, objectives, turn cap)."""

from __future__ import annotations

import pytest

from boardgamesbot.core import IllegalAction


@pytest.mark.rule("AZ-ROUND-END")
@pytest.mark.rule("AZ-CIRCLE")
@pytest.mark.rule("AZ-ROUND-SCORE")
@pytest.mark.rule("AZ-NEXT-ROUND")
def test_emptied_row_ends_round_after_the_cycle_and_the_next_round_starts_left_of_it(build) -> None:
    state = build(["1 2 3 6", "4 8", "5 6 7 9"], objectives=(12, 9, 7), first=0, current=1)
    state.apply("claim12")
    state.apply("use1-2")
    view = state.view(None)
    assert view["rows"][1] == [] and view["ending"] and view["circles"] == [0, 1, 0]
    assert state.to_move() == 2  # the players after it, up to the first player, finish
    state.apply("end")
    view = state.view(None)
    assert view["round"] == 2 and view["round_scores"] == [[0, 2, 0]]
    assert [len(r) for r in view["rows"]] == [4, 4, 4]  # refilled at the right end
    assert [c["up"] for c in view["rows"][1]] == [False] * 4
    assert view["phase"] == "peek" and view["first"] == 2 and state.to_move() == 2
    assert view["peek_queue"] == [2, 0, 1]


@pytest.mark.rule("AZ-ROUND-END")
def test_round_ends_at_once_when_the_last_seat_of_the_cycle_empties(build) -> None:
    state = build(["1 2 3 6", "4 8"], objectives=(12, 9, 7), first=0, current=1)
    state.apply("claim12")
    state.apply("use1-2")
    assert state.view(None)["round"] == 2


@pytest.mark.rule("AZ-WINNER")
@pytest.mark.rule("AZ-VICTORY-PILE")
def test_after_two_rounds_the_highest_total_wins(build) -> None:
    state = build(
        ["3 9", "1 2 3 6"],
        objectives=(12, 9, 7),
        round=2,
        round_scores=[[2, 0]],
        victory=[[4, 8], []],
        round_start=[2, 0],
    )
    state.apply("claim12")
    state.apply("use1-2")
    assert not state.is_over()
    state.apply("end")
    out = state.outcome()
    assert out is not None and out.winners == (0,) and out.scores == (4.0, 0.0)
    assert out.termination == "rounds_complete" and out.tiebreak is None
    assert out.details["round_scores"] == [[2, 0], [2, 0]]
    assert sorted(state.view(None)["victory"][0]) == [3, 4, 8, 9]  # set aside, not back in the deck


@pytest.mark.rule("AZ-TIE-CIRCLES")
def test_points_tie_goes_to_more_circles(build) -> None:
    state = build(
        ["3 9", "1 2 3 6"],
        objectives=(12, 9, 7),
        round=2,
        round_scores=[[0, 2]],
        victory=[[], [4, 8]],
        round_start=[0, 2],
    )
    state.apply("claim12")
    state.apply("use1-2")
    state.apply("end")
    out = state.outcome()
    assert out.scores == (2.0, 2.0) and out.winners == (0,) and out.tiebreak == "circles"


def _tied_after_two(build, tiebreak_round: bool):
    state = build(
        ["1 2 5 6", "3 9"],
        objectives=(12, 9, 7),
        round=2,
        round_scores=[[2, 0]],
        victory=[[4, 8], []],
        round_start=[2, 0],
        circles=[1, 0],
        variant={"tiebreak_round": tiebreak_round},
    )
    state.apply("end")
    state.apply("claim12")
    state.apply("use1-2")
    return state


@pytest.mark.rule("AZ-TIE-ROUND")
def test_still_tied_plays_a_third_round_or_shares_the_win(build) -> None:
    state = _tied_after_two(build, True)
    view = state.view(None)
    assert not state.is_over() and view["round"] == 3 and view["first"] == 0
    shared = _tied_after_two(build, False)
    out = shared.outcome()
    assert out.winners == (0, 1) and out.is_draw and out.tiebreak is None


@pytest.mark.rule("AZ-TURN-CAP")
def test_a_round_nobody_finishes_stops_at_the_cap_and_is_reported() -> None:
    from boardgamesbot.core import load_game

    state = load_game("alcatraz").new(2, seed=4, variant={"turn_cap": 2})
    while not state.is_over():
        codes = [a.code for a in state.legal_actions()]
        state.apply("end" if "end" in codes else codes[0])
    out = state.outcome()
    assert out.termination == "turn_cap" and out.details["capped_rounds"] == [1, 2, 3]  # 0-0: third round
    assert len(state.history) == 3 * (2 + 2 * 2)  # per round: two peeks and two turns per player
    assert out.details["circles"] == [0, 0]
    for bad in (0, 101, 10**15):  # the cap is bounded both ways: a huge cap made endless rounds and replays
        with pytest.raises(Exception, match="turn_cap"):
            load_game("alcatraz").new(2, seed=4, variant={"turn_cap": bad})
    assert load_game("alcatraz").new(2, seed=4, variant={"turn_cap": 100}).variant["turn_cap"] == 100


@pytest.mark.rule("AZ-DECK-RESHUFFLE")
def test_empty_deck_reshuffles_the_piles_below_their_tops(build) -> None:
    state = build(["1 2 3 4", "1 2 3 4"], piles=([5, 6, 7], [8]), deck=[], rest_to=1, points=[0, 9])
    assert "draw" in [a.code for a in state.legal_actions()]
    state.apply("draw")  # piles below their tops and the won cards make the new deck; points stay
    view = state.view(0, perfect_memory=True)
    assert view["piles"][0]["cards"] == [7] and view["piles"][1]["cards"] == [8] and view["shuffles"][0] == 1
    assert view["victory"] == [[], []] and view["deck"] == 68 - 8 - 2 - 1 and view["scores"] == [0, 9]
    assert len(state.card_places()) == 68
    # every other card lies under overlays: nothing at all can be drawn
    from collections import Counter

    from boardgamesbot.games.alcatraz.cards import FULL_COUNTS

    rest = FULL_COUNTS - Counter([1, 2, 3, 4, 1, 2, 3, 4, 7, 8])
    covers = ";".join(f"p{v}" for v in sorted(rest.elements()))
    dry = build(["1 2 3 4", f"1{{{covers}}} 2 3 4"], piles=([7], [8]), deck=[])
    assert "draw" not in [a.code for a in dry.legal_actions()]
    with pytest.raises(IllegalAction) as info:
        dry.apply("draw")
    assert info.value.rule_id == "AZ-DECK-RESHUFFLE"


@pytest.mark.rule("AZ-OBJECTIVE-RESHUFFLE")
def test_empty_objective_deck_reshuffles_the_fulfilled_ones_but_never_the_one_just_met(build) -> None:
    done = [4, 5, 6, 8, 10, 11, 13, 14]
    for seed in range(12):  # whatever the shuffle, the objective just met does not come straight back
        state = build(["3 9 1 2", "1 2 3 4"], objectives=(12, 9, 7), obj_deck=[], obj_done=done, seed=seed)
        state.apply("claim12")
        state.apply("use1-2")
        view = state.view(None)
        assert len(view["objectives"]) == 3 and 12 not in view["objectives"]
        assert view["objective_deck"] == 7 and view["objectives_done"] == [12]  # it starts the next used pile
        assert view["shuffles"][1] == 1


@pytest.mark.rule("AZ-STEP")
def test_moves_of_the_wrong_step_name_what_is_expected(build) -> None:
    state = build(["1 2 3 4", "1 2 3 4"])
    for code in ("swap1/1", "discard1", "flip1"):
        with pytest.raises(IllegalAction) as info:
            state.apply(code)
        assert info.value.rule_id == "AZ-STEP" and "draw" in info.value.message
    with pytest.raises(IllegalAction, match="no cards are waiting") as info:
        state.apply("pile1")
    assert info.value.rule_id == "AZ-STEP"
