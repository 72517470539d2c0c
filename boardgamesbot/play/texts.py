"""The play loop's own words, in English and Portuguese (games supply their own texts)."""

from __future__ import annotations

TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "prompt": "seat {seat}, your move (help, ?, quit)",
        "bot_move": "seat {seat} ({bot}) plays {code}: {desc}",
        "you_played": "you play {code}: {desc}",
        "legal": "Your legal moves ({n}):",
        "legal_more": "... and {n} more; type `help <start of code>` to list only some (e.g. `help S`)",
        "no_hint": "this game has no score summary",
        "quit": "game left unfinished after {n} moves",
        "saved": "record saved to {path}",
        "over": "Game over",
        "winners": "winners: seats {seats}",
        "draw": "draw: seats {seats} share first place",
        "scores": "scores per seat: {scores}",
        "team_scores": "team scores: {scores}",
        "ended": "ended by: {why}",
        "tiebreak": "tie broken by: {how}",
        "empty": "type a move code, `help`, `?` or `quit`",
        "replay_ok": "record verified: {n} moves of {game} replay exactly",
        "replay_unfinished": "the game in the record is not finished",
        "replay_mismatch": "the record's stored outcome differs from what the moves give",
        "game_flag": "{game} has no flag {flag!r} (its flags: {known}; other options go in --variant name=value)",
        "seed": "seed {seed}",
    },
    "pt": {
        "prompt": "lugar {seat}, sua jogada (help, ?, quit)",
        "bot_move": "lugar {seat} ({bot}) joga {code}: {desc}",
        "you_played": "você joga {code}: {desc}",
        "legal": "Suas jogadas possíveis ({n}):",
        "legal_more": "... e mais {n}; escreva `help <início do código>` para ver só algumas (ex.: `help S`)",
        "no_hint": "este jogo não tem resumo de pontos",
        "quit": "jogo interrompido após {n} jogadas",
        "saved": "registro gravado em {path}",
        "over": "Fim do jogo",
        "winners": "vencedores: lugares {seats}",
        "draw": "empate: os lugares {seats} dividem o primeiro lugar",
        "scores": "pontos por lugar: {scores}",
        "team_scores": "pontos por equipe: {scores}",
        "ended": "terminou por: {why}",
        "tiebreak": "desempate: {how}",
        "empty": "escreva o código de uma jogada, `help`, `?` ou `quit`",
        "replay_ok": "registro verificado: {n} jogadas de {game} se reproduzem exatamente",
        "replay_unfinished": "o jogo do registro não terminou",
        "replay_mismatch": "o resultado guardado no registro difere do que as jogadas dão",
        "game_flag": "{game} não tem a opção {flag!r} (as dele: {known}; as outras vão em --variant nome=valor)",
        "seed": "semente {seed}",
    },
}


def say(lang: str, key: str, **values: object) -> str:
    table = TEXTS["pt" if lang.startswith("pt") else "en"]
    return table[key].format(**values)
