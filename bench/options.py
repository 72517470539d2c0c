"""What the table readings change (issue 18): the figures behind docs/balance.md, "Rule options".

Usage (from the repository root):

    .venv/bin/python bench/options.py first --games 2000 --jobs 2 --seed 11
    .venv/bin/python bench/options.py third --games 3000 --jobs 2 --seed 11
    .venv/bin/python bench/options.py deck --games 1000 --jobs 2 --seed 11
    .venv/bin/python bench/options.py all --json options.json ...

Every game is the arena's game of the same index (``arena.runner.game_seed``, bots seeded from the
game seed and their seat, no time caps), so ``bgb arena GAME -p N --bots greedy,... --seed S
--variant name=value`` plays exactly the same games; this script only records what the arena's
tables do not show:

- ``first``: who moved first, and whether that seat (or its team) won, with ``first_player=seat0``
  and ``first_player=random``; for three-player Crosswise also the lone player's results when they
  start and when they do not.
- ``third``: Alcatraz games reaching a third round, the players tied after round 2, and the final
  winners, with ``third_round=all_totals`` and ``tied_only`` (the same seeds, so rounds 1 and 2 are
  the same games under both readings; the script checks it).
- ``deck``: Alcatraz round lengths (turns per player), deck reshuffles, rounds ended by a dry deck,
  points and moves, with ``empty_deck=return_won`` and ``discards_only``, plain and Wild.

Win rates get 95% Wilson intervals, means a normal-approximation 95% interval. Greedy bots in every
seat unless ``--bot`` says otherwise. Note the machine's load (``uptime``) with the figures: it
changes only the wall time, never the results.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import statistics
import sys
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from boardgamesbot.arena.runner import game_seed
from boardgamesbot.arena.stats import mean_ci, wilson
from boardgamesbot.bots import make_bot
from boardgamesbot.core import load_game
from boardgamesbot.core.game import rng_for

Job = tuple[str, int, dict[str, Any], str, int, int]  # game, players, variant, bot, master seed, index


def play(job: Job) -> dict[str, Any]:
    """One arena game (same seeds as ``bgb arena``), with the facts the options change."""
    name, players, variant, bot, master, index = job
    game = load_game(name)
    seed = game_seed(master, index)
    state = game.new(players, seed=seed, variant=variant)
    bots = [make_bot(bot, rng_for(seed, f"bot:{s}").getrandbits(63), reproducible=True) for s in range(players)]
    first = state.to_move() if name == "crosswise" else state.view(None)["first"]  # type: ignore[index]
    rounds: list[dict[str, Any]] = []
    tied: list[int] | None = None
    dry: list[int] = []
    moves = 0
    while not state.is_over():
        seat = state.to_move()
        assert seat is not None
        before = getattr(state, "round", 0)
        for event in state.apply(bots[seat].choose(state.infoset(seat))):
            if event.kind == "round_end":
                public = event.public
                rounds.append({"turns": public["turns"], "scores": public["scores"], "capped": public["capped"]})
            elif event.kind == "deck_dry":
                dry.append(event.public["round"])
        moves += 1
        if name == "alcatraz" and before == 2 and getattr(state, "round", 0) == 3:
            tied = state.tied_seats()  # type: ignore[attr-defined]
    outcome = state.outcome()
    assert outcome is not None
    return {
        "index": index,
        "first": first,
        "winners": list(outcome.winners),
        "draw": outcome.is_draw,
        "scores": list(outcome.scores),
        "teams": game.teams(players),
        "rounds": rounds,
        "tied": tied,
        "dry": dry,
        "shuffles": getattr(state, "shuffles", 0),
        "moves": moves,
    }


def run(name: str, players: int, variant: dict[str, Any], bot: str, games: int, seed: int, jobs: int) -> list[dict]:
    todo: list[Job] = [(name, players, variant, bot, seed, i) for i in range(games)]
    if jobs <= 1:
        return [play(j) for j in todo]
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        return sorted(pool.map(play, todo, chunksize=8), key=lambda g: g["index"])


def rate(hits: int, n: int) -> str:
    if n == 0:
        return "— (0 games)"
    lo, hi = wilson(hits, n)
    return f"{100 * hits / n:.1f}% [{100 * lo:.1f}–{100 * hi:.1f}] ({hits}/{n})"


def mean(values: Iterable[float], digits: int = 2) -> str:
    vals = list(values)
    if not vals:
        return "—"
    m, lo, hi = mean_ci(vals)
    return f"{m:.{digits}f} [{lo:.{digits}f}–{hi:.{digits}f}]"


def won(g: dict, seats: Iterable[int]) -> bool:
    """Did one of ``seats`` win outright (not a shared first place)?"""
    return not g["draw"] and any(s in g["winners"] for s in seats)


def team_of(g: dict, seat: int) -> list[int]:
    return next(t for t in g["teams"] if seat in t)


# ---- first player -------------------------------------------------------------------------------------------
def first(args: argparse.Namespace, out: dict[str, Any], say: Callable[[str], None]) -> None:
    say("## first_player: seat0 against random (greedy bots)\n")
    for name, counts in (("crosswise", (2, 3, 4)), ("alcatraz", (2, 3, 4, 5))):
        for players in counts:
            for reading in ("seat0", "random"):
                games = run(name, players, {"first_player": reading}, args.bot, args.games, args.seed, args.jobs)
                n = len(games)
                firsts = [g["first"] for g in games]
                first_won = sum(won(g, team_of(g, g["first"])) for g in games)
                by_seat = [rate(sum(won(g, team_of(g, s)) for g in games), n) for s in range(players)]
                line = {
                    "game": name,
                    "players": players,
                    "first_player": reading,
                    "games": n,
                    "first_mover_side_wins": first_won,
                    "draws": sum(g["draw"] for g in games),
                    "starts_by_seat": [firsts.count(s) for s in range(players)],
                    "wins_by_seat": [sum(won(g, team_of(g, s)) for g in games) for s in range(players)],
                }
                say(f"{name} {players}p first_player={reading}: {n} games, draws {line['draws']}")
                say(f"  first mover's side wins: {rate(first_won, n)}")
                say(f"  starts by seat: {line['starts_by_seat']}")
                say(f"  wins by seat (its side won): {' · '.join(by_seat)}")
                if name == "crosswise" and players == 3:
                    lone_start = [g for g in games if g["first"] == 1]
                    pair_start = [g for g in games if g["first"] != 1]
                    say(
                        f"  lone player wins when starting: {rate(sum(won(g, [1]) for g in lone_start), len(lone_start))}"
                    )
                    say(
                        f"  lone player wins when a partner starts: "
                        f"{rate(sum(won(g, [1]) for g in pair_start), len(pair_start))}"
                    )
                    line["lone_start_wins"] = [sum(won(g, [1]) for g in lone_start), len(lone_start)]
                    line["pair_start_lone_wins"] = [sum(won(g, [1]) for g in pair_start), len(pair_start)]
                out.setdefault("first", []).append(line)
        say("")


# ---- third round --------------------------------------------------------------------------------------------
def third(args: argparse.Namespace, out: dict[str, Any], say: Callable[[str], None]) -> None:
    say("## third_round: all_totals against tied_only (Alcatraz, greedy bots, same seeds)\n")
    for players in (3, 4, 5):
        runs = {
            reading: run("alcatraz", players, {"third_round": reading}, args.bot, args.games, args.seed, args.jobs)
            for reading in ("all_totals", "tied_only")
        }
        for a, b in zip(runs["all_totals"], runs["tied_only"], strict=True):
            assert a["rounds"][:2] == b["rounds"][:2] and a["tied"] == b["tied"], "rounds 1-2 must be the same games"
        n = len(runs["all_totals"])
        for reading, games in runs.items():
            with_third = [g for g in games if g["tied"] is not None]
            outside = sum(1 for g in with_third if not set(g["winners"]) <= set(g["tied"]))
            decided = sum(1 for g in with_third if not g["draw"])
            shared = sum(1 for g in with_third if g["draw"])
            winners_sizes = [len(g["tied"]) for g in with_third]
            line = {
                "players": players,
                "third_round": reading,
                "games": n,
                "third_rounds": len(with_third),
                "tied_sizes": {str(k): winners_sizes.count(k) for k in sorted(set(winners_sizes))},
                "won_by_a_player_outside_the_tie": outside,
                "decided": decided,
                "still_shared": shared,
            }
            say(f"alcatraz {players}p third_round={reading}: {n} games")
            say(f"  games with a third round: {rate(len(with_third), n)}; tied players: {line['tied_sizes']}")
            say(f"  of those, won by a player outside the tie: {rate(outside, len(with_third))}")
            say(f"  of those, decided (one winner): {rate(decided, len(with_third))}; still shared: {shared}")
            out.setdefault("third", []).append(line)
        say("")


# ---- empty deck ---------------------------------------------------------------------------------------------
def deck(args: argparse.Namespace, out: dict[str, Any], say: Callable[[str], None]) -> None:
    say("## empty_deck: return_won against discards_only (Alcatraz, greedy bots)\n")
    for players in (4, 5):
        for wild in (False, True):
            for reading in ("return_won", "discards_only"):
                variant = {"empty_deck": reading, "wild": wild}
                games = run("alcatraz", players, variant, args.bot, args.games, args.seed, args.jobs)
                n = len(games)
                per_round: list[list[float]] = [[], []]
                for g in games:
                    for r, info in enumerate(g["rounds"][:2]):
                        per_round[r].append(info["turns"] / players)
                reshuffled = sum(1 for g in games if g["shuffles"] > 0)
                dry_games = sum(1 for g in games if g["dry"])
                dry_rounds = sum(len(g["dry"]) for g in games)
                all_rounds = sum(len(g["rounds"]) for g in games)
                capped = sum(1 for g in games for r in g["rounds"] if r["capped"])
                points = [statistics.fmean(g["scores"]) for g in games]
                line = {
                    "players": players,
                    "wild": wild,
                    "empty_deck": reading,
                    "games": n,
                    "turns_per_player": [statistics.fmean(r) for r in per_round],
                    "games_with_a_reshuffle": reshuffled,
                    "games_with_a_dry_round": dry_games,
                    "dry_rounds": dry_rounds,
                    "rounds": all_rounds,
                    "capped_rounds": capped,
                    "points_per_player": statistics.fmean(points),
                    "moves": statistics.fmean(g["moves"] for g in games),
                }
                label = f"alcatraz {players}p{' wild' if wild else ''} empty_deck={reading}: {n} games"
                say(label)
                say(f"  turns per player, round 1: {mean(per_round[0])}; round 2: {mean(per_round[1])}")
                say(f"  games where the deck was rebuilt at least once: {rate(reshuffled, n)}")
                say(
                    f"  games with a round ended by a dry deck: {rate(dry_games, n)} ({dry_rounds} of {all_rounds} rounds)"
                )
                say(f"  rounds stopped by the turn cap: {rate(capped, all_rounds)}")
                say(f"  points per player: {mean(points)}; moves per game: {mean([g['moves'] for g in games], 1)}")
                out.setdefault("deck", []).append(line)
        say("")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("what", choices=("first", "third", "deck", "all"))
    parser.add_argument("--games", type=int, default=1000, help="games per setting")
    parser.add_argument("--seed", type=int, default=11, help="master seed (the arena's --seed)")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (results do not depend on it)")
    parser.add_argument("--bot", default="greedy", help="the bot in every seat")
    parser.add_argument("--json", type=Path, default=None, help="also write the figures here")
    args = parser.parse_args()
    out: dict[str, Any] = {"games": args.games, "seed": args.seed, "bot": args.bot}
    started = time.perf_counter()

    def say(text: str) -> None:
        print(text, flush=True)

    for what, fn in (("first", first), ("third", third), ("deck", deck)):
        if args.what in (what, "all"):
            fn(args, out, say)
    say(f"({time.perf_counter() - started:.0f} s wall, {args.jobs} job(s))")
    if args.json:
        args.json.write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
