"""`bgb`: the one command-line entry point.

Each area registers its own sub-commands from a small ``commands`` module
(play, arena, server, rulesdesk) so this file stays a table of contents.
"""

from __future__ import annotations

import importlib
import importlib.util

import typer

app = typer.Typer(
    name="bgb",
    help="BoardGamesBot: learn, look up and play tabletop games with a bot.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

COMMAND_MODULES = (
    "boardgamesbot.play.commands",
    "boardgamesbot.arena.commands",
    "boardgamesbot.server.commands",
    "boardgamesbot.rulesdesk.commands",
)


@app.callback()
def _root() -> None:
    """BoardGamesBot: learn, look up and play tabletop games with a bot."""


@app.command("games")
def games_cmd(
    details: bool = typer.Option(False, "--details", help="also list each game's variant options and flags"),
) -> None:
    """List the games BoardGamesBot knows (and, with --details, their options)."""
    from .core.registry import list_games, load_game

    for name in list_games():
        game = load_game(name)
        typer.echo(f"{name:12} {game.title['en']} ({game.min_players}-{game.max_players} players)")
        if not details:
            continue
        for flag in game.cli_flags:
            typer.echo(f"    {flag.flag:16} {flag.help_en} (same as --variant {flag.option}=true)")
        for option in game.variant_options.values():
            choices = f" [{', '.join(map(str, option.choices))}]" if option.choices else ""
            default = str(option.default).lower() if isinstance(option.default, bool) else option.default
            typer.echo(f"    --variant {option.name}={default}{choices}: {option.help_en}")


for _module in COMMAND_MODULES:
    if importlib.util.find_spec(_module.rsplit(".", 1)[0]) and importlib.util.find_spec(_module):
        importlib.import_module(_module).register(app)


def main() -> None:
    app()


if __name__ == "__main__":
    main()
