"""The answering sentence: an intent's own answer shaped by the question, or the engine's verdict in words.

``ask`` (answer.py) decides *what* answers; this module words it. An intent's
answer keeps its "Yes —"/"No —" for a yes/no question and drops it for an open
one; "does it matter...?" and "only...?" can turn it around; a yes/no question on
an open intent is answered yes/no by the counts it states. A position's verdict
says whether the move is legal and what it leads to (points, the end of the game),
and a yes/no question about it is answered by legality ("can I play this?") or by
its consequence ("do I gain?").
"""

from __future__ import annotations

import functools
import itertools
import re
from typing import Any

from ..core.registry import list_games
from .compose import Lead, negated, yes_no
from .faq import Intent, answer_body, knowledge_base
from .position import Verdict
from .text import fold
from .understand import EN_WH, PT_WH_FOLDED, Question, tokens_of


def intent_lead(intent: Intent, q: Question, lang: str, game: str | None = None) -> Lead:
    """The intent's answer in ``lang``: "Yes —"/"No —" kept for a yes/no question, dropped for an open one.

    Two question shapes turn the intent's yes/no around: "does it matter if...?" (a permission or a
    "need not" answers no, a must or a must-not answers yes) and "only...?" against an answer that says
    "any" ("does the zero rule only apply to neighbours?" -> no, any two). A yes/no question on an open
    intent gets yes/no from the counts it states ("do I draw 4 tiles?" against "... 4 tiles ...").
    """
    text = intent.answer[lang]
    body = answer_body(text)
    value = intent.yes
    if (q.polar or q.matter) and value is not None:  # "does it matter whether up or down?" is yes/no too
        if q.matter:
            value = _matters(body)
        elif q.only and value and ONLY_SCOPE.search(fold(q.raw)) and UNIVERSAL.search(fold(body)):
            value = False
        elif value and ONLY_WHEN.search(fold(q.raw)) and UNLESS.search(fold(body)):
            value = False  # "does the game only end when the board is full?" against "... unless six alike win"
        elif value and (_opposite_asked(fold(q.raw), fold(body)) or _opposite_concept(q, body, game)):
            value = False  # "do discard cards go face down?" against "... stays face up"
        elif value and _count_disagrees(q, body):
            value = False  # "only one new card after a failure, right?" against "... as many as you used (2 or 3)"
        elif value is False and _asks_failure(q) and FAILS.search(fold(body)):
            value = True  # "two cards add up to zero: do I fail?" against "No — ... the attempt fails"
        elif value is False and _leave_against_need_not(q, body):
            value = True  # "is it fine to place a tile far from the rest?" against "No — tiles need not touch..."
        if value is None:
            return Lead(body, body, None, 1.0)
        if q.doomed:  # "am I screwed?": no when the answer leaves a way out, else what the answer says
            value = False if WAY_OUT.search(fold(body)) else value
        elif q.forbidden:  # "is it cheating to look again?" against "No — you may not look again" -> yes
            value = not value
        if q.negated_claim:  # a negative claim is answered "no" either way: "overlays don't count, correct?" ->
            value = False  # "No — they change the sum"; "I can't draw twice, right?" -> "No — at most one draw"
        turned = f"{yes_no(lang, value)} — {_lower(body, proper_nouns(game))}"
        return Lead(turned if value != intent.yes else text, body, value, 1.0)
    if q.polar:
        said = _count_agrees(q, body)
        if said is not None:
            return Lead(f"{yes_no(lang, said)} — {_lower(body, proper_nouns(game))}", body, said, 1.0)
    return Lead(body, body, None, 1.0)


# an answer that leaves the player a way out ("you may put them back", "you do not have to keep it")
WAY_OUT = re.compile(
    r"\b(may|can|could|do not have to|don't have to|need not|your choice|pode|podes|podem|nao precisa|"
    r"nao e obrigad[oa]|nao tem de|nao tem que|a escolha)\b"
)
# "only" bearing on what the rule covers ("only apply to", "só vale para"), not inside a noun ("only action tiles")
ONLY_SCOPE = re.compile(
    r"\b(only|just|apenas|somente|so)\s+(apply|applies|for|to|count|counts|work|works|matter|matters|vale|valem|"
    r"conta|contam|serve|servem|para|pra|funciona|se aplica|aplica)\b"
)
# "only when/if ..." asked of a rule that has an exception ("... unless ...")
ONLY_WHEN = re.compile(
    r"\b(?:only|just)\s+(?:\w+\s+){0,2}?(?:when|if|once|after)\b|"
    r"\b(?:so|apenas|somente)\s+(?:\w+\s+){0,2}?(?:quando|se|depois)\b"
)
UNLESS = re.compile(r"\b(?:unless|except|a nao ser que|a menos que|exceto|salvo se)\b")
UNIVERSAL = re.compile(r"\b(any|every|either|all|whatever|qualquer|quaisquer|todas?|todos|seja qual)\b")
MUST = re.compile(r"\b(must|have to|has to|needs? to|required|tem de|tem que|têm de|precisa|obrigat\w*)\b")
NEED_NOT = re.compile(
    r"\b(need not|needn't|do not have to|does not have to|don't have to|do not need to|does not need to|"
    r"don't need to|doesn't need to|nao precisa\w*|nao tem de|nao tem que|nao e obrigat\w*|optional|opcional)\b"
)
# asking leave to do something ("is it fine to...?", "can I...?", "posso...?"), not whether one must
PERMISSION = re.compile(
    r"\b(can (?:i|we|you)|may (?:i|we)|is it (?:ok|okay|fine|alright|allowed|legal)|am i allowed|are we allowed|"
    r"posso|podemos|pode-se|da pra|da para|e permitido|tudo bem)\b"
)
MAY = re.compile(r"\b(may|can|any|either|pode\w*|qualquer|quaisquer)\b")


