"""What the rules desk reads from Alcatraz: its sheets, its glossary, and position judgements.

Sums use the engine's counted values and its one ``fulfils`` rule; points are
the engine's own score (``AlcatrazState.points``), never the size of a
victory pile (won cards may be reshuffled into a new deck, AZ-DECK-RESHUFFLE).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any, cast

from ...core.action import Action
from ...core.capabilities import DeskKit, PositionReport
from ...core.game import State
from ...core.text import fold as _fold
from . import actions as A
from .cards import MINUS, NEG, PLUS, VALUE, apply_overlays, fulfils, zero_pair
from .state import AlcatrazState

HERE = Path(__file__).resolve().parent


def windows(state: AlcatrazState, seat: int) -> list[dict[str, Any]]:
    """Every 2- and 3-card window of a seat's row: counted values, sum, and whether it fulfils a shown objective."""
    row = state.rows[seat]
    found = []
    for size in (2, 3):
        for start in range(len(row) - size + 1):
            values = [state.counted_value(c) for c in row[start : start + size]]
            total = sum(values)
            found.append(
                {
                    "cards": f"{start + 1}-{start + size}",
                    "values": values,
                    "sum": total,
                    "zero_pair": zero_pair(values),
                    "hits": total in state.objectives and fulfils(values, total),
                }
            )
    return found


def _signed(values: list[int]) -> str:
    return " + ".join(f"({v})" if v < 0 else str(v) for v in values)


def _zero_pair_of(values: list[int]) -> tuple[int, int] | None:
    for i, a in enumerate(values):
        for b in values[i + 1 :]:
            if a + b == 0:
                return a, b
    return None


def _still_to_play(state: AlcatrazState, seat: int) -> list[int]:
    """The seats that still play their turn after ``seat`` empties its row: those after it, up to the first player
    (everyone gets the same number of turns in a round)."""
    active = state.active
    out: list[int] = []
    nxt = (seat + 1) % state.players
    while nxt != state.first:
        if nxt in active:
            out.append(nxt)
        nxt = (nxt + 1) % state.players
    return out


#: The words of a claim's outcome in each language: the engine's figures go into the same sentence shapes.
_OUTCOME_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "counted": " (the {was} counts as {now} with its overlay)",
        "fulfilled": "The objective {claim} is fulfilled: {sum}{counted}, {n} points; {refill}.",
        "refill": "one face-down card is added at the right end of the row",
        "emptied": "the row is now empty, so nothing is added (zero cards), you get a circle for this round, and ",
        "triggered": "the end of the round is triggered",
        "ends_now": "the end of the round is triggered, and as the next seat is the first player's, the round ends now",
        "still_one": "the end of the round is triggered: the other player after you (seat {seats}) still plays first",
        "still_many": "the end of the round is triggered: the other players after you (seat {seats}) still play first",
        "zero": "{a} and {b} add up to zero",
        "missed": "{sum}{counted}, not {claim}",
        "fails": "The claim of {claim} fails because {why}: 0 points; the {n} cards go to a discard pile "
        "and {n} face-down cards are added at the right end of the row.",
    },
    "pt": {
        "counted": " (o {was} vale {now} com a carta sobreposta)",
        "fulfilled": "O objetivo {claim} é cumprido: {sum}{counted}, {n} pontos; {refill}.",
        "refill": "uma carta fechada entra na ponta direita da fileira",
        "emptied": "a fileira fica vazia, então nenhuma carta entra, você ganha um círculo nesta rodada e ",
        "triggered": "o fim da rodada é disparado",
        "ends_now": "o fim da rodada é disparado e, como o próximo lugar é o do primeiro jogador, a rodada acaba agora",
        "still_one": "o fim da rodada é disparado: o outro jogador depois de você (lugar {seats}) ainda joga a sua vez",
        "still_many": "o fim da rodada é disparado: os outros jogadores depois de você (lugar {seats}) ainda jogam a "
        "sua vez",
        "zero": "{a} e {b} somam zero",
        "missed": "{sum}{counted}, e não {claim}",
        "fails": "O anúncio de {claim} falha porque {why}: 0 pontos; as {n} cartas vão para um monte de descarte "
        "e {n} cartas fechadas entram na ponta direita da fileira.",
    },
}


def _rest_of_round(lang: str, still: list[int] | None) -> str:
    """Who still plays after a claim that empties the row (the engine's seats), or that the round ends now."""
    words = _OUTCOME_WORDS[lang]
    if still is None:
        return words["triggered"]
    if not still:
        return words["ends_now"]
    return words["still_one" if len(still) == 1 else "still_many"].format(seats=", ".join(map(str, still)))


