"""The named readings a table may choose: who starts, the optional look, the third round, an empty deck.

Each option is checked both ways on hand-made positions (tests/alcatraz/conftest.py: ``build``).
"""

from __future__ import annotations

from collections import Counter

import pytest

from boardgamesbot.core import IllegalAction, InvalidPosition, InvalidVariant, load_game

GAME = load_game("alcatraz")


def codes(state) -> list[str]:
    return [a.code for a in state.legal_actions()]


# ---- first_player ------------------------------------------------------------------------------------------
@pytest.mark.rule("AZ-FIRST-PLAYER")
def test_seat0_starts_by_default_and_a_named_seat_starts_when_chosen() -> None:
    plain = GAME.new(3, seed=5)
    assert plain.view(None)["first"] == 0 and plain.view(None)["peek_queue"] == [0, 1, 2]
    chosen = GAME.new(3, seed=5, variant={"first_player": "seat2"})
    view = chosen.view(None)
    assert view["first"] == 2 and view["peek_queue"] == [2, 0, 1]  # the looks, then the turns, start there
    for _ in range(3):
        chosen.apply(codes(chosen)[0])
    assert chosen.to_move() == 2 and chosen.view(None)["phase"] == "start"
    assert [r for r in plain.rows] == [r for r in chosen.rows]  # the same seed deals the same cards


@pytest.mark.rule("AZ-FIRST-PLAYER")
def test_random_first_player_is_drawn_from_the_seed() -> None:
    firsts = [GAME.new(5, seed=s, variant={"first_player": "random"}).view(None)["first"] for s in range(100)]
    assert set(firsts) == set(range(5)) and min(Counter(firsts).values()) >= 8
    again = [GAME.new(5, seed=s, variant={"first_player": "random"}).view(None)["first"] for s in range(100)]
    assert firsts == again


@pytest.mark.rule("AZ-FIRST-PLAYER")
def test_a_first_seat_the_table_lacks_is_refused_and_positions_carry_the_option() -> None:
    with pytest.raises(InvalidVariant, match=r"seat4.*seat0 to seat1"):
        GAME.new(2, seed=1, variant={"first_player": "seat4"})
    state = GAME.new(4, seed=9, variant={"first_player": "seat3"})
    text = state.to_position()
    assert "first_player=seat3" in text and "first=3" in text
    assert GAME.from_position(text).to_position() == text
    with pytest.raises(InvalidPosition, match="seat3"):
        GAME.from_position(GAME.new(2, seed=1).to_position().replace("players=2", "players=2 first_player=seat3"))


def test_default_positions_look_as_before_the_new_options_existed() -> None:
    text = GAME.new(2, seed=1).to_position()
    for name in ("first_player", "third_round", "empty_deck", "optional_look", "active"):
        assert name not in text
    assert GAME.from_position(text).to_position() == text


# ---- optional_look -----------------------------------------------------------------------------------------
@pytest.mark.rule("AZ-OPTIONAL-LOOK")
@pytest.mark.rule("AZ-PEEK")
def test_the_look_is_required_by_default_and_may_be_skipped_with_the_option() -> None:
    required = GAME.new(2, seed=3)
    assert "nopeek" not in codes(required)
    with pytest.raises(IllegalAction) as err:
        required.apply("nopeek")
    assert err.value.rule_id == "AZ-OPTIONAL-LOOK"
    optional = GAME.new(2, seed=3, variant={"optional_look": True})
    assert codes(optional) == ["peek1", "peek2", "peek3", "peek4", "nopeek"]
    optional.apply("nopeek")
    view = optional.view(0, perfect_memory=True)
    assert optional.to_move() == 1 and view["phase"] == "peek"
    assert all(card["v"] is None and card["seen"] == [] for card in view["rows"][0])  # seat 0 learned nothing
    optional.apply("peek2")
    assert optional.view(None)["phase"] == "start"
    with pytest.raises(IllegalAction) as err:
        optional.apply("nopeek")  # only at the start of a round
    assert err.value.rule_id == "AZ-PEEK"


