"""Fulfilling objectives, overlays and abilities — including the manual's own examples."""

from __future__ import annotations

import pytest

from boardgamesbot.core import IllegalAction
from boardgamesbot.games.alcatraz.cards import ABILITY_TABLES


def refuse(state, code: str, rule: str) -> None:
    before = state.to_position()
    with pytest.raises(IllegalAction) as info:
        state.apply(code)
    assert info.value.rule_id == rule, info.value
    assert state.to_position() == before


@pytest.mark.rule("AZ-SUM")
@pytest.mark.rule("AZ-SUCCESS")
def test_manual_example_minus3_14_1_is_12_and_scores_3(build) -> None:
    state = build(["-3 14 1 6", "1 2 3 4"], objectives=(12, 9, 7), deck_top=(10,))
    deck = state.view(None)["deck"]
    state.apply("claim12")
    events = state.apply("use1-3")
    assert events[0].public["success"] is True
    view = state.view(None)
    assert view["scores"] == [3, 0] and sorted(view["victory"][0]) == [-3, 1, 14]
    assert 12 not in view["objectives"] and len(view["objectives"]) == 3
    assert view["objectives_done"] == [12]
    assert len(view["rows"][0]) == 2 and view["deck"] == deck - 1  # one face-down card added at the right end
    assert "row0=6,10 " in state.to_position()
    assert state.to_move() == 1


@pytest.mark.rule("AZ-FAILURE")
@pytest.mark.rule("AZ-PILE-ORDER")
def test_manual_example_declared_12_revealed_3_5_1_fails(build) -> None:
    state = build(["3 5 1 6", "1 2 3 4"], objectives=(12, 9, 7))
    state.apply("claim12")
    events = state.apply("use1-3")
    assert events[0].public["success"] is False and events[0].public["sum"] == 9  # 9 is on the table: no matter
    assert state.legal_actions() and {a.code for a in state.legal_actions()} == {"pile1", "pile2"}
    refuse(state, "end", "AZ-STEP")
    state.apply("pile2")
    view = state.view(None)
    assert view["piles"][1]["cards"] is None and view["piles"][1]["top"] == 1
    assert view["piles"][1]["count"] == 4
    assert len(view["rows"][0]) == 4 and not any(c["up"] for c in view["rows"][0])
    assert view["scores"] == [0, 0] and 9 in view["objectives"]
    full = state.view(0, perfect_memory=True)["piles"][1]["cards"]
    assert full == [6, 3, 5, 1]


@pytest.mark.rule("AZ-ZERO-PAIR")
def test_two_chosen_cards_summing_to_zero_fail_even_when_the_sum_matches(build) -> None:
    state = build(["-1 9 1 6", "1 2 3 4"], objectives=(12, 9, 7))
    state.apply("claim9")
    events = state.apply("use1-3")  # -1 + 9 + 1 = 9, but -1 and 1 cancel
    assert events[0].public["sum"] == 9 and events[0].public["zero_pair"] is True
    assert events[0].public["success"] is False


@pytest.mark.rule("AZ-CLAIM")
@pytest.mark.rule("AZ-ADJACENT")
def test_claim_needs_a_face_up_objective_and_two_or_three_adjacent_cards(build) -> None:
    state = build(["3 5 1 6", "1 2 3 4"], objectives=(12, 9, 7))
    refuse(state, "claim13", "AZ-CLAIM")
    refuse(state, "use1-2", "AZ-CLAIM")
    state.apply("claim9")
    refuse(state, "end", "AZ-ADJACENT")
    refuse(state, "use3-5", "AZ-ADJACENT")
    assert {a.code for a in state.legal_actions()} == {"use1-2", "use2-3", "use3-4", "use1-3", "use2-4"}
    short = build(["3", "1 2 3 4"], objectives=(12, 9, 7))
    refuse(short, "claim9", "AZ-CLAIM")


@pytest.mark.rule("AZ-GAPS")
def test_gaps_close_and_adjacency_is_in_the_current_row(build) -> None:
    state = build(["4 8 2 5", "1 2 3 4"], objectives=(12, 9, 7), deck_top=(13,))
    state.apply("claim12")
    state.apply("use1-2")  # 4 + 8 succeed; 2 and 5 slide left, a new card comes at the right
    assert "row0=2,5,13 " in state.to_position()
    state.apply("end")
    state.apply("claim7")
    assert state.apply("use1-2")[0].public["success"] is True  # 2 and 5 are now neighbours


