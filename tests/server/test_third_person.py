"""Move words for each viewer: the mover's own moves in the second person, everyone else's in the third."""

from __future__ import annotations

import re

import pytest
from server_helpers import Viewer, create

from boardgamesbot.core.registry import load_game


@pytest.mark.parametrize("name", ["crosswise", "alcatraz"])
def test_every_move_has_third_person_words(name: str) -> None:
    game = load_game(name)
    for action in game.actions.actions:  # type: ignore[attr-defined]
        for lang, second in (("en", r"\byour\b"), ("pt", r"\bsua\b")):
            others = game.describe_action(action, lang, mover=False)
            assert others and not re.search(second, others), (action.code, lang, others)
        assert game.describe_action(action, "en") == game.describe_action(action, "en", mover=True)


def test_alcatraz_peek_reads_in_the_third_person_for_the_others() -> None:
    game = load_game("alcatraz")
    assert game.describe_action("peek3", "en") == "look at card 3 of your row"
    assert game.describe_action("peek3", "en", mover=False) == "look at card 3 of their row"
    assert game.describe_action("peek3", "pt", mover=False) == "olhar a carta 3 da própria fileira"


def test_the_server_words_history_for_each_viewer(live) -> None:  # type: ignore[no-untyped-def]
    made = create(live.url, game="drawtricks", players=2, seats=[{"kind": "human"}, {"kind": "human"}])
    room, (t0, t1) = made["room"]["id"], [s["token"] for s in made["seats"]]
    a, b, watcher = Viewer(live.ws_url, room, t0), Viewer(live.ws_url, room, t1), Viewer(live.ws_url, room)
    a.send({"type": "move", "action": "p1", "turn": 0})
    mine = a.until("state", lambda m: m["last"] is not None)["last"]["text"]
    theirs = b.until("state", lambda m: m["last"] is not None)["last"]["text"]
    public = watcher.until("state", lambda m: m["last"] is not None)["last"]["text"]
    assert "your hand" in mine and "their hand" in theirs and "their hand" in public
