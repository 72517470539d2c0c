"""Pieces both adapters share: action masks, end-of-game rewards, agent names, view text.

Everything here works through the core protocol only (``State``/``Game``), so
the same adapter code serves every registered game and the test toy game.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..core.errors import IllegalAction

if TYPE_CHECKING:
    import numpy as np

    from ..core.capabilities import InteropKit
    from ..core.encoding import ViewEncoder
    from ..core.game import Game, State

AGENT_PREFIX = "player_"


def interop_kit(game: Game) -> InteropKit:
    """The game's research facts and encoder; a clear error for a game that declares none."""
    kit = game.interop_kit()
    if kit is None:
        raise LookupError(
            f"{game.name} declares no InteropKit (default players, game length bound, encoder), "
            "which the research adapters need"
        )
    return kit


def game_encoder(game: Game, encoder: ViewEncoder | None = None) -> ViewEncoder:
    """``encoder`` if given, else the one the game declares."""
    return encoder if encoder is not None else interop_kit(game).encoder()


def agent_name(seat: int) -> str:
    """PettingZoo's conventional agent name for a seat (``player_0`` ...)."""
    return f"{AGENT_PREFIX}{seat}"


def agent_seat(agent: str) -> int:
    """The seat behind an agent name; a clear error for anything else."""
    if not isinstance(agent, str) or not agent.startswith(AGENT_PREFIX) or not agent[len(AGENT_PREFIX) :].isdigit():
        raise KeyError(f"unknown agent {agent!r}: agents are named {AGENT_PREFIX}<seat>, e.g. {AGENT_PREFIX}0")
    return int(agent[len(AGENT_PREFIX) :])


class IndexCache:
    """Memoized ``action_to_index`` for one game configuration.

    Search bots ask for the legal moves at every step of every rollout, and the
    engine's codec costs a dataclass hash per action. Entries are keyed by
    object identity and keep the action alive, so an id can never be reused by
    another action while cached; engines that intern their actions hit every
    time, and engines that make fresh actions only refill a bounded cache.
    """

    __slots__ = ("entries", "limit")

    def __init__(self, limit: int = 20_000) -> None:
        self.entries: dict[int, tuple[Any, int]] = {}
        self.limit = limit

    def indices(self, state: State) -> list[int]:
        entries = self.entries
        out = []
        for action in state.legal_actions():
            entry = entries.get(id(action))
            if entry is None or entry[0] is not action:
                if len(entries) >= self.limit:
                    entries.clear()
                entry = entries[id(action)] = (action, state.action_to_index(action))
            out.append(entry[1])
        out.sort()
        return out


def legal_indices(state: State, cache: IndexCache | None = None) -> list[int]:
    """Dense indices of the legal actions, ascending (OpenSpiel requires the order)."""
    if cache is not None:
        return cache.indices(state)
    return sorted(state.action_to_index(action) for action in state.legal_actions())


def legal_mask(state: State, size: int, cache: IndexCache | None = None) -> np.ndarray:
    """0/1 int8 mask over the dense action space for the seat to move."""
    import numpy as np

    mask = np.zeros(size, dtype=np.int8)
    mask[legal_indices(state, cache)] = 1
    return mask


def final_rewards(state: State) -> list[float]:
    """Per-seat reward once over: +1 (team) win, 0 shared first place, -1 loss; zeros before."""
    outcome = state.outcome()
    if outcome is None:
        return [0.0] * state.players
    return [float(outcome.reward(seat)) for seat in range(state.players)]


def is_zero_sum(game: Game, players: int, variant: Mapping[str, Any]) -> bool:
    """True when win/loss/tie rewards always sum to zero: two teams of equal size.

    With two equal teams a win gives +1 to n seats and -1 to n seats, and a
    shared first place gives 0 to everyone. Any other shape (three seats, or a
    tie among two of three teams) does not sum to zero.
    """
    teams = game.teams(players, variant)
    return len(teams) == 2 and len(teams[0]) == len(teams[1])


def checked_action_index(index: Any, size: int) -> int:
    """``index`` as an int inside the dense action space, or IllegalAction saying why."""
    try:
        value = int(index)
        if value != index:
            raise ValueError(index)
    except (TypeError, ValueError):
        raise IllegalAction(
            "CORE-INDEX",
            f"action index must be a whole number, not {index!r}",
            f"o índice da ação deve ser um número inteiro, não {index!r}",
        ) from None
    if not 0 <= value < size:
        raise IllegalAction(
            "CORE-INDEX",
            f"action index {index!r} is outside 0..{size - 1}",
            f"o índice de ação {index!r} está fora de 0..{size - 1}",
        )
    return value


def view_text(view: Mapping[str, Any]) -> str:
    """Canonical one-line JSON of a view: equal views give equal text (infoset keys)."""
    return json.dumps(view, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