#: Words whose opposite in an answer turns its "yes" into "no" for the question that asked the other way round.
ANTONYMS = (
    ("face down", "face up"),
    ("face-down", "face-up"),
    ("virada para baixo", "virada para cima"),
    ("viradas para baixo", "viradas para cima"),
    ("fechada", "aberta"),
    ("fechadas", "abertas"),
    ("left", "right"),
    ("esquerda", "direita"),
    ("counterclockwise", "clockwise"),
    ("anticlockwise", "clockwise"),
    ("anti-horario", "horario"),
    ("stop", "keep playing"),
    ("stop", "go on playing"),
    ("parar", "continua jogando"),
    ("paramos", "continua jogando"),
    ("para tudo", "continua jogando"),
    ("trava", "novo baralho"),
    ("stuck with", "put them all back"),
)
#: The same for a condition the question says is needed ("must they be side by side?") while the answer says the
#: other also works: "do they count side by side?" is still yes (they count either way), "must they be?" is no.
NEEDED_ANTONYMS = (
    ("colados", "espalhados"),
    ("juntos", "espalhados"),
    ("seguidos", "espalhados"),
    ("coladas", "espalhados"),
    ("juntas", "espalhados"),
    ("seguidas", "espalhados"),
    ("next to each other", "spread out"),
    ("side by side", "spread out"),
    ("touching", "spread out"),
)
NEEDED = re.compile(
    r"\b(must|have to|has to|need to|needs to|required|only if|only when|tem de|tem que|precisa\w*|"
    r"obrigat\w*|so se|so quando|so contam|so conta|so valem|so vale)\b"
)


NEGATIONS = frozenset({"not", "no", "never", "nao", "nunca", "nem", "sem", "without"})


def _opposite_asked(question: str, body: str) -> bool:
    """The question names one side of an opposite pair and the answer only the other."""

    def says(text: str, word: str) -> bool:
        return re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", text) is not None

    def asserts(text: str, word: str) -> bool:  # "aren't side by side" names the other side
        for m in re.finditer(rf"(?<![\w-]){re.escape(word)}(?![\w-])", text):
            before = re.findall(r"[\w']+", text[: m.start()])[-3:]
            if not any(w in NEGATIONS or w.endswith("n't") for w in before):
                return True
        return False

    pairs = ANTONYMS + NEEDED_ANTONYMS if NEEDED.search(question) else ANTONYMS
    for a, b in pairs:
        for asked, other in ((a, b), (b, a)):
            if asserts(question, asked) and not says(question, other) and says(body, other) and not says(body, asked):
                return True
    return False


def _opposite_concept(q: Question, body: str, game: str | None) -> bool:
    """The question names one concept of an opposed pair of the game's glossary and the answer only the
    other: "must I show my tiles?" against "your tiles stay hidden" is a no, whatever words say it."""
    if not game:
        return False
    from .glossary import concepts, opposed_concepts

    pairs = opposed_concepts(game, states=True)
    if not pairs:
        return False
    langs = ("en", "pt")
    asked = set(concepts(q.text, langs, game))
    # the answer's own statement is its first clause; a later one may speak of another card ("... the card it
    # replaces goes face up onto a pile")
    said = set(concepts(re.split(r"[;:]", body)[0], langs, game))
    return any(
        a in asked and b not in asked and b in said and a not in said for x, y in pairs for a, b in ((x, y), (y, x))
    )


