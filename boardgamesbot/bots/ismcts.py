"""Information-set Monte Carlo tree search (single-observer ISMCTS).

Why this shape: the bot may only see its seat's information set, so every
iteration samples a full state with ``InfoSet.determinize`` and walks ONE
shared tree with it. Statistics therefore pool over many guesses of the hidden
facts instead of trusting any single guess (which would be cheating in
disguise). Actions that exist in some samples but not in others (a tile an
opponent may or may not hold) are judged by UCB with *availability counts*:
the exploration term uses how often the action was available, not how often
its parent was visited.

Every node keeps the reward of the seat that chose its action, so the same
tree serves two, three or five players; in team games ``Outcome.reward`` is
the team's result, so a seat searches for its team.

The game's judgement (playout moves, leaf values, the greedy or planner move
a level may anchor on, and the search tuning per strength) comes from its
declared :class:`~boardgamesbot.core.capabilities.BotKit`; games without one
are searched with random playouts to the end.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Iterable
from dataclasses import dataclass, field, fields

from ..core.action import Action
from ..core.capabilities import Anchor, BotKit, MoveValue, PolicyFn, SearchTuning, Strength
from ..core.game import Game, State
from ..core.infoset import InfoSet
from .base import Bot
from .kits import bot_kit


@dataclass(frozen=True)
class SearchSettings:
    """How hard to think. ``iterations`` and ``deadline`` (seconds) both stop the search;
    whichever comes first wins. Tuning fields left as None take the game's value (its BotKit)."""

    iterations: int | None = 1000
    deadline: float | None = None
    exploration: float | None = None
    rollout_depth: int | None = None
    candidates: int | None = None
    widening: float | None = None
    greedy_steps: int | None = None
    greedy_margin: float | None = None
    tree_depth: int | None = None
    anchor: Anchor | None = None
    clock: str = "wall"
    reuse: bool = False
    turns: int | None = None

    def __reduce__(self) -> tuple[type[SearchSettings], tuple[object, ...]]:
        # rebuilt through the constructor: the compiled (mypyc) frozen class cannot be unpickled field by
        # field, and reviews and the arena send settings to worker processes
        return (SearchSettings, tuple(getattr(self, f.name) for f in fields(self)))

    def __post_init__(self) -> None:
        if self.iterations is None and self.deadline is None:
            raise ValueError("a search needs an iteration budget, a deadline, or both")
        if self.iterations is not None and self.iterations < 1:
            raise ValueError(f"iterations must be at least 1, not {self.iterations}")
        if self.deadline is not None and self.deadline <= 0:
            raise ValueError(f"deadline must be a positive number of seconds, not {self.deadline}")
        if self.rollout_depth is not None and self.rollout_depth < 0:
            raise ValueError(f"rollout depth must be 0 or more, not {self.rollout_depth}")
        if self.exploration is not None and self.exploration < 0:
            raise ValueError(f"exploration must be 0 or more, not {self.exploration}")
        if self.candidates is not None and self.candidates < 0:
            raise ValueError(f"candidates must be 0 (all moves) or more, not {self.candidates}")
        if self.tree_depth is not None and self.tree_depth < 0:
            raise ValueError(f"tree depth must be 0 (unlimited) or more, not {self.tree_depth}")
        if self.greedy_margin is not None and self.greedy_margin < 0:
            raise ValueError(f"greedy margin must be 0 (off) or more, not {self.greedy_margin}")
        if self.greedy_steps is not None and self.greedy_steps < 0:
            raise ValueError(f"greedy steps must be 0 or more, not {self.greedy_steps}")
        if self.anchor is not None and self.anchor not in ("greedy", "planner"):
            raise ValueError(f"anchor must be greedy or planner, not {self.anchor!r}")
        if self.widening is not None and self.widening < 0:
            raise ValueError(f"widening must be 0 (off) or more, not {self.widening}")
        if self.turns is not None and self.turns < 0:
            raise ValueError(f"turns must be 0 (off) or more, not {self.turns}")
        if self.clock not in ("wall", "cpu"):
            raise ValueError(f"clock must be wall or cpu, not {self.clock!r}")

    @property
    def deterministic(self) -> bool:
        """Only an iteration budget repeats exactly; a deadline depends on the machine's speed (and a reused
        tree on the decisions before)."""
        return self.deadline is None and not self.reuse


@dataclass
class SearchStats:
    """What the last decision cost, for benchmarks and the curious."""

    iterations: int = 0
    seconds: float = 0.0
    hit_deadline: bool = False
    visits: dict[str, int] = field(default_factory=dict)
    reused: int = 0  # visits the root brought from the previous decision's tree (setting ``reuse``)


