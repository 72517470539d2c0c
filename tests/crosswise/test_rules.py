"""Each Crosswise rule, checked on a small hand-made situation."""

from __future__ import annotations

import pytest

from boardgamesbot import IllegalAction, load_game
from boardgamesbot.core.errors import InvalidVariant
from boardgamesbot.games.crosswise.position import compose
from boardgamesbot.games.crosswise.state import CrosswiseState
from boardgamesbot.games.crosswise.tiles import FULL_SET, TILE_KINDS

GAME = load_game("crosswise")
EMPTY_BOARD = "." * 36


def pos(board: str, hands: list[str], **kw: object) -> CrosswiseState:
    state = GAME.from_position(compose(board, hands, **kw))  # type: ignore[arg-type]
    assert isinstance(state, CrosswiseState)
    return state


def refused(state: CrosswiseState, code: str, rule: str) -> None:
    before = state.to_position()
    with pytest.raises(IllegalAction) as err:
        state.apply(code)
    assert err.value.rule_id == rule
    assert state.to_position() == before, "an illegal move must change nothing"


def all_tiles(state: CrosswiseState) -> list[int]:
    counts = [0] * TILE_KINDS
    for t in state.board:
        if t >= 0:
            counts[t] += 1
    for h in state.hands:
        counts = [a + b for a, b in zip(counts, h, strict=True)]
    for t in state.bag:
        counts[t] += 1
    for i, n in enumerate(state.used):
        counts[6 + i] += n
    return counts


@pytest.mark.rule("CW-COMPONENTS")
def test_the_box_holds_54_tiles_and_a_6x6_board() -> None:
    state = GAME.new(2, seed=5)
    assert len(state.board) == 36
    assert all_tiles(state) == [7] * 6 + [3] * 4 == list(FULL_SET)
    assert sum(FULL_SET) == 54


@pytest.mark.rule("CW-DEAL")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_player_draws_four_or_six_for_the_lone_player(players: int) -> None:
    state = GAME.new(players, seed=9)
    sizes = [sum(h) for h in state.hands]
    assert sizes == ([4, 6, 4] if players == 3 else [4] * players)
    assert len(state.bag) == 54 - sum(sizes)


@pytest.mark.rule("CW-TEAMS")
@pytest.mark.rule("CW-ORDER")
def test_teams_sit_opposite_and_alternate() -> None:
    assert GAME.teams(2) == [[0], [1]]
    assert GAME.teams(4) == [[0, 2], [1, 3]]
    state = GAME.new(4, seed=1)
    seen = []
    for _ in range(8):
        seen.append(state.to_move())
        state.apply(next(a for a in state.legal_actions() if a.code != "REDRAW"))
    assert seen == [0, 1, 2, 3, 0, 1, 2, 3]


@pytest.mark.rule("CW-THREE")
def test_three_players_lone_player_moves_every_other_turn() -> None:
    assert GAME.teams(3) == [[0, 2], [1]]
    state = GAME.new(3, seed=2)
    seen = []
    for _ in range(8):
        seen.append(state.to_move())
        state.apply(next(a for a in state.legal_actions() if a.code != "REDRAW"))
    assert seen == [0, 1, 2, 1, 0, 1, 2, 1]
    assert sum(state.hands[1]) == 6


@pytest.mark.rule("CW-LINES")
@pytest.mark.rule("CW-SIX")
def test_six_alike_in_a_row_wins_for_the_rows_team_at_once() -> None:
    state = pos("11111." + "." * 30, ["1234", "2345"])
    state.apply("1F1")
    out = state.outcome()
    assert out is not None and out.termination == "six_of_a_kind"
    assert out.winning_teams == (0,) and out.winners == (0,)
    assert out.details["six_line"] == "row 1"


@pytest.mark.rule("CW-LINES")
def test_six_alike_in_a_column_wins_for_the_columns_team() -> None:
    board = "".join("2....." for _ in range(5)) + "......"
    state = pos(board, ["1345", "2345"], next=1)
    state.apply("2A6")
    out = state.outcome()
    assert out is not None and out.winning_teams == (1,) and out.details["six_line"] == "column A"


