"""Alcatraz rule ids, each with the manual heading it comes from.

Summaries are the project's own words. ``decision=True`` marks what the
manual leaves open and the project decided (see docs/rules/alcatraz.md).
"""

from __future__ import annotations

from ...core.rules import RuleInfo, rule_table

R = RuleInfo

RULES = rule_table(
    R(
        "AZ-COMPONENTS",
        "COMPONENTES",
        "68 cat cards valued -3 to 14 (no 0), four of each; 11 objective cards valued 4 to 14.",
        "68 cartas de gato de -3 a 14 (sem 0), quatro de cada; 11 objetivos de 4 a 14.",
    ),
    R("AZ-PLAYERS", "Alcatraz (introdução)", "Two to five players.", "De dois a cinco jogadores."),
    R(
        "AZ-SETUP-ROW",
        "PREPARAÇÃO",
        "Each player gets a face-down row of 4 cat cards.",
        "Cada jogador recebe uma fileira de 4 cartas de gato viradas para baixo.",
    ),
    R(
        "AZ-SETUP-OBJECTIVES",
        "PREPARAÇÃO",
        "Three objective cards lie face up; the rest form the objective deck.",
        "Três objetivos ficam abertos; o resto forma o baralho de objetivos.",
    ),
    R(
        "AZ-SETUP-PILES",
        "PREPARAÇÃO",
        "Two discard piles start with one face-up card each; the remaining cat cards are the draw deck.",
        "Dois montes de descarte começam com uma carta aberta cada; as demais cartas formam o baralho de compras.",
    ),
    R(
        "AZ-PEEK",
        "PREPARAÇÃO",
        "At the start of each round each player may look at one face-down card of their own row, then puts it "
        "back in place (the engine makes the look a step of its own; see AZ-OPTIONAL-LOOK).",
        "No início de cada rodada cada jogador pode olhar uma carta fechada da própria fileira e a devolve no "
        "lugar (o motor faz do olhar um passo próprio; ver AZ-OPTIONAL-LOOK).",
    ),
    R(
        "AZ-KNOWLEDGE",
        "PREPARAÇÃO",
        "A face-down card is unknown to everyone, its owner included, unless that player looked at it; "
        "face-up cards are public.",
        "Carta fechada é desconhecida de todos, inclusive do dono, salvo se ele a olhou; cartas abertas são públicas.",
    ),
    R(
        "AZ-MEMORY-AID",
        "PREPARAÇÃO",
        "Option memory_aid: a person's view keeps showing cards they looked at (off in the real game).",
        "Opção memory_aid: a tela da pessoa continua mostrando as cartas que ela olhou (desligada no jogo real).",
        decision=True,
    ),
    R(
        "AZ-FIRST-PLAYER",
        "COMO JOGAR",
        "Who starts the first round? The manual picks whoever last petted a cat; here seat 0 starts unless the "
        "option first_player names another seat (seat0 to seat4) or draws the first player at random from the game "
        "seed. Later rounds start left of the last player who emptied a row.",
        "Quem começa a primeira rodada? O manual escolhe quem fez carinho num gato por último; aqui começa o "
        "assento 0, salvo se a opção first_player escolher outro assento (seat0 a seat4) ou sortear o primeiro "
        "jogador a partir da semente do jogo. As rodadas seguintes começam à esquerda de quem esvaziou a fileira "
        "por último.",
        decision=True,
    ),
    R(
        "AZ-TURN-ORDER",
        "COMO JOGAR",
        "Turns pass to the left (next seat number); only the player to move may act.",
        "A vez passa para a esquerda (próximo assento); só quem está na vez pode jogar.",
    ),
    R(
        "AZ-TURN",
        "COMO JOGAR",
        "A turn is at most one draw and then at most one objective attempt, both optional, in that order.",
        "Um turno tem no máximo uma compra e depois no máximo uma tentativa de objetivo, ambas opcionais, nessa ordem.",
    ),
    R(
        "AZ-DRAW-DECK",
        "COMPRAR UMA CARTA",
        "Drawing from the deck shows the card to the drawer, who then swaps it in, uses its ability or discards it.",
        "Quem compra do baralho vê a carta e então a troca, usa a habilidade ou a descarta.",
    ),
    R(
        "AZ-SWAP",
        "COMPRAR UMA CARTA",
        "Swap: the drawn card replaces a row card face down; the replaced card goes face up to a discard pile "
        "of the player's choice.",
        "Trocar: a carta comprada substitui uma da fileira, fechada; a substituída vai aberta ao monte escolhido.",
    ),
    R(
        "AZ-DISCARD",
        "COMPRAR UMA CARTA",
        "A card drawn from the deck may be discarded unused onto either discard pile.",
        "A carta comprada do baralho pode ser descartada sem uso em qualquer monte.",
    ),
    R(
        "AZ-TAKE",
        "COMPRAR UMA CARTA",
        "Taking a discard top: it must replace a row card and stays face up there; the replaced card goes face up "
        "to a discard pile.",
        "Pegar do descarte: a carta substitui uma da fileira e fica aberta; a substituída vai aberta a um monte.",
    ),
    R(
        "AZ-ABILITY",
        "COMPRAR UMA CARTA",
        "A card drawn from the deck that has an ability may use it, if it can be used, and is then discarded.",
        "Carta comprada do baralho com habilidade pode usá-la, se possível, e depois é descartada.",
    ),
    R(
        "AZ-ABILITY-TABLE",
        "COMPRAR UMA CARTA",
        "Which values carry which ability is one data table (variant ability_table); default: 7-10 look, "
        "11-12 adjust by 1, 13-14 change sign.",
        "Quais valores têm qual habilidade é uma tabela (variante ability_table); padrão: 7-10 olhar, "
        "11-12 somar/subtrair 1, 13-14 trocar o sinal.",
        decision=True,
    ),
    R(
        "AZ-LOOK",
        "PREPARAÇÃO",
        "The look ability lets the player look again at one face-down card of their own row.",
        "A habilidade olhar permite ver de novo uma carta fechada da própria fileira.",
    ),
    R(
        "AZ-OVERLAY",
        "CUMPRIR UM OBJETIVO",
        "Adjust and flip cards are laid over a card of the player's own row and change the value it adds "
        "to a sum (+1, -1 or sign change), applied in the order laid.",
        "Cartas de somar/subtrair e de trocar sinal são sobrepostas a uma carta da própria fileira e mudam o valor "
        "que ela soma (+1, -1 ou troca de sinal), na ordem em que foram postas.",
    ),
    R(
        "AZ-OVERLAY-LEAVE",
        "CUMPRIR UM OBJETIVO",
        "Overlay cards never score; when the card under them leaves the row they go to a discard pile.",
        "Cartas sobrepostas nunca pontuam; quando a carta de baixo sai da fileira, vão para um monte de descarte.",
    ),
    R(
        "AZ-CLAIM",
        "CUMPRIR UM OBJETIVO",
        "To fulfil, first declare one of the face-up objectives; a row needs at least two cards.",
        "Para cumprir, primeiro anuncie um dos objetivos abertos; a fileira precisa de pelo menos duas cartas.",
    ),
    R(
        "AZ-ADJACENT",
        "CUMPRIR UM OBJETIVO",
        "Then choose 2 or 3 adjacent cards of the row (face up or down); they are turned face up.",
        "Depois escolha 2 ou 3 cartas vizinhas da fileira (abertas ou fechadas); elas são viradas para cima.",
    ),
    R(
        "AZ-SUM",
        "CUMPRIR UM OBJETIVO",
        "The attempt succeeds when the chosen cards' values, overlays applied, add up to the declared objective; "
        "matching another objective does not count.",
        "A tentativa dá certo quando os valores escolhidos, com sobreposições, somam o objetivo anunciado; "
        "acertar outro objetivo não vale.",
    ),
    R(
        "AZ-ZERO-PAIR",
        "CUMPRIR UM OBJETIVO",
        "The attempt fails if any two of the chosen cards add up to zero (values with overlays).",
        "A tentativa falha se duas cartas escolhidas quaisquer somam zero (valores com sobreposições).",
    ),
    R(
        "AZ-SUCCESS",
        "CUMPRIR UM OBJETIVO",
        "On success the cards go to the player's victory pile (1 point each), the objective is replaced, and one "
        "face-down card is added at the right end if the row still has cards.",
        "No acerto as cartas vão para a pilha de vitória (1 ponto cada), o objetivo é reposto e uma carta fechada "
        "entra à direita se ainda houver cartas na fileira.",
    ),
    R(
        "AZ-FAILURE",
        "CUMPRIR UM OBJETIVO",
        "On failure the chosen cards go to one discard pile of the player's choice and as many face-down cards "
        "are added at the right end.",
        "No erro as cartas vão para um monte de descarte escolhido e o mesmo número de cartas fechadas entra à direita.",
    ),
    R(
        "AZ-PILE-ORDER",
        "CUMPRIR UM OBJETIVO",
        "Cards leaving a row together go to the chosen pile left to right, each card's overlays just under it; "
        "on a success the overlays alone go to the pile the player chooses.",
        "Cartas que saem juntas vão ao monte escolhido da esquerda para a direita, cada sobreposição logo abaixo "
        "da sua carta; no acerto só as sobreposições vão ao monte escolhido.",
        decision=True,
    ),
    R(
        "AZ-GAPS",
        "CUMPRIR UM OBJETIVO",
        "Gaps close: a row is always one contiguous line, and adjacency is judged in the current row.",
        "Buracos se fecham: a fileira é sempre contínua e a vizinhança vale na fileira atual.",
        decision=True,
    ),
    R(
        "AZ-ROUND-END",
        "FINAL DA RODADA",
        "When a row is empty after a turn, the round ends once the players after it, up to the first player, "
        "have played their turn.",
        "Quando uma fileira fica vazia, a rodada acaba depois que os jogadores seguintes, até o primeiro jogador, "
        "jogarem seu turno.",
    ),
    R(
        "AZ-CIRCLE",
        "FINAL DA RODADA",
        "A player whose row became empty in a round gets a circle (a tiebreak mark).",
        "Quem esvaziou a fileira na rodada ganha um círculo (marca de desempate).",
    ),
    R(
        "AZ-ROUND-SCORE",
        "FINAL DA RODADA",
        "A round's score is the number of cards a player won in it (1 point per card).",
        "A pontuação da rodada é o número de cartas que o jogador ganhou nela (1 ponto por carta).",
    ),
    R(
        "AZ-NEXT-ROUND",
        "FINAL DA RODADA",
        "Next round: rows are refilled face down at the right end to 4, everyone looks at one card again, and "
        "the player left of the last one who emptied a row starts.",
        "Rodada seguinte: as fileiras são completadas à direita até 4, todos olham uma carta de novo e começa "
        "quem está à esquerda do último que esvaziou a fileira.",
    ),
    R(
        "AZ-WINNER",
        "FINAL DE JOGO",
        "After two rounds the highest total wins.",
        "Após duas rodadas vence o maior total.",
    ),
    R(
        "AZ-TIE-CIRCLES",
        "FINAL DE JOGO",
        "A tie on points goes to the player with more circles.",
        "Empate em pontos vai para quem tem mais círculos.",
    ),
    R(
        "AZ-TIE-ROUND",
        "FINAL DE JOGO",
        "If still tied, a third round settles it (option tiebreak_round, on by default; who plays it: "
        "AZ-THIRD-ROUND); then the highest total, then circles, decide; a tie after that is shared.",
        "Se ainda empatar, uma terceira rodada desempata (opção tiebreak_round, ligada por padrão; quem joga: "
        "AZ-THIRD-ROUND); depois decide o maior total e então os círculos; empate restante é compartilhado.",
    ),
    R(
        "AZ-WILD",
        "MODO PRISIONEIRO SELVAGEM",
        "Option wild: rows start (and are refilled) with 5 cards instead of 4.",
        "Opção wild: as fileiras começam (e são completadas) com 5 cartas em vez de 4.",
    ),
    R(
        "AZ-VICTORY-PILE",
        "FINAL DA RODADA",
        "Points are counted the moment cards are won. The won cards stay aside; by default they go back into the "
        "new deck when the draw deck runs out (option empty_deck=discards_only keeps them out for good).",
        "Os pontos contam no momento em que as cartas são ganhas. As cartas ganhas ficam de lado; por padrão "
        "voltam para o novo baralho quando o baralho de compras acaba (a opção empty_deck=discards_only as "
        "deixa fora para sempre).",
        decision=True,
    ),
    R(
        "AZ-DECK-RESHUFFLE",
        "COMPRAR UMA CARTA",
        "What if the draw deck runs out? By default (option empty_deck=return_won) both discard piles except "
        "their top cards and all won cards are shuffled into a new deck; points already scored stay. With "
        "empty_deck=discards_only only the discard piles except their tops are reshuffled and won cards stay "
        "with their owners (if even that is empty, see AZ-DECK-DRY). If no card can come at all, drawing is not "
        "allowed and refills fall short.",
        "E se o baralho de compras acabar? Por padrão (opção empty_deck=return_won) os dois montes de descarte "
        "menos os topos e todas as cartas conquistadas são embaralhados num novo baralho; os pontos já feitos "
        "continuam. Com empty_deck=discards_only só os descartes menos os topos voltam, e as cartas conquistadas "
        "ficam com os donos (se nem isso houver, ver AZ-DECK-DRY). Se não houver carta nenhuma, não se compra e "
        "as reposições ficam menores.",
        decision=True,
    ),
    R(
        "AZ-OBJECTIVE-RESHUFFLE",
        "CUMPRIR UM OBJETIVO",
        "When the objective deck runs out, the objectives fulfilled earlier are shuffled into a new objective "
        "deck; the one just fulfilled is not among them, so it never comes straight back.",
        "Quando o baralho de objetivos acaba, os objetivos cumpridos antes são embaralhados num novo baralho; o "
        "que acabou de ser cumprido fica de fora, por isso nunca volta logo em seguida.",
        decision=True,
    ),
    R(
        "AZ-DECK-DRY",
        "FINAL DA RODADA",
        "What if even the discard piles cannot make a new deck (option empty_deck=discards_only)? When a turn "
        "ends with the draw deck empty and both discard piles down to their top card, the round end is "
        "triggered as when a row empties: the players after, up to the first player, still play their turn, "
        "then the round is scored as usual, one point per card won, with circles only for emptied rows.",
        "E se nem os descartes formarem um novo baralho (opção empty_deck=discards_only)? Quando um turno acaba "
        "com o baralho de compras vazio e os dois montes só com a carta do topo, o fim da rodada é disparado "
        "como quando uma fileira esvazia: os jogadores seguintes, até o primeiro jogador, ainda jogam, e a "
        "rodada é pontuada como sempre, um ponto por carta ganha, com círculos só para fileiras esvaziadas.",
        decision=True,
    ),
    R(
        "AZ-THIRD-ROUND",
        "FINAL DE JOGO",
        "Who plays the tie-break third round, and whose points count? By default (option "
        "third_round=all_totals, as the manual words it) everyone plays it and its points add to every total, "
        "so a player who was not tied can still win; with third_round=tied_only only the tied players play it "
        "and only they can win.",
        "Quem joga a terceira rodada de desempate e de quem contam os pontos? Por padrão (opção "
        "third_round=all_totals, como diz o manual) todos jogam e os pontos somam a todos os totais, então quem "
        "não estava empatado ainda pode vencer; com third_round=tied_only só os empatados jogam e só eles podem "
        "vencer.",
        decision=True,
    ),
    R(
        "AZ-OPTIONAL-LOOK",
        "PREPARAÇÃO",
        "Must I look at a card at the start of a round? The manual says a player may look at one. By default the "
        "look is a required step here (looking never hurts); with the option optional_look a player may skip it "
        "(move nopeek).",
        "Sou obrigado a olhar uma carta no início da rodada? O manual diz que o jogador pode olhar uma. Por "
        "padrão aqui olhar é um passo obrigatório (olhar nunca prejudica); com a opção optional_look pode-se "
        "dispensar (jogada nopeek).",
        decision=True,
    ),
    R(
        "AZ-EN-OVERLAY-SUM",
        "Fulfill an Objective",
        "English how-to-play vs manual, overlays: the English text says overlay cards do not count toward the "
        "sum, the manual says they do not count as points. The engine follows the manual: an overlay changes "
        "what its card adds to the sum and is never scored.",
        "Resumo em inglês vs manual, sobreposições: o texto inglês diz que cartas sobrepostas não contam na "
        "soma, o manual diz que não contam como pontos. O motor segue o manual: a sobreposição muda o valor que "
        "a carta soma e nunca pontua.",
        decision=True,
        annotates="AZ-OVERLAY",
    ),
    R(
        "AZ-EN-ROUND-END",
        "Game Flow",
        "English how-to-play vs manual, end of a round: the English text says the round ends when a row is "
        "empty, the manual says that only triggers the end and the other players still finish the turn cycle. "
        "The engine follows the manual.",
        "Resumo em inglês vs manual, fim da rodada: o texto inglês diz que a rodada acaba quando uma fileira "
        "esvazia, o manual diz que isso só dispara o fim e os outros ainda completam a volta. O motor segue o "
        "manual.",
        decision=True,
        annotates="AZ-ROUND-END",
    ),
    R(
        "AZ-EN-THIRD-ROUND",
        "End of Game and Scoring",
        "English how-to-play vs manual, third round: the English text offers it to the tied players, the manual "
        "to all players. The engine follows the manual by default; the option third_round=tied_only follows the "
        "English text.",
        "Resumo em inglês vs manual, terceira rodada: o texto inglês a oferece aos jogadores empatados, o manual "
        "a todos. O motor segue o manual por padrão; a opção third_round=tied_only segue o texto inglês.",
        decision=True,
        annotates="AZ-TIE-ROUND",
    ),
    R(
        "AZ-EN-REFILL",
        "Fulfill an Objective",
        "English how-to-play vs manual, refill after a success: the English text adds a face-down card after "
        "every fulfilled objective, the manual only if the row still has cards. The engine follows the manual: "
        "a row emptied by a success stays empty.",
        "Resumo em inglês vs manual, reposição após acerto: o texto inglês repõe uma carta fechada depois de "
        "todo objetivo cumprido, o manual só se a fileira ainda tiver cartas. O motor segue o manual: a fileira "
        "esvaziada por um acerto fica vazia.",
        decision=True,
        annotates="AZ-SUCCESS",
    ),
    R(
        "AZ-EN-SECOND-LOOK",
        "Game Flow",
        "English how-to-play vs manual, the look before round 2: the English text mentions the look only "
        "before the game, the manual has everyone look at one card again at the start of round 2. The engine "
        "follows the manual.",
        "Resumo em inglês vs manual, olhar antes da rodada 2: o texto inglês só fala do olhar antes da partida, "
        "o manual manda todos olharem uma carta de novo no início da rodada 2. O motor segue o manual.",
        decision=True,
        annotates="AZ-PEEK",
    ),
    R(
        "AZ-EN-WILD",
        "MODO PRISIONEIRO SELVAGEM",
        "English how-to-play vs manual, Wild Prisoner: the English text leaves out the Wild Prisoner mode (rows "
        "of five cards); the engine offers it from the manual as the option wild.",
        "Resumo em inglês vs manual, Prisioneiro Selvagem: o texto inglês omite o modo Prisioneiro Selvagem "
        "(fileiras de cinco cartas); o motor o oferece a partir do manual como a opção wild.",
        decision=True,
        annotates="AZ-WILD",
    ),
    R(
        "AZ-TURN-CAP",
        "FINAL DA RODADA",
        "A round in which no row empties ends after turn_cap turns per player (default 40); it is scored "
        "without circles and the outcome reports termination turn_cap.",
        "Uma rodada em que nenhuma fileira esvazia acaba após turn_cap turnos por jogador (padrão 40); é pontuada "
        "sem círculos e o resultado informa término turn_cap.",
        decision=True,
    ),
    R(
        "AZ-STEP",
        "COMO JOGAR",
        "Each decision must be of the kind the turn expects now (e.g. choose cards only after declaring).",
        "Cada decisão deve ser do tipo que o turno espera agora (p.ex. escolher cartas só depois de anunciar).",
        decision=True,
    ),
)
