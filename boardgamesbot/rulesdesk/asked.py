"""Questions players really asked, each labelled with the intent that answers it: training data for the classifier.

A game's DeskKit may name an ``asked`` file (``games/<game>/asked.json``):

    {"about": "...", "questions": [{"intent": "ID", "variety": "en", "question": "..."}, ...]}

The knowledge base's paraphrases were written to cover each rule; these were
typed by people asking, with their slang, typos and detours, so they teach the
classifier (intent_model.py) how questions are really put. They never enter the
paraphrase index: a question close to one of them still has to be matched by
meaning. The project's spent tuning sets fill the file
(``scripts/label_asked.py``, which labels each question with the intent the
desk answers it from, when that answer is right); held-out sets never do
(tests/rulesdesk/test_asked.py).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from .faq import desk_file
from .question_file import read_question_file


@lru_cache(maxsize=16)
def asked_questions(game: str) -> tuple[tuple[str, str, str], ...]:
    """(intent id, variety, question) for every labelled question of a registered game (empty without a file)."""
    path = asked_path(game)
    if path is None:
        return ()
    return read_asked(path)


def read_asked(path: Path) -> tuple[tuple[str, str, str], ...]:
    """The file's entries; a malformed file is an error that names what is wrong."""
    return tuple(
        (i, v, q) for i, v, q in read_question_file(path, ("intent", "variety", "question"), "an asked-questions")
    )


def asked_path(game: str) -> Path | None:
    """The asked-questions file a registered game declares in its DeskKit, if any."""
    return desk_file(game, "asked")
