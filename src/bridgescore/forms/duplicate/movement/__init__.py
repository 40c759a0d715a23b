"""Movements as data: who plays whom, where, and which boards, round by round.

A movement is a table of :class:`Assignment` (round, table, the pair sitting North-South, the
pair sitting East-West, the boards), whatever made it: a Howell is written out in a file under
``forms/duplicate/movements/`` (with its source), a Mitchell is a rule expanded here. Every
movement loads into the same :class:`Movement`, and :func:`validate` checks any of them.

    >>> m = howell(4)
    >>> m.rounds, len(m.pairs()), m.boards()[-1]
    (7, 8, 14)
    >>> print(m.at(1, 2))
    round 1, table 2: 7 - 2, boards 5-6
    >>> [a.table for a in m.guide_card(PairSeat("8"))]      # the stationary pair
    [1, 1, 1, 1, 1, 1, 1]
    >>> validate(m)
    []
    >>> print(mitchell(7, boards_per_round=3).at(2, 1))
    round 2, table 1: 1NS - 7EW, boards 4-6
    >>> validate(mitchell(8, arrow_switch=[7]))
    []

The modules, each importing only those above it:

========================  ================================================================
``model``                 :class:`MovementKind`, :class:`PairSeat`, :class:`Assignment`,
                          :class:`Movement`; :func:`without` a pair, :func:`missing_pairs`,
                          :func:`is_cut_howell`
``validate``              :func:`validate`, each :class:`Problem` named; :func:`missed_meetings`
``change``                :func:`change_conflicts`: a movement changed after play started
``packaged``              the movement files that come with bridgescore
``mitchell``              :func:`mitchell`: the rule, with skip, relay, arrow-switch, sit-out
``files``                 :func:`load_movement`, :func:`loads_movement`, :func:`dumps_movement`
``build``                 :func:`howell`, and :func:`movement` for a kind named at run time
``cards``                 guide cards, table cards, where the boards go, the schedule
========================  ================================================================
"""

from bridgescore.forms.duplicate.movement.build import HOWELL_TABLES, KINDS, howell, movement, movement_kind
from bridgescore.forms.duplicate.movement.cards import GuideLine, boards_go_to, guide_lines, schedule_rows
from bridgescore.forms.duplicate.movement.change import change_conflicts
from bridgescore.forms.duplicate.movement.files import (
    builtin_movement,
    dumps_movement,
    load_movement,
    loads_movement,
)
from bridgescore.forms.duplicate.movement.mitchell import MAX_TABLES, mitchell
from bridgescore.forms.duplicate.movement.model import (
    Assignment,
    Movement,
    MovementKind,
    PairSeat,
    board_range,
    board_set,
    check_size,
    is_cut_howell,
    missing_pairs,
    without,
)
from bridgescore.forms.duplicate.movement.packaged import builtin_names
from bridgescore.forms.duplicate.movement.validate import Problem, missed_meetings, validate

__all__ = [
    "HOWELL_TABLES",
    "KINDS",
    "MAX_TABLES",
    "Assignment",
    "GuideLine",
    "Movement",
    "MovementKind",
    "PairSeat",
    "Problem",
    "board_range",
    "board_set",
    "boards_go_to",
    "builtin_movement",
    "builtin_names",
    "change_conflicts",
    "check_size",
    "dumps_movement",
    "guide_lines",
    "howell",
    "is_cut_howell",
    "load_movement",
    "loads_movement",
    "missed_meetings",
    "missing_pairs",
    "mitchell",
    "movement",
    "movement_kind",
    "schedule_rows",
    "validate",
    "without",
]
