"""The one-turn planner behind the stronger Alcatraz levels: what it does better than greedy, on
hand-built positions (that it reads only its seat's view is checked in test_policy.py)."""

from __future__ import annotations

import random
from collections import Counter

from boardgamesbot.bots import make_bot
from boardgamesbot.core import load_game
from boardgamesbot.games.alcatraz import planner
from boardgamesbot.games.alcatraz.cards import FULL_COUNTS

GAME = load_game("alcatraz")


def plan(state) -> str:
    return planner.planner_action(state.infoset(state.to_move()), random.Random(3)).code


def test_sure_claim_finds_known_sums_and_respects_the_zero_rule() -> None:
    assert planner.sure_claim([3, 9, None, 2], (12, 4, 5))[:2] == (2, 12)
    assert planner.sure_claim([5, 4, 3, None], (12, 4, 5))[:2] == (3, 12)  # three cards beat two
    assert planner.sure_claim([None, 9, None, 2], (12, 4, 5))[0] == 0  # unknown cards are no sure thing
    assert planner.sure_claim([3, -3, 4], (4,))[0] == 0  # 3 + -3 + 4 = 4 but a pair adds to zero


def test_row_value_counts_the_next_card() -> None:
    judge = planner.Judge(Counter(FULL_COUNTS), [12, 9, 7])
    known = ((5, ()), (None, ()), (None, ()), (None, ()))
    blank = ((None, ()),) * 4
    assert judge.value(known) > judge.value(blank)  # a known 5 is one card (7, 4, 2) from a sum
    assert judge.value(((5, ()), (7, ()), (None, ()), (None, ()))) >= 2  # a sum to claim now


def test_planner_claims_the_sum_that_leaves_the_better_row(build) -> None:
    state = build(["3@0 9@0 1@0 2", "1 2 3 4"], objectives=(12, 10, 5), phase="after_draw")
    assert plan(state) == "claim12"  # 3+9 (2 cards) or 9+1 (10) or ... 3+9 leaves 1, 2 and a new card
    state.apply("claim12")
    assert plan(state) == "use1-2"


def test_planner_peeks_at_a_middle_card(build) -> None:
    state = build(["1 2 3 4", "1 2 3 4"], phase="peek", peek_queue=[0, 1])
    assert plan(state) in ("peek2", "peek3")


def test_planner_covers_the_top_an_opponent_could_use(build) -> None:
    # Seat 1 shows a face-up 9; objective 12. The 3 on pile 1 would hand it a sum: cover it.
    state = build(
        ["1@0 2 3 4", "9^ 2 3 4"],
        objectives=(12, 13, 14),
        piles=([3], [6]),
        phase="pile",
        pending=[8],
        pile_next="after_draw",
    )
    assert plan(state) == "pile1"
    state = build(
        ["1@0 2 3 4", "9^ 2 3 4"],
        objectives=(12, 13, 14),
        piles=([6], [3]),
        phase="pile",
        pending=[8],
        pile_next="after_draw",
    )
    assert plan(state) == "pile2"


def test_planner_tries_a_long_shot_on_the_last_turn_of_the_game(build) -> None:
    rows = ["1@0 2 3 4", "5 6 7 8"]
    last = build(
        rows,
        objectives=(12, 13, 14),
        phase="after_draw",
        current=1,
        round=2,
        ending=True,
        round_scores=[[0, 0]],
        emptied=[0],
        last_emptier=0,
    )
    assert plan(last).startswith("claim")  # nothing to lose: unknown cards may still add up
    earlier = build(
        rows, objectives=(12, 13, 14), phase="after_draw", current=1, round=1, ending=True, emptied=[0], last_emptier=0
    )
    assert plan(earlier) == "end"  # in round 1 a failed claim throws known cards away


def test_planner_outscores_greedy() -> None:
    """Seeded, so it repeats: over 40 games with seats rotated the planner wins more and scores more."""
    wins = points = other = 0
    for game in range(40):
        state = GAME.new(2, seed=1000 + game)
        me = game % 2
        rngs = [random.Random(game), random.Random(game + 1)]
        greedy = make_bot("greedy", game)
        while not state.is_over():
            seat = state.to_move()
            info = state.infoset(seat)
            state.apply(planner.planner_action(info, rngs[seat]) if seat == me else greedy.choose(info))
        outcome = state.outcome()
        wins += me in outcome.winners and not outcome.is_draw
        points += outcome.scores[me]
        other += outcome.scores[1 - me]
    assert wins > 20 and points > other
