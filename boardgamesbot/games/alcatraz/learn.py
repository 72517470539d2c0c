"""The Alcatraz guided first game and the LearnKit (tutorial, explanations, names of board keys).

A two-player deal at the start of round 1 with every card fixed (setups.py):
the learner (seat 0) peeks at a 5, takes a 7 from a discard pile, puts it
next to the 5, declares 12 and frees two cats; then draws a 9 and uses its
ability to look at a card. The bot's moves are scripted. The memory aid is
on, so the cards the learner has looked at stay shown.
"""

from __future__ import annotations

from ...core.capabilities import LearnKit, Tutorial, TutorialStep, Words
from .setups import position

LEARNER_ROW = ("8", "3", "5", "-2")
BOT_ROW = ("4", "10", "6", "1")
PILES = ((13,), (2, 7))
OBJECTIVES = (12, 9, 6)
#: The deck's next cards, first drawn first: the learner's new card after freeing two cats, the bot's draw,
#: the learner's draw.
DRAWS = (2, 14, 9)


def deal() -> str:
    return position(
        rows=[LEARNER_ROW, BOT_ROW],
        piles=[list(p) for p in PILES],
        objectives=list(OBJECTIVES),
        draws=list(DRAWS),
        phase="peek",
        queue=[0, 1],
        memory_aid=True,
        seed=23,
    )


def w(en: str, pt: str) -> Words:
    return {"en": en, "pt": pt}


SLOTS = ("slot:1", "slot:2", "slot:3", "slot:4")

