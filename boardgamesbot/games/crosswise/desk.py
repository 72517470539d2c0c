"""What the rules desk reads from Crosswise: its sheets, its glossary, and position judgements.

The judgement is the engine's own arithmetic (line scores from scoring.py,
the end of the game from the state's outcome), so a rules answer can never
disagree with how the game is actually scored.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import cast

from ...core.action import Action
from ...core.capabilities import DeskKit, PositionReport
from ...core.game import State
from ...core.text import fold as _fold
from .refill_count import short_refill
from .scoring import ALL_DIFFERENT_POINTS, GROUP_POINTS, line_counts, line_scores
from .seats import team_of
from .state import CrosswiseState, hand_count
from .tile_moves import tiles_clause
from .tiles import COL_OF, ROW_OF, SIZE, line_name

HERE = Path(__file__).resolve().parent
TEAM = {"en": ("rows team", "columns team"), "pt": ("equipe das linhas", "equipe das colunas")}
#: The rule of each way a game ends without a six (the first rule a move that ends it cites).
END_RULE = {"board_full": "CW-END", "stalemate": "CW-D-STALEMATE", "turn_cap": "CW-D-CAP"}
ENDED_BY = {
    "en": {"board_full": "the board is full", "stalemate": "nobody can move", "turn_cap": "the move cap is reached"},
    "pt": {
        "board_full": "o tabuleiro fica cheio",
        "stalemate": "ninguém pode jogar",
        "turn_cap": "o limite de jogadas é atingido",
    },
}


def judge(before: State, actions: Sequence[Action], after: State) -> PositionReport:
    """Line scores before and after the moves (only the lines they touch), team totals, and the end if it comes."""
    b, a = cast(CrosswiseState, before), cast(CrosswiseState, after)
    old, new = line_scores(b.board), line_scores(a.board)
    touched: set[int] = set()
    probe = b.clone()
    for action in actions:
        for square, _tile in probe.changes(action):
            touched |= {ROW_OF[square], SIZE + COL_OF[square]}
        probe.apply(action)
    rows, cols = sum(new[:SIZE]), sum(new[SIZE:])
    shown = sorted(touched) if touched else list(range(2 * SIZE))
    facts: dict[str, object] = {
        "lines": [{"line": line_name(n), "before": old[n], "after": new[n]} for n in shown],
        "team_totals": {"rows": rows, "columns": cols},
    }
    report = PositionReport(facts=dict(facts))
    for lang, (total_word, now_word) in {"en": ("Totals so far", "now"), "pt": ("Totais até agora", "agora")}.items():
        text = [
            f"{line_name(n, lang)}: {old[n]} → {new[n]}" if touched else f"{line_name(n, lang)}: {new[n]}"
            for n in shown
        ]
        text.append(f"{total_word} ({now_word}): {TEAM[lang][0]} {rows}, {TEAM[lang][1]} {cols}")
        report.lines[lang] = text
    mover = b.to_move()
    mover_team = team_of(mover) if mover is not None else None
    if mover_team is not None:
        report.facts["mover_team"] = mover_team
    changed = [n for n in sorted(touched) if old[n] != new[n]]
    outcome = a.outcome()
    if outcome is not None and not b.is_over():
        report.facts["outcome"] = outcome.to_dict()
        winners = outcome.winning_teams
        if mover_team is not None and len(winners) == 1:
            report.facts["yes"] = winners[0] == mover_team
        six = outcome.details.get("six_line")
        if six is not None and len(winners) == 1:
            own = mover_team is None or winners[0] == mover_team
            report.facts["rule"] = "CW-SIX" if own else "CW-D-SIX-OPPONENT"
        else:
            # the last square (or everyone passing) ends the game: the rule of the end decides, the winner follows
            report.facts["rule"] = END_RULE.get(outcome.termination, "CW-END")
        for lang in ("en", "pt"):
            pt = lang == "pt"
            if six is not None and len(winners) == 1:
                line = line_name(_line_index(six), lang)
                team = TEAM[lang][winners[0]]
                if pt:
                    who = "" if own else ", a equipe adversária de quem joga"
                    report.consequence[lang] = (
                        f"Isso dá a vitória imediata à {team}{who}: seis símbolos iguais na {line}."
                    )
                else:
                    who = "" if own else ", the mover's opponents"
                    report.consequence[lang] = (
                        f"This wins the game at once for the {team}{who}: six identical symbols in {line}."
                    )
                continue
            why = ENDED_BY[lang].get(outcome.termination, outcome.termination)
            lines = ""
            if changed:  # the last tile's own points, said after the end ("..., 23 to 31; row 3 goes from 3 to 6")
                points = _points_sentence(lang, [(n, old[n], new[n]) for n in changed], [0, 0], a.board)[:-1]
                lines = f"; {points[:1].lower()}{points[1:]}"
            if len(winners) == 1:
                report.consequence[lang] = (
                    f"Isso termina o jogo ({why}): ganha a {TEAM[lang][winners[0]]}, {rows} a {cols}{lines}."
                    if pt
                    else f"This ends the game ({why}): the {TEAM[lang][winners[0]]} wins, {rows} to {cols}{lines}."
                )
            else:
                report.consequence[lang] = (
                    f"Isso termina o jogo ({why}) empatado, {rows} a {cols}{lines}."
                    if pt
                    else f"This ends the game ({why}) in a draw, {rows} to {cols}{lines}."
                )
        return report
    if actions:
        report.facts["rule"] = _deciding_rule(type(actions[-1]).__name__, a.board, changed)
        if report.facts["rule"] == "CW-SCORE-GROUPS" and _joins_apart(
            b.changes(actions[-1]), a.board, changed, {n for n in changed if old[n] == 0}
        ):
            report.facts["rule"] = "CW-SCORE-SPREAD"  # the points come from equal symbols that do not touch
        gained = [sum(new[:SIZE]) - sum(old[:SIZE]), sum(new[SIZE:]) - sum(old[SIZE:])]
        report.facts["gained"] = gained
        if mover_team is not None and changed:
            report.facts["yes"] = gained[mover_team] > 0  # "do I gain?": the mover's team gains points
        for lang in ("en", "pt"):
            sentence = _points_sentence(lang, [(n, old[n], new[n]) for n in changed], gained, a.board)
            if changed:
                total = "Totais agora" if lang == "pt" else "Totals now"
                sentence += f" {total}: {TEAM[lang][0]} {rows}, {TEAM[lang][1]} {cols}."
            held = hand_count(a.hands[mover]) if mover is not None else None
            moved = tiles_clause(b.board, actions[-1], lang, held) if len(actions) == 1 else None
            if moved:  # an action tile: which tile lands where first, then the points
                sentence = f"{_capital(moved)}; {sentence[:1].lower()}{sentence[1:]}"
            report.consequence[lang] = sentence
    return report


def _deciding_rule(kind: str, board: Sequence[int], changed: list[int]) -> str | None:
    """The rule a move's answer cites first: a line that becomes six different symbols (a rule of its own,
    whatever move made it), else an action tile's own rule (Remove, Move, Swap, Trade: what the player asks
    about is what the action does, its points follow), else the scoring rule of the changed lines, else the
    move's rule."""
    if any(max(line_counts(board, n)) == 1 and sum(line_counts(board, n)) == SIZE for n in changed):
        return "CW-SCORE-DIFFERENT"
    if kind != "Place" or not changed:
        return ACTION_RULE.get(kind)
    return "CW-SCORE-GROUPS"


