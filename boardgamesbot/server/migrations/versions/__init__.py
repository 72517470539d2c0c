"""Revisions, oldest first: 0001_baseline is the schema as it was before migrations existed."""
