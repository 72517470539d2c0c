"""Game records: game + players + variant + seed + actions replays a game exactly."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import InvalidRecord

RECORD_FORMAT = 1


@dataclass
class GameRecord:
    game: str
    players: int
    seed: int
    variant: dict[str, Any] = field(default_factory=dict)
    actions: list[str] = field(default_factory=list)
    meta: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": RECORD_FORMAT,
            "game": self.game,
            "players": self.players,
            "seed": self.seed,
            "variant": dict(self.variant),
            "actions": list(self.actions),
            "meta": dict(self.meta),
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=1)

    @classmethod
    def from_dict(cls, data: Any) -> GameRecord:
        if not isinstance(data, dict):
            raise InvalidRecord("a game record must be a JSON object", "um registro de jogo deve ser um objeto JSON")
        fmt = data.get("format", RECORD_FORMAT)
        if fmt != RECORD_FORMAT:
            raise InvalidRecord(f"unsupported record format {fmt!r} (expected {RECORD_FORMAT})")
        try:
            game, players, seed = data["game"], data["players"], data["seed"]
        except KeyError as missing:
            raise InvalidRecord(
                f"game record lacks the field {missing.args[0]!r}", f"falta o campo {missing.args[0]!r} no registro"
            ) from None
        actions = data.get("actions", [])
        if not isinstance(game, str) or not isinstance(players, int) or not isinstance(seed, int):
            raise InvalidRecord("record fields game (text), players and seed (whole numbers) have wrong types")
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise InvalidRecord("record field actions must be a list of move codes (text)")
        variant = data.get("variant", {}) or {}
        if not isinstance(variant, dict):
            raise InvalidRecord("record field variant must be an object")
        return cls(
            game=game,
            players=players,
            seed=seed,
            variant=variant,
            actions=list(actions),
            meta=dict(data.get("meta", {}) or {}),
        )

    @classmethod
    def from_json(cls, text: str) -> GameRecord:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise InvalidRecord(
                f"game record is not valid JSON: {exc}", f"o registro de jogo não é JSON válido: {exc}"
            ) from None
        return cls.from_dict(data)

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.to_json() + "\n", encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path) -> GameRecord:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as exc:
            raise InvalidRecord(f"cannot read record file {str(path)!r}: {exc.strerror}") from None
        return cls.from_json(text)
