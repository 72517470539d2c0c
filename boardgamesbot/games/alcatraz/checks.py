"""Move validation: every refusal names the rule it breaks and changes nothing.

``check`` raises ``IllegalAction(rule_id, en, pt)`` for a move that is not
legal now. It looks only at the fields the move touches, so it stays cheap
enough to run before every ``apply`` in playouts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ...core.action import Action
from ...core.errors import IllegalAction
from . import actions as A
from .cards import ADJUST, FLIP, LOOK, VALUE
from .kinds import CLAIM as _CLAIM
from .kinds import DISCARD as _DISCARD
from .kinds import DRAW as _DRAW
from .kinds import END as _END
from .kinds import LOOK as _LOOK
from .kinds import NOPEEK as _NOPEEK
from .kinds import PEEK as _PEEK
from .kinds import PILE as _PILE
from .kinds import SWAP as _SWAP
from .kinds import TAKE as _TAKE
from .kinds import USE as _USE
from .phases import PH_AFTER, PH_CLAIM, PH_HOLD, PH_PEEK, PH_START

# An ability as a player reads it (the engine's codes "look"/"adjust"/"flip" are not words a player uses):
# what the card lets its drawer do (English, Portuguese): "the drawn 9 can only <look...>; it cannot <...>".
_ABILITY_WORDS: Final[dict[str, tuple[str, str]]] = {
    LOOK: ("look at one of your face-down cards", "olhar uma carta fechada da sua fileira"),
    ADJUST: ("go over one of your cards as +1 or -1", "ir sobre uma carta sua como +1 ou -1"),
    FLIP: ("go over one of your cards to change its sign", "ir sobre uma carta sua para trocar o sinal dela"),
}


if TYPE_CHECKING:
    from .state import AlcatrazState

# the actions module's names as module constants: the compiled build reads them without a lookup in
# another module (a name read through ``A.`` is a dict lookup and a generic attribute read on every move)
_AZ_ACTION: Final = A.AzAction
_INDEX: Final = A.INDEX
_ABILITY_OF_KIND: Final = {A.LOOK: LOOK, A.PLUS: ADJUST, A.MINUS: ADJUST, A.FLIP: FLIP}


def _illegal(rule: str, en: str, pt: str) -> IllegalAction:
    return IllegalAction(rule, en, pt)


#: The table's instances (every legal-move list is made of them), known by identity: no call of the
#: actions' Python-level ``__hash__``/``__eq__`` before every move.
_TABLED_IDS: Final = frozenset(id(a) for a in A.ALL_ACTIONS)


def check(st: AlcatrazState, action: Action) -> None:
    if id(action) not in _TABLED_IDS and (not isinstance(action, _AZ_ACTION) or action not in _INDEX):
        raise _illegal("AZ-STEP", f"{action!r} is not an Alcatraz move", f"{action!r} não é uma jogada de Alcatraz")
    assert isinstance(action, _AZ_ACTION)  # every tabled action is one
    k, ph = action.kind, st.phase
    row = st.rows[st.current]
    optional = st.optional_look
    if ph == PH_PEEK:
        if k == _NOPEEK:
            if not optional:
                raise _illegal(
                    "AZ-OPTIONAL-LOOK",
                    "the look at the start of the round is required in this game (variant optional_look is off)",
                    "olhar uma carta no início da rodada é obrigatório nesta partida (variante optional_look "
                    "desligada)",
                )
            return
        if k != _PEEK:
            raise _illegal(
                "AZ-PEEK",
                "the round starts with each player looking at one own face-down card (peekN"
                + (", or nopeek to skip it)" if optional else ")"),
                "a rodada começa com cada jogador olhando uma carta fechada sua (peekN"
                + (", ou nopeek para não olhar)" if optional else ")"),
            )
        _check_facedown(st, action.a, row, "AZ-PEEK")
        return
    if k in (_PEEK, _NOPEEK):
        raise _illegal(
            "AZ-PEEK",
            "you may look at a card of your row (or decline to) only at the start of a round",
            "só se olha (ou se dispensa olhar) uma carta da fileira no início da rodada",
        )
    if ph in (PH_START, PH_AFTER):
        _check_turn_step(st, action, row)
    elif ph == PH_HOLD:
        _check_hold(st, action, row)
    elif ph == PH_CLAIM:
        if k != _USE:
            raise _illegal(
                "AZ-ADJACENT",
                f"you declared objective {st.claim}: now choose 2 or 3 adjacent cards (useN-M)",
                f"você anunciou o objetivo {st.claim}: agora escolha 2 ou 3 cartas vizinhas (useN-M)",
            )
        if action.a + action.b > len(row):
            raise _illegal(
                "AZ-ADJACENT",
                f"your row has {len(row)} cards, so {action.code} is not 2 or 3 adjacent cards of it",
                f"sua fileira tem {len(row)} cartas; {action.code} não são 2 ou 3 cartas vizinhas dela",
            )
    elif k != _PILE:
        raise _illegal(
            "AZ-STEP",
            "choose the discard pile for the cards leaving your row (pile1 or pile2)",
            "escolha o monte de descarte para as cartas que saem da fileira (pile1 ou pile2)",
        )


def _check_facedown(st: AlcatrazState, slot: int, row: list[int], rule: str) -> None:
    if slot >= len(row):
        raise _illegal(
            rule,
            f"your row has only {len(row)} cards, there is no card {slot + 1}",
            f"sua fileira tem só {len(row)} cartas, não existe a carta {slot + 1}",
        )
    if st.up[row[slot]]:
        raise _illegal(
            rule,
            f"card {slot + 1} of your row is face up; choose a face-down card",
            f"a carta {slot + 1} da sua fileira está aberta; escolha uma fechada",
        )


def _check_turn_step(st: AlcatrazState, action: A.AzAction, row: list[int]) -> None:
    k = action.kind
    if k in (_DRAW, _TAKE):
        if st.phase == PH_AFTER:
            raise _illegal("AZ-TURN", "you already drew a card this turn", "você já comprou uma carta neste turno")
        if k == _DRAW:
            if not st.can_draw():
                raise _illegal(
                    "AZ-DECK-RESHUFFLE",
                    "no card is left to draw (deck and piles below their tops are empty)",
                    "não há carta para comprar (baralho e montes sem os topos vazios)",
                )
        elif not st.piles[action.a]:
            raise _illegal(
                "AZ-TAKE", f"discard pile {action.a + 1} is empty", f"o monte de descarte {action.a + 1} está vazio"
            )
        elif not row:
            raise _illegal(
                "AZ-TAKE",
                "a card taken from a discard pile must replace a row card, and your row is empty",
                "a carta pega do descarte substitui uma da fileira, e a sua está vazia",
            )
    elif k == _CLAIM:
        if action.a not in st.objectives:
            shown = ", ".join(map(str, st.objectives))
            raise _illegal(
                "AZ-CLAIM",
                f"objective {action.a} is not on the table (showing: {shown})",
                f"o objetivo {action.a} não está na mesa (abertos: {shown})",
            )
        if len(row) < 2:
            raise _illegal(
                "AZ-CLAIM",
                "you need at least 2 cards in your row to fulfil an objective",
                "são precisas ao menos 2 cartas na fileira para cumprir um objetivo",
            )
    elif k == _USE:
        raise _illegal(
            "AZ-CLAIM",
            "declare an objective first (claimV), then choose the cards",
            "anuncie primeiro um objetivo (claimV) e depois escolha as cartas",
        )
    elif k == _PILE:
        raise _illegal(
            "AZ-STEP",
            "no cards are waiting for a discard pile now",
            "não há cartas esperando um monte de descarte agora",
        )
    elif k != _END:
        raise _illegal(
            "AZ-STEP",
            f"{action.code} needs a card in hand: draw or take one first",
            f"{action.code} exige uma carta na mão: compre ou pegue uma antes",
        )


def _check_hold(st: AlcatrazState, action: A.AzAction, row: list[int]) -> None:
    k = action.kind
    rule = "AZ-TAKE" if st.held_up else "AZ-DRAW-DECK"
    if k == _SWAP:
        if action.a >= len(row):
            raise _illegal(
                "AZ-SWAP",
                f"your row has only {len(row)} cards, there is no card {action.a + 1}",
                f"sua fileira tem só {len(row)} cartas, não existe a carta {action.a + 1}",
            )
        return
    if k in (_DRAW, _TAKE, _CLAIM, _END, _USE, _PILE):
        what = (
            "put the card you took into your row (swapN/P)"
            if st.held_up
            else "swap the drawn card in (swapN/P), use its ability or discard it (discardP)"
        )
        what_pt = (
            "ponha a carta pegada na fileira (swapN/P)"
            if st.held_up
            else "troque a carta comprada (swapN/P), use a habilidade ou descarte-a (discardP)"
        )
        raise _illegal(rule, f"first finish the draw: {what}", f"termine a compra antes: {what_pt}")
    if st.held_up:
        raise _illegal(
            "AZ-TAKE",
            "a card taken from a discard pile must replace a card of your row",
            "a carta pega do descarte deve substituir uma carta da fileira",
        )
    if k == _DISCARD:
        return
    ability = st.abilities.get(VALUE[st.held])
    wanted = _ABILITY_OF_KIND[k]
    if ability != wanted:
        v = VALUE[st.held]
        can_en, can_pt = _ABILITY_WORDS[ability] if ability else ("", "")
        has_en = f"can only {can_en}" if ability else "has no ability"
        has_pt = f"só serve para {can_pt}" if ability else "não tem habilidade"
        want_en, want_pt = _ABILITY_WORDS[wanted]
        raise _illegal(
            "AZ-ABILITY",
            f"the drawn {v} {has_en}; it cannot {want_en}",
            f"o {v} comprado {has_pt}; não serve para {want_pt}",
        )
    if k == _LOOK:
        _check_facedown(st, action.a, row, "AZ-LOOK")
    elif action.a >= len(row):
        raise _illegal(
            "AZ-OVERLAY",
            f"an overlay covers a card of your own row; there is no card {action.a + 1}",
            f"a sobreposição cobre uma carta da sua fileira; não existe a carta {action.a + 1}",
        )
