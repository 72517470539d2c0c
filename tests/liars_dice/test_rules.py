"""Each Liar's Dice rule, checked on a small hand-made situation (positions: docs/rules/liars_dice.md)."""

from __future__ import annotations

import json

import pytest

from boardgamesbot import IllegalAction, load_game
from boardgamesbot.core.errors import GameOver, InvalidVariant
from boardgamesbot.games.liars_dice.state import LiarsDiceState

GAME = load_game("liars_dice")


def pos(text: str) -> LiarsDiceState:
    state = GAME.from_position(f"liars_dice {text}")
    assert isinstance(state, LiarsDiceState)
    return state


def refused(state: LiarsDiceState, code: str, rule: str) -> IllegalAction:
    before = state.to_position()
    with pytest.raises(IllegalAction) as err:
        state.apply(code)
    assert err.value.rule_id == rule, err.value
    assert state.to_position() == before, "a refused move changes nothing"
    assert err.value.text("pt") != err.value.text("en"), "refusals are in both languages"
    return err.value


def legal(state: LiarsDiceState) -> list[str]:
    return [a.code for a in state.legal_actions()]


# ---- setup -------------------------------------------------------------------------------------
@pytest.mark.rule("LD-COMPONENTS")
@pytest.mark.parametrize("players", [2, 3, 6])
def test_everyone_starts_with_five_six_sided_dice(players: int) -> None:
    state = GAME.new(players, seed=4)
    assert state.view(None)["dice_counts"] == [5] * players
    for seat in range(players):
        dice = state.view(seat)["dice"]
        assert len(dice) == 5 and all(1 <= d <= 6 for d in dice)


@pytest.mark.rule("LD-DICE")
def test_the_dice_option_sets_the_starting_dice_from_one_to_five() -> None:
    for n in (1, 3, 5):
        assert GAME.new(3, seed=1, variant={"dice": n}).view(None)["dice_counts"] == [n] * 3
    for bad in (0, 6, "many"):
        with pytest.raises(InvalidVariant):
            GAME.new(2, seed=1, variant={"dice": bad})


@pytest.mark.rule("LD-ROLL")
def test_only_the_owner_sees_their_cup_and_every_round_rolls_again() -> None:
    state = pos("players=3 seed=5 bids=- roll=11111/22222/33333")
    for seat, face in enumerate((1, 2, 3)):
        view = state.view(seat)
        assert view["dice"] == [face] * 5
        others = json.dumps({k: v for k, v in view.items() if k != "dice"})
        assert "22222" not in others and "[2, 2, 2, 2, 2]" not in others
    assert state.view(None)["dice"] is None
    spectator = json.dumps(state.view(None))
    assert "[1, 1, 1, 1, 1]" not in spectator and "[3, 3, 3, 3, 3]" not in spectator
    state.apply("2x4")
    events = state.apply("liar")  # two fours... none: seat 0 (the bidder) loses a die
    assert state.round == 2 and state.view(None)["dice_counts"] == [4, 5, 5]
    rolls = [e for e in events if e.kind == "roll"]
    assert [e.seat for e in rolls] == [0, 1, 2]
    for e in rolls:  # each seat's new dice go to that seat only
        assert "dice" in e.for_viewer(e.seat) and "dice" not in e.for_viewer(None)
        assert e.for_viewer(e.seat)["dice"] == state.dice[e.seat]
    again = GAME.new(3, seed=5)
    assert again.dice == GAME.new(3, seed=5).dice, "the same seed rolls the same dice"


# ---- game flow ---------------------------------------------------------------------------------
@pytest.mark.rule("LD-D-FIRST")
@pytest.mark.parametrize("players", [2, 4, 6])
def test_seat_zero_opens_the_first_round(players: int) -> None:
    assert GAME.new(players, seed=players).to_move() == 0


@pytest.mark.rule("LD-ORDER")
def test_turns_go_clockwise_and_skip_players_who_are_out() -> None:
    state = GAME.new(4, seed=2)
    seen = []
    for code in ("1x2", "1x3", "1x4", "1x5", "1x6"):
        seen.append(state.to_move())
        state.apply(code)
    assert seen == [0, 1, 2, 3, 0]
    # seat 1 went out in round 1 (one die, lost on a false bid): it is never asked to move again
    out = pos("players=3 variant=dice:1 past=1x1,3x6,liar|2/6/4 bids=- roll=3/-/5")
    assert out.view(None)["dice_counts"] == [1, 0, 1]
    assert out.to_move() == 2  # seat 1 lost and is out: the next seat in opens (LD-D-START-OUT)
    out.apply("1x3")
    assert out.to_move() == 0
    out.apply("1x5")
    assert out.to_move() == 2


