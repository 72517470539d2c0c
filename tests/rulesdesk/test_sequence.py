"""The order of two actions, which a question's words alone do not give: "after drawing, can I still try an
objective?" (yes) against "after trying an objective, can I still draw?" (no)."""

from __future__ import annotations

import pytest

from boardgamesbot.rulesdesk.answer import ask
from boardgamesbot.rulesdesk.sequence import order_terms


@pytest.mark.parametrize(
    ("text", "game", "terms"),
    [
        ("after drawing a card can I still try for an objective?", "alcatraz", ["seq:zcdraw>zctryobjective"]),
        ("can I draw and then still go for an objective?", "alcatraz", ["seq:zcdraw>zctryobjective"]),
        ("posso comprar depois de tentar o objetivo?", "alcatraz", ["seq:zctryobjective>zcdraw"]),
        ("depois de tentar o objetivo posso comprar?", "alcatraz", ["seq:zctryobjective>zcdraw"]),
        ("before drawing, can I claim?", "alcatraz", ["seq:zcfulfil>zcdraw"]),
        ("can I remove a tile and then place it?", "crosswise", ["seq:zcremove>zcplace"]),
        ("can I draw a card and try an objective?", "alcatraz", []),  # no connective: no order is stated
    ],
)
def test_a_connective_orders_two_actions(text: str, game: str, terms: list[str]) -> None:
    assert order_terms(text, ("en", "pt"), game) == terms


@pytest.mark.parametrize(
    ("question", "first"),
    [
        ("depois de comprar uma carta ainda posso tentar o objetivo?", "Sim"),
        ("posso tentar o objetivo depois de comprar?", "Sim"),
        ("posso comprar depois de tentar o objetivo?", "Não"),
        ("can I draw and then still go for an objective?", "Yes"),
        ("after drawing a card can I still try for an objective?", "Yes"),
    ],
)
def test_draw_then_claim_and_claim_then_draw_get_opposite_answers(question: str, first: str) -> None:
    got = ask("alcatraz", question).to_dict()
    assert got["rules"][0]["id"] == "AZ-TURN"
    assert str(got["answer"]).split()[0] == first, got["answer"]
