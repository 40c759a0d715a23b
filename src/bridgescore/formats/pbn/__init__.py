"""PBN — Portable Bridge Notation 2.0/2.1: read leniently, write canonically, stream any size.

The layers, from the text up: :mod:`.reader` turns lines into :class:`~.game.PbnGame` objects
(tags, sections, diagnostics), one at a time; :mod:`.table` reads and writes the tables;
:mod:`.writer` writes games in export format.
"""
