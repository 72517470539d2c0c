"""OpenSpiel registrations: pyspiel's own random simulation test, its ISMCTS and MCTS bots, and secrecy."""

from __future__ import annotations

import random
from typing import Any

import pytest

np = pytest.importorskip("numpy")
pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

from boardgamesbot.adapters.openspiel import BoardGameSpiel, load, register_game  # noqa: E402

# Random rollouts are cut short (a cut rollout scores 0 for everyone) so that complete
# games of search bots stay inside the test budget; the search logic is exercised all the same.
ROLLOUT_CAP = 30
# Random Alcatraz play rarely empties a row, so rounds run to the turn cap (40 turns per player
# by default: up to ~2,000 decisions with 5 players). The heavy checks use a cap of 6 turns per
# player -- still complete games with every rule and player count -- and one check runs the
# default-length game.
QUICK_TURN_CAP = 6


def _quick(case: Any) -> dict[str, Any]:
    variant = dict(case.variant)
    if case.game_name == "alcatraz":
        variant["turn_cap"] = QUICK_TURN_CAP
    return variant


def _load(case: Any, seed: int = 7, quick: bool = False) -> BoardGameSpiel:
    variant = _quick(case) if quick else case.variant
    return load(case.game(), players=case.players, seed=seed, encoder=case.encoder(), **variant)


def _random_walk(state: Any, rng: random.Random, steps: int) -> Any:
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_pyspiel_random_sim_test(case: Any) -> None:
    # serialize=False: pyspiel cannot save the random stream of a Python SAMPLED_STOCHASTIC game
    # (GetRNGState is C++-only); state serialization is checked separately below.
    pyspiel.random_sim_test(_load(case, quick=True), num_sims=2, serialize=False, verbose=False)


def test_pyspiel_random_sim_test_default_length_alcatraz() -> None:
    pytest.importorskip("boardgamesbot.games.alcatraz")
    pyspiel.random_sim_test(load("alcatraz", players=2, seed=3), num_sims=1, serialize=False, verbose=False)


def test_game_declares_itself(case: Any) -> None:
    game = _load(case)
    gtype, bgb = game.get_type(), case.game()
    assert gtype.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert gtype.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert game.num_players() == case.players
    assert game.num_distinct_actions() == bgb.num_distinct_actions(case.players, case.variant)
    assert game.max_game_length() >= 1
    teams = bgb.teams(case.players, case.variant)
    zero_sum = len(teams) == 2 and len(teams[0]) == len(teams[1])
    assert (gtype.utility == pyspiel.GameType.Utility.ZERO_SUM) == zero_sum
    assert game.min_utility() == -1.0 and game.max_utility() == 1.0


def test_strings_and_tensors_ignore_other_seats_hidden_facts(case: Any) -> None:
    """A resampled world (another guess at what a seat cannot see) looks the same to that seat.

    Worlds are sampled from the perfect-memory view, so the information state (perfect recall)
    must match exactly; the momentary observation may differ only in what the seat has seen
    before and a human might have forgotten, which the tensor check below pins down.
    """
    game = _load(case)
    rng = random.Random(5)
    state = game.new_initial_state()
    for _ in range(12):
        if state.is_terminal():
            break
        for seat in range(case.players):
            other = state.resample_from_infostate(seat, None)
            assert other.information_state_string(seat) == state.information_state_string(seat)
            assert other.information_state_tensor(seat) == state.information_state_tensor(seat)
        _random_walk(state, rng, 3)


def test_public_observer_sees_the_spectator_view_and_god_views_are_refused(case: Any) -> None:
    game = _load(case)
    state = _random_walk(game.new_initial_state(), random.Random(2), 6)
    public = game.make_py_observer(
        pyspiel.IIGObservationType(public_info=True, perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE)
    )
    text = public.string_from(state, 0)
    assert text == public.string_from(state, case.players - 1), "public facts are the same for every seat"
    assert '"seat":null' in text
    with pytest.raises(ValueError, match="god view"):
        game.make_py_observer(
            pyspiel.IIGObservationType(
                public_info=True, perfect_recall=False, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS
            )
        )


def test_state_serialization_round_trips(case: Any) -> None:
    game = _load(case)
    state = _random_walk(game.new_initial_state(), random.Random(4), 15)
    copy = game.deserialize_state(state.serialize())
    assert str(copy) == str(state)
    assert copy.history() == state.history()
    assert [copy.information_state_string(p) for p in range(case.players)] == [
        state.information_state_string(p) for p in range(case.players)
    ]


def test_clones_are_independent_and_equal(case: Any) -> None:
    game = _load(case)
    state = _random_walk(game.new_initial_state(), random.Random(6), 5)
    clone = state.clone()
    assert str(clone) == str(state)
    if not clone.is_terminal():
        clone.apply_action(clone.legal_actions()[0])
        assert clone.history() != state.history()


def test_same_seed_same_games(case: Any) -> None:
    a, b = _load(case, seed=3), _load(case, seed=3)
    assert [str(a.new_initial_state()) for _ in range(3)] == [str(b.new_initial_state()) for _ in range(3)]


def _play(game: BoardGameSpiel, bots: list[Any]) -> Any:
    state = game.new_initial_state()
    for _ in range(game.max_game_length() + 1):
        if state.is_terminal():
            break
        state.apply_action(bots[state.current_player()].step(state))
    assert state.is_terminal()
    return state


def test_openspiel_ismcts_plays_complete_games(two_player_case: Any) -> None:
    game = _load(two_player_case, quick=True)
    rs = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs, max_length=ROLLOUT_CAP)
    bots = [ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=8, random_state=rs) for _ in range(2)]
    state = _play(game, bots)
    assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])


def test_openspiel_mcts_plays_complete_games_on_sampled_worlds(two_player_case: Any) -> None:
    """MCTS needs a full state; it searches one world sampled from its own information set."""
    game = _load(two_player_case, quick=True)
    rs = np.random.RandomState(1)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs, max_length=ROLLOUT_CAP)
    searcher = mcts.MCTSBot(game, uct_c=2.0, max_simulations=8, evaluator=evaluator, random_state=rs)

    class SampledWorld:
        def step(self, state: Any) -> int:
            world = state.resample_from_infostate(state.current_player(), None)
            return searcher.step(world)

    state = _play(game, [SampledWorld(), SampledWorld()])
    assert sum(state.returns()) == 0.0


def test_load_by_name_and_parameters(toy: Any) -> None:
    name = register_game(toy)
    assert name == "bgb_drawtricks"
    assert register_game(toy) == name, "registering twice is harmless"
    game = pyspiel.load_game("bgb_drawtricks(players=4,teams=True,seed=1)")
    assert game.num_players() == 4
    assert game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    assert pyspiel.load_game("bgb_drawtricks(players=3)").get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    with pytest.raises(Exception, match="players"):
        pyspiel.load_game("bgb_drawtricks(players=9)")
    with pytest.raises(ValueError, match="32-bit"):
        load(toy, seed=2**40)


def test_illegal_actions_raise_the_engines_error_and_change_nothing(case: Any) -> None:
    from boardgamesbot.core.errors import IllegalAction

    game = _load(case)
    state = _random_walk(game.new_initial_state(), random.Random(3), 4)
    before, history = str(state), state.history()
    legal = set(state.legal_actions())
    illegal = [a for a in range(game.num_distinct_actions()) if a not in legal]
    if illegal:
        with pytest.raises(IllegalAction) as err:
            state.apply_action(illegal[0])
        assert err.value.rule_id
    with pytest.raises(IllegalAction):
        state.apply_action(game.num_distinct_actions())
    assert str(state) == before and state.history() == history
