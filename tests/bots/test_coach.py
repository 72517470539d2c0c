"""Hints and explanations (bots/coach.py): fair, repeatable, and still useful for a game without a LearnKit."""

from __future__ import annotations

from contextlib import nullcontext
from dataclasses import replace

import pytest
from helpers_fair import position, twins

from boardgamesbot.bots import make_bot
from boardgamesbot.bots.coach import HINT_SETTINGS, Analysis, account, analyse, explain, hint, win_chance
from boardgamesbot.bots.ismcts import ISMCTSBot
from boardgamesbot.core import LearnKit, MoveValue, load_game
from boardgamesbot.testing import DrawTricksGame, registered

FAST = replace(HINT_SETTINGS, iterations=60)


@pytest.mark.parametrize(
    ("name", "players", "seed", "moves"),
    [("crosswise", 2, 4, 14), ("alcatraz", 2, 8, 20), ("crosswise", 4, 2, 9), ("liars_dice", 2, 3, 3)],
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


def test_a_kept_anchor_move_never_calls_a_higher_rival_the_next_best() -> None:
    """A game's hard tuning may keep its planner's move unless the search is much surer (an anchor with a
    margin): the hint is then that move even when a rival measured higher, and the words must say so."""
    game = PlainGame()
    state = game.new(2, seed=3)
    infoset = state.infoset(state.to_move())
    chosen, rival, third = (a.code for a in state.legal_actions()[:3])
    measured = (MoveValue(chosen, -0.2, 500), MoveValue(rival, 0.4, 300), MoveValue(third, -0.6, 200))
    analysis = Analysis(infoset.seat, int(infoset.view["turn"]), chosen, measured, 1000, 0.1)
    lines = explain(infoset, chosen, analysis).lines
    assert lines["en"][0] == "Estimated win chance with this move: 40%."
    assert lines["en"][1].startswith(f"The search alone rated {game.describe_action(rival, 'en')} higher (70%)")
    assert lines["pt"][1].startswith(f"Só pela busca, {game.describe_action(rival, 'pt')} teve nota maior (70%)")
    assert not any("Next best" in line for line in lines["en"])
    lower = (MoveValue(chosen, 0.4, 500), MoveValue(rival, -0.2, 300))
    lines = explain(infoset, chosen, Analysis(infoset.seat, 0, chosen, lower, 1000, 0.1)).lines
    assert lines["en"][1] == f"Next best: {game.describe_action(rival, 'en')} (40%)."
    made = explain(infoset, third, analysis).lines  # a move made against the search's choice: simply worse
    assert made["en"][:2] == [
        "Estimated win chance with this move: 20%.",
        f"Better: {game.describe_action(rival, 'en')} (70%).",
    ]


def test_a_game_without_a_learn_kit_of_its_own_gets_generic_hints_and_reviews() -> None:
    """The built-in games that declare no LearnKit (a game added later, e.g. Liar's Dice) still get hints
    that name the move and its value, and reviews, from the bot kit alone."""
    from boardgamesbot.bots.kits import learn_kit
    from boardgamesbot.bots.review import REVIEW_SETTINGS, review
    from boardgamesbot.core.registry import builtin_games

    untaught = [load_game(n) for n in builtin_games() if learn_kit(load_game(n)).explain is None] + [PlainGame()]
    for game in untaught:
        state = position(game, game.min_players, 5, 2)
        advice = hint(state.infoset(state.to_move()), settings=FAST, reproducible=True)
        said = advice.to_dict("pt")
        assert said["move"] in {a.code for a in state.legal_actions()} and said["text"] != said["move"]
        assert said["win_chance"] is not None and said["public"] == [] and said["point"] == []
        players = [make_bot("random", 1 + s, reproducible=True) for s in range(state.players)]
        while not state.is_over():
            seat = state.to_move()
            state.apply(players[seat].choose(state.infoset(seat)))
        with registered(game) if game.name == PlainGame.name else nullcontext():  # a review loads it by name
            result = review(state.to_record(), 0, settings=replace(REVIEW_SETTINGS, iterations=20), weigh=10)
        assert result.decisions and all(d.legal >= 2 and d.loss >= 0 for d in result.decisions)
        assert [d.played for d in result.decisions] == [state.history[d.index].code for d in result.decisions]
        for mistake in result.mistakes:
            assert mistake.explanation.lines["en"], "a mistake is worded even without the game's own words"