def _fulfil(
    lang: str,
    values: list[int],
    claim: int | None,
    ok: bool,
    zero: bool,
    overlaid: list[tuple[int, int]],
    left: int,
    still: list[int] | None = None,
) -> str:
    """A claim's outcome in words: the sum (with what each overlaid card counts as), the points, and the refill or
    what an emptied row sets off; a failure says why (the zero pair, or the sum against the claim)."""
    words = _OUTCOME_WORDS[lang]
    counted = "".join(words["counted"].format(was=was, now=now) for was, now in overlaid)
    total = f"{_signed(values)} = {sum(values)}"
    n = len(values)
    if ok:
        refill = words["refill"] if left else words["emptied"] + _rest_of_round(lang, still)
        return words["fulfilled"].format(claim=claim, sum=total, counted=counted, n=n, refill=refill)
    pair = _zero_pair_of(values)
    why = (
        words["zero"].format(a=pair[0], b=pair[1])
        if zero and pair
        else words["missed"].format(sum=total, counted=counted, claim=claim)
    )
    return words["fails"].format(claim=claim, why=why, n=n)


#: The rule each kind of move is played under (the deciding rule when no claim is judged).
ACTION_RULE = {
    A.PEEK: "AZ-PEEK",
    A.DRAW: "AZ-DRAW-DECK",
    A.TAKE: "AZ-TAKE",
    A.SWAP: "AZ-SWAP",
    A.DISCARD: "AZ-DISCARD",
    A.LOOK: "AZ-LOOK",
    A.PLUS: "AZ-OVERLAY",
    A.MINUS: "AZ-OVERLAY",
    A.FLIP: "AZ-OVERLAY",
    A.CLAIM: "AZ-CLAIM",
    A.PILE: "AZ-PILE-ORDER",
    A.END: "AZ-TURN",
}


def judge(before: State, actions: Sequence[Action], after: State) -> PositionReport:
    """Fulfils played (values, sum, the zero rule, success), the windows a mover can make, and the points."""
    b, a = cast(AlcatrazState, before), cast(AlcatrazState, after)
    report = PositionReport(facts={"points": list(a.points), "objectives": list(b.objectives)})
    en: list[str] = []
    pt: list[str] = []
    probe = b.clone()
    for action in actions:
        if isinstance(action, A.AzAction) and action.kind == A.USE:
            row = probe.rows[probe.current]
            values = [probe.counted_value(c) for c in row[action.a : action.a + action.b]]
            claim = probe.claim
            zero, ok = zero_pair(values), fulfils(values, claim)
            total = sum(values)
            report.facts["fulfil"] = {
                "values": values,
                "sum": total,
                "declared": claim,
                "zero_pair": zero,
                "success": ok,
            }
            en.append(
                f"Fulfil: {_signed(values)} = {total}, declared {claim}"
                + (", but two cards add up to zero" if zero else "")
                + (f" → success, {len(values)} points" if ok else " → fails (AZ-FAILURE)")
            )
            pt.append(
                f"Cumprir: {_signed(values)} = {total}, anunciado {claim}"
                + (", mas duas cartas somam zero" if zero else "")
                + (f" → acerto, {len(values)} pontos" if ok else " → erro (AZ-FAILURE)")
            )
            chosen = row[action.a : action.a + action.b]
            overlaid = [(VALUE[c], probe.counted_value(c)) for c in chosen if probe.ovl.get(c)]
            left = len(row) - len(chosen)
            if ok and not zero and not overlaid:  # "does it work?": the cards add up to the one announced
                report.facts["sum_rule"] = "AZ-SUM"
            if ok and left == 0:  # "does the round end?": the emptied row triggers the end of the round
                report.facts["end_rule"] = "AZ-ROUND-END"
            other_objective = not ok and not zero and total != claim and total in probe.objectives
            report.facts["rule"] = (
                "AZ-ZERO-PAIR"
                if zero
                else "AZ-SUM"  # the sum makes another face-up objective: only the announced one counts
                if other_objective
                else "AZ-OVERLAY"  # the overlay decides what is summed, whether the claim then works or not
                if overlaid
                else "AZ-FAILURE"
                if not ok
                else "AZ-SUCCESS"
            )
            report.facts["yes"] = ok
            still = _still_to_play(probe, probe.current) if ok and left == 0 and not probe.ending else None
            if still is not None:  # "does the round end right away?", "do the others still play?"
                report.facts["round_ends_now"] = not still
            report.consequence.update(
                en=_fulfil("en", values, claim, ok, zero, overlaid, left, still),
                pt=_fulfil("pt", values, claim, ok, zero, overlaid, left, still),
            )
        probe.apply(action)
    if actions and "rule" not in report.facts:  # no claim among the moves: the rule the last move is played under
        last = actions[-1]
        kind = last.kind if isinstance(last, A.AzAction) else ""
        report.facts["rule"] = ACTION_RULE.get(kind)
    seat = b.to_move()
    if not actions and seat is not None:
        found = windows(b, seat)
        report.facts["windows"] = found
        hits = [w for w in found if w["hits"]]
        shown = ", ".join(map(str, b.objectives))
        en.append(
            f"Face-up objectives: {shown}; seat {seat}'s row can make: "
            + (", ".join(f"cards {w['cards']} = {w['sum']}" for w in hits) or "none of them")
        )
        pt.append(
            f"Objetivos abertos: {shown}; a fileira do lugar {seat} faz: "
            + (", ".join(f"cartas {w['cards']} = {w['sum']}" for w in hits) or "nenhum deles")
        )
    en.append("Points so far: " + ", ".join(f"seat {i}: {p}" for i, p in enumerate(a.points)))
    pt.append("Pontos até agora: " + ", ".join(f"lugar {i}: {p}" for i, p in enumerate(a.points)))
    outcome = a.outcome()
    if outcome is not None and not b.is_over():
        report.facts["outcome"] = outcome.to_dict()
        seats = ", ".join(map(str, outcome.winners))
        report.consequence.update(
            en=f"This ends the game: seat(s) {seats} win.", pt=f"Isso encerra o jogo: vence(m) o(s) lugar(es) {seats}."
        )
    report.lines.update(en=en, pt=pt)
    return report