@pytest.mark.rule("AZ-ABILITY")
@pytest.mark.rule("AZ-LOOK")
def test_look_ability_lets_the_drawer_see_a_face_down_card_of_their_row(build) -> None:
    state = build(["1 2^ 3 4", "1 2 3 4"], deck_top=(8,))
    state.apply("draw")
    legal = {a.code for a in state.legal_actions()}
    assert {"look1", "look3", "look4"} <= legal and "look2" not in legal and "flip1" not in legal
    refuse(state, "look2", "AZ-LOOK")
    refuse(state, "flip1", "AZ-ABILITY")
    events = state.apply("look3")
    assert events[0].for_viewer(0)["value"] == 3 and "value" not in events[0].for_viewer(1)
    state.apply("pile1")
    assert state.view(None)["piles"][0]["top"] == 8
    assert state.view(0, perfect_memory=True)["rows"][0][2]["v"] == 3
    assert state.view(0)["phase"] == "after_draw"


@pytest.mark.rule("AZ-ABILITY-TABLE")
def test_ability_table_is_one_data_table_and_a_variant(build) -> None:
    assert ABILITY_TABLES["default"][13] == "flip" and ABILITY_TABLES["default"][11] == "adjust"
    assert ABILITY_TABLES["default"][7] == "look" and 1 not in ABILITY_TABLES["default"]
    plain = build(["1 2 3 4", "1 2 3 4"], deck_top=(13,), variant={"ability_table": "none"})
    plain.apply("draw")
    refuse(plain, "flip1", "AZ-ABILITY")
    assert not any(a.kind == "flip" for a in plain.legal_actions())


@pytest.mark.rule("AZ-OVERLAY")
def test_overlays_change_the_counted_value(build) -> None:
    state = build(["5 3 6 1", "1 2 3 4"], objectives=(9, 12, 7), deck_top=(11,))
    state.apply("draw")
    state.apply("plus2")  # 3 becomes 4: 5 + 4 = 9
    state.apply("claim9")
    assert state.apply("use1-2")[0].public["success"] is True
    flip = build(["-3 4 6 1", "1 2 3 4"], objectives=(10, 12, 7), deck_top=(13,))
    flip.apply("draw")
    flip.apply("flip1")  # -3 becomes 3: 3 + 4 + ... 3 + 4 = 7
    flip.apply("claim7")
    assert flip.apply("use1-2")[0].public["success"] is True


@pytest.mark.rule("AZ-OVERLAY-LEAVE")
def test_overlays_never_score_and_go_to_a_discard_pile(build) -> None:
    state = build(["5 3{p11} 6 1", "1 2 3 4"], objectives=(9, 12, 7))
    state.apply("claim9")
    state.apply("use1-2")
    assert state.view(0)["phase"] == "pile"
    state.apply("pile1")
    view = state.view(None)
    assert view["scores"] == [2, 0] and view["piles"][0]["top"] == 11
    swap = build(["5 3{m12} 6 1", "1 2 3 4"], deck_top=(2,))
    swap.apply("draw")
    swap.apply("swap2/2")
    assert swap.view(0, perfect_memory=True)["piles"][1]["cards"] == [6, 12, 3]


@pytest.mark.rule("AZ-ABILITY")
def test_refusing_the_wrong_ability_names_both_abilities_in_the_players_language(build) -> None:
    """A drawn 9 played as +1 is refused with words a player reads, not the engine's "look"/"adjust" codes."""
    state = build(["1 2 3 4", "1 2 3 4"], deck_top=(9,))
    state.apply("draw")
    with pytest.raises(IllegalAction) as info:
        state.apply("plus2")
    error = info.value
    assert error.rule_id == "AZ-ABILITY"
    assert "look at one of your face-down cards" in error.message and "+1 or -1" in error.message
    assert "olhar" in error.message_pt and "+1 ou -1" in error.message_pt
    assert "look" not in error.message_pt and "adjust" not in error.message_pt
