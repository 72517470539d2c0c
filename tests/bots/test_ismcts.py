"""ISMCTS on the shared test game (draw tricks): legal, repeatable, fair, bounded, and better than chance."""

from __future__ import annotations

import random

import pytest
from helpers_fair import choices, position, twins
from hypothesis import given
from hypothesis import strategies as st

from boardgamesbot.bots import ISMCTSBot, SearchSettings, make_bot
from boardgamesbot.bots.ismcts import _rewards
from boardgamesbot.core import BotKit
from boardgamesbot.testing import GAME
from boardgamesbot.testing.drawtricks import PLAYS


def _play(state, bots):
    while not state.is_over():
        seat = state.to_move()
        state.apply(bots[seat].choose(state.infoset(seat)))
    return state.outcome()


def test_choice_is_legal_and_budget_is_spent() -> None:
    state = GAME.new(3, seed=5)
    bot = ISMCTSBot(1, SearchSettings(iterations=60))
    action = bot.choose(state.infoset(state.to_move()))
    assert action in state.legal_actions()
    assert bot.last_stats.iterations == 60
    assert sum(bot.last_stats.visits.values()) == 60


def test_same_seed_same_decision() -> None:
    for seed in range(6):
        state = position(GAME, 3, seed=seed, moves=seed)
        seat = state.to_move()
        first = make_bot("ismcts:iterations=40", seed)
        again = make_bot("ismcts:iterations=40", seed)
        assert first.choose(state.infoset(seat)) == again.choose(state.infoset(seat))
        assert first.last_stats.visits == again.last_stats.visits


def test_single_legal_action_needs_no_search() -> None:
    state = GAME.new(2, seed=3)
    while len(state.hands[state.to_move()]) > 1:  # play the lowest cards until the mover holds one...
        state.apply(PLAYS[0])
    state.apply("d1")  # ...then swap it for a drawn card: playing it is the only move left
    assert len(state.legal_actions()) == 1
    bot = ISMCTSBot(0, SearchSettings(iterations=500))
    assert bot.choose(state.infoset(state.to_move())) == state.legal_actions()[0]
    assert bot.last_stats.iterations == 0


def test_deadline_stops_an_unbounded_search_with_a_legal_answer() -> None:
    state = GAME.new(4, seed=9)
    bot = ISMCTSBot(0, SearchSettings(iterations=None, deadline=0.02))
    action = bot.choose(state.infoset(state.to_move()))
    assert action in state.legal_actions()
    assert bot.last_stats.hit_deadline
    assert bot.last_stats.iterations >= 1


def test_deadline_before_any_iteration_falls_back_to_the_greedy_hook() -> None:
    state = GAME.new(2, seed=2)
    seat = state.to_move()

    def lowest(infoset, rng):
        return PLAYS[0]

    slow = BotKit(greedy=lowest)
    bot = ISMCTSBot(0, SearchSettings(iterations=None, deadline=1e-9), kit=slow)
    assert bot.choose(state.infoset(seat)) == lowest(state.infoset(seat), None)


@given(
    seed=st.integers(0, 10_000),
    moves=st.integers(0, 7),
    players=st.integers(2, 4),
    a=st.integers(0, 99),
    b=st.integers(100, 199),
    bot_seed=st.integers(0, 50),
)
def test_fair_hidden_facts_never_change_the_choice(
    seed: int, moves: int, players: int, a: int, b: int, bot_seed: int
) -> None:
    state = position(GAME, players, seed, moves)
    if state.is_over():
        return
    seat = state.to_move()
    one, two = twins(state, seat, a, b)
    assert one.view(seat, perfect_memory=True) == two.view(seat, perfect_memory=True)
    assert len(set(choices([state, one, two], seat, "ismcts:iterations=30", bot_seed))) == 1


def test_twins_really_differ_in_what_the_seat_cannot_see() -> None:
    state = GAME.new(3, seed=1)
    one, two = twins(state, 0, 1, 2)
    assert one.hands[0] == two.hands[0] == state.hands[0]
    assert (one.hands[1], one.hands[2]) != (two.hands[1], two.hands[2])


def test_team_seats_share_one_reward() -> None:
    state = position(GAME, 4, seed=4, moves=12, variant={"teams": True})
    rewards = _rewards(state, BotKit())
    assert rewards[0] == rewards[2] and rewards[1] == rewards[3] and rewards[0] == -rewards[1]