# ---- reckoning: the fulfil rule and the overlays applied to numbers a question states -------------
_NUM_RE = re.compile(r"(?<![\w+-])([+-]?\d{1,2})(?!\w)")
_TARGET_RE = re.compile(
    r"\b(?:for|to make|make|making|para (?:o )?|pra (?:o )?|fazer|faco|fazendo|cumprir|objective|objetivo|goal|alvo|"
    r"claim|go for|declare|declared|announce|announced|call|called|anunciar|anuncio|anunciei|declarar|declaro|declarei)"
    r"\s*(?:(?:o|a|the) )?(?:objective|objetivo|o objetivo|the objective|goal|alvo|of|de)?\s*(\d{1,2})\b"
)
_CLAIM_WORDS = re.compile(
    r"\b(objective|objetivo|goal|alvo|make|fazer|faco|work|works|count|counts|conta|vale|valid|valida|succeed|"
    r"score|pontuo|cumpr\w*|fulfil\w*|claim|go for|going for|legal|funciona|da certo)\b"
)
# the cards listed together ("-1, 6, 1", "4 e o 5"; commas may be gone): the cards of the claim when the question
# names more numbers, the list after "use"/"with" first ("tenho 4, 5 e 2. posso usar o 4 e o 5?")
_ART = r"(?:(?:o|a|the|my|meu|minha)\s+)?"
_SEP = rf"(?:\s*,\s*(?:and\s+|e\s+)?|\s+(?:and|e)\s+|\s+){_ART}"
_LIST_RE = re.compile(rf"(?<![\w+-])([+-]?\d{{1,2}}){_SEP}([+-]?\d{{1,2}})(?:{_SEP}([+-]?\d{{1,2}}))?(?![\w-])")
_CHOSEN = re.compile(
    r"\b(?:use|using|usar|uso|usando|with|com|play|jogar|pick|escolho|escolher)\s+(?:as |os |the |my |o |a )?$"
)
_BARE_CLAIM = re.compile(r"^\s*[+-]?\d{1,2}(?:\s*(?:,|and|e)?\s*[+-]?\d{1,2}){1,2}\s+(?:for|para|pra)\s+\d{1,2}\b")
# a question about which cards may be used, not about what they add up to ("skipping the 2 in between")
_NOT_A_SUM = re.compile(
    r"\b(skip\w*|between|in the middle|gap|jump\w*|pular|pulando|saltar|saltando|do meio|no meio|entre eles)\b"
)
_PLUS_RE = re.compile(
    r"(?<![\w-])\+ ?1\b|\bplus one\b|\badd(?:s|ing)? one\b|\bmais um\b|\bsomar (?:1|um)\b|\ba somar 1\b"
)
_MINUS_RE = re.compile(
    r"\bminus one\b|\bsubtract(?:s|ing)? one\b|\b(?:a )?tirar (?:1|um)\b|\bmenos um\b|\bsubtrair (?:1|um)\b|"
    r"\b(?:an|um|uma|put|lay|laid|then|depois|coloquei|coloco|pus|ponho|meti|meto|botei|boto|as|como) -1\b|"
    r"\b(?:a|e|card|carta) -1(?= (?:card |carta |overlay |overlay card |sobreposta |sobreposição )?(?:e depois|and then|then|on|em|por|no|na))"
)
_FLIP_RE = re.compile(
    r"\bsign[- ](?:change|flip|swap|switch|changer|flipper)\b|\btroca[- ]sinal\b|\binverte\w* (?:o )?sinal\b|\bchanges? (?:the |its )?sign\b|\bchange of sign\b|\bflip(?:s|ped)? (?:the )?sign\b|"
    r"\btroca de sinal\b|\btroca(?:r)? o sinal\b|\bmuda(?:r)? o sinal\b|\binverte(?:r)? o sinal\b|"
    r"\btrocar (?:de )?sinal\b|\bvira(?:r)? o sinal\b|\bflip cards?\b|"
    # the sign told as already turned: "um 6 com o sinal trocado", "o sinal virado ao contrário", "its sign flipped"
    r"\bsina(?:l|is) (?:trocad|virad|invertid|mudad)[oa]s?\b|\bsign (?:flipped|changed|swapped|reversed|switched)\b|"
    # a 13 or 14 laid on a card is a sign change by its number ("a 14 on my -3", "o meu 4 tem um 13 em cima")
    r"\b(?:a|an|um|uma) 1[34](?= (?:on|onto|over|em cima|por cima|sobre)\b)|\b(?:has|tem|with|com) (?:a|an|um|uma) 1[34]\b"
)
_BASE_RE = re.compile(
    r"\b(?:on|onto|over) (?:top of )?(?:my|the|a) (-?\d{1,2})\b|\b(?:em cima|por cima|sobre) (?:d[oa] )?(?:meu |minha |o |a )?(-?\d{1,2})\b|"
    r"\b(?:my|meu|o meu|the|o|a minha) (-?\d{1,2}) (?:has|tem|ta|esta|with|com)\b|"
    # "coloquei -1 no meu 2": Portuguese "no/na" + "meu/minha" is "on my"
    r"\b(?:no|na) (?:meu|minha) (-?\d{1,2})\b|"
    # "tenho um -3 com um 14 em cima", "a -3 with a 13 on top": a card named with what lies on it
    r"\b(?:um|uma|a|an) (-?\d{1,2}) (?:com|with) (?:um|uma|a|an) 1[1-4]\b[^,.;?]{0,40}?\b(?:em cima|por cima|on top|on it)\b|"
    # "um 6 com o sinal trocado", "a -2 with its sign flipped": a card named with its sign
    r"\b(?:um|uma|a|an) (-?\d{1,2}) (?:com|with) (?:o |the |its |a )?(?:sinal|sign)\b|"
    # "tenho um 3 com um -1", "I have a 5 with a +1": a card named with the +1 or -1 on it
    r"\b(?:um|uma|a|an|my|meu|minha) (-?\d{1,2}) (?:com|with) (?:um |uma |a |an )?(?=[+-] ?1\b)"
)
# the value the question says the overlaid card takes ("e vira 3?", "does it become -4?"): asked, checked
_BECOMES = re.compile(
    r"\b(?:vira|virar|viraria|fica|ficar|ficaria|passa a (?:valer|ser)|conta como|counts? as|becomes?|turns? into|"
    r"turn it into|is it now|=|make it|makes it|making it|is still|still|ficar com|fica com|continua(?: a valer)?|"
    r"leaves? it at|stays? at|remains?|deixa(?:-?[oa]| [oa]| el[ea])? (?:em|a valer|valendo|no)|fica em|"
    r"ainda vale|(?:is |it's |its )?worth|vale|passa a|is that card|is that|is it)\s+(?:a |an |um |uma |o |the |com )?"
    r"(-?\d{1,2}|zero)\b"
)
# "+1/-1 cards", "os +1 e -1": the kind of card named, not an overlay laid on a card
_ADJUST_KIND = re.compile(
    r"(?<![\w-])\+ ?1\s*(?:/|e|and|or|ou)\s*-\s*1\b|(?<![\w-])\+ ?1 -1(?= (?:cards?|cartas?|nao|do not|dont)\b)"
)
# "a 14 of sign change", "um 14 (troca de sinal)": the card and its effect named together are one overlay
_NAMED_EFFECT = re.compile(
    r"\b(1[34])\s*(?:de |da |of |\()?\s*(?:troca de sinal|trocar (?:de |o )?sinal|troca sinal|sign[- ]change)\)?"
)
# "do the two make zero?", "dá soma zero?": whether the cards add up to zero is asked, not whether the claim works
_MAKES_ZERO_Q = re.compile(r"\b(?:make|makes|add up to|add to|sum to|da|dao|fazem|faz|somam|soma)\s+(?:soma\s+)?zero\b")
_OVERLAY_Q = re.compile(
    r"\b(on|onto|over|em cima|por cima|sobre|no meu|na minha|overlay\w*|sobrepost\w*|has|tem|ta com|esta com|com o sinal|"
    r"with (?:the|its|a) sign|with (?:a |an |the )?[+-] ?1|com (?:um |uma |o |a )?(?:[+-] ?1|troca|sinal)|"
    # "flip my 4 with a 13": an overlay card named by its number
    r"with (?:a |an )?1[34]|com (?:um |uma |o )?1[34])\b"
)


