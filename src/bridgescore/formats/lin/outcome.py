"""A LIN board's result: the contract from the auction, declarer's tricks from the play and the claim.

The auction gives the contract and its declarer (:func:`~bridgescore.core.auction.final_contract`);
declarer's tricks are those won in the tricks played plus, when the play stopped, the claim:
``mc`` is the total declarer's side ends with, so it cannot be fewer than they already won,
nor more than that and the tricks left. A board whose auction or play is missing or unfinished
takes its result from the file's ``rs`` line, when it has one::

    >>> from bridgescore.core.auction import parse_call
    >>> from bridgescore.core.play import parse_card
    >>> from bridgescore.core.seat import Seat
    >>> from bridgescore.formats.lin.records import LinBoard, LinCall
    >>> calls = tuple(LinCall(parse_call(c)) for c in "1N p p p".split())
    >>> board = LinBoard(3, dealer=Seat.NORTH, calls=calls, cards=(parse_card("HA"),), claim=8)
    >>> board_result(board, None)
    Result.parse('1NT N +1')
    >>> board_result(LinBoard(3, dealer=Seat.NORTH, calls=calls, claim=14), None)
    Traceback (most recent call last):
    ...
    bridgescore.core.errors.RuleError: a claim of 14 is impossible: declarer has won 0 tricks, 13 are left
"""

from __future__ import annotations

from bridgescore.core.auction import final_contract
from bridgescore.core.contract import Contract, Result
from bridgescore.core.errors import N_, RuleError
from bridgescore.core.play import play_tricks
from bridgescore.formats.lin.records import LinBoard


def board_result(board: LinBoard, written: Result | None) -> Result:
    """The result of *board*: from its auction, play and claim; else *written* (its ``rs`` entry).

    Raises :class:`~bridgescore.core.errors.RuleError` when neither gives one (the auction or the
    play unfinished, nothing claimed, no ``rs``) or when the auction or the play breaks a Law.
    """
    contract = _contract(board, written)
    if contract.is_passed_out:
        if board.cards:
            raise RuleError(N_("cards are played although the board was passed out"))
        return Result(contract, None)
    played = play_tricks(contract, board.cards, board.deal)
    if board.claim is not None:
        if not played.declarer_tricks <= board.claim <= played.declarer_tricks + played.tricks_left:
            raise RuleError(
                N_("a claim of {claim} is impossible: declarer has won {won} tricks, {left} are left"),
                claim=board.claim, won=played.declarer_tricks, left=played.tricks_left,
            )  # fmt: skip
        return Result(contract, board.claim)
    if played.complete:
        return Result(contract, played.declarer_tricks)
    if written is not None and written.contract == contract and written.tricks is not None:
        return written
    if board.cards:
        raise RuleError(
            N_("the play stops after {tricks} trick(s) and nothing is claimed: the result is not known"),
            tricks=played.tricks,
        )
    raise RuleError(N_("the board has no play, no claim and no result: the result is not known"))


def _contract(board: LinBoard, written: Result | None) -> Contract:
    if board.calls:
        if board.dealer is None:
            raise RuleError(N_("the auction cannot be read without the dealer (md gives none)"))
        contract = final_contract(board.dealer, [call.call for call in board.calls])
        if contract is not None:
            return contract
        if written is None:
            raise RuleError(N_("the auction is not over and the file gives no result"))
        return written.contract
    if written is None:
        raise RuleError(N_("the board has no auction and the file gives no result"))
    return written.contract