@pytest.mark.rule("AZ-OPTIONAL-LOOK")
def test_bots_still_look_when_the_look_is_optional() -> None:
    import random

    from boardgamesbot.games.alcatraz.planner import planner_action
    from boardgamesbot.games.alcatraz.policy import greedy_action, rollout_action

    greedy_like = (greedy_action, planner_action)  # greedy, and the planner that medium and hard build on
    for seed in range(6):
        state = GAME.new(3, seed=seed, variant={"optional_look": True})
        rng = random.Random(seed)
        while state.view(None)["phase"] == "peek":
            seat = state.to_move()
            assert seat is not None
            picks = [policy(state.infoset(seat), rng).code for policy in greedy_like]
            picks.append(rollout_action(state, rng).code)
            assert all(code.startswith("peek") for code in picks), picks
            state.apply(picks[0])


# ---- third_round -------------------------------------------------------------------------------------------
def _tied_three(build, third_round: str):
    """Round 2 ends with seats 0 and 1 tied on 2 points and 1 circle each; seat 2 trails on 1 point."""
    state = build(
        ["1 2 5 6", "3 9", "5 6"],
        objectives=(12, 11, 7),
        round=2,
        round_scores=[[2, 0, 1]],
        victory=[[4, 8], [], [10]],
        round_start=[2, 0, 1],
        circles=[1, 0, 0],
        variant={"third_round": third_round, "turn_cap": 1},
    )
    state.apply("end")
    state.apply("claim12")
    state.apply("use1-2")  # seat 1 empties its row: its circle ties it with seat 0
    state.apply("end")  # seat 2 finishes the cycle
    return state


@pytest.mark.rule("AZ-THIRD-ROUND")
@pytest.mark.rule("AZ-TIE-ROUND")
def test_all_totals_everyone_plays_the_third_round_and_a_player_outside_the_tie_can_win(build) -> None:
    state = _tied_three(build, "all_totals")
    view = state.view(None)
    assert view["round"] == 3 and view["active"] == [0, 1, 2] and view["first"] == 2  # left of seat 1
    assert view["peek_queue"] == [2, 0, 1] and len(view["rows"][2]) == 4  # seat 2 refilled and looks too
    for code in ("peek1", "peek1", "peek1", "claim11", "use1-2", "end", "end"):
        state.apply(code)  # seat 2 adds 5 + 6 = 11; the others pass; the cap of one turn each ends the round
    out = state.outcome()
    assert out is not None and out.winners == (2,) and out.scores == (2.0, 2.0, 3.0)


@pytest.mark.rule("AZ-THIRD-ROUND")
@pytest.mark.rule("AZ-EN-THIRD-ROUND")
def test_tied_only_the_tied_players_play_the_third_round_and_only_they_can_win(build) -> None:
    state = _tied_three(build, "tied_only")
    view = state.view(None)
    assert view["round"] == 3 and view["active"] == [0, 1]
    assert view["first"] == 0 and view["peek_queue"] == [0, 1]  # left of seat 1 is seat 2, who sits out
    assert len(view["rows"][2]) == 2  # seat 2 is not dealt back in
    assert "played only by: Seat 0, Seat 1" in state.render(2)  # the terminal says who plays
    movers = []
    for code in ("peek1", "peek1", "claim11", "use3-4", "end"):
        movers.append(state.to_move())
        state.apply(code)  # seat 0 adds 5 + 6 = 11; seat 1 passes; one turn each ends the round
    assert 2 not in movers
    out = state.outcome()
    assert out is not None and out.winners == (0,) and out.scores == (4.0, 2.0, 1.0)
    text = state.to_position()
    assert "active=0,1" in text and GAME.from_position(text).to_position() == text


def _tied_around(build, third_round: str):
    """Round 2 ends with seats 0 and 2 tied (2 points, 1 circle); seat 1, between them, trails on 1 point."""
    state = build(
        ["1 2 5 6", "5 6", "3 9"],
        objectives=(12, 11, 7),
        round=2,
        round_scores=[[2, 1, 0]],
        victory=[[4, 8], [10], []],
        round_start=[2, 1, 0],
        circles=[1, 0, 0],
        variant={"third_round": third_round, "turn_cap": 1},
    )
    for code in ("end", "end", "claim12", "use1-2"):  # seat 2 empties its row last: the round ends at once
        state.apply(code)
    return state


