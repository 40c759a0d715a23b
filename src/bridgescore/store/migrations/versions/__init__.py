"""The revisions, oldest first: 0001 games and journals, 0002 idempotent client tokens, 0003 what
the worker processes share (secrets, rate buckets), 0004 club mode."""
