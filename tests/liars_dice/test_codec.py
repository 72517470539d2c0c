"""Move codes, the dense action index, and position texts: what people type and what files hold."""

from __future__ import annotations

import pytest

from boardgamesbot import load_game
from boardgamesbot.core.errors import IllegalAction, InvalidActionText, InvalidPosition
from boardgamesbot.games.liars_dice.actions import BIDS, LIAR, SPOT

GAME = load_game("liars_dice")


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("3x5", "3x5"),
        (" 3X5 ", "3x5"),
        ("3 x 5", "3x5"),
        ("3×5", "3x5"),
        ("12*6", "12x6"),
        ("LIAR", "liar"),
        ("duvido!", "liar"),
        ("Dudo", "liar"),
        ("mentiroso", "liar"),
        ("spot", "spot"),
        ("calza", "spot"),
        ("Spot on", "spot"),
    ],
)
def test_people_type_moves_several_ways(text: str, code: str) -> None:
    assert GAME.parse_action(text).code == code


@pytest.mark.parametrize(
    ("text", "hint"), [("3x7", "face is 1 to 6"), ("0x3", "quantity is 1 to 30"), ("31x2", "1 to 30"), ("35", "QxF")]
)
def test_unreadable_moves_say_what_a_move_looks_like(text: str, hint: str) -> None:
    with pytest.raises(InvalidActionText) as err:
        GAME.parse_action(text)
    assert err.value.rule_id == "CORE-SYNTAX" and hint in str(err.value) and repr(text) in str(err.value)


def test_dense_index_is_a_prefix_of_one_table_sized_by_the_game() -> None:
    assert GAME.num_distinct_actions(2) == 62 and GAME.num_distinct_actions(6) == 182
    assert GAME.num_distinct_actions(3, {"dice": 1}) == 2 + 6 * 3
    assert GAME.action_to_index(LIAR, 2) == 0 and GAME.action_to_index(SPOT, 2) == 1
    assert GAME.action_to_index("1x1", 2) == 2 and GAME.action_to_index("2x3", 2) == 2 + 6 + 2
    for index in range(GAME.num_distinct_actions(2)):
        assert GAME.action_to_index(GAME.index_to_action(index, 2), 2) == index
    with pytest.raises(InvalidActionText):
        GAME.index_to_action(62, 2)
    with pytest.raises(IllegalAction):
        GAME.action_to_index(BIDS[11, 1], 2)  # eleven dice never exist among two players of five


def test_describe_in_both_languages() -> None:
    assert GAME.describe_action("3x5") == "bid: at least three dice showing 5"
    assert GAME.describe_action("1x2", "pt") == "apostar: pelo menos um dado com 2"
    assert "liar" in GAME.describe_action("liar") and "mentira" in GAME.describe_action("liar", "pt")
    assert "exactly" in GAME.describe_action("spot")


def test_a_position_round_trips_and_holds_the_whole_public_history() -> None:
    state = GAME.new(3, seed=8, variant={"ones_wild": True, "bid_order": "face"})
    for code in ("2x3", "2x4", "liar", "1x2", "3x2"):
        state.apply(code)
    text = state.to_position()
    assert text.startswith("liars_dice players=3 seed=8 variant=ones_wild:yes,bid_order:face past=2x3,2x4,liar|")
    assert " bids=1x2,3x2 roll=" in text
    again = GAME.from_position(text)
    assert again.to_position() == text
    assert again.view(1) == state.view(1)
    assert again.view(None)["log"] == ["2x3", "2x4", "liar", "1x2", "3x2"] and again.ply == 5


def test_a_record_from_a_position_replays() -> None:
    start = GAME.from_position("liars_dice players=2 seed=3 bids=2x4 roll=12344/34566")
    start.apply("3x4")
    record = start.to_record()
    assert record.meta["position"].endswith("bids=2x4 roll=12344/34566")
    assert GAME.from_record(record).to_position() == start.to_position()


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ("players=2 roll=12345", "2 cups"),
        ("players=2 roll=1234/12345", "hold [5, 5]"),
        ("players=2 roll=12347/12345", "digits 1-6"),
        ("players=7 roll=1/1", "players must be from 2 to 6"),
        ("players=2 bids=3x5,2x5 roll=12345/12345", "LD-RAISE"),
        ("players=2 bids=liar roll=12345/12345", "bids only"),
        ("players=2 past=2x3|12345/12345 roll=1234/12345", "must end with its call"),
        ("players=2 past=2x3,liar|12345/12345 roll=12345/12345", "hold [5, 4]"),
        ("players=2 variant=wild:yes roll=12345/12345", "variant="),
        ("players=2 variant=dice:9 roll=12345/12345", "dice"),
        ("players=2 roll=12345/12345 colour=red", "unknown field"),
        ("players=2 variant=dice:1 past=1x1,liar|1/2 bids=1x1 roll=-/-", "finished game"),
    ],
)
def test_bad_positions_are_refused_naming_what_is_wrong(text: str, needle: str) -> None:
    with pytest.raises(InvalidPosition) as err:
        GAME.from_position(f"liars_dice {text}")
    assert needle in str(err.value)
    with pytest.raises(InvalidPosition):
        GAME.from_position(f"crosswise {text}")


def test_a_finished_game_position_round_trips() -> None:
    state = GAME.from_position("liars_dice players=2 variant=dice:1 past=1x1,liar|1/2 bids=- roll=-/-")
    assert state.is_over() and state.outcome().winners == (0,)  # type: ignore[union-attr]
    assert GAME.from_position(state.to_position()).to_position() == state.to_position()
