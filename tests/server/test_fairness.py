"""Bots of rooms with people in them are served before rooms with only bots."""

from __future__ import annotations

from server_helpers import Viewer, create


def test_a_persons_bot_answers_while_all_bot_rooms_keep_every_bot_busy(thinking, settings, toy) -> None:  # type: ignore[no-untyped-def]
    from server_helpers import LiveServer

    settings.bot_rooms_per_client = 10
    with LiveServer(settings) as live:
        for _ in range(4):  # more thinking all-bot rooms than the pool has workers
            create(live.url, game="drawtricks", players=2, seats=[{"kind": "bot", "bot": "easy"}] * 2)
        mine = create(
            live.url, game="drawtricks", players=2, seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}]
        )
        me = Viewer(live.ws_url, mine["room"]["id"], mine["seats"][0]["token"])
        me.send({"type": "move", "action": "p1", "turn": 0})
        reply = me.until("state", lambda m: m["step"] == 2)  # the bot's answer came, the busy rooms still think
        assert reply["last"]["seat"] == 1 and reply["last"]["bot"]
        thinking.set()
