"""Move codes, dense indices, descriptions, view keys and position parsing errors."""

from __future__ import annotations

import json

import pytest

from boardgamesbot.core import IllegalAction, InvalidActionText, InvalidPosition, InvalidVariant, load_game
from boardgamesbot.games.alcatraz.actions import ALL_ACTIONS

GAME = load_game("alcatraz")


def test_every_code_round_trips_and_has_words() -> None:
    assert GAME.num_distinct_actions(2) == len(ALL_ACTIONS) == 62
    for index, action in enumerate(ALL_ACTIONS):
        assert GAME.parse_action(action.code) == action
        assert GAME.action_to_index(action, 3) == index and GAME.index_to_action(index, 3) == action
        en, pt = GAME.describe_action(action, "en"), GAME.describe_action(action.code, "pt")
        assert en and pt and en != pt
    assert len({a.code for a in ALL_ACTIONS}) == len(ALL_ACTIONS)


@pytest.mark.parametrize(
    ("typed", "code"),
    [
        ("Swap 3/1", "swap3/1"),
        ("swap 3 1", "swap3/1"),
        (" use 2-4 ", "use2-4"),
        ("CLAIM 12", "claim12"),
        ("peek 1", "peek1"),
    ],
)
def test_forgiving_spacing_and_case(typed: str, code: str) -> None:
    assert GAME.parse_action(typed).code == code


@pytest.mark.parametrize(
    ("text", "hint"),
    [("claim3", "4-14"), ("use1-4", "2 or 3"), ("swap9/1", "1-5"), ("take3", "piles"), ("jump", "one of")],
)
def test_bad_codes_say_what_was_expected(text: str, hint: str) -> None:
    with pytest.raises(InvalidActionText) as info:
        GAME.parse_action(text)
    assert hint in str(info.value) and text in str(info.value)
    state = GAME.new(2, seed=1)
    with pytest.raises(IllegalAction):
        state.apply(text)
    with pytest.raises(InvalidActionText):
        GAME.index_to_action(62, 2)


def test_view_contract_keys_and_json() -> None:
    state = GAME.new(3, seed=4)
    for seat in (None, 0, 1):
        view = state.view(seat)
        for key in ("game", "players", "variant", "seat", "to_move", "over", "outcome", "turn", "legal", "log"):
            assert key in view
        json.dumps(view)
    assert state.view(0)["legal"] == ["peek1", "peek2", "peek3", "peek4"] and state.view(1)["legal"] == []
    state.apply("peek1")
    assert state.view(None)["turn"] == 1 and state.view(None)["log"] == ["peek1"]
    assert "Alcatraz" in GAME.render_view(state.view(0), "en")
    assert "rodada" in GAME.render_view(state.view(0), "pt")


def test_unknown_variant_and_bad_positions_are_refused_clearly() -> None:
    with pytest.raises(InvalidVariant, match="unknown variant option 'wilder'"):
        GAME.new(2, seed=1, variant={"wilder": True})
    with pytest.raises(InvalidVariant, match="ability_table"):
        GAME.new(2, seed=1, variant={"ability_table": "mine"})
    text = GAME.new(2, seed=1).to_position()
    with pytest.raises(InvalidPosition, match="start with the word alcatraz"):
        GAME.from_position("chess " + text)
    with pytest.raises(InvalidPosition, match="more than four cards of value"):
        GAME.from_position(text.replace("won0=-", "won0=14,14,14,14,14"))
    lines = text.split("\n")
    short = [("deck=" + line[5:].split(",", 1)[1]) if line.startswith("deck=") else line for line in lines]
    with pytest.raises(InvalidPosition, match="cards missing"):
        GAME.from_position("\n".join(short))
    with pytest.raises(InvalidPosition, match="unknown field"):
        GAME.from_position(text + " colour=red")
    with pytest.raises(InvalidPosition, match="cannot read card"):
        GAME.from_position(text.replace("row0=", "row0=x,", 1))


def test_record_meta_replays_from_a_position() -> None:
    start = GAME.new(2, seed=9)
    for code in ("peek1", "peek2", "draw"):
        start.apply(code)
    resumed = GAME.from_position(start.to_position())
    resumed.apply("discard1")
    replay = GAME.from_record(resumed.to_record())
    assert replay.to_position() == resumed.to_position()


def test_hand_made_out_of_range_actions_are_refused() -> None:
    from boardgamesbot.games.alcatraz.actions import AzAction

    state = GAME.new(2, seed=1)
    for bad in (AzAction("peek", -1), AzAction("use", 0, 1), AzAction("pile", 7), AzAction("fly")):
        with pytest.raises(IllegalAction) as info:
            state.apply(bad)
        assert info.value.rule_id == "AZ-STEP"


def test_the_documented_example_position_is_real() -> None:
    from pathlib import Path

    doc = (Path(__file__).resolve().parents[2] / "docs" / "rules" / "alcatraz.md").read_text(encoding="utf-8")
    text = doc.split("```\nalcatraz ", 1)[1].split("```", 1)[0]
    state = GAME.from_position("alcatraz " + text)
    assert state.to_position() == ("alcatraz " + text).strip()
    assert state.view(1, perfect_memory=True)["rows"][1][1]["v"] == -3