@pytest.mark.rule("LD-TURN")
def test_a_turn_is_a_higher_bid_or_a_call() -> None:
    state = pos("players=2 bids=2x3 roll=12345/23456")
    moves = legal(state)
    assert moves[0] == "liar" and "spot" not in moves
    assert all(code == "liar" or int(code.split("x")[0]) >= 2 for code in moves)
    assert len(moves) == 1 + (60 - 9)  # liar, and the 51 bids above 2x3 among 10 dice
    state.apply("2x5")
    assert state.to_move() == 0, "after a bid the turn passes on"


@pytest.mark.rule("LD-OPEN")
def test_the_opening_player_must_bid() -> None:
    state = GAME.new(2, seed=3, variant={"spot_on": True})
    assert "liar" not in legal(state) and "spot" not in legal(state)
    refused(state, "liar", "LD-OPEN")
    refused(state, "spot", "LD-OPEN")
    state.apply("1x1")
    assert {"liar", "spot"} <= set(legal(state))


@pytest.mark.rule("LD-NEXT-ROUND")
def test_the_player_who_lost_a_die_opens_the_next_round() -> None:
    # the bid holds (three 5s): the challenger, seat 1, loses a die and opens round 2
    state = pos("players=3 bids=3x5 roll=15555/12346/12346")
    state.apply("liar")
    assert state.rounds[-1].loser == 1 and state.to_move() == 1 and state.starter == 1
    # the bid fails (no 6 beyond one): the bidder, seat 1, loses and opens round 2
    state = pos("players=3 bids=1x2,2x6 roll=15555/12346/12345")
    state.apply("liar")
    assert state.rounds[-1].loser == 1 and state.to_move() == 1


# ---- actions -----------------------------------------------------------------------------------
@pytest.mark.rule("LD-BID")
def test_a_bid_counts_the_face_under_every_cup_together() -> None:
    # 5s: one in seat 0's cup, two in seat 1's, one in seat 2's -> four in all
    for code, loser in (("4x5", 2), ("5x5", 1)):
        state = pos(f"players=3 bids=1x1,{code} roll=12345/15566/35666")
        state.apply("liar")  # seat 2 calls on seat 1's bid
        assert state.rounds[-1].count == 4
        assert state.rounds[-1].loser == loser


@pytest.mark.rule("LD-RAISE")
def test_each_bid_beats_the_last_by_quantity_then_face() -> None:
    state = pos("players=2 bids=3x5 roll=12345/23456")
    for code in ("3x4", "3x5", "2x6", "1x1"):
        refused(state, code, "LD-RAISE")
    for code in ("3x6", "4x2", "4x1", "10x6"):
        assert code in legal(state)
    err = refused(state, "3x4", "LD-RAISE")
    assert "3x5" in str(err) and "3x5" in err.text("pt")


@pytest.mark.rule("LD-RAISE-FACE")
def test_face_first_order_beats_the_last_by_face_then_quantity() -> None:
    state = pos("players=2 variant=bid_order:face bids=3x4 roll=12345/23456")
    for code in ("3x3", "10x3", "3x4", "2x4"):
        refused(state, code, "LD-RAISE-FACE")
    for code in ("4x4", "1x5", "1x6", "10x4"):
        assert code in legal(state)


@pytest.mark.rule("LD-CHALLENGE")
def test_a_call_lifts_every_cup_for_everyone() -> None:
    state = pos("players=3 bids=2x6 roll=11234/23556/44566")
    cups = [list(c) for c in state.dice]
    events = state.apply("liar")
    reveal = events[0]
    assert reveal.kind == "reveal" and reveal.for_viewer(None)["dice"] == cups
    for viewer in (None, 0, 1, 2):
        shown = state.view(viewer)["rounds"][-1]
        assert shown["dice"] == cups and shown["call"] == "liar" and shown["caller"] == 1
        assert shown["count"] == 3 and shown["bids"] == [[0, 2, 6]]


@pytest.mark.rule("LD-RESOLVE")
@pytest.mark.parametrize(
    ("bid", "loser", "why"),
    [("2x3", 1, "two 3s: the bid holds exactly, the challenger loses"), ("3x3", 0, "only two 3s: the bidder loses")],
)
def test_the_challenger_or_the_bidder_loses_one_die(bid: str, loser: int, why: str) -> None:
    state = pos(f"players=2 bids={bid} roll=13456/23445")
    state.apply("liar")
    assert state.rounds[-1].count == 2
    assert state.rounds[-1].loser == loser, why
    assert state.view(None)["dice_counts"][loser] == 4 and state.view(None)["dice_counts"][1 - loser] == 5


