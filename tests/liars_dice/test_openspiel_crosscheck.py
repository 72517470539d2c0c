"""Single rounds against OpenSpiel's own ``liars_dice`` (C++): the same dice and bids, the same game.

What OpenSpiel plays (open_spiel/games/liars_dice/liars_dice.cc): two players, ``numdice`` dice each,
the highest face (6) wild, player 0 bids first, a bid is any (quantity 1..all dice, face 1..6) above the
last under ``bidding_rule`` (reset-face: more dice, or as many of a higher face; reset-quantity: a higher
face, or more of the same face), "Liar" once a bid exists, and the game ends with that one call: the
bidder loses if fewer dice than the bid show its face (sixes counting as every face), else the caller.
Our options matching it: dice=numdice, sixes_wild, one_round, bid_order quantity/face, no spot-on.
"""

from __future__ import annotations

import random

import pytest

pyspiel = pytest.importorskip("pyspiel")

from boardgamesbot import load_game  # noqa: E402
from boardgamesbot.games.liars_dice.state import LiarsDiceState  # noqa: E402

GAME = load_game("liars_dice")
RULES = {"quantity": "reset-face", "face": "reset-quantity"}


def _their_moves(spiel_state) -> list[str]:
    """OpenSpiel's legal moves in our codes ("2-5" -> "2x5", "Liar" -> "liar")."""
    player = spiel_state.current_player()
    out = []
    for action in spiel_state.legal_actions():
        text = spiel_state.action_to_string(player, action)
        out.append("liar" if text == "Liar" else text.replace("-", "x"))
    return out


def _their_action(spiel_state, code: str) -> int:
    player = spiel_state.current_player()
    for action in spiel_state.legal_actions():
        text = spiel_state.action_to_string(player, action)
        if ("liar" if text == "Liar" else text.replace("-", "x")) == code:
            return action
    raise AssertionError(f"OpenSpiel has no move {code}")


def _play_both(dice: int, order: str, seed: int, calls_early: bool) -> tuple[LiarsDiceState, object]:
    variant = {"dice": dice, "sixes_wild": True, "one_round": True, "bid_order": order}
    ours = GAME.new(2, seed=seed, variant=variant)
    assert isinstance(ours, LiarsDiceState)
    spiel = pyspiel.load_game("liars_dice", {"players": 2, "numdice": dice, "bidding_rule": RULES[order]})
    theirs = spiel.new_initial_state()
    for seat in range(2):  # OpenSpiel rolls through chance nodes: player 0's dice, then player 1's
        for face in ours.dice[seat]:
            assert theirs.is_chance_node()
            theirs.apply_action(face - 1)
    rng = random.Random(seed)
    while not ours.is_over():
        assert not theirs.is_terminal()
        assert theirs.current_player() == ours.to_move()
        legal = [a.code for a in ours.legal_actions()]
        assert sorted(legal) == sorted(_their_moves(theirs)), "the same bids and calls are legal"
        # random walks that call liar early as well as ones that climb to the top of the bid ladder
        code = "liar" if calls_early and "liar" in legal and rng.random() < 0.4 else rng.choice(legal)
        ours.apply(code)
        theirs.apply_action(_their_action(theirs, code))
    assert theirs.is_terminal()
    return ours, theirs


@pytest.mark.rule("LD-WILD-SIXES")
@pytest.mark.rule("LD-ONE-ROUND")
@pytest.mark.parametrize("order", ["quantity", "face"])
@pytest.mark.parametrize("dice", [1, 2, 3, 5])
def test_same_dice_and_bids_give_the_same_legal_moves_and_the_same_loser(dice: int, order: str) -> None:
    for seed in range(25):
        ours, theirs = _play_both(dice, order, seed, calls_early=seed % 2 == 0)
        outcome = ours.outcome()
        assert outcome is not None
        returns = theirs.returns()
        assert [outcome.reward(s) for s in range(2)] == returns, (seed, ours.to_position())
        loser = ours.rounds[0].loser
        assert returns[loser] == -1.0


@pytest.mark.rule("LD-RAISE-FACE")
def test_the_face_first_order_is_openspiels_reset_quantity() -> None:
    spiel = pyspiel.load_game("liars_dice", {"players": 2, "numdice": 2, "bidding_rule": "reset-quantity"})
    theirs = spiel.new_initial_state()
    for face in (2, 3, 4, 5):
        theirs.apply_action(face - 1)
    theirs.apply_action(_their_action(theirs, "3x4"))
    ours = GAME.new(2, seed=0, variant={"dice": 2, "sixes_wild": True, "one_round": True, "bid_order": "face"})
    ours.apply("3x4")
    assert sorted(a.code for a in ours.legal_actions()) == sorted(_their_moves(theirs))
    assert "1x5" in _their_moves(theirs) and "2x4" not in _their_moves(theirs)


def test_the_dense_action_space_has_openspiels_size_plus_spot() -> None:
    """OpenSpiel: 6 bids per die in play + Liar; we add the spot-on call (always there, legal only with spot_on)."""
    for dice in (1, 2, 5):
        spiel = pyspiel.load_game("liars_dice", {"players": 2, "numdice": dice})
        assert GAME.num_distinct_actions(2, {"dice": dice}) == spiel.num_distinct_actions() + 1
