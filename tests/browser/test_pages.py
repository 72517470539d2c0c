"""The how-to-play pages and the home page's choices, in both languages."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("game", ["crosswise", "alcatraz"])
def test_how_to_play_page(new_page: Any, table: Any, shot: Any, game: str) -> None:
    page = new_page(width=900)
    page.goto(f"{table.base}/rules/{game}")
    page.wait_for_selector("#sheet :is(h1, h2, p)")
    desk = page.evaluate("() => fetch('/api/games').then(r => r.json()).then(d => d.rules_desk)")
    sheet = page.inner_text("#sheet")
    if desk:
        # the rules desk's sheet with its six sections, and an ask box that cites rules
        assert "Objective of the Game" in sheet and "Tips for Winning" in sheet
        page.fill("#question", "How many cards or tiles does a player hold?")
        page.click(".askbox .btn")
        page.wait_for_selector("#answer .answerbox")
        assert page.locator("#answer code").count() >= 1, "the answer names the engine's rule ids"
    else:
        assert f"docs/rules/{game}.md" in sheet
    shot(page, f"rules-{game}")
    page.select_option("#lang", "pt")
    page.wait_for_function("() => document.querySelector('#topnav').innerText.includes('Como jogar')")
    assert not page.js_errors, page.js_errors


def test_home_offers_every_seat_kind_and_variant(new_page: Any, table: Any) -> None:
    page = new_page()
    page.goto(f"{table.base}/")
    page.click("button.gamecard[data-game=crosswise]")
    page.select_option("#players", "4")
    assert page.locator("select.seatkind").count() == 4
    kinds = page.locator("select.seatkind >> nth=1 >> option").evaluate_all("els => els.map(e => e.value)")
    assert kinds == ["human", "bot:easy", "bot:medium", "bot:hard", "open"]
    # partners sit opposite: seats 1 and 3 against seats 2 and 4
    tags = page.locator(".teamtag").all_inner_texts()
    assert tags[0] == tags[2] != tags[1] == tags[3]
    page.click("details.variantbox >> nth=0 >> summary")
    assert page.locator("[data-variant=opponent_six]").count() == 1
    # switching language relabels the form without losing the choices
    page.select_option("#lang", "pt")
    page.wait_for_selector("text=Começar o jogo")
    assert page.locator("select.seatkind").count() == 4
    assert not page.js_errors, page.js_errors


def test_every_label_has_both_languages(new_page: Any, table: Any) -> None:
    """The English and Portuguese label tables have the same keys, all filled (functions or text)."""
    page = new_page()
    page.goto(f"{table.base}/")
    missing = page.evaluate("""async () => {
        const m = await import('/js/i18n.js');
        const out = [];
        const walk = (a, b, path) => {
            for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
                const x = a[k], y = b[k], p = path + '.' + k;
                if (x === undefined || y === undefined || x === '' || y === '') out.push(p);
                else if (typeof x === 'object' && !Array.isArray(x)) walk(x, y, p);
                else if (Array.isArray(x) && x.length !== y.length) out.push(p);
            }
        };
        walk(m.tableFor('en'), m.tableFor('pt'), '');
        return out;
    }""")
    assert missing == []