@pytest.mark.rule("AZ-THIRD-ROUND")
def test_tied_only_turns_skip_the_player_sitting_out(build) -> None:
    state = _tied_around(build, "tied_only")
    assert state.view(None)["active"] == [0, 2] and len(state.view(None)["rows"][1]) == 2
    movers = []
    for code in ("peek1", "peek1", "claim11", "use3-4", "end"):
        movers.append(state.to_move())
        state.apply(code)
    assert movers == [0, 2, 0, 0, 2]  # seat 1 never moves: after seat 0 comes seat 2
    out = state.outcome()
    assert out is not None and out.winners == (0,)
    everyone = _tied_around(build, "all_totals")
    for code in ("peek1", "peek1", "peek1", "end", "claim11", "use1-2", "end"):
        everyone.apply(code)  # seat 1, outside the tie, adds 5 + 6 = 11 and overtakes both
    out = everyone.outcome()
    assert out is not None and out.winners == (1,) and out.scores == (2.0, 3.0, 2.0)


@pytest.mark.rule("AZ-THIRD-ROUND")
def test_tied_only_with_nobody_scoring_in_the_third_round_shares_the_win(build) -> None:
    state = _tied_three(build, "tied_only")
    for code in ("peek1", "peek1", "end", "end"):
        state.apply(code)
    out = state.outcome()
    assert out is not None and out.winners == (0, 1) and out.is_draw


def test_only_a_tied_only_third_round_may_leave_seats_out_of_a_position(build) -> None:
    text = build(["1 2 3 4", "5 6 7 9"]).to_position()
    with pytest.raises(InvalidPosition, match="third_round=tied_only"):
        GAME.from_position(text.replace("capped=-", "capped=- active=0"))


# ---- empty_deck --------------------------------------------------------------------------------------------
@pytest.mark.rule("AZ-DECK-RESHUFFLE")
@pytest.mark.rule("AZ-VICTORY-PILE")
def test_discards_only_reshuffles_the_piles_but_won_cards_stay_won(build) -> None:
    def empty_deck(reading: str):
        state = build(
            ["1 2 3 4", "1 2 3 4"],
            piles=([5, 6, 7], [8]),
            deck=[],
            rest_to=1,
            points=[0, 9],
            variant={"empty_deck": reading},
        )
        state.apply("draw")
        return state.view(0, perfect_memory=True)

    won_back = empty_deck("return_won")
    assert won_back["victory"][1] == [] and won_back["deck"] == 68 - 8 - 2 - 1 and won_back["scores"] == [0, 9]
    kept = empty_deck("discards_only")
    assert len(kept["victory"][1]) == 68 - 8 - 4 and kept["deck"] == 1  # the 5 and the 6, one of them drawn
    assert kept["piles"][0]["cards"] == [7] and kept["scores"] == [0, 9]


def _dry(build, reading: str):
    """Nothing under the discard tops and an empty deck: every other card has been won by seat 1."""
    return build(
        ["1 2 3 4", "1 2 3 4"],
        piles=([5], [6]),
        deck=[],
        rest_to=1,
        round_scores=[],
        points=[0, 0],
        variant={"empty_deck": reading},
    )


@pytest.mark.rule("AZ-DECK-DRY")
@pytest.mark.rule("AZ-ROUND-SCORE")
def test_discards_only_a_dry_deck_ends_the_round_after_the_cycle_and_it_is_scored_as_usual(build) -> None:
    state = _dry(build, "discards_only")
    assert "draw" not in codes(state) and "take1" in codes(state)
    events = state.apply("end")
    assert [e.kind for e in events] == ["deck_dry"]
    view = state.view(None)
    assert view["ending"] and view["emptied"] == [] and state.to_move() == 1  # the others still play
    assert "ran dry" in state.render(1)
    events = state.apply("end")
    round_end = next(e for e in events if e.kind == "round_end")
    assert round_end.public["round"] == 1 and round_end.public["turns"] == 2
    view = state.view(None)
    assert view["round"] == 2 and view["round_scores"] == [[0, 0]] and view["circles"] == [0, 0]
    assert view["first"] == 1  # nobody emptied a row: the seat after the round's first player starts


@pytest.mark.rule("AZ-DECK-DRY")
def test_return_won_the_same_table_draws_from_the_won_cards_and_plays_on(build) -> None:
    state = _dry(build, "return_won")
    assert "draw" in codes(state)
    assert [e.kind for e in state.apply("end")] == []
    assert not state.view(None)["ending"]
    text = _dry(build, "discards_only").to_position()
    assert "empty_deck=discards_only" in text and GAME.from_position(text).to_position() == text
