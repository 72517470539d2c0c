"""The `bgb` console script: `bgb ask` answers without loading the full command-line app.

Typer and the other areas' commands cost a few hundred milliseconds to import;
a rules question from a cold shell should not pay for them. Everything else,
and any `ask` whose arguments the quick parser does not accept (``--help``,
a typo in an option), goes to the full app in cli.py, which prints its usual
help and errors.
"""

from __future__ import annotations

import sys


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "ask":
        from .rulesdesk.quick import quick_ask

        code = quick_ask(sys.argv[2:])
        if code is not None:
            raise SystemExit(code)
    from .cli import main as full

    full()


if __name__ == "__main__":
    main()
