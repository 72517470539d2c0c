"""Bot levels' OpenSkill ratings, measured by rated arena games (``bgb ratings calibrate``).

The games are an ordinary arena run (same seeds, same seat rotation, bots with
iteration budgets and no deadlines, so a run repeats exactly); the ratings are
then updated game by game in game-index order, which makes them a pure function
of (game, players, bots, games, seed, variant) whatever ``jobs`` is. Each level
starts at the model's default (mu 25, sigma 25/3), like a new account, so a
bot's rating and a person's rating are on one scale.

The result is written to ``bot_ratings.json`` beside this file (the server seeds
its bot ratings from it) and, if asked, straight into a server database.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..core.errors import InvalidSetup
from ..core.outcome import Outcome
from ..core.registry import load_game
from .runner import ArenaConfig, GameResult, run_arena
from .skill import Skill, rate, team_ranks

DEFAULTS_FILE = Path(__file__).resolve().parent / "bot_ratings.json"
LEVELS = ("random", "greedy", "easy", "medium", "hard")


@dataclass
class Calibration:
    game: str
    players: int
    bots: tuple[str, ...]
    games: int
    seed: int
    variant: Mapping[str, Any] = field(default_factory=dict)
    ratings: dict[str, Skill] = field(default_factory=dict)
    played: dict[str, int] = field(default_factory=dict)
    seconds: float = 0.0

    def command(self) -> str:
        variant = "".join(f" --variant {k}={v}" for k, v in self.variant.items())
        return (
            f"bgb ratings calibrate {self.game} --players {self.players} --bots {','.join(self.bots)} "
            f"--games {self.games} --seed {self.seed}{variant}"
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "levels": {
                bot: {**self.ratings[bot].to_dict(), "games": self.played.get(bot, 0)}
                for bot in sorted(self.bots, key=lambda b: -self.ratings[b].ordinal)
            },
            "run": {
                "players": self.players,
                "bots": list(self.bots),
                "games": self.games,
                "seed": self.seed,
                "variant": dict(self.variant),
                "command": self.command(),
                "seconds": round(self.seconds, 1),
            },
        }


def rate_results(config: ArenaConfig, results: list[GameResult]) -> tuple[dict[str, Skill], dict[str, int]]:
    """OpenSkill ratings of the run's bots after its games, applied in game-index order."""
    game = load_game(config.game)
    teams = game.teams(config.players, config.variant)
    ratings = {bot: Skill() for bot in config.bots}
    played = dict.fromkeys(config.bots, 0)
    for result in sorted(results, key=lambda r: r.index):
        outcome = Outcome(
            scores=result.scores,
            winners=result.winners,
            termination=result.termination,
            ranking=result.ranking or tuple(sorted(range(config.players), key=lambda s: -result.scores[s])),
        )
        bot_of = [config.bots[entry] for entry in result.seats]
        before = [[ratings[bot_of[s]] for s in members] for members in teams]
        after = rate(before, team_ranks(outcome, teams))
        seen: set[str] = set()
        for members, new in zip(teams, after, strict=True):
            for seat, skill in zip(members, new, strict=True):
                bot = bot_of[seat]
                if bot in seen:  # a bot playing two seats of one team: its first seat's update counts
                    continue
                seen.add(bot)
                ratings[bot] = skill
                played[bot] += 1
    return ratings, played


def calibrate(
    game: str,
    players: int,
    bots: tuple[str, ...],
    games: int,
    seed: int,
    variant: Mapping[str, Any] | None = None,
    jobs: int = 1,
    on_result: Callable[[GameResult], None] | None = None,
) -> Calibration:
    """Play ``games`` rated games between ``bots`` and return their ratings."""
    if len(set(bots)) != len(bots):
        raise InvalidSetup("each bot level may be named once", "cada nível de robô pode aparecer uma vez")
    if len(bots) < players:
        raise InvalidSetup(
            f"name at least {players} levels so no level plays two seats of one game",
            f"indique pelo menos {players} níveis para nenhum nível jogar dois lugares da mesma partida",
        )
    config = ArenaConfig(game, players, bots, games, seed, dict(variant or {}))
    run = run_arena(config, jobs, on_result=on_result)
    ratings, played = rate_results(run.config, run.results)
    return Calibration(game, players, bots, len(run.results), seed, dict(variant or {}), ratings, played, run.seconds)


def load_defaults(path: Path = DEFAULTS_FILE) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def save_defaults(result: Calibration, path: Path = DEFAULTS_FILE) -> None:
    """Merge one game's calibration into the file (other games' entries stay)."""
    data = load_defaults(path)
    data[result.game] = result.to_dict()
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False, sort_keys=True) + "\n", encoding="utf-8")