FAILS = re.compile(r"\b(fail|fails|failed|falha|falham|falhou|invalid\w*|breaks?|estraga\w*)\b")
# the failure asked about, as the question's verb ("does the attempt fail?", "falho?"), not "after a failed attempt"
FAIL_ASKED = re.compile(
    r"\b(?:do|does|did|will|would|is|am)\s+(?:\w+\s+){0,3}(?:fail|broken|invalid)\b|\bfails?\s*\??\s*$|"
    r"\b(?:falho|falhas|falhamos)\b|\bfalha\s*\??\s*$|\b(?:estraga|breaks?)\b|"
    # "does the zero rule still bite?": whether the failure rule applies
    r"\b(?:zero (?:rule|thing|pair)|regra do zero)\b.*\b(?:apply|applies|bite|bites|kick in|kicks in|count|counts|hold|holds|"
    r"vale|conta|aplica|prevent\w*|stops?|block\w*|forbid\w*|impede\w*|proibe\w*|bloqueia\w*|atrapalha\w*)\b"
)


def _asks_failure(q: Question) -> bool:
    """Whether the asking clause asks if something fails ("..., do I fail?", "falho?"), not a condition
    that sets the scene ("if I fail, do I lose points?")."""
    return FAIL_ASKED.search(fold(q.asking or q.text)) is not None


def _leave_against_need_not(q: Question, body: str) -> bool:
    """A question asking leave ("can I...?") matched to an answer whose main clause says something need not be
    done: the leave is granted, so the answer is yes; "must I...?" and "can I only...?" keep the no."""
    asked = fold(q.raw)
    main = re.split(r"[;:]", fold(body), maxsplit=1)[0]
    return (
        PERMISSION.search(asked) is not None
        and MUST.search(asked) is None
        and not q.only
        and NEED_NOT.search(main) is not None
    )


def _matters(body: str) -> bool | None:
    """Does it matter? A "need not"/"may"/"any" answer: no; a "must"/"cannot": yes; else unsure."""
    text = fold(body)
    if NEED_NOT.search(text):
        return False
    if MUST.search(text) or re.search(r"\b(cannot|never|nao pode|nunca)\b", text):
        return True
    if MAY.search(text):
        return False
    return None


COUNTED = re.compile(
    r"^(?:\w+ )?(tiles?|cards?|players?|people|persons|pessoas|points?|rounds?|turns?|pieces?|squares?|rows?|columns?|lines?|symbols?|"
    r"pecas?|cartas?|jogadores?|pontos?|rodadas?|rondas?|turnos?|casas?|linhas?|colunas?|fileiras?|simbolos?)\b"
)


def _count_agrees(q: Question, body: str) -> bool | None:
    """Whether the counts a yes/no question states are the ones the answer gives ("do I draw 4 tiles?"
    against "... 4 tiles ..."): True, False when the question's count is not in the answer, None when the
    question states no count. "2 to 4" in the answer gives 2, 3 and 4."""
    from .compose import NUMBER_WORDS

    def counts(text: str) -> set[int]:
        found: set[int] = set()
        toks = re.findall(r"[+-]?\d+|[^\W\d_]+", fold(text))
        for i, tok in enumerate(toks):
            if any(t in DENIED for t in toks[max(0, i - 2) : i]):
                continue  # "never 4 or more", "nunca 1": a count the answer rules out
            if tok.lstrip("+-").isdigit():
                found.add(int(tok))
            elif (
                tok in NUMBER_WORDS
                and tok not in ("one", "um", "uma", "a")
                and COUNTED.match(" ".join(toks[i + 1 : i + 3]))
            ):
                found.add(int(NUMBER_WORDS[tok]))  # "three cards", not "a three" (three of a kind)
            elif tok in NUMBER_WORDS and i >= 2 and toks[i - 1] in PLAY_WITH and toks[i - 2] in PLAY_VERBS:
                found.add(int(NUMBER_WORDS[tok]))  # "dá para jogar a três?", "can we play with four?": players
            if tok in ("to", "a", "ate") and 0 < i < len(toks) - 1:
                lo, hi = toks[i - 1], toks[i + 1]
                if lo.lstrip("-").isdigit() and hi.lstrip("-").isdigit() and 0 < int(hi) - int(lo) <= 20:
                    found.update(range(int(lo), int(hi) + 1))
        return found

    asked = counts(_without_scene_counts(fold(q.asking or q.text)))
    if not asked:
        return None
    given = counts(body)
    if not given:
        return None
    return asked <= given


DENIED = NEGATIONS - {"no", "sem", "without"}  # "never 4", "nunca 1"; not "no points" (a count of zero)
PLAY_VERBS = frozenset({"play", "jogar", "joga", "jogam", "jogamos", "jogo", "playing"})
PLAY_WITH = frozenset({"a", "em", "with", "in"})
NOUN_OF = {
    "card": "card", "cards": "card", "carta": "card", "cartas": "card", "point": "point", "points": "point",
    "ponto": "point", "pontos": "point", "tile": "tile", "tiles": "tile", "piece": "tile", "pieces": "tile",
    "peca": "tile", "pecas": "tile",
}  # fmt: skip
SCORE_VERBS = frozenset({"gains", "gain", "loses", "lose", "scores", "score", "ganha", "ganho", "perde", "perco"})
NONE_WORDS = frozenset({"no", "nenhum", "nenhuma", "zero"})
ONLY_WORDS = frozenset({"only", "just", "so", "apenas", "somente"})
LINKS = frozenset(
    {"a", "an", "the", "um", "uma", "o", "of", "de", "to", "on", "in", "em", "para", "pra", "no", "na", "with", "com"}
)


