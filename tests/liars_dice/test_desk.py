"""The rules desk on Liar's Dice: sheets in both languages, the glossary, and the engine's judgement of a position."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from boardgamesbot import load_game
from boardgamesbot.rulesdesk.answer import ask
from boardgamesbot.rulesdesk.position import judge
from boardgamesbot.rulesdesk.rulematch import game_rules
from boardgamesbot.rulesdesk.sections import PART_TITLES, PARTS
from boardgamesbot.rulesdesk.sheets import load_sheet

ROOT = Path(__file__).resolve().parents[2]
GAME = load_game("liars_dice")
LANGS = ("en", "pt")


@pytest.mark.parametrize("lang", LANGS)
def test_sheet_has_the_six_sections_then_variants_and_decisions(lang: str) -> None:
    sheet = load_sheet("liars_dice", lang)
    assert [s.key for s in sheet.sections] == [*PARTS, "variants", "decisions"]
    assert [s.title for s in sheet.sections][:6] == [PART_TITLES[lang][p] for p in PARTS]
    assert all(any(line.strip() for line in s.lines) for s in sheet.sections)


@pytest.mark.parametrize("lang", LANGS)
def test_every_rule_id_sits_where_it_belongs(lang: str) -> None:
    rules = game_rules("liars_dice")
    found = load_sheet("liars_dice", lang).rule_ids()
    assert set(found) == set(rules)
    for rid, keys in found.items():
        if rules[rid].decision:
            assert set(keys) <= {"decisions"}, rid
        elif rules[rid].section == "Variants":
            assert set(keys) == {"variants"}, rid
        else:
            assert set(keys) - {"decisions", "variants"}, rid
    assert load_sheet("liars_dice", "en").rule_ids() == load_sheet("liars_dice", "pt").rule_ids()


@pytest.mark.parametrize("lang", LANGS)
def test_tips_quote_only_figures_the_arena_measured(lang: str) -> None:
    """Tips never invent advice: every figure is in the measurements of docs/rules/liars_dice.md ("Bots")."""
    tips = "\n".join(load_sheet("liars_dice", lang).section("tips").lines)  # type: ignore[union-attr]
    assert "docs/rules/liars_dice.md" in tips
    measured = (ROOT / "docs" / "rules" / "liars_dice.md").read_text(encoding="utf-8")
    measured = measured[measured.index("## Bots") :]
    figures = re.findall(r"\d+(?:[.,]\d+)?\s?%|\d+[.,]\d+", tips)
    assert figures
    for figure in figures:
        assert figure.replace(",", ".").replace(" ", "") in measured.replace(" %", "%"), figure


def test_glossary_gives_both_languages_for_every_concept() -> None:
    kit = GAME.desk_kit()
    assert kit is not None and kit.glossary is not None
    words = {k: v for k, v in json.loads(kit.glossary.read_text(encoding="utf-8")).items() if not k.startswith("_")}
    assert all(v.get("en") and v.get("pt") for v in words.values())


@pytest.mark.parametrize(
    ("question", "lang", "rule"),
    [
        ("what happens if I call liar and the bid was true?", "en", "LD-RESOLVE"),
        ("can I bid more dice than exist?", "en", "LD-D-MAX-QUANTITY"),
        ("quem perde o dado quando a aposta é falsa?", "pt", "LD-RESOLVE"),
        ("os uns são curinga?", "pt", "LD-WILD-ONES"),
        ("how does a bid have to beat the last one?", "en", "LD-RAISE"),
    ],
)
def test_questions_find_the_rule(question: str, lang: str, rule: str) -> None:
    answer = ask("liars_dice", question)
    assert answer.language == lang
    assert rule in [r.id for r in answer.rules]


def test_the_engine_judges_a_standing_bid_and_a_call() -> None:
    position = "liars_dice players=2 variant=ones_wild:yes bids=4x5 roll=11256/13345"
    verdict = judge("liars_dice", position, None, "en")
    assert verdict.scores["count"] == 5 and verdict.scores["liar_call_wins"] is False
    assert "5 dice count as 5 (wild 1 included)" in verdict.scores["lines_en"][0]
    assert "a aposta se sustenta" in verdict.scores["lines_pt"][0]
    verdict = judge("liars_dice", position, "liar", "pt")
    assert verdict.legal is True
    assert verdict.scores["calls"][0]["loser"] == 1
    assert verdict.scores["consequence_pt"].startswith("O lugar 1 perde um dado")
    refused = judge("liars_dice", position, "3x5", "en")
    assert refused.legal is False and refused.rule_id == "LD-RAISE"
    final = judge("liars_dice", "liars_dice players=2 variant=dice:1 bids=1x5 roll=5/3", "liar", "en")
    assert final.scores["consequence_en"] == "This ends the game: seat(s) 0 win."
