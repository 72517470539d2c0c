"""Every rule id has a line in docs/rules/<game>.md and at least one test."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from boardgamesbot.core.registry import builtin_games, load_game

ROOT = Path(__file__).resolve().parents[2]
BUILTIN_GAMES = builtin_games()


def _rules(name: str) -> dict:
    return dict(load_game(name).rules)


def _test_text() -> str:
    return "\n".join(
        p.read_text(encoding="utf-8") for p in (ROOT / "tests").rglob("test_*.py") if p.name != "test_rule_coverage.py"
    )


@pytest.mark.parametrize("name", BUILTIN_GAMES)
def test_every_rule_is_documented_and_tested(name: str) -> None:
    rules = _rules(name)
    assert rules, f"{name} declares no rules"
    doc = (ROOT / "docs" / "rules" / f"{name}.md").read_text(encoding="utf-8")
    tests = _test_text()
    undocumented = [rid for rid in rules if rid not in doc]
    untested = [rid for rid in rules if not re.search(rf"['\"]{re.escape(rid)}['\"]", tests)]
    assert not undocumented, f"rule ids missing from docs/rules/{name}.md: {undocumented}"
    assert not untested, f"rule ids no test names (as a quoted string): {untested}"


@pytest.mark.parametrize("name", BUILTIN_GAMES)
def test_docs_name_no_unknown_rule_ids(name: str) -> None:
    rules = _rules(name)
    prefixes = {rid.split("-")[0] for rid in rules}
    assert len(prefixes) == 1, f"{name}'s rule ids should share one prefix, not {sorted(prefixes)}"
    prefix = prefixes.pop()
    doc = (ROOT / "docs" / "rules" / f"{name}.md").read_text(encoding="utf-8")
    mentioned = set(re.findall(rf"\b{prefix}-[A-Z0-9-]*[A-Z0-9]\b", doc))
    unknown = sorted(mentioned - set(rules))
    assert not unknown, f"docs/rules/{name}.md names rule ids the engine does not define: {unknown}"
