"""Club mode: a duplicate session run from the tables' phones, as a fold over its log of actions.

The layer between the storage and the web face (docs/ARCHITECTURE.md): it reads the duplicate
forms (the scorer, the movements) and the store, and knows nothing of HTTP.

=====================  ==========================================================================
:mod:`.settings`       ``ClubSettings``: title, movement, pairs' names, scoring
:mod:`.lines`          ``Play`` (round, table, board), a line's outcome, ``LineState``
:mod:`.roles`          ``Role``, ``Actor``, :func:`~.roles.authorise` — who may take which action
:mod:`.actions`        one class per kind of action (``Enter``, ``Confirm``, ``Correct`` …): its
                       ``kind``, its record, its ``apply``; :data:`~.actions.KINDS`
:mod:`.deals`          ``SetDeals``: the boards' hand records (from PBN, or dealt); ``Solved``: their DD
:mod:`.state`          ``ClubState`` (travellers, missing plays, rounds) and the fold's ``Ledger``
:mod:`.fold`           ``Action`` (change, actor, time, reason), :func:`~.fold.fold`, :func:`~.fold.apply`
:mod:`.event`          :func:`~.event.to_event` (what the duplicate scorer reads), :func:`~.event.exported`
:mod:`.record`         the settings as stored; the one way a movement is written down
:mod:`.service`        ``ClubService``: the store, and each session folded from its log (memo by version)
=====================  ==========================================================================
"""

from __future__ import annotations

from bridgescore.club.actions import (
    KINDS,
    AskLead,
    Change,
    ChangeMovement,
    Confirm,
    Correct,
    Delete,
    Dispute,
    Enter,
    Foul,
    MoveBoard,
    Publish,
    SetDeals,
    ShowRanking,
    ShowTravellers,
    StartRound,
    Weigh,
    change_json,
    read_change,
)
from bridgescore.club.corrections import movement_conflicts
from bridgescore.club.event import exported, to_event
from bridgescore.club.fold import Action, apply, fold
from bridgescore.club.lines import (
    WEIGHTED_PLACES,
    LineOutcome,
    LineState,
    LineTakenError,
    Play,
    Weighted,
    outcome_in,
    outcome_text,
    parse_outcome,
)
from bridgescore.club.roles import Actor, NotYoursError, OnePhoneOneSideError, Role
from bridgescore.club.settings import ClubPair, ClubSection, ClubSettings
from bridgescore.club.state import ClubState

__all__ = [
    "KINDS",
    "WEIGHTED_PLACES",
    "Action",
    "Actor",
    "AskLead",
    "Change",
    "ChangeMovement",
    "ClubPair",
    "ClubSection",
    "ClubSettings",
    "ClubState",
    "Confirm",
    "Correct",
    "Delete",
    "Dispute",
    "Enter",
    "Foul",
    "LineOutcome",
    "LineState",
    "LineTakenError",
    "MoveBoard",
    "NotYoursError",
    "OnePhoneOneSideError",
    "Play",
    "Publish",
    "Role",
    "SetDeals",
    "ShowRanking",
    "ShowTravellers",
    "StartRound",
    "Weigh",
    "Weighted",
    "apply",
    "change_json",
    "exported",
    "fold",
    "movement_conflicts",
    "outcome_in",
    "outcome_text",
    "parse_outcome",
    "read_change",
    "to_event",
]
