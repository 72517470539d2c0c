"""Per-viewer replays, rebuilt from the record (seed + actions).

Frame k is what the viewer was sent after k actions: ``view(viewer)`` and
that action's events as the viewer may see them. Full positions and every
seat's view are added only when the room allows a reveal after the end.
"""

from __future__ import annotations

from typing import Any

from ..core.game import Game
from .storage import ActionData


def replay_frames(
    game: Game,
    players: int,
    seed: int,
    variant: dict[str, Any],
    actions: list[ActionData],
    viewer: int | None,
    lang: str,
    *,
    reveal: bool,
    only_step: int | None = None,
) -> list[dict[str, Any]]:
    """Frames for ``viewer`` (None: spectator); ``only_step`` keeps one frame."""
    state = game.new(players, seed=seed, variant=variant)
    frames: list[dict[str, Any]] = []

    def frame(step: int, act: ActionData | None, events: list[Any]) -> None:
        if only_step is not None and step != only_step:
            return
        out: dict[str, Any] = {
            "step": step,
            "action": None,
            "seat": None,
            "text": None,
            "bot": False,
            "view": state.view(viewer),
            "events": events,
        }
        if act is not None:
            out.update(action=act.code, seat=act.seat, text=game.describe_action(act.code, lang), bot=act.by_bot)
        if reveal:
            out["position"] = state.to_position()
            out["views"] = {str(s): state.view(s, perfect_memory=True) for s in range(players)}
        frames.append(out)

    frame(0, None, [])
    for act in actions:
        if only_step is not None and act.step > only_step:
            break
        events = state.apply(act.code)
        frame(act.step, act, [e.for_viewer(viewer) for e in events])
    return frames
