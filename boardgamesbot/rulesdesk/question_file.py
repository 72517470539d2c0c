"""Reading a desk file of questions: ``{"about": "...", "questions": [{...}, ...]}``.

Both the asked questions (asked.py: intent, variety, question) and the not-rules questions (offtopic.py: variety,
question) are kept this way; a malformed file is an error that names the file and the entry, so a bad edit is
found when the index is built, not as a wrong answer later.
"""

from __future__ import annotations

import json
from pathlib import Path

from .faq import VARIETIES


def read_question_file(path: Path, keys: tuple[str, ...], kind: str) -> tuple[tuple[str, ...], ...]:
    """Each entry's values for ``keys`` (all strings; ``variety`` one of faq.VARIETIES), in file order."""
    data = json.loads(path.read_text(encoding="utf-8"))
    items = data.get("questions") if isinstance(data, dict) else None
    if not isinstance(items, list):
        raise ValueError(f"{path}: {kind} file is an object with a list under 'questions'")
    out = []
    for n, item in enumerate(items):
        if not isinstance(item, dict) or not all(isinstance(item.get(k), str) for k in keys):
            names = ", ".join(f"'{k}'" for k in keys[:-1]) + f" and '{keys[-1]}'"
            raise ValueError(f"{path}: entry {n} needs the strings {names}")
        if "variety" in keys and item["variety"] not in VARIETIES:
            raise ValueError(f"{path}: entry {n} has variety {item['variety']!r}; expected one of {VARIETIES}")
        out.append(tuple(item[k] for k in keys))
    return tuple(out)