def _joins_apart(written: list[tuple[int, int]], board: Sequence[int], changed: list[int], fresh: set[int]) -> bool:
    """Whether a placed tile scores by joining equal symbols that do not touch: a pair made apart ("a 2 on A2,
    mine on F2") in a line that scored nothing before (``fresh``), or a group of three or more none of whose
    tiles sit side by side ("1s on A2 and F2, mine on D2"). Then what decides is that equal symbols need not
    be adjacent; a pair added to a line that already scored, or a group with touching tiles, is the table's sum."""
    if len(written) != 1:
        return False
    square, symbol = written[0]
    for line in changed:
        cells = _line_cells(line)
        if square not in cells:
            continue
        at = [i for i, sq in enumerate(cells) if board[sq] == symbol]
        apart = len(at) >= 2 and all(j - i > 1 for i, j in itertools.pairwise(at))
        if apart and (len(at) >= 3 or line in fresh):
            return True
    return False


def _line_cells(line: int) -> list[int]:
    """The squares of a line (0..5 rows, 6..11 columns), in order."""
    return [line * SIZE + i for i in range(SIZE)] if line < SIZE else [(line - SIZE) + i * SIZE for i in range(SIZE)]


#: The rule a move of each kind is played under (the deciding rule when no score changes).
ACTION_RULE = {
    "Place": "CW-PLACE",
    "Remove": "CW-REMOVE",
    "Move": "CW-MOVE",
    "Swap": "CW-SWAP",
    "Trade": "CW-TRADE",
    "Pass": "CW-D-STUCK",
    "Redraw": "CW-REDRAW",
}


def _points_sentence(lang: str, changes: list[tuple[int, int, int]], gained: list[int], board: Sequence[int]) -> str:
    pt = lang == "pt"
    if not changes:
        return "Nenhuma linha muda de pontuação." if pt else "No line changes its score."
    unit = ("ponto", "pontos") if pt else ("point", "points")
    parts: list[str] = []
    for n, was, now in changes:
        makeup = _line_makeup(board, n, lang) if now else ""
        name = line_name(n, lang)
        parts.append(
            f"{name if parts else _capital(name)} {'passa de' if pt else 'goes from'} {was} "
            f"{'para' if pt else 'to'} {now} {unit[now != 1]}" + (f" ({makeup})" if makeup else "")
        )
    moves = []
    for team, delta in enumerate(gained):
        if delta:
            verb = ("ganha" if delta > 0 else "perde") if pt else ("gains" if delta > 0 else "loses")
            moves.append(f"{'a' if pt else 'the'} {TEAM[lang][team]} {verb} {abs(delta)}")
    tail = (", so " if not pt else ", então ") + (" e " if pt else " and ").join(moves) if moves else ""
    return "; ".join(parts) + tail + "."


