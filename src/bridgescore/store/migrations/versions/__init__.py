"""The revisions, oldest first: 0001 games and journals, 0002 idempotent client tokens, 0003 club mode."""
