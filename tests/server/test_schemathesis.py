"""Schemathesis against the app's own OpenAPI schema: generated requests to every endpoint, no 5xx.

The schema declares every body (schemas.py) and every query and path
parameter, so the generated cases (valid and invalid: wrong types, huge
numbers, odd characters, missing fields) reach the code that reads them. A
few real rooms are made first and the generated room ids are sometimes
swapped for them, so the seat, move and replay endpoints are reached too.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from server_helpers import LiveServer, create

from boardgamesbot.server.app import create_app
from boardgamesbot.server.config import Settings
from boardgamesbot.testing import GAME, registered

EXAMPLES_PER_ENDPOINT = 250
ROOMS: list[str] = []


# The schema the app publishes at /api/openapi.json (the test checks they are the same).
with registered():  # the live server below offers the shared test game too (it names the games as examples)
    schema = schemathesis.openapi.from_dict(create_app(Settings()).openapi())


@pytest.fixture(scope="module")
def api(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    from boardgamesbot.core import register_game, unregister_game

    register_game(GAME)
    config = Settings(
        data_dir=tmp_path_factory.mktemp("schemathesis"), bot_workers=0, bot_delay=0.0, bot_time_limit=2.0
    )
    config.rooms_per_minute = 200  # generated rooms stop at the quotas (429) soon enough anyway
    with LiveServer(config) as live:
        ROOMS.clear()
        ROOMS.append(create(live.url, game="drawtricks", players=2)["room"]["id"])
        done = create(live.url, game="drawtricks", players=2, seats=[{"kind": "bot", "bot": "random"}] * 2)
        ROOMS.append(done["room"]["id"])
        assert httpx.get(f"{live.url}/api/openapi.json").json() == schema.raw_schema
        yield live.url
    unregister_game(GAME.name)


SWAPS = itertools.count()


@schemathesis.hook
def map_path_parameters(context: Any, path_parameters: dict[str, Any] | None) -> dict[str, Any] | None:
    """Three generated room ids in five become a real room (one waiting for a player, one finished)."""
    n = next(SWAPS)
    if path_parameters and "room_id" in path_parameters and ROOMS and n % 5 < 3:
        path_parameters["room_id"] = ROOMS[n % len(ROOMS)]
    return path_parameters


@schema.parametrize()
@settings(
    max_examples=EXAMPLES_PER_ENDPOINT,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
)
def test_no_request_makes_the_server_fail(api: str, case: Any) -> None:
    CALLS.append(case.operation.label)
    case.call_and_validate(base_url=api, checks=[not_a_server_error])


CALLS: list[str] = []