def test_search_beats_chance_two_players() -> None:
    wins = 0
    for g in range(60):
        bots = [ISMCTSBot(g, SearchSettings(iterations=150)), make_bot("random", g)]
        me = g % 2
        if me:
            bots.reverse()
        wins += _play(GAME.new(2, seed=1000 + g), bots).reward(me) == 1
    assert wins >= 38  # random vs random wins about half of these odd-trick games; search wins clearly more


def test_search_plays_for_its_team() -> None:
    wins = 0
    for g in range(40):
        team = g % 2  # the searching bots sit on team 0 (seats 0, 2) or team 1 (seats 1, 3)
        bots = [
            ISMCTSBot(g * 4 + s, SearchSettings(iterations=120)) if s % 2 == team else make_bot("random", s)
            for s in range(4)
        ]
        outcome = _play(GAME.new(4, seed=2000 + g, variant={"teams": True}), bots)
        wins += outcome.winning_teams == (team,)
    assert wins >= 24


def test_rollout_and_evaluate_hooks_are_used() -> None:
    calls = {"rollout": 0, "evaluate": 0}

    def rollout(state, rng):
        calls["rollout"] += 1
        return state.legal_actions()[0]

    def evaluate(state):
        calls["evaluate"] += 1
        return [0.0] * state.players

    state = GAME.new(3, seed=8)
    bot = ISMCTSBot(0, SearchSettings(iterations=20, rollout_depth=1), kit=BotKit(rollout=rollout, evaluate=evaluate))
    bot.choose(state.infoset(state.to_move()))
    assert calls["rollout"] > 0 and calls["evaluate"] > 0


@pytest.mark.parametrize(
    "bad",
    [
        {"iterations": 0},
        {"iterations": None, "deadline": None},
        {"deadline": -1.0},
        {"rollout_depth": -2},
        {"exploration": -0.1},
        {"candidates": -1},
        {"widening": -1.0},
        {"greedy_steps": -1},
        {"greedy_margin": -0.5},
        {"clock": "sundial"},
        {"tree_depth": -1},
        {"anchor": "oracle"},
        {"turns": -1},
    ],
)
def test_bad_settings_are_refused(bad: dict) -> None:
    with pytest.raises(ValueError):
        SearchSettings(**bad)


def test_determinized_samples_keep_own_hand() -> None:
    state = GAME.new(2, seed=3)
    rng = random.Random(0)
    for _ in range(5):
        assert state.infoset(0).determinize(rng).hands[0] == state.hands[0]
    assert PLAYS[0] in state.legal_actions()


def _lowest(infoset, rng):  # the hand is sorted: slot 1 holds the lowest card
    return min((a for a in infoset.legal_actions if a.kind == "play"), key=lambda a: a.slot)


def test_a_large_greedy_margin_keeps_the_greedy_pick() -> None:
    for seed in range(4):
        state = position(GAME, 2, seed=seed, moves=1)
        seat = state.to_move()
        bot = ISMCTSBot(seed, SearchSettings(iterations=60, greedy_margin=5.0), kit=BotKit(greedy=_lowest))
        assert bot.choose(state.infoset(seat)) == _lowest(state.infoset(seat), None)


def _highest(infoset, rng):
    return max((a for a in infoset.legal_actions if a.kind == "play"), key=lambda a: a.slot)


def test_a_planner_anchor_keeps_the_planners_pick_and_a_greedy_anchor_greedys() -> None:
    for seed in range(4):
        state = position(GAME, 2, seed=seed, moves=1)
        info = state.infoset(state.to_move())
        kit = BotKit(greedy=_lowest, planner=_highest)
        planned = ISMCTSBot(seed, SearchSettings(iterations=60, greedy_margin=5.0, anchor="planner"), kit=kit)
        assert planned.choose(info) == _highest(info, None)
        plain = ISMCTSBot(seed, SearchSettings(iterations=60, greedy_margin=5.0, anchor="greedy"), kit=kit)
        assert plain.choose(info) == _lowest(info, None)


def test_a_search_cut_short_plays_the_anchors_move() -> None:
    state = position(GAME, 2, seed=2, moves=1)
    info = state.infoset(state.to_move())
    assert len(info.legal_actions) > 2
    bot = ISMCTSBot(
        0,
        SearchSettings(iterations=1, greedy_margin=0.1, anchor="planner"),
        kit=BotKit(greedy=_lowest, planner=_highest),
    )
    assert bot.choose(info) == _highest(info, None)  # one iteration tried one other move at most


