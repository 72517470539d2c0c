"""Why an Alcatraz move is good, in words built from the engine's sums and the planner's judgement (LearnKit.explain).

Read from the mover's view alone (perfect memory): the values it knows in its
row (face-up cards and the face-down ones it has looked at, overlays applied),
the pile tops, the objectives on the table, the card in hand. For the move it
finds the sums the move makes with the row (``fulfils``, the one fulfil rule),
the planner's worth of the row before and after (planner.py: a sure claim now
plus most of what the next card is likely to make of it), the worth of a draw,
and what a card sent to a pile could give an opponent. Words that use a
face-down value the mover knows, or the card it drew, are the mover's secret:
they go in ``lines`` only; ``public`` says what everyone at the table saw.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from ...core.action import Action
from ...core.capabilities import Explanation, MoveValue
from ...core.infoset import InfoSet
from . import actions as A
from .cards import apply_overlays, fulfils
from .planner import Judge, Row, _draw_value, _take_score, gift, seat_row
from .policy import Estimator, unseen_counts
from .view import AlcatrazView

LANGS = ("en", "pt")

T = {
    "en": {
        "peek": "Look at card {slot}: it belongs to {n} of the row's groups of 2 or 3 adjacent cards, "
        "so knowing it helps the most claims.",
        "peek_any": "Look at card {slot}: every card you know can be counted on in a claim.",
        "nopeek": "Skip the look (this table's option): the look costs nothing, and a card you know is one you can "
        "count on in a claim, so skipping gives that up.",
        "take": "Take the {v} from pile {p} into slot {slot}",
        "with": "with your {cards} it makes {obj}, an objective on the table",
        "closer": "it raises your row's worth from {a} to {b} expected points (the planner's count)",
        "draw_vs": "Drawing instead is worth {d} expected points on average.",
        "draw": "Draw from the deck: it is worth {d} expected points on average, "
        "more than any discard top ({t} at best).",
        "draw_less": "Draw from the deck: on average it is worth {d} expected points (the best discard top: {t}); "
        "a drawn card may also bring an ability.",
        "draw_plain": "Draw from the deck: no discard top makes a sum with the cards you know.",
        "swap": "Put the {v} in slot {slot}",
        "replaced": "The {old} it replaces goes to pile {p}",
        "safe": "where it gives no opponent a sum with their face-up cards",
        "covers": "The card it replaces goes face up to pile {p}, covering the {v} there, which could give an opponent a sum.",
        "risky": "where it may give an opponent about {g} points",
        "discard": "Discard the {v} to pile {p}: in your row it makes no sum with the cards you know "
        "(your row stays at {a} expected points)",
        "look": "Use the {v}'s ability to look at card {slot}: a card you know can be counted on in a claim "
        "(your row's worth goes from {a} to {b} expected points).",
        "adjust": "Lay the {v} as {sign} over your {old} in slot {slot}: it counts as {new}",
        "claim": "Declare {obj}: your cards {first}-{last} ({values}) add up to {obj}, and no two of them add up to 0.",
        "claim_guess": "Declare {obj}: your cards {first}-{last} have about a {p}% chance to add up to {obj} "
        "(you have not seen all of them).",
        "use": "Choose cards {first}-{last}: {sum} = {obj}, with no two adding up to 0; "
        "you free {n} cats ({n} points).",
        "use_guess": "Choose cards {first}-{last}: about a {p}% chance to add up to {obj}.",
        "pile": "Send the cards to pile {p}: they cover the {v} on top, which could give an opponent a sum.",
        "pile_safe": "Send the cards to pile {p}: neither pile gives an opponent a sum.",
        "end": "End the turn: no group of cards you know adds up to an objective, "
        "and a failed claim would cost you the cards.",
        "end_sure": "End the turn.",
        "public_take": "Took the {v} from pile {p} (face up: everyone saw it).",
        "public_draw": "Drew from the deck.",
        "public_claim": "Declared objective {obj}.",
        "public_pile": "Chose pile {p} for the cards.",
        "worth": "Your row's worth: {a} → {b} expected points (the planner's count).",
        "and": " and ",
        "card_in": "{v} in slot {slot}",
    },
    "pt": {
        "peek": "Olhe a carta {slot}: ela faz parte de {n} dos grupos de 2 ou 3 cartas vizinhas da fileira, "
        "então conhecê-la ajuda o maior número de tentativas.",
        "peek_any": "Olhe a carta {slot}: toda carta que você conhece pode entrar numa soma com segurança.",
        "nopeek": "Dispensar a olhada (opção desta mesa): olhar não custa nada, e uma carta conhecida pode entrar "
        "numa soma com segurança; dispensar abre mão disso.",
        "take": "Pegue o {v} do monte {p} para a posição {slot}",
        "with": "com o seu {cards} faz {obj}, um objetivo na mesa",
        "closer": "o valor da sua fileira sobe de {a} para {b} pontos esperados (pela conta do planejador)",
        "draw_vs": "Comprar, em vez disso, vale {d} pontos esperados, em média.",
        "draw": "Compre do baralho: vale {d} pontos esperados, em média, "
        "mais que qualquer topo de descarte ({t} no máximo).",
        "draw_less": "Compre do baralho: em média vale {d} pontos esperados (o melhor topo de descarte: {t}); "
        "uma carta comprada pode também trazer uma habilidade.",
        "draw_plain": "Compre do baralho: nenhum topo de descarte soma com as cartas que você conhece.",
        "swap": "Coloque o {v} na posição {slot}",
        "replaced": "O {old} que sai vai para o monte {p}",
        "safe": "onde não dá soma a nenhum adversário com as cartas abertas dele",
        "covers": "A carta que sai vai aberta para o monte {p} e cobre o {v} de lá, que poderia dar uma soma a um adversário.",
        "risky": "onde pode dar uns {g} pontos a um adversário",
        "discard": "Descarte o {v} no monte {p}: na sua fileira ele não soma com as cartas que você conhece "
        "(sua fileira continua valendo {a} pontos esperados)",
        "look": "Use a habilidade do {v} para olhar a carta {slot}: uma carta conhecida pode entrar numa soma "
        "com segurança (o valor da fileira vai de {a} para {b} pontos esperados).",
        "adjust": "Ponha o {v} como {sign} sobre o seu {old} na posição {slot}: ele passa a valer {new}",
        "claim": "Anuncie {obj}: suas cartas {first}-{last} ({values}) somam {obj}, e nenhum par delas soma 0.",
        "claim_guess": "Anuncie {obj}: suas cartas {first}-{last} têm cerca de {p}% de chance de somar {obj} "
        "(você não viu todas).",
        "use": "Escolha as cartas {first}-{last}: {sum} = {obj}, sem par que some 0; "
        "você liberta {n} gatos ({n} pontos).",
        "use_guess": "Escolha as cartas {first}-{last}: cerca de {p}% de chance de somar {obj}.",
        "pile": "Mande as cartas para o monte {p}: elas cobrem o {v} do topo, que poderia dar uma soma a um adversário.",
        "pile_safe": "Mande as cartas para o monte {p}: nenhum dos montes dá soma a um adversário.",
        "end": "Encerre o turno: nenhum grupo de cartas que você conhece soma um objetivo, "
        "e uma tentativa falhada custaria as cartas.",
        "end_sure": "Encerre o turno.",
        "public_take": "Pegou o {v} do monte {p} (aberto: todos viram).",
        "public_draw": "Comprou do baralho.",
        "public_claim": "Anunciou o objetivo {obj}.",
        "public_pile": "Escolheu o monte {p} para as cartas.",
        "worth": "Valor da sua fileira: {a} → {b} pontos esperados (pela conta do planejador).",
        "and": " e ",
        "card_in": "{v} na posição {slot}",
    },
}


def _t(lang: str, key: str, **values: object) -> str:
    """The words of ``key``; numbers with a fraction are written with one decimal (a comma in Portuguese)."""
    pt = lang.startswith("pt")
    shown = {
        name: (f"{value:.1f}".replace(".", ",") if pt else f"{value:.1f}") if isinstance(value, float) else value
        for name, value in values.items()
    }
    return T["pt" if pt else "en"][key].format(**shown)


def counted(row: Row) -> list[int | None]:
    return [None if v is None else apply_overlays(v, e) for v, e in row]


def sums_through(vals: Sequence[int | None], slot: int, objectives: Sequence[int]) -> list[tuple[int, int, int]]:
    """(first slot, count, objective) of each group of 2-3 adjacent known cards through ``slot`` that fulfils."""
    out = []
    for count in (2, 3):
        for start in range(max(0, slot - count + 1), min(slot, len(vals) - count) + 1):
            window = vals[start : start + count]
            if None in window:
                continue
            known = cast(list[int], list(window))
            total = sum(known)
            if total in objectives and fulfils(known, total):
                out.append((start, count, total))
    return out


def _cards(lang: str, vals: Sequence[int | None], start: int, count: int, skip: int) -> str:
    parts = [_t(lang, "card_in", v=vals[i], slot=i + 1) for i in range(start, start + count) if i != skip]
    return _t(lang, "and").join(parts)


def _with_row(after: Row, slot: int, objectives: Sequence[int], lang: str) -> str | None:
    vals = counted(after)
    found = sums_through(vals, slot, objectives)
    if not found:
        return None
    start, count, objective = max(found, key=lambda f: (f[1], f[2]))
    return _t(lang, "with", cards=_cards(lang, vals, start, count, slot), obj=objective)


def _likeliest(view: AlcatrazView, row: Row, objective: int) -> tuple[float, int, int]:
    """(chance, first slot, count) of the group of adjacent cards likeliest to add up to ``objective``."""
    est = Estimator(unseen_counts(view), list(view["objectives"]))
    best = (0.0, 0, min(2, len(row)))
    for count in (2, 3):
        for start in range(len(row) - count + 1):
            chance = est.chance(tuple(row[start : start + count]), objective)
            if chance > best[0]:
                best = (chance, start, count)
    return best


def _covered(view: AlcatrazView, seat: int, pile: int, objectives: tuple[int, ...], judge: Judge) -> int | None:
    """The top of ``pile`` when covering it keeps from the opponents a card more useful to them than the other top."""
    tops = [p["top"] for p in view["piles"]]
    risks = [gift(view, seat, t, objectives, judge.prior) for t in tops]
    top = tops[pile]
    if top is None or risks[pile] < 0.5 or risks[pile] < max(risks):
        return None
    return top


def _place(row: Row, slot: int, value: int) -> Row:
    return tuple((value, ()) if i == slot else row[i] for i in range(len(row)))


def explain(infoset: InfoSet, action: Action, measured: Sequence[MoveValue]) -> Explanation:
    view = cast(AlcatrazView, infoset.view)
    seat = infoset.seat
    act = cast(A.AzAction, action)
    row = seat_row(view, seat)
    objectives = list(view["objectives"])
    judge = Judge(unseen_counts(view), objectives)
    lines: dict[str, list[str]] = {lang: [] for lang in LANGS}
    public: dict[str, list[str]] = {lang: [] for lang in LANGS}
    point: list[str] = []
    facts: dict[str, object] = {"objectives": objectives}
    k = act.kind
    worth_now = judge.value(row)
    facts["worth"] = round(worth_now, 2)

    def say(key: str, *, both: bool = False, **values: object) -> None:
        for lang in LANGS:
            lines[lang].append(_t(lang, key, **values))
            if both:
                public[lang].append(_t(lang, key, **values))

    if k == A.PEEK:
        n = len(row)
        groups = sum(1 for c in (2, 3) for s in range(n - c + 1) if s <= act.a < s + c)
        edge = sum(1 for c in (2, 3) for s in range(n - c + 1) if s <= 0 < s + c)
        say("peek" if groups > edge else "peek_any", both=True, slot=act.a + 1, n=groups)
        point.append(f"slot:{act.a + 1}")
    elif k == A.NOPEEK:
        say("nopeek", both=True)
    elif k == A.TAKE:
        top = view["piles"][act.a]["top"]
        assert top is not None  # a take is legal only from a pile with a card
        scores = [_take_score(view, seat, judge, row, i, top) for i in range(len(row))]
        slot = max(range(len(row)), key=lambda i: (scores[i], -i))
        after = _place(row, slot, top)
        draw = _draw_value(view, seat, judge) if view["deck"] or any(p["count"] > 1 for p in view["piles"]) else None
        for lang in LANGS:
            head = _t(lang, "take", v=top, p=act.a + 1, slot=slot + 1)
            made = _with_row(after, slot, objectives, lang)
            tail = made if made is not None else _t(lang, "closer", a=worth_now, b=judge.value(after))
            lines[lang].append(f"{head}: {tail}.")
            if draw is not None and draw <= scores[slot]:
                lines[lang].append(_t(lang, "draw_vs", d=draw))
            public[lang].append(_t(lang, "public_take", v=top, p=act.a + 1))
        point += [f"pile:{act.a + 1}", f"slot:{slot + 1}"]
        facts.update(slot=slot + 1, value=top, worth_after=round(judge.value(after), 2))
    elif k == A.DRAW:
        draw = _draw_value(view, seat, judge)
        tops = [
            max(_take_score(view, seat, judge, row, i, p["top"]) for i in range(len(row)))
            for p in view["piles"]
            if p["top"] is not None and row
        ]
        if tops:
            say("draw" if draw >= max(tops) else "draw_less", d=draw, t=max(tops))
        else:
            say("draw_plain")
        for lang in LANGS:
            public[lang].append(_t(lang, "public_draw"))
        point.append("deck")
        facts.update(draw=round(draw, 2))
    elif k == A.SWAP:
        held = view["held"]
        assert held is not None and held["v"] is not None  # the mover knows the card it holds
        value = held["v"]
        after = _place(row, act.a, value)
        old = row[act.a][0]
        gives = gift(view, seat, old if not row[act.a][1] else None, tuple(objectives), judge.prior)
        covers = _covered(view, seat, act.b, tuple(objectives), judge)
        for lang in LANGS:
            head = _t(lang, "swap", v=value, slot=act.a + 1)
            made = _with_row(after, act.a, objectives, lang)
            tail = made if made is not None else _t(lang, "closer", a=worth_now, b=judge.value(after))
            lines[lang].append(f"{head}: {tail}.")
            if old is not None:
                where = _t(lang, "safe") if gives < 0.5 else _t(lang, "risky", g=gives)
                lines[lang].append(f"{_t(lang, 'replaced', old=old, p=act.b + 1)}, {where}.")
            elif covers is not None:
                lines[lang].append(_t(lang, "covers", p=act.b + 1, v=covers))
        point += [f"slot:{act.a + 1}", f"pile:{act.b + 1}"]
        facts.update(value=value, slot=act.a + 1, worth_after=round(judge.value(after), 2), gift=round(gives, 2))
    elif k == A.DISCARD:
        held = view["held"]
        assert held is not None and held["v"] is not None
        gives = gift(view, seat, held["v"], tuple(objectives), judge.prior)
        for lang in LANGS:
            where = _t(lang, "safe") if gives < 0.5 else _t(lang, "risky", g=gives)
            lines[lang].append(f"{_t(lang, 'discard', v=held['v'], p=act.a + 1, a=worth_now)}; {where}.")
        point.append(f"pile:{act.a + 1}")
        facts.update(value=held["v"], gift=round(gives, 2))
    elif k == A.LOOK:
        held = view["held"]
        assert held is not None
        say("look", v=held["v"], slot=act.a + 1, a=worth_now, b=judge.look_value(row, act.a))
        point.append(f"slot:{act.a + 1}")
    elif k in (A.PLUS, A.MINUS, A.FLIP):
        held = view["held"]
        assert held is not None
        effect = {A.PLUS: "p", A.MINUS: "m", A.FLIP: "n"}[k]
        value, effects = row[act.a]
        after = tuple((value, (*effects, effect)) if i == act.a else row[i] for i in range(len(row)))
        sign = {A.PLUS: "+1", A.MINUS: "−1", A.FLIP: "±"}[k]
        for lang in LANGS:
            if value is None:
                lines[lang].append(_t(lang, "worth", a=worth_now, b=judge.value(after)))
                continue
            old = apply_overlays(value, effects)
            new = apply_overlays(value, (*effects, effect))
            head = _t(lang, "adjust", v=held["v"], sign=sign, old=old, slot=act.a + 1, new=new)
            made = _with_row(after, act.a, objectives, lang)
            tail = made if made is not None else _t(lang, "closer", a=worth_now, b=judge.value(after))
            lines[lang].append(f"{head}; {tail}.")
        point.append(f"slot:{act.a + 1}")
    elif k == A.CLAIM:
        vals = counted(row)
        sure = [
            (start, count)
            for count in (3, 2)
            for start in range(len(vals) - count + 1)
            if None not in vals[start : start + count] and fulfils(cast(list[int], vals[start : start + count]), act.a)
        ]
        if sure:
            start, count = sure[0]
            values = ", ".join(str(v) for v in vals[start : start + count])
            say("claim", obj=act.a, first=start + 1, last=start + count, values=values)
            point += [f"slot:{i + 1}" for i in range(start, start + count)]
        else:
            chance, start, count = _likeliest(view, row, act.a)
            say("claim_guess", obj=act.a, first=start + 1, last=start + count, p=round(100 * chance))
        for lang in LANGS:
            public[lang].append(_t(lang, "public_claim", obj=act.a))
        point.append(f"obj:{act.a}")
        facts.update(rule="AZ-SUM")
    elif k == A.USE:
        vals = counted(row)
        window = vals[act.a : act.a + act.b]
        objective = view["claim"] or 0
        if None not in window and fulfils(cast(list[int], window), objective):
            total = " + ".join(str(v) for v in window).replace("+ -", "− ")
            say("use", first=act.a + 1, last=act.a + act.b, sum=total, obj=objective, n=act.b)
        else:
            chance = Estimator(unseen_counts(view), objectives).chance(tuple(row[act.a : act.a + act.b]), objective)
            say("use_guess", first=act.a + 1, last=act.a + act.b, obj=objective, p=round(100 * chance))
        point += [f"slot:{i + 1}" for i in range(act.a, act.a + act.b)]
        facts.update(rule="AZ-SUCCESS")
    elif k == A.PILE:
        pile_tops = [p["top"] for p in view["piles"]]
        risks = [gift(view, seat, t, tuple(objectives), judge.prior) for t in pile_tops]
        covered = pile_tops[act.a]
        if covered is not None and risks[act.a] >= 0.5 and risks[act.a] >= max(risks):
            say("pile", p=act.a + 1, v=covered)
        else:
            say("pile_safe", p=act.a + 1)
        for lang in LANGS:
            public[lang].append(_t(lang, "public_pile", p=act.a + 1))
        point.append(f"pile:{act.a + 1}")
    elif k == A.END:
        vals = counted(row)
        has_sum = any(sums_through(vals, i, objectives) for i in range(len(vals)))
        say("end_sure" if has_sum else "end")
    facts["point"] = list(point)
    return Explanation(lines=lines, public=public, point=tuple(point), facts=facts)


__all__ = ["counted", "explain", "sums_through"]