FRESH = frozenset({"new", "replacement", "fresh", "extra", "nova", "novo"})


def count_pairs(text: str) -> set[tuple[int, str]]:
    """(number, thing) pairs a text states: "3 new cards", "2 face-down cards", "gains 2" (points), "no points"."""
    from .compose import NUMBER_WORDS

    toks = re.findall(r"[+-]?\d+|[^\W\d_]+", fold(text))
    found: set[tuple[int, str]] = set()
    for i, tok in enumerate(toks):
        if tok.isdigit() and i > 0 and toks[i - 1] in NUMBER_WORDS and toks[i - 1] not in ("a", "an"):
            continue  # "two 11s", "dois 11": how many cards of that value, the number is a value, not a count
        if tok.isdigit():
            n = int(tok)
        elif tok in ("one", "um", "uma") and ONLY_WORDS.intersection(toks[max(0, i - 2) : i]):
            n = 1  # "only one card", "só uma carta"; a bare "a card" states no count
        elif tok in ("a", "an", "one", "um", "uma") and FRESH.intersection(toks[i + 1 : i + 4]):
            n = 1  # "do I get a new card?", "recebo uma carta nova?": one card more is asked about
        elif tok in NUMBER_WORDS and tok not in ("one", "um", "uma", "a"):
            n = int(NUMBER_WORDS[tok])
        elif tok in NONE_WORDS:
            n = 0
        else:
            continue
        reach = 5 if FRESH.intersection(toks[i + 1 : i + 2]) else 4  # "a new face-down card"
        ahead = list(itertools.takewhile(lambda t: t not in LINKS, toks[i + 1 : i + reach]))  # "1 a uma carta": none
        noun = next((NOUN_OF[t] for t in ahead if t in NOUN_OF), None)
        if noun is not None and not any(t.isdigit() for t in toks[i + 1 : i + 3]):
            found.add((n, noun))
        elif tok.isdigit() and i > 0 and toks[i - 1] in SCORE_VERBS:
            found.add((n, "point"))
    return found


def _counts_agree(folded: str, consequence: str) -> bool | None:
    """A yes/no question that states how many of something ("do I get 3 new cards?") is answered by the count
    the engine reports for that thing; None when it states no count the report speaks of."""
    parts = [p for p in re.split(r"[.!?:;]\s+", folded.strip()) if p.strip()]
    asked = count_pairs(parts[-1]) if parts else set()  # the asking sentence, not the scene set before it
    if not asked:
        return None
    given = count_pairs(consequence)
    nouns = {noun for _n, noun in given}
    relevant = {pair for pair in asked if pair[1] in nouns}
    if not relevant:
        return None
    return relevant <= given


SCENE_COUNT = re.compile(
    r"\b(?:among|of|with|from|in|entre|com|de|das|dos|em|num|numa)\s+(?:my|the|as|os|minhas|meus)?\s*(?:\d+|\w+)\s+\w+"
)


# a last clause that asks on its own ("..., do I keep playing?", "..., posso continuar?"): what came before the
# comma sets the scene
ASKS_ALONE = re.compile(
    r"\s*(?:do|does|did|can|could|may|must|should|will|would|is|are|am)\s+(?:i|we|you|he|she|they|it)\b|"
    r"\s*(?:posso|podemos|devo|devemos|continuo|continuamos|preciso|precisamos)\b"
)


def _without_scene_counts(text: str) -> str:
    """The text without counts that set the scene ("among my three cards", "com três cartas", "in a 2-player
    game"): they are not the count a yes/no question asks about."""
    return SCENE_COUNT.sub(" ", text)


REPLACED_NUMBER = re.compile(r"\b(?:instead of|rather than|em vez de|ao inves de|no lugar de)\s+[+-]?\d+\b")


