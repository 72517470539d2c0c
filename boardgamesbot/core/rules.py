"""Rule ids: each game lists its rules once, with where the rulebook says them.

The rules desk, the docs test and error messages all read these tables, so a
rule id is defined in exactly one place: ``games/<name>/rules.py: RULES``.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class RuleInfo:
    """One rule: ``section`` is the rulebook heading it comes from (as printed),
    ``decision`` is True where the rulebook is silent and the project decided.

    ``annotates`` names the rule this entry is a note on (e.g. where a game's two sources disagree about
    it and which one the engine follows): the rules desk answers with that rule and adds the note, instead
    of letting the note compete with the rule it explains.
    """

    id: str
    section: str
    summary_en: str
    summary_pt: str
    decision: bool = False
    annotates: str | None = None


def rule_table(*rules: RuleInfo) -> dict[str, RuleInfo]:
    """Build a RULES dict, refusing duplicate ids."""
    table: dict[str, RuleInfo] = {}
    for rule in rules:
        if rule.id in table:
            raise ValueError(f"duplicate rule id {rule.id}")
        table[rule.id] = rule
    for rule in table.values():
        if rule.annotates is not None and rule.annotates not in table:
            raise ValueError(f"rule {rule.id} annotates an unknown rule {rule.annotates}")
    return table
