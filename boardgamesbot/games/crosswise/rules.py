"""Crosswise rule ids, each tied to the rulebook heading it comes from (crosswise-manual.pt.txt).

Summaries are the project's own words. ``decision=True`` marks readings the
project chose where the rulebook is silent (see docs/rules/crosswise.md).
"""

from __future__ import annotations

from ...core.rules import RuleInfo, rule_table

RULES = rule_table(
    RuleInfo(
        "CW-COMPONENTS",
        "Conteúdo",
        "A 6×6 board, a bag, 42 symbol tiles (six symbols, seven of each) and 12 action tiles "
        "(four kinds, three of each).",
        "Um tabuleiro 6×6, um saco, 42 peças de símbolo (seis símbolos, sete de cada) e 12 peças de ação "
        "(quatro tipos, três de cada).",
    ),
    RuleInfo(
        "CW-TEAMS",
        "Montagem",
        "Two teams play against each other; partners sit opposite and may not agree on moves. With two "
        "players each player is a team.",
        "Duas equipas jogam uma contra a outra; os parceiros sentam-se de frente e não combinam jogadas. "
        "A dois, cada jogador é uma equipa.",
    ),
    RuleInfo(
        "CW-LINES",
        "Montagem",
        "One team scores the six rows, the other the six columns.",
        "Uma equipa pontua as seis linhas, a outra as seis colunas.",
    ),
    RuleInfo(
        "CW-THREE",
        "Regra para um jogo a 3",
        "With three players one plays alone as a team, holds six tiles and takes every other turn: A1, B, A2, B, ...",
        "A três, um joga sozinho como equipa, tem seis peças e joga em turnos alternados: A1, B, A2, B, ...",
    ),
    RuleInfo(
        "CW-ORDER",
        "Como se joga",
        "Play goes clockwise from a chosen first player (seat 0 unless the option first_player picks another "
        "or draws one at random), so the teams alternate.",
        "Joga-se no sentido dos ponteiros do relógio a partir de um primeiro jogador escolhido (o lugar 0, salvo "
        "se a opção first_player escolher outro ou sortear); as equipas alternam.",
    ),
    RuleInfo(
        "CW-DEAL",
        "Montagem",
        "All tiles go in the bag; each player draws four hidden tiles (six for the lone player of a 3-player game).",
        "Todas as peças vão para o saco; cada jogador tira quatro peças escondidas (seis para quem joga "
        "sozinho a três).",
    ),
    RuleInfo(
        "CW-REDRAW",
        "Montagem",
        "A player whose starting hand holds only action tiles may put them back in the bag and draw a new hand.",
        "Quem começa com só peças de ação na mão pode devolvê-las ao saco e tirar outras.",
    ),
    RuleInfo(
        "CW-TURN",
        "Como se joga",
        "On a turn a player either places one symbol tile or plays one action tile.",
        "No seu turno o jogador coloca uma peça de símbolo ou joga uma peça de ação.",
    ),
    RuleInfo(
        "CW-PLACE",
        "Como se joga",
        "A symbol tile from the hand goes on any empty square; it need not touch other tiles.",
        "Uma peça de símbolo da mão vai para qualquer casa vazia; não precisa de tocar outras peças.",
    ),
    RuleInfo(
        "CW-REMOVE",
        "Peças de ação",
        "Remove: take any tile from the board into your hand.",
        "Retirar: tira-se qualquer peça do tabuleiro para a mão.",
    ),
    RuleInfo(
        "CW-MOVE",
        "Peças de ação",
        "Move: move any board tile to any empty square, near or far.",
        "Mover: leva-se qualquer peça do tabuleiro para qualquer casa vazia, perto ou longe.",
    ),
    RuleInfo(
        "CW-SWAP",
        "Peças de ação",
        "Swap: two tiles on the board change places.",
        "Trocar: duas peças do tabuleiro trocam de lugar.",
    ),
    RuleInfo(
        "CW-TRADE",
        "Peças de ação",
        "Trade: a board tile changes places with a symbol tile from your hand; the board tile goes to your hand.",
        "Trocar com a mão: uma peça do tabuleiro troca com uma peça de símbolo da mão; a do tabuleiro vai para a mão.",
    ),
    RuleInfo(
        "CW-USED",
        "Peças de ação",
        "Played action tiles are set aside face up, so everyone can see how many of each kind remain.",
        "As peças de ação jogadas ficam à vista, para todos saberem quantas de cada tipo restam.",
    ),
    RuleInfo(
        "CW-REFILL",
        "Como se joga",
        "At the end of a turn the player draws back up to four tiles (six for a lone player) while the bag "
        "has tiles; then play continues with the tiles in hand.",
        "No fim do turno o jogador volta a ter quatro peças (seis a jogar sozinho) enquanto houver peças "
        "no saco; depois joga-se com o que se tem.",
    ),
    RuleInfo(
        "CW-SIX",
        "Fim do jogo",
        "Six identical symbols in one of a team's lines win the game for that team at once.",
        "Seis símbolos iguais numa das linhas de uma equipa dão-lhe a vitória imediata.",
    ),
    RuleInfo(
        "CW-END",
        "Fim do jogo",
        "Otherwise the game ends when the last empty square is filled; leftover hand tiles do not count.",
        "Caso contrário o jogo acaba quando a última casa é preenchida; as peças que sobram não contam.",
    ),
    RuleInfo(
        "CW-SCORE-GROUPS",
        "Pontuação",
        "Each line scores its groups of equal symbols: pair 1, three 3, four 5, five 7; several groups in "
        "one line add up.",
        "Cada linha pontua os grupos de símbolos iguais: par 1, trio 3, quadra 5, cinco 7; vários grupos "
        "numa linha somam-se.",
    ),
    RuleInfo(
        "CW-SCORE-DIFFERENT",
        "Pontuação",
        "A line of six different symbols scores 6.",
        "Uma linha com seis símbolos diferentes vale 6.",
    ),
    RuleInfo(
        "CW-SCORE-SPREAD",
        "Pontuação",
        "Equal symbols need not be adjacent, and each tile counts in one group only.",
        "Símbolos iguais não precisam de estar juntos, e cada peça conta num só grupo.",
    ),
    RuleInfo("CW-WIN", "Pontuação", "The team with the higher total wins.", "Ganha a equipa com mais pontos."),
    RuleInfo(
        "CW-D-SIX-BOTH",
        "Fim do jogo",
        "No move can complete six identical symbols for both teams at once (a row and a column always "
        "share a square, and only seven tiles of a symbol exist), so no rule is needed for it.",
        "Nenhuma jogada completa seis iguais para as duas equipas de uma vez (uma linha e uma coluna "
        "partilham sempre uma casa e só há sete peças de cada símbolo).",
        decision=True,
    ),
    RuleInfo(
        "CW-D-SIX-OPPONENT",
        "Fim do jogo",
        "A six completed in an opponent's line, by any move, wins for that line's team (variant "
        "opponent_six=illegal forbids such moves instead).",
        "Seis iguais completados numa linha do adversário, por qualquer jogada, dão a vitória à equipa "
        "dona da linha (a variante opponent_six=illegal proíbe essas jogadas).",
        decision=True,
    ),
    RuleInfo(
        "CW-D-TIE",
        "Pontuação",
        "Equal totals are a draw (variant tiebreak=best_line compares the line scores from best down).",
        "Totais iguais dão empate (a variante tiebreak=best_line compara as linhas da melhor para baixo).",
        decision=True,
    ),
    RuleInfo(
        "CW-D-STUCK",
        "Como se joga",
        "A player with no possible move (no symbol tile and no action tile with a target) passes; passing "
        "is allowed only then (variant stuck=discard sets the unusable action tiles aside and refills).",
        "Quem não tem jogada possível (sem símbolo e sem peça de ação com alvo) passa a vez; só então pode "
        "passar (a variante stuck=discard põe de lado as peças de ação inúteis e completa a mão).",
        decision=True,
    ),
    RuleInfo(
        "CW-D-STALEMATE",
        "Fim do jogo",
        "If every player passes in a row the game ends and the board is scored as it stands.",
        "Se todos passam seguidos, o jogo acaba e conta-se o tabuleiro como está.",
        decision=True,
    ),
    RuleInfo(
        "CW-D-CAP",
        "Fim do jogo",
        "A safety cap on moves (variant max_turns, default 1000, never reached under the default rules) "
        "ends the game and scores the board as it stands.",
        "Um limite de segurança de jogadas (variante max_turns, 1000 por omissão, nunca atingido com as "
        "regras normais) acaba o jogo e conta o tabuleiro como está.",
        decision=True,
    ),
    RuleInfo(
        "CW-D-REDRAW",
        "Montagem",
        "How many times may an all-action starting hand be returned? The rulebook sets no limit; the redraw is "
        "taken on the player's own first turn, before acting, once by default; the option redraws sets 0 to 5 "
        "times or unlimited (while the bag still holds a symbol tile).",
        "Quantas vezes se pode devolver uma mão inicial só com peças de ação? O livro não põe limite; a troca "
        "faz-se no primeiro turno do jogador, antes de jogar, uma vez por omissão; a opção redraws permite de 0 "
        "a 5 vezes ou sem limite (unlimited, enquanto houver símbolos no saco).",
        decision=True,
    ),
    RuleInfo(
        "CW-D-FIRST",
        "Como se joga",
        "Who starts? The rulebook lets the table choose any player. Seat 0 starts by default; the option "
        "first_player names another seat (seat0 to seat3) or draws the first player at random from the game "
        "seed. With three players seat1 is the lone player: if the lone player starts, the order is lone, "
        "second partner, lone, first partner (still clockwise).",
        "Quem começa? O livro deixa a mesa escolher qualquer jogador. Por omissão começa o lugar 0; a opção "
        "first_player escolhe outro lugar (seat0 a seat3) ou sorteia o primeiro jogador a partir da semente do "
        "jogo. A três, seat1 é quem joga sozinho: se for ele a começar, a ordem é sozinho, segundo parceiro, "
        "sozinho, primeiro parceiro (sempre no sentido dos ponteiros do relógio).",
        decision=True,
    ),
    RuleInfo(
        "CW-D-SIX-SCORE",
        "Fim do jogo",
        "At an instant win the outcome still reports the lines' points as they stand; the six line itself "
        "scores 0 (it wins instead of scoring).",
        "Numa vitória imediata o resultado mostra os pontos das linhas como estão; a linha de seis vale 0 "
        "(dá a vitória em vez de pontos).",
        decision=True,
    ),
)