def _line_makeup(board: Sequence[int], line: int, lang: str) -> str:
    """What a line's points are made of, as a player names it: "a pair and three of a kind", "six different"."""
    counts = line_counts(board, line)
    if sum(counts) == SIZE and all(c == 1 for c in counts):
        return "seis símbolos diferentes" if lang == "pt" else "six different symbols"
    sizes = sorted((c for c in counts if 2 <= c <= 5), reverse=True)
    groups = [_group_name(size, sizes.count(size), lang) for size in dict.fromkeys(sizes)]  # "two pairs"
    return (" e " if lang == "pt" else " and ").join(groups)


def _capital(text: str) -> str:
    """First letter raised, the rest as it is ("column A", not "Column a")."""
    return text[:1].upper() + text[1:]


def _line_index(name: str) -> int:
    """'row 3' -> 2, 'column B' -> 7 (the outcome names its six line in English)."""
    kind, _, label = name.partition(" ")
    return int(label) - 1 if kind == "row" else SIZE + "ABCDEF".index(label)


# ---- reckoning: the scoring table applied to the groups a question names -----------------------
_NUM = {
    "a": 1, "an": 1, "one": 1, "single": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "um": 1, "uma": 1,
    "dois": 2, "duas": 2, "tres": 3, "quatro": 4, "cinco": 5, "seis": 6,
}  # fmt: skip
_COUNT = "|".join(sorted(_NUM, key=len, reverse=True)) + r"|[1-6]"
_SIZE_WORD = {"two": 2, "three": 3, "four": 4, "five": 5, "dois": 2, "duas": 2, "tres": 3, "quatro": 4, "cinco": 5}
_SIZE_DIGIT = {"2": 2, "3": 3, "4": 4, "5": 5}
#: "a group of four", "um grupo de três", "conjunto de 5": a group named by its size
_GROUP_OF = r"(?:groups? of|sets? of|grupos? de|conjuntos? de)"
_GROUPS: tuple[tuple[str, int], ...] = (
    (rf"pairs?|pares|par|duplas?|{_GROUP_OF} (?:two|dois|duas|2)", 2),
    (rf"trios?|trincas?|triples?|threes? of a kind|three of a kind|{_GROUP_OF} (?:three|tres|3)", 3),
    (rf"quadras?|quads?|fours? of a kind|four of a kind|{_GROUP_OF} (?:four|quatro|4)", 4),
    (rf"fives? of a kind|five of a kind|series de (?:5|cinco)|serie de (?:5|cinco)|{_GROUP_OF} (?:five|cinco|5)", 5),
)
_TWICE = re.compile(r"\s+(?:twice|two times|duas vezes|2 vezes|2x)\b")
_LINKS = r"(?:da|do|de|das|dos|of|the|for|pela|pelo|na|no)"
_SAME = (
    r"(?:same|alike|identical|equal|matching|iguais|identicos|identicas|of a kind|"
    r"of (?:one|the same) (?:symbol|kind|type|picture)|do mesmo (?:simbolo|tipo)|de um (?:so )?simbolo)"
)
_VALUE_Q = re.compile(
    r"\b(worth|how many points|pts|scores?|scored|how much|quanto|quantos pontos|vale|valem|pontua\w*|faco|"
    r"what do (?:i|we|they) get|what does (?:it|that) give|o que (?:ganho|ganhamos|ganham|da|dá)|"
    r"difference|diferenca|better|worse|beats?|more than|melhor|pior|mais do que|=|conta mais|contam mais|vale mais|"
    r"valem mais|counts more|worth more|scores more|more points|points? for|get (?:any )?points|"
    r"pontos? (?:por|pra|para)|(?:ganho|ganha|ganhamos|da|dao) pontos?|(?:\d{1,2}|one|two|three|four|five|six|seven|"
    r"eight|um|dois|tres|quatro|cinco|seis|sete|oito) (?:points?|pontos?))"
)
_POINT_WORDS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "um": 1, "dois": 2,
    "tres": 3, "quatro": 4, "cinco": 5, "seis": 6, "sete": 7, "oito": 8,
}  # fmt: skip
_STATED_POINTS = re.compile(
    r"\b(?:worth|score|scores|vale|valem|da|dao)\s+(\d{1,2})\b|\b(\d{1,2}|"
    + "|".join(_POINT_WORDS)
    + r")\s+(?:points?|pts|pontos?)\b"
)


def _stated_points(m: re.Match[str]) -> int:
    word = m.group(1) or m.group(2)
    return _POINT_WORDS[word] if word in _POINT_WORDS else int(word)


