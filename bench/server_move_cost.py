"""The server's own CPU per move, without sockets: the hub's path from a received move message to the
texts queued for every connection, with group commit to SQLite, in one process.

bench/server_load.py measures the whole server over real WebSockets (uvicorn's framing, the event
loop's wake-ups, the load client on the same cores); this isolates what the project's code costs per
move, so a change to it shows even on a busy machine. Each room has a connection per seat and one
spectator; every move goes through the WebSocket loop's own steps (message quota, JSON parsing,
``ws._handle`` -> ``Hub.move``: checks, apply, commit, ack, views, state messages for everyone).

    .venv/bin/python bench/server_move_cost.py --games 200
    env PYTHONPATH=/tmp/old .venv/bin/python bench/server_move_cost.py   # another checkout, same driver
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import tempfile
import time
from pathlib import Path
from typing import Any


async def main(args: argparse.Namespace) -> None:
    from boardgamesbot.server import ws
    from boardgamesbot.server.config import Settings
    from boardgamesbot.server.hub import Hub
    from boardgamesbot.server.protocol import parse_json
    from boardgamesbot.server.room import Connection

    settings = Settings(data_dir=Path(tempfile.mkdtemp(prefix="bgb-cost-")), bot_workers=0, bot_delay=0.0)
    settings.rooms_per_minute = settings.live_rooms_per_client = settings.max_live_rooms = 0
    hub = Hub(settings)
    await hub.start()
    rng = random.Random(args.seed)
    rooms: list[tuple[Any, dict[int, Connection]]] = []
    for _ in range(args.games):
        made = await hub.create_room(
            {"game": args.game, "players": args.players, "seats": [{"kind": "human"}] * args.players}
        )
        room = await hub.get_room(made["room"]["id"])
        conns = {}
        for seat in range(args.players):
            conns[seat] = Connection(seat, "en", 1 << 20, 1 << 40)
            await hub.connect(room, conns[seat])
        spectator = Connection(None, "en", 1 << 20, 1 << 40)
        await hub.connect(room, spectator)
        rooms.append((room, conns))

    def drain(conn: Connection) -> None:
        while not conn.queue.empty():
            text = conn.queue.get_nowait()
            if text is not None:
                conn.sent(text)

    # time the engine's own work (view, apply) to tell it from the server's
    engine = [0.0]
    state_type = type(rooms[0][0].state)

    def timed(fn: Any) -> Any:
        def wrapper(*a: Any, **k: Any) -> Any:
            t = time.thread_time()
            try:
                return fn(*a, **k)
            finally:
                engine[0] += time.thread_time() - t

        return wrapper

    state_type.view = timed(state_type.view)  # type: ignore[method-assign]
    state_type.apply = timed(state_type.apply)  # type: ignore[method-assign]
    moves = 0
    cpu0, wall0 = time.process_time(), time.perf_counter()
    live = list(rooms)
    while live:
        batch = []
        for room, conns in live:
            state = room.state
            if state.is_over():
                continue
            seat = state.to_move()
            view = room.view_for(seat)
            raw = json.dumps({"type": "move", "action": rng.choice(view["legal"]), "turn": view["turn"], "id": moves})
            batch.append((room, conns[seat], raw))
            moves += 1

        async def one(room: Any, conn: Connection, raw: str) -> None:
            hub.quotas.message(f"{id(conn)}")
            data = parse_json(raw, settings.max_message_bytes)
            await ws._handle(hub, room, conn, data.get("type"), data, data.get("id"))

        await asyncio.gather(*(one(*item) for item in batch))  # all rooms at once: group commit groups
        for room, _ in live:
            for conn in list(room.conns):
                drain(conn)
        live = [(room, conns) for room, conns in live if not room.state.is_over()]
    cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
    commits = hub.writer.commits
    await hub.stop()
    print(
        f"{args.games} {args.game} games ({args.players} players + a spectator each): {moves} moves, "
        f"{moves / max(1, commits):.1f} per commit"
    )
    print(
        f"server CPU per move (all threads): {cpu / moves * 1000:.3f} ms, of which the engine (State.view for "
        f"each seat and the spectator, State.apply) {engine[0] / moves * 1000:.3f} ms and the rest "
        f"{(cpu - engine[0]) / moves * 1000:.3f} ms; wall {wall / moves * 1000:.3f} ms"
    )
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--game", default="crosswise")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    asyncio.run(main(parser.parse_args()))
