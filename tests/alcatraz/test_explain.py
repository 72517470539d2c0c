"""Alcatraz explanations on hand-built positions where the right words are known (games/alcatraz/explain.py)."""

from __future__ import annotations

from typing import Any

from boardgamesbot.core import load_game
from boardgamesbot.games.alcatraz.explain import explain
from boardgamesbot.games.alcatraz.setups import position

GAME = load_game("alcatraz")
ROWS = [["2", "9", "5@0", "-1"], ["3", "8", "4", "10"]]


def words(code: str, **setup: Any):
    setup.setdefault("rows", ROWS)
    setup.setdefault("piles", [[13], [1, 7]])
    setup.setdefault("objectives", [12, 9, 6])
    state = GAME.from_position(position(**setup))
    return explain(state.infoset(0), GAME.parse_action(code), [])


def test_taking_the_seven_makes_twelve_with_the_five_only_the_seat_knows() -> None:
    exp = words("take2")
    assert exp.lines["en"][0] == (
        "Take the 7 from pile 2 into slot 2: with your 5 in slot 3 it makes 12, an objective on the table."
    )
    assert exp.lines["pt"][0].startswith("Pegue o 7 do monte 2 para a posição 2: com o seu 5 na posição 3 faz 12")
    assert exp.public["en"] == ["Took the 7 from pile 2 (face up: everyone saw it)."]
    assert not any("5" in line for line in exp.public["en"] + exp.public["pt"]), "the 5 is face down: private"
    assert exp.point == ("pile:2", "slot:2")
    assert exp.facts["slot"] == 2 and exp.facts["value"] == 7


def test_a_drawn_card_placed_face_down_stays_a_secret() -> None:
    exp = words("swap4/1", phase="hold", held="7")
    assert exp.lines["en"][0] == "Put the 7 in slot 4: with your 5 in slot 3 it makes 12, an objective on the table."
    assert exp.public == {"en": [], "pt": []}


def test_a_swap_tells_where_the_old_card_goes_and_what_it_gives() -> None:
    rows = [["2", "9@0", "5@0", "-1"], ["3^", "8", "4", "10"]]
    exp = words("swap2/1", rows=rows, phase="hold", held="7", objectives=[12, 9, 6])
    assert "The 9 it replaces goes to pile 1" in exp.lines["en"][1]
    # the opponent's face-up 3 makes 12 with a 9: the planner counts it as a gift
    assert "may give an opponent about" in exp.lines["en"][1]
    assert exp.facts["gift"] > 0


def test_a_sure_claim_names_its_cards_and_the_zero_pair_rule() -> None:
    exp = words("claim12", rows=[["2", "7^", "5@0", "-1"], ["3", "8", "4", "10"]], phase="after_draw")
    assert exp.lines["en"] == ["Declare 12: your cards 2-3 (7, 5) add up to 12, and no two of them add up to 0."]
    assert exp.public["en"] == ["Declared objective 12."]
    assert exp.point == ("slot:2", "slot:3", "obj:12")


def test_a_group_with_a_zero_pair_is_not_called_sure() -> None:
    exp = words("claim12", rows=[["3@0", "-3@0", "12@0", "2"], ["3", "8", "4", "10"]], phase="after_draw")
    assert "chance to add up to 12" in exp.lines["en"][0]


def test_choosing_the_cards_adds_them_up() -> None:
    rows = [["2", "7^", "5@0", "-1"], ["3", "8", "4", "10"]]
    exp = words("use2-3", rows=rows, phase="claim", claim=12)
    assert exp.lines["en"] == ["Choose cards 2-3: 7 + 5 = 12, with no two adding up to 0; you free 2 cats (2 points)."]
    assert exp.lines["pt"] == [
        "Escolha as cartas 2-3: 7 + 5 = 12, sem par que some 0; você liberta 2 gatos (2 pontos)."
    ]


def test_an_overlay_turns_a_six_into_the_seven_that_makes_twelve() -> None:
    rows = [["2", "6@0", "5@0", "-1"], ["3", "8", "4", "10"]]
    exp = words("plus2", rows=rows, phase="hold", held="11")
    assert exp.lines["en"][0] == (
        "Lay the 11 as +1 over your 6 in slot 2: it counts as 7; with your 5 in slot 3 it makes 12, "
        "an objective on the table."
    )


def test_a_discard_that_makes_no_sum_and_gives_none() -> None:
    exp = words("discard1", phase="hold", held="14")
    assert exp.lines["en"][0].startswith("Discard the 14 to pile 1: in your row it makes no sum")
    assert exp.lines["en"][0].endswith("where it gives no opponent a sum with their face-up cards.")
    assert exp.lines["pt"][0].startswith("Descarte o 14 no monte 1")


def test_the_pile_choice_covers_the_top_an_opponent_could_use() -> None:
    rows = [["2", "9", "5@0"], ["5^", "8", "4", "10"]]
    exp = words("pile1", rows=rows, piles=[[7], [1]], phase="pile", pending=[3], then="end")
    assert exp.lines["en"] == ["Send the cards to pile 1: they cover the 7 on top, which could give an opponent a sum."]
    assert exp.public["en"] == ["Chose pile 1 for the cards."]


def test_numbers_with_a_fraction_use_a_comma_in_portuguese() -> None:
    exp = words("take1")
    assert "0.2" in exp.lines["en"][0] and "0,2" in exp.lines["pt"][0]


def test_the_peek_prefers_a_card_in_the_middle() -> None:
    exp = words("peek2", phase="peek", queue=[0, 1])
    assert exp.lines["en"][0].startswith("Look at card 2: it belongs to 4 of the row's groups")
    assert exp.public == exp.lines


def test_skipping_the_optional_look_says_what_it_gives_up() -> None:
    state = GAME.new(2, seed=1, variant={"optional_look": True})
    seat = state.to_move()
    assert "nopeek" in {a.code for a in state.legal_actions()}
    exp = explain(state.infoset(seat), GAME.parse_action("nopeek"), [])
    assert exp.lines["en"] == [
        "Skip the look (this table's option): the look costs nothing, and a card you know is one you can count on "
        "in a claim, so skipping gives that up."
    ]
    assert exp.lines["pt"][0].startswith("Dispensar a olhada") and exp.public == exp.lines and exp.point == ()
