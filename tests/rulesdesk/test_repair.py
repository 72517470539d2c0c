"""Repairs of extraction damage: split ligatures and line-end hyphens, never ordinary words."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from boardgamesbot.rulesdesk.repair import repair_hyphenation, repair_ligatures, repair_text


@pytest.mark.parametrize(
    ("broken", "lang", "fixed"),
    [
        ("no f  nal de 2 rodadas", "pt", "no final de 2 rodadas"),
        ("uma f leira de cartas", "pt", "uma fileira de cartas"),
        ("sua f\u00a0leira", "pt", "sua fileira"),
        ("um modo mais desaf ador", "pt", "um modo mais desafiador"),
        ("Design Gráf  co", "pt", "Design Gráfico"),
        ("the f  nal round", "en", "the final round"),
        ("a f  eld of cats", "en", "a field of cats"),
    ],
)
def test_split_ligatures_are_joined(broken: str, lang: str, fixed: str) -> None:
    text, repairs = repair_ligatures(broken, lang)
    assert text == fixed
    assert repairs and repairs[0].kind == "ligature"


@pytest.mark.parametrize(
    ("text", "lang"),
    [("if so, half of all cats", "en"), ("of the deck", "en"), ("staff meeting", "en"), ("o chef lê", "pt")],
)
def test_ordinary_words_are_left_alone(text: str, lang: str) -> None:
    assert repair_ligatures(text, lang) == (text, [])


def test_hyphenation_joins_split_words_but_keeps_real_hyphens() -> None:
    text, repairs = repair_hyphenation("as combina-\nções e coloca-\nas no saco", "pt")
    assert "combinações" in text
    assert "coloca-as" in text
    assert [r.after for r in repairs] == ["combinações"]


def test_shared_alcatraz_manual_is_fully_repaired(rulebook: Callable[[str], Path]) -> None:
    raw = rulebook("alcatraz-manual.pt-BR.txt").read_text(encoding="utf-8")
    text, repairs = repair_text(raw, "pt")
    assert {"final", "fileira", "desafiador", "Gráfico"} <= {r.after for r in repairs}
    assert "f\u00a0leira" not in text and "f\u00a0 nal" not in text


@given(st.text(alphabet=st.characters(blacklist_characters="fF", blacklist_categories=("Cs",)), max_size=200))
def test_text_without_f_is_never_changed(text: str) -> None:
    assert repair_ligatures(text, "en")[0] == text
