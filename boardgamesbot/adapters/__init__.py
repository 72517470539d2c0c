"""PettingZoo and OpenSpiel adapters (optional extra ``rl``: ``pip install boardgamesbot[rl]``).

Nothing here is imported by ``import boardgamesbot``; the submodules import
numpy, gymnasium, pettingzoo and pyspiel themselves, so players who never train
agents never install them. Entry points:

- ``boardgamesbot.adapters.pettingzoo``: ``<game>_env`` for every game, ``make_env``
- ``boardgamesbot.adapters.openspiel``: ``register_games``, ``load``
"""
