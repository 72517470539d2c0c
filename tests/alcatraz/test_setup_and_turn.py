"""Set-up, knowledge and the draw step of an Alcatraz turn."""

from __future__ import annotations

from collections import Counter

import pytest

from boardgamesbot.core import IllegalAction, InvalidSetup, load_game
from boardgamesbot.games.alcatraz.cards import FULL_COUNTS, OBJECTIVES, VALUE

GAME = load_game("alcatraz")


def refuse(state, code: str, rule: str) -> IllegalAction:
    """The move is refused with ``rule`` and the position does not change."""
    before = state.to_position()
    with pytest.raises(IllegalAction) as info:
        state.apply(code)
    assert info.value.rule_id == rule, info.value
    assert state.to_position() == before
    return info.value


@pytest.mark.rule("AZ-COMPONENTS")
def test_components_68_cards_and_11_objectives() -> None:
    assert len(VALUE) == 68 and 0 not in VALUE
    assert Counter({v: 4 for v in range(-3, 15) if v != 0}) == FULL_COUNTS
    assert tuple(range(4, 15)) == OBJECTIVES
    state = GAME.new(4, seed=3)
    assert sorted(state.card_places()) == list(range(68))


@pytest.mark.rule("AZ-PLAYERS")
@pytest.mark.parametrize("players", [1, 6, 0])
def test_two_to_five_players(players: int) -> None:
    with pytest.raises(InvalidSetup, match="2 to 5"):
        GAME.new(players, seed=1)
    for ok in range(2, 6):
        assert GAME.new(ok, seed=1).players == ok


@pytest.mark.rule("AZ-SETUP-ROW")
@pytest.mark.rule("AZ-SETUP-OBJECTIVES")
@pytest.mark.rule("AZ-SETUP-PILES")
def test_setup_rows_objectives_piles() -> None:
    state = GAME.new(3, seed=11)
    view = state.view(None)
    assert [len(r) for r in view["rows"]] == [4, 4, 4]
    assert all(c["v"] is None and not c["up"] for row in view["rows"] for c in row)
    assert len(view["objectives"]) == 3 and view["objective_deck"] == 8
    assert [p["count"] for p in view["piles"]] == [1, 1]
    assert all(p["top"] is not None for p in view["piles"])
    assert view["deck"] == 68 - 12 - 2


@pytest.mark.rule("AZ-WILD")
def test_wild_rows_of_five() -> None:
    state = GAME.new(2, seed=2, variant={"wild": True})
    assert [len(r) for r in state.view(0)["rows"]] == [5, 5]
    assert [a.code for a in state.legal_actions()] == [f"peek{i}" for i in range(1, 6)]


@pytest.mark.rule("AZ-PEEK")
@pytest.mark.rule("AZ-FIRST-PLAYER")
def test_each_player_peeks_exactly_one_card_then_seat_0_starts() -> None:
    state = GAME.new(3, seed=5)
    assert state.to_move() == 0
    refuse(state, "draw", "AZ-PEEK")
    state.apply("peek2")
    assert state.to_move() == 1
    state.apply("peek1")
    state.apply("peek4")
    assert state.to_move() == 0 and state.view(0)["phase"] == "start"
    refuse(state, "peek1", "AZ-PEEK")
    assert state.view(1)["rows"][1][0]["v"] is not None  # perfect memory (bots) keep it
    assert [c["seen"] for c in state.view(None)["rows"][0]] == [[], [0], [], []]


@pytest.mark.rule("AZ-KNOWLEDGE")
def test_face_down_cards_unknown_even_to_owner_until_looked_at() -> None:
    state = GAME.new(2, seed=8)
    view = state.view(0, perfect_memory=True)
    assert all(c["v"] is None for row in view["rows"] for c in row)
    state.apply("peek3")
    mine = state.view(0, perfect_memory=True)["rows"][0]
    assert [c["v"] is not None for c in mine] == [False, False, True, False]
    assert state.view(1, perfect_memory=True)["rows"][0][2]["v"] is None
    assert state.view(None)["rows"][0][2]["v"] is None


@pytest.mark.rule("AZ-MEMORY-AID")
def test_memory_aid_decides_whether_a_person_is_reminded() -> None:
    for aid in (False, True):
        state = GAME.new(2, seed=8, variant={"memory_aid": aid})
        state.apply("peek1")
        assert state.view(0)["rows"][0][0]["v"] is not None  # visible in the moment of looking
        state.apply("peek1")
        state.apply("end")  # seat 0's next action: the moment is over
        remembered = state.view(0)["rows"][0][0]["v"]
        assert (remembered is not None) == aid
        assert state.view(0, perfect_memory=True)["rows"][0][0]["v"] is not None