# where an overlay goes ("the claim failed, where does the +1 end up?", "o -1 fica na fileira?") is not its value
_WHERE_Q = re.compile(
    r"\b(where|end up|ends up|go to|goes to|happens to|stays? in|onde|aonde|vai para|vai pra|vao para|vao pra|"
    r"fica na|ficam na|fica no|ficam no|acontece com|acontece ao|acontece a)\b"
)
_VALUE_Q = re.compile(r"\b(vale|valem|valer|worth|counts? as|count for|conta como|contam como|zero)\b")


# whether an overlay itself scores ("a +1 on my 5, does it score a point?") is not its value in a sum either
_SCORES_Q = re.compile(
    r"\b(scores?(?! as\b)|scoring|score points?|give points?|gives points?|worth points?|conta ponto|contam ponto|contam pontos|"
    r"conta pontos|da ponto|da pontos|dao pontos?|pontua\w*|vale ponto|vale pontos|valem pontos?)\b"
)


def _asks_where(text: str) -> bool:
    """Where an overlay goes, or whether it scores: a question about the overlay card, not the card's value."""
    return bool(_WHERE_Q.search(text) or _SCORES_Q.search(text)) and not (
        _VALUE_Q.search(text.replace("vale ponto", "")) or _BECOMES.search(text) or _TARGET_RE.search(text)
    )


