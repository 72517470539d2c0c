"""Move codes, dense indices, descriptions, positions and records: what players and tools type and store."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from boardgamesbot import load_game
from boardgamesbot.core.errors import InvalidActionText, InvalidPosition, InvalidRecord
from boardgamesbot.games.crosswise.actions import ALL_ACTIONS

GAME = load_game("crosswise")


@given(st.sampled_from(ALL_ACTIONS))
def test_codes_and_indices_round_trip(action) -> None:
    assert GAME.parse_action(action.code) is action
    assert GAME.parse_action(action.code.lower()) is action
    index = GAME.action_to_index(action, 2)
    assert GAME.index_to_action(index, 2) is action
    assert 0 <= index < GAME.num_distinct_actions(2)
    assert GAME.describe_action(action, "en") != GAME.describe_action(action, "pt")


@pytest.mark.parametrize(
    ("typed", "code"),
    [
        ("3c4", "3C4"),
        (" 3 C4 ", "3C4"),
        ("r c4", "R-C4"),
        ("m:c4>d5", "M-C4-D5"),
        ("S D5 C4", "S-C4-D5"),
        ("t-c4=3", "T-C4-3"),
        ("pass", "PASS"),
        ("Redraw", "REDRAW"),
    ],
)
def test_forgiving_input_gives_canonical_codes(typed: str, code: str) -> None:
    assert GAME.parse_action(typed).code == code


@pytest.mark.parametrize("typed", ["", "7A1", "3G1", "3A7", "X-A1", "M-A1-A1", "T-A1-9", "hello"])
def test_bad_codes_name_what_a_move_looks_like(typed: str) -> None:
    with pytest.raises(InvalidActionText) as err:
        GAME.parse_action(typed)
    assert err.value.rule_id == "CORE-SYNTAX"
    assert repr(typed) in str(err.value)


def test_descriptions_say_what_happens() -> None:
    assert GAME.describe_action("3C4") == "place 3 (star) on C4"
    assert GAME.describe_action("3C4", "pt") == "colocar 3 (estrela) em C4"
    assert "swap" in GAME.describe_action("S-A1-B2")


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ("", "empty"),
        ("....../....../ next=0 hands=1/2 bag=- used=0000 turn=0", "6 rows"),
        ("....../....../....../....../....../...... next=0 hands=1234/1234 bag=- used=0000 turn=0", "54"),
        ("....../....../....../....../....../...... next=0 hands=1234 bag=- used=0000 turn=0", "2 to 4"),
        ("....../....../....../....../....../...... hands=1/2 bag=- used=0000 turn=0", "next="),
        ("....../....../....../....../....../...... next=0 hands=1/2 bag=- used=0000 turn=0 colour=red", "colour"),
    ],
)
def test_bad_positions_say_what_is_wrong(text: str, needle: str) -> None:
    with pytest.raises(InvalidPosition) as err:
        GAME.from_position(text)
    assert needle in str(err.value)


def test_position_of_a_fresh_game_round_trips_and_records_replay_from_positions() -> None:
    state = GAME.new(3, seed=77, variant={"tiebreak": "best_line"})
    text = state.to_position()
    assert "variant=tiebreak:best_line" in text
    copy = GAME.from_position(text)
    assert copy.to_position() == text
    copy.apply(copy.legal_actions()[0])
    again = GAME.from_record(copy.to_record())  # the record carries the starting position
    assert again.to_position() == copy.to_position()


def test_a_record_with_a_bad_move_names_it() -> None:
    record = GAME.new(2, seed=1).to_record().to_dict()
    record["actions"] = ["1A1", "1A1"]
    with pytest.raises(InvalidRecord, match=r"move 2 .*CW-PLACE"):
        GAME.from_record(record)


def test_clone_is_independent() -> None:
    state = GAME.new(2, seed=3)
    copy = state.clone()
    copy.apply(copy.legal_actions()[0])
    assert state.turn == 0 and copy.turn == 1
    assert state.to_position() != copy.to_position()


def test_the_documented_position_example_parses() -> None:
    from pathlib import Path

    doc = (Path(__file__).resolve().parents[2] / "docs" / "rules" / "crosswise.md").read_text(encoding="utf-8")
    example = doc.split("```\n", 2)[1].split("\n```")[0].strip()
    state = GAME.from_position(example)
    assert state.to_position() == example
    assert state.to_move() == 1 and not state.is_over()
