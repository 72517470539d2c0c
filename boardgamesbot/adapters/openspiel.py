"""OpenSpiel registrations: every BoardGamesBot game as a Python ``pyspiel`` game.

``register_games()`` registers ``bgb_<game>`` for every registered game that
declares an InteropKit; then e.g. ``pyspiel.load_game("bgb_<game>(players=3)")``
works like any OpenSpiel game. Parameters: ``players``, every variant option of
the game, and ``seed`` (-1 = fresh from ``secrets``).

Chance is SAMPLED_STOCHASTIC: the engines own their shuffles and draws (random
streams derived from the game's seed and what has happened, so a record of seed
+ actions replays exactly), and exposing each draw as an explicit chance node would need the
engines to publish their deck and bag distributions. Instead every initial
state gets the next seed from the game's seed stream, and imperfect
information is handled the way OpenSpiel's ISMCTS expects, through
``resample_from_infostate``, which calls the engine's view-only
``Game.determinize``. docs/interop.md explains the choice.

Observation and information-state strings and tensors come from the seat's
``view`` only: information state = the perfect-memory view (with the public
log, so it has perfect recall); observation = the view a human sees now; a
public observer (no private info) sees the spectator view. A request for every
player's private information (a god view) is refused.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Mapping
from typing import Any

import pyspiel

from ..core.encoding import ViewEncoder
from ..core.game import Game, State
from ..core.registry import list_games, load_game
from ..core.view import View
from .common import (
    IndexCache,
    checked_action_index,
    final_rewards,
    game_encoder,
    interop_kit,
    is_zero_sum,
    legal_indices,
    view_text,
)

PREFIX = "bgb_"


def spiel_name(game: Game) -> str:
    return f"{PREFIX}{game.name}"


class _Held:
    """The engine state plus the public log entries it does not carry itself.

    An engine may rebuild a world (``determinize``) or a position
    (``from_position``) without its history, yet OpenSpiel's information-state
    string must show the whole log (perfect recall) and equal the real state's
    for the same seat; ``prefix`` keeps the missing front of the log.

    pyspiel clones Python states by deep-copying their ``__dict__``; routing that
    through ``State.clone`` keeps clones cheap and exact. Pickling
    (``State.serialize``) stores the position text, which round-trips exactly.
    """

    __slots__ = ("cache", "index_of", "prefix", "state")

    def __init__(self, state: State, prefix: tuple[Any, ...] = (), index_of: IndexCache | None = None) -> None:
        self.state = state
        self.prefix = prefix
        self.index_of = IndexCache() if index_of is None else index_of  # shared by clones
        # OpenSpiel asks for strings and tensors of the same position many times (ISMCTS keys,
        # random_sim_test checks); views are cached per (seat, memory) until the next action.
        self.cache: dict[tuple[Any, ...], Any] = {}

    def view(self, seat: int | None, perfect_memory: bool) -> View:
        key = ("view", seat, perfect_memory)
        view = self.cache.get(key)
        if view is None:
            view = self.state.view(seat, perfect_memory=perfect_memory)
            if self.prefix:
                view["log"] = [*self.prefix, *view["log"]]
            self.cache[key] = view
        return view

    def text(self, seat: int | None, perfect_memory: bool) -> str:
        key = ("text", seat, perfect_memory)
        text = self.cache.get(key)
        if text is None:
            text = self.cache[key] = view_text(self.view(seat, perfect_memory))
        return text

    def public_log(self) -> list[Any]:
        return list(self.view(None, False)["log"])

    def __deepcopy__(self, memo: dict[int, Any]) -> _Held:
        return _Held(self.state.clone(), self.prefix, self.index_of)

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (self.state.game, self.state.to_position(), self.public_log()))


def _with_log(state: State, log: list[Any], index_of: IndexCache | None = None) -> _Held:
    """Wrap ``state`` so that its public log reads ``log`` (the engine's own log must end it)."""
    own = state.view(None)["log"]
    cut = len(log) - len(own)
    if cut < 0 or log[cut:] != own:
        raise RuntimeError(f"{state.game.name}: a rebuilt state's log is not the end of the original log")
    return _Held(state, tuple(log[:cut]), index_of)


def _rebuild(game: Game, position: str, log: list[Any]) -> _Held:
    return _with_log(game.from_position(position), log)


class BoardGameSpielState(pyspiel.State):
    """One position of the engine, seen through OpenSpiel's State API."""

    def __init__(self, game: BoardGameSpiel, state: State | _Held) -> None:
        super().__init__(game)
        self._held = state if isinstance(state, _Held) else _Held(state)

    @property
    def engine_state(self) -> State:
        """The underlying BoardGamesBot state (full information: for referees, not players)."""
        return self._held.state

    def current_player(self) -> int:
        seat = self._held.state.to_move()
        return pyspiel.PlayerId.TERMINAL if seat is None else seat

    def _legal_actions(self, player: int) -> list[int]:
        held = self._held
        return legal_indices(held.state, held.index_of) if player == held.state.to_move() else []

    def _apply_action(self, action: int) -> None:
        held = self._held
        index = checked_action_index(action, held.state.num_distinct_actions())
        held.state.apply(held.state.index_to_action(index))
        held.cache.clear()

    def _action_to_string(self, player: int, action: int) -> str:
        return self._held.state.index_to_action(int(action)).code

    def is_terminal(self) -> bool:
        return self._held.state.is_over()

    def returns(self) -> list[float]:
        return final_rewards(self._held.state)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any = None) -> BoardGameSpielState:
        """A full state drawn from ``player_id``'s information set (the engine's determinize).

        The sampler argument is accepted for API compatibility; the draw comes
        from the game object's seeded stream so a seeded search is repeatable.
        """
        game: BoardGameSpiel = self.get_game()
        held = self._held
        world = game.bgb_game.determinize(held.state.view(player_id, perfect_memory=True), game.sample_rng)
        return BoardGameSpielState(game, _with_log(world, held.public_log(), held.index_of))

    def view(self, seat: int | None, *, perfect_memory: bool) -> View:
        """The engine's view of ``seat``, its log completed with what a rebuilt world lacks (do not mutate)."""
        return self._held.view(seat, perfect_memory)

    def __str__(self) -> str:
        return self._held.state.to_position()