_ON_CARD = re.compile(r"^(?:on|onto|over|em cima|por cima|sobre)\b")


_ZERO_Q = re.compile(r"\b(zero|cancel\w*|anul\w*)\b")
_FAIL_Q = re.compile(
    r"\b(fail|fails|failed|falh\w*|erro|errad\w*|break|breaks|quebr\w*|apply|applies|aplica\w*|kick in|trigger\w*)\b"
)


def reckon(question: str, lang: str) -> PositionReport | None:
    """A claim ("-1, 1 and 12 for objective 12?") or an overlaid card ("a +1 then a sign change on my 3?"),
    and the zero rule on an overlaid card ("my -2 with a +1, used with a 1: zero rule?")."""
    text = _ADJUST_KIND.sub("adjust", _NAMED_EFFECT.sub(r"\1", _fold(question)))
    dealt = _dealt(text, lang) or _overlay_points(text, lang)
    if dealt is not None:
        return dealt
    overlay = None if _asks_where(text) else _overlay(text, lang)
    if overlay is not None and (_ZERO_Q.search(text) or _TARGET_RE.search(text)):
        zero = _overlay_zero(text, lang, overlay)
        if zero is not None:
            return zero
        # "a 4 with +1 and a -5 add up to zero?": a zero rule the cards named cannot settle is left to the rules;
        # "is that card a zero now?" asks the card's value, which the overlay answers
        return overlay if overlay.facts.get("yes") is not None or not _ZERO_Q.search(text) else None
    return overlay or _claim(text, lang)


# a fulfilled claim's points when some of its cards carried overlays ("fiz um objetivo com 3 cartas e uma tinha um 11
# por cima: 3 ou 4 pontos?", "scored with 3 cards, one had a 12 stacked on it: a point for the 12 too?")
_CARDS_USED = re.compile(
    r"\b(?:with|using|used|scored|won|made|fulfilled|com|usando|usei|ganhei|fiz|cumpri)\s+(?:\w+\s+){0,2}?"
    r"(2|3|two|three|dois|duas|tres)\s+(?:cards|cartas)\b"
)
_OVERLAID = re.compile(
    r"\b(?:overlays?|overlaid|stacked|on (?:top of )?it|on top|laid on|sobrepost\w*|sobreposic\w*|por cima|em cima)\b"
)
_POINTS_ASKED = re.compile(r"\b(?:points?|pontos?|score|pontuo|conto|bank)\b")
_POINTS_SAID = re.compile(r"\b(\d)\s+(?:points?|pontos?)\b|\b(?:sao|is it|e|so)\s+(\d)\b")
_ALSO_SCORES = re.compile(r"\b(?:too|as well|also|extra|tambem|a mais)\b")
_CHOICE = re.compile(r"\b\d\s+(?:ou|or)\s+\d\b")  # "3 ou 4 pontos?": a choice, answered by the number


