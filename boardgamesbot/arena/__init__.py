"""Bot-vs-bot simulation, statistics and plots."""
