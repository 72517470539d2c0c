"""The keys every view carries, typed, and the helper games build them with.

A view is the only picture of a game that leaves an engine (to a screen, a
socket, a bot). Each game extends :class:`ViewBase` with its own typed keys
(``<Game>View``); generic code reads only these.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypedDict

from .errors import InvalidSetup

if TYPE_CHECKING:
    from .game import State


class ViewBase(TypedDict):
    """Common keys. ``turn`` is the state version (``State.ply``): actions applied so far."""

    game: str
    players: int
    variant: dict[str, Any]
    seat: int | None
    to_move: int | None
    over: bool
    outcome: dict[str, Any] | None
    turn: int
    legal: list[str]
    log: list[str]


#: What generic code calls a view: any game's view, read through its common keys.
View = ViewBase


def check_seat(seat: object, players: int) -> None:
    """Refuse a viewer that is neither None (spectator) nor a seat of this game."""
    if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players):
        raise InvalidSetup(
            f"seat must be 0 to {players - 1} (or none for a spectator), not {seat!r}",
            f"o lugar deve ser de 0 a {players - 1} (ou nenhum, para espectador), não {seat!r}",
        )


def base_view(state: State, seat: int | None, log: list[str], legal: list[str] | None = None) -> ViewBase:
    """The common keys for ``seat`` (None: spectator); ``log`` is the public list of move codes; ``legal``,
    when the game has them at hand, the codes of the legal actions (used only if ``seat`` is to move)."""
    check_seat(seat, state.players)
    to_move = state.to_move()
    outcome = state.outcome()
    if seat is None or seat != to_move:
        legal = []
    elif legal is None:
        legal = [a.code for a in state.legal_actions()]
    return {
        "game": state.game.name,
        "players": state.players,
        "variant": dict(state.variant),
        "seat": seat,
        "to_move": to_move,
        "over": state.is_over(),
        "outcome": outcome.to_dict() if outcome is not None else None,
        "turn": state.ply,
        "legal": legal,
        "log": log,
    }