# ---- the end -------------------------------------------------------------------------------------
@pytest.mark.rule("LD-OUT")
def test_losing_the_last_die_puts_a_player_out() -> None:
    state = pos("players=3 variant=dice:1 bids=1x1,2x4 roll=4/1/2")
    state.apply("liar")  # one 4: seat 1's bid fails, seat 1 had one die
    assert state.view(None)["dice_counts"] == [1, 0, 1]
    assert state.view(None)["out_round"] == [None, 1, None]
    assert state.view(1)["dice"] == []
    assert not state.is_over()
    seats = set()
    while not state.is_over():
        seats.add(state.to_move())
        state.apply(legal(state)[-1] if len(legal(state)) > 1 and state.bids else legal(state)[0])
    assert 1 not in seats


@pytest.mark.rule("LD-WIN")
def test_the_last_player_with_dice_wins() -> None:
    state = pos("players=2 variant=dice:1 bids=1x5 roll=5/3")
    state.apply("liar")  # one 5: the bid holds, seat 1 loses its only die
    assert state.is_over()
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.winners == (0,) and outcome.termination == "last_player"
    assert outcome.reward(0) == 1.0 and outcome.reward(1) == -1.0
    assert state.to_move() is None and state.legal_actions() == []
    with pytest.raises(GameOver):
        state.apply("1x1")


@pytest.mark.rule("LD-D-SCORE")
def test_scores_are_dice_left_and_later_exits_rank_higher() -> None:
    state = pos("players=3 variant=dice:1 bids=1x1,2x4 roll=4/1/2")
    state.apply("liar")  # seat 1 out in round 1
    state.apply("1x3")  # round 2, opened by seat 2 (seat 1 is out): seat 2 bids
    state.apply("liar")  # seat 0 calls
    outcome = state.outcome()
    assert outcome is not None and len(outcome.winners) == 1
    winner = outcome.winners[0]
    other = 2 if winner == 0 else 0
    assert outcome.scores[winner] == 1.0 and outcome.scores[other] == 0.0 and outcome.scores[1] == 0.0
    assert outcome.ranking == (winner, other, 1), "seat 1 went out first, so it ranks last"
    assert outcome.details["out_round"][1] == 1 and outcome.details["out_round"][other] == 2


# ---- variants ------------------------------------------------------------------------------------
@pytest.mark.rule("LD-WILD-ONES")
def test_ones_count_as_every_face_when_wild() -> None:
    plain = pos("players=2 bids=4x5 roll=11256/13345")
    plain.apply("liar")
    assert plain.rounds[-1].count == 2 and plain.rounds[-1].loser == 0
    wild = pos("players=2 variant=ones_wild:yes bids=4x5 roll=11256/13345")
    wild.apply("liar")
    assert wild.rounds[-1].count == 5 and wild.rounds[-1].loser == 1


@pytest.mark.rule("LD-WILD-SIXES")
def test_sixes_count_as_every_face_when_wild() -> None:
    wild = pos("players=2 variant=sixes_wild:yes bids=4x2 roll=12266/23456")
    wild.apply("liar")
    assert wild.rounds[-1].count == 6 and wild.rounds[-1].loser == 1
    plain = pos("players=2 bids=4x2 roll=12266/23456")
    plain.apply("liar")
    assert plain.rounds[-1].count == 3 and plain.rounds[-1].loser == 0


@pytest.mark.rule("LD-D-WILD-BID")
def test_a_bid_on_a_wild_face_is_an_ordinary_bid() -> None:
    state = pos("players=2 variant=ones_wild:yes bids=3x1 roll=11256/13666")
    assert "3x2" in legal(state) and "4x1" in legal(state), "ordered like any other bid, no halving"
    refused(state, "2x6", "LD-RAISE")
    state.apply("liar")
    assert state.rounds[-1].count == 3, "a bid on 1s counts the 1s"
    both = pos("players=2 variant=ones_wild:yes,sixes_wild:yes bids=5x1 roll=11256/13666")
    both.apply("liar")
    assert both.rounds[-1].count == 7, "...and any other wild face"


