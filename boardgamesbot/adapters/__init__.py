"""PettingZoo and OpenSpiel adapters (optional extra: rl)."""
