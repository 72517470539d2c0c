"""Shared adapter pieces: action index memo, index checks, zero-sum rule, agent names."""

from __future__ import annotations

import random
from typing import Any

import pytest

pytest.importorskip("numpy")

from boardgamesbot.adapters.common import (
    IndexCache,
    agent_name,
    agent_seat,
    checked_action_index,
    is_zero_sum,
    legal_indices,
)
from boardgamesbot.core.errors import IllegalAction


def test_memoized_indices_equal_the_engines_codec(case: Any) -> None:
    state = case.game().new(case.players, seed=4, variant=case.variant)
    cache = IndexCache(limit=50)  # small, so the refill path runs too
    rng = random.Random(4)
    for _ in range(150):
        if state.is_over():
            break
        assert legal_indices(state, cache) == sorted(state.action_to_index(a) for a in state.legal_actions())
        assert len(cache.entries) <= 50 + len(state.legal_actions())
        state.apply(rng.choice(state.legal_actions()))


def test_index_cache_never_confuses_fresh_objects(toy: Any) -> None:
    """An action object that dies may leave its id to a new object; the cache must notice."""
    cache = IndexCache()

    from boardgamesbot.testing.drawtricks import Move

    class Fresh:
        def __init__(self, draw: bool) -> None:
            self.draw = draw

        def legal_actions(self) -> list[Any]:
            return [Move("draw" if self.draw else "play", 0)]  # a new object every call

        def action_to_index(self, action: Any) -> int:
            return toy.action_to_index(action, 2)

    play, draw = toy.action_to_index("p1", 2), toy.action_to_index("d1", 2)
    for drawing in [True, False] * 50:
        assert cache.indices(Fresh(drawing)) == [draw if drawing else play]


@pytest.mark.parametrize("bad", ["3", None, 2.5, [1]])
def test_non_integer_indices_are_refused_by_name(bad: Any) -> None:
    with pytest.raises(IllegalAction, match="whole number") as err:
        checked_action_index(bad, 10)
    assert err.value.rule_id == "CORE-INDEX"


def test_index_range_is_checked() -> None:
    assert checked_action_index(9, 10) == 9
    assert checked_action_index(4.0, 10) == 4
    for bad in (-1, 10):
        with pytest.raises(IllegalAction, match=r"outside 0\.\.9"):
            checked_action_index(bad, 10)


def test_zero_sum_only_for_two_equal_teams(toy: Any) -> None:
    assert is_zero_sum(toy, 2, {"teams": False})
    assert not is_zero_sum(toy, 3, {"teams": False})
    assert is_zero_sum(toy, 4, {"teams": True})
    assert not is_zero_sum(toy, 4, {"teams": False})


def test_agent_names_round_trip_and_bad_names_are_explained() -> None:
    assert agent_seat(agent_name(3)) == 3
    for bad in ("player_x", "seat_1", 2):
        with pytest.raises(KeyError, match="player_<seat>"):
            agent_seat(bad)