#: The symbols by the names the sheets give them (the printed pictures do not matter to the rules).
_SYMBOL = (
    r"(?:suns?|moons?|stars?|hearts?|diamonds?|clovers?|sois|sóis|luas?|estrelas?|coracoes|coracao|losangos?|trevos?)"
)
_WIN_ASKED = re.compile(r"\b(?:win|wins|won|winner|victory|vitoria|ganh\w*|venc\w*)\b")
_POINTS_NAMED = re.compile(r"\b(?:points?|pts|score\w*|pontos?|pontua\w*|worth|quanto|how much|how many)\b")
_SIX_SAME = re.compile(r"\b(?:six|seis|6) (?:\w+ ){0,2}" + _SAME)
_SIX_DIFFERENT = re.compile(
    r"\b(?:six|seis|6) (?:\w+ ){0,3}(?:different|diferentes|distinct)\b"
    r"|\ball (?:\w+ )?(?:different|distinct|unique)\b|\b(?:toda|todas|todos|tudo) (?:\w+ )?diferentes?\b"
)
#: "what's the most a line scores if it isn't a six-alike win?": the six is set aside, not asked about
_SIX_EXCLUDED = re.compile(
    r"\b(?:not|apart from|other than|besides|except|excluding|aside from|leaving out|short of|tirando|sem contar|"
    r"exceto|fora|sem ser|a nao ser) (?:\w+ ){0,2}(?:six|seis|6)\b"
)
#: "what happens if I make six alike in my line?": the six's consequence (the win), which the intents answer
_HAPPENS = re.compile(r"\b(?:what happens|what then|o que acontece|que acontece|e ai|e depois)\b")
#: "the three aren't side by side", "com outras pelo meio": where the tiles sit, which the spread rule answers
_SPACING = re.compile(
    r"\b(?:side by side|next to each other|adjacent|apart|separated|spread|gaps?|in between|touching|"
    r"opposite ends|(?:each|either|both) ends?|far from each other|pontas|extremidades|longe uma da outra|"
    r"lado a lado|separad\w*|afastad\w*|espalhad\w*|com outr\w* (?:pelo|no) meio|nao (?:\w+ )?junt\w*|encostad\w*|colad\w*|"
    r"(?:no|pelo|ao) meio(?! d[oa] (?:jogo|partida))|in the middle(?! of the game)|between them)\b"
)
#: "what if my line has four of one symbol and a pair of another?": the groups a line holds, asked for their worth
_WHAT_IF = re.compile(r"\b(?:what if|what about|and if|e se|e quando)\b")


def _groups(text: str) -> list[tuple[int, int]]:
    """(group size, how many) named in ``text``: "two pairs" -> (2, 2), "a trio and a pair" -> (3, 1), (2, 1)."""
    found: list[tuple[int, int, int]] = []  # position, size, count
    taken: list[range] = []
    for pattern, size in _GROUPS:
        # "two big pairs", but not "the 5 of the four of a kind" ("5 da quadra"): points, not a count
        for m in re.finditer(rf"(?:\b({_COUNT}) (?!{_LINKS}\b)(?:\w+ )?)?\b(?:{pattern})\b", text):
            span = range(m.start(), m.end())
            if any(m.start() in r for r in taken):
                continue
            word = m.group(1) or ""
            count = _NUM.get(word) or (int(word) if word.isdigit() else 1)
            if count == 1 and _TWICE.match(text, m.end()):
                count = 2  # "three of a kind twice in one line"
            found.append((m.start(), size, count))
            taken.append(span)
    for m in re.finditer(rf"\b(two|three|four|five|dois|duas|tres|quatro|cinco|[2-5])\b (?:\w+ ){{0,8}}{_SAME}", text):
        if any(m.start() in r for r in taken):
            continue
        word = m.group(1)
        found.append((m.start(), _SIZE_WORD.get(word) or _SIZE_DIGIT[word], 2 if _TWICE.match(text, m.end()) else 1))
        taken.append(range(m.start(), m.end()))
    for m in re.finditer(  # "three of one symbol and two of another": the second group named by "another"
        r"\b(two|three|four|five|dois|duas|tres|quatro|cinco|[2-5]) (?:of |de )?"
        r"(?:another|a second|a different|other|outro|outra|um outro|uma outra)\b",
        text,
    ):
        if any(m.start() in r for r in taken):
            continue
        word = m.group(1)
        found.append((m.start(), _SIZE_WORD.get(word) or _SIZE_DIGIT[word], 1))
        taken.append(range(m.start(), m.end()))
    # "four moons", "three 5s", "tres 4 e dois 1": a group of one symbol (a bare digit after a count word only)
    symbol_after = rf"(?:{_SYMBOL}|[1-6] ?'?s)\b|(?<=[a-z] )[1-6](?![\w.,]\d)(?! (?:points?|pontos?|pts)\b)"
    for m in re.finditer(rf"\b(two|three|four|five|dois|duas|tres|quatro|cinco|[2-5]) (?:{symbol_after})", text):
        if any(m.start() in r for r in taken):
            continue  # "four moons": a group of four of one symbol
        word = m.group(1)
        size = _SIZE_WORD.get(word) or _SIZE_DIGIT[word]
        if m.group(0)[-1].isdigit() and any(f[1] == size for f in found):
            continue  # "cinco 4 ... a serie de cinco": the same group named twice
        found.append((m.start(), size, 1))
    return [(size, count) for _pos, size, count in sorted(found)]


_COMPARE = re.compile(
    r"\b(beats?|better than|worse than|more than|less than|versus|vs|or|ou|melhor (?:do )?que|pior (?:do )?que|"
    r"mais (?:do )?que|menos (?:do )?que|bate|batem|contra)\b"
)
_MORE = re.compile(r"^(beats?|better than|more than|melhor|mais|bate|batem)")
_LESS = re.compile(r"^(worse than|less than|pior|menos)")


