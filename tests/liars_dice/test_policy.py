"""The bots' judgement: the greedy rule, the planner's reading of bids, playouts, leaf values, and the levels."""

from __future__ import annotations

import random
from typing import Any

import pytest

from boardgamesbot import load_game
from boardgamesbot.bots import make_bot
from boardgamesbot.games.liars_dice.planner import match_chances, planner_action
from boardgamesbot.games.liars_dice.policy import (
    chance_at_least,
    evaluate,
    greedy_action,
    rollout_action,
    round_value,
)
from boardgamesbot.games.liars_dice.state import LiarsDiceState

GAME = load_game("liars_dice")


def pos(text: str) -> LiarsDiceState:
    state = GAME.from_position(f"liars_dice {text}")
    assert isinstance(state, LiarsDiceState)
    return state


def greedy(state: LiarsDiceState) -> str:
    seat = state.to_move()
    assert seat is not None
    return greedy_action(state.infoset(seat), random.Random(0)).code


def test_binomial_chances() -> None:
    assert chance_at_least(0, 5, 3, frozenset()) == 1.0
    assert chance_at_least(6, 5, 3, frozenset()) == 0.0
    assert chance_at_least(1, 5, 3, frozenset()) == pytest.approx(1 - (5 / 6) ** 5)
    assert chance_at_least(1, 5, 3, frozenset({1})) == pytest.approx(1 - (4 / 6) ** 5)  # 1s count too


def test_greedy_calls_a_bid_it_cannot_believe_and_raises_on_its_strength() -> None:
    # seat 1 holds no 6 and four dice are hidden from it: four 6s is very unlikely
    assert greedy(pos("players=2 bids=4x6 roll=12236/12345")) == "liar"
    # holding four 3s, the safest raise over 2x5 is three 3s (certain)
    assert greedy(pos("players=2 bids=2x5 roll=12256/33334")) == "3x3"
    # opening, it bids one of a face it holds (certain), the lowest such face first
    assert greedy(pos("players=2 bids=- roll=24445/12345")) == "1x2"


def test_the_planner_reads_what_a_bid_reveals() -> None:
    # the opener bid three 6s straight away; seat 1 holds one. Uniform odds for two more 6s among five
    # unseen dice are 20%, so the greedy rule calls liar...
    state = pos("players=2 bids=3x6 roll=16666/22456")
    assert greedy(state) == "liar"
    # ...but a bidder who prefers safe bids mostly opens 3x6 holding two or more 6s already
    assert sum(match_chances(state.view(1), 6)[2:]) > 0.8
    assert planner_action(state.infoset(1), random.Random(0)).code == "4x6"


def test_the_playout_reads_only_the_movers_cup() -> None:
    a = pos("players=3 bids=2x4 roll=11111/23456/44444")
    b = pos("players=3 bids=2x4 roll=66666/23456/12312")
    assert rollout_action(a, random.Random(1)) == rollout_action(b, random.Random(2))


def test_leaf_values() -> None:
    state = pos("players=2 past=2x3,liar|12345/12345 bids=- roll=12345/1234")
    assert evaluate(state) == [pytest.approx(0.2), pytest.approx(-0.2)]  # one die up, outside a search
    assert round_value(state.rounds[0], 2) == [1.0, -1.0]
    sample = GAME.determinize(state.view(0, perfect_memory=True), random.Random(0))
    assert isinstance(sample, LiarsDiceState) and sample.sample_origin == 1
    sample.apply("1x1")
    sample.apply("liar")  # the round being searched is settled: its result is the value
    loser = sample.rounds[-1].loser
    assert loser is not None
    assert evaluate(sample)[loser] == -1.0 and evaluate(sample)[1 - loser] == 1.0
    three = pos("players=3 bids=3x5 roll=15555/12346/12346")
    three.apply("liar")  # the bid holds: seat 1, the challenger, loses; the other two share +1
    assert round_value(three.rounds[0], 3) == [0.5, -1.0, 0.5]


@pytest.mark.parametrize("spec", ["random", "greedy", "easy", "medium:iterations=60", "hard:iterations=60"])
def test_every_level_plays_legal_moves_to_the_end(spec: str) -> None:
    state = GAME.new(3, seed=12, variant={"dice": 2, "spot_on": True})
    bots = [make_bot(spec, seat, reproducible=True) for seat in range(3)]
    while not state.is_over():
        seat = state.to_move()
        assert seat is not None
        move = bots[seat].choose(state.infoset(seat))
        assert move in state.legal_actions()
        state.apply(move)


def test_search_levels_anchor_on_the_planner() -> None:
    """The levels keep the planner's move unless the search rates another a whole point higher (game.py).

    Here the search does override it: its samples roll the opener's cup uniformly, so they cannot read that
    opening 3x6 means sixes, and "liar" looks far better to them (docs/rules/liars_dice.md, "Bots").
    """
    state = pos("players=2 bids=3x6 roll=16666/22456")
    planned = planner_action(state.infoset(1), random.Random(0))
    kept = make_bot("hard:iterations=300:margin=2", 3, reproducible=True).choose(state.infoset(1))
    assert kept == planned
    searched = make_bot("hard:iterations=300", 3, reproducible=True).choose(state.infoset(1))
    assert searched.code == "liar"


def test_the_search_samples_through_the_games_determinize(monkeypatch: pytest.MonkeyPatch) -> None:
    """Liar's Dice prepares no sampler: the infoset falls back to ``Game.determinize`` on the view, one call per
    search iteration, and every sample keeps the searching seat's own cup."""
    from boardgamesbot.core.infoset import ViewSampler

    state = pos("players=3 bids=2x4 roll=11344/23556/66666")
    infoset = state.infoset(1)
    assert isinstance(infoset.sampler(), ViewSampler)
    real = GAME.determinize
    own: list[list[int]] = []

    def counted(view: Any, rng: random.Random) -> LiarsDiceState:
        sample = real(view, rng)
        own.append(sample.dice[1])
        return sample

    monkeypatch.setattr(GAME, "determinize", counted)
    bot = make_bot("hard:iterations=50:margin=0", 5, reproducible=True)
    move = bot.choose(state.infoset(1))
    assert move in state.legal_actions()
    assert len(own) == bot.last_stats.iterations == 50
    assert all(dice == [2, 3, 5, 5, 6] for dice in own)
