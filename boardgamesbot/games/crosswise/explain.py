"""Why a Crosswise move is good, in words built from the engine's own line scores (LearnKit.explain).

Everything is read from the mover's view: the board (public), the team's
lines, the hand (private). For the move it measures what the search cannot
say in words: the points each line through the changed squares gains or
loses (scoring.py, the one place lines are scored), a six it completes, an
opponent line whose six it blocks or spoils, a threat still standing. The
effects on the board are public -- anyone saw the move -- so they go in
``public`` too; a comparison with another tile in the hand names the hand
and stays in ``lines``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import cast

from ...core.action import Action
from ...core.capabilities import Explanation, MoveValue
from ...core.infoset import InfoSet
from . import actions as A
from .policy import board_writes
from .scoring import line_counts, line_score
from .seats import team_of
from .tiles import CHAR_TO_TILE, EMPTY, LINES, SIZE, SQUARE_NAMES, SYMBOLS, line_name
from .view import CrosswiseView

LANGS = ("en", "pt")
SINGULAR = {
    "en": ("sun", "moon", "star", "heart", "diamond", "clover"),
    "pt": ("sol", "lua", "estrela", "coração", "losango", "trevo"),
}
PLURAL = {
    "en": ("suns", "moons", "stars", "hearts", "diamonds", "clovers"),
    "pt": ("sóis", "luas", "estrelas", "corações", "losangos", "trevos"),
}
ARTICLE_PT = ("o", "a", "a", "o", "o", "o")
NUMBER = {
    "en": {2: "two", 3: "three", 4: "four", 5: "five", 6: "six"},
    "pt": {2: "dois", 3: "três", 4: "quatro", 5: "cinco", 6: "seis"},
}

T = {
    "en": {
        "place": "place the {sym} on {sq}",
        "remove": "remove the {sym} from {sq}",
        "move": "move the {sym} from {a} to {b}",
        "swap": "swap the {sym} on {a} with the {sym2} on {b}",
        "trade": "put your {sym} on {sq} and take its {sym2}",
        "gain": "makes {group} in {line} (+{d} for the {team})",
        "different": "fills {line} with six different symbols (+{d} for the {team})",
        "lose": "breaks {group} in {line} (−{d} for the {team})",
        "win": "completes six {pl} in {line}, which wins the game at once for the {team}",
        "block": "blocks {line}, which had five {pl} with {sq} free (a sixth there would win for the {team})",
        "spoil": "spoils {line}: its four {pl} can no longer become six",
        "nothing": "changes no line's points now",
        "it": "{what}: it {clauses}.",
        "and": " and ",
        "totals": "Points from this move: rows {rows}, columns {cols}.",
        "team0": "rows",
        "team1": "columns",
        "threat": "Watch out: {line} still has five {pl} and {sq} free.",
        "rival": "The next best, {rival}, would change the rows by {rows} and the columns by {cols}.",
        "redraw": "Your hand holds only action tiles, and the board has nothing worth acting on: "
        "a new hand brings symbols to place.",
        "pass": "No move is possible: no symbol in hand and no action tile with a target.",
        "group2": "a pair of {pl}",
    },
    "pt": {
        "place": "colocar {art} {sym} em {sq}",
        "remove": "retirar {art} {sym} de {sq}",
        "move": "levar {art} {sym} de {a} para {b}",
        "swap": "trocar {art} {sym} de {a} com {art2} {sym2} de {b}",
        "trade": "pôr seu {sym} em {sq} e levar {art2} {sym2} de lá",
        "gain": "forma {group} na {line} (+{d} para as {team})",
        "different": "completa a {line} com seis símbolos diferentes (+{d} para as {team})",
        "lose": "desfaz {group} na {line} (−{d} para as {team})",
        "win": "completa seis {pl} na {line}, o que ganha o jogo na hora para as {team}",
        "block": "bloqueia a {line}, que tinha cinco {pl} com {sq} livre (uma sexta peça ali daria a vitória às {team})",
        "spoil": "estraga a {line}: com quatro {pl} ali, seis iguais já não cabem",
        "nothing": "não muda agora os pontos de nenhuma linha",
        "it": "{what}: {clauses}.",
        "and": " e ",
        "totals": "Pontos com esta jogada: linhas {rows}, colunas {cols}.",
        "team0": "linhas",
        "team1": "colunas",
        "threat": "Cuidado: a {line} ainda tem cinco {pl} e {sq} livre.",
        "rival": "A segunda melhor, {rival}, mudaria as linhas em {rows} e as colunas em {cols}.",
        "redraw": "Sua mão só tem peças de ação, e o tabuleiro não tem onde valha a pena usá-las: "
        "uma mão nova traz símbolos para colocar.",
        "pass": "Nenhuma jogada é possível: nenhum símbolo na mão e nenhuma peça de ação com alvo.",
        "group2": "um par de {pl}",
    },
}


def _t(lang: str, key: str, **values: object) -> str:
    return T["pt" if lang.startswith("pt") else "en"][key].format(**values)


def signed(n: int) -> str:
    """+1, +0, −2 (a true minus sign, as in the line points of the board)."""
    return f"−{-n}" if n < 0 else f"+{n}"


def group_words(count: int, symbol: int, lang: str) -> str:
    """'a pair of stars', 'three stars' / 'um par de estrelas', 'três estrelas'."""
    key = "pt" if lang.startswith("pt") else "en"
    plural = PLURAL[key][symbol]
    if count == 2:
        return _t(lang, "group2", pl=plural)
    number = NUMBER[key][count]
    return f"{number} {plural}"


def board_of(view: CrosswiseView) -> list[int]:
    return [EMPTY if ch == "." else CHAR_TO_TILE[ch] for row in view["board"] for ch in row]


def writes(board: Sequence[int], action: Action) -> list[tuple[int, int]]:
    """(square, new content) pairs the move writes on the board (empty for REDRAW and PASS)."""
    return board_writes(list(board), action) or []


@dataclass(frozen=True)
class LineChange:
    line: int
    before: int
    after: int
    counts_before: tuple[int, ...]
    counts_after: tuple[int, ...]


@dataclass(frozen=True)
class Effect:
    """What one move does to the board, measured with the engine's scoring."""

    changes: tuple[LineChange, ...]
    mine: int  # points gained by the mover's team lines
    theirs: int  # points gained by the other team's lines
    six: int | None  # a line completed with six alike
    blocked: tuple[tuple[int, int, int], ...]  # (line, symbol, square) opponent fives stopped
    spoiled: tuple[tuple[int, int], ...]  # (line, symbol) opponent fours that can no longer make six
    squares: tuple[int, ...]
    team: int = 0

    @property
    def rows(self) -> int:
        return self.mine if self.team == 0 else self.theirs

    @property
    def cols(self) -> int:
        return self.theirs if self.team == 0 else self.mine