STEPS = (
    TutorialStep(
        say=w(
            "This is your row: four cat cards, face down. Nobody knows them, not even you, until you look.",
            "Esta é a sua fileira: quatro cartas de gato, viradas para baixo. Ninguém as conhece, nem você, até olhar.",
        ),
        rule="AZ-KNOWLEDGE",
        point=SLOTS,
    ),
    TutorialStep(
        say=w(
            "Three objectives lie face up: 12, 9 and 6. You free cats by choosing 2 or 3 cards next to each other "
            "in your row that add up to exactly one of them.",
            "Três objetivos ficam abertos: 12, 9 e 6. Você liberta gatos escolhendo 2 ou 3 cartas vizinhas da sua "
            "fileira que somem exatamente um deles.",
        ),
        rule="AZ-SETUP-OBJECTIVES",
        point=("obj:12", "obj:9", "obj:6"),
    ),
    TutorialStep(
        say=w(
            "At the start of a round each player looks at one face-down card of their own row. Look at card 3: "
            "click it.",
            "No início de cada rodada, cada jogador olha uma carta fechada da própria fileira. Olhe a carta 3: "
            "clique nela.",
        ),
        rule="AZ-PEEK",
        point=("slot:3",),
        expect=("peek3",),
        otherwise=w(
            "In a real game you may look at any of them; for this lesson look at card 3.",
            "Num jogo de verdade você pode olhar qualquer uma; nesta lição olhe a carta 3.",
        ),
        done=w(
            "It is a 5. Only you know it (the memory aid keeps it shown for you).",
            "É um 5. Só você sabe (a ajuda de memória o mantém à vista para você).",
        ),
    ),
    TutorialStep(
        say=w(
            "The bot looked at one of its cards too: everyone sees that it looked, not the value.",
            "O robô também olhou uma das cartas dele: todos veem que ele olhou, não o valor.",
        ),
        rule="AZ-PEEK",
        point=("card:1:2",),
        play="peek2",
    ),
    TutorialStep(
        say=w(
            "Your turn. You may draw from the deck, or take the top card of a discard pile (it is face up: everyone "
            "sees it). Pile 2 shows a 7: with your 5 it makes 12, an objective. Take it: click pile 2.",
            "Sua vez. Você pode comprar do baralho ou pegar a carta do topo de um monte de descarte (aberta: todos "
            "a veem). O monte 2 mostra um 7: com o seu 5 faz 12, um objetivo. Pegue-o: clique no monte 2.",
        ),
        rule="AZ-TAKE",
        point=("pile:2", "slot:3"),
        expect=("take2",),
        wrong={
            "draw": w(
                "Drawing is allowed, but the 7 is a sure thing: 7 + 5 = 12. Take it from pile 2.",
                "Comprar é permitido, mas o 7 é garantido: 7 + 5 = 12. Pegue-o do monte 2.",
            ),
            "take1": w(
                "The 13 is too big: it makes no objective with your 5. Take the 7 from pile 2.",
                "O 13 é grande demais: não faz objetivo com o seu 5. Pegue o 7 do monte 2.",
            ),
        },
        otherwise=w(
            "Not yet: first take the 7 from pile 2.",
            "Ainda não: primeiro pegue o 7 do monte 2.",
        ),
    ),
    TutorialStep(
        say=w(
            "A card taken from a pile must replace a card of your row and stays face up there; the replaced card "
            "goes face up onto a discard pile. Put the 7 in slot 2, next to your 5: click card 2, then a pile for "
            "the old card.",
            "Uma carta pegada de um monte substitui uma carta da sua fileira e fica aberta ali; a substituída vai "
            "aberta para um monte de descarte. Ponha o 7 na posição 2, ao lado do seu 5: clique na carta 2 e "
            "depois num monte para a carta antiga.",
        ),
        rule="AZ-SWAP",
        point=("slot:2",),
        expect=("swap2/1", "swap2/2"),
        wrong={
            code: w(
                "Slot 4 is next to your 5 too, but this lesson goes on with the 7 in slot 2.",
                "A posição 4 também fica ao lado do seu 5, mas esta lição segue com o 7 na posição 2.",
            )
            for code in ("swap4/1", "swap4/2")
        },
        otherwise=w(
            "The 7 must sit next to your 5 (slot 3) to add up with it: put it in slot 2.",
            "O 7 precisa ficar ao lado do seu 5 (posição 3) para somar com ele: ponha-o na posição 2.",
        ),
        done=w(
            "The card that was in slot 2 (a 3) went face up onto the pile you chose.",
            "A carta que estava na posição 2 (um 3) foi aberta para o monte que você escolheu.",
        ),
    ),
    TutorialStep(
        say=w(
            "After drawing you may try one objective: first declare it. Your 7 and 5 are neighbours and add up to 12. "
            "Declare 12: click the objective 12.",
            "Depois de comprar você pode tentar um objetivo: primeiro anuncie-o. Seu 7 e seu 5 são vizinhos e somam "
            "12. Anuncie 12: clique no objetivo 12.",
        ),
        rule="AZ-CLAIM",
        point=("obj:12",),
        expect=("claim12",),
        wrong={
            "claim9": w("7 + 5 is 12, not 9. Declare 12.", "7 + 5 dá 12, não 9. Anuncie 12."),
            "claim6": w("7 + 5 is 12, not 6. Declare 12.", "7 + 5 dá 12, não 6. Anuncie 12."),
            "end": w(
                "You could end your turn, but 12 is a sure claim now.",
                "Você poderia encerrar o turno, mas o 12 é garantido agora.",
            ),
        },
    ),
    TutorialStep(
        say=w(
            "Now choose 2 or 3 adjacent cards that add up to 12: cards 2 and 3 (7 + 5). Click card 2, then card 3.",
            "Agora escolha 2 ou 3 cartas vizinhas que somem 12: as cartas 2 e 3 (7 + 5). Clique na carta 2 e "
            "depois na carta 3.",
        ),
        rule="AZ-SUM",
        point=("slot:2", "slot:3"),
        expect=("use2-3",),
        otherwise=w(
            "Those cards do not add up to 12, and a failed try sends them to a discard pile. Choose cards 2 and 3.",
            "Essas cartas não somam 12, e uma tentativa falhada manda-as para um monte de descarte. "
            "Escolha as cartas 2 e 3.",
        ),
        done=w(
            "7 + 5 = 12: you free two cats, 2 points. The objective 12 is replaced by a new one, and a face-down card "
            "is added at the right end of your row.",
            "7 + 5 = 12: você liberta dois gatos, 2 pontos. O objetivo 12 é substituído por outro, e uma carta "
            "fechada entra na ponta direita da sua fileira.",
        ),
    ),
    TutorialStep(
        say=w(
            "The bot draws from the deck: only the one who draws sees the card.",
            "O robô compra do baralho: só quem compra vê a carta.",
        ),
        rule="AZ-DRAW-DECK",
        point=("deck",),
        play="draw",
    ),
    TutorialStep(
        say=w(
            "It discarded its card, a 14, face up onto pile 1: a drawn card may be thrown away unused.",
            "Ele descartou a carta, um 14, aberta no monte 1: uma carta comprada pode ser jogada fora sem uso.",
        ),
        rule="AZ-DISCARD",
        point=("pile:1",),
        play="discard1",
    ),
    TutorialStep(
        say=w(
            "The bot ends its turn without trying an objective: a turn is at most one draw, then at most one try.",
            "O robô encerra o turno sem tentar objetivo: um turno tem no máximo uma compra e depois no máximo uma "
            "tentativa.",
        ),
        rule="AZ-TURN",
        play="end",
    ),
    TutorialStep(
        say=w(
            "Your turn again. Draw from the deck: click the deck.",
            "Sua vez de novo. Compre do baralho: clique no baralho.",
        ),
        rule="AZ-DRAW-DECK",
        point=("deck",),
        expect=("draw",),
        otherwise=w(
            "This time draw from the deck: the piles' tops make no objective with what you know.",
            "Desta vez compre do baralho: os topos dos montes não fazem objetivo com o que você conhece.",
        ),
    ),
    TutorialStep(
        say=w(
            "You drew a 9. Cards 7 to 10 carry an ability: look at a face-down card of your row. Instead of keeping "
            "the 9, use its ability on card 1: click the ability button, then card 1.",
            "Você comprou um 9. As cartas de 7 a 10 têm uma habilidade: olhar uma carta fechada da sua fileira. "
            "Em vez de ficar com o 9, use a habilidade na carta 1: clique no botão da habilidade e depois na carta 1.",
        ),
        rule="AZ-LOOK",
        point=("slot:1",),
        expect=("look1",),
        otherwise=w(
            "That is allowed, but this step is about the ability: use the 9 to look at card 1.",
            "Isso é permitido, mas este passo é sobre a habilidade: use o 9 para olhar a carta 1.",
        ),
        done=w("Card 1 is an 8. Now only you know it.", "A carta 1 é um 8. Agora só você sabe."),
    ),
    TutorialStep(
        say=w(
            "A card whose ability was used goes face up onto a discard pile of your choice: click a pile.",
            "Uma carta cuja habilidade foi usada vai aberta para um monte de descarte à sua escolha: clique num monte.",
        ),
        rule="AZ-ABILITY",
        point=("pile:1", "pile:2"),
        expect=("pile1", "pile2"),
    ),
    TutorialStep(
        say=w(
            "You know no group that adds up to 9, 6 or the new objective, and a failed try costs you the cards. "
            "End your turn: click the end-turn button.",
            "Você não conhece nenhum grupo que some 9, 6 ou o novo objetivo, e uma tentativa falhada custa as "
            "cartas. Encerre o turno: clique no botão de encerrar.",
        ),
        rule="AZ-FAILURE",
        expect=("end",),
        otherwise=w(
            "A try now would be a guess with cards you have not seen: end your turn.",
            "Uma tentativa agora seria um palpite com cartas que você não viu: encerre o turno.",
        ),
    ),
    TutorialStep(
        say=w(
            "One more rule: a try fails if two of the chosen cards add up to 0 (like 3 and −3), even when the total "
            "is right.",
            "Mais uma regra: a tentativa falha se duas das cartas escolhidas somam 0 (como 3 e −3), mesmo que o "
            "total esteja certo.",
        ),
        rule="AZ-ZERO-PAIR",
    ),
    TutorialStep(
        say=w(
            "When a player's row is empty, the others play once more and the round ends. After two rounds the most "
            "freed cats win.",
            "Quando a fileira de um jogador esvazia, os outros jogam mais uma vez e a rodada acaba. Depois de duas "
            "rodadas ganha quem libertou mais gatos.",
        ),
        rule="AZ-WINNER",
    ),
)


