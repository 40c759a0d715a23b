"""The files dealing machines read: BRI written and read; Duplimate's DUP and Dealmaster's DLM read.

What was found of each format, and so what is done with it, is in docs/boards.md. In short:

* **BRI** — per board 78 digits: North's 13 cards, then East's and South's, each card two
  digits from ``01`` (♠A) to ``52`` (♣2) in the order ♠ ♥ ♦ ♣, ace to two; West holds the
  other 13. No board numbers: the boards follow one another from board 1, one a line (CRLF).
* **DUP** — per board 156 bytes: the 78 of BRI, then 68 of the four hands written out with
  suit symbols (whose bytes no description gives), then 10 for the machine: random hands
  (``Y``/``N``), counting backwards (``Y``/``N``), the lowest board number (3 bytes), copies of
  each board (2) and the highest board number (3), left-aligned and padded with spaces. Read
  from its BRI part and lowest board number; not written, since the symbols' bytes are unknown.
* **DLM** — an INI file whose ``[Document]`` section has ``Board NN=`` and 26 letters ``a``–``p``
  then a three-digit checksum: each letter places two cards, in the order above, as
  ``4 × first + second`` (seats N E S W counted 0–3) plus one. Read; the checksum is not
  checked and not written, since its rule is not published.

    >>> from bridgescore.core.deal import Deal
    >>> deal = Deal.parse("N:AJT984.6.Q32.KJ9 7652.QT83.T54.32 Q.7542.K987.QT64 K3.AKJ9.AJ6.A875")
    >>> text = dumps_bri([deal])
    >>> text[:26], len(text)
    ('01040506071122293839414345', 80)
    >>> loads_bri(text) == [deal]
    True
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from bridgescore.core.card import Card
from bridgescore.core.deal import Deal
from bridgescore.core.dealing import PACK
from bridgescore.core.errors import N_, ParseError
from bridgescore.core.hand import Hand
from bridgescore.core.seat import SEAT_NAMES, Seat

BRI_RECORD = 78
"""Digits a board takes in a BRI file (and in a DUP file's first part)."""
DUP_RECORD = 156
"""Bytes a board takes in a DUP file."""

_NUMBER = {card: index + 1 for index, card in enumerate(PACK)}
_SEATS = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)


def bri_record(deal: Deal) -> str:
    """The 78 digits of one deal: North's, East's and South's cards, each hand from the ♠A down."""
    return "".join(
        f"{_NUMBER[card]:02d}"
        for seat in _SEATS[:3]
        for card in sorted(deal.hand(seat).cards, key=_NUMBER.__getitem__)
    )


def dumps_bri(deals: Iterable[Deal]) -> str:
    """A BRI file: one line of 78 digits a board, from board 1, lines ended by CRLF."""
    return "".join(bri_record(deal) + "\r\n" for deal in deals)


def read_bri_record(digits: str) -> Deal:
    """The deal of 78 BRI digits."""
    if len(digits) != BRI_RECORD or not digits.isascii() or not digits.isdigit():
        raise ParseError(
            N_("a BRI record is 78 digits (three hands of 13 cards, 01 to 52), not {text!r}"),
            text=digits,
        )
    numbers = [int(digits[index : index + 2]) for index in range(0, BRI_RECORD, 2)]
    wrong = [number for number in numbers if not 1 <= number <= 52]
    if wrong:
        raise ParseError(N_("{number} is not a card: cards are 01 to 52"), number=wrong[0])
    held: dict[Seat, list[Card]] = {
        seat: [PACK[n - 1] for n in numbers[13 * i : 13 * i + 13]] for i, seat in enumerate(_SEATS[:3])
    }
    seen: set[Card] = set()
    for cards in held.values():
        for card in cards:
            if card in seen:
                raise ParseError(N_("card {card} is dealt twice"), card=card.format())
            seen.add(card)
    held[Seat.WEST] = [card for card in PACK if card not in seen]
    return Deal(*(Hand(frozenset(held[seat])) for seat in _SEATS))


