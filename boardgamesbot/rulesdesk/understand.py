"""Reading a player's question: language, text-speak, misspellings, and what kind of answer it wants.

Everything here is plain string work (no model): the language from function
words and accents, text-speak and filler from ``glossary/slang.json``, spelling
from the game's vocabulary (lexicon.py), and the question's shape: a yes/no
question ("can I...", "posso...?") or an open one ("how many...", "o que...").
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field

from .glossary import language_words
from .lexicon import Vocabulary, slang
from .text import fold, stopwords
from .variety import is_european

# a sign only where a number starts: "7-10" is a range (7, 10), "use1-2" two positions, "-3" minus three
TOKEN_RE = re.compile(r"(?<!\w)[+-]?\d+|\d+|[^\W\d_]+(?:'[^\W\d_]+)?", re.UNICODE)

EN_WH = {"what", "how", "which", "who", "whom", "whose", "when", "where", "why", "whats"}
PT_WH = {"quanto", "quanta", "quantos", "quantas", "qual", "quais", "quem", "onde", "como", "que", "quê", "oque"}
EN_AUX = {
    "can", "could", "do", "does", "did", "is", "are", "am", "was", "were", "will", "would", "should", "shall",
    "may", "might", "must", "have", "has", "had", "cannot",
}  # fmt: skip
# verbs that make a statement of a few words asked with "?" a yes/no question (a bare topic has none: "overlay sum?")
EN_STATEMENT_VERBS = {
    "go", "goes", "come", "comes", "count", "counts", "score", "scores", "give", "gives", "get", "gets", "stay",
    "stays", "work", "works", "end", "ends", "fail", "fails", "need", "needs", "win", "wins", "lose", "loses",
    "add", "adds", "play", "plays", "break", "breaks", "apply", "applies", "matter", "matters", "return",
    "returns", "keep", "keeps", "has", "have", "is", "are", "can", "must", "may", "should", "will", "does",
    "change", "changes", "stop", "stops",
}  # fmt: skip
EN_SUBJECT = {
    "i", "we", "you", "they", "he", "she", "it", "my", "the", "a", "an", "this", "that", "these", "those", "both",
    "one", "two", "three", "there", "our", "your", "their", "overlapped", "cards", "tiles", "partners", "players",
    "everyone", "anyone", "each", "rows", "row", "overlays", "objectives", "points", "circles",
}  # fmt: skip
PT_POLAR_START = {
    "posso", "pode", "podes", "podemos", "podem", "dá", "da", "tem", "há", "é", "vale", "valem", "devo", "deve",
    "preciso", "precisa", "consigo", "consegue", "conta", "contam", "existe", "existem", "ganho", "ganha",
    "perco", "passo", "recebo", "ainda", "faço", "funciona", "funcionam", "resulta", "pontua", "pontuam",
    "tenho", "tens", "temos",
}  # fmt: skip
# "quem joga sozinho joga depois de cada um?": "whoever plays alone", the subject of the verb that follows
WHOEVER = (
    r"quem (?:joga|jogar|esta|ta|fica|ficar) (?:sozinh[oa]|so|solo|sem (?:parceir[oa]|par|dupla|equip[ae]|"
    r"companheir[oa])) (?:\w+ )?(?:joga|jogam|tem|fica|recebe|tira|"
    r"pode|completa|repoe|comeca|ganha|pontua|e|precisa|deve|passa|conta)\b"
)
# "is it me who ...?" in Portuguese: a yes/no question, whatever question word follows ("sou eu que escolho qual?")
CLEFT_POLAR = re.compile(
    r"^(?:(?:sou|e|es|somos) )?(?:eu|tu|voce|vc|nos|a gente) (?:que|q) (?!\w+ (?:quem|o que|oque)\b)\w+"
)
# "quem não estava empatado também joga?": whoever (a clause), then "also/still" and the verb asked, yes or no
WHOEVER_ALSO = (
    r"quem (?:\w+ ){1,4}(?:tambem|ainda) (?:joga|jogam|pode|podem|conta|ganha|recebe|fica|entra|participa)\b"
    r"|quem (?:\w+ ){1,4}(?:joga|jogam|participa|participam|entra|entram) (?:tambem|ainda)\s*\??\s*$"  # "quem … joga também?"
    r"|quem (?:\w+ ){2,5}(?:fica com|ganha|leva|recebe|tem) (?:algum|alguma|algo)\b"  # "quem … leva alguma marca?"
    r"|quem nao (?:\w+ ){1,4}(?:pode|podem|consegue|conseguem)\b"  # "quem não fez nada pode ganhar?"
)
# "quando o saco fica vazio ainda se tira peças?": a "when" scene, then a clause that asks yes or no
# (the scene needs its own verb: "quando a gente pode passar?" asks when, it sets no scene)
WHEN_SCENE_POLAR = re.compile(
    r"^(?:quando|qd) (?:\w+ ){0,3}?(?:fica|ficar|fico|acaba|acabar|acabou|enche|encher|encheu|esvazia|esvaziar|"
    r"esvaziou|termina|terminar|chega|chegar|sai|sair|estiver|estao|tiver|tiverem|for|fizer|usar|uso|jogar|jogo|"
    r"faltar|falta|sobrar|sobra|compro|compra|comprar|comprei|pego|pega|pegar|peguei|tiro|tira|tirar|tirei|troco|"
    r"trocar|descarto|descartar|olho|olhar|erro|errar|falho|falhar|acerto|acertar|anuncio|anunciar|faco|fazer|"
    r"cumpro|cumprir|coloco|colocar|ponho|meto)\b(?: \w+){0,4}? (?:ainda|posso|pode|podes|podemos|devo|deve|preciso|precisa|tenho|"
    r"tem|continua|continuo|continuamos|segue|sigo|conta|contam|vale|valem|se tira|tiro|tiramos|completa|completam|"
    r"repoe|repoem|recebe|recebem|volta|voltam)\b(?!.*\b(?:quem|"
    r"qual|quais|quant[oa]s?|o que|oque|como|onde)\b)"
)
PT_POLAR_START_FOLDED = frozenset(fold(w) for w in PT_POLAR_START)
PT_POLAR_FOLDED = PT_POLAR_START_FOLDED - {"e", "da"}  # not "and", "of the"
PT_WH_FOLDED = frozenset(fold(w) for w in PT_WH)
PT_WH_OPENING = re.compile(  # "a que sai do tabuleiro fica comigo?": "the one that", not a question word
    rf"^(?!(?:a|as|os) que (?!horas?\b|lado\b|casa\b|fila\b|linha\b))(?!{WHOEVER})(?!{WHOEVER_ALSO})(?:(?:e|mas|entao|afinal)\s+)?(?:(?:com|em|de|para|pra|a|por|no|na|do|da|ate)\s+)?"
    r"(o que|o que e|oque|o q|que|por que|porque|pra que|para que|quant\w*|qual|quais|quem|onde|aonde|"
    r"como(?! (?:diz|dizem|disse|manda|mandam|no|na|nos|nas|em|num|numa|se|antes|sempre|o resumo|a regra|o manual|"
    r"dois|duas|tres|quatro|cinco|seis|\d+)\b)"
    r"|quando|pq)\b"
)
# a clause that ends on its question word ("..., faz o quê?", "vale quanto?") asks an open question
PT_WH_CLOSING = re.compile(
    r"\b(o que|oque|o q|(?:para|pra|por) que|quant[oa]s?|quantas vezes|quem|onde|(?<!tem )(?<!ha )como|qual|quais|quando)"
    r"(?:\s+(?:mesmo|ai|entao|afinal|la|ao certo))?\s*\??\s*$"
)
# a clause that asks what now: "..., e agora?", "e aí?", "como fica?"
OPEN_TAIL = re.compile(r"(?:^|\s)(?:e agora|e ai|e entao|e depois|como fica|como e que fica|como se faz)\s*\??\s*$")
# a clause that sets a scene and then asks with a question word, with no comma between: "em caso de empate
# quem ganha?", "se acabar o baralho o que acontece?" ("onde"/"como" are left out: "se puser onde quiser")
SCENE_THEN_WH = re.compile(
    r"^(?:se|quando|caso|em|depois|apos|antes|num|numa|com|sem|no|na|nos|nas|ao|aos|durante|ate|para|pra)\b.*?\s"
    r"(?:quem|qual|quais|quant[oa]s?|(?<!\bcom )(?<!\bdo )(?<!\bpelo )o que|oque|o q|pq|por que|"
    r"como(?= (?:fica|ficam|funciona|funcionam|e que|se|faz|faco|fazemos|joga|jogam|conta|contam)\b))\s+\w+"
)  # "com o que tenho" ("with what I have") is a relative, not the question word; "como" asks only before a verb
# of how things go ("com 3 jogadores como ficam as equipes?"), not as "like" ("se eu jogar como ele")
# "quando ..." followed by a person and a verb that asks yes or no ("quando o baralho acaba eu perco os pontos?"):
# a scene, not "when?" ("quando é que eu posso comprar?", "quando posso tentar?" stay open)
WHEN_SCENE = re.compile(
    r"^(?:e\s+)?quando\s+(?!e que\b|eu\b)\w+(?:\s+\w+)*?\s+(?:eu|a gente|nos|voce|tu)\s+"
    r"(?:perco|perde|posso|pode|podes|ganho|ganha|recebo|preciso|devo|tenho|fico|continuo|consigo)\b"
)
# "vale quanto na soma?", "fica qual o total?": a verb then its question word asks for the value, not yes or no
VERB_THEN_WH = re.compile(
    r"\b(?:vale|valem|fica|ficam|da|dao|conta|contam|soma|somam|faz|fazem|ganho|ganha|ganhas)\s+"
    r"(?:quant[oa]s?|qual|quais|o que|oque)\b"
    r"|\b(?:tem|tens|tenho|temos|tira|tiras|tiro|recebe|recebes|recebo|compra|compras|compro|pega|pego|segura|"
    r"seguro|fica com|fico com)\s+quant[oa]s?\b"  # "quem fica sozinho tem quantas peças?" asks how many
)
HOW_MANY_TAIL = re.compile(
    r"^(?:e\s+|and\s+)?(?:quant[oa]s?|qts|how many|how much|(?:o que|oque|what) (?:acontece|happens)|"
    r"como (?:fica|ficam|funciona|e que fica))\b"
)  # "dá certo? quantos pontos?", "Vale? E o que acontece com a fileira?", "Um fica sozinho? E como fica a vez?": the
# yes/no first, then the rest
# "... before or after I play" with no question mark: a choice between two words at the end
CHOICE_END = re.compile(r"\b(\w+) (?:or|ou) (\w+)(?: \w+){0,3}\s*$")
# "can 3 play or is it just 2?", "posso espreitar ou é batota?": the "or" clause doubts the first one (a yes/no
# question with its feared answer), it offers no second choice
# words that call a move forbidden ("is it cheating?", "é batota?")
FORBIDDEN_WORDS = (
    r"cheating|illegal|against the rules|forbidden|not allowed|"
    r"batota|trapaca|roubo|treta|proibido|ilegal|contra as regras"
)
# "..., or what?", "... or nah?": a shrug after a yes/no question, not a question word or a second choice
SHRUG_TAIL = re.compile(r"\s+or\s+(?:what|no|nope|nah)\W*$")
PT_SHRUG_TAIL = re.compile(r"\s+ou\s+(?:que|o que|nao|na)\W*$")  # "dá para virar o sinal ou quê?": yes or no
# "does that work or does the 0 mess it up?": the feared outcome as a second yes/no clause
OR_CLAUSE = re.compile(
    r"(?:^\s*|[-–—,] )(?:does|do|did|will|would|is|can)\b.*\bor (?:does|do|did|will|would|is|can) (?:it|that|this|the|my|i|we|they|something|anything|a|an)\b"
    r".*\b(?:mess\w*|ruin\w*|break\w*|spoil\w*|kill\w*|screw\w*|fail\w*|block\w*|cancel\w*|wreck\w*)\b"
)
OR_DOUBT = re.compile(
    rf"\b(?:or|ou) (?:is it|is that|it's|e|isso e|e so) (?:just|only|so|apenas|somente|{FORBIDDEN_WORDS})\b|"
    + OR_CLAUSE.pattern
)
# an indirect question after a verb of knowing or choosing ("antes de decidir o que faço", "sem saber qual é")
PT_INDIRECT = re.compile(
    r"\b(?:decidir|decido|saber|sei|escolher|escolho|ver|perceber|dizer|pensar|lembrar)\s+"
    r"(?:o que|qual|quais|quem|quanto|quantos|quantas|onde|como)\b[^,?]*"
)
# a relative "em que" after an article and its noun ("uma fila em que os desenhos...") asks nothing
PT_RELATIVE = re.compile(r"^(?:o|a|os|as|um|uma|uns|umas) \w+ (?:em|de|com|no|na) (?:que|qual|quais)\b")
PREPOSITION_WH = re.compile(  # not "a que sai ..." ("the one that leaves")
    r"\b(?:em|de|para|pra|por|com|ate|no|na) (?:que|qual|quais|quant[oa]s?) \w+|\ba (?:qual|quais|quant[oa]s?) \w+"
)
LEADING_CONDITION = re.compile(r"^\s*(if|when|once|after|se|quando|caso|depois)\b[^,?]*,\s*", re.IGNORECASE)
NEGATIVE_FRAMING = re.compile(
    r"\b(mistake|bad idea|bad move|blunder|error|lose|losing|erro|asneira|burrada|ma ideia|perco|perder|perdes)\b"
)
# "is it cheating to look again?", "é batota olhar?": asks whether a thing is forbidden, so a "may" answers no
# (not "can I look or is it cheating?", where "can I" asks)
FORBIDDEN = re.compile(
    r"^(?:(?:so|but|and|e|mas|entao|epa|ei|pa)\s+)*(?:is (?:it|that|this)|would (?:it|that) be|e|eh|seria|sera que e)\s+"
    rf"(?:{FORBIDDEN_WORDS})\b"
)
# "am I screwed?", "tô ferrado?": the asker fears a bad outcome, so an answer with a way out ("you may ...") is no
DOOMED = re.compile(
    r"\b(?:am i|are we|i'm|im|we're|were|is (?:he|she|my team)|(?:es)?tou|to|tamos|estamos|ele ta|ela ta|fiquei|"
    r"ficamos|ficou)\s+(?:so |totally |completely |mesmo |muito |bue )?(?:screwed|doomed|done for|hosed|toast|"
    r"ferrad[oa]s?|lascad[oa]s?|fodid[oa]s?|fudid[oa]s?|tramad[oa]s?|lixad[oa]s?|quilhad[oa]s?|frit[oa]s?)\b"
)
MATTER = re.compile(r"\b(does (it|that) matter|matter (if|whether)|faz diferenca|importa|tanto faz)\b")
# "does it matter whether we take orange or green?": the "or" sits inside what may matter, the question is yes/no
MATTER_CHOICE = re.compile(
    r"\b(?:(?:does|do|would|will) (?:it|that|this) (?:really )?matter|faz (?:alguma )?diferenca|importa)\s+"
    r"(?:\w+\s+){0,2}?(?:if|whether|which|se|qual|quem)\b"
)
# "se eu começar só com ações posso devolver?": an "if" scene with no comma, then a verb that asks yes or no
IF_SCENE_POLAR = re.compile(
    r"^(?!.*\b(?:quem|qual|quais|quant[oa]s?|o que|oque|o q|como|onde|quando|pq|por que)\b)(?:e\s+)?se (?:\w+ ){1,12}?"
    r"(?:posso|pode|podes|podemos|devo|deve|preciso|precisa|consigo|tenho de|tenho que|tem de|tem que|ainda)\b"
)
ONLY = re.compile(r"\b(only|apenas|somente|so(?! (para|pra|por)\b))\b")
ONLY_EN = re.compile(r"\b(only|apenas|somente)\b")  # English "so" is not Portuguese "só"
CONTRAST = re.compile(r"\b(versus|vs|difference|differ|diferenca|comparado|compared)\b")
SOURCE_MENTION = re.compile(
    r"\b(english (rules?|version|summary|how.to.play|sheet)|how.to.play|in english|regras? em ingles|"
    r"versao (inglesa|em ingles)|resumo em ingles|manual em ingles)\b"
)
EN_HINTS = {
    "the", "what", "how", "can", "does", "do", "is", "are", "my", "i", "you", "when", "where", "which", "who",
    "why", "many", "much", "if", "of", "it", "to", "and", "get", "one", "in", "on", "with", "there", "at", "for",
    "from", "by", "be", "that", "this", "an", "or", "any", "all", "they", "we", "have", "has", "did", "will",
    "would", "should", "your", "their", "after", "before", "still", "just", "only", "than", "then", "as", "a",
    "no", "me",
}  # fmt: skip
PT_HINTS = {
    "o", "que", "como", "posso", "pode", "quantas", "quantos", "qual", "quais", "quando", "onde", "é", "são",
    "minha", "meu", "não", "uma", "um", "há", "os", "as", "quem", "de", "da", "dos", "das", "no", "na", "nos",
    "nas", "em", "para", "com", "se", "eu", "ele", "ela", "tem", "sua", "seu", "do", "e", "ou", "mas", "tenho",
    "ao", "à", "pela", "pelo", "mais", "a", "termina", "acaba", "rodada", "vez", "quanto", "cartas",
    "peças", "pontos", "jogo", "jogador", "vale",
    # rules words a short Portuguese question may hold alone ("a diagonal conta?", "as diagonais pontuam?")
    "conta", "contam", "pontua", "pontuam", "valem", "ganha", "ganho", "diagonais", "iguais", "linha", "linhas",
    "coluna", "colunas", "casa", "casas", "equipe", "equipa", "saco", "mão", "peça", "turno", "jogada",
}  # fmt: skip


@dataclass
class Question:
    """A question as understood: normalised words and what kind of answer it asks for."""

    raw: str
    lang: str
    tokens: list[str]
    polar: bool = False
    negative_framing: bool = False
    matter: bool = False
    forbidden: bool = False  # "is it cheating to …?": the yes/no of "may I …?" turned around
    doomed: bool = False  # "am I screwed?", "tô ferrado?": no, when the answer leaves a way out
    only: bool = False
    contrast: bool = False
    mentions_source: bool = False
    numbers: list[int] = field(default_factory=list)
    corrections: list[tuple[str, str]] = field(default_factory=list)
    main: str = ""  # the question without a leading "if/when ..." clause (normalised like ``text``)
    asking: str = ""  # the sentence that asks, without the scene before it or a leading "if ..." clause
    negated_claim: bool = False  # a negative statement with a tag ("overlays don't count, correct?")
    european: bool = False  # Portuguese of Portugal ("como ficam as equipas?"): the answer says its nouns its way

    @property
    def text(self) -> str:
        return " ".join(self.tokens)

    @property
    def folded(self) -> str:
        return fold(self.text)


ORDINALS = {
    "1st": "first", "2nd": "second", "3rd": "third", "1a": "primeira", "2a": "segunda", "3a": "terceira",
    "1ª": "primeira", "2ª": "segunda", "3ª": "terceira", "1o": "primeiro", "2o": "segundo", "3o": "terceiro",
    "1º": "primeiro", "2º": "segundo", "3º": "terceiro",
}  # fmt: skip
ORDINAL_RE = re.compile(r"(?<!\w)(" + "|".join(ORDINALS) + r")(?!\w)", re.IGNORECASE)


# a statement followed by a tag asks whether it is so: "overlays count, right?", "não conta, né?"
TAG_QUESTION = re.compile(
    r"(?:,\s*|\s+)(?:right|correct|true|yes|yeah|yep|ok|okay|innit|is that (?:right|correct|so)|am i right|"
    r"isn'?t it|aren'?t they|don'?t they|doesn'?t it|do they|does it|is it|"
    r"(?:can|can'?t|do|don'?t|will|won'?t|should|shouldn'?t|did|didn'?t|have|haven'?t) (?:i|you|we|they|it)|"
    r"is there|are there|certo|correto|ne|neh|nao eh|verdade|nao e|confere|"
    r"pois nao|nao e verdade)\s*\?+\s*$"
)
# a sentence of its own that asks whether what came before is so: "O meu primo diz que ... . É isso?"
TAG_SENTENCE = re.compile(
    r"[.!:]\s*(?:e isso|e assim|e isso mesmo|e assim mesmo|sera assim|tem razao|ele tem razao|ela tem razao|"
    r"is that true|is that how it works|is he right|is she right|are they right|"
    # "... . É verdade ou está a gozar?", "True or is he kidding?": the doubt offered is not a second question
    r"(?:e|isso e) verdade(?: ou (?:nao|mentira|(?:(?:ele|ela) )?(?:esta|ta|estas) a gozar|(?:ta|esta) (?:brincando|zoando)))?|"
    r"(?:is that |is it )?true or (?:not|false|(?:is|was) (?:he|she|it) (?:joking|kidding|messing with me))|"
    r"(?:is|was) (?:he|she) (?:joking|kidding))\s*\?+\s*$"
)
TAG_COMMA_ONLY = re.compile(r",\s*(?:no|nao|sim|yes)\s*\?+\s*$")  # "..., no?" / "..., não?" (not "sim ou não?")
TAG_BARE = re.compile(r"(?:,\s*|\s+)(?:ne|neh)\s*[.!]*\s*$")  # "ja ganha direto neh": "né" asks even without "?"


# the same asked up front: "isn't it true that overlays don't count?", "não é verdade que a carta entra fechada?"
LEADING_TAG = re.compile(
    r"^(?:so,?\s+|but\s+|mas\s+|entao,?\s+)?(?:isn'?t it (?:true|the case|right|so)|is it (?:true|the case|right)|"
    r"wasn'?t it|nao e (?:verdade|certo)|e verdade|nao e)\s+(?:that|que)\s+(?P<claim>.+?)\s*\?*\s*$"
)


def tag_claim(raw: str) -> str | None:
    """The statement a tag question asks about ("overlays don't count" in "overlays don't count, correct?", or
    in "isn't it true that overlays don't count?")."""
    text = fold(raw.strip().lower())
    lead = LEADING_TAG.match(text)
    if lead is not None and raw.strip().endswith("?"):
        return lead.group("claim")
    m = TAG_SENTENCE.search(text) or TAG_QUESTION.search(text) or TAG_COMMA_ONLY.search(text)
    if m is None:
        m = TAG_BARE.search(text)
        if m is not None and set(re.findall(r"[a-z]+", text[: m.start()])[:1]) & PT_WH_FOLDED:
            return None  # "quem começa né": an open question with a filler
    if m is None or not text[: m.start()].strip(" ,"):
        return None
    return text[: m.start()].strip(" ,")


SHORTHAND = re.compile(r"(?<!\w)w/o(?!\w)|(?<!\w)w/(?=\s)", re.IGNORECASE)  # "w/o an action", "w/ my hand"


def tokens_of(text: str) -> list[str]:
    text = SHORTHAND.sub(lambda m: " without " if m.group(0).lower() == "w/o" else " with ", text.replace("’", "'"))
    text = ORDINAL_RE.sub(lambda m: ORDINALS[m.group(1).lower()], text)
    return [t.lower() for t in TOKEN_RE.findall(text)]


def guess_lang(raw_tokens: list[str]) -> str:
    """ "en" or "pt" from function words, text-speak and accents (fast; no language model)."""
    table = slang()
    en = sum(t in EN_HINTS for t in raw_tokens) + 1.5 * sum(t in table["en"] for t in raw_tokens if len(t) > 1)
    pt = sum(t in PT_HINTS for t in raw_tokens) + 1.5 * sum(t in table["pt"] for t in raw_tokens if len(t) > 1)
    # one-letter text-speak ("q", "u") and the shared glossary's words of one language only ("trocar",
    # "tabuleiro"): weaker signs, for questions whose misspelt function words give none ("possu trocar ... q ...")
    en += sum(t in table["en"] and t not in table["pt"] for t in raw_tokens if len(t) == 1)
    pt += sum(t in table["pt"] and t not in table["en"] for t in raw_tokens if len(t) == 1)
    only = language_words()
    en += 0.5 * sum(fold(t) in only["en"] for t in raw_tokens)
    pt += 0.5 * sum(fold(t) in only["pt"] for t in raw_tokens)
    both = EN_HINTS & PT_HINTS
    en -= sum(t in both for t in raw_tokens)
    pt -= sum(t in both for t in raw_tokens)
    en += 0.5 * sum(t.endswith(("ed", "ly")) for t in raw_tokens)
    pt += 2 * sum(bool(re.search(r"[ãõçáéíóúâêôà]", t)) for t in raw_tokens)
    en += sum(t.endswith(("ing", "tion", "'s")) for t in raw_tokens) * 0.5
    pt += sum(t.endswith(("ção", "ções", "nh", "lh", "ão")) for t in raw_tokens) * 0.5
    if pt == en:  # still even: the language whose stop words the question uses more
        pt += sum(fold(t) in stopwords("pt") for t in raw_tokens) * 0.1
        en += sum(t in stopwords("en") for t in raw_tokens) * 0.1
    return "pt" if pt > en else "en"


BOTH = frozenset({"both", "ambos", "ambas"})
BOTH_PAIRS = frozenset({("os", "dois"), ("as", "duas"), ("nos", "dois"), ("nós", "dois")})
SCORE_WORDS = frozenset({"points", "point", "pts", "pontos", "ponto"})


def _both_on_one_score(toks: list[str]) -> bool:
    """ "we both finished on 11 points", "os dois ficaram com 20 pontos": one score for two players is a tie."""
    for i, tok in enumerate(toks):
        if tok in BOTH or (i + 1 < len(toks) and (tok, toks[i + 1]) in BOTH_PAIRS):
            after = toks[i + 1 : i + 8]
            if any(a.isdigit() and b in SCORE_WORDS for a, b in itertools.pairwise(after)):
                return True
    return False


def _expand(raw_tokens: list[str], lang: str) -> list[str]:
    table = slang()[lang]
    out: list[str] = []
    i = 0
    while i < len(raw_tokens):
        for size in (3, 2):
            phrase = " ".join(raw_tokens[i : i + size])
            if i + size <= len(raw_tokens) and phrase in table:
                out += table[phrase].split()
                i += size
                break
        else:
            size = 0
        if size:
            continue
        tok = raw_tokens[i]
        out += table[tok].split() if tok in table else [tok]
        span = _level_score(raw_tokens, i)  # "it ended 18 to 18", "deu 30 a 30": a tie, though the word is not said
        if span:
            out += [*raw_tokens[i + 1 : i + span - 1], tok, "tie" if lang == "en" else "empate"]
            i += span - 1
        i += 1
    if _both_on_one_score(raw_tokens):
        out.append("tie" if lang == "en" else "empate")
    return out


SCORE_LINK = frozenset({"to", "a", "x", "vs"})


def _level_score(toks: list[str], i: int) -> int:
    """How many tokens a score of 3 or more against the same score spans at ``i`` ("18 to 18", "9 a 9": 3), else
    0; a smaller one may be a table ("2 a 2", two against two)."""
    if not toks[i].isdigit() or int(toks[i]) < 3:
        return 0
    return 3 if i + 2 < len(toks) and toks[i + 1] in SCORE_LINK and toks[i + 2] == toks[i] else 0


# a yes/no question cut down to its predicate after a scene: "... — game over?", "..., legal?", "... so, a win?"
ELLIPTICAL_YES_NO = re.compile(
    r"(?:^\s*|[-\u2013\u2014,:]\s*|\bso\s+)(?:is (?:it|that|the game) |(?:that|it)(?:'?s| is) )?"
    r"(?:(?:the )?game (?:is )?over|game ends|(?:still )?(?:legal|legit|allowed|ok|okay|fine|valid|banned|forbidden)"
    r"|a win|we win"
    r"|i win)\s*\??\s*$"
)
# "I declared 9 and use cards 2-3 — success?": after a scene, a bare "success?" asks yes or no (alone it is a topic)
SUCCESS_TAIL = re.compile(r"^\s*(?:a )?success(?:ful)?\s*\??\s*$")
# "so the dude who empties his row ends it?": "who" after a person opens a relative clause, it does not ask
RELATIVE_WHO = re.compile(
    r"\b(?:the|a|dude|guy|player|person|one|opponent|someone|somebody|anyone|anybody|everyone|friend)\s+who\b"
)  # "the who": a filler noun ("dude") was dropped before the shape is read
# "now what, we just stop?": an exclamation that a yes/no clause follows, not the question word that asks
NOW_WHAT = re.compile(r"\b(?:now|so|and) what\s*,\s*(?=\w)")
# the verb that closes a statement asked as a question ("diagonals count?"), not a topic ("pair worth?")
DECLARATIVE_END = frozenset({"count", "counts", "score", "scores", "win", "wins", "work", "works", "matter", "matters"})
WHEN_OPENING = frozenset({"when", "whenever", "once"})


def _asks_later(words: list[str]) -> bool:
    """An auxiliary before its subject further on ("... do we stop?"), not right after "when" ("when do we stop?")."""
    return any(a in EN_AUX and b in EN_SUBJECT for a, b in itertools.pairwise(words))


EN_MODAL_OPENING = frozenset({"can", "could", "may", "might", "do", "does", "will", "would", "should", "must"})
EN_DETERMINER = frozenset({"a", "an", "the", "my", "your", "their", "our", "his", "her", "one"})
PT_DETERMINER = frozenset({"um", "uma", "o", "a", "os", "as"})


def _alternatives_in_subject(words: list[str], lang: str) -> bool:
    """ "Can a swap or a move make six for both teams?", "uma troca ou um mover pode dar seis...?": the "or" joins
    the subject near the start and a whole yes/no question follows, so it offers no choice of answers."""
    joiner = "or" if lang == "en" else "ou"
    if joiner not in words:
        return False
    at = words.index(joiner)
    if len(words) - at - 1 < 5:
        return False  # "does the rows team or the columns team start?": the choice is the question
    if lang == "en":
        return len(words) > 2 and words[0] in EN_MODAL_OPENING and words[1] in EN_DETERMINER and at <= 4
    polar_start = PT_POLAR_START_FOLDED
    return words[0] in PT_DETERMINER and at <= 3 and any(w in polar_start for w in words[at + 1 : at + 6])


def _is_polar(raw: str, lang: str, toks: list[str]) -> bool:
    text = fold(raw.lower())
    if lang == "en":
        text = RELATIVE_WHO.sub(lambda m: m.group(0)[: -len("who")] + "that", NOW_WHAT.sub("", text))
        text = SHRUG_TAIL.sub("?", text)
    else:
        text = PT_SHRUG_TAIL.sub("?", text)
    pieces = re.findall(r"[^.!?:;]+(?:[.!?:;]+|$)", text)
    asked = [p.rstrip("?") for p in pieces if p.rstrip().endswith("?") and p.strip(" ?")]
    if len(asked) > 1:
        # several questions: a last one that asks yes or no decides ("Quem joga a seguir? É sempre alguém da outra
        # equipa?"), and so does an earlier one when the last only asks how many ("dá certo? quantos pontos?"): the
        # answer leads with the yes/no, then gives the rest; "Posso passar? Quem joga depois?" stays open
        if _is_polar(f"{asked[-1].strip()}?", lang, toks):
            return True
        if HOW_MANY_TAIL.match(asked[-1].strip()) and any(_is_polar(f"{p.strip()}?", lang, toks) for p in asked):
            return True
    # the sentences that ask decide the shape; the ones before only set the scene ("Deu 9, que está na mesa.")
    parts = asked or [p for p in re.split(r"[.!?:;]\s+|[?]$", text) if p.strip()] or [text]
    wh = EN_WH if lang == "en" else PT_WH_FOLDED
    polar = False
    for k, part in enumerate(parts):
        last = k == len(parts) - 1
        part = LEADING_CONDITION.sub("", part)
        words = re.findall(r"[a-z0-9']+", part)
        if not words:
            continue
        doubt = OR_DOUBT.search(part)
        if (
            not doubt
            and not MATTER_CHOICE.search(part)
            and re.search(r"\b(or|ou)\b(?!\s+(?:not|nao)\b)", part.split(",")[-1])
            and last
            and ("?" in raw or CHOICE_END.search(part))
            and not _alternatives_in_subject(words, lang)
        ):
            return False  # "face up or face down?": a choice, not a yes/no question
        if doubt and last and lang == "en" and OR_CLAUSE.search(part):
            polar = True  # "... - does that work or does the 0 mess it up?"
            continue
        if lang == "en":
            tail = [c.split() for c in part.split(",") if c.split()]
            asks = tail[-1][1:] if tail and tail[-1][0] in {"and", "but", "so"} else tail[-1] if tail else []
            if len(tail) > 1 and len(asks) > 1 and asks[0] in EN_AUX and (asks[1] in EN_SUBJECT or asks[1].isdigit()):
                polar = True  # "..., which is also on the table, do I still get the 9?": the last clause asks;
                continue  # so does "who starts, and can the lone player go first?" (yes/no first, then the rest)
            embedded_wh = any(w in {"how", "what", "which", "who", "why", "where"} for w in words)
            # "when the bag is empty do we stop?", "when the deck runs out is the game over?": "when" sets the scene
            # of a yes/no question (no comma), then an auxiliary asks
            if (words[0] in WHEN_OPENING and not any(w in EN_WH for w in words[1:]) and _asks_later(words[3:])) or (
                words[0] in {"when", "once", "after"}
                and not embedded_wh
                and any(w in EN_AUX and nxt in EN_SUBJECT for w, nxt in itertools.pairwise(words[2:]))
            ):
                polar = True
                continue
            if words[0] in wh or "what if" in part or (embedded_wh and words[0] not in EN_AUX):
                return False
            if any(w in EN_AUX and nxt in EN_SUBJECT for w, nxt in itertools.pairwise(words)):
                polar = True
            if words[0] in EN_AUX:
                polar = True
            if ELLIPTICAL_YES_NO.search(part) or (len(pieces) > 1 and SUCCESS_TAIL.match(part)):
                polar = True  # "I drop my 1 on F1 — game over?": a yes/no question without its verb
            if last and len(words) >= 2 and words[-1] in DECLARATIVE_END and not any(w in EN_WH for w in words):
                polar = True  # "diagonals count?", "a pair in a column scores?": a statement asked with "?"
        else:
            # a question word opens a clause ("..., quanto fica a linha 5?"), not inside one ("onde eu quiser",
            # "conta como símbolo", "tem como ganhar")
            part = PT_INDIRECT.sub(" ", part)  # "antes de decidir o que faço": a question inside, not the question
            clauses = [c.strip() for c in re.split(r"[,]", part) if c.strip()] or [part]
            when_scene = WHEN_SCENE.match(part.strip()) or (  # "quando as cartas voltam eu perco os pontos?"
                len(clauses) == 1 and WHEN_SCENE_POLAR.match(clauses[0]) and not PT_WH_CLOSING.search(clauses[0])
            )  # "quando o saco acaba ainda se tira peças?": "when" only sets the scene of a yes/no question
            if when_scene or (len(clauses) == 1 and IF_SCENE_POLAR.match(clauses[0])):
                polar = True  # "se eu começar só com ações posso devolver e tirar outras" (no comma, no "?")
                continue
            if CLEFT_POLAR.match(clauses[-1]):
                polar = True  # "eu que escolho?", "sou eu q escolho qual?": is it me who chooses
                continue
            whoever = re.match(WHOEVER_ALSO, " ".join(words))
            if any(PT_WH_OPENING.match(c) or PT_WH_CLOSING.search(c) for c in clauses[-1:]) or (
                words[0] in wh and not whoever
            ):
                return False
            if VERB_THEN_WH.search(clauses[-1]):
                return False
            if (
                re.match(r"^e se\b", part)
                and len(clauses) > 1
                and not OPEN_TAIL.search(clauses[-1])
                and not set(clauses[-1].split()) & wh
                and len(clauses[-1].split()) <= 4
            ):
                polar = True  # "e se o tabuleiro encher sem seis iguais, acaba?": the scene, then a yes/no
                continue
            if re.match(r"^e se\b", part) or OPEN_TAIL.search(clauses[-1]):
                return False  # "e se...?", "acabaram os objetivos, e agora?", "jogamos a 3, como fica?"
            if SCENE_THEN_WH.search(clauses[-1]):  # "se eu fizer seis na coluna deles quem ganha?" (no comma)
                return False
            if (
                words[0] not in PT_POLAR_START_FOLDED
                and PREPOSITION_WH.search(clauses[-1])
                and not PT_RELATIVE.search(clauses[-1])
            ):
                return False  # "as cartas novas entram em que lado?": a question word after its preposition
            if words[0] in PT_POLAR_START_FOLDED:
                polar = True
    if (
        lang == "en"
        and not polar
        and asked
        and not re.search(r"\b(what|how|which|who|why|where)\b", text)
        and not re.search(r"\bor\b", asked[-1].split(",")[-1])  # "X or Y?" is a choice; "+1 or -1, I pick?" is not
    ):
        # a statement asked with "?" ("so if I use 3 cards I get 3 points?"): a subject and its verb, no question word
        words = re.findall(r"[a-z0-9']+", asked[-1])
        polar = (
            any(w in {"i", "we", "you", "they", "it"} for w in words[:-1])
            or words[:2] == ["let", "me"]
            or (len(words) > 3 and any(w in EN_STATEMENT_VERBS for w in words[1:]))
        )  # "an overlay scores points too?", "new cards come in on the right?"
    if lang == "pt" and not polar:
        # a sentence ending in "?" asks yes or no ("a peça volta para o saco?"); a bare topic does not ("regra do
        # zero?", "desempate?"): it needs a few words or a verb that opens yes/no questions
        words = re.findall(r"[a-z0-9']+", text)
        ends_asking = raw.strip().endswith("?") or bool(asked)  # "..., certo? Bué simples.": a remark after it
        polar = ends_asking and (len(words) > 3 or any(w in PT_POLAR_FOLDED for w in words))
    return polar


CLAUSE_BREAK = re.compile(r"([,;:.!?]+)")
# a dash set apart by spaces before a word (not "5 - 2", not "-3") ends a sentence, as in the split for ``asking``
SCENE_DASH = re.compile(r"\s+[-–—]\s+(?=[^\W\d])")


def _clauses_text(raw: str, lang: str, fixes: dict[str, str]) -> str:
    """The question normalised like its tokens (text-speak expanded, misspellings fixed) but with its
    punctuation kept, so the shape test sees its clauses: in "se acabar o baralho, faz o quê?" the
    question word opens the last clause, which makes it an open question, not a yes/no one."""
    out: list[str] = []
    raw = SCENE_DASH.sub(". ", raw)  # "I declared 4 - does it work?": the dash ends the scene's sentence
    for part in CLAUSE_BREAK.split(raw):
        if CLAUSE_BREAK.fullmatch(part):
            out.append(part.strip()[:1])
            continue
        if lang == "pt" and out and OPEN_TAIL.fullmatch(" " + fold(part.strip().lower())):
            out.append(" " + fold(part.strip().lower()))  # "..., e aí?" asks what now: not the filler "e aí, ..."
            continue
        toks = [fixes.get(t, t) for t in _expand(tokens_of(part), lang)]
        if toks:
            out.append((" " if out else "") + " ".join(toks))
    return "".join(out).strip().lstrip(",;:.!? ")


# a question opened by a negative auxiliary asks the positive question ("can't I use two action tiles?" is "can
# I use two?", answered "No — ..."), not a statement that something cannot be done
NEGATIVE_OPENING = {
    "can't": "can", "cant": "can", "cannot": "can", "isn't": "is", "isnt": "is", "aren't": "are", "arent": "are",
    "doesn't": "does", "doesnt": "does", "don't": "do", "dont": "do", "won't": "will", "wont": "will",
    "shouldn't": "should", "wouldn't": "would", "didn't": "did", "mustn't": "must", "couldn't": "could",
}  # fmt: skip


# someone's word reported before the claim it makes ("o meu primo diz que ...", "the kids say that ...")
REPORTED = re.compile(
    r"\b(?:says?|said|thinks?|thought|claims?|swears?|reckons?|told (?:me|us)|insists?|"
    r"diz|disse|dizem|disseram|acha|acham|jura|juram|garante|da a entender|insiste)\s+(?:that|que)\s+"
)


# a conclusion drawn and checked: "..., so the zero rule doesn't apply?", "então o +1 não conta?"
SO_CLAIM = re.compile(
    r"(?:^|[,;:.!]\s*|\s)(?:so|then|and so|which means|meaning|entao|ou seja|logo|quer dizer que|portanto)\s+"
    r"(?P<claim>[^,;:.!?]+)\?+\s*$"
)


def _asks_back(claim: str, lang: str) -> bool:
    """Whether the conclusion is itself asked as a question ("so can I ...?", "então quem ...?"), not stated."""
    words = re.findall(r"[a-z']+", claim)
    if not words:
        return True
    if lang == "en":
        return words[0] in EN_AUX or words[0] in NEGATIVE_OPENING or words[0] in EN_WH
    return words[0] in PT_WH_FOLDED or words[0] in PT_POLAR_START_FOLDED


def _says_not(text: str, lang: str) -> bool:
    """Whether a statement says "not" ("they don't count", "não conta", "ninguém olha"); Portuguese "no" is "in
    the". The answer composer's test (compose.py imports this module, hence the late import)."""
    from .compose import negated

    return negated(text, lang)