@pytest.mark.rule("LD-SPOT")
def test_spot_on_wins_back_a_die_when_exact_and_costs_one_otherwise() -> None:
    off = pos("players=2 bids=2x3 roll=13456/23445")
    refused(off, "spot", "LD-SPOT")
    # exactly two 3s; seat 0 has 4 dice (lost one in round 1), so it wins one back
    past = "past=3x6,liar|11111/22222"
    right = pos(f"players=2 variant=spot_on:yes {past} bids=1x1,2x3 roll=1345/23445")
    assert right.to_move() == 0
    right.apply("spot")
    assert right.rounds[-1].gainer == 0 and right.rounds[-1].loser is None
    assert right.view(None)["dice_counts"] == [5, 5] and right.to_move() == 0
    # right, but already at five dice: nothing changes; the caller still opens the next round
    full = pos("players=2 variant=spot_on:yes bids=2x3 roll=13456/23445")
    full.apply("spot")
    assert full.rounds[-1].gainer is None and full.view(None)["dice_counts"] == [5, 5] and full.to_move() == 1
    # wrong (two 3s, not three): the caller loses a die and opens the next round
    wrong = pos("players=2 variant=spot_on:yes bids=3x3 roll=13456/23445")
    wrong.apply("spot")
    assert wrong.rounds[-1].loser == 1 and wrong.view(None)["dice_counts"] == [5, 4] and wrong.to_move() == 1


@pytest.mark.rule("LD-ONE-ROUND")
def test_one_round_ends_with_the_first_call() -> None:
    state = pos("players=3 variant=one_round:yes bids=1x2,3x5 roll=15555/12346/12346")
    state.apply("liar")  # the bid holds: seat 2, the challenger, loses
    outcome = state.outcome()
    assert outcome is not None and outcome.termination == "one_round"
    assert outcome.winners == (0, 1) and outcome.is_draw
    assert [outcome.reward(s) for s in range(3)] == [0.0, 0.0, -1.0]


@pytest.mark.rule("LD-D-MAX-QUANTITY")
def test_a_bid_may_not_name_more_dice_than_are_in_play() -> None:
    state = pos("players=2 bids=- roll=12345/23456")
    refused(state, "11x2", "LD-D-MAX-QUANTITY")
    assert max(int(c.split("x")[0]) for c in legal(state)) == 10
    # after a die is lost the limit shrinks with it
    state = pos("players=2 past=3x6,liar|11111/22222 bids=- roll=1234/23456")
    refused(state, "10x1", "LD-D-MAX-QUANTITY")
    assert "9x6" in legal(state) and "10x6" not in legal(state)


@pytest.mark.rule("LD-D-START-OUT")
def test_the_next_seat_in_opens_when_the_loser_went_out() -> None:
    state = pos("players=4 variant=dice:1 bids=1x1,1x2,2x6 roll=1/2/3/6")
    state.apply("liar")  # one 6: seat 2's bid fails and seat 2, its only die lost, is out
    assert state.rounds[-1].loser == 2 and state.view(None)["dice_counts"] == [1, 1, 0, 1]
    assert state.to_move() == 3 and state.starter == 3


@pytest.mark.rule("LD-D-IN-TURN")
def test_a_call_is_made_by_the_player_to_move_on_the_bid_just_made() -> None:
    state = pos("players=3 bids=5x2,6x1 roll=22222/11111/33333")
    # seat 0's 5x2 was true, seat 1's 6x1 is false: seat 2's call judges seat 1's bid only
    assert state.to_move() == 2
    state.apply("liar")
    assert state.rounds[-1].loser == 1 and state.rounds[-1].caller == 2


@pytest.mark.rule("LD-D-LENGTH")
def test_with_spot_on_the_game_stops_after_four_rounds_per_starting_die() -> None:
    # two players with one die each: right spot-on calls give nothing back (both still hold their only die),
    # so rounds could go on for ever; the cap is 4 * 2 * 1 = 8 rounds
    rounds = []
    opener = 0
    for _ in range(7):
        cups = "3/4" if opener == 0 else "4/3"
        rounds.append(f"1x3,spot|{cups}")
        opener = 1 - opener  # the caller opens the next round
    state = pos(f"players=2 variant=dice:1,spot_on:yes past={';'.join(rounds)} bids=- roll=2/2")
    assert state.round == 8 and state.to_move() == 1 and not state.is_over()
    state.apply("1x2")
    state.apply("spot")  # one 2 in seat 1's cup... and one in seat 0's: two, not one: seat 0 loses
    assert state.is_over() and state.outcome().termination == "last_player"  # type: ignore[union-attr]
    state = pos(f"players=2 variant=dice:1,spot_on:yes past={';'.join(rounds)} bids=- roll=2/5")
    state.apply("1x2")
    state.apply("spot")  # exactly one 2: right, nobody changes, and round 8 was the last
    outcome = state.outcome()
    assert outcome is not None and outcome.termination == "round_cap"
    assert outcome.winners == (0, 1) and outcome.scores == (1.0, 1.0)