@pytest.mark.rule("CW-D-SIX-OPPONENT")
def test_completing_six_in_the_opponents_line_makes_them_win() -> None:
    state = pos("11111." + "." * 30, ["2345", "1234"], next=1)  # seat 1 (columns) holds a 1
    state.apply("1F1")
    out = state.outcome()
    assert out is not None and out.winning_teams == (0,)


@pytest.mark.rule("CW-D-SIX-OPPONENT")
def test_variant_forbids_completing_the_opponents_six() -> None:
    state = pos("11111." + "." * 30, ["2345", "1234"], next=1, extra="variant=opponent_six:illegal")
    assert "1F1" not in [a.code for a in state.legal_actions()]
    refused(state, "1F1", "CW-D-SIX-OPPONENT")
    state.apply("1F2")  # anywhere else is fine
    assert not state.is_over()


@pytest.mark.rule("CW-D-SIX-SCORE")
def test_instant_win_reports_points_with_the_six_line_at_zero() -> None:
    state = pos("11111./22.... " + "." * 24, ["1345", "2345"])
    state.apply("1F1")
    out = state.outcome()
    assert out is not None
    assert out.details["line_scores"]["rows"][0] == 0
    assert out.details["line_scores"]["rows"][1] == 1
    assert out.team_scores[0] == 1.0


@pytest.mark.rule("CW-D-SIX-BOTH")
def test_no_move_completes_six_for_both_teams() -> None:
    # Row 1 needs a 1 and column B has five 2s: a swap of F1 with a 1 elsewhere cannot also finish column B.
    board = "11111." + ".2...1" + ".2...." + ".2...." + ".2...." + ".2...."
    state = pos(board, ["S2RM", "3456"], extra="started=11")
    for action in state.legal_actions():
        lines = state.sixes_after(action)
        assert not (any(x < 6 for x in lines) and any(x >= 6 for x in lines)), action.code
    assert any(state.sixes_after(a) for a in state.legal_actions())  # the position does offer sixes


@pytest.mark.rule("CW-TURN")
@pytest.mark.rule("CW-PLACE")
def test_place_a_symbol_on_any_empty_square() -> None:
    state = pos("1" + "." * 35, ["23RM", "3456"])
    state.apply("2F6")  # far from any other tile
    assert state.board[35] == 1
    assert state.to_move() == 1
    refused(state, "3A1", "CW-PLACE")  # occupied
    refused(state, "1B1", "CW-PLACE")  # seat 1 holds no 1


@pytest.mark.rule("CW-REMOVE")
def test_remove_takes_a_board_tile_into_the_hand() -> None:
    state = pos("1" + "." * 35, ["R234", "3456"], extra="started=11")
    refused(state, "R-B1", "CW-REMOVE")  # empty square
    state.apply("R-A1")
    assert state.board[0] == -1
    assert state.hands[0][0] == 1 and state.hands[0][6] == 0
    assert state.used == [1, 0, 0, 0]
    assert state.known[0][0] == 1  # the table saw which tile went to the hand
    refused(state, "R-A2", "CW-REMOVE")  # seat 1 has no remove tile (and A2 is empty)


@pytest.mark.rule("CW-MOVE")
def test_move_a_board_tile_to_any_empty_square() -> None:
    state = pos("12" + "." * 34, ["M234", "3456"], extra="started=11")
    refused(state, "M-A1-B1", "CW-MOVE")  # destination taken
    refused(state, "M-C1-D1", "CW-MOVE")  # nothing on C1
    state.apply("M-A1-F6")
    assert state.board[0] == -1 and state.board[35] == 0
    assert state.used == [0, 1, 0, 0]


@pytest.mark.rule("CW-SWAP")
def test_swap_two_board_tiles() -> None:
    state = pos("12" + "." * 33 + "3", ["S234", "3456"], extra="started=11")
    refused(state, "S-A1-C1", "CW-SWAP")
    state.apply("S-F6-A1")
    assert state.board[0] == 2 and state.board[35] == 0
    assert state.history[-1].code == "S-A1-F6"  # one code per swap, whichever order it was typed