# "we tied 20-20": a score written with a dash, which the tokens would read as 20 and -20 (a card's sign)
LEVEL_DASH = re.compile(r"(?<![\w-])(\d{1,3})[-–](\1)(?!\w)")


def understand(raw: str, lang: str | None, vocab: Vocabulary | None) -> Question:
    raw_tokens = tokens_of(LEVEL_DASH.sub(r"\1 x \2", raw))
    code = lang or guess_lang(raw_tokens)
    if code == "en" and raw_tokens and raw_tokens[0] in NEGATIVE_OPENING and raw.rstrip().endswith("?"):
        raw_tokens = [NEGATIVE_OPENING[raw_tokens[0]], *raw_tokens[1:]]
    expanded = _expand(raw_tokens, code)
    corrections: list[tuple[str, str]] = []
    stops = stopwords(code)
    fixed: list[str] = []
    for tok in expanded:
        folded = fold(tok)
        if vocab is not None and folded not in stops and not folded.lstrip("+-").isdigit():
            better = vocab.correct(folded)
            if better is not None and better != folded:
                corrections.append((tok, better))
                fixed.append(better)
                continue
        fixed.append(tok)
    folded_text = fold(" ".join(fixed))
    q = Question(raw=raw, lang=code, tokens=fixed, corrections=corrections)
    fixes = dict(corrections)
    stripped = LEADING_CONDITION.sub("", raw)
    if stripped != raw:
        q.main = " ".join(fixes.get(t, t) for t in _expand(tokens_of(stripped), code))
    # a dash between a scene and a question ends a sentence too: "someone emptied their row - does it end?"
    sentences = [part for part in re.split(r"(?<=[.!?])\s+|\s+[-–—]\s+(?=\S)", raw.strip()) if tokens_of(part)]
    if len(sentences) > 1 or q.main:  # "Acertei com 2 cartas. Reponho 2 ou 1?" asks in its last sentence
        asking = LEADING_CONDITION.sub("", sentences[-1] if sentences else raw)
        q.asking = " ".join(fixes.get(t, t) for t in _expand(tokens_of(asking), code))
    q.polar = _is_polar(_clauses_text(raw, code, dict(corrections)), code, fixed)
    claim = tag_claim(raw)
    if claim is not None and not re.search(r"\b(or|ou)\b", claim):
        last = re.split(r"(?<=[.!?])\s+", claim)[-1]
        reported = REPORTED.split(last)  # "my cousin says that nobody looks after round 1": what is said is the claim
        last = re.split(r"\b(?:que|that|which|who)\b(?!')", reported[-1])[0]  # not a "not" inside a relative clause
        q.polar = True
        q.negated_claim = _says_not(last, code)
    else:
        so = SO_CLAIM.search(fold(raw.strip().lower()))
        if so is not None and not _asks_back(so.group("claim"), code) and _says_not(so.group("claim"), code):
            q.polar = True  # "the 4 and -4 aren't neighbours, so the zero rule doesn't apply?": a negative claim
            q.negated_claim = True
    # "is it a mistake to...?", "do I lose?": asked in the asking sentence, not a scene's "I turned them up by mistake"
    q.negative_framing = bool(NEGATIVE_FRAMING.search(fold(q.asking) if q.asking else folded_text))
    q.matter = bool(MATTER.search(folded_text))
    q.forbidden = bool(FORBIDDEN.search(fold(raw.strip().lower())))
    q.doomed = bool(DOOMED.search(folded_text))
    q.only = bool((ONLY_EN if code == "en" else ONLY).search(folded_text))
    q.contrast = bool(CONTRAST.search(folded_text))
    q.mentions_source = bool(SOURCE_MENTION.search(fold(raw.lower())))
    q.numbers = [int(t) for t in fixed if t.lstrip("+-").isdigit() and len(t) <= 3]
    q.european = code == "pt" and is_european(raw)
    return q