def _count_disagrees(q: Question, body: str) -> bool:
    """A yes/no question stating how many of a thing ("can I use 4 cards?", "só uma carta nova?") against a
    "yes" answer that speaks of that thing with other numbers only ("the 2 or 3 cards ...")."""
    parts = [p for p in re.split(r"[.!?:;]\s+", fold(q.raw).strip()) if p.strip()]
    asking = fold(q.asking) if q.asking else (parts[-1] if parts else "")  # not the "if ..." scene before it
    tail = asking.rsplit(",", 1)[-1]
    if tail != asking and ASKS_ALONE.match(tail):  # "the bag is empty and I have 2 tiles, do I keep playing?"
        asking = tail
    asked = count_pairs(_without_scene_counts(asking))
    if not asked:
        return False
    from .compose import NUMBER_WORDS

    # a number the answer rules out ("5 cards instead of 4", "em vez de 4") is not one it gives
    kept = REPLACED_NUMBER.sub(" ", fold(body))
    toks = re.findall(r"[+-]?\d+|[^\W\d_]+", kept)
    numbers = {abs(int(t)) for t in toks if t.lstrip("+-").isdigit()} | {
        int(NUMBER_WORDS[t]) for t in toks if t in NUMBER_WORDS and t not in ("one", "um", "uma", "a")
    }
    nouns = {NOUN_OF[t] for t in toks if t in NOUN_OF}
    # a count the answer insists on ("only one", "só uma") rules out every other, even one it names as a
    # condition ("1 card, only one, whether you used 2 or 3 cards" against "do I get 3 new cards?")
    sole = {
        1 if toks[i + 1] in ("one", "um", "uma") else int(toks[i + 1])
        for i in range(len(toks) - 1)
        if toks[i] in ONLY_WORDS and (toks[i + 1] in ("one", "um", "uma") or toks[i + 1].isdigit())
    }
    if sole and any(noun in nouns and n not in sole for n, noun in asked):
        return True
    return bool(numbers) and any(noun in nouns and n not in numbers for n, noun in asked)


def verdict_rule(verdict: Verdict | None) -> str | None:
    if verdict is None:
        return None
    if verdict.legal is False:
        return verdict.rule_id
    rule = verdict.scores.get("rule")
    return str(rule) if rule else None


END_Q = re.compile(
    r"\b(end|ends|ended|over|finish\w*|last move|acaba\w*|termina\w*|encerra\w*|fim|final|ultima jogada)\b"
)
AT_ONCE_Q = re.compile(
    r"\b(right away|at once|immediately|straight away|now|right there|there and then|instantly|logo|na hora|"
    r"imediatamente|ja|de imediato|na mesma hora|de vez)\b"
)
# whether the other players still play before the round ends ("do the others still get a turn?")
STILL_PLAY_Q = re.compile(
    r"\b(still (?:get|have|play|go)\w*|get (?:a|another|their|one more) (?:turn|go)|ainda (?:joga\w*|tem|tem vez)|"
    r"os outros (?:ainda )?jogam|mais uma vez|one more turn)\b"
)
# whether a claim works ("does it work?", "do I make it?", "dá?"), not what follows it ("do I get a new card?")
WORKS_Q = re.compile(
    r"\b(work|works|make it|made it|succeed\w*|fulfil\w*|fulfill\w*|valid|right|correct|da certo|da|vale|serve|"
    r"cumpro|cumpre|consigo|acerto|funciona|bate)\s*\??\s*$"
)
AFTERMATH_Q = re.compile(r"\b(new card|refill|afterwards|next|points?|carta nova|cartas novas|repor|pontos?|recebo)\b")
CLAIM_Q = re.compile(
    r"\b(work|works|make it|succeed\w*|valid|good|funciona|da certo|conta|vale|fecha|bate|points?|pontos?)\b"
)
REFILL_Q = re.compile(
    r"\b(new card|new face-down card|refill\w*|replacement|replaced|afterwards|after|carta nova|cartas novas|"
    r"repo\w*|recebo carta|fico com|quantas cartas|how many cards|fila vazia|fileira vazia|empty row|rodada|round|ronda|"
    r"what happens|o que acontece|oque acontece)\b"
)

# "do I get a new card?" after a claim, and the engine's clause that answers it ("nothing is added", "1 card comes in")
NEW_CARD_ASKED = re.compile(
    r"\b(new (?:card|one)|another card|replacement card|get (?:a|one) back|uma nova|carta nova|outra carta|"
    r"recebo (?:uma|outra|carta)|entra (?:uma|outra|carta)|ganho (?:uma|outra) carta)\b"
)
REFILL_CLAUSE = re.compile(
    r"\b(is added|are added|comes in|come in|entra|entram|nenhuma carta entra|nothing is added)\b"
)


def _asks_if_claim_works(folded: str) -> bool:
    """Whether a question about a claim asks if it works ("does it work?", "dá?", "how many points?"), where the rule
    that the cards must add up to the objective decides, not what follows a success ("do I get a new card?", "what
    happens to my row?", which the success's own rule says). Two shapes: a works-word ending the question with no
    word of the aftermath in it, or a claim word anywhere with no word of the refill or the round."""
    ends_on_works = WORKS_Q.search(folded) is not None and AFTERMATH_Q.search(folded) is None
    names_the_claim = CLAIM_Q.search(folded) is not None and REFILL_Q.search(folded) is None
    return ends_on_works or names_the_claim


