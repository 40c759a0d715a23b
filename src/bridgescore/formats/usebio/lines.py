"""What a USEBIO ``TRAVELLER_LINE`` says: its outcome (``CONTRACT``, ``PLAYED_BY``, ``TRICKS``,
``SCORE``: a result, a passed-out board, a director's score, an artificial ``A6040``, or not
played) and the numbers it published.

    >>> print(outcome("4HX", "S", "9", "-200"))
    4HX S -1
    >>> outcome("", "", "", "A6040")                # 60 % to North-South, 40 % to East-West
    ArtificialScore(ns=Fraction(60, 1), ew=Fraction(40, 1))
    >>> print(outcome("PASS", "", "", "0"))
    Pass
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from xml.etree import ElementTree

from bridgescore.core.contract import Contract, Result, parse_contract
from bridgescore.core.errors import N_, ParseError
from bridgescore.core.seat import Seat
from bridgescore.formats import values
from bridgescore.forms.duplicate.model import (
    ArtificialScore,
    AssignedScore,
    NotPlayed,
    Outcome,
    PublishedLine,
    Room,
)

HANDS = {"NORTH": Seat.NORTH, "EAST": Seat.EAST, "SOUTH": Seat.SOUTH, "WEST": Seat.WEST}
HANDS.update({seat.value: seat for seat in Seat})
"""The seats as USEBIO names a hand's ``DIRECTION`` (``NORTH`` or ``N``)."""

_DECLARERS = {"N": Seat.NORTH, "E": Seat.EAST, "S": Seat.SOUTH, "W": Seat.WEST}
_DECLARERS.update(HANDS)
_PASSES = frozenset({"PASS", "PASSED", "P", "AP", "ALL PASS", "PASSED OUT"})
_PUBLISHED_IMPS = ("BUTLER_POINTS", "CROSS_IMP_POINTS", "IMPS", "IMP_POINTS")


_NOTHING = PublishedLine()


def outcome(contract_text: str, played_by: str, tricks_text: str, score_text: str) -> Outcome:
    """The outcome of a line from its ``CONTRACT``, ``PLAYED_BY``, ``TRICKS`` and ``SCORE``; a
    :class:`ParseError` says what is missing or impossible."""
    artificial = values.artificial(score_text) if score_text.upper().startswith("A") else None
    if artificial is not None:
        return artificial
    if contract_text.upper() in _PASSES:
        return Result(Contract.PASSED_OUT, None)
    if not contract_text:
        score = values.integer(score_text or None)
        return NotPlayed() if score is None else AssignedScore(score)
    contract = parse_contract(contract_text)
    declarer = contract.declarer or _DECLARERS.get(played_by.upper())
    if declarer is None:
        raise ParseError(
            N_("who declared {contract}? PLAYED_BY is {text!r}"), contract=contract, text=played_by
        )
    tricks = values.integer(tricks_text or None)
    if tricks is None:
        raise ParseError(
            N_("{contract} has no result: how many tricks did declarer take?"), contract=contract
        )
    if not 0 <= tricks <= 13:
        raise ParseError(N_("{tricks} tricks is impossible: declarer takes 0 to 13 tricks"), tricks=tricks)
    return Result(contract.with_declarer(declarer), tricks)


def published_line(
    element: ElementTree.Element,
    happened: Outcome,
    score_text: str,
    room: Room | None,
    board_imps: Decimal | None,
) -> PublishedLine | None:
    """The numbers *element* published (its score, matchpoints, percentages, IMPs; at teams the
    open room's line carries the board's *board_imps*), ``None`` if none."""
    get = element.findtext
    imps_ns = imps_ew = None
    for name in _PUBLISHED_IMPS:
        if element.find(f"NS_{name}") is not None or element.find(f"EW_{name}") is not None:
            imps_ns = values.decimal(get(f"NS_{name}") or None)
            imps_ew = values.decimal(get(f"EW_{name}") or None)
            break
    if room is Room.OPEN and board_imps is not None and imps_ns is None:
        imps_ns, imps_ew = board_imps, -board_imps
    score_ns = None
    if isinstance(happened, Result):
        score_ns = values.integer(score_text or None)
    published = PublishedLine(
        score_ns=score_ns,
        mp_ns=values.decimal(get("NS_MATCH_POINTS") or None),
        mp_ew=values.decimal(get("EW_MATCH_POINTS") or None),
        percentage_ns=values.decimal(get("NS_PERCENTAGE") or None),
        percentage_ew=values.decimal(get("EW_PERCENTAGE") or None),
        imps_ns=imps_ns,
        imps_ew=imps_ew,
    )
    return None if published == _NOTHING else published


def directors_score(happened: Outcome, published: PublishedLine) -> Outcome:
    """The artificial score of a line whose numbers the director set, from its own percentages
    (its IMPs at IMPs), which carry it to the hundredth (``SCORE``'s whole ``A5842`` cannot)."""
    if not isinstance(happened, ArtificialScore):
        return happened
    for ns, ew in (
        (published.percentage_ns, published.percentage_ew),
        (published.imps_ns, published.imps_ew),
    ):
        if ns is not None and ew is not None:
            return ArtificialScore(Fraction(ns), Fraction(ew))
    return happened
