"""The shape of a Crosswise view (docs/rules/crosswise.md, "Views"), for type checking."""

from __future__ import annotations

from ...core.view import ViewBase


class CrosswiseView(ViewBase):
    """What a seat sees (docs/rules/crosswise.md, "Views"): board rows as text, own hand, public counts."""

    board: list[str]
    hand: str | None
    hand_sizes: list[int]
    bag_size: int
    used: dict[str, int]
    teams: list[list[int]]
    team_lines: list[str]
    order: list[int]
    cursor: int
    started: list[bool]
    redraws: list[int]
    known: list[str]
    stuck: list[bool]
    passed: list[bool]
    line_scores: dict[str, list[int]]
