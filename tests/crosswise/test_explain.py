"""Crosswise explanations on hand-built boards where the right words are known (games/crosswise/explain.py)."""

from __future__ import annotations

from boardgamesbot.core import MoveValue, load_game
from boardgamesbot.games.crosswise.explain import explain
from boardgamesbot.games.crosswise.learn import deal

GAME = load_game("crosswise")


def said(board: list[str], hands: list[str], code: str, seat: int = 0, measured: list[MoveValue] | None = None):
    players = len(hands)
    text = deal(board, hands, "")
    if players != 2:
        text = text.replace("started=11", "started=" + "1" * players).replace("redraws=00", "redraws=" + "0" * players)
        text = text.replace("known=-/-", "known=" + "/".join("-" for _ in hands))
        text = text.replace("stuck=00 passed=00", f"stuck={'0' * players} passed={'0' * players}")
    state = GAME.from_position(text.replace("next=0", f"next={seat}"))
    return explain(state.infoset(seat), GAME.parse_action(code), measured or [])


BLOCK = ["..4...", "..4...", "..4...", "3.....", "..4...", "..4..."]


def test_a_star_on_c4_makes_a_pair_and_blocks_five_hearts() -> None:
    exp = said(BLOCK, ["1233", "5566"], "3C4")
    en, pt = " ".join(exp.lines["en"]), " ".join(exp.lines["pt"])
    assert "Place the star on C4" in en and "a pair of stars in row 4 (+1 for the rows)" in en
    assert "blocks column C, which had five hearts with C4 free" in en
    assert "Points from this move: rows +1, columns +0." in en
    assert "um par de estrelas na linha 4 (+1 para as linhas)" in pt and "bloqueia a coluna C" in pt
    assert exp.point == ("sq:C4",)
    assert exp.facts["rows"] == 1 and exp.facts["blocked"] == ["column C"]
    assert exp.public == exp.lines  # every word is about the public board


def test_a_move_elsewhere_is_warned_about_the_threat_left_standing() -> None:
    exp = said(BLOCK, ["1233", "5566"], "1F6")
    assert "Watch out: column C still has five hearts and C4 free." in exp.lines["en"]
    assert "Cuidado: a coluna C ainda tem cinco corações e C4 livre." in exp.lines["pt"]


def test_the_sixth_heart_wins_for_the_columns_whoever_explains_it() -> None:
    exp = said(BLOCK, ["1233", "4566"], "4C4", seat=1)
    en = exp.lines["en"][0]
    assert "completes six hearts in column C, which wins the game at once for the columns" in en
    assert exp.facts["six"] == "column C"


def test_removing_a_diamond_breaks_four_into_three() -> None:
    board = [".....", "......", "...5..", "...5..", "...5..", "...5.."]
    board[0] = "......"
    exp = said(board, ["R123", "1666"], "R-D3")
    en = " ".join(exp.lines["en"])
    assert "Remove the diamond from D3" in en and "breaks four diamonds in column D (−2 for the columns)" in en
    assert exp.facts["columns"] == -2 and exp.facts["rows"] == 0


def test_six_different_symbols_fill_a_row() -> None:
    exp = said(["12345.", "......", "......", "......", "......", "......"], ["6111", "2222"], "6F1")
    assert "fills row 1 with six different symbols (+6 for the rows)" in exp.lines["en"][0]
    assert "completa a linha 1 com seis símbolos diferentes (+6 para as linhas)" in exp.lines["pt"][0]


def test_a_different_symbol_spoils_four_alike_with_two_gaps() -> None:
    board = ["..4...", "..4...", "......", "......", "..4...", "..4..."]
    exp = said(board, ["1233", "5566"], "1C3")
    assert "spoils column C: its four hearts can no longer become six" in exp.lines["en"][0]
    assert exp.facts["spoiled"] == ["column C"]


def test_the_next_best_move_is_compared_only_in_the_private_words() -> None:
    measured = [MoveValue("3C4", 0.4, 50), MoveValue("3B4", 0.2, 40)]
    exp = said(BLOCK, ["1233", "5566"], "1F6", measured=measured)
    rival = [line for line in exp.lines["en"] if line.startswith("The next best")]
    assert rival == ["The next best, place the star on C4, would change the rows by +1 and the columns by +0."]
    assert not any(line.startswith("The next best") for line in exp.public["en"])


def test_four_players_speak_of_rows_and_columns_too() -> None:
    exp = said(BLOCK, ["1233", "5566", "1122", "3344"], "3C4", seat=2)
    assert "(+1 for the rows)" in exp.lines["en"][0]