def _overlay_points(text: str, lang: str) -> PositionReport | None:
    """The points of a fulfilled claim whose cards carried overlays: one per card used, the overlays none."""
    used = _CARDS_USED.search(text)
    if used is None or not _OVERLAID.search(text) or not _POINTS_ASKED.search(text):
        return None
    word = used.group(1)
    n = int(word) if word.isdigit() else _NUMBER_WORDS[word]
    report = PositionReport(facts={"rule": "AZ-OVERLAY-LEAVE", "points": n})
    said = [int(m.group(1) or m.group(2)) for m in _POINTS_SAID.finditer(text[used.end() :])]
    if not _CHOICE.search(text, used.end()):  # "3 ou 4 pontos?" is answered by the number, not yes or no
        if len(said) == 1:
            report.facts["yes"] = said[0] == n  # "então são 4 pontos?" -> no, 3
        elif not said and _ALSO_SCORES.search(text):
            report.facts["yes"] = False  # "do I bank a point for the 12 too?"
    report.consequence.update(
        en=f"{n} points: each card used in the sum scores 1, and an overlay never scores; it goes to a discard pile "
        "when the card under it leaves your row.",
        pt=f"{n} pontos: cada carta usada na soma vale 1, e uma sobreposição nunca pontua; ela vai para um monte de "
        "descarte quando a carta de baixo sai da fileira.",
    )
    return report


_PLAYERS_N = re.compile(
    r"\b([2-5]|two|three|four|five|dois|duas|tres|quatro|cinco) (?:players|people|jogadores|pessoas)\b"
)
_IN_ALL = re.compile(r"\b(in total|in all|altogether|together|total|ao todo|no total|todas juntas|somadas|somando)\b")
_ROWS_Q = re.compile(r"\b(rows?|filas?|fileiras?|dealt|deal|distribu\w*|dad[ao]s|mesa)\b")
_NUMBER_WORDS = {"two": 2, "three": 3, "four": 4, "five": 5, "dois": 2, "duas": 2, "tres": 3, "quatro": 4, "cinco": 5}


def _dealt(text: str, lang: str) -> PositionReport | None:
    """How many cards the rows take in all with N players ("5 jogadores no modo selvagem, quantas cartas nas
    filas ao todo?"): N rows of 4, or of 5 in Wild Prisoner."""
    players = _PLAYERS_N.search(text)
    if (
        players is None
        or not _IN_ALL.search(text)
        or not _ROWS_Q.search(text)
        or ("card" not in text and "carta" not in text)
    ):
        return None
    n = _NUMBER_WORDS.get(players.group(1)) or int(players.group(1))
    wild = re.search(r"\b(wild|selvagem)\b", text) is not None
    size = 5 if wild else 4
    report = PositionReport(facts={"rule": "AZ-WILD" if wild else "AZ-SETUP-ROW", "total": n * size})
    mode = (" no modo Prisioneiro Selvagem" if lang == "pt" else " in Wild Prisoner") if wild else ""
    report.consequence[lang] = (
        f"Com {n} jogadores{mode}, cada fileira começa com {size} cartas, então {n} × {size} = {n * size} cartas vão "
        "para as fileiras (mais 1 carta aberta em cada um dos 2 montes de descarte)."
        if lang == "pt"
        else f"With {n} players{mode}, each row starts with {size} cards, so {n} × {size} = {n * size} cards are "
        "dealt into the rows (plus 1 face-up card on each of the 2 discard piles)."
    )
    return report


def _said_value(word: str) -> int:
    return 0 if word == "zero" else int(word)


