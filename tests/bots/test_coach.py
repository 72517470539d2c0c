"""Hints and explanations (bots/coach.py): fair, repeatable, and still useful for a game without a LearnKit."""

from __future__ import annotations

from dataclasses import replace

import pytest
from helpers_fair import position, twins

from boardgamesbot.bots import make_bot
from boardgamesbot.bots.coach import HINT_SETTINGS, account, analyse, explain, hint, win_chance
from boardgamesbot.bots.ismcts import ISMCTSBot
from boardgamesbot.core import LearnKit, load_game
from boardgamesbot.testing import DrawTricksGame

FAST = replace(HINT_SETTINGS, iterations=60)


@pytest.mark.parametrize(
    ("name", "players", "seed", "moves"), [("crosswise", 2, 4, 14), ("alcatraz", 2, 8, 20), ("crosswise", 4, 2, 9)]
)
def test_a_hint_depends_only_on_the_seats_information(name: str, players: int, seed: int, moves: int) -> None:
    game = load_game(name)
    state = position(game, players, seed, moves)
    seat = state.to_move()
    one, two = twins(state, seat, 10, 11)
    hints = [hint(s.infoset(seat), settings=FAST, reproducible=True).to_dict("en") for s in (state, one, two)]
    assert hints[0] == hints[1] == hints[2]
    assert hints[0]["move"] in {a.code for a in state.legal_actions()}
    assert hints[0]["lines"], "the hint says why"


def test_a_hint_repeats_in_both_languages() -> None:
    game = load_game("alcatraz")
    state = position(game, 3, 12, 15)
    infoset = state.infoset(state.to_move())
    a = hint(infoset, settings=FAST, reproducible=True)
    b = hint(infoset, settings=FAST, reproducible=True)
    assert a.to_dict("pt") == b.to_dict("pt")
    assert a.to_dict("en")["move"] == a.to_dict("pt")["move"]
    assert a.to_dict("en")["lines"] != a.to_dict("pt")["lines"]


def test_think_is_what_choose_plays() -> None:
    """The measures a hint reads come from the same search a bot plays with: exposing them changes no move."""
    for name, seed in (("crosswise", 3), ("alcatraz", 5)):
        game = load_game(name)
        for moves in (3, 11, 24):
            state = position(game, 2, seed, moves)
            infoset = state.infoset(state.to_move())
            chosen = make_bot("hard:iterations=40", 7, reproducible=True).choose(infoset)
            bot = make_bot("hard:iterations=40", 7, reproducible=True)
            assert isinstance(bot, ISMCTSBot)
            thought, measured = bot.think(infoset)
            assert thought == chosen
            if len(infoset.legal_actions) > 1:
                assert measured and measured[0].visits >= measured[-1].visits
                assert all(-1.0 <= m.value <= 1.0 for m in measured)


def test_weighing_a_move_spends_the_budget_below_it() -> None:
    game = load_game("crosswise")
    state = position(game, 2, 5, 10)
    infoset = state.infoset(state.to_move())
    bot = ISMCTSBot(1, replace(FAST, iterations=50, deadline=None))
    move = infoset.legal_actions[0]
    weighed = bot.weigh(infoset, move)
    assert weighed.code == move.code and weighed.visits == 50
    assert bot.weigh(infoset, move) == weighed  # same seed, same stream: the same value
    with pytest.raises(ValueError):
        bot.weigh(load_game("crosswise").new(2, seed=1).infoset(1), move)


def test_an_account_weighs_the_move_that_was_made_even_a_poor_one() -> None:
    game = load_game("crosswise")
    state = position(game, 2, 7, 12)
    infoset = state.infoset(state.to_move())
    analysis = analyse(infoset, settings=FAST, reproducible=True)
    poor = next(a for a in infoset.legal_actions if a.code not in {m.code for m in analysis.measured})
    told = account(infoset, poor, settings=FAST, reproducible=True)
    assert told.move == poor.code and told.analysis.value_of(poor.code) is not None
    public = told.to_dict("en", private=False)
    assert "lines" not in public and "win_chance" not in public and public["public"]


class PlainGame(DrawTricksGame):
    """The test game without its LearnKit: hints must still name the move and its value."""

    name = "plaintricks"

    def learn_kit(self) -> LearnKit | None:
        return None


def test_a_game_without_a_learn_kit_still_gets_named_moves_and_values() -> None:
    game = PlainGame()
    state = game.new(2, seed=3)
    infoset = state.infoset(state.to_move())
    advice = hint(infoset, settings=FAST, reproducible=True).to_dict("pt")
    assert advice["text"] and advice["win_chance"] is not None
    assert any("%" in line for line in advice["lines"]) and advice["public"] == []
    assert explain(infoset, advice["move"]).lines == {"en": [], "pt": []}


def test_win_chance_counts_draws_half() -> None:
    assert (win_chance(-1.0), win_chance(0.0), win_chance(1.0), win_chance(3.0)) == (0, 50, 100, 100)
