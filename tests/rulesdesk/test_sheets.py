"""How-to-play sheets: six sections in both languages, every engine rule id where it belongs,
nothing copied from the rulebooks, and the three output formats."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from boardgamesbot.core.registry import builtin_games, load_game
from boardgamesbot.rulesdesk.errors import DeskError
from boardgamesbot.rulesdesk.rulematch import game_rules
from boardgamesbot.rulesdesk.sections import PART_TITLES, PARTS
from boardgamesbot.rulesdesk.sheets import MARKER_RE, load_sheet, render_sheet
from boardgamesbot.rulesdesk.text import fold, words

GAMES = tuple(g for g in builtin_games() if load_game(g).desk_kit() is not None)
LANGS = ("en", "pt")
RULEBOOKS = {
    "crosswise": ["crosswise-manual.pt.txt"],
    "alcatraz": ["alcatraz-how-to-play.en.txt", "alcatraz-manual.pt-BR.txt"],
}
ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", LANGS)
def test_sheet_has_the_six_sections_then_variants_and_decisions(game: str, lang: str) -> None:
    sheet = load_sheet(game, lang)
    assert [s.key for s in sheet.sections] == [*PARTS, "variants", "decisions"]
    assert [s.title for s in sheet.sections][:6] == [PART_TITLES[lang][p] for p in PARTS]
    assert all(any(line.strip() for line in s.lines) for s in sheet.sections)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", LANGS)
def test_every_engine_rule_id_is_in_the_sheet_and_no_unknown_one(game: str, lang: str) -> None:
    rules = game_rules(game)
    found = load_sheet(game, lang).rule_ids()
    assert sorted(set(rules) - set(found)) == [], "rule ids missing from the sheet"
    assert sorted(set(found) - set(rules)) == [], "sheet names rule ids the engine does not define"


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", LANGS)
def test_rule_ids_sit_where_they_belong(game: str, lang: str) -> None:
    """Project decisions go under decisions; the book's rules are stated in the six sections."""
    rules = game_rules(game)
    for rid, keys in load_sheet(game, lang).rule_ids().items():
        if rid not in rules:
            continue  # reported by the test above
        if rules[rid].decision:
            assert set(keys) <= {"decisions", "variants"}, f"{rid} is a project decision but sits in {keys}"
        else:
            assert set(keys) - {"decisions"}, f"{rid} is a rulebook rule but only sits under decisions"


@pytest.mark.parametrize("game", GAMES)
def test_both_languages_carry_the_same_rule_ids_in_the_same_sections(game: str) -> None:
    assert load_sheet(game, "en").rule_ids() == load_sheet(game, "pt").rule_ids()


def _ngrams(text: str, n: int) -> set[tuple[str, ...]]:
    toks = [fold(w) for w in words(text)]
    return {tuple(toks[i : i + n]) for i in range(len(toks) - n + 1)}


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", LANGS)
def test_no_run_of_eight_words_is_copied_from_a_rulebook(game: str, lang: str, rulebook: Callable[[str], Path]) -> None:
    from boardgamesbot.rulesdesk.repair import repair_text

    if game not in RULEBOOKS:
        pytest.skip(f"{game} has no rulebook in shared/rulebooks (its sheet is the project's own)")
    book = ""
    for name in RULEBOOKS[game]:
        raw = rulebook(name).read_text(encoding="utf-8")
        book += " " + raw + " " + repair_text(raw, "pt" if ".pt" in name else "en")[0]
    sheet = render_sheet(game, lang, "markdown")
    copied = _ngrams(MARKER_RE.sub("", sheet), 8) & _ngrams(book, 8)
    assert not copied, f"copied from the rulebook: {[' '.join(c) for c in copied]}"


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", LANGS)
def test_tips_quote_measured_facts_or_send_players_to_the_rulebook(game: str, lang: str) -> None:
    """Tips never invent advice: every figure they give is measured in docs/balance.md or the game's own
    docs/rules/<game>.md (and the tips say which), else they point to the book."""
    tips = "\n".join(load_sheet(game, lang).section("tips").lines)  # type: ignore[union-attr]
    sources = [p for p in (ROOT / "docs" / "balance.md", ROOT / "docs" / "rules" / f"{game}.md") if p.is_file()]
    figures = re.findall(r"\d+(?:[.,]\d+)?\s?%|\d+[.,]\d+", tips)
    if figures:
        named = [p for p in sources if p.name in tips]
        assert named, "tips quote figures but name no measured source (docs/balance.md or docs/rules/<game>.md)"
        measured = " ".join(p.read_text(encoding="utf-8") for p in named).replace(" %", "%")
        for figure in figures:
            assert figure.replace(",", ".").replace(" ", "") in measured, figure
    else:
        assert ("rulebook" in tips) if lang == "en" else ("manual" in tips)


@pytest.mark.parametrize("fmt", ["text", "markdown", "html"])
def test_render_formats(fmt: str) -> None:
    out = render_sheet("alcatraz", "pt", fmt)
    assert "AZ-ZERO-PAIR" in out and "[[" not in out
    if fmt == "html":
        assert '<span class="rule-id" data-rule="AZ-ZERO-PAIR">' in out and "<h2>Preparação</h2>" in out
    elif fmt == "markdown":
        assert "## Preparação" in out and "`AZ-ZERO-PAIR`" in out
    else:
        assert "Preparação\n----------" in out and "[AZ-ZERO-PAIR]" in out


def test_language_tags_are_normalised() -> None:
    assert render_sheet("crosswise", "pt-BR") == render_sheet("crosswise", "pt")
    assert render_sheet("crosswise", "EN_us", "text") == render_sheet("crosswise", "en", "text")


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (("crosswise", "fr"), "unknown language"),
        (("crosswise", "en", "pdf"), "unknown format"),
        (("no-such-game",), "unknown game"),
    ],
)
def test_bad_sheet_requests_are_refused(args: tuple[str, ...], needle: str) -> None:
    with pytest.raises(DeskError, match=needle):
        render_sheet(*args)