WINNER_Q = re.compile(r"\b(who|which team|quem|qual equip\w*|qual time)\b")
LEGALITY_Q = re.compile(
    r"\b(can|may|allowed|legal|illegal|possible|permitted|ok|okay|posso|pode|podes|permitid[oa]|valid[oa]|"
    r"da pra|da para|consigo|e possivel)\b"
)
OUTCOME_Q = re.compile(
    r"\b(win|wins|winning|won|gain|gains|score|scores|scoring|points?|lose|loses|losing|worth|good|bad|mistake|"
    r"help|hurt|ganho|ganha|ganhar|ganhamos|venco|vence|vencer|pontos?|pontua\w*|perco|perde|perder|vale a pena|"
    r"bom|boa|ma|mau|erro|asneira|ajuda|fulfil\w*|fulfill\w*|succeed\w*|work|works|cumpr\w*|faco|acerto)\b"
)


def verdict_lead(
    verdict: Verdict, q: Question, lang: str, groups: list[set[str]], term_fn: Any
) -> tuple[str | None, Lead]:
    pt = lang == "pt"
    if verdict.legal is False:
        head = f"A jogada {verdict.move} não é permitida" if pt else f"The move {verdict.move} is not legal"
        text = f"{yes_no(lang, False)} — {_lower(verdict.message)}" if q.polar else f"{head}: {verdict.message}"
        return verdict.rule_id, Lead(end_sentence(text), text, False, 1.0)
    head = f"A jogada {verdict.move} é permitida" if pt else f"The move {verdict.move} is legal"
    legal = f"{head} ({verdict.description})" if verdict.description else head
    said = str(verdict.scores.get("consequence_" + lang) or "")
    consequence = said or f"{head}: {verdict.description}"
    rule = verdict_rule(verdict)
    folded = fold(q.raw)
    end_rule = verdict.scores.get("end_rule")
    if end_rule and (END_Q.search(folded) or STILL_PLAY_Q.search(folded)) and not WINNER_Q.search(folded):
        rule = str(end_rule)  # "is the game over?" / "does the round end?": the rule of the end comes first
    sum_rule = verdict.scores.get("sum_rule")
    if sum_rule and _asks_if_claim_works(folded):
        rule = str(sum_rule)
    if not q.polar:
        text = f"{legal}. {said}" if said else legal
        return rule, Lead(end_sentence(text), consequence, None, 1.0)
    # "can I play this?": it is legal; but "can I use cards 1 to 3?" on a claim that fails asks whether it works
    claim = verdict.scores.get("fulfil")
    failed_claim = isinstance(claim, dict) and claim.get("success") is False
    if LEGALITY_Q.search(folded) and not OUTCOME_Q.search(folded) and not failed_claim:
        text = f"{yes_no(lang, True)} — {_lower(legal)}" + (f". {said}" if said else "")
        return rule, Lead(end_sentence(text), consequence, True, 1.0)
    said_count = _counts_agree(folded, consequence)
    if said_count is not None:  # "do I get 3 new cards?" against "... 2 face-down cards are added"
        return rule, Lead(
            end_sentence(f"{yes_no(lang, said_count)} — {_lower(consequence)}"), consequence, said_count, 1.0
        )
    value = verdict.scores.get("yes")
    asking = _asking(folded)
    if value is not None and asks_about_other_side(asking, verdict.scores.get("mover_team")):
        value = _other_side_value(verdict.scores, asking)
        if value is not None:
            return rule, Lead(end_sentence(f"{yes_no(lang, value)} — {_lower(consequence)}"), consequence, value, 1.0)
        value = verdict.scores.get("yes")
    # the consequence's clauses: "the row is now empty, so nothing is added (zero cards) and the end of the round is triggered"
    parts = [c.strip() for c in re.split(r";|,? (?:so|and|then|entao|então|e) ", consequence) if c.strip()]
    if len(parts) > 1:
        sentences = [p for p in re.split(r"(?<=[.!?:;])\s+", q.raw.strip()) if p.strip()]
        asked = term_fn(sentences[-1]) if sentences else set()  # the asking sentence, not the scene before it
        best = max(
            range(len(parts)),
            key=lambda i: (len(asked & term_fn(parts[i])), sum(1 for g in groups if g & term_fn(parts[i])), -i),
        )
        refill = next((i for i, part in enumerate(parts) if REFILL_CLAUSE.search(fold(part))), None)
        if refill is not None and NEW_CARD_ASKED.search(asking):
            value = not negated(parts[refill])  # "do I get a new one?": the clause that says what is added answers
        elif best > 0 and negated(parts[best]):
            value = False
    if value is None:
        value = not negated(consequence)
    elif q.negative_framing:
        value = not value
    if _asks_failure(q):  # "do I fail by the zero rule?": yes only when the engine's consequence is a failure
        value = FAILS.search(fold(consequence)) is not None
    if q.negated_claim:  # "the zero rule doesn't apply, right?": a negative claim is answered "no" either way, as
        value = False  # an intent's answer is ("No — the claim fails" / "No — it is fulfilled")
    ends_now = verdict.scores.get("round_ends_now")
    if isinstance(ends_now, bool):  # the engine knows whether the emptied row ends the round at once
        if STILL_PLAY_Q.search(asking):
            value = not ends_now  # "do the others still get a turn?"
        elif END_Q.search(asking) and AT_ONCE_Q.search(asking):
            value = ends_now  # "does the round end right away?" ("does it end?" is yes: it ends this lap)
    lost = verdict.scores.get("outcome") is not None  # the mover's side loses the game, not just some points
    if value is False and verdict.scores.get("yes") is False and verdict.scores.get("mover_team") is not None and lost:
        can = (
            f"{yes_no(lang, False)} — pode jogar, mas perde"
            if pt
            else f"{yes_no(lang, False)} — you can play it, but you lose"
        )
        text = (
            f"{can}: {_lower(consequence)}"
            if not q.negative_framing
            else f"{yes_no(lang, True)} — {_lower(consequence)}"
        )
        return rule, Lead(end_sentence(text), consequence, None, 1.0)
    return rule, Lead(
        end_sentence(f"{yes_no(lang, bool(value))} — {_lower(consequence)}"), consequence, bool(value), 1.0
    )


