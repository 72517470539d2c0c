"""The Crosswise guided first game and the LearnKit (tutorial, explanations, names of board keys).

The deal is a game already under way (20 moves played), so every rule a
first game needs shows up within a few moves: the lines each team scores,
groups and their points, a six that wins at once (and how to block it), an
action tile, the refill, the end. Every tile is fixed -- the hands and the
order of the bag -- so each draw in the script is known. The learner plays the
orange team (rows, seat 0); the bot's moves are scripted.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...core.capabilities import LearnKit, Tutorial, TutorialStep, Words
from .tiles import FULL_SET, TILE_CHARS

BOARD = (
    ".145.6",  # row 1
    "2.4.2.",  # row 2
    ".645.1",  # row 3
    "3..5..",  # row 4
    "5546.1",  # row 5
    "..45.2",  # row 6
)
LEARNER_HAND = "133R"  # sun, star, star, Remove
BOT_HAND = "224S"  # moon, moon, heart, Swap
DRAWS = "6123"  # in the order drawn: learner (after 3C4), bot (after 2E6), bot (after the swap), learner (after 5E5)


def deal(board: Sequence[str] = BOARD, hands: Sequence[str] = (LEARNER_HAND, BOT_HAND), draws: str = DRAWS) -> str:
    """The position text: the board, the hands, and a bag whose end holds ``draws`` (drawn first to last)."""
    left = {ch: FULL_SET[i] for i, ch in enumerate(TILE_CHARS)}
    for ch in "".join(board) + "".join(hands) + draws:
        if ch != ".":
            left[ch] -= 1
    if any(n < 0 for n in left.values()):
        raise ValueError("more tiles of a kind than the box holds")
    bag = "".join(ch * n for ch, n in left.items()) + draws[::-1]
    return (
        "/".join(board) + f" next=0 hands={'/'.join(hands)} bag={bag} used=0000 turn=20 started=11 redraws=00"
        " known=-/- stuck=00 passed=00 seed=17"
    )


def w(en: str, pt: str) -> Words:
    return {"en": en, "pt": pt}


STEPS = (
    TutorialStep(
        say=w(
            "You play the orange team: the six rows (1 to 6) score for you. The bot plays the green team: "
            "the six columns (A to F) score for it. Every square belongs to one row and one column.",
            "Você joga pela equipe laranja: as seis linhas (1 a 6) pontuam para você. O robô joga pela equipe "
            "verde: as seis colunas (A a F) pontuam para ele. Cada casa pertence a uma linha e a uma coluna.",
        ),
        rule="CW-LINES",
        point=("sq:A4", "sq:B4", "sq:C4", "sq:D4", "sq:E4", "sq:F4"),
    ),
    TutorialStep(
        say=w(
            "A line scores its groups of equal symbols: a pair 1, three 3, four 5, five 7. They need not touch. "
            "Row 2 has two moons (A2 and E2): 1 point for you. Column C has five hearts: 7 points for green. "
            "The numbers beside the board are the lines' points now.",
            "Uma linha pontua seus grupos de símbolos iguais: par 1, trio 3, quatro 5, cinco 7. Não precisam "
            "estar juntos. A linha 2 tem duas luas (A2 e E2): 1 ponto para você. A coluna C tem cinco corações: "
            "7 pontos para a verde. Os números ao lado do tabuleiro são os pontos das linhas agora.",
        ),
        rule="CW-SCORE-GROUPS",
        point=("sq:A2", "sq:E2", "sq:C1", "sq:C2", "sq:C3", "sq:C5", "sq:C6"),
    ),
    TutorialStep(
        say=w(
            "Danger! Six identical symbols in one line win the game at once for the team that scores that line. "
            "Column C has five hearts and C4 is empty: a heart on C4 would win the game for green.",
            "Perigo! Seis símbolos iguais numa linha dão a vitória imediata à equipe dona dessa linha. A coluna C "
            "tem cinco corações e C4 está vazia: um coração em C4 daria a vitória à verde.",
        ),
        rule="CW-SIX",
        point=("sq:C4",),
    ),
    TutorialStep(
        say=w(
            "Your turn. On a turn you place one symbol tile from your hand on any empty square, or play one action "
            "tile. Your hand: a sun, two stars and a Remove tile (R). Place a star on C4: it blocks column C, and "
            "with the star on A4 it makes a pair in row 4 (+1). Click a star in your hand, then C4.",
            "Sua vez. Num turno você coloca uma peça de símbolo da mão em qualquer casa vazia, ou joga uma peça de "
            "ação. Sua mão: um sol, duas estrelas e uma peça Retirar (R). Coloque uma estrela em C4: ela bloqueia "
            "a coluna C e, com a estrela de A4, forma um par na linha 4 (+1). Clique numa estrela da mão e em C4.",
        ),
        rule="CW-PLACE",
        point=("hand:3", "sq:C4"),
        expect=("3C4",),
        wrong={
            code: w(
                "That makes the pair in row 4, but C4 stays open for green's sixth heart. Put the star on C4.",
                "Isso forma o par na linha 4, mas C4 fica livre para o sexto coração da verde. Ponha a estrela em C4.",
            )
            for code in ("3B4", "3E4", "3F4")
        }
        | {
            "1C4": w(
                "The sun on C4 blocks column C too, but the star also makes a pair with A4. Use a star.",
                "O sol em C4 também bloqueia a coluna C, mas a estrela ainda forma par com A4. Use uma estrela.",
            )
        },
        otherwise=w(
            "That is a legal move, but then green could put a heart on C4 and win at once. Block C4 with a star.",
            "Essa jogada é permitida, mas aí a verde poderia pôr um coração em C4 e ganhar na hora. "
            "Bloqueie C4 com uma estrela.",
        ),
        done=w(
            "Row 4 now scores 1 (a pair of stars) and column C can never hold six hearts. At the end of your turn "
            "you drew a tile from the bag: a player always draws back up to four tiles.",
            "A linha 4 agora vale 1 (um par de estrelas) e a coluna C nunca terá seis corações. No fim do turno "
            "você tirou uma peça do saco: cada jogador volta sempre a ter quatro peças.",
        ),
    ),
    TutorialStep(
        say=w(
            "The bot put a moon on E6. Column E now has two moons (E2 and E6): +1 for green. But row 6 got a pair "
            "of moons too (E6 and F6): +1 for you. Every tile counts in a row and in a column.",
            "O robô pôs uma lua em E6. A coluna E agora tem duas luas (E2 e E6): +1 para a verde. Mas a linha 6 "
            "também ganhou um par de luas (E6 e F6): +1 para você. Cada peça conta numa linha e numa coluna.",
        ),
        rule="CW-SCORE-SPREAD",
        point=("sq:E6", "sq:E2", "sq:F6"),
        play="2E6",
    ),
    TutorialStep(
        say=w(
            "Action tiles change the board. Your R (Remove) takes any tile from the board into your hand. Column D "
            "has four diamonds: 5 points for green. Take the diamond on D3: column D drops to three diamonds "
            "(3 points, −2 for green) and the diamond is yours. Click R, then D3.",
            "Peças de ação mudam o tabuleiro. Seu R (Retirar) tira qualquer peça do tabuleiro para a sua mão. "
            "A coluna D tem quatro losangos: 5 pontos para a verde. Tire o losango de D3: a coluna D fica com três "
            "(3 pontos, −2 para a verde) e o losango fica para você. Clique em R e depois em D3.",
        ),
        rule="CW-REMOVE",
        point=("hand:R", "sq:D3"),
        expect=("R-D3",),
        wrong={
            code: w(
                "That also takes a diamond from column D, but this lesson goes on from D3: take that one.",
                "Isso também tira um losango da coluna D, mas esta lição segue a partir de D3: tire esse.",
            )
            for code in ("R-D1", "R-D4", "R-D6")
        },
        otherwise=w(
            "That is legal, but this step is about the Remove tile: click R in your hand, then the diamond on D3.",
            "Isso é permitido, mas este passo é sobre a peça Retirar: clique em R na sua mão e depois no losango "
            "de D3.",
        ),
        done=w(
            "Column D is down to 3 points. Played action tiles are set aside face up, so everyone can count how "
            "many of each kind are left.",
            "A coluna D caiu para 3 pontos. As peças de ação jogadas ficam à vista, para todos contarem quantas "
            "de cada tipo restam.",
        ),
    ),
    TutorialStep(
        say=w(
            "The bot played its Swap tile (S): two board tiles change places. It moved the diamond from A5 to D5 and "
            "the clover to A5, so column D has four diamonds again (+2 for green). Row 5 still has its two "
            "diamonds (B5 and D5).",
            "O robô jogou sua peça Trocar (S): duas peças do tabuleiro trocam de lugar. Levou o losango de A5 "
            "para D5 e o trevo para A5, e a coluna D voltou a ter quatro losangos (+2 para a verde). A linha 5 "
            "continua com seus dois losangos (B5 e D5).",
        ),
        rule="CW-SWAP",
        point=("sq:A5", "sq:D5"),
        play="S-A5-D5",
    ),
    TutorialStep(
        say=w(
            "Use the diamond you took. Row 5 has two diamonds (B5 and D5) and one empty square, E5. A third diamond "
            "there makes three of a kind: 3 points instead of 1 (+2). Click the diamond in your hand, then E5.",
            "Use o losango que você tirou. A linha 5 tem dois losangos (B5 e D5) e uma casa vazia, E5. Um terceiro "
            "losango ali forma um trio: 3 pontos em vez de 1 (+2). Clique no losango da sua mão e depois em E5.",
        ),
        rule="CW-SCORE-GROUPS",
        point=("hand:5", "sq:E5"),
        expect=("5E5",),
        wrong={
            code: w(
                "A diamond there would add to column D's diamonds: that gives green points. Put it on E5, in row 5.",
                "Um losango ali somaria aos losangos da coluna D: isso dá pontos à verde. Ponha-o em E5, na linha 5.",
            )
            for code in ("5D2", "5D3")
        },
        otherwise=w(
            "Legal, but the diamond scores most on E5: it makes three diamonds in row 5 (+2).",
            "Permitido, mas o losango vale mais em E5: forma três losangos na linha 5 (+2).",
        ),
        done=w(
            "Row 5 now scores 3. You drew back up to four tiles.",
            "A linha 5 agora vale 3. Você voltou a ter quatro peças.",
        ),
    ),
    TutorialStep(
        say=w(
            "The other action tiles: M (Move) moves a board tile to any empty square, S (Swap) makes two board tiles "
            "change places, and T (Trade) swaps a board tile with a symbol from your hand. A line of six different "
            "symbols scores 6.",
            "As outras peças de ação: M (Mover) leva uma peça do tabuleiro a qualquer casa vazia, S (Trocar) faz duas "
            "peças do tabuleiro trocarem de lugar e T (Trocar com a mão) troca uma peça do tabuleiro por um símbolo "
            "da sua mão. Uma linha com seis símbolos diferentes vale 6.",
        ),
        rule="CW-SCORE-DIFFERENT",
    ),
    TutorialStep(
        say=w(
            "The game ends when the last empty square is filled (or at once with a six). Each team adds up its "
            "lines; the higher total wins. Tiles left in hands do not count.",
            "O jogo acaba quando a última casa vazia é preenchida (ou na hora, com um seis). Cada equipe soma suas "
            "linhas; ganha o maior total. Peças que sobram na mão não contam.",
        ),
        rule="CW-END",
    ),
)


def tutorial() -> Tutorial:
    return Tutorial(
        title=w("Crosswise: your first game", "Crosswise: seu primeiro jogo"),
        position=deal(),
        seat=0,
        steps=STEPS,
        finale=w(
            "You know the rules now. Play a real game against the easy bot: ask for a hint whenever you like.",
            "Agora você conhece as regras. Jogue uma partida de verdade contra o robô fácil: peça uma dica quando "
            "quiser.",
        ),
        practice_players=2,
        practice_variant={},
    )


def point_words(key: str, lang: str) -> str:
    """``sq:C4`` -> 'square C4'; ``hand:3`` -> 'the 3 in your hand'."""
    kind, _, rest = key.partition(":")
    pt = lang.startswith("pt")
    if kind == "sq":
        return f"casa {rest}" if pt else f"square {rest}"
    if kind == "hand":
        return f"o {rest} da sua mão" if pt else f"the {rest} in your hand"
    return rest


def kit() -> LearnKit:
    from .explain import explain

    return LearnKit(tutorial=tutorial, explain=explain, point_words=point_words)