# two teams' totals told in a question ("we have 24 and they have 22, did we win?", "nós temos 24 e eles 22")
_US = r"(?:we|we've|we're|our team|us|nos|nós|a gente|a nossa equipa|a nossa equipe|nossa equipe|nossa equipa|o nosso time)"
_THEM = r"(?:they|they've|them|their team|the other team|the others|eles|elas|os outros|a outra equipa|a outra equipe|o outro time)"
_TOTALS = re.compile(
    rf"\b{_US}\s+(?:\w+\s+){{0,3}}?(\d{{1,2}})\b.{{0,40}}?\b{_THEM}\s+(?:\w+\s+){{0,3}}?(\d{{1,2}})\b|"
    rf"\b{_THEM}\s+(?:\w+\s+){{0,3}}?(\d{{1,2}})\b.{{0,40}}?\b{_US}\s+(?:\w+\s+){{0,3}}?(\d{{1,2}})\b"
)


# "they have 25 and we 22, they won, right?": the win asked about is the other team's
_THEY_WON = re.compile(
    rf"\b{_THEM}\s+(?:[a-z]+\s+)?(?:won|win|wins|ganharam|ganhou|ganham|ganha|venceram|venceu|vencem|vence)\b|"
    r"\b(?:won|ganharam|ganhou|venceram|venceu)\s+(?:eles|elas|os outros|they|them)\b"
)
_WE_WON = re.compile(r"\b(?:we (?:\w+ )?(?:won|win)|did we|ganhamos|vencemos|ganhei|venci)\b")


def _totals(text: str, lang: str) -> PositionReport | None:
    """The winner of a finished game from the two totals the question tells: more points wins, equal is a draw."""
    m = _TOTALS.search(text)
    if m is None or not _WIN_ASKED.search(text):
        return None
    ours, theirs = (int(m.group(1)), int(m.group(2))) if m.group(1) else (int(m.group(4)), int(m.group(3)))
    if ours == theirs:
        report = PositionReport(facts={"rule": "CW-D-TIE", "yes": False})
        report.consequence.update(
            en=f"{ours} to {theirs} is a draw: equal totals tie (unless you play the variant tiebreak=best_line, which "
            "compares the lines from the best down).",
            pt=f"{ours} a {theirs} é empate: totais iguais empatam (salvo com a variante tiebreak=best_line, que compara "
            "as linhas da melhor para baixo).",
        )
        return report
    they_asked = _THEY_WON.search(text) is not None and _WE_WON.search(text) is None
    report = PositionReport(facts={"rule": "CW-WIN", "yes": theirs > ours if they_asked else ours > theirs})
    if ours > theirs:
        report.consequence.update(
            en=f"Your team wins {ours} to {theirs}: when the game ends without six alike, the higher total wins.",
            pt=f"A sua equipe ganha por {ours} a {theirs}: quando o jogo acaba sem seis iguais, vence o total mais alto.",
        )
    else:
        report.consequence.update(
            en=f"The other team wins {theirs} to {ours}: when the game ends without six alike, the higher total wins.",
            pt=f"A outra equipe ganha por {theirs} a {ours}: quando o jogo acaba sem seis iguais, vence o total mais "
            "alto.",
        )
    return report


def reckon(question: str, lang: str) -> PositionReport | None:
    """Points of the scoring groups a question names ("two pairs", "uma trinca e um par", "six different"), of both
    sides of a comparison ("does four of a kind and a pair beat two trios?"), and the winner from two totals."""
    refill = short_refill(question, lang)  # "the bag has 1 left and I need 2": the count you end with
    if refill is not None:
        return refill
    text = _fold(question)
    totals = _totals(text, lang)
    if totals is not None:
        return totals
    if re.search(r"\bdiagona", text):
        return None  # a diagonal is no line at all: the lines rule answers, not the scoring table
    written = _written_line(text, lang) or _count_as(text, lang)
    if written is not None:
        return written
    if _SPACING.search(text) and not _LINE_OF_SIX.search(text):
        return None  # whether spread-out symbols still count: the spread rule's intents answer, with the points
    both = _BOTH_OR_ONLY.search(text)
    if both is not None:  # "do I score the trio and the pair, or only the trio?": what the whole line is worth
        return _all_count(_reckon_text(text[: both.start()], lang), lang)
    if not _VALUE_Q.search(text) and not (_WHAT_IF.search(text) and _groups(text) and not _SIDE_NAMED.search(text)):
        return _cannot_fit(text, lang)  # "can a line hold two pairs and a trio?": more tiles than squares
    return _compare(text, lang) or _reckon_text(text, lang)


#: "... do both count, or only the trio?": an alternative between all of a line's groups and some of them
_BOTH_OR_ONLY = re.compile(r"\b(?:or|ou)\s+(?:just|only|merely|so|apenas|somente)\b")