# the other side as the subject of what the question asks ("do they win?", "does the other team score?") or as
# who is helped ("does it help the opponents?", "dá pontos à outra equipa?"); "I ... in their line" is not it
OTHER_SIDE = (
    r"(?:the )?other (?:team|side|players?)|(?:the |my )?opponents?|the others|they|them|"
    r"(?:a )?outra (?:equipa|equipe)|(?:o )?outro time|(?:o )?time adversario|(?:a )?equip[ae] adversaria|"
    r"(?:os )?adversarios?|eles|elas|os outros"
)
OTHER_SUBJECT = re.compile(
    rf"\b(?:does|do|did|will|would|can|could|is|are)\s+(?:{OTHER_SIDE})\s+(?:\w+\s+)?"
    r"(?:win|wins|gain|gains|score|scores|get|gets|lose|loses|make|makes)\b|"
    rf"\b(?:{OTHER_SIDE})\s+(?:\w+\s+)?(?:ganh\w*|venc\w*|pontu\w*|perd\w*|marc\w*|fa[zc]\w*)\b|"
    rf"\b(?:help|helps|helping|give|gives|hand|hands|ajuda|ajudo|ajudar|entrega|entrego)\s+"
    rf"(?:\w+\s+){{0,2}}(?:to\s+|a\s+|as\s+|aos?\s+|para\s+|pra\s+)?(?:{OTHER_SIDE})\b|"
    rf"\bd(?:a|ou|ar)\s+(?:\w+\s+)?pontos?\s+(?:a|as|aos?|para|pra)\s+(?:{OTHER_SIDE})\b"
)
LOSS_Q = re.compile(r"\b(lose|loses|losing|lost|hurt|hurts|cost|costs|perde\w*|perco|tira pontos)\b")


# the two teams of a rows-against-columns game by name (team 0 scores the rows, team 1 the columns), as a
# party, not as a line
TEAM_NAMES = (
    re.compile(r"\b(rows? team|team rows|the rows|equip[ae] das (?:linhas|filas)|time das linhas|os das linhas)\b"),
    re.compile(r"\b(columns? team|team columns|the columns|equip[ae] das colunas|time das colunas|os das colunas)\b"),
)


def _asking(folded: str) -> str:
    """The sentence that asks (the last one), not the scene set before it ("Sou das colunas. ...")."""
    parts = [p for p in re.split(r"(?<=[.!?:])\s+", folded.strip()) if p.strip()]
    return parts[-1] if parts else folded


def asks_about_other_side(folded: str, mover: Any = None) -> bool:
    """Whether a yes/no question about a move asks what it does for the mover's opponents (folded text): named
    as the other side ("do they win?", "does it help the opponents?") or by their team's name."""
    if OTHER_SUBJECT.search(folded):
        return True
    if mover in (0, 1):
        return TEAM_NAMES[1 - mover].search(folded) is not None and TEAM_NAMES[mover].search(folded) is None
    return False


def _other_side_value(scores: dict[str, Any], folded: str) -> bool | None:
    """Yes/no for the mover's opponents: do they win (a won game), gain or lose points (the line totals)."""
    mover = scores.get("mover_team")
    if mover not in (0, 1):
        return None
    outcome = scores.get("outcome") or {}
    winners = outcome.get("winning_teams") if isinstance(outcome, dict) else None
    if isinstance(winners, list) and len(winners) == 1:
        won = winners[0] != mover
        return not won if LOSS_Q.search(folded) else won
    gained = scores.get("gained")
    if not isinstance(gained, list) or len(gained) != 2:
        return None
    theirs = gained[1 - mover]
    return theirs < 0 if LOSS_Q.search(folded) else theirs > 0


