"""The named readings a table may choose: who starts (first_player) and how many redraws (redraws)."""

from __future__ import annotations

from collections import Counter

import pytest

from boardgamesbot import IllegalAction, load_game
from boardgamesbot.core.errors import InvalidPosition, InvalidVariant
from boardgamesbot.games.crosswise.position import compose
from boardgamesbot.games.crosswise.state import CrosswiseState

GAME = load_game("crosswise")
EMPTY_BOARD = "." * 36


def seats_in_turn(state: CrosswiseState, moves: int) -> list[int]:
    """The seats that move, in order, for the next ``moves`` moves (placing tiles, never redrawing)."""
    seen = []
    for _ in range(moves):
        seat = state.to_move()
        assert seat is not None
        seen.append(seat)
        state.apply(next(a for a in state.legal_actions() if a.code != "REDRAW"))
    return seen


@pytest.mark.rule("CW-D-FIRST")
@pytest.mark.rule("CW-ORDER")
def test_seat0_starts_by_default_and_a_chosen_seat_starts_when_named() -> None:
    assert seats_in_turn(GAME.new(2, seed=3), 3) == [0, 1, 0]
    assert seats_in_turn(GAME.new(2, seed=3, variant={"first_player": "seat1"}), 3) == [1, 0, 1]
    assert seats_in_turn(GAME.new(4, seed=3, variant={"first_player": "seat2"}), 5) == [2, 3, 0, 1, 2]
    # who starts changes nothing else: the same seed deals the same hands
    plain, other = GAME.new(4, seed=3), GAME.new(4, seed=3, variant={"first_player": "seat2"})
    assert plain.hands == other.hands and plain.bag == other.bag


@pytest.mark.rule("CW-D-FIRST")
@pytest.mark.rule("CW-THREE")
def test_three_players_the_lone_player_may_start_and_still_plays_every_other_turn() -> None:
    # seat 1 is the lone player; clockwise after it comes seat 2, then the lone player again, then seat 0
    lone = GAME.new(3, seed=8, variant={"first_player": "seat1"})
    assert seats_in_turn(lone, 6) == [1, 2, 1, 0, 1, 2]
    assert seats_in_turn(GAME.new(3, seed=8, variant={"first_player": "seat2"}), 5) == [2, 1, 0, 1, 2]
    assert seats_in_turn(GAME.new(3, seed=8), 5) == [0, 1, 2, 1, 0]


@pytest.mark.rule("CW-D-FIRST")
def test_random_first_player_comes_from_the_seed() -> None:
    def first(players: int, seed: int) -> int | None:
        return GAME.new(players, seed=seed, variant={"first_player": "random"}).to_move()

    for players in (2, 3, 4):
        starts = Counter(first(players, seed) for seed in range(120))
        assert set(starts) == set(range(players))  # every seat, the lone player of 3 included, can start
        assert min(starts.values()) > 120 / players / 2  # and none is favoured much
    assert [first(4, s) for s in range(30)] == [first(4, s) for s in range(30)]  # same seed, same first player


@pytest.mark.rule("CW-D-FIRST")
def test_first_player_survives_records_and_positions() -> None:
    state = GAME.new(3, seed=21, variant={"first_player": "seat1"})
    seats_in_turn(state, 4)
    replayed = GAME.from_record(state.to_record())
    assert replayed.to_position() == state.to_position()
    text = state.to_position()
    assert "first_player:seat1" in text and GAME.from_position(text).to_position() == text


@pytest.mark.rule("CW-D-FIRST")
def test_a_first_seat_the_table_does_not_have_is_refused_by_name() -> None:
    with pytest.raises(InvalidVariant, match=r"seat3.*seat0 to seat1"):
        GAME.new(2, seed=1, variant={"first_player": "seat3"})
    with pytest.raises(InvalidVariant, match="first_player"):
        GAME.new(2, seed=1, variant={"first_player": "oldest"})
    with pytest.raises(InvalidPosition, match="seat3"):
        GAME.from_position(compose(EMPTY_BOARD, ["1234", "3456"], extra="variant=first_player:seat3"))


def redraw_position(taken: str, limit: str) -> CrosswiseState:
    state = GAME.from_position(compose(EMPTY_BOARD, ["RMST", "1234"], extra=f"redraws={taken} variant=redraws:{limit}"))
    assert isinstance(state, CrosswiseState)
    return state


@pytest.mark.rule("CW-D-REDRAW")
@pytest.mark.rule("CW-REDRAW")
def test_redraws_are_limited_by_the_option_or_unlimited() -> None:
    assert "REDRAW" not in [a.code for a in redraw_position("50", "5").legal_actions()]
    with pytest.raises(IllegalAction) as err:
        redraw_position("50", "5").apply("REDRAW")
    assert err.value.rule_id == "CW-REDRAW" and "at most 5" in err.value.message
    free = redraw_position("50", "unlimited")
    assert "REDRAW" in [a.code for a in free.legal_actions()]
    free.apply("REDRAW")
    assert free.redraws == [6, 0] and free.to_move() == 0  # still the first turn: the new hand is played now
    # counts past 9 are written comma-separated and read back
    many = redraw_position("12,0", "unlimited")
    assert "REDRAW" in [a.code for a in many.legal_actions()]
    text = many.to_position()
    assert "redraws=12,0" in text and GAME.from_position(text).to_position() == text
    assert GAME.new(2, seed=1, variant={"redraws": "Unlimited"}).variant["redraws"] == "unlimited"
    with pytest.raises(InvalidVariant, match="redraws"):
        GAME.new(2, seed=1, variant={"redraws": 6})


@pytest.mark.rule("CW-D-REDRAW")
def test_no_redraw_when_the_bag_holds_no_symbol_so_redrawing_always_ends() -> None:
    # every symbol is on the board (no line of six alike) or in a hand: the bag holds action tiles only
    board = "".join("123456"[r:] + "123456"[:r] for r in range(6))[:35] + "."
    text = compose(board, ["RRMM", "123", "45", "56"], extra="variant=redraws:unlimited")
    state = GAME.from_position(text)
    assert "REDRAW" not in [a.code for a in state.legal_actions()]
    with pytest.raises(IllegalAction) as err:
        state.apply("REDRAW")
    assert err.value.rule_id == "CW-REDRAW" and "symbol" in err.value.message
