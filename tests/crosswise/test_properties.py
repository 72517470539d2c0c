"""Invariants over random 2-, 3- and 4-player games (hypothesis): tiles, secrecy, replay, positions, the end."""

from __future__ import annotations

import json
import random

from hypothesis import given
from hypothesis import strategies as st

from boardgamesbot import load_game
from boardgamesbot.games.crosswise.state import CrosswiseState
from boardgamesbot.games.crosswise.tiles import FULL_SET, TILE_KINDS

GAME = load_game("crosswise")

variants = st.fixed_dictionaries(
    {},
    optional={
        "opponent_six": st.sampled_from(["wins", "illegal"]),
        "stuck": st.sampled_from(["pass", "discard"]),
        "tiebreak": st.sampled_from(["draw", "best_line"]),
        "redraws": st.sampled_from([0, 1, 2, "unlimited"]),
        "first_player": st.sampled_from(["seat0", "seat1", "random"]),
    },
)


def tile_count(state: CrosswiseState) -> list[int]:
    counts = [0] * TILE_KINDS
    for t in state.board:
        if t >= 0:
            counts[t] += 1
    for hand in state.hands:
        assert min(hand) >= 0
        counts = [a + b for a, b in zip(counts, hand, strict=True)]
    for t in state.bag:
        counts[t] += 1
    for i, n in enumerate(state.used):
        counts[6 + i] += n
    return counts


def play(players: int, seed: int, variant: dict, pick: random.Random, check) -> CrosswiseState:
    state = GAME.new(players, seed=seed, variant=variant)
    for _ in range(2000):
        if state.is_over():
            return state
        check(state)
        legal = state.legal_actions()
        assert legal, "a running game always offers a move"
        state.apply(pick.choice(legal))
    raise AssertionError("game did not end within 2000 moves")


@given(
    players=st.sampled_from([2, 3, 4]),
    seed=st.integers(0, 2**40),
    pick=st.randoms(use_true_random=False),
    variant=variants,
)
def test_invariants_hold_after_every_action(players: int, seed: int, pick: random.Random, variant: dict) -> None:
    def check(state: CrosswiseState) -> None:
        assert tile_count(state) == list(FULL_SET)  # all 54 tiles, each exactly once
        text = state.to_position()
        assert GAME.from_position(text).to_position() == text

    state = play(players, seed, variant, pick, check)
    assert tile_count(state) == list(FULL_SET)
    out = state.outcome()
    assert out is not None and out.termination in {"six_of_a_kind", "board_full", "stalemate", "turn_cap"}
    assert out.termination != "turn_cap"  # the cap is never reached under these rules
    replayed = GAME.from_record(json.loads(json.dumps(state.to_record().to_dict())))
    assert replayed.to_position() == state.to_position()
    assert replayed.outcome() == out


@given(
    players=st.sampled_from([2, 3, 4]),
    seed=st.integers(0, 2**40),
    pick=st.randoms(use_true_random=False),
    variant=variants,
)
def test_views_hide_other_hands_and_the_bag(players: int, seed: int, pick: random.Random, variant: dict) -> None:
    def check(state: CrosswiseState) -> None:
        if pick.random() > 0.3:
            return
        for seat in range(players):
            view = state.view(seat)
            json.dumps(view)
            # rebuild a state from the view alone: the seat's view of it is the same view,
            # so nothing in the view depends on the hidden tiles
            other = GAME.determinize(state.view(seat, perfect_memory=True), random.Random(seat))
            assert other.view(seat) == view
            assert other.hands[seat] == state.hands[seat]
            assert other.board == state.board and other.used == state.used
            text = json.dumps(view)
            assert 'bag":' not in text.replace('bag_size":', "")
            spectator = state.view(None)
            assert spectator["hand"] is None and spectator["legal"] == []

    play(players, seed, variant, pick, check)


@given(
    players=st.sampled_from([2, 3, 4]),
    seed=st.integers(0, 2**40),
    pick=st.randoms(use_true_random=False),
    variant=variants,
)
def test_determinize_keeps_the_seats_knowledge_and_is_seeded(
    players: int, seed: int, pick: random.Random, variant: dict
) -> None:
    def check(state: CrosswiseState) -> None:
        if pick.random() > 0.2:
            return
        seat = state.to_move()
        assert seat is not None
        info = state.infoset(seat)
        a = info.determinize(random.Random(7))
        b = info.determinize(random.Random(7))
        assert a.to_position() == b.to_position()  # same seed, same sample
        assert tile_count(a) == list(FULL_SET)
        assert a.hands[seat] == state.hands[seat]
        assert [sum(h) for h in a.hands] == [sum(h) for h in state.hands]
        assert len(a.bag) == len(state.bag)
        for s in range(players):  # tiles the table saw go into a hand stay in that hand
            assert all(a.hands[s][k] >= state.known[s][k] for k in range(6))
            if state.stuck[s]:
                assert not any(a.hands[s][:6])
        assert sorted(x.code for x in a.legal_actions()) == sorted(x.code for x in info.legal_actions)
        if not a.is_over():  # a sample's own record replays it, moves made on it included
            a.apply(a.legal_actions()[0])
            assert GAME.from_record(a.to_record()).to_position() == a.to_position()

    play(players, seed, variant, pick, check)


@given(seed=st.integers(0, 2**40), players=st.sampled_from([2, 3, 4]))
def test_fast_random_action_is_always_legal(seed: int, players: int) -> None:
    state = GAME.new(players, seed=seed)
    rng = random.Random(seed)
    while not state.is_over():
        action = state.random_action(rng)
        assert action in state.legal_actions()
        state.apply(action)


def test_same_seed_and_moves_give_the_same_game() -> None:
    a, b = GAME.new(4, seed=123), GAME.new(4, seed=123)
    ra, rb = random.Random(1), random.Random(1)
    while not a.is_over():
        a.apply(ra.choice(a.legal_actions()))
        b.apply(rb.choice(b.legal_actions()))
        assert a.to_position() == b.to_position()
    assert a.outcome() == b.outcome()
    assert GAME.new(4, seed=124).to_position() != GAME.new(4, seed=123).to_position()
