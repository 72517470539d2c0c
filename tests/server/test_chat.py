"""Room chat: two audiences that never mix, cleaned text, limits, mutes, history."""

from __future__ import annotations

from server_helpers import Viewer, create


def _room(live):  # type: ignore[no-untyped-def]
    made = create(live.url, game="drawtricks", players=3,
                  seats=[{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bia"}, {"kind": "human", "name": "Cai"}])  # fmt: skip
    return made["room"]["id"], [s["token"] for s in made["seats"]]


def _said(viewer: Viewer) -> list[str]:
    return [m["text"] for msg in viewer.messages if msg["type"] == "chat" for m in msg["messages"]]


def test_players_and_spectators_chat_apart_and_text_stays_text(live) -> None:  # type: ignore[no-untyped-def]
    room, tokens = _room(live)
    ana, bia = Viewer(live.ws_url, room, tokens[0]), Viewer(live.ws_url, room, tokens[1])
    watcher = Viewer(live.ws_url, room)
    hostile = "<img src=x onerror=alert(1)> \u202egnp.exe\u2066 hi\u200b\n there"
    ana.send({"type": "chat", "text": hostile})
    got = bia.until("chat", lambda m: m["messages"] and not m.get("reset"))["messages"][0]
    assert (
        got["text"] == "<img src=x onerror=alert(1)> gnp.exe hi there"
    )  # bidi and zero-width gone, markup kept as text
    assert got["seat"] == 0 and got["name"] == "Ana" and got["audience"] == "players"
    watcher.send({"type": "chat", "text": "spectators only"})
    watcher.until("chat", lambda m: any(x["text"] == "spectators only" for x in m["messages"]))
    ana.send({"type": "ping", "id": "x"})
    ana.until("pong")
    assert "spectators only" not in _said(ana) and "spectators only" not in _said(bia)
    assert all("<img" not in t for t in _said(watcher))
    # history: a new connection gets its own audience's messages only
    late = Viewer(live.ws_url, room, tokens[2])
    history = late.until("chat")
    assert history["reset"] and [m["text"] for m in history["messages"]] == [got["text"]]
    late_watcher = Viewer(live.ws_url, room)
    assert [m["text"] for m in late_watcher.until("chat")["messages"]] == ["spectators only"]


def test_chat_limits_and_mutes(live) -> None:  # type: ignore[no-untyped-def]
    room, tokens = _room(live)
    ana, bia, cai = (Viewer(live.ws_url, room, t) for t in tokens)
    ana.send({"type": "chat", "text": "x" * 1500})
    assert ana.until("error")["code"] == "bad_message"
    ana.send({"type": "chat", "text": " \u200b "})
    assert ana.until("error")["code"] == "bad_message"
    ana.send({"type": "chat", "text": "y" * 400})
    assert len(bia.until("chat", lambda m: not m.get("reset"))["messages"][0]["text"]) == 300
    for i in range(6):  # 5 in 10 s are allowed
        bia.send({"type": "chat", "text": f"spam {i}"})
    error = bia.until("error")
    assert error["code"] == "rate_limited" and error["retry_after"] >= 1
    # Cai mutes Bia: Bia's messages no longer reach Cai (and the mute lasts after a reload)
    cai.send({"type": "mute", "seat": 1, "on": True})
    assert cai.until("chat", lambda m: m.get("reset") and m["muted"])["muted"] == [1]
    cai.send({"type": "mute", "seat": 7})
    assert cai.until("error")["code"] == "bad_message"
    ana.send({"type": "chat", "text": "from ana"})
    cai.until("chat", lambda m: any(x["text"] == "from ana" for x in m["messages"]))
    reloaded = Viewer(live.ws_url, room, tokens[2])
    history = reloaded.until("chat")
    assert history["muted"] == [1] and all(m["seat"] != 1 for m in history["messages"])
    spectator = Viewer(live.ws_url, room)
    spectator.send({"type": "mute", "seat": 0})
    assert spectator.until("error")["code"] == "forbidden"
