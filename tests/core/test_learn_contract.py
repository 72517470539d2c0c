"""The LearnKit contract, checked for every game that declares one (the built-ins and the shared test game).

A guided game must walk to its end with its expected answers, speak both
languages at every step, cite rules the game has, accept only legal moves and
explain legal ones it does not accept; explanations must give words in both
languages and keep to ``public`` only what every seat could know.
"""

from __future__ import annotations

import json
import random

import pytest

from boardgamesbot.bots.kits import learn_kit
from boardgamesbot.core import Game, load_game
from boardgamesbot.core.registry import builtin_games
from boardgamesbot.play.tutorial import BadProgress, NoTutorial, Walk, has_tutorial, tutorial_of
from boardgamesbot.testing import GAME as TEST_GAME

GAMES: list[Game] = [load_game(name) for name in builtin_games()] + [TEST_GAME]
WITH_TUTORIAL = [g for g in GAMES if learn_kit(g).tutorial is not None]
WITH_EXPLAIN = [g for g in GAMES if learn_kit(g).explain is not None]


def test_both_real_games_teach() -> None:
    assert {"crosswise", "alcatraz"} <= {g.name for g in WITH_TUTORIAL}
    assert {"crosswise", "alcatraz"} <= {g.name for g in WITH_EXPLAIN}


@pytest.mark.parametrize("game", [g for g in GAMES if g not in WITH_TUTORIAL], ids=lambda g: g.name)
def test_a_game_without_a_guided_game_is_refused_by_name(game: Game) -> None:
    """A game that declares no tutorial (Liar's Dice today) is not offered one, in words, in both languages."""
    assert not has_tutorial(game)
    with pytest.raises(NoTutorial) as refused:
        Walk.start(game)
    assert game.name in refused.value.message and refused.value.message_pt


@pytest.mark.parametrize("game", WITH_TUTORIAL, ids=lambda g: g.name)
def test_tutorial_walks_to_its_end_in_both_languages(game: Game) -> None:
    tut = tutorial_of(game)
    assert tut.title.get("en") and tut.title.get("pt") and tut.finale.get("en") and tut.finale.get("pt")
    game.check_players(tut.practice_players)
    game.resolve_variant(tut.practice_variant)  # the short real game that follows is a valid setup
    walk = Walk.start(game)
    assert walk.state.to_position() == game.from_position(tut.position).to_position() or walk.steps[0].play
    kinds = set()
    while not walk.finished:
        step = walk.step
        assert step is not None
        kinds.add(step.kind)
        assert step.say.get("en") and step.say.get("pt"), f"step {walk.index + 1} speaks both languages"
        if game.rules:
            assert step.rule in game.rules, f"step {walk.index + 1} cites a rule of the game, not {step.rule!r}"
        for key in step.point:
            assert isinstance(key, str) and key and (":" in key or key == "deck")
        if step.kind == "move":
            legal = set(walk.legal())
            for code in step.expect:
                assert game.parse_action(code).code in legal, f"step {walk.index + 1}: expected {code} is legal"
            for code, said in step.wrong.items():
                assert code in legal and code not in step.expect, f"step {walk.index + 1}: {code} is a legal wrong move"
                assert said.get("en") and said.get("pt")
            others = sorted(legal - {game.parse_action(c).code for c in step.expect})
            if others:  # a legal move that is not taught: refused with words, nothing changes
                before = walk.state.to_position()
                verdict = walk.answer(others[0])
                assert not verdict.ok and verdict.words.get("en") and verdict.words.get("pt")
                assert walk.state.to_position() == before
            verdict = walk.answer(step.expect[0])
        else:
            verdict = walk.answer("")
        assert verdict.ok
    assert "move" in kinds
    again = Walk.replay(game, walk.answers)  # the web server rebuilds walks from the answers
    assert again.finished and again.state.to_position() == walk.state.to_position()


@pytest.mark.parametrize("game", WITH_TUTORIAL, ids=lambda g: g.name)
def test_a_wrong_answer_list_is_refused(game: Game) -> None:
    with pytest.raises(BadProgress):
        Walk.replay(game, ["not-a-move"] * (len(tutorial_of(game).steps) + 1))


@pytest.mark.parametrize("game", WITH_TUTORIAL, ids=lambda g: g.name)
def test_an_illegal_move_gets_the_engines_rule(game: Game) -> None:
    walk = Walk.start(game)
    while walk.step is not None and walk.step.kind != "move":
        walk.answer("")
    verdict = walk.answer("zzz")
    assert not verdict.ok and verdict.engine and verdict.rule == "CORE-SYNTAX"


def _random_states(game: Game, count: int, seed: int) -> list:
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        state = game.new(game.min_players, seed=rng.randrange(10**6))
        for _ in range(rng.randrange(0, 40)):
            if state.is_over():
                break
            state.apply(rng.choice(state.legal_actions()))
        if not state.is_over():
            out.append(state)
    return out


@pytest.mark.parametrize("game", WITH_EXPLAIN, ids=lambda g: g.name)
def test_explanations_speak_both_languages_and_are_json_safe(game: Game) -> None:
    explain = learn_kit(game).explain
    assert explain is not None
    for state in _random_states(game, 12, 3):
        seat = state.to_move()
        infoset = state.infoset(seat)
        for action in list(infoset.legal_actions)[:6]:
            exp = explain(infoset, action, [])
            assert exp.lines.get("en") and exp.lines.get("pt"), action.code
            assert len(exp.lines["en"]) == len(exp.lines["pt"])
            json.dumps({"facts": exp.facts, "point": list(exp.point), "public": exp.public, "lines": exp.lines})


@pytest.mark.parametrize("game", WITH_EXPLAIN, ids=lambda g: g.name)
def test_public_words_use_only_what_every_seat_knows(game: Game) -> None:
    """Two worlds another seat cannot tell apart (they differ in the mover's secrets), and that it still cannot
    tell apart once the move is made (a move may reveal what it plays): the public words for that move are the
    same in both. So showing them to the other seats leaks nothing."""
    explain = learn_kit(game).explain
    assert explain is not None
    checked = 0
    for state in _random_states(game, 60, 11):
        mover = state.to_move()
        other = (mover + 1) % state.players
        view = state.view(other, perfect_memory=True)
        one = game.determinize(view, random.Random(1))
        two = game.determinize(view, random.Random(2))
        if one.to_move() != mover or two.to_move() != mover:
            continue
        both = {a.code for a in one.legal_actions()} & {a.code for a in two.legal_actions()}
        for code in sorted(both)[:12]:
            after_one, after_two = one.clone(), two.clone()
            after_one.apply(code)
            after_two.apply(code)
            if _seen(after_one, other) != _seen(after_two, other):
                continue  # the move itself shows the other seat a difference (a card played face up)
            a = explain(one.infoset(mover), game.parse_action(code), [])
            b = explain(two.infoset(mover), game.parse_action(code), [])
            assert a.public == b.public, code
            checked += 1
    assert checked >= 5


def _seen(state, seat: int) -> dict:
    return {k: v for k, v in state.view(seat, perfect_memory=True).items() if k != "log"}
