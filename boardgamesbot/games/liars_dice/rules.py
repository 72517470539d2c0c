"""Liar's Dice rule ids, in the project's own words (docs/rules/liars_dice.md).

No rulebook ships with the project: Liar's Dice is a traditional game, so each
rule's ``section`` names the part of the how-to-play sheet that states it.
``decision=True`` marks what the project decided where traditions differ or say
nothing; the variant rules (``LD-DICE``, ``LD-WILD-*``, ``LD-RAISE-FACE``,
``LD-SPOT``, ``LD-ONE-ROUND``) are switched by the options in variants.py.
"""

from __future__ import annotations

from ...core.rules import RuleInfo, rule_table

SETUP = "Setup"
FLOW = "Game Flow"
ACTIONS = "Actions and How to Play"
END = "End of Game and Scoring"
VARIANTS = "Variants"
DECISIONS = "Project decisions"

RULES = rule_table(
    RuleInfo(
        "LD-COMPONENTS",
        SETUP,
        "Every player has a cup and the same number of ordinary six-sided dice (five unless the dice option says "
        "otherwise).",
        "Cada jogador tem um copo e o mesmo número de dados comuns de seis faces (cinco, salvo se a opção dice "
        "disser outra coisa).",
    ),
    RuleInfo(
        "LD-ROLL",
        SETUP,
        "At the start of every round each player still in the game shakes all of their dice under the cup; only "
        "the owner looks at them.",
        "No início de cada rodada, cada jogador ainda no jogo agita todos os seus dados sob o copo; só o dono olha "
        "para eles.",
    ),
    RuleInfo(
        "LD-ORDER",
        FLOW,
        "Turns pass clockwise, in seat order, skipping players who are out.",
        "A vez passa no sentido horário, na ordem dos lugares, pulando quem já saiu do jogo.",
    ),
    RuleInfo(
        "LD-TURN",
        FLOW,
        "On your turn you either raise the bid or call the last bid a lie.",
        "Na sua vez, você aumenta a aposta ou chama a última aposta de mentira.",
    ),
    RuleInfo(
        "LD-OPEN",
        FLOW,
        "The first player of a round must bid: there is nothing to challenge yet.",
        "Quem começa a rodada tem de apostar: ainda não há o que desafiar.",
    ),
    RuleInfo(
        "LD-NEXT-ROUND",
        FLOW,
        "The player who lost a die in the challenge starts the next round, after everyone rolls again.",
        "Quem perdeu um dado no desafio começa a rodada seguinte, depois de todos rolarem de novo.",
    ),
    RuleInfo(
        "LD-BID",
        ACTIONS,
        "A bid names a quantity and a face: at least that many dice, counting every cup, show that face.",
        "Uma aposta diz uma quantidade e uma face: pelo menos essa quantidade de dados, somando todos os copos, "
        "mostra essa face.",
    ),
    RuleInfo(
        "LD-RAISE",
        ACTIONS,
        "Each bid must beat the one before: a higher quantity of any face, or the same quantity of a higher face.",
        "Cada aposta tem de superar a anterior: uma quantidade maior de qualquer face, ou a mesma quantidade de "
        "uma face maior.",
    ),
    RuleInfo(
        "LD-CHALLENGE",
        ACTIONS,
        "Calling liar ends the bidding: every cup is lifted for all to see and the dice showing the bid face are "
        "counted.",
        "Quem grita mentiroso encerra as apostas: todos os copos são levantados à vista de todos e contam-se os "
        "dados com a face apostada.",
    ),
    RuleInfo(
        "LD-RESOLVE",
        ACTIONS,
        "If the count reaches the bid, the challenger loses one die; if it falls short, the player who made the "
        "bid loses one die.",
        "Se a contagem alcança a aposta, quem desafiou perde um dado; se fica abaixo, quem fez a aposta perde um dado.",
    ),
    RuleInfo(
        "LD-OUT",
        END,
        "A player who loses their last die is out of the game.",
        "Quem perde o último dado sai do jogo.",
    ),
    RuleInfo(
        "LD-WIN",
        END,
        "The last player with dice left wins.",
        "Vence o último jogador que ainda tiver dados.",
    ),
    RuleInfo(
        "LD-DICE",
        VARIANTS,
        "Option dice: how many dice each player starts with, 1 to 5 (5 by default).",
        "Opção dice: com quantos dados cada jogador começa, de 1 a 5 (5 por padrão).",
    ),
    RuleInfo(
        "LD-WILD-ONES",
        VARIANTS,
        "Option ones_wild: a die showing 1 counts as every face.",
        "Opção ones_wild: um dado mostrando 1 vale por qualquer face.",
    ),
    RuleInfo(
        "LD-WILD-SIXES",
        VARIANTS,
        "Option sixes_wild: a die showing 6 counts as every face (the highest face is wild, as in OpenSpiel).",
        "Opção sixes_wild: um dado mostrando 6 vale por qualquer face (a face mais alta é curinga, como no OpenSpiel).",
    ),
    RuleInfo(
        "LD-RAISE-FACE",
        VARIANTS,
        "Option bid_order=face: a bid beats the last with a higher face of any quantity, or the same face with a "
        "higher quantity.",
        "Opção bid_order=face: uma aposta supera a anterior com uma face maior, em qualquer quantidade, ou a "
        "mesma face com quantidade maior.",
        annotates="LD-RAISE",  # the other reading of the raise: asked about raising, the desk gives both
    ),
    RuleInfo(
        "LD-SPOT",
        VARIANTS,
        "Option spot_on: instead of bidding or calling liar you may claim the last bid is exactly right; if the "
        "count equals the quantity you win back one die (never above the starting number), otherwise you lose "
        "one; you start the next round.",
        "Opção spot_on: em vez de apostar ou duvidar, você pode afirmar que a última aposta está exata; se a "
        "contagem for igual à quantidade você recupera um dado (nunca acima do número inicial), senão perde um; "
        "você começa a rodada seguinte.",
    ),
    RuleInfo(
        "LD-ONE-ROUND",
        VARIANTS,
        "Option one_round: the game ends with the first call; whoever lost a die loses the game and the others "
        "share the win (OpenSpiel plays this single round).",
        "Opção one_round: o jogo acaba no primeiro desafio; quem perdeu um dado perde o jogo e os outros dividem "
        "a vitória (o OpenSpiel joga esta rodada única).",
    ),
    RuleInfo(
        "LD-D-FIRST",
        DECISIONS,
        "Seat 0 opens the first round.",
        "O lugar 0 abre a primeira rodada.",
        decision=True,
    ),
    RuleInfo(
        "LD-D-MAX-QUANTITY",
        DECISIONS,
        "A bid may not name more dice than are in play: such a bid could never be true.",
        "Uma aposta não pode citar mais dados do que os que estão em jogo: ela nunca seria verdadeira.",
        decision=True,
    ),
    RuleInfo(
        "LD-D-WILD-BID",
        DECISIONS,
        "With a wild face, bids on that face are ordinary bids, ordered like any other; wild dice count for every "
        "face and no quantity is halved.",
        "Com uma face curinga, apostas nessa face são apostas comuns, ordenadas como as outras; dados curinga "
        "contam para qualquer face e nenhuma quantidade é dividida.",
        decision=True,
    ),
    RuleInfo(
        "LD-D-START-OUT",
        DECISIONS,
        "If the player who should start the next round is out, the next player in seat order who still has dice "
        "starts it.",
        "Se quem deveria começar a rodada seguinte saiu do jogo, começa o próximo jogador, na ordem dos lugares, "
        "que ainda tenha dados.",
        decision=True,
    ),
    RuleInfo(
        "LD-D-IN-TURN",
        DECISIONS,
        "Calls are made only by the player whose turn it is, and only against the bid just made.",
        "Desafios só são feitos por quem está na vez, e só contra a aposta que acabou de ser feita.",
        decision=True,
    ),
    RuleInfo(
        "LD-D-SCORE",
        DECISIONS,
        "A player's score is the number of dice they hold at the end; players who went out rank by how late they "
        "went out.",
        "A pontuação de cada jogador é o número de dados que tem no fim; quem saiu antes fica atrás de quem saiu "
        "depois.",
        decision=True,
    ),
    RuleInfo(
        "LD-D-LENGTH",
        DECISIONS,
        "No move cap is needed: bids only go up and every round costs someone a die. With spot_on, dice can come "
        "back, so the game stops after four rounds per starting die and the most dice win.",
        "Não é preciso limite de jogadas: as apostas só sobem e cada rodada custa um dado a alguém. Com spot_on, "
        "dados podem voltar, então o jogo para após quatro rodadas por dado inicial e vence quem tiver mais "
        "dados.",
        decision=True,
    ),
)
