"""Rules engines, one package per game; each exposes GAME."""