@pytest.mark.rule("CW-TRADE")
def test_trade_a_board_tile_for_a_hand_symbol() -> None:
    state = pos("1" + "." * 35, ["T344", "3456"], extra="started=11")
    refused(state, "T-A1-2", "CW-TRADE")  # no 2 in hand
    refused(state, "T-B1-3", "CW-TRADE")  # B1 empty
    state.apply("T-A1-3")
    assert state.board[0] == 2
    assert state.hands[0][0] == 1 and state.hands[0][2] == 0  # the 1 came to the hand, the 3 went out
    assert state.used == [0, 0, 0, 1]


@pytest.mark.rule("CW-TURN")
def test_action_tiles_need_to_be_in_hand() -> None:
    state = pos("12" + "." * 34, ["1234", "3456"])
    for code in ("R-A1", "M-A1-C1", "S-A1-B1", "T-A1-2"):
        with pytest.raises(IllegalAction) as err:
            state.apply(code)
        assert err.value.rule_id in {"CW-REMOVE", "CW-MOVE", "CW-SWAP", "CW-TRADE"}
        assert "action tile" in str(err.value)


@pytest.mark.rule("CW-USED")
def test_used_action_tiles_are_public() -> None:
    state = pos("12" + "." * 34, ["S234", "3456"], extra="started=11")
    state.apply("S-A1-B1")
    for viewer in (None, 0, 1):
        view = state.view(viewer)
        assert view["used"] == {"R": 0, "M": 0, "S": 1, "T": 0}
    assert "S 2" in GAME.render_view(state.view(1))  # two swap tiles still in play


@pytest.mark.rule("CW-REFILL")
def test_hand_refills_while_the_bag_has_tiles() -> None:
    state = pos(EMPTY_BOARD, ["1234", "3456"])
    bag_before = len(state.bag)
    state.apply("1A1")
    assert sum(state.hands[0]) == 4 and len(state.bag) == bag_before - 1


LATIN = "123456/234561/345612/456123/561234/612345".replace("/", "")  # no line holds a six


@pytest.mark.rule("CW-REFILL")
def test_play_goes_on_with_what_is_left_once_the_bag_is_empty() -> None:
    board = LATIN[:-2] + ".."  # 34 tiles; the hands hold the other 8 symbols, every action tile is used
    state = pos(board, ["1245", "3456"], used="3333", bag="-")
    state.apply("4E6")
    assert sum(state.hands[0]) == 3 and state.bag == []
    assert state.to_move() == 1 and not state.is_over()


@pytest.mark.rule("CW-END")
def test_game_ends_when_the_last_square_is_filled() -> None:
    state = pos(LATIN[:-1] + ".", ["1256", "345"], used="3333", bag="-", next=1)
    state.apply("5F6")
    out = state.outcome()
    assert out is not None and out.termination == "board_full"
    assert state.to_move() is None and state.legal_actions() == []
    with pytest.raises(IllegalAction) as err:
        state.apply("1A1")
    assert err.value.rule_id == "CORE-OVER"


TIE_BOARD = "155421/313632/524421/553464/212416/633354"  # rows 14, columns 14


@pytest.mark.rule("CW-D-TIE")
def test_equal_totals_are_a_draw_by_default() -> None:
    state = pos(TIE_BOARD, ["12", "56"])
    out = state.outcome()
    assert out is not None and out.team_scores == (14.0, 14.0)
    assert out.is_draw and out.winning_teams == (0, 1) and out.tiebreak == "shared"
    assert out.reward(0) == 0.0


@pytest.mark.rule("CW-D-TIE")
def test_best_line_variant_breaks_the_tie() -> None:
    state = pos(TIE_BOARD, ["12", "56"], extra="variant=tiebreak:best_line")
    out = state.outcome()
    assert out is not None and out.winning_teams == (1,) and out.tiebreak == "best_line"  # a 5-point column


