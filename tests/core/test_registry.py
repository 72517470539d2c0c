"""The public registry: built-in games are found by their folder; any game registers with register_game()."""

from __future__ import annotations

import pytest

from boardgamesbot.core import UnknownGame, list_games, load_game, register_game, unregister_game
from boardgamesbot.core.registry import builtin_games
from boardgamesbot.testing import GAME, DrawTricksGame, registered


def test_builtin_games_are_discovered_from_their_packages_and_load_by_name() -> None:
    assert set(builtin_games()) <= set(list_games())
    for name in builtin_games():
        game = load_game(name.upper())
        assert game.name == name and load_game(name) is game


def test_a_registered_game_is_listed_loaded_and_forgotten() -> None:
    assert GAME.name not in list_games()
    with registered():
        assert GAME.name in list_games() and load_game(GAME.name) is GAME
    assert GAME.name not in list_games()
    with pytest.raises(UnknownGame, match="known: "):
        load_game(GAME.name)


def test_another_game_under_a_taken_name_is_refused_unless_replacing() -> None:
    class Impostor(DrawTricksGame):
        pass

    with registered():
        with pytest.raises(ValueError, match="already registered"):
            register_game(Impostor())
        register_game(GAME)  # the same object again is harmless
        register_game(Impostor(), replace=True)
        assert isinstance(load_game(GAME.name), Impostor)
    unregister_game(GAME.name)


def test_only_game_objects_with_plain_names_register() -> None:
    class Shouting(DrawTricksGame):
        name = "Draw Tricks"

    with pytest.raises(TypeError):
        register_game("drawtricks")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="lower-case"):
        register_game(Shouting())
