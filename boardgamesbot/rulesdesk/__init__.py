"""How-to-play sheets, rulebook ingest, search and rules answers."""
