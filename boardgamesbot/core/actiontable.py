"""A game's whole action space as one table: text codes, dense indices, parsing.

Games intern every possible action once (so hot loops hand out shared
objects) and list them here; the table gives the three codecs every consumer
needs — text -> action, action -> dense index (RL masks), index -> action —
with the same refusals for every game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Generic, TypeVar

from .action import Action
from .errors import InvalidActionText

A = TypeVar("A", bound=Action)

#: A game's extra reading of text that is not an exact code: an action, or None to refuse with the usual
#: message; it may raise InvalidActionText itself to explain a near miss ("slots are 1-5").
Fallback = Callable[[str], "A | None"]


class ActionTable(Generic[A]):
    """Every action of a game in a fixed order; codes are matched after ``normalize``.

    ``expected_en``/``expected_pt`` describe what a move looks like, for error messages.
    """

    def __init__(
        self,
        actions: Sequence[A],
        expected_en: str,
        expected_pt: str,
        *,
        normalize: Callable[[str], str] = str.strip,
        fallback: Fallback[A] | None = None,
    ) -> None:
        self.actions: tuple[A, ...] = tuple(actions)
        self.expected_en = expected_en
        self.expected_pt = expected_pt
        self._normalize = normalize
        self._fallback = fallback
        self._index: dict[Action, int] = {}
        self._by_code: dict[str, A] = {}
        for i, action in enumerate(self.actions):
            if action in self._index:
                raise ValueError(f"action {action.code!r} is listed twice")
            self._index[action] = i
            self._by_code[normalize(action.code)] = action

    def __len__(self) -> int:
        return len(self.actions)

    def refuse(self, text: object) -> InvalidActionText:
        """The standard refusal for ``text``, naming what a move looks like."""
        return InvalidActionText(text if isinstance(text, str) else repr(text), self.expected_en, self.expected_pt)

    def parse(self, text: object) -> A:
        """Text code -> the interned action; InvalidActionText says what a code looks like."""
        if not isinstance(text, str):
            raise self.refuse(text)
        key = self._normalize(text)
        found = self._by_code.get(key)
        if found is not None:
            return found
        if self._fallback is not None:
            try:
                action = self._fallback(key)
            except InvalidActionText as exc:  # quote what the person typed, not our normalized key
                raise InvalidActionText(text, exc.expected, exc.expected_pt) from None
            if action is not None:
                return action
        raise self.refuse(text)

    def index(self, action: Action | str) -> int:
        """The dense index of ``action`` (or of a text code)."""
        if isinstance(action, str):
            action = self.parse(action)
        found = self._index.get(action)
        if found is None:
            raise self.refuse(action)
        return found

    def action(self, index: int) -> A:
        """The action at a dense index; a clear refusal outside 0..len-1 or for non-integers."""
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(self.actions):
            last = len(self.actions) - 1
            raise InvalidActionText(
                repr(index), f"an action index from 0 to {last}", f"um índice de jogada de 0 a {last}"
            )
        return self.actions[index]

    def __contains__(self, action: object) -> bool:
        return action in self._index
