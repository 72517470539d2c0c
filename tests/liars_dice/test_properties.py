"""Invariants over random 2- to 6-player games under every variant (hypothesis): dice, secrecy, samples, replay, the end."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from boardgamesbot import load_game
from boardgamesbot.games.liars_dice.game import max_game_length
from boardgamesbot.games.liars_dice.state import LiarsDiceState, round_cap

GAME = load_game("liars_dice")

variants = st.fixed_dictionaries(
    {},
    optional={
        "dice": st.integers(1, 5),
        "ones_wild": st.booleans(),
        "sixes_wild": st.booleans(),
        "bid_order": st.sampled_from(["quantity", "face"]),
        "spot_on": st.booleans(),
        "one_round": st.booleans(),
    },
)


def dice_accounted_for(state: LiarsDiceState) -> None:
    """Every die is in a cup: the start, minus one per loser, plus one per right spot-on call."""
    lost = sum(1 for r in state.rounds if r.loser is not None)
    won = sum(1 for r in state.rounds if r.gainer is not None)
    assert sum(state.counts) == state.players * state.start_dice - lost + won
    assert all(0 <= n <= state.start_dice for n in state.counts)
    if not state.is_over():
        assert [len(cup) for cup in state.dice] == state.counts
        assert all(cup == sorted(cup) and all(1 <= d <= 6 for d in cup) for cup in state.dice)


def views_hide_other_cups(state: LiarsDiceState) -> None:
    spectator = state.view(None)
    assert spectator["dice"] is None
    for seat in range(state.players):
        view = state.view(seat)
        assert json.loads(json.dumps(view)) == view
        assert view["dice"] == state.dice[seat]
        # the only cups a view carries are the viewer's own and the revealed ones of finished rounds
        assert {k: v for k, v in view.items() if k not in ("dice", "seat", "legal")} == {
            k: v for k, v in spectator.items() if k not in ("dice", "seat", "legal")
        }


@settings(max_examples=60, deadline=None)
@given(players=st.integers(2, 6), seed=st.integers(0, 2**31), variant=variants)
def test_random_games_keep_every_promise(players: int, seed: int, variant: dict[str, object]) -> None:
    state = GAME.new(players, seed=seed, variant=variant)
    assert isinstance(state, LiarsDiceState)
    rng = random.Random(seed)
    moves = 0
    while not state.is_over():
        dice_accounted_for(state)
        if moves % 7 == 0:
            views_hide_other_cups(state)
            assert GAME.from_position(state.to_position()).to_position() == state.to_position()
            seat = rng.randrange(players)
            view = state.view(seat, perfect_memory=True)
            sample = GAME.determinize(view, random.Random(moves))
            assert sample.view(seat, perfect_memory=True) == view
            assert sample.legal_actions() == state.legal_actions()
        # lean towards calls now and then so rounds end at every height of bid
        legal = state.legal_actions()
        state.apply(legal[0] if state.bids and rng.random() < 0.25 else rng.choice(legal))
        moves += 1
    dice_accounted_for(state)
    assert moves <= max_game_length(players, state.variant)
    assert len(state.rounds) <= round_cap(players, state.start_dice)
    outcome = state.outcome()
    assert outcome is not None and outcome.winners
    if outcome.termination == "last_player":
        assert sum(1 for n in state.counts if n) == 1
    replay = GAME.from_record(json.loads(state.to_record().to_json()))
    assert replay.to_position() == state.to_position() and replay.view(None) == state.view(None)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**31), cut=st.integers(0, 40))
def test_samples_keep_the_seat_and_reroll_only_hidden_cups(seed: int, cut: int) -> None:
    state = GAME.new(3, seed=seed)
    rng = random.Random(seed)
    for _ in range(cut):
        if state.is_over():
            return
        state.apply(rng.choice(state.legal_actions()))
    seat = state.to_move()
    assert seat is not None
    view = state.view(seat, perfect_memory=True)
    worlds = [GAME.determinize(view, random.Random(i)) for i in range(12)]
    for world in worlds:
        assert isinstance(world, LiarsDiceState)
        assert world.dice[seat] == state.dice[seat] and world.counts == state.counts
        assert world.rounds == state.rounds, "revealed rounds stay exactly as they were"
    others = {tuple(map(tuple, w.dice)) for w in worlds}
    assert len(others) > 1, "the other cups are rolled afresh"