def _mine(line: int, team: int) -> bool:
    return (line >= SIZE) == bool(team)


def measure(board: Sequence[int], action: Action, team: int) -> Effect:
    after = list(board)
    changed = writes(board, action)
    for q, t in changed:
        after[q] = t
    lines = sorted({q // SIZE for q, _ in changed} | {SIZE + q % SIZE for q, _ in changed})
    changes: list[LineChange] = []
    mine = theirs = 0
    six = None
    blocked: list[tuple[int, int, int]] = []
    spoiled: list[tuple[int, int]] = []
    for line in lines:
        cb, ca = tuple(line_counts(board, line)), tuple(line_counts(after, line))
        b, a = line_score(board, line), line_score(after, line)
        changes.append(LineChange(line, b, a, cb, ca))
        if max(ca) == SIZE:
            six = line
        if _mine(line, team):
            mine += a - b
            continue
        theirs += a - b
        empty_before = SIZE - sum(cb)
        for s in range(SYMBOLS):
            spoils = ca[s] + (SIZE - sum(ca)) < SIZE <= cb[s] + empty_before
            if not spoils:
                continue
            if cb[s] == 5:
                gap = next(q for q in LINES[line] if board[q] == EMPTY)
                blocked.append((line, s, gap))
            elif cb[s] == 4:
                spoiled.append((line, s))
    return Effect(
        tuple(changes), mine, theirs, six, tuple(blocked), tuple(spoiled), tuple(sorted({q for q, _ in changed})), team
    )


def _sym(symbol: int, lang: str) -> str:
    return SINGULAR["pt" if lang.startswith("pt") else "en"][symbol]


def _art(symbol: int) -> str:
    return ARTICLE_PT[symbol]


def move_words(board: Sequence[int], action: Action, lang: str) -> str:
    sq = SQUARE_NAMES
    if isinstance(action, A.Place):
        return _t(lang, "place", sym=_sym(action.symbol, lang), art=_art(action.symbol), sq=sq[action.square])
    if isinstance(action, A.Remove):
        t = board[action.square]
        return _t(lang, "remove", sym=_sym(t, lang), art=_art(t), sq=sq[action.square])
    if isinstance(action, A.Move):
        t = board[action.src]
        return _t(lang, "move", sym=_sym(t, lang), art=_art(t), a=sq[action.src], b=sq[action.dst])
    if isinstance(action, A.Swap):
        t, u = board[action.a], board[action.b]
        return _t(
            lang,
            "swap",
            sym=_sym(t, lang),
            art=_art(t),
            sym2=_sym(u, lang),
            art2=_art(u),
            a=sq[action.a],
            b=sq[action.b],
        )
    if isinstance(action, A.Trade):
        u = board[action.square]
        return _t(lang, "trade", sym=_sym(action.symbol, lang), sym2=_sym(u, lang), art2=_art(u), sq=sq[action.square])
    return action.code


def _best_group(counts: Sequence[int]) -> tuple[int, int]:
    """(count, symbol) of the largest group of a line (ties: the lower symbol)."""
    symbol = max(range(SYMBOLS), key=lambda s: (counts[s], -s))
    return counts[symbol], symbol


def _team(line: int, lang: str) -> str:
    """Who a line scores for: 'rows' or 'columns' (the same words whoever reads the explanation)."""
    return _t(lang, "team0" if line < SIZE else "team1")


def clauses(effect: Effect, lang: str) -> list[str]:
    out: list[str] = []
    key = "pt" if lang.startswith("pt") else "en"
    if effect.six is not None:
        _, symbol = _best_group(next(c.counts_after for c in effect.changes if c.line == effect.six))
        line = effect.six
        out.append(_t(lang, "win", pl=PLURAL[key][symbol], line=line_name(line, lang), team=_team(line, lang)))
    for change in effect.changes:
        if change.line == effect.six:
            continue
        d = change.after - change.before
        if not d:
            continue
        name = line_name(change.line, lang)
        team = _team(change.line, lang)
        if d > 0:
            if sum(change.counts_after) == SIZE and max(change.counts_after) == 1:
                out.append(_t(lang, "different", line=name, d=d, team=team))
                continue
            grown = [s for s in range(SYMBOLS) if change.counts_after[s] > change.counts_before[s] >= 0]
            symbol = grown[0] if grown else _best_group(change.counts_after)[1]
            group = group_words(change.counts_after[symbol], symbol, lang)
            out.append(_t(lang, "gain", group=group, line=name, d=d, team=team))
        else:
            lost = [s for s in range(SYMBOLS) if change.counts_after[s] < change.counts_before[s]]
            symbol = lost[0] if lost else _best_group(change.counts_before)[1]
            count = change.counts_before[symbol]
            group = group_words(count, symbol, lang) if count >= 2 else name
            out.append(_t(lang, "lose", group=group, line=name, d=-d, team=team))
    for line, symbol, gap in effect.blocked:
        out.append(
            _t(
                lang,
                "block",
                line=line_name(line, lang),
                pl=PLURAL[key][symbol],
                sq=SQUARE_NAMES[gap],
                team=_team(line, lang),
            )
        )
    for line, symbol in effect.spoiled:
        out.append(_t(lang, "spoil", line=line_name(line, lang), pl=PLURAL[key][symbol]))
    if not out:
        out.append(_t(lang, "nothing"))
    return out


def _join(parts: list[str], lang: str) -> str:
    if len(parts) == 1:
        return parts[0]
    return ", ".join(parts[:-1]) + _t(lang, "and") + parts[-1]


def _threats(board: Sequence[int], team: int) -> list[tuple[int, int, int]]:
    """Opponent lines with five alike and the sixth square free: (line, symbol, free square)."""
    out = []
    for line in range(2 * SIZE):
        if _mine(line, team):
            continue
        counts = line_counts(board, line)
        for s in range(SYMBOLS):
            if counts[s] == 5 and sum(counts) == 5:
                out.append((line, s, next(q for q in LINES[line] if board[q] == EMPTY)))
    return out


def explain(infoset: InfoSet, action: Action, measured: Sequence[MoveValue]) -> Explanation:
    """The line points the move changes, the opponent sixes it blocks, and how the next best move compares."""
    view = cast(CrosswiseView, infoset.view)
    board = board_of(view)
    team = team_of(infoset.seat)
    lines: dict[str, list[str]] = {lang: [] for lang in LANGS}
    public: dict[str, list[str]] = {lang: [] for lang in LANGS}
    if isinstance(action, A.Redraw):
        for lang in LANGS:
            public[lang].append(_t(lang, "redraw"))
            lines[lang].append(_t(lang, "redraw"))
        return Explanation(lines=lines, public=public, facts={"rule": "CW-REDRAW"})
    if isinstance(action, A.Pass):
        for lang in LANGS:
            public[lang].append(_t(lang, "pass"))
            lines[lang].append(_t(lang, "pass"))
        return Explanation(lines=lines, public=public, facts={"rule": "CW-D-STUCK"})
    effect = measure(board, action, team)
    after = list(board)
    for q, t in writes(board, action):
        after[q] = t
    threats = [] if effect.six is not None else _threats(after, team)
    plural = PLURAL
    for lang in LANGS:
        what = move_words(board, action, lang)
        main = _t(lang, "it", what=what[0].upper() + what[1:], clauses=_join(clauses(effect, lang), lang))
        said = [main]
        if effect.six is None:
            said.append(_t(lang, "totals", rows=signed(effect.rows), cols=signed(effect.cols)))
        key = "pt" if lang.startswith("pt") else "en"
        for line, symbol, gap in threats[:1]:
            said.append(_t(lang, "threat", line=line_name(line, lang), pl=plural[key][symbol], sq=SQUARE_NAMES[gap]))
        public[lang].extend(said)
        lines[lang].extend(said)
    rival = _rival(infoset, action, measured)
    other = measure(board, rival, team) if rival is not None else None
    if rival is not None and other is not None and (other.mine, other.theirs) != (effect.mine, effect.theirs):
        for lang in LANGS:
            lines[lang].append(
                _t(
                    lang,
                    "rival",
                    rival=move_words(board, rival, lang),
                    rows=signed(other.rows),
                    cols=signed(other.cols),
                )
            )
    facts = {
        "mine": effect.mine,
        "theirs": effect.theirs,
        "rows": effect.rows,
        "columns": effect.cols,
        "lines": {line_name(c.line): [c.before, c.after] for c in effect.changes},
        "six": None if effect.six is None else line_name(effect.six),
        "blocked": [line_name(line) for line, _, _ in effect.blocked],
        "spoiled": [line_name(line) for line, _ in effect.spoiled],
    }
    return Explanation(
        lines=lines, public=public, point=tuple(f"sq:{SQUARE_NAMES[q]}" for q in effect.squares), facts=facts
    )


def _rival(infoset: InfoSet, action: Action, measured: Sequence[MoveValue]) -> Action | None:
    """The best-valued other board move the search tried enough (the hand is the mover's secret: private words)."""
    others = [m for m in measured if m.code != action.code]
    if not others:
        return None
    floor = max(1, max(m.visits for m in others) // 10)
    for move in sorted((m for m in others if m.visits >= floor), key=lambda m: (-m.value, m.code)):
        rival = infoset.game.parse_action(move.code)
        if not isinstance(rival, (A.Redraw, A.Pass)):
            return rival
    return None