def test_root_candidates_limit_the_search_to_the_best_moves_and_greedys_pick() -> None:
    state = GAME.new(2, seed=6)
    seat = state.to_move()

    def prefer_high_tricks(s):  # a toy evaluation: tricks won so far, then cards left high
        return [float(s.tricks[p]) for p in range(s.players)]

    bot = ISMCTSBot(
        0, SearchSettings(iterations=50, candidates=1), kit=BotKit(evaluate=prefer_high_tricks, greedy=_lowest)
    )
    bot.choose(state.infoset(seat))
    searched = set(bot.last_stats.visits)
    assert _lowest(state.infoset(seat), None).code in searched
    assert len(searched) <= 2 < len(state.legal_actions())


def test_tree_depth_one_keeps_the_tree_at_the_root() -> None:
    state = GAME.new(2, seed=12)
    bot = ISMCTSBot(0, SearchSettings(iterations=80, tree_depth=1))
    root = bot.search(state.infoset(state.to_move()), random.Random(0))
    assert root.children and all(not child.children for child in root.children.values())


def test_a_cpu_clock_deadline_stops_the_search() -> None:
    state = GAME.new(4, seed=9)
    bot = make_bot("ismcts:iterations=none:deadline=0.02:clock=cpu", 0)
    assert bot.choose(state.infoset(state.to_move())) in state.legal_actions()
    assert bot.last_stats.hit_deadline and bot.last_stats.iterations >= 1


def test_reuse_carries_the_subtree_of_the_moves_played_since() -> None:
    """With ``reuse`` a bot starts its next decision from the node its tree reached along the public log."""
    state = GAME.new(2, seed=4)
    bot = make_bot("ismcts:iterations=200:reuse=yes", 3)
    seat = state.to_move()
    reused = []
    for _ in range(12):
        if state.is_over():
            break
        mover = state.to_move()
        if mover == seat and len(state.legal_actions()) > 1:
            action = bot.choose(state.infoset(mover))
            reused.append(bot.last_stats.reused)
            assert action in state.legal_actions()
        else:
            action = state.legal_actions()[0]
        state.apply(action)
    assert reused and reused[0] == 0 and any(r > 0 for r in reused[1:])
    assert not make_bot("ismcts:reuse=yes", 0, reproducible=True).settings.reuse  # the arena repeats exactly


def test_the_root_moves_come_from_the_infoset() -> None:
    """Every sample has the mover's own legal moves (its view lists them): the root is searched over exactly
    the infoset's moves, in its order."""
    state = position(GAME, 3, seed=2, moves=2)
    seat = state.to_move()
    infoset = state.infoset(seat)
    for k in range(5):
        assert infoset.determinize(random.Random(k)).legal_actions() == list(infoset.legal_actions)


def test_settings_cross_process_boundaries() -> None:
    """Reviews and the arena send settings to worker processes; the compiled build's frozen dataclass
    could not be unpickled (the worker died and the pool broke)."""
    import pickle

    from boardgamesbot.bots.ismcts import SearchSettings

    settings = SearchSettings(iterations=24, deadline=0.5, greedy_margin=0.3, anchor="planner", clock="cpu")
    assert pickle.loads(pickle.dumps(settings)) == settings


def test_turns_let_the_anchor_policy_finish_turns_before_the_leaf_is_valued() -> None:
    """With ``turns`` the anchor policy plays on from each new leaf until that many turns have ended (a turn:
    one seat's moves in a row). turns=1 only finishes the root mover's turn (here it moves again when it wins
    the trick), so every leaf is valued with another seat to move; turns=2 also plays the next seat's turn."""
    state = GAME.new(3, seed=5)
    seat = state.to_move()
    for turns in (0, 1, 2):
        movers: list[int] = []
        valued: list[int | None] = []  # who is to move when a leaf is valued

        def guide(infoset, rng, movers=movers):
            movers.append(infoset.seat)
            return _lowest(infoset, rng)

        def evaluate(s, valued=valued):
            valued.append(s.to_move())
            return [0.0] * s.players

        kit = BotKit(greedy=guide, evaluate=evaluate)
        bot = ISMCTSBot(0, SearchSettings(iterations=30, tree_depth=1, rollout_depth=0, turns=turns), kit=kit)
        bot.search(state.infoset(seat), random.Random(0))
        assert len(valued) == 30
        if turns == 0:
            assert not movers
        elif turns == 1:
            assert movers and set(movers) == {seat} and seat not in valued
        else:
            assert set(movers) - {seat}
