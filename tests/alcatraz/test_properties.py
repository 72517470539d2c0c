"""Property tests over random 2-5 player games, both row sizes: nothing lost, nothing leaked."""

from __future__ import annotations

import json
import random

from hypothesis import given
from hypothesis import strategies as st

from boardgamesbot.core import load_game
from boardgamesbot.games.alcatraz import policy
from boardgamesbot.games.alcatraz.cards import VALUE

GAME = load_game("alcatraz")

games = st.fixed_dictionaries(
    {
        "players": st.integers(2, 5),
        "seed": st.integers(0, 2**40),
        "wild": st.booleans(),
        "memory_aid": st.booleans(),
        "turn_cap": st.integers(2, 12),
        "style": st.sampled_from(["random", "rollout"]),
        # the readings a table may choose (docs/rules/alcatraz.md): views and determinize must hold under each
        "first_player": st.sampled_from(["seat0", "seat1", "random"]),
        "third_round": st.sampled_from(["all_totals", "tied_only"]),
        "empty_deck": st.sampled_from(["return_won", "discards_only"]),
        "optional_look": st.booleans(),
    }
)

OPTIONS = ("wild", "memory_aid", "turn_cap", "first_player", "third_round", "empty_deck", "optional_look")


def play(params: dict, check=None):
    """A whole game of random (or playout-policy) moves, calling ``check`` after every action."""
    variant = {name: params[name] for name in OPTIONS}
    state = GAME.new(params["players"], seed=params["seed"], variant=variant)
    rng = random.Random(params["seed"])
    limit = 3 * params["turn_cap"] * params["players"] * 6 + 60
    for _ in range(limit):
        if state.is_over():
            break
        legal = state.legal_actions()
        assert legal, "a live game always offers a move"
        action = policy.rollout_action(state, rng) if params["style"] == "rollout" else rng.choice(legal)
        assert action in legal
        state.apply(action)
        if check is not None:
            check(state)
    return state


def leaks(state, seat, perfect: bool) -> list[str]:
    """Places where the view shows a value the seat may not know."""
    view = state.view(seat, perfect_memory=perfect)
    json.dumps(view)
    bad = []
    bit = 0 if seat is None else 1 << seat
    for owner, row in enumerate(view["rows"]):
        for slot, card in enumerate(row):
            cid = state.rows[owner][slot]
            if card["v"] is not None:
                if card["v"] != VALUE[cid]:
                    bad.append(f"row {owner} slot {slot} shows a wrong value")
                if not state.up[cid] and not state.known[cid] & bit:
                    bad.append(f"row {owner} slot {slot} leaks a face-down value")
    held = view["held"]
    if held is not None and held["v"] is not None and not state.held_up and seat != state.current:
        bad.append("the drawn card leaks")
    if not perfect and not state.variant["memory_aid"] and any(p["cards"] is not None for p in view["piles"]):
        bad.append("buried discards shown without memory")
    return bad


@given(games)
def test_every_card_in_exactly_one_place_and_game_ends(params: dict) -> None:
    def check(state) -> None:
        assert len(state.card_places()) == 68
        assert len(state.objectives) + len(state.obj_deck) + len(state.obj_done) == 11

    state = play(params, check)
    assert state.is_over() and state.outcome() is not None
    out = state.outcome()
    assert out.termination in ("rounds_complete", "turn_cap")
    assert sorted(out.ranking) == list(range(params["players"])) and out.winners


@given(games)
def test_no_view_shows_a_face_down_value_its_seat_has_not_seen(params: dict) -> None:
    def check(state) -> None:
        for seat in (None, *range(state.players)):
            for perfect in (False, True):
                assert not leaks(state, seat, perfect), leaks(state, seat, perfect)

    play(params, check)


@given(games)
def test_replay_and_position_round_trip(params: dict) -> None:
    positions = []

    def check(state) -> None:
        if len(state.history) % 7 == 0:
            positions.append((state.to_position(), state.clone()))

    state = play(params, check)
    replayed = GAME.from_record(state.to_record())
    assert replayed.to_position() == state.to_position()
    assert replayed.history == state.history
    for text, snapshot in positions:
        again = GAME.from_position(text)
        assert again.to_position() == text
        for seat in (None, *range(snapshot.players)):
            a, b = again.view(seat, perfect_memory=True), snapshot.view(seat, perfect_memory=True)
            a.pop("log")
            b.pop("log")
            assert a == b
        # the same moves from both give the same game
        rng = random.Random(len(text))
        for _ in range(30):
            if snapshot.is_over():
                break
            action = rng.choice(snapshot.legal_actions())
            snapshot.apply(action)
            again.apply(action)
        assert again.to_position() == snapshot.to_position()


@given(games)
def test_determinize_keeps_the_seats_knowledge_and_hides_the_rest(params: dict) -> None:
    samples = []

    def check(state) -> None:
        if len(state.history) % 11 == 0 and not state.is_over():
            samples.append(state.clone())

    play(params, check)
    rng = random.Random(params["seed"])
    for state in samples[:6]:
        seat = state.to_move()
        view = state.view(seat, perfect_memory=True)
        guess = GAME.determinize(view, rng)
        assert len(guess.card_places()) == 68
        again = guess.view(seat, perfect_memory=True)
        for key in ("log", "turn"):
            again.pop(key)
            view.pop(key, None)
        assert again == view
        assert guess.legal_actions() == state.legal_actions()
        # a human's (forgetful) view determinizes too, and a spectator's
        GAME.determinize(state.view(seat), rng)
        GAME.determinize(state.view(None), rng)


def test_determinize_varies_what_the_seat_cannot_know() -> None:
    state = GAME.new(3, seed=12)
    for code in ("peek1", "peek2", "peek3"):
        state.apply(code)
    view = state.view(0, perfect_memory=True)
    rng = random.Random(0)
    opponents = {tuple(VALUE[c] for c in GAME.determinize(view, rng).rows[1]) for _ in range(20)}
    mine = {VALUE[GAME.determinize(view, rng).rows[0][0]] for _ in range(20)}
    assert len(opponents) > 10  # hidden cards are resampled ...
    assert mine == {VALUE[state.rows[0][0]]}  # ... the card seat 0 looked at is not
