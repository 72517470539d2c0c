"""Observation encoders: fixed size, bounded, and built from the seat's view alone."""

from __future__ import annotations

import random
from typing import Any

import pytest

np = pytest.importorskip("numpy")

from boardgamesbot.adapters.common import game_encoder  # noqa: E402
from boardgamesbot.core.encoding import Layout  # noqa: E402
from boardgamesbot.core.registry import load_game  # noqa: E402
from boardgamesbot.testing import DrawTricksGame  # noqa: E402


def get_encoder(name: str):  # the encoder a registered game declares
    return game_encoder(load_game(name))


def _random_states(case: Any, seed: int, limit: int = 400) -> Any:
    """Yield the states of one random game (at most ``limit`` of them), the final one included."""
    state = case.game().new(case.players, seed=seed, variant=case.variant)
    rng = random.Random(seed)
    for _ in range(limit):
        yield state
        if state.is_over():
            return
        state.apply(rng.choice(state.legal_actions()))


def test_every_view_of_a_game_encodes_to_the_declared_size_within_bounds(case: Any) -> None:
    encoder = case.encoder()
    variant = case.game().resolve_variant(case.variant)
    size = encoder.size(case.players, variant)
    layout = encoder.layout(case.players, variant)
    assert layout.tensor.shape == (size,)
    for number, state in enumerate(_random_states(case, seed=3, limit=20_000)):
        if number % 25 and not state.is_over():  # a sample of positions from start to end
            continue
        for seat in [*range(case.players), None]:
            for memory in (False, True):
                x = encoder.write(state.view(seat, perfect_memory=memory), layout)
                assert x.shape == (size,) and x.dtype == np.float32
                assert np.isfinite(x).all() and x.min() >= 0.0 and x.max() <= 1.0


def test_layout_names_every_slice_once() -> None:
    layout = Layout([("a", (2, 3)), ("b", (4,))])
    layout.dict["a"][1, 2] = 1.0
    layout.dict["b"][0] = 1.0
    assert layout.tensor.tolist() == [0, 0, 0, 0, 0, 1, 1, 0, 0, 0]
    with pytest.raises(ValueError, match="twice"):
        Layout([("a", (1,)), ("a", (2,))])


def test_a_game_without_an_interop_kit_is_refused_by_name() -> None:
    class Bare(DrawTricksGame):
        name = "bare"

        def interop_kit(self) -> None:  # type: ignore[override]
            return None

    with pytest.raises(LookupError, match="bare declares no InteropKit"):
        game_encoder(Bare())


def test_crosswise_encoding_matches_board_and_own_hand_only() -> None:
    pytest.importorskip("boardgamesbot.games.crosswise")
    from boardgamesbot.core.registry import load_game
    from boardgamesbot.games.crosswise.tiles import parse_tiles

    game, encoder = load_game("crosswise"), get_encoder("crosswise")
    state = game.new(4, seed=12)
    rng = random.Random(12)
    for _ in range(17):
        state.apply(rng.choice(state.legal_actions()))
    layout = encoder.layout(4, state.variant)
    for seat in range(4):
        view = state.view(seat)
        encoder.write(view, layout)
        hand = np.asarray(parse_tiles(view["hand"]), dtype=np.float32)
        np.testing.assert_allclose(layout.dict["hand"] * 6, hand)
        assert layout.dict["me"].tolist() == [1.0 if s == seat else 0.0 for s in range(4)]
        board = "".join(view["board"])
        assert [int(layout.dict["board"][sq, 0]) for sq in range(36)] == [int(ch == ".") for ch in board]
    encoder.write(state.view(None), layout)
    assert not layout.dict["hand"].any() and not layout.dict["me"].any(), "a spectator holds no hand"


def test_alcatraz_face_down_values_appear_only_for_the_seat_that_saw_them() -> None:
    pytest.importorskip("boardgamesbot.games.alcatraz")
    from boardgamesbot.core.registry import load_game
    from boardgamesbot.games.alcatraz.encoder import VALUES

    game, encoder = load_game("alcatraz"), get_encoder("alcatraz")
    state = game.new(3, seed=5)
    while state.view(None)["phase"] == "peek":  # everyone looks at one card of their own row
        state.apply(state.legal_actions()[0])
    layout = encoder.layout(3, state.variant)
    for seat in range(3):
        view = state.view(seat, perfect_memory=True)
        encoder.write(view, layout)
        values = layout.dict["rows"][:, :, 2 : 2 + VALUES]
        for owner, row in enumerate(view["rows"]):
            for slot, card in enumerate(row):
                shown = card["v"] is not None
                assert values[owner, slot].any() == shown
                if not card["up"]:
                    assert shown == (seat in card["seen"]), "a face-down value is known only to who looked"
        assert values[seat].sum() >= 1, "the start-of-round look is remembered"
    encoder.write(state.view(None), layout)
    face_down = ~layout.dict["rows"][:, :, 1].astype(bool) & layout.dict["rows"][:, :, 0].astype(bool)
    assert not layout.dict["rows"][:, :, 2 : 2 + VALUES][face_down].any(), "a spectator sees no face-down value"


def test_max_game_length_bounds_random_games(case: Any) -> None:
    assert case.encoder() is not None  # every case declares an encoder
    variant = case.game().resolve_variant(case.variant)
    *_, state = _random_states(case, seed=8, limit=20_000)
    assert state.is_over()
    assert len(state.history) <= case.game().interop_kit().max_game_length(case.players, variant)