@dataclass(frozen=True)
class _Plan:
    c: float
    depth: int
    widening: float
    greedy_steps: int
    tree_depth: int
    kit: BotKit
    turns: int = 0
    guide: PolicyFn | None = None


class Node:
    """One tree node: the action that leads here and who chose it."""

    __slots__ = ("avail", "children", "player", "total", "visits")

    def __init__(self, player: int | None) -> None:
        self.player = player
        self.children: dict[Action, Node] = {}
        self.visits = 0
        self.avail = 1
        self.total = 0.0


class ISMCTSBot(Bot):
    """Generic ISMCTS over the core protocol, guided by the game's BotKit.

    ``strength`` picks the game's tuning for that strength (a level object
    passes it; see bots/levels.py); ``settings`` may override any of it;
    ``kit`` replaces the game's own BotKit (tests). ``label`` is only a name.
    """

    name = "ismcts"

    def __init__(
        self,
        seed: int = 0,
        settings: SearchSettings | None = None,
        kit: BotKit | None = None,
        label: str | None = None,
        strength: Strength | None = None,
    ) -> None:
        super().__init__(seed)
        self.seed = seed
        self.settings = settings or SearchSettings()
        self._kit = kit
        self.strength = strength
        if label:
            self.name = label
        self.last_stats = SearchStats()
        self._last: tuple[str, int, list[str], Node] | None = None  # the previous tree, for ``reuse``

    # ---- public ------------------------------------------------------------
    def choose(self, infoset: InfoSet) -> Action:
        return self.think(infoset)[0]

    def think(self, infoset: InfoSet, consider: Iterable[Action] = ()) -> tuple[Action, list[MoveValue]]:
        """The move this bot plays, and what its search measured for each root move it tried
        (mean result for the seat in [-1, 1] and visits), most visited first.

        ``consider`` adds moves to a pruned root (a review needs the value of the move a
        player actually made, even one the pruning would leave out). With one legal move
        there is nothing to search and the list is empty.
        """
        legal = list(infoset.legal_actions)
        if not legal:
            raise ValueError(f"seat {infoset.seat} has no legal action to choose from")
        if len(legal) == 1:
            self.last_stats = SearchStats()
            return legal[0], []
        rng = self._decision_rng(infoset)
        root = self.search(infoset, rng, consider)
        choice = self._best(root, legal, infoset, rng)
        order = {a: i for i, a in enumerate(legal)}
        measured = sorted(
            ((a, n) for a, n in root.children.items() if n.visits and a in order),
            key=lambda item: (-item[1].visits, -item[1].total / item[1].visits, order[item[0]]),
        )
        return choice, [MoveValue(a.code, n.total / n.visits, n.visits) for a, n in measured]

    def kit_for(self, game: Game) -> BotKit:
        return self._kit if self._kit is not None else bot_kit(game)

    def tuning_for(self, game: Game) -> SearchTuning:
        return self.kit_for(game).tuning_for(self.strength)

    def _anchor_pick(self, infoset: InfoSet, greedy: PolicyFn) -> Action:
        """The anchor policy's move here (greedy, or the game's planner when the level anchors on it),
        from its own seeded stream so every use agrees."""
        kit = self.kit_for(infoset.game)
        if self._anchor(infoset) == "planner" and kit.planner is not None:
            greedy = kit.planner
        return greedy(infoset, random.Random(f"greedy:{self.seed}:{infoset.seat}:{infoset.view['turn']}"))

    def _anchor(self, infoset: InfoSet) -> Anchor:
        return self.tuning_for(infoset.game).anchor if self.settings.anchor is None else self.settings.anchor

    def _margin(self, infoset: InfoSet) -> float:
        tuned = self.tuning_for(infoset.game).greedy_margin
        return tuned if self.settings.greedy_margin is None else self.settings.greedy_margin

    # ---- search ------------------------------------------------------------
    def weigh(self, infoset: InfoSet, action: Action) -> MoveValue:
        """The value of one move from ``infoset``: the whole budget is spent below that move alone, so the
        mean is well measured (a review compares the move played with the best one this way). With the same
        seed every move is weighed on the same random stream."""
        if action not in infoset.legal_actions:
            raise ValueError(f"{action.code} is not a legal move for seat {infoset.seat} here")
        root = self.search(infoset, self._decision_rng(infoset), only=action)
        node = root.children.get(action)
        if node is None or not node.visits:
            return MoveValue(action.code, 0.0, 0)
        return MoveValue(action.code, node.total / node.visits, node.visits)

    def search(
        self, infoset: InfoSet, rng: random.Random, consider: Iterable[Action] = (), only: Action | None = None
    ) -> Node:
        game = infoset.game
        kit = self.kit_for(game)
        knobs = kit.tuning_for(self.strength)
        st = self.settings
        plan = _Plan(
            c=knobs.exploration if st.exploration is None else st.exploration,
            depth=knobs.rollout_depth if st.rollout_depth is None else st.rollout_depth,
            widening=knobs.widening if st.widening is None else st.widening,
            greedy_steps=knobs.greedy_steps if st.greedy_steps is None else st.greedy_steps,
            tree_depth=knobs.tree_depth if st.tree_depth is None else st.tree_depth,
            kit=kit,
            turns=(knobs.turns if st.turns is None else st.turns),
            guide=kit.planner if self._anchor(infoset) == "planner" and kit.planner is not None else kit.greedy,
        )
        candidates = knobs.candidates if st.candidates is None else st.candidates
        budget = st.iterations
        clock = time.process_time if st.clock == "cpu" else time.perf_counter
        start = clock()
        stop = None if st.deadline is None else start + st.deadline
        root = self._reused_root(infoset) if st.reuse and only is None else None
        reused = 0 if root is None else root.visits
        if root is None:
            root = Node(None)
        allowed = frozenset((only,)) if only is not None else self._root_candidates(infoset, candidates, kit, rng)
        if allowed is not None and only is None:
            extra = [a for a in consider if a in infoset.legal_actions]
            if extra:
                allowed = allowed | frozenset(extra)
        # The mover's legal moves are part of what it knows (its view lists them), so every sample has
        # exactly these at the root: no need to ask each sample for them.
        root_legal: list[Action] | None = None
        if infoset.legal_actions:
            root_legal = list(infoset.legal_actions)
            if allowed is not None:
                root_legal = [a for a in root_legal if a in allowed] or root_legal
        sampler = infoset.sampler()  # prepared once: each iteration only reshuffles what the seat cannot see
        done = 0
        hit = False
        while budget is None or done < budget:
            if stop is not None and clock() >= stop:
                hit = True
                break
            _iterate(root, sampler.sample(rng), rng, plan, root_legal)
            done += 1
        self.last_stats = SearchStats(
            iterations=done,
            seconds=clock() - start,
            hit_deadline=hit,
            visits={a.code: n.visits for a, n in root.children.items()},
            reused=reused,
        )
        if st.reuse and only is None:
            self._last = (game.name, infoset.seat, list(infoset.view["log"]), root)
        return root

    def _reused_root(self, infoset: InfoSet) -> Node | None:
        """The subtree of the previous decision's tree reached by the moves played since (public codes),
        if this bot searched this seat's game last and every one of those moves is in its tree."""
        last = self._last
        if last is None:
            return None
        name, seat, log, root = last
        now = infoset.view["log"]
        if name != infoset.game.name or seat != infoset.seat or len(now) <= len(log) or now[: len(log)] != log:
            return None
        node: Node | None = root
        for code in now[len(log) :]:
            assert node is not None
            node = next((child for action, child in node.children.items() if action.code == code), None)
            if node is None:
                return None
        assert node is not None
        node.player = None  # the new root: nobody's choice leads to it in this search
        return node

    def _root_candidates(
        self, infoset: InfoSet, keep: int, kit: BotKit, rng: random.Random
    ) -> frozenset[Action] | None:
        """Prune a wide root to the ``keep`` moves the game's evaluation likes best after one ply
        (averaged over two samples), plus the greedy policy's pick, so the budget goes where it matters."""
        legal = infoset.legal_actions
        if not keep or kit.evaluate is None or len(legal) <= keep:
            return None
        seat = infoset.seat
        totals = dict.fromkeys(legal, 0.0)
        for _ in range(2):
            sample = infoset.determinize(rng)
            for action in legal:
                after = sample.clone()
                after.apply(action)
                totals[action] += _rewards(after, kit)[seat]
        order = sorted(range(len(legal)), key=lambda i: -totals[legal[i]])
        chosen = {legal[i] for i in order[:keep]}
        if kit.greedy is not None:
            chosen.add(self._anchor_pick(infoset, kit.greedy))
        return frozenset(chosen)

    # ---- helpers -----------------------------------------------------------
    def _decision_rng(self, infoset: InfoSet) -> random.Random:
        """A stream that depends only on the bot's seed and public facts of this decision,
        so the same seed in the same information set always searches the same way."""
        return random.Random(f"ismcts:{self.seed}:{infoset.game.name}:{infoset.seat}:{infoset.view['turn']}")

    def _best(self, root: Node, legal: list[Action], infoset: InfoSet, rng: random.Random) -> Action:
        """Most visited legal root action (mean reward breaks ties). With a greedy margin, the greedy
        policy's pick stands unless the search rates another move higher by more than the margin.
        Before any search (deadline already passed) the greedy pick, if the game has one."""
        kit = self.kit_for(infoset.game)
        scored = [
            (root.children[a].visits, root.children[a].total / root.children[a].visits, -i)
            for i, a in enumerate(legal)
            if a in root.children and root.children[a].visits
        ]
        if not scored:
            return self._anchor_pick(infoset, kit.greedy) if kit.greedy is not None else legal[0]
        best = max(scored)
        choice = legal[-best[2]]
        margin = self._margin(infoset)
        if margin > 0 and kit.greedy is not None:
            pick = self._anchor_pick(infoset, kit.greedy)
            node = root.children.get(pick)
            if node is None or not node.visits:
                return pick  # a search cut short has no evidence against the anchor's move
            if best[1] - node.total / node.visits <= margin:
                return pick
        return choice


