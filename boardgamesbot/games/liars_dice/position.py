"""The one-line position text of Liar's Dice: a pure codec (text <-> fields), no engine imports.

::

    liars_dice players=3 seed=7 variant=ones_wild:yes past=2x3,3x3,liar|12356/22456/13446 bids=2x5 roll=1146/23556/1236

``past`` lists every finished round (``;``-separated) as its move codes, the
call last, then ``|`` and every cup as it was revealed (``/``-separated, ``-``
for a seat already out); ``bids`` are this round's bids so far; ``roll`` is
every cup now (``-`` for an empty cup; all ``-`` once the game is over).
Who bid what, the counts, who lost a die and who starts each round all follow
from these facts and the rules, so ``Game.from_position`` replays them through
the engine, which checks every move (docs/rules/liars_dice.md, "Position format").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ...core.errors import InvalidPosition
from ...core.fields import PositionFields
from .variants import OPTIONS

if TYPE_CHECKING:
    from .state import LiarsDiceState

NAME = "liars_dice"
TITLE = "Liar's Dice"
KEYS = ("players", "seed", "variant", "past", "bids", "roll")


@dataclass
class PastRound:
    """A finished round as written in ``past=``: its codes (the call last) and every revealed cup."""

    codes: list[str]
    dice: list[list[int]]


@dataclass
class PositionData:
    players: int
    seed: int
    variant: dict[str, Any]
    past: list[PastRound] = field(default_factory=list)
    bids: list[str] = field(default_factory=list)
    roll: list[list[int]] = field(default_factory=list)


def _cups(cups: list[list[int]]) -> str:
    return "/".join("".join(map(str, hand)) or "-" for hand in cups)


def _variant_text(variant: Mapping[str, Any]) -> str:
    parts = []
    for name, opt in OPTIONS.items():
        value = variant.get(name, opt.default)
        if value != opt.default:
            parts.append(f"{name}:{('yes' if value else 'no') if isinstance(value, bool) else value}")
    return ",".join(parts)


def encode(state: LiarsDiceState) -> str:
    """The position text of ``state`` (hidden dice included: for tests, analysis and rules questions)."""
    fields = [NAME, f"players={state.players}", f"seed={state.seed}"]
    variant = _variant_text(state.variant)
    if variant:
        fields.append(f"variant={variant}")
    past = ";".join(",".join(r.codes()) + "|" + _cups([list(d) for d in r.dice]) for r in state.rounds)
    fields.append(f"past={past or '-'}")
    fields.append("bids=" + (",".join(b.code for b in state.bids) or "-"))
    fields.append(f"roll={_cups(state.dice)}")
    return " ".join(fields)


def _read_cups(f: PositionFields, text: str, players: int, key: str) -> list[list[int]]:
    parts = text.split("/")
    if len(parts) != players:
        raise f.bad(
            f"{key} needs {players} cups separated by '/', got {len(parts)}",
            f"{key} precisa de {players} copos separados por '/', veio {len(parts)}",
        )
    cups: list[list[int]] = []
    for part in parts:
        if part == "-":
            cups.append([])
            continue
        if not part or any(ch not in "123456" for ch in part):
            raise f.bad(
                f"{key}: a cup is digits 1-6 (or - when empty), not {part!r}",
                f"{key}: um copo são dígitos de 1 a 6 (ou - se vazio), não {part!r}",
            )
        cups.append(sorted(int(ch) for ch in part))
    return cups


def decode(text: str) -> PositionData:
    """Split a position text into its fields; InvalidPosition names a malformed one."""
    tokens = text.split() if isinstance(text, str) else []
    if not tokens or tokens[0] != NAME:
        raise InvalidPosition(
            f"a {TITLE} position starts with the word {NAME}", f"uma posição de {TITLE} começa com a palavra {NAME}"
        )
    f = PositionFields(tokens[1:], TITLE)
    f.refuse_unknown(KEYS)
    f.require("players", "roll")
    players = f.as_int(f.text("players"), "players", low=2, high=6)
    seed = f.as_int(f.text("seed", "0"), "seed", low=0)
    variant: dict[str, Any] = {}
    for item in f.text("variant", "-").split(","):
        if item == "-":
            continue
        name, sep, value = item.partition(":")
        if not sep or name not in OPTIONS:
            raise f.bad(
                f"variant= lists name:value pairs of {', '.join(OPTIONS)}, not {item!r}",
                f"variant= lista pares nome:valor de {', '.join(OPTIONS)}, não {item!r}",
            )
        variant[name] = {"yes": True, "no": False}.get(value, value)
    data = PositionData(players, seed, variant)
    past = f.text("past", "-")
    for chunk in [] if past == "-" else past.split(";"):
        codes, sep, cups = chunk.partition("|")
        if not sep or not codes:
            raise f.bad(
                f"each past round is codes|cups, not {chunk!r}", f"cada rodada passada é jogadas|copos, não {chunk!r}"
            )
        data.past.append(PastRound(codes.split(","), _read_cups(f, cups, players, "past")))
    bids = f.text("bids", "-")
    data.bids = [] if bids == "-" else bids.split(",")
    data.roll = _read_cups(f, f.text("roll"), players, "roll")
    return data
