"""Post-game reviews: reproducible, the same in any number of processes, and blind to what the seat never saw.

The fairness test builds, for each game, a twin of a finished game that differs
only in cards or tiles the reviewed seat never saw (two undrawn cards of the
deck or bag swapped in the start position), checks that the seat's view is the
same at every one of its decisions in both games, and that its review is
identical.
"""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from boardgamesbot.bots import make_bot
from boardgamesbot.bots.review import REVIEW_SETTINGS, decision_points, review
from boardgamesbot.core import Game, GameRecord, State, load_game
from boardgamesbot.core.errors import InvalidSetup

SMALL = replace(REVIEW_SETTINGS, iterations=24)
WEIGH = 12


def play(game: Game, seed: int, bots: tuple[str, str] = ("greedy", "greedy"), variant: dict | None = None) -> State:
    state = game.new(2, seed=seed, variant=variant)
    players = [make_bot(spec, seed + i, reproducible=True) for i, spec in enumerate(bots)]
    while not state.is_over():
        seat = state.to_move()
        state.apply(players[seat].choose(state.infoset(seat)))
    return state


def _swap_field(text: str, name: str, final_left: int, sep: str) -> str:
    """Swap two different cards among the first ``final_left`` entries of a draw pile (drawn from the end:
    those were never drawn) in a position text."""
    match = re.search(rf"\b{name}=(\S+)", text)
    assert match
    items = list(match.group(1)) if sep == "" else match.group(1).split(sep)
    undrawn = items[:final_left]
    i = 0
    j = next((k for k in range(1, len(undrawn)) if undrawn[k] != undrawn[0]), None)
    assert j is not None, "the game must end with two different undrawn cards"
    items[i], items[j] = items[j], items[i]
    return text[: match.start(1)] + sep.join(items) + text[match.end(1) :]


def twin(game: Game, final: State) -> GameRecord:
    """The same game from a start position whose never-drawn cards differ; replays the same moves."""
    start = game.new(final.players, seed=final.seed, variant=final.variant)
    text = start.to_position()
    if game.name == "crosswise":
        text = _swap_field(text, "bag", len(final.bag), "")
    elif game.name == "alcatraz":
        assert final.shuffles == 0, "no reshuffle: the undrawn part of the deck is known"
        text = _swap_field(text, "deck", len(final.deck), ",")
    else:
        text = _swap_field(text, "deck", len(final.deck), ",")
    other = game.from_position(text)
    assert other.to_position() != start.to_position()
    for action in final.history:
        other.apply(action.code)
    return other.to_record()


# Crosswise seed 6 ends (on a six) with two kinds of tile left in the bag.
CASES = [("crosswise", 6), ("alcatraz", 4), ("drawtricks", 2)]


@pytest.mark.parametrize(("name", "seed"), CASES)
def test_a_review_never_uses_what_the_seat_did_not_see(name: str, seed: int) -> None:
    game = load_game(name)
    final = play(game, seed)
    record = final.to_record()
    other = twin(game, final)
    assert other.actions == record.actions
    for seat in range(2):
        mine = [(i, inf.view, a.code) for i, inf, a in decision_points(record, seat)]
        theirs = [(i, inf.view, a.code) for i, inf, a in decision_points(other, seat)]
        assert mine == theirs, "the twins look the same to the seat at every decision"
        a = review(record, seat, settings=SMALL, weigh=WEIGH).to_dict("en")
        b = review(other, seat, settings=SMALL, weigh=WEIGH).to_dict("en")
        assert a["decisions"] and a["decisions"] == b["decisions"] and a["mistakes"] == b["mistakes"]


def test_the_twins_differ_in_hidden_cards() -> None:
    game = load_game("crosswise")
    final = play(game, 6)
    assert twin(game, final).meta["position"] != game.new(2, seed=6).to_position()


def test_a_review_repeats_exactly_and_processes_change_nothing() -> None:
    game = load_game("drawtricks")
    record = play(game, 9).to_record()
    one = review(record, 0, settings=SMALL, weigh=WEIGH, seed=4).to_dict("pt")
    again = review(record, 0, settings=SMALL, weigh=WEIGH, seed=4, jobs=2).to_dict("pt")
    one.pop("seconds"), again.pop("seconds")
    assert one == again
    other_seed = review(record, 0, settings=replace(SMALL, iterations=60), weigh=WEIGH, seed=5).to_dict("pt")
    assert [d["played"] for d in other_seed["decisions"]] == [d["played"] for d in one["decisions"]]


def test_every_decision_with_a_choice_is_judged_and_forced_moves_are_not() -> None:
    game = load_game("alcatraz")
    final = play(game, 6)
    record = final.to_record()
    result = review(record, 1, settings=SMALL, weigh=WEIGH)
    replay = game.new(2, seed=final.seed, variant=final.variant)
    expected = []
    for index, action in enumerate(final.history):
        if replay.to_move() == 1 and len(replay.legal_actions()) > 1:
            expected.append(index)
        replay.apply(action)
    assert [d.index for d in result.decisions] == expected
    for d in result.decisions:
        assert -1.0 <= d.played_value <= 1.0 and -1.0 <= d.best_value <= 1.0 and d.loss >= 0
        assert (d.loss == 0) or d.best != d.played
    assert len(result.mistakes) <= 3
    assert all(m.explanation.lines["en"] and m.explanation.lines["pt"] for m in result.mistakes)
    assert result.outcome == final.outcome().to_dict()


def test_a_bad_seat_is_refused_by_name() -> None:
    record = play(load_game("drawtricks"), 1).to_record()
    with pytest.raises(InvalidSetup, match="--seat"):
        review(record, 5, settings=SMALL)


def test_random_play_loses_more_than_greedy_play() -> None:
    """A small, robust version of bench/review.py's quality check: the review tells a random player from a
    sensible one (the bench compares greedy with hard over 200 games)."""
    game = load_game("crosswise")
    losses = {"random": [], "greedy": []}
    for seed, bots in ((1, ("random", "greedy")), (2, ("greedy", "random"))):
        record = play(game, seed, bots).to_record()
        for seat, spec in enumerate(bots):
            losses[spec].append(review(record, seat, settings=replace(SMALL, iterations=40), weigh=20).average_loss)
    assert sum(losses["random"]) > 2 * sum(losses["greedy"]), losses
