"""`bgb ask` without Typer: a small argument parser, so a cold shell answers fast.

Accepts exactly what the Typer command accepts (GAME [QUESTION] --lang/-l
--position/-p --move/-m --json). Returns None for anything else (``--help``,
an unknown option, a missing game), so the full app answers that with its
usual help or error message.
"""

from __future__ import annotations

import json
import sys

OPTIONS = {"--lang": "lang", "-l": "lang", "--position": "position", "-p": "position", "--move": "move", "-m": "move"}


def parse(args: list[str]) -> dict[str, object] | None:
    found: dict[str, object] = {"lang": None, "position": None, "move": None, "json": False}
    positional: list[str] = []
    i = 0
    while i < len(args):
        arg = args[i]
        if arg == "--json":
            found["json"] = True
        elif arg in OPTIONS:
            if i + 1 >= len(args):
                return None
            found[OPTIONS[arg]] = args[i + 1]
            i += 1
        elif "=" in arg and arg.split("=", 1)[0] in OPTIONS:
            key, value = arg.split("=", 1)
            found[OPTIONS[key]] = value
        elif arg == "--":
            positional += args[i + 1 :]
            break
        elif arg.startswith("-") and not arg.lstrip("-+").replace(".", "").isdigit():
            return None
        else:
            positional.append(arg)
        i += 1
    if not 1 <= len(positional) <= 2:
        return None
    found["game"] = positional[0]
    found["question"] = positional[1] if len(positional) == 2 else ""
    return found


def quick_ask(args: list[str]) -> int | None:
    parsed = parse(args)
    if parsed is None:
        return None
    from ..core.errors import BGBError
    from .answer import ask

    lang = parsed["lang"]
    try:
        answer = ask(
            str(parsed["game"]),
            str(parsed["question"]),
            str(lang) if lang else None,
            position=str(parsed["position"]) if parsed["position"] is not None else None,
            move=str(parsed["move"]) if parsed["move"] is not None else None,
        )
    except BGBError as exc:
        print(f"error: {exc.text(str(lang) if lang in ('en', 'pt') else 'en')}", file=sys.stderr)
        return 2
    if parsed["json"]:
        print(json.dumps(answer.to_dict(), ensure_ascii=False, indent=2))
    else:
        sys.stdout.write(answer.render())
    return 0
