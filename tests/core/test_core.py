"""The game-agnostic pieces: errors, variants, records, outcomes, registry."""

from __future__ import annotations

import json

import pytest

from boardgamesbot.core import (
    GameRecord,
    IllegalAction,
    InvalidActionText,
    InvalidRecord,
    InvalidVariant,
    Outcome,
    UnknownGame,
    VariantOption,
    load_game,
)
from boardgamesbot.core.events import Event
from boardgamesbot.core.rules import RuleInfo, rule_table
from boardgamesbot.core.variant import parse_variant_args, resolve_variant

OPTIONS = {
    "wild": VariantOption("wild", False, "rows of five", "fileiras de cinco"),
    "cap": VariantOption("cap", 200, "turn cap", "limite de turnos"),
    "mode": VariantOption("mode", "a", "mode", "modo", choices=("a", "b")),
}


def test_variant_defaults_and_typed_values_from_text() -> None:
    assert resolve_variant(OPTIONS, None) == {"wild": False, "cap": 200, "mode": "a"}
    got = resolve_variant(OPTIONS, parse_variant_args(["wild=yes", "cap=50", "mode=b"]))
    assert got == {"wild": True, "cap": 50, "mode": "b"}


@pytest.mark.parametrize(
    ("given", "words"),
    [
        ({"wlid": True}, "unknown variant option 'wlid'"),
        ({"cap": "many"}, "whole number"),
        ({"mode": "c"}, "must be one of a, b"),
        ({"wild": "maybe"}, "true or false"),
    ],
)
def test_bad_variants_are_refused_with_the_reason(given: dict, words: str) -> None:
    with pytest.raises(InvalidVariant, match=words):
        resolve_variant(OPTIONS, given)


def test_variant_argument_needs_name_equals_value() -> None:
    with pytest.raises(InvalidVariant, match="name=value"):
        parse_variant_args(["wild"])


def test_illegal_action_names_its_rule_in_both_languages() -> None:
    err = IllegalAction("CW-TURN-PLACE", "that square is taken", "essa casa está ocupada")
    assert str(err) == "[CW-TURN-PLACE] that square is taken"
    assert err.text("pt") == "[CW-TURN-PLACE] essa casa está ocupada"
    assert err.to_dict("en") == {
        "code": "illegal_action",
        "rule_id": "CW-TURN-PLACE",
        "message": "[CW-TURN-PLACE] that square is taken",
    }
    syntax = InvalidActionText("zz", "expected P<symbol><square>")
    assert syntax.rule_id == "CORE-SYNTAX" and "'zz'" in str(syntax)


def test_record_round_trips_through_json(tmp_path) -> None:
    rec = GameRecord(game="crosswise", players=2, seed=7, variant={"x": 1}, actions=["a", "b"])
    path = tmp_path / "r.json"
    rec.save(path)
    assert GameRecord.load(path) == rec


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("not json", "not valid JSON"),
        ("[]", "JSON object"),
        ('{"game": "x", "players": 2}', "'seed'"),
        ('{"game": "x", "players": 2, "seed": 1, "actions": [1]}', "list of move codes"),
        ('{"format": 99, "game": "x", "players": 2, "seed": 1}', "unsupported record format"),
    ],
)
def test_bad_records_say_what_is_wrong(text: str, words: str) -> None:
    with pytest.raises(InvalidRecord, match=words):
        GameRecord.from_json(text)


def test_missing_record_file_is_a_clear_error(tmp_path) -> None:
    with pytest.raises(InvalidRecord, match="cannot read record file"):
        GameRecord.load(tmp_path / "nope.json")


def test_outcome_rewards_and_json() -> None:
    solo = Outcome(scores=(3, 5), winners=(1,), termination="rounds_complete", team_scores=(3, 5), winning_teams=(1,))
    assert solo.reward(1) == 1.0 and solo.reward(0) == -1.0 and not solo.is_draw
    tie = Outcome(scores=(4, 4), winners=(0, 1), termination="board_full", team_scores=(4, 4), winning_teams=(0, 1))
    assert tie.is_draw and tie.reward(0) == 0.0
    assert json.loads(json.dumps(tie.to_dict()))["winners"] == [0, 1]


def test_event_private_part_only_reaches_its_seats() -> None:
    ev = Event("draw", seat=1, public={"from": "deck"}, private={"card": 7}, private_to=frozenset({1}))
    assert ev.for_viewer(1)["card"] == 7
    assert "card" not in ev.for_viewer(0)
    assert "card" not in ev.for_viewer(None)


def test_rule_table_refuses_duplicate_ids() -> None:
    rule = RuleInfo("X-1", "Sec", "en", "pt")
    with pytest.raises(ValueError, match="duplicate"):
        rule_table(rule, rule)


def test_unknown_game_lists_the_known_ones() -> None:
    with pytest.raises(UnknownGame, match=r"unknown game .chess. \(known: .*alcatraz.*crosswise"):
        load_game("chess")
