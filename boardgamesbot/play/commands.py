"""`bgb play` and `bgb replay`: terminal play for every registered game."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from ..core.errors import BGBError, InvalidSetup, InvalidVariant
from ..core.game import Game
from ..core.registry import load_game
from ..core.variant import parse_variant_args
from .texts import say


def _fail(err: BGBError, lang: str) -> typer.Exit:
    typer.echo(f"error: {err.text(lang)}", err=True)
    return typer.Exit(2)


def game_flags(game: Game, args: list[str]) -> dict[str, bool]:
    """The variant options switched on by the game's own flags (``CliFlag``); anything else is refused by name."""
    flags = {flag.flag: flag.option for flag in game.cli_flags}
    options: dict[str, bool] = {}
    for arg in args:
        if arg not in flags:
            known = ", ".join(flags) or "none"
            raise InvalidVariant(
                say("en", "game_flag", game=game.name, flag=arg, known=known),
                say("pt", "game_flag", game=game.name, flag=arg, known=known),
            )
        options[flags[arg]] = True
    return options


def register(app: typer.Typer) -> None:
    @app.command("play", context_settings={"allow_extra_args": True, "ignore_unknown_options": True})
    def play_cmd(
        ctx: typer.Context,
        game: Annotated[str, typer.Argument(help="the game to play (see `bgb games`)")],
        players: Annotated[int, typer.Option("--players", "-p", help="number of players")] = 2,
        seat: Annotated[
            int, typer.Option("--seat", help="your seat (0 moves first unless first_player says otherwise)")
        ] = 0,
        bots: Annotated[
            str,
            typer.Option(
                "--bots",
                help="bot for the other seats; a comma list cycles over them (random, greedy, easy, medium, hard, ...)",
            ),
        ] = "greedy",
        seed: Annotated[int | None, typer.Option("--seed", help="game seed (same seed + moves = same game)")] = None,
        lang: Annotated[str, typer.Option("--lang", help="en or pt")] = "en",
        record: Annotated[Path | None, typer.Option("--record", help="save the game record here")] = None,
        all_bots: Annotated[bool, typer.Option("--all-bots", help="bots play every seat; prints the game")] = False,
        variant: Annotated[list[str] | None, typer.Option("--variant", help="name=value (repeatable)")] = None,
        hints: Annotated[
            bool, typer.Option("--hints/--no-hints", help="allow `hint` (and `why` for bot moves) at the prompt")
        ] = True,
    ) -> None:
        """Play a game in the terminal against bots (type `help` for your moves, `?` for scores, `hint` for a hint).

        Games may add their own flags (e.g. `bgb play GAME --some-flag`); `bgb games` lists them.
        """
        from .session import PlaySession, make_setup

        try:
            chosen = load_game(game)
            options: dict[str, object] = dict(parse_variant_args(list(variant or [])))
            options.update(game_flags(chosen, list(ctx.args)))
            setup = make_setup(chosen, players, seat, bots, seed, lang, options, record, all_bots, hints)
            session = PlaySession(setup, sys.stdin, Console(highlight=False, soft_wrap=True))
        except BGBError as err:
            raise _fail(err, lang) from None
        code = session.run()
        raise typer.Exit(code)

    @app.command("replay")
    def replay_cmd(
        file: Annotated[Path, typer.Argument(help="a game record (JSON) saved by `bgb play --record`")],
        lang: Annotated[str, typer.Option("--lang", help="en or pt")] = "en",
        moves: Annotated[bool, typer.Option("--moves", help="also list every move")] = False,
    ) -> None:
        """Replay a game record, verify it, and print how the game ended."""
        from .replay import replay

        try:
            code = replay(file, Console(highlight=False, soft_wrap=True), lang, moves)
        except BGBError as err:
            raise _fail(err, lang) from None
        raise typer.Exit(code)

    @app.command("learn")
    def learn_cmd(
        game: Annotated[str, typer.Argument(help="the game to learn (see `bgb games`)")],
        lang: Annotated[str, typer.Option("--lang", help="en or pt")] = "en",
        practice: Annotated[
            bool, typer.Option("--practice/--no-practice", help="end with a short real game against `easy`")
        ] = True,
        seed: Annotated[int | None, typer.Option("--seed", help="seed of the practice game")] = None,
    ) -> None:
        """A guided first game: the rules step by step on a scripted deal, then a short game with hints."""
        from .learn import LearnSession

        try:
            if lang not in ("en", "pt"):
                raise InvalidSetup(f"--lang must be en or pt, not {lang!r}", f"--lang deve ser en ou pt, não {lang!r}")
            session = LearnSession(load_game(game), sys.stdin, Console(highlight=False, soft_wrap=True), lang)
            code = session.run(practice=practice, seed=seed)
        except BGBError as err:
            raise _fail(err, lang) from None
        raise typer.Exit(code)

    @app.command("review")
    def review_cmd(
        file: Annotated[Path, typer.Argument(help="a game record (JSON), e.g. saved by `bgb play --record`")],
        seat: Annotated[int, typer.Option("--seat", help="the seat to review (0 moved first)")],
        lang: Annotated[str, typer.Option("--lang", help="en or pt")] = "en",
        plot: Annotated[Path | None, typer.Option("--plot", help="draw the win chance over the game (PNG)")] = None,
        json_out: Annotated[Path | None, typer.Option("--json", help="also save the review as JSON")] = None,
        iterations: Annotated[
            int, typer.Option("--iterations", help="search iterations per decision (fixed: reproducible)")
        ] = 300,
        weigh: Annotated[int, typer.Option("--weigh", help="iterations to weigh the played and the best move")] = 150,
        seed: Annotated[int, typer.Option("--seed", help="review seed (same seed = same review)")] = 0,
        jobs: Annotated[int, typer.Option("--jobs", "-j", help="processes judging decisions side by side")] = 2,
    ) -> None:
        """Review one seat's decisions from what that seat knew: values, the three biggest mistakes, a plot."""
        from .reviewing import run_review

        try:
            if lang not in ("en", "pt"):
                raise InvalidSetup(f"--lang must be en or pt, not {lang!r}", f"--lang deve ser en ou pt, não {lang!r}")
            run_review(
                file,
                seat,
                Console(highlight=False, soft_wrap=True),
                lang=lang,
                iterations=iterations,
                weigh=weigh,
                seed=seed,
                jobs=jobs,
                plot=plot,
                json_out=json_out,
            )
        except BGBError as err:
            raise _fail(err, lang) from None
        raise typer.Exit(0)