def _iterate(root: Node, state: State, rng: random.Random, plan: _Plan, root_legal: list[Action] | None) -> None:
    """One ISMCTS iteration on a sampled ``state``: select and expand, play out, back up."""
    node = root
    path = [root]
    kit = plan.kit
    c = plan.c
    tree_depth = plan.tree_depth
    widening = plan.widening
    # Selection and expansion: descend while every available action has been tried
    # (and, with a tree depth limit, no deeper than that many moves below the root).
    while not state.is_over() and not (tree_depth and len(path) > tree_depth):
        legal = root_legal if node is root and root_legal is not None else state.legal_actions()
        mover = state.to_move()
        children = node.children
        tried: list[Node] = []
        tried_actions: list[Action] = []
        untried: list[Action] = []
        for a in legal:
            ch = children.get(a)
            if ch is None:
                untried.append(a)
            else:
                ch.avail += 1
                tried.append(ch)
                tried_actions.append(a)
        if untried and (node is root or not widening or len(tried) < 1 + widening * math.sqrt(node.visits)):
            action = _expand_choice(state, untried, node is not root and widening > 0, plan, rng)
            child = Node(mover)
            children[action] = child
            state.apply(action)
            path.append(child)
            break
        best = 0
        best_score = -math.inf
        for i in range(len(tried)):
            ch = tried[i]
            score = ch.total / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
            if score > best_score:
                best_score = score
                best = i
        node = tried[best]
        state.apply(tried_actions[best])
        path.append(node)
    # Turns played by the anchor policy (each seat judging from its own sampled information set): the
    # leaf's mover finishes its turn, and with turns > 1 the next seats play theirs, before the evaluation.
    guide = plan.guide
    if plan.turns and guide is not None:
        last = path[-1].player
        changes = 0
        while not state.is_over():
            mover = state.to_move()
            assert mover is not None  # a game that is not over has a seat to move
            if mover != last:
                changes += 1
                if changes >= plan.turns:
                    break
                last = mover
            state.apply(guide(state.infoset(mover), rng))
    # Playout: the first steps by the greedy policy (each seat judging from its own sampled
    # information set), the rest by the cheap playout policy, cut short by the game's evaluation.
    steps = 0
    rollout = kit.rollout or random_rollout
    depth = plan.depth
    greedy = kit.greedy if plan.greedy_steps else None
    while steps < depth and not state.is_over():
        if greedy is not None and steps < plan.greedy_steps:
            mover = state.to_move()
            assert mover is not None  # a game that is not over has a seat to move
            state.apply(greedy(state.infoset(mover), rng))
        else:
            state.apply(rollout(state, rng))
        steps += 1
    rewards = _rewards(state, kit)
    for n in path:
        n.visits += 1
        if n.player is not None:
            n.total += rewards[n.player]