def tutorial() -> Tutorial:
    return Tutorial(
        title=w("Alcatraz: your first game", "Alcatraz: seu primeiro jogo"),
        position=deal(),
        seat=0,
        steps=STEPS,
        finale=w(
            "You know the rules now. Play a real short game against the easy bot: ask for a hint whenever you like.",
            "Agora você conhece as regras. Jogue uma partida curta de verdade contra o robô fácil: peça uma dica "
            "quando quiser.",
        ),
        practice_players=2,
        practice_variant={"memory_aid": True, "turn_cap": 15},
    )


def point_words(key: str, lang: str) -> str:
    """``slot:2`` -> 'card 2 of your row', ``pile:1`` -> 'discard pile 1', ``obj:12`` -> 'objective 12'..."""
    kind, _, rest = key.partition(":")
    pt = lang.startswith("pt")
    if kind == "slot":
        return f"carta {rest} da sua fileira" if pt else f"card {rest} of your row"
    if kind == "pile":
        return f"monte de descarte {rest}" if pt else f"discard pile {rest}"
    if kind == "obj":
        return f"objetivo {rest}" if pt else f"objective {rest}"
    if kind == "deck":
        return "o baralho" if pt else "the deck"
    if kind == "card":
        seat, _, slot = rest.partition(":")
        return f"carta {slot} do lugar {int(seat) + 1}" if pt else f"card {slot} of seat {int(seat) + 1}"
    return rest


def kit() -> LearnKit:
    from .explain import explain

    return LearnKit(tutorial=tutorial, explain=explain, point_words=point_words)