@pytest.mark.rule("CW-D-STUCK")
def test_a_player_with_no_possible_move_passes() -> None:
    state = pos(EMPTY_BOARD, ["RMST", "1234"], extra="started=10")
    assert [a.code for a in state.legal_actions()] == ["PASS"]
    state.apply("PASS")
    assert state.to_move() == 1 and state.stuck[0]
    refused(state, "PASS", "CW-D-STUCK")  # seat 1 can place


@pytest.mark.rule("CW-D-STUCK")
def test_discard_variant_sets_unusable_action_tiles_aside() -> None:
    state = pos(EMPTY_BOARD, ["RMST", "1234"], extra="started=10 variant=stuck:discard")
    state.apply("PASS")
    assert state.used == [1, 1, 1, 1]
    assert sum(state.hands[0]) == 4  # refilled from the bag


@pytest.mark.rule("CW-D-STALEMATE")
def test_everyone_passing_ends_the_game() -> None:
    state = pos(EMPTY_BOARD, ["RMST", "RMSS"], extra="started=11")
    state.apply("PASS")
    state.apply("PASS")
    out = state.outcome()
    assert out is not None and out.termination == "stalemate" and out.is_draw


@pytest.mark.rule("CW-D-CAP")
def test_move_cap_ends_the_game() -> None:
    text = compose("1" + "." * 35, ["1234", "3456"]).replace("turn=0", "turn=59") + " variant=max_turns:60"
    state = GAME.from_position(text)
    state.apply("2B1")
    out = state.outcome()
    assert out is not None and out.termination == "turn_cap"
    with pytest.raises(InvalidVariant):
        GAME.new(2, seed=1, variant={"max_turns": 10})


@pytest.mark.rule("CW-REDRAW")
@pytest.mark.rule("CW-D-REDRAW")
def test_all_action_opening_hand_may_be_redrawn_once_on_the_first_turn() -> None:
    state = pos(EMPTY_BOARD, ["RMST", "1234"])
    codes = [a.code for a in state.legal_actions()]
    assert codes == ["PASS", "REDRAW"]
    state.apply("REDRAW")
    assert state.to_move() == 0 and sum(state.hands[0]) == 4 and state.redraws == [1, 0]
    if not any(state.hands[0][:6]):
        refused(state, "REDRAW", "CW-REDRAW")  # only one redraw by default
    refused(pos(EMPTY_BOARD, ["1MST", "1234"]), "REDRAW", "CW-REDRAW")  # holds a symbol
    refused(pos(EMPTY_BOARD, ["RMST", "1234"], extra="started=10"), "REDRAW", "CW-REDRAW")  # not first turn


def test_redraw_reshuffle_is_seeded() -> None:
    a = pos(EMPTY_BOARD, ["RMST", "1234"])
    b = pos(EMPTY_BOARD, ["RMST", "1234"])
    a.apply("REDRAW")
    b.apply("REDRAW")
    assert a.to_position() == b.to_position()


def test_wrong_variant_and_player_counts_are_refused_with_clear_messages() -> None:
    from boardgamesbot.core.errors import InvalidSetup

    with pytest.raises(InvalidSetup, match="2 to 4 players"):
        GAME.new(5)
    with pytest.raises(InvalidVariant, match="unknown variant option 'wild'"):
        GAME.new(2, variant={"wild": True})
    with pytest.raises(InvalidVariant, match="tiebreak"):
        GAME.new(2, variant={"tiebreak": "coin"})


@pytest.mark.rule("CW-REFILL")
def test_the_tiles_drawn_are_told_to_the_mover_only() -> None:
    state = pos(EMPTY_BOARD, ["1234", "3456"])
    top = state.bag[-1]
    (event,) = state.apply("1A1")
    assert event.for_viewer(0)["drew_tiles"] == "123456RMST"[top] and event.for_viewer(0)["drew"] == 1
    assert "drew_tiles" not in event.for_viewer(1) and "drew_tiles" not in event.for_viewer(None)
    assert event.for_viewer(1)["action"] == "1A1"
