"""Writing an event scored on arrays (:class:`~bridgescore.forms.duplicate.columns.ScoredColumns`).

A million traveller lines cannot be written one object at a time at the speed they were scored.
A line is four facts whose *distinct* values are few: the North-South pair, the East-West pair,
the outcome (contract, declarer, tricks — and so the score) and the numbers (matchpoints and
percentages of a board size, or IMPs). :class:`LineCells` finds each line's index among the
distinct values once; each writer renders every distinct value once, in its format, by the
object path's own functions (:func:`~bridgescore.forms.duplicate.rounding.to_decimal`,
:func:`json.dumps`, the contract's notation), padded to a common width; the lines are then rows
of a byte matrix filled by one gather per fact (:func:`fixed_rows`), 65,536 at a time. Padding
is whitespace where the format ignores it (between JSON tokens, PBN cells, XML elements, HTML
cells), so the documents mean exactly what the object path writes.

Everything around the lines — event, boards' tags, the ranking, the TotalScoreTable, the HTML
page — is written by the object path's own writers on an event whose boards have no lines, or
one marked line (:func:`skeleton`); the lines are spliced in board by board, so memory holds one
chunk of lines, not the document.

The modules: :mod:`.cells` (the distinct values, the rows of bytes, the skeleton),
:mod:`.documents` (JSON, PBN, USEBIO), :mod:`.page` (HTML), :mod:`.text`.
"""

from bridgescore.formats.columnar.cells import LineCells, fixed_rows, skeleton
from bridgescore.formats.columnar.documents import write_json, write_pbn, write_usebio
from bridgescore.formats.columnar.page import write_html
from bridgescore.formats.columnar.text import write_ranking_text, write_travellers_text

__all__ = [
    "LineCells",
    "fixed_rows",
    "skeleton",
    "write_html",
    "write_json",
    "write_pbn",
    "write_ranking_text",
    "write_travellers_text",
    "write_usebio",
]
