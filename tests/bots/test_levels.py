"""Bot names and specs: levels map to budgets, bad specs are refused by name."""

from __future__ import annotations

import pytest

from boardgamesbot.bots import BOT_NAMES, LEVELS, GreedyBot, ISMCTSBot, RandomBot, make_bot
from boardgamesbot.core.errors import InvalidSetup


def test_every_public_name_makes_a_bot() -> None:
    kinds = {name: type(make_bot(name, 1)) for name in BOT_NAMES}
    assert kinds["random"] is RandomBot and kinds["greedy"] is GreedyBot
    assert all(kinds[level] is ISMCTSBot for level in ("easy", "medium", "hard", "ismcts"))


def test_levels_grow_in_budget() -> None:
    budgets = [LEVELS[name].settings.iterations for name in ("easy", "medium", "hard")]
    assert budgets == sorted(budgets) and len(set(budgets)) == 3
    assert make_bot("hard").settings == LEVELS["hard"].settings


def test_spec_overrides_and_reproducible_drops_the_time_cap() -> None:
    bot = make_bot("hard:iterations=77:depth=3:c=1.5", 2)
    assert isinstance(bot, ISMCTSBot)
    assert (bot.settings.iterations, bot.settings.rollout_depth, bot.settings.exploration) == (77, 3, 1.5)
    assert bot.settings.deadline == LEVELS["hard"].settings.deadline
    assert make_bot("hard", reproducible=True).settings.deadline is None
    assert make_bot("ismcts:iterations=none:deadline=0.5").settings.iterations is None
    tuned = make_bot("ismcts:k=4:w=0.5:greedy=2:margin=0.1:tree=2").settings
    assert (tuned.candidates, tuned.widening, tuned.greedy_steps, tuned.greedy_margin, tuned.tree_depth) == (
        4,
        0.5,
        2,
        0.1,
        2,
    )
    assert make_bot("medium:anchor=greedy").settings.anchor == "greedy"
    assert make_bot("hard:clock=cpu:reuse=yes").settings.clock == "cpu"
    assert make_bot("hard:reuse=on").settings.reuse and not make_bot("hard:reuse=no").settings.reuse


@pytest.mark.parametrize(
    ("spec", "named"),
    [
        ("grandmaster", "grandmaster"),
        ("hard:speed=3", "speed=3"),
        ("hard:iterations=lots", "lots"),
        ("greedy:iterations=3", "takes no options"),
        ("hard:iterations=0", "at least 1"),
        ("hard:iterations=none:deadline=none", "iteration budget"),
        ("hard:anchor=oracle", "greedy or planner"),
        ("hard:clock=sundial", "wall or cpu"),
        ("hard:reuse=maybe", "yes or no"),
    ],
)
def test_bad_specs_name_what_is_wrong(spec: str, named: str) -> None:
    with pytest.raises(InvalidSetup, match=named):
        make_bot(spec)