def _overlay_zero(text: str, lang: str, overlay: PositionReport) -> PositionReport | None:
    """The zero rule with the overlaid card's counted value and the other cards the question names after it."""
    base = _BASE_RE.search(text)
    if base is None:
        return None
    value = int(overlay.facts["value"])
    card = int(next(g for g in base.groups() if g is not None))
    effects = [m.span() for r in (_PLUS_RE, _MINUS_RE, _FLIP_RE) for m in r.finditer(text)]
    target = _TARGET_RE.search(text)
    if target is not None:
        effects.append(target.span(1))
    named = [
        (m.start(), int(m.group(1)))
        for m in _NUM_RE.finditer(text)
        if not base.start() <= m.start() < base.end()
        and not any(a <= m.start() < b for a, b in effects)
        and not any(b.start(1) == m.start() for b in _BECOMES.finditer(text))  # "counts 2": the value itself
    ]
    # the overlaid card listed before it is described ("3, 4 and 5 ..., but the 4 has a sign change") is that card;
    # a number after it is another card ("my 2 has a sign change; with a 2, zero?")
    listed = next((k for k, (at, v) in enumerate(named) if at < base.start() and v == card), None)
    others = [v for k, (_at, v) in enumerate(named) if k != listed]
    if not 1 <= len(others) <= 2 or any(v == 0 or not -3 <= v <= 14 for v in others):
        return None
    values = [value, *others]
    zero = zero_pair(values)
    pair = _zero_pair_of(values)
    if target is not None and not _ZERO_Q.search(text):  # "my 2 has a sign change; with a 5 for 3, does it work?"
        goal = int(target.group(1))
        if not 2 <= len(values) <= 3:
            return None
        claim = _claim_report(values, goal, lang)
        claim.facts["rule"] = "AZ-ZERO-PAIR" if zero else "AZ-OVERLAY"  # the overlay decides what is summed
        said = claim.consequence[lang]
        claim.consequence[lang] = (
            f"O {card} com a sobreposição conta como {value}: {said[0].lower()}{said[1:]}"
            if lang == "pt"
            else f"Your {card} with its overlay counts as {value}: {said[0].lower()}{said[1:]}"
        )
        return claim
    asks_fail = _FAIL_Q.search(text) is not None or _MAKES_ZERO_Q.search(text) is not None
    report = PositionReport(facts={"rule": "AZ-ZERO-PAIR", "yes": zero if asks_fail else not zero})
    if lang == "pt":
        report.consequence["pt"] = (
            f"O {card} com a sobreposição conta como {value}, e {pair[0]} e {pair[1]} somam zero: a tentativa falha "
            "pela regra do zero."
            if zero and pair
            else f"O {card} com a sobreposição conta como {value}, e nenhum par soma zero: a regra do zero não se aplica."
        )
    else:
        report.consequence["en"] = (
            f"Your {card} with its overlay counts as {value}, and {pair[0]} and {pair[1]} add up to zero: the attempt "
            "fails by the zero rule."
            if zero and pair
            else f"Your {card} with its overlay counts as {value}, and no two cards add up to zero: the zero rule does "
            "not apply."
        )
    return report


def _overlay(text: str, lang: str) -> PositionReport | None:
    base = _BASE_RE.search(text)
    if base is None or not _OVERLAY_Q.search(text):
        return None
    effects = sorted(
        [(m.start(), PLUS) for m in _PLUS_RE.finditer(text)]
        + [(m.start(), MINUS) for m in _MINUS_RE.finditer(text)]
        + [(m.start(), NEG) for m in _FLIP_RE.finditer(text)]
    )
    card_at = next(k for k in range(1, len(base.groups()) + 1) if base.group(k) is not None)
    if not effects:
        # "peguei um 14, boto ele em cima do meu -3": a 13 or 14 laid on the card is a sign change by its number
        flips = [m.start() for m in re.finditer(r"(?<![\w+-])1[34](?!\w)", text) if m.start() != base.start(card_at)]
        effects = [(flips[0], NEG)] if len(flips) == 1 and _ON_CARD.search(base.group(0)) else []
    card = int(base.group(card_at))
    asked = next((m for m in _BECOMES.finditer(text) if m.start() > base.start()), None)
    if not effects and asked is not None and _ON_CARD.search(base.group(0)):
        # "drew a 12, can it go over my 5 and make it 4?": an 11 or 12 laid by its number adds or takes 1, as asked
        adjusts = [m.start() for m in re.finditer(r"(?<![\w+-])1[12](?!\w)", text) if m.start() != base.start(card_at)]
        if len(adjusts) == 1:
            effects = [(adjusts[0], PLUS if _said_value(asked.group(1)) == card + 1 else MINUS)]
    if not effects:
        return None
    value = apply_overlays(card, [e for _pos, e in effects])
    names = {
        "en": {PLUS: "+1", MINUS: "-1", NEG: "a sign change"},
        "pt": {PLUS: "+1", MINUS: "-1", NEG: "uma troca de sinal"},
    }[lang]
    laid = (" e depois " if lang == "pt" else " and then ").join(names[e] for _pos, e in effects)
    shown = (
        f"menos {abs(value)} ({value})"
        if lang == "pt" and value < 0
        else f"minus {abs(value)} ({value})"
        if value < 0
        else str(value)
    )
    report = PositionReport(facts={"rule": "AZ-OVERLAY", "value": value})
    if asked is not None:  # "... e vira 3?": yes when the counted value is the one asked
        report.facts["yes"] = _said_value(asked.group(1)) == value
    report.consequence[lang] = (
        f"O {card} com {laid} por cima vale {shown} numa soma: as sobreposições se aplicam na ordem em que foram postas."
        if lang == "pt"
        else f"Your {card} with {laid} laid on it counts as {shown} in a sum: overlays apply in the order they were laid."
    )
    return report