Board = tuple[int, Deal | ParseError]
"""A board of a machine's file: its number and its deal, or why its record is not a deal."""


def bri_boards(text: str) -> list[Board]:
    """Each board of a BRI file, board 1 first (line ends and spaces between records are ignored)."""
    digits = re.sub(r"\s+", "", text)
    if len(digits) % BRI_RECORD:
        raise ParseError(
            N_(
                "a BRI file is 78 digits a board; this one has {count}, which is not a whole number of boards"
            ),
            count=len(digits),
        )
    return [
        (
            start // BRI_RECORD + 1,
            _read(read_bri_record, digits[start : start + BRI_RECORD]),
        )
        for start in range(0, len(digits), BRI_RECORD)
    ]


def loads_bri(text: str) -> list[Deal]:
    """The deals of a BRI file, board 1 first; the first bad record is refused, its board named."""
    return [_deal(board, found) for board, found in bri_boards(text)]


def dup_boards(data: bytes) -> list[Board]:
    """Each board of a DUP file: its number (from the set's lowest) and its deal (from its BRI part)."""
    records = []
    position = 0
    while position < len(data):
        if data[position : position + 1] in (b"\r", b"\n", b"\x1a"):  # line ends, DOS end of file
            position += 1
            continue
        records.append(data[position : position + DUP_RECORD])
        position += DUP_RECORD
    boards: list[Board] = []
    for index, record in enumerate(records):
        if len(record) != DUP_RECORD:
            error = ParseError(
                N_("a DUP record is 156 bytes, the last one has {count}"),
                count=len(record),
            )
            boards.append((index + 1, error))
            continue
        lowest = record[148:151].decode("latin-1").strip()
        number = (int(lowest) if lowest.isdigit() and int(lowest) >= 1 else 1) + index
        boards.append((number, _read(read_bri_record, record[:BRI_RECORD].decode("latin-1"))))
    return boards


_DLM_BOARD = re.compile(r"^\s*Board\s*(\d+)\s*=\s*(\S*?)\d*\s*$", re.IGNORECASE)


def read_dlm_record(letters: str) -> Deal:
    """The deal of a DLM board's 26 letters ``a``–``p``."""
    if not re.fullmatch(r"[a-p]{26}", letters):
        raise ParseError(
            N_("a DLM board is 26 letters a to p (two cards each), not {text!r}"),
            text=letters,
        )
    holders: list[Seat] = []
    for letter in letters:
        pair = ord(letter) - ord("a")
        holders.extend((_SEATS[pair // 4], _SEATS[pair % 4]))
    held = {
        seat: frozenset(card for card, holder in zip(PACK, holders, strict=True) if holder is seat)
        for seat in _SEATS
    }
    wrong = [seat for seat in _SEATS if len(held[seat]) != 13]
    if wrong:
        raise ParseError(
            N_("{seat} has {count} cards, not 13"),
            seat=SEAT_NAMES[wrong[0]],
            count=len(held[wrong[0]]),
        )
    return Deal(*(Hand(held[seat]) for seat in _SEATS))


def dlm_boards(text: str) -> list[Board]:
    """Each board of a DLM file's ``[Document]`` section: ``Board 01=``, 26 letters (checksum ignored)."""
    boards: list[Board] = []
    in_document = False
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("[") and stripped.endswith("]"):
            in_document = stripped[1:-1].strip().lower() == "document"
            continue
        found = _DLM_BOARD.match(line) if in_document else None
        if found is not None:
            number = int(found.group(1))
            boards.append((number, _read(read_dlm_record, found.group(2).lower())))
    return boards


def _read(reader: Callable[[str], Deal], text: str) -> Deal | ParseError:
    try:
        return reader(text)
    except ParseError as error:
        return error


def _deal(board: int, found: Deal | ParseError) -> Deal:
    if isinstance(found, ParseError):
        raise ParseError(N_("board {board}: {problem}"), board=board, problem=found)
    return found