@pytest.mark.rule("AZ-TURN-ORDER")
def test_turns_pass_to_the_next_seat(build) -> None:
    state = build(["1 2 3 4", "1 2 3 4", "5 6 7 8"], first=0)
    for expect in (0, 1, 2, 0):
        assert state.to_move() == expect
        state.apply("end")


@pytest.mark.rule("AZ-TURN")
def test_one_draw_then_one_fulfil_in_that_order(build) -> None:
    state = build(["3 5 1 4", "1 2 3 4"])
    state.apply("draw")
    state.apply("discard1")
    refuse(state, "draw", "AZ-TURN")
    refuse(state, "take2", "AZ-TURN")
    state.apply("claim9")
    state.apply("use1-3")  # 3+5+1 = 9
    assert state.to_move() == 1  # the fulfil ends the turn
    # fulfilling without drawing is allowed too
    state.apply("claim7")
    assert state.view(1)["phase"] == "claim"


@pytest.mark.rule("AZ-DRAW-DECK")
@pytest.mark.rule("AZ-DISCARD")
def test_draw_shows_the_card_to_the_drawer_only_then_discard(build) -> None:
    state = build(["1 2 3 4", "1 2 3 4"], deck_top=(8,))
    events = state.apply("draw")
    assert events[0].for_viewer(0)["value"] == 8 and "value" not in events[0].for_viewer(1)
    assert state.view(0)["held"]["v"] == 8 and state.view(1)["held"]["v"] is None
    refuse(state, "end", "AZ-DRAW-DECK")
    state.apply("discard2")
    assert state.view(None)["piles"][1]["top"] == 8


@pytest.mark.rule("AZ-SWAP")
def test_swap_puts_drawn_card_face_down_and_replaced_face_up_to_chosen_pile(build) -> None:
    state = build(["1 2 3 4", "1 2 3 4"], deck_top=(8,))
    state.apply("draw")
    refuse(state, "swap5/1", "AZ-SWAP")
    state.apply("swap2/1")
    public = state.view(None)
    assert public["rows"][0][1] == {"v": None, "up": False, "seen": [0], "ovl": []}
    assert public["piles"][0]["top"] == 2
    assert state.view(0, perfect_memory=True)["rows"][0][1]["v"] == 8


@pytest.mark.rule("AZ-TAKE")
def test_take_a_discard_top_stays_face_up_and_must_replace(build) -> None:
    state = build(["1 2 3 4", "1 2 3 4"], piles=([5, 11], [6]))
    state.apply("take1")
    refuse(state, "discard1", "AZ-TAKE")
    state.apply("swap4/2")
    public = state.view(None)
    assert public["rows"][0][3] == {"v": 11, "up": True, "seen": [], "ovl": []}
    assert public["piles"][1]["top"] == 4 and public["piles"][0]["top"] == 5
    empty = build(["1 2 3 4", "1 2 3 4"], piles=([], [6]))
    refuse(empty, "take1", "AZ-TAKE")


@pytest.mark.rule("AZ-MEMORY-AID")
def test_without_aid_a_placed_card_stays_shown_until_the_turn_ends(build) -> None:
    state = build(["1 2 3 4", "1 2 3 4"], deck_top=(8,), objectives=(12, 9, 7))
    state.apply("draw")
    assert state.view(0)["held"]["v"] == 8
    state.apply("swap2/1")
    state.apply("claim12")  # choosing the cards: the 8 just placed is still in mind
    assert state.view(0)["rows"][0][1]["v"] == 8 and state.view(1)["rows"][0][1]["v"] is None
    state.apply("use3-4")
    state.apply("pile1")
    assert state.view(0)["rows"][0][1]["v"] is None and state.view(0)["rows"][0][1]["seen"] == [0]


@pytest.mark.rule("AZ-MEMORY-AID")
def test_everything_seen_this_turn_stays_shown_and_survives_a_position() -> None:
    state = GAME.new(2, seed=31)
    state.apply("peek1")
    state.apply("peek1")
    state.apply("draw")
    state.apply("swap2/1")
    shown = [c["v"] is not None for c in state.view(0)["rows"][0]]
    assert shown == [True, True, False, False]
    again = GAME.from_position(state.to_position())
    assert "flash=1+2,1" in state.to_position()  # seat 1 still sees its peek until its first turn ends
    assert again.view(0) == {**state.view(0), "log": []}
