"""The owner-epoch fence at the storage level (cluster mode's writes), on SQLite.

A takeover (``claim_room``) bumps the room's epoch; every write that carries the epoch a process held
before is refused and writes nothing: moves (group commit), seats, and the social side's clock and
lobby flag. Writes without an epoch (single-process mode) are never checked.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from boardgamesbot.server import social_store as db
from boardgamesbot.server.storage import ActionData, Fenced, RoomData, SeatData, Store


@pytest.fixture
def store(tmp_path: Path) -> Store:
    s = Store(f"sqlite:///{tmp_path / 'fence.sqlite3'}")
    s.create_room(
        RoomData(
            id="r1",
            game="drawtricks",
            players=2,
            variant={},
            seed=1,
            lang="en",
            options={"public": True},
            listed=True,
            seats=[SeatData(seat=0, kind="human", name="Ana"), SeatData(seat=1, kind="human", name="Bia")],
            epoch=1,
        )
    )
    return s


def test_a_takeover_refuses_every_write_of_the_previous_owner(store: Store) -> None:
    taken = store.claim_room("r1")
    assert taken is not None and taken.epoch == 2
    # moves: the old owner's group commit writes nothing for the room; the new owner's goes through
    assert store.append_actions([("r1", ActionData(step=1, code="p1", seat=0, by_bot=False), False)], {"r1": 1}) == {
        "r1"
    }
    assert (
        store.append_actions([("r1", ActionData(step=1, code="p2", seat=0, by_bot=False), False)], {"r1": 2}) == set()
    )
    # seats
    with pytest.raises(Fenced):
        store.save_seat("r1", SeatData(seat=1, kind="human", name="Stale"), epoch=1)
    store.save_seat("r1", SeatData(seat=1, kind="human", name="Bia 2"), epoch=2)
    # the clock and the lobby flag (social)
    late = datetime.now(UTC) + timedelta(minutes=5)
    db.save_clock(store, "r1", late, 1, {0: 10.0, 1: 20.0}, epoch=1)
    db.set_listed(store, "r1", False, epoch=1)
    room = store.load_room("r1")
    assert room is not None
    assert [a.code for a in room.actions] == ["p2"] and room.seats[1].name == "Bia 2"
    assert room.clock_deadline is None and [s.clock_left for s in room.seats] == [None, None] and room.listed
    db.save_clock(store, "r1", late, 1, {0: 10.0, 1: 20.0}, epoch=2)
    db.set_listed(store, "r1", False, epoch=2)
    room = store.load_room("r1")
    assert room is not None and room.clock_deadline == late and room.clock_turn == 1
    assert [s.clock_left for s in room.seats] == [10.0, 20.0] and not room.listed
    store.close()


def test_single_process_writes_carry_no_epoch_and_are_never_refused(store: Store) -> None:
    assert store.claim_room("r1") is not None  # even with the epoch moved on
    assert store.append_actions([("r1", ActionData(step=1, code="p1", seat=0, by_bot=False), False)]) == set()
    db.save_clock(store, "r1", None, None, {0: 5.0})
    db.set_listed(store, "r1", False)
    room = store.load_room("r1")
    assert room is not None and [a.code for a in room.actions] == ["p1"]
    assert room.seats[0].clock_left == 5.0 and not room.listed
    store.close()