class BoardGameObserver:
    """OpenSpiel PyObserver over a seat's view: ``tensor``/``dict`` from the encoder, strings as JSON."""

    def __init__(self, game: BoardGameSpiel, iig_obs_type: Any, params: Mapping[str, Any] | None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; got {dict(params)}")
        if iig_obs_type is None:
            iig_obs_type = pyspiel.IIGObservationType(perfect_recall=False)
        if iig_obs_type.private_info == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("an observer with every player's private information (a god view) is not offered")
        if not iig_obs_type.public_info:
            raise ValueError("private-only observations are not offered: a view mixes public and private facts")
        self._private = iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        self._perfect_memory = bool(iig_obs_type.perfect_recall)
        self._encoder = game.encoder
        layout = game.encoder.layout(game.num_players(), game.variant)
        self._layout = layout
        self.tensor = layout.tensor
        self.dict = layout.dict

    def set_from(self, state: BoardGameSpielState, player: int) -> None:
        view = state.view(player if self._private else None, perfect_memory=self._perfect_memory)
        self._encoder.write(view, self._layout)

    def string_from(self, state: BoardGameSpielState, player: int) -> str:
        return state._held.text(player if self._private else None, self._perfect_memory)


class BoardGameSpiel(pyspiel.Game):
    """A BoardGamesBot game at one player count and variant, as a pyspiel Game."""

    bgb_game: Game
    encoder: ViewEncoder

    def __init__(self, bgb_game: Game, encoder: ViewEncoder, params: Mapping[str, Any] | None = None) -> None:
        params = dict(params or {})
        self.bgb_game = bgb_game
        self.encoder = encoder
        kit = interop_kit(bgb_game)
        players = int(params.pop("players", kit.default_players))
        seed = int(params.pop("seed", -1))
        bgb_game.check_players(players)
        self.variant = bgb_game.resolve_variant(params)
        self._seeds = random.Random(secrets.randbits(64) if seed < 0 else f"openspiel:{seed}")
        self.sample_rng = random.Random(self._seeds.getrandbits(64))
        self.index_of = IndexCache()  # action -> dense index, shared by every state of this game
        zero_sum = is_zero_sum(bgb_game, players, self.variant)
        game_type = _game_type(bgb_game, zero_sum)
        info = pyspiel.GameInfo(
            num_distinct_actions=bgb_game.num_distinct_actions(players, self.variant),
            max_chance_outcomes=0,
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0 if zero_sum else None,
            max_game_length=kit.max_game_length(players, self.variant),
        )
        super().__init__(game_type, info, {"players": players, "seed": seed, **self.variant})

    def new_initial_state(self) -> BoardGameSpielState:
        """A new game whose seed is the next one from this game's seed stream."""
        state = self.bgb_game.new(self.num_players(), seed=self._seeds.getrandbits(63), variant=self.variant)
        return BoardGameSpielState(self, _Held(state, index_of=self.index_of))

    def state_from_engine(self, state: State) -> BoardGameSpielState:
        """Wrap an existing engine state (e.g. one replayed from a record) for OpenSpiel tools."""
        if state.game is not self.bgb_game or state.players != self.num_players():
            raise ValueError(
                f"state is a {state.players}-player {state.game.name} game, "
                f"this is {self.num_players()}-player {self.bgb_game.name}"
            )
        return BoardGameSpielState(self, _Held(state, index_of=self.index_of))

    def make_py_observer(self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None) -> BoardGameObserver:
        return BoardGameObserver(self, iig_obs_type, params)


def _game_type(game: Game, zero_sum: bool) -> pyspiel.GameType:
    defaults: dict[str, Any] = {"players": interop_kit(game).default_players, "seed": -1}
    defaults.update({name: opt.default for name, opt in game.variant_options.items()})
    return pyspiel.GameType(
        short_name=spiel_name(game),
        long_name=f"BoardGamesBot {game.title['en']}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM if zero_sum else pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        provides_factored_observation_string=False,
        parameter_specification=defaults,
    )


_registered: dict[str, type[BoardGameSpiel]] = {}


def register_game(game: Game | str, encoder: ViewEncoder | None = None) -> str:
    """Register one game with pyspiel (idempotent) and return its OpenSpiel name.

    The factory handed to pyspiel is a class (as OpenSpiel's own Python games do),
    not a closure: pyspiel releases its factories during C++ shutdown, after
    Python has finalized, and freeing a plain function then aborts the
    interpreter; a class survives that release.
    """
    bgb_game = load_game(game) if isinstance(game, str) else game
    name = spiel_name(bgb_game)
    if name in _registered:
        return name
    enc = game_encoder(bgb_game, encoder)

    def __init__(self: BoardGameSpiel, params: Mapping[str, Any] | None = None) -> None:
        BoardGameSpiel.__init__(self, bgb_game, enc, params)

    factory = type(f"{type(bgb_game).__name__}Spiel", (BoardGameSpiel,), {"__init__": __init__})
    _registered[name] = factory
    pyspiel.register_game(_game_type(bgb_game, zero_sum=False), factory)
    return name


def register_games() -> list[str]:
    """Register every BoardGamesBot game that declares an InteropKit; returns their OpenSpiel names."""
    return [register_game(game) for game in map(load_game, list_games()) if game.interop_kit() is not None]


def load(
    game: Game | str, players: int | None = None, seed: int = -1, encoder: ViewEncoder | None = None, **variant: Any
) -> BoardGameSpiel:
    """Register (if needed) and load a game, e.g. ``load("<game>", players=2, **variant)``."""
    if isinstance(seed, bool) or not isinstance(seed, int) or not -1 <= seed < 2**31:
        raise ValueError(
            f"seed must be a whole number from 0 to 2**31-1 (OpenSpiel parameters are 32-bit), "
            f"or -1 for a fresh one; not {seed!r}"
        )
    name = register_game(game, encoder)
    params: dict[str, Any] = {"seed": seed, **variant}
    if players is not None:
        params["players"] = players
    return pyspiel.load_game(name, params)
