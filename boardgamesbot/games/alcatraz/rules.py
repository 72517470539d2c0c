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
        "At the start of a round each player looks at exactly one face-down card of their own row.",
        "No início de cada rodada cada jogador olha exatamente uma carta fechada da própria fileira.",
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
        "Seat 0 starts the first round (the manual picks whoever last petted a cat).",
        "O assento 0 começa a primeira rodada (o manual escolhe quem fez carinho num gato por último).",
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
        "If still tied, a third round is played by everyone (option tiebreak_round, on by default); then the "
        "highest total, then circles, decide; a tie after that is shared.",
        "Se ainda empatar, todos jogam uma terceira rodada (opção tiebreak_round, ligada por padrão); depois "
        "decide o maior total e então os círculos; empate restante é compartilhado.",
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
        "Points are counted when cards are won; the won cards stay aside until the draw deck runs out, then "
        "they are shuffled into the new deck.",
        "Os pontos contam quando as cartas são ganhas; as cartas ganhas ficam de lado até o baralho de compras "
        "acabar e então entram no novo baralho.",
        decision=True,
    ),
    R(
        "AZ-DECK-RESHUFFLE",
        "COMPRAR UMA CARTA",
        "When a card must come from an empty draw deck, both discard piles except their top cards are shuffled "
        "together with the victory piles (their points stay counted), using the game's seeded randomness; if no "
        "card is left at all, drawing is not allowed and refills fall short.",
        "Quando falta carta no baralho de compras, os montes de descarte menos os topos são embaralhados "
        "junto com as pilhas de vitória (os pontos continuam contados), com a aleatoriedade semeada do jogo; se "
        "não sobrar carta nenhuma, não se compra e as reposições ficam menores.",
        decision=True,
    ),
    R(
        "AZ-OBJECTIVE-RESHUFFLE",
        "CUMPRIR UM OBJETIVO",
        "When the objective deck is empty, the fulfilled objectives are shuffled into a new objective deck.",
        "Quando o baralho de objetivos acaba, os objetivos cumpridos são embaralhados num novo baralho.",
        decision=True,
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