def _all_count(report: PositionReport | None, lang: str) -> PositionReport | None:
    """The worth of the groups asked about, said to be all counted when there are several."""
    if report is None or "points" not in report.facts or report.facts.get("overfull"):
        return report
    report.facts.pop("yes", None)  # an either/or, not a yes/no question
    text = report.consequence.get(lang, "")
    groups = int(report.facts.get("groups", 0))
    if groups > 1:  # several groups: the sentence gives their sum ("(3 + 1)")
        two = groups == 2
        head = (
            ("Contam os dois: " if two else "Contam todos: ")
            if lang == "pt"
            else ("Both count: " if two else "They all count: ")
        )
        report.consequence[lang] = head + text[0].lower() + text[1:]
    return report


def _told_twice(groups: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """A line's groups told by symbol and then again by name ("4 moons and 2 stars: do I score the four plus the
    pair?"): the first groups that fit in a line when the rest only name some of them again."""
    if sum(size * count for size, count in groups) <= SIZE:
        return groups
    for cut in range(len(groups) - 1, 0, -1):
        head, tail = groups[:cut], groups[cut:]
        if sum(size * count for size, count in head) <= SIZE and not _sizes(tail) - _sizes(head):
            return head
    return groups


# "four stars and two moons — is that a four plus a pair?": the same tiles told twice, once by symbol, once by group
_RESTATED = re.compile(r"\b(?:is that|is this|is it|that's|thats|so that's|isso e|isto e|entao e|e isso)\b")


def _sizes(groups: list[tuple[int, int]]) -> Counter[int]:
    return Counter(size for size, count in groups for _ in range(count))


def _cannot_fit(text: str, lang: str) -> PositionReport | None:
    groups = _groups(text)
    if not groups or sum(size * count for size, count in groups) <= SIZE:
        return None
    told = _RESTATED.search(text)
    if told is not None:
        before, after = _sizes(_groups(text[: told.start()])), _sizes(_groups(text[told.end() :]))
        if before and after and not after - before:  # one line, read back (or part of it): its points, and yes
            report = _reckon_text(text[: told.start()], lang)
            if report is not None:
                report.facts["yes"] = True
            return report
    if sum(size * count for size, count in _told_twice(groups)) <= SIZE:
        return None  # one line's groups named twice, not more tiles than squares
    report = _reckon_text(text, lang)
    if report is not None:
        report.facts["yes"] = False
    return report


def _compare(text: str, lang: str) -> PositionReport | None:
    """Two lines' worth side by side when the question compares them; None unless both sides name a scoring."""
    for m in _COMPARE.finditer(text):
        left, right = _reckon_text(text[: m.start()], lang), _reckon_text(text[m.end() :], lang)
        if left is None or right is None or "points" not in left.facts or "points" not in right.facts:
            continue
        if (left.facts.get("six_same") or right.facts.get("six_same")) and not _SCORE_COMPARED.search(text):
            return None  # "does six different beat six alike?": six alike wins the game, whatever the points
        a, b = int(left.facts["points"]), int(right.facts["points"])
        report = PositionReport(facts={"rule": left.facts.get("rule", "CW-SCORE-GROUPS"), "points": a})
        word = m.group(1)
        if _MORE.match(word):
            report.facts["yes"] = a > b
        elif _LESS.match(word):
            report.facts["yes"] = a < b
        both = f"{left.consequence[lang]} {right.consequence[lang]}"
        report.consequence[lang] = f"{_verdict(a, b, lang)} {both}" if _COMPARATIVE.search(text) else both
        return report
    return None


_SCORE_COMPARED = re.compile(
    r"\b(?:scores?|worth|points?|vale|valem|pontua\w*|pontos?)\s+(?:\w+\s+)?(?:more|less|mais|menos)\b|"
    r"\b(?:more|less|mais|menos)\s+(?:\w+\s+)?(?:points?|pontos?)\b"
)
_COMPARATIVE = re.compile(r"\b(more|less|better|worse|beats?|higher|lower|mais|menos|melhor|pior|bate\w*|versus|vs)\b")


def _verdict(first: int, second: int, lang: str) -> str:
    """The comparison said first ("Uma linha com dois trios vale mais ou menos que seis diferentes?" -> the same)."""
    if lang == "pt":
        if first == second:
            return f"Valem o mesmo: {first} pontos cada."
        return f"A primeira vale {'mais' if first > second else 'menos'}: {first} pontos contra {second}."
    if first == second:
        return f"They are worth the same: {first} points each."
    return f"The first is worth {'more' if first > second else 'less'}: {first} points against {second}."


#: "does four of a kind also count as two pairs?": one group read as another
_COUNT_AS = re.compile(
    r"\b(?:count|counts|counted|score|scores|conta|contam|contar|contaria|contariam|vale|valem|pontua|pontuam)"
    r"\s+(?:\w+\s+){0,2}?(?:as|como)\b"
)
#: "besides the 5 of the four, do I also get the two pairs inside it?": the smaller groups inside a bigger one
_ALSO = re.compile(r"\b(?:also|too|as well|tambem|alem d\w*)\b")
_INSIDE = re.compile(r"\b(?:inside|within|in it|in there|dentro|nela|nele|neles|nelas)\b")
#: "a four and a five, how much is each?": every group's value on its own, not one line holding them all
_EACH = re.compile(r"\b(?:each|each one|cada uma?|cada um deles|respectively|respe(?:c)?tivamente)\b")


def _count_as(text: str, lang: str) -> PositionReport | None:
    """One group asked as if it were another: each tile belongs to one group only, so it scores as itself."""
    m = _COUNT_AS.search(text)
    if m is not None:
        before, after = _groups(text[: m.start()]), _groups(text[m.end() :])
    elif _ALSO.search(text) and _INSIDE.search(text):
        named = _groups(text)
        biggest = max((size for size, _count in named), default=0)
        before, after = [(biggest, 1)], [(size, count) for size, count in named if size < biggest]
    else:
        return None
    if len(before) != 1 or before[0][1] != 1 or not after or after == before:
        return None
    size = before[0][0]
    points = GROUP_POINTS[size]
    name = _group_name(size, 1, lang)
    other = (" e " if lang == "pt" else " and ").join(_group_name(s, c, lang) for s, c in after)
    # each tile belongs to one group only: the rule of how groups are counted, not the table of points
    report = PositionReport(facts={"rule": "CW-SCORE-SPREAD", "points": points, "yes": False})
    report.consequence[lang] = (
        f"{name[0].upper()}{name[1:]} vale {points} {'ponto' if points == 1 else 'pontos'} e não conta também como "
        f"{other}: cada peça entra num grupo só."
        if lang == "pt"
        else f"{name[0].upper()}{name[1:]} scores {points} {'point' if points == 1 else 'points'} and does not also "
        f"count as {other}: each tile belongs to one group only."
    )
    return report


def _each_value(groups: list[tuple[int, int]], lang: str) -> str:
    pt = lang == "pt"
    parts = [
        f"{_group_name(size, 1, lang)} {'vale' if pt else 'scores'} {GROUP_POINTS[size]} "
        f"{('pontos' if pt else 'points') if GROUP_POINTS[size] != 1 else ('ponto' if pt else 'point')}"
        for size, _count in groups
    ]
    text = (" e " if pt else " and ").join(parts)
    return f"{text[0].upper()}{text[1:]}."


#: a full line written as its six symbols ("our row ends up 1 1 2 2 3 3")
_LINE_OF_SIX = re.compile(r"(?<![\w+-])[1-6](?:[ ,/-]+[1-6]){5}(?![\w-])")


def _written_line(text: str, lang: str) -> PositionReport | None:
    """The score of a full line the question writes out symbol by symbol."""
    m = _LINE_OF_SIX.search(text)
    if m is None:
        return None
    symbols = re.findall(r"[1-6]", m.group(0))
    counts = sorted((symbols.count(s) for s in set(symbols)), reverse=True)
    pt = lang == "pt"
    shown = " ".join(symbols)
    if counts[0] == SIZE:
        return None  # six alike: the six-alike rule, not the table
    if len(counts) == SIZE:
        points, rule = ALL_DIFFERENT_POINTS, "CW-SCORE-DIFFERENT"
        said = (
            f"A linha {shown} tem seis símbolos diferentes: vale {points} pontos."
            if pt
            else f"The line {shown} holds six different symbols: it scores {points} points."
        )
    else:
        groups = [(c, counts.count(c)) for c in sorted(set(counts), reverse=True) if c > 1]
        points = sum(GROUP_POINTS[size] * n for size, n in groups)
        names = (" e " if pt else " and ").join(_group_name(size, n, lang) for size, n in groups) or (
            "nenhum grupo" if pt else "no group"
        )
        parts = " + ".join(str(GROUP_POINTS[size]) for size, n in groups for _ in range(n))
        sums = f" ({parts})" if sum(n for _s, n in groups) > 1 else ""
        rule = "CW-SCORE-GROUPS"
        said = (
            f"A linha {shown} tem {names}: vale {points} {'ponto' if points == 1 else 'pontos'}{sums}; não são seis "
            "símbolos diferentes."
            if pt
            else f"The line {shown} holds {names}: it scores {points} {'point' if points == 1 else 'points'}{sums}; "
            "it is not six different symbols."
        )
    report = PositionReport(facts={"rule": rule, "points": points})
    stated = _STATED_POINTS.search(text)
    if stated:
        report.facts["yes"] = _stated_points(stated) == points
    report.consequence[lang] = said
    return report


def _reckon_text(text: str, lang: str) -> PositionReport | None:
    pt = lang == "pt"
    sentences: list[str] = []
    report = _count_as(text, lang)
    if report is not None:
        return report
    report = PositionReport()
    groups = _told_twice(_groups(text))
    if len(groups) > 1 and _EACH.search(text):
        report.facts.update(rule="CW-SCORE-GROUPS")
        report.consequence[lang] = _each_value(groups, lang)
        return report
    if groups:
        total = sum(GROUP_POINTS[size] * count for size, count in groups)
        names = [_group_name(size, count, lang) for size, count in groups]
        parts = " + ".join(str(GROUP_POINTS[size]) for size, count in groups for _ in range(count))
        what = (" e " if pt else " and ").join(names)
        tiles = sum(size * count for size, count in groups)
        if tiles > SIZE:
            report.facts["overfull"] = True  # the message may name groups of two lines; see leads.reckon
            sentences.append(
                f"{what[0].upper()}{what[1:]} não cabem numa linha de {SIZE} casas."
                if pt
                else f"{what[0].upper()}{what[1:]} cannot fit in one line of {SIZE} squares."
            )
        else:
            unit = ("ponto" if total == 1 else "pontos") if pt else ("point" if total == 1 else "points")
            several = len(groups) > 1 or groups[0][1] > 1
            # several groups: say that they add up, the rule's own fact ("e se tiver um trio e um par, soma?")
            sums = (
                f" ({parts}), {'pois os grupos de uma linha se somam' if pt else 'as the groups in a line add up'}"
                if several
                else ""
            )
            sentences.append(
                f"{what[0].upper()}{what[1:]} numa linha {'vale' if len(groups) == 1 and what.startswith(('um ', 'uma ')) else 'valem'} {total} {unit}{sums}."
                if pt
                else f"{what[0].upper()}{what[1:]} in one line {'scores' if groups[0][1] == 1 and len(groups) == 1 else 'score'} {total} {unit}{sums}."
            )
        report.facts.update(rule="CW-SCORE-GROUPS", points=total, groups=sum(count for _size, count in groups))
        stated = _STATED_POINTS.search(text)
        if stated and tiles <= SIZE:  # "is a pair worth 2 points?": yes/no against the table
            report.facts["yes"] = _stated_points(stated) == total
    six_same = bool(_SIX_SAME.search(text)) and not _SIX_EXCLUDED.search(text)
    six_different = bool(_SIX_DIFFERENT.search(text))
    asks_outcome = _WIN_ASKED.search(text) or _HAPPENS.search(text)
    if six_same and not groups and not six_different and asks_outcome and not _POINTS_NAMED.search(text):
        return None  # "does a six made with a Move still win?": the win, not a value — the intents answer it
    if six_same:
        if "rule" not in report.facts:
            report.facts["yes"] = False  # "is six of a kind worth...?": it does not score, it wins
        # what a six is worth is the decision that it scores 0; against six different it is the six rule itself
        report.facts.setdefault("rule", "CW-SIX" if six_different else "CW-D-SIX-SCORE")
        if not groups and not six_different:
            report.facts["points"] = 0  # the line counts 0: "does six alike score more than five alike?" -> less
            report.facts["six_same"] = True
        sentences.append(
            "Seis símbolos iguais numa linha de uma equipe não pontuam (a linha vale 0): dão a vitória imediata a "
            "essa equipe."
            if pt
            else "Six identical symbols in one of a team's lines do not score (the line counts 0): they win the game "
            "at once for that team."
        )
    if six_different:
        report.facts.setdefault("rule", "CW-SCORE-DIFFERENT")
        report.facts.setdefault("points", ALL_DIFFERENT_POINTS)
        sentences.append(
            f"Uma linha com seis símbolos diferentes vale {ALL_DIFFERENT_POINTS} pontos."
            if pt
            else f"A line of six different symbols scores {ALL_DIFFERENT_POINTS} points."
        )
    if not sentences:
        return None
    # "does six different score?", "do a pair and a trio score?": yes, as the table says, unless the question asks
    # whether they are worth nothing; "does a pair score for the other team?" is the lines rule, not a value
    points = report.facts.get("points")
    plain = "yes" not in report.facts and not report.facts.get("overfull") and not _SIDE_NAMED.search(text)
    if plain and points is not None:
        report.facts["yes"] = (int(points) > 0) != bool(_NOTHING.search(text))
    report.consequence[lang] = " ".join(sentences[:2])
    return report


_NOTHING = re.compile(r"\b(?:nothing|zero|no points?|worthless|nada|nenhum ponto|zero pontos)\b")
_SIDE_NAMED = re.compile(
    r"\b(?:team|teams|opponents?|their|them|us|we|other|others|side|equipe|equipes|equipa|equipas|time|"
    r"adversari\w*|deles|delas|nos|outra|outro|outros)\b"
)


def _group_name(size: int, count: int, lang: str) -> str:
    en = {
        2: ("a pair", "pairs"),
        3: ("three of a kind", "threes of a kind"),
        4: ("four of a kind", "fours of a kind"),
        5: ("five of a kind", "fives of a kind"),
    }
    pt = {
        2: ("um par", "pares"),
        3: ("uma trinca", "trincas"),
        4: ("uma quadra", "quadras"),
        5: ("cinco iguais", "grupos de cinco iguais"),
    }
    words_en = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}
    words_pt = {2: "dois", 3: "três", 4: "quatro", 5: "cinco", 6: "seis"}
    if lang == "pt":
        one, many = pt[size]
        if count == 1:
            return one
        number = words_pt.get(count, str(count))
        if size in (3, 4):
            number = {"dois": "duas"}.get(number, number)
        return f"{number} {many}"
    one, many = en[size]
    return one if count == 1 else f"{words_en.get(count, str(count))} {many}"


KIT = DeskKit(
    sheets={"en": HERE / "sheets" / "en.md", "pt": HERE / "sheets" / "pt.md"},
    glossary=HERE / "glossary.json",
    faq=HERE / "faq.json",
    asked=HERE / "asked.json",
    judge=judge,
    reckon=reckon,
)
