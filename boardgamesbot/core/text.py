"""Text folding shared by the rules desk and the games' desk kits.

Players type "peca", "Peça" and "PEÇA" for one word; comparing folded text (lower case, accents removed) lets
every variant meet. The games' desk kits read questions too and may not import the rules desk, so the one
definition lives here.
"""

from __future__ import annotations

import unicodedata


def fold(text: str) -> str:
    """Lower-case and strip accents ("Peça" -> "peca")."""
    decomposed = unicodedata.normalize("NFKD", text.lower())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))
