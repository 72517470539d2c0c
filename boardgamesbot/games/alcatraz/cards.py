"""The card set and the ability table: the only game data Alcatraz needs.

Cat cards are identified internally by an id 0..67 so every physical card
can be tracked to exactly one place; a card's value is ``VALUE[id]``. Card ids
never leave the engine (views and positions speak values only), because the
id would reveal the value of a face-down card.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from types import MappingProxyType
from typing import Final

CARD_VALUES: Final[tuple[int, ...]] = tuple(v for v in range(-3, 15) if v != 0)
COPIES = 4
VALUE: Final[tuple[int, ...]] = tuple(v for v in CARD_VALUES for _ in range(COPIES))  # ids in value order
NUM_CARDS: Final = len(VALUE)  # 68
FULL_COUNTS: Counter[int] = Counter(VALUE)
OBJECTIVES: tuple[int, ...] = tuple(range(4, 15))  # 11 objective cards, values unique
OBJECTIVES_SHOWN: Final = 3
PILES: Final = 2
MAX_ROW: Final = 5  # the Wild Prisoner row; no rule ever grows a row past its starting size

# Abilities a drawn card may carry. "look": look at one face-down card of your
# own row; "adjust": lay the card over one of your row cards as +1 or -1;
# "flip": lay it over one of your row cards to change that card's sign.
LOOK: Final = "look"
ADJUST: Final = "adjust"
FLIP: Final = "flip"
ABILITIES = (LOOK, ADJUST, FLIP)

# THE ability table (value -> ability). The publisher's figure with the real
# table was lost; docs/rules/alcatraz.md explains this default. To play the
# printed table, add it here under a new name: it becomes a variant choice.
ABILITY_TABLES: MappingProxyType[str, MappingProxyType[int, str]] = MappingProxyType(
    {
        "default": MappingProxyType(
            {
                7: LOOK,
                8: LOOK,
                9: LOOK,
                10: LOOK,
                11: ADJUST,
                12: ADJUST,
                13: FLIP,
                14: FLIP,
            }
        ),
        "none": MappingProxyType({}),
    }
)
DEFAULT_TABLE = "default"
#: Each table as views show it: value (as text, a JSON key) -> ability, by value.
ABILITY_NAMES: Final[dict[str, dict[str, str]]] = {
    name: {str(v): a for v, a in sorted(table.items())} for name, table in ABILITY_TABLES.items()
}

# Overlay effects as stored on a row card, with the value function they apply.
PLUS: Final = "p"
MINUS: Final = "m"
NEG: Final = "n"
OVERLAY_EFFECTS = (PLUS, MINUS, NEG)


def apply_overlays(value: int, effects: list[str] | tuple[str, ...]) -> int:
    """The value a row card counts for in a sum: overlays apply in the order laid."""
    for effect in effects:
        if effect == PLUS:
            value += 1
        elif effect == MINUS:
            value -= 1
        else:
            value = -value
    return value


def zero_pair(values: Sequence[int]) -> bool:
    """True when two of the chosen cards (as counted) add up to zero (AZ-ZERO-PAIR)."""
    n = len(values)
    for i in range(n - 1):  # plain loops: the engine and the bots ask this for every claim they weigh
        v = values[i]
        for j in range(i + 1, n):
            if v + values[j] == 0:
                return True
    return False


def total_of(values: Sequence[int]) -> int:
    """The sum of some counted values (a plain loop: compiled, ``sum`` is a generic call)."""
    total = 0
    for v in values:
        total += v
    return total


def fulfils(values: Sequence[int], objective: int) -> bool:
    """The fulfil rule, in one place: the counted values add up to the objective and no two of them
    add up to zero (AZ-SUCCESS, AZ-ZERO-PAIR). Engine, bots and rules desk all ask this function."""
    return total_of(values) == objective and not zero_pair(values)


def _check_tables() -> None:
    if list(VALUE) != sorted(VALUE):
        raise ValueError("card ids must be numbered in value order (samplers sort the ids)")
    for name, table in ABILITY_TABLES.items():
        for value, ability in table.items():
            if value not in CARD_VALUES or ability not in ABILITIES:
                raise ValueError(f"ability table {name!r} has a bad entry {value!r}: {ability!r}")


_check_tables()
