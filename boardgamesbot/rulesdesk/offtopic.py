"""Questions the rules do not settle: play time, strategy, who made the game, its price or age rating, and
questions about something else altogether.

The matcher always finds *some* intent, and a question made of game words ("how long does a game take?")
can score well on an unrelated one. A question of these kinds is answered only by an intent that was
written for it (one of its paraphrases asks the same kind of thing); otherwise the desk says it is not sure.

Questions about anything else ("what time is it?", "how many players are on a football team?") often use
game words in another sense, so word coverage alone does not catch them. ``glossary/not_rules.json`` holds
such questions, written for the purpose (trivia, other games' rules, sports, small talk, game words in other
senses); they train the intent classifier's ``OFF_TOPIC`` class (intents.py), never the paraphrase index, and
a question the classifier gives mostly to that class is answered only with "not sure".
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path

from .text import fold

OUTSIDE_RULES = re.compile(
    r"\bhow long (?:does|do|will|would|is|are)\b(?!.*\b(?:round|turn|rodada|ronda|vez)s?\b)"
    r"|\bhow (?:many|much) (?:minutes|hours|time)\b|\bplay ?time\b|\bplaying time\b"
    r"|(?<!\bem )\bquanto tempo\b|\bquantos minutos\b|\bduracao\b|\bdemora muito\b"
    r"|\b(?:best|good|winning|top|any|some|optimal|basic) (?:strateg\w+|tactics?|tips?)\b"
    r"|\bstrateg\w+ tips?\b|\btips? (?:to|for) (?:win|winning|beginners?)\b|\bhow (?:do i|to|can i) (?:get better|improve)\b"
    r"|\b(?:melhor|boa|boas|alguma|qual a) (?:estrategias?|taticas?|dicas?)\b|\bdicas? (?:para|pra) (?:ganhar|vencer)\b"
    r"|\bwho (?:designed|made|invented|created|publishes|published)\b|\bquem (?:criou|inventou|desenhou|fez|publica)\b"
    r"|\b(?:designer|publisher|editora|price|preco|how much does (?:it|the game) cost|quanto custa)\b"
    r"|\b(?:age|ages|idade|faixa etaria)\b.*\b(?:recommended|minimum|play|jogar|recomendada|minima)\b"
)


def outside_rules(question: str) -> bool:
    """Whether the question asks about play time, strategy, authorship, price or age, not a rule."""
    return OUTSIDE_RULES.search(fold(question.lower())) is not None


def written_for(paraphrases: Iterable[str]) -> bool:
    """Whether an intent was written for such a question (one of its paraphrases is one)."""
    return any(outside_rules(p) for p in paraphrases)


NOT_RULES_PATH = Path(__file__).parent / "glossary" / "not_rules.json"


@lru_cache(maxsize=1)
def not_rules_questions(path: Path = NOT_RULES_PATH) -> tuple[tuple[str, str], ...]:
    """(variety, question) for every question of the not-rules file; a malformed file is an error naming what
    is wrong (a missing file is an empty list: the classifier then has no off-topic class)."""
    from .question_file import read_question_file

    if not path.is_file():
        return ()
    return tuple((v, q) for v, q in read_question_file(path, ("variety", "question"), "a not-rules"))