def _expand_choice(state: State, untried: list[Action], guided: bool, plan: _Plan, rng: random.Random) -> Action:
    """Which new move to add: when widening, the policy's suggestion (greedy if the plan plays greedy
    playouts, else the playout policy) as a cheap prior; otherwise random."""
    if len(untried) == 1:
        return untried[0]
    if guided:
        kit = plan.kit
        mover = state.to_move()
        if plan.greedy_steps and kit.greedy is not None and mover is not None:
            suggestion = kit.greedy(state.infoset(mover), rng)
        else:
            suggestion = (kit.rollout or random_rollout)(state, rng)
        if suggestion in untried:
            return suggestion
    return untried[int(rng.random() * len(untried))]


def random_rollout(state: State, rng: random.Random) -> Action:
    """Playout move for games without a rollout policy: uniform over the legal actions."""
    return rng.choice(state.legal_actions())


def _rewards(state: State, kit: BotKit) -> list[float]:
    """Per-seat value: the real result at the end, else the game's evaluation (0 when it has none)."""
    if state.is_over():
        outcome = state.outcome()
        assert outcome is not None  # is_over() promises an outcome
        return [outcome.reward(seat) for seat in range(state.players)]
    if kit.evaluate is not None:
        return list(kit.evaluate(state))
    return [0.0] * state.players
