"""Build the rules desk's indexes ahead of the first question: ``python -m boardgamesbot.rulesdesk.warm [GAME...]``.

A game's first question on an empty data dir builds what every later one reads
(ingest.py's index of the shared rulebooks, the vocabulary, the rule index, the
intent index with its two classifiers, all pickled under ``<data dir>/cache/``,
and the word list spelling correction reads): seconds of pure Python. ``bgb serve``
runs this module in a niced subprocess at start-up so that work never holds the
server's GIL, then loads the cached result in its own process (``warm``, again).
With no GAME it warms every built-in game with a knowledge base. Prints one line
per game with its seconds ("warm: GAME ready in S s": the server reads it, see
server/desk.py); an unknown game name is refused (exit 2) before any work.
"""

from __future__ import annotations

import contextlib
import os
import sys
import threading
import time
from collections.abc import Sequence

QUESTION = "How does the game end?"  # a plain question: what it builds, every first question builds
NICE = 10  # background work: the server's requests and bots come first


def knowledge_base_games() -> list[str]:
    """The built-in games with a rules-desk knowledge base (those whose first question builds classifiers)."""
    from ..core.registry import list_games
    from .faq import faq_path

    games = []
    for game in list_games():
        try:
            if faq_path(game) is not None:
                games.append(game)
        except Exception:  # an engine that does not import has no desk either
            continue
    return games


def unknown(games: Sequence[str]) -> list[str]:
    """The names in ``games`` the desk cannot answer about (no engine, no ingested or shared rulebook)."""
    from ..core.registry import list_games
    from .index import Index
    from .paths import index_path, shared_rulebooks

    known = set(list_games()) | set(Index(index_path()).games())
    return [g for g in games if g.strip().lower() not in known and not shared_rulebooks(g.strip().lower())]


def warm(game: str) -> float:
    """Do what ``game``'s first question does; the seconds it took (a fraction of one when all is cached)."""
    from .answer import ask
    from .lexicon import zipf

    start = time.perf_counter()
    ask(game, QUESTION)  # the rulebook index, the vocabulary, the rule index, the intent index and classifiers
    zipf("regra")  # the word list a misspelt question reads (a plain question may never open it)
    return time.perf_counter() - start


def _watch_parent() -> None:
    """Exit when the process that started this one is gone (a server killed outright leaves no builder)."""
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(3)

    threading.Thread(target=watch, name="bgb-warm-parent", daemon=True).start()


def main(argv: Sequence[str] | None = None) -> int:
    from ..core.errors import BGBError

    args = list(sys.argv[1:] if argv is None else argv)
    if any(a in ("-h", "--help") for a in args):
        print(__doc__)
        return 0
    games = [a.strip().lower() for a in args] or knowledge_base_games()
    bad = unknown(games)
    if bad:
        print(
            f"warm: unknown game {', '.join(map(repr, bad))}: not a built-in game and no ingested rulebook",
            file=sys.stderr,
        )
        return 2
    _watch_parent()
    with contextlib.suppress(OSError):  # not allowed here: build at the normal priority
        os.nice(NICE)
    total = time.perf_counter()
    for game in games:
        try:
            seconds = warm(game)
        except BGBError as exc:
            print(f"warm: {game}: {exc.message}", file=sys.stderr)
            return 2
        print(f"warm: {game} ready in {seconds:.2f} s", flush=True)
    print(f"warm: {len(games)} game(s) in {time.perf_counter() - total:.2f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
