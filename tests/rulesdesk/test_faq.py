"""The intent knowledge bases (games/<game>/faq.json): well formed, consistent, bilingual, and written from
the rules, not from the evaluation questions."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from rapidfuzz import fuzz

from boardgamesbot.core.registry import load_game
from boardgamesbot.rulesdesk.evaluation import HELD_OUT_SETS, TUNING_SETS
from boardgamesbot.rulesdesk.faq import (
    ANSWER_LANGS,
    VARIETIES,
    answer_polarity,
    faq_path,
    knowledge_base,
    live_intents,
    read_raw,
)
from boardgamesbot.rulesdesk.text import fold

GAMES = ("crosswise", "alcatraz")
EVAL = Path(__file__).parent / "eval"
NEAR_COPY = 88  # rapidfuzz ratio from which a paraphrase counts as a copy of an evaluation question
#: Rule ids and options another branch adds to the engines (options: first_player, third_round, empty_deck,
#: optional_look, the AZ-EN-* decisions). Intents naming them stay dormant until the engine defines them.
PENDING = {
    "crosswise": {"CW-D-FIRST", "option:first_player"},
    "alcatraz": {
        "AZ-DECK-DRY", "AZ-THIRD-ROUND", "AZ-OPTIONAL-LOOK", "AZ-EN-OVERLAY-SUM", "AZ-EN-ROUND-END",
        "AZ-EN-THIRD-ROUND", "AZ-EN-REFILL", "AZ-EN-SECOND-LOOK", "AZ-EN-WILD", "option:first_player",
        "option:empty_deck", "option:third_round", "option:optional_look",
    },
}  # fmt: skip


def raw(game: str) -> list[dict]:
    path = faq_path(game)
    assert path is not None, f"{game} declares no knowledge base in its DeskKit"
    return list(read_raw(path)["intents"])


def known(game: str) -> set[str]:
    g = load_game(game)
    return set(g.rules) | {f"option:{name}" for name in g.variant_options} | PENDING[game]


def _variants(item: dict) -> list[dict]:
    """The intent as it reads now and, if it has one, as its upgrade reads."""
    out = [item]
    if "upgrade" in item:
        out.append({**item, **{k: v for k, v in item["upgrade"].items() if k != "requires"}})
    return out


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_id_and_condition_named_exists(game: str) -> None:
    names = known(game)
    for item in raw(game):
        named = set(item["rules"]) | set(item.get("requires", []))
        if "upgrade" in item:
            named |= set(item["upgrade"]["rules"]) | {item["upgrade"]["requires"]}
        assert named <= names, f"{item['id']}: unknown {sorted(named - names)}"
    pending_defined = PENDING[game] & (
        set(load_game(game).rules) | {f"option:{o}" for o in load_game(game).variant_options}
    )
    assert pending_defined <= PENDING[game]  # once the options branch lands these are simply defined


@pytest.mark.parametrize("game", GAMES)
def test_ids_are_unique_and_every_answer_exists_in_both_languages(game: str) -> None:
    items = raw(game)
    ids = Counter(item["id"] for item in items)
    assert not [i for i, n in ids.items() if n > 1]
    for item in items:
        for variant in _variants(item):
            for lang in ANSWER_LANGS:
                text = variant["answer"].get(lang, "")
                assert len(text) > 20 and text.rstrip().endswith((".", ")")), (item["id"], lang)
            assert set(variant["answer"]) == set(ANSWER_LANGS), item["id"]


@pytest.mark.parametrize("game", GAMES)
def test_yes_no_answers_agree_with_their_intent_in_both_languages(game: str) -> None:
    for item in raw(game):
        for variant in _variants(item):
            for lang in ANSWER_LANGS:
                assert answer_polarity(variant["answer"][lang]) == variant["yes"], (item["id"], lang)


@pytest.mark.parametrize("game", GAMES)
def test_intents_of_one_rule_do_not_contradict_each_other(game: str) -> None:
    """Two intents of the same main rule with opposite yes/no must be asked differently: no paraphrase of one
    nearly repeats a paraphrase of the other."""
    items = raw(game)
    for a in items:
        for b in items:
            if a["id"] >= b["id"] or a["rules"][0] != b["rules"][0] or None in (a["yes"], b["yes"]):
                continue
            if a["yes"] == b["yes"]:
                continue
            qa = [fold(q) for v in VARIETIES for q in a["questions"].get(v, [])]
            qb = [fold(q) for v in VARIETIES for q in b["questions"].get(v, [])]
            clash = [(x, y) for x in qa for y in qb if fuzz.ratio(x, y) >= 95]
            assert not clash, f"{a['id']} (yes={a['yes']}) vs {b['id']} (yes={b['yes']}): {clash[:3]}"


@pytest.mark.parametrize("game", GAMES)
def test_every_intent_is_asked_in_english_and_portuguese(game: str) -> None:
    sizes = []
    for item in raw(game):
        qs = item["questions"]
        assert qs.get("en"), item["id"]
        assert qs.get("pt-BR") or qs.get("pt-PT"), item["id"]
        sizes.append(sum(len(qs.get(v, [])) for v in VARIETIES))
    assert sum(sizes) / len(sizes) >= 15, "aim for many paraphrases per intent"


@pytest.mark.parametrize("game", GAMES)
def test_no_paraphrase_copies_an_evaluation_question(game: str) -> None:
    """The knowledge base comes from the rules, not from the evaluation. This reads the held-out split only to
    compare; it never prints an evaluation question (nor, for a held-out set, the paraphrase close to it). The
    tuning sets and the later held-out sets are checked too: a paraphrase close
    to one of their questions would make them measure memory, not understanding."""
    ours = [fold(q) for item in raw(game) for v in VARIETIES for q in item["questions"].get(v, [])]
    for split in TUNING_SETS + HELD_OUT_SETS:
        path = EVAL / f"{split}.json"
        if not path.exists():
            continue
        theirs = [fold(q["question"]) for q in json.loads(path.read_text("utf-8")) if q["game"] == game]
        copies = [mine for mine in ours for other in theirs if fuzz.ratio(mine, other) >= NEAR_COPY]
        example = "" if split in HELD_OUT_SETS else f", e.g. {copies[:1]}"
        assert not copies, f"{len(copies)} paraphrase(s) nearly repeat {split} questions{example}"


def test_dormant_intents_wake_up_with_the_engine() -> None:
    data = {
        "intents": [
            {"id": "a", "rules": ["R-1"], "yes": None, "answer": {"en": "A.", "pt": "A."}, "questions": {}},
            {"id": "b", "rules": ["R-NEW", "R-1"], "yes": None, "answer": {"en": "B.", "pt": "B."}, "questions": {}},
            {
                "id": "c",
                "rules": ["R-1", "R-NEW"],
                "yes": True,
                "answer": {"en": "Yes — old.", "pt": "Sim — old."},
                "questions": {"en": ["q"]},
                "upgrade": {"requires": "option:x", "rules": ["R-1"], "yes": False,
                            "answer": {"en": "No — new.", "pt": "Não — new."}},
            },
            {"id": "d", "rules": ["R-1"], "yes": None, "answer": {"en": "D.", "pt": "D."}, "questions": {},
             "requires": ["option:x"]},
        ]
    }  # fmt: skip
    now = {i.id: i for i in live_intents(data, {"R-1": 1}, [])}
    assert set(now) == {"a", "c"} and now["c"].rules == ("R-1",) and now["c"].yes is True
    later = {i.id: i for i in live_intents(data, {"R-1": 1, "R-NEW": 1}, ["x"])}
    assert set(later) == {"a", "b", "c", "d"} and later["c"].yes is False and later["c"].answer["en"] == "No — new."


@pytest.mark.parametrize("game", GAMES)
def test_the_knowledge_base_is_live_for_the_engine(game: str) -> None:
    intents = knowledge_base(game)
    rules = set(load_game(game).rules)
    assert len(intents) >= 80 and all(i.main in rules and set(i.rules) <= rules for i in intents)