# the total a player says the cards came to ("said 10 and it came to 10 with a 6 and a 4"): not one of the cards
_OUTCOME = re.compile(
    r"\b(?:deu|somou|somaram|totalizou|bateu|came to|comes to|adds up to|added up to|add up to|totals|totalled|"
    r"totaled|got)\s+(?:o |a |um |exactly |exatamente |certinho )?(-?\d{1,2})\b"
)


def _claim(text: str, lang: str) -> PositionReport | None:
    target = _TARGET_RE.search(text)
    if target is None or not (_CLAIM_WORDS.search(text) or _BARE_CLAIM.search(text)) or _NOT_A_SUM.search(text):
        return None
    goal = int(target.group(1))
    said = {m.start(1) for m in _OUTCOME.finditer(text) if int(m.group(1)) == goal}
    values = [
        int(m.group(1))
        for m in _NUM_RE.finditer(text)
        if not (target.start(1) <= m.start(1) < target.end(1)) and m.start(1) not in said
    ]
    if len(values) > 3:  # "my cards are -1, 6, 1. The -1 and 1 aren't next to each other...": the first list
        lists = [m for m in _LIST_RE.finditer(text) if not m.start() <= target.start(1) < m.end()]
        chosen = [m for m in lists if _CHOSEN.search(text[max(0, m.start() - 14) : m.start()])]
        listed = chosen[-1] if chosen else lists[0] if lists else None
        values = [int(g) for g in listed.groups() if g is not None] if listed else values
    if not 2 <= len(values) <= 3 or any(v == 0 or not -3 <= v <= 14 for v in values):
        return None
    return _claim_report(values, goal, lang, apart=_APART_Q.search(text) is not None)


# a question that wonders whether the zero rule needs the two cards side by side ("the -2 and the 2 aren't next
# to each other, so it doesn't apply?"): the answer says the rule covers any two of the cards used
_APART_Q = re.compile(
    r"\b(next to each other|side by side|adjacent|apart|neighbou?rs?|touching|lado a lado|vizinh\w*|juntas|juntos|"
    r"colad\w*|separad\w*|afastad\w*|longe)\b"
)
_ANY_TWO = {
    "en": "The zero rule covers any two of the cards used, side by side or not.",
    "pt": "A regra do zero vale para quaisquer duas das cartas usadas, vizinhas ou não.",
}


def _claim_report(values: list[int], goal: int, lang: str, apart: bool = False) -> PositionReport:
    """A claim of ``goal`` with these counted values: the sum, the zero rule, success or failure (and, when the
    question wonders about the two cards' places, that the zero rule does not care)."""
    ok, zero = fulfils(values, goal), zero_pair(values)
    pair = _zero_pair_of(values)
    report = PositionReport(facts={"rule": "AZ-ZERO-PAIR" if zero else "AZ-SUM", "yes": ok, "sum": sum(values)})
    total = sum(values)
    if lang == "pt":
        report.consequence["pt"] = (
            f"{_signed(values)} = {total} e nenhum par soma zero: o objetivo {goal} é cumprido, {len(values)} pontos."
            if ok
            else (
                f"{pair[0]} e {pair[1]} somam zero, então a tentativa falha mesmo com o total {total}."
                if total == goal
                else f"{pair[0]} e {pair[1]} somam zero, e o total {total} não é {goal}: a tentativa falha."
            )
            if zero and pair
            else f"{_signed(values)} = {total}, e não {goal}: a tentativa falha."
        )
    else:
        report.consequence["en"] = (
            f"{_signed(values)} = {total} and no two of them add up to zero: objective {goal} is fulfilled, {len(values)} points."
            if ok
            else (
                f"{pair[0]} and {pair[1]} add up to zero, so the attempt fails even though the total is {total}."
                if total == goal
                else f"{pair[0]} and {pair[1]} add up to zero, and the total {total} is not {goal}: the attempt fails."
            )
            if zero and pair
            else f"{_signed(values)} = {total}, not {goal}: the attempt fails."
        )
    if zero and apart:
        report.consequence[lang] += " " + _ANY_TWO[lang]
    return report


KIT = DeskKit(
    sheets={"en": HERE / "sheets" / "en.md", "pt": HERE / "sheets" / "pt.md"},
    glossary=HERE / "glossary.json",
    faq=HERE / "faq.json",
    asked=HERE / "asked.json",
    judge=judge,
    reckon=reckon,
)