def _kit(game: str) -> Any:
    if game not in list_games():
        return None
    from ..core.registry import load_game

    return load_game(game).desk_kit()


_QUESTION_WORDS = frozenset(EN_WH) | PT_WH_FOLDED


def _checks_a_number(q: Question) -> bool:
    """A statement asked with "?" and no question word ("um -1 no meu 5 deixa-o em 4?"): where the numbers it
    names settle the answer (the reckoner says yes or no), it asks yes or no even when its wording does not."""
    raw = q.raw.strip()
    words = re.findall(r"[a-z0-9'+-]+", fold(raw.lower()))
    named = sum(1 for w in words if re.fullmatch(r"[+-]?\d{1,2}", w))  # the card and the value it is said to take
    return raw.endswith("?") and named >= 2 and not _QUESTION_WORDS & set(words)


# the asker's own arithmetic ("6 - 2 + 2 = 6", "dá 5+6=11"): it restates the cards named before, it names no more
RESTATED_SUM = re.compile(r"(?<![\w-])[+-]?\d{1,2}(?:\s*[+-]\s*\(?[+-]?\d{1,2}\)?)+\s*=\s*[+-]?\d{1,2}(?!\w)")


def _without_restated_sum(q: Question) -> str:
    """The question's words for a reckoner, without a sum the asker worked out (its numbers, signs lost in the
    words, would read as more cards)."""
    m = RESTATED_SUM.search(q.raw)
    if m is None:
        return q.text
    drop = tokens_of(m.group(0))
    toks = list(q.tokens)
    for i in range(len(toks) - len(drop) + 1):
        if toks[i : i + len(drop)] == drop:
            return " ".join(toks[:i] + toks[i + len(drop) :])
    return q.text


def reckon(slug: str, q: Question, lang: str) -> tuple[str, Lead] | None:
    kit = _kit(slug)
    if kit is None or getattr(kit, "reckon", None) is None:
        return None
    report = kit.reckon(_without_restated_sum(q), lang)
    if report is not None and report.facts.get("overfull") and q.asking:
        # more groups than one line holds across the message ("two pairs and a trio won't fit... a pair and a
        # trio, how much?"): the asking sentence alone names the line meant
        alone = kit.reckon(q.asking, lang)
        if alone is not None and alone.facts.get("points") is not None and not alone.facts.get("overfull"):
            report = alone
    if report is None or lang not in report.consequence:
        return None
    rule = str(report.facts.get("rule") or "")
    if not rule:
        return None
    sentence = report.consequence[lang]
    value = report.facts.get("yes")
    if value is not None and _asks_failure(q):  # "does the zero rule still bite?": yes when the claim fails
        value = FAILS.search(fold(sentence)) is not None
    if q.negated_claim and q.polar and (value is not None or report.facts.get("points")):
        value = False  # "six different don't score, correct?" against "... scores 6 points": no
    if value is not None and (q.polar or _checks_a_number(q)):
        lead = f"{yes_no(lang, bool(value))} — {_lower(sentence, proper_nouns(slug))}"
        return rule, Lead(lead, sentence, bool(value), 1.0)
    return rule, Lead(sentence, sentence, None, 1.0)


LANGUAGES = frozenset({"English", "Portuguese", "Inglês", "Português"})
# a capitalised word inside a sentence: after a lower-case word, a digit or a comma
_MID_SENTENCE_CAPITAL = re.compile(r"(?<=[a-z0-9à-ÿ,;:)] )([A-ZÀ-Ý][a-zà-ÿ]+)")


@functools.cache
def proper_nouns(game: str | None) -> frozenset[str]:
    """Names that keep their capital after "Yes —": the game's title and the words its knowledge base's
    answers capitalise inside a sentence (a mode's name, a language), so no game is named here."""
    if game is None or game not in list_games():
        return LANGUAGES
    from ..core.registry import load_game

    words = set(LANGUAGES) | {word for title in load_game(game).title.values() for word in title.split()}
    for intent in knowledge_base(game):
        for text in intent.answer.values():
            words.update(_MID_SENTENCE_CAPITAL.findall(text))
    return frozenset(words)


def _lower(text: str, proper: frozenset[str] = LANGUAGES) -> str:
    if text.split(" ", 1)[0].rstrip(",:;") in proper:
        return text  # a game's name keeps its capital after "Yes —"
    if len(text) > 1 and text[0].isupper() and not text[1].isupper():
        return text[0].lower() + text[1:]
    return text


def end_sentence(text: str) -> str:
    text = text.strip()
    return text if text.endswith((".", "!", "?")) else text + "."
