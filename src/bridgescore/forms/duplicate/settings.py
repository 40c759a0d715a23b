"""How a duplicate event is scored: the method and its settings, whose defaults are the law.

Every choice a director or a scoring program makes — the matchpoint scale, what an average-plus
is worth, how the Butler datum is trimmed and rounded, how cross-IMPs are normalised — is a
field here, stored with the event (:attr:`~bridgescore.forms.duplicate.model.Event.scoring`) so
that its results can always be reproduced (rules §4.3–§4.8).

    >>> Scoring().method, Scoring().matchpoints.scale
    (<Method.MATCHPOINTS: 'mp'>, <MatchpointScale.TWO_ONE: '2/1'>)
    >>> Scoring.named("mp-acbl").matchpoints.scale
    <MatchpointScale.ONE_HALF: '1/0.5'>
    >>> Scoring.named("butler").butler.datum
    <Datum.TRIMMED_MEAN: 'trimmed-mean'>
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import Enum, StrEnum
from fractions import Fraction
from typing import Any

from bridgescore.core import numbers
from bridgescore.core.errors import N_, ParseError, RuleError, Term
from bridgescore.core.scoring import LAW, ScoringRules, UndertrickTable

__all__ = [
    "ArtificialScores",
    "ButlerSettings",
    "CrossImpSettings",
    "Datum",
    "DatumRounding",
    "MatchpointScale",
    "MatchpointSettings",
    "Method",
    "MissedBoards",
    "Normalisation",
    "Scoring",
    "TeamsSettings",
    "parse_scoring",
    "scoring_text",
]


class Method(StrEnum):
    """The scoring method of an event (the CLI's ``--scoring``)."""

    MATCHPOINTS = "mp"
    """Pairs matchpoints (Law 78A)."""
    BUTLER = "butler"
    """Pairs IMPs against a datum (rules §4.6)."""
    CROSS_IMPS = "cross-imps"
    """Pairs IMPs against every other result (rules §4.7)."""
    TEAMS = "teams"
    """Teams: IMPs between the two rooms of a match, then victory points (rules §4.8)."""


class MatchpointScale(Enum):
    """Matchpoints per score beaten and per score tied (rules §4.3)."""

    TWO_ONE = "2/1"
    """Law 78A, used internationally: 2 per score beaten, 1 per tie; the top is 2(n − 1)."""
    ONE_HALF = "1/0.5"
    """The North-American habit: 1 per score beaten, ½ per tie; the top is n − 1."""

    @property
    def win(self) -> Fraction:
        """Matchpoints for each score beaten."""
        return Fraction(2) if self is MatchpointScale.TWO_ONE else Fraction(1)

    @property
    def tie(self) -> Fraction:
        """Matchpoints for each score tied."""
        return self.win / 2


@dataclass(frozen=True, slots=True)
class ArtificialScores:
    """What average-plus, average and average-minus are worth at matchpoints, in percent (Law 12C).

    The law says *at least* 60 %, 50 %, *at most* 40 %. Some organisers give a pair "60 % or its
    session percentage if higher" (and "40 % or its session percentage if lower"): that is
    ``session_percentage_if_better`` (rules §4.4).
    """

    average_plus: Fraction = Fraction(60)
    average: Fraction = Fraction(50)
    average_minus: Fraction = Fraction(40)
    session_percentage_if_better: bool = False

    def __post_init__(self) -> None:
        for value in (self.average_plus, self.average, self.average_minus):
            if not isinstance(value, Fraction | int) or not 0 <= value <= 100:
                raise RuleError(
                    N_("an artificial score is a percentage 0 to 100, not {value!r}"), value=value
                )


class MissedBoards(Enum):
    """How a session total treats boards a pair did not play (no score at all, not even an average)."""

    PERCENTAGE_OF_PLAYED = "played"
    """The percentage is over the boards played (Σ MP ÷ Σ tops of those boards); the total is the
    matchpoints scored. The common rule, and what the shared Ruter and Compscore files do."""
    FACTORED_TOTAL = "factored"
    """As ``PERCENTAGE_OF_PLAYED``, and the total is scaled up to the full number of boards (the
    most boards any participant of the section played; Compscore3)."""
    FACTORED_BY_DIRECTION = "factored-direction"
    """As ``FACTORED_TOTAL``, scaled up to the most boards played by a participant of the same
    direction (in a Mitchell, North-South and East-West separately; in one field, the same)."""


@dataclass(frozen=True, slots=True)
class MatchpointSettings:
    """Matchpoint scoring: the scale, Neuberg, artificial scores, missed boards."""

    scale: MatchpointScale = MatchpointScale.TWO_ONE
    neuberg: bool = True
    """Factor a board with fewer results than the most played (or with artificial scores) up to
    the full top by Neuberg's formula (rules §4.5). Off: matchpoints over the results there are."""
    artificial: ArtificialScores = field(default_factory=ArtificialScores)
    missed_boards: MissedBoards = MissedBoards.PERCENTAGE_OF_PLAYED
    neuberg_factor_places: int | None = None
    """Round Neuberg's factor N/n to this many decimal places before using it (``None``: exact).
    Compscore3 does so with 4 places (1.0556 for 19/18); the law's formula is exact."""
    missing_as_ties: bool = False
    """On a board with fewer results than the most played, count each missing comparison as a
    tie instead of factoring by Neuberg: a line's raw matchpoints plus a tie's worth for every
    missing result, on the full top (some UK club programs; issue 22). Top 6 with three results
    gives 5 / 3 / 1, where Neuberg gives 5.67 / 3 / 0.33. Takes the place of ``neuberg``."""

    @property
    def full_top(self) -> bool:
        """Whether a board with fewer results is scored on the section's full top (by Neuberg,
        or with the missing comparisons counted as ties) rather than on its own.

        >>> MatchpointSettings().full_top, MatchpointSettings(neuberg=False).full_top
        (True, False)
        >>> MatchpointSettings(neuberg=False, missing_as_ties=True).full_top
        True
        """
        return self.neuberg or self.missing_as_ties

    def __post_init__(self) -> None:
        if self.neuberg_factor_places is not None and not 0 <= self.neuberg_factor_places <= 12:
            raise RuleError(
                N_("Neuberg's factor is rounded to 0–12 places, not {value!r}"),
                value=self.neuberg_factor_places,
            )


class Datum(StrEnum):
    """How a Butler datum is taken from a board's North-South scores (rules §4.6)."""

    TRIMMED_MEAN = "trimmed-mean"
    """The mean after discarding the extreme scores (``ButlerSettings.discard`` at each end)."""
    MEAN = "mean"
    """The mean of all scores (PBN ``Butler``)."""
    MEDIAN = "median"
    """The median score (PBN modifier ``Median``); the mean of the middle two when n is even."""


class DatumRounding(StrEnum):
    """How a datum is rounded to a multiple of 10 (all bridge scores are)."""

    HALF_AWAY_FROM_ZERO = "half-away"
    """Nearest 10, an exact 5 away from zero: 475 → 480, −475 → −480 (the default)."""
    HALF_UP = "half-up"
    """Nearest 10, an exact 5 upwards: −475 → −470 (JavaScript ``Math.round``, bridge-scorer)."""
    NONE = "none"
    """No rounding: the exact mean (IMPs are then looked up for a fractional difference)."""


class Normalisation(StrEnum):
    """What a cross-IMP sum is divided by (rules §4.7)."""

    COMPARISONS = "comparisons"
    """By the number of comparisons, n − 1 (PBN ``Cross2``; the common choice)."""
    RESULTS = "results"
    """By the number of results, n (PBN ``Cross1``)."""
    NONE = "none"
    """Not divided: the plain sum (PBN ``Cross``)."""


@dataclass(frozen=True, slots=True)
class ButlerSettings:
    """Butler (IMPs against a datum): how the datum is found and rounded."""

    datum: Datum = Datum.TRIMMED_MEAN
    discard: int = 1
    """Scores discarded at *each* end for a trimmed mean (one copy of a tied extreme)."""
    discard_percent: int = 0
    """If set, discard this percentage of the scores (rounded down) at each end instead."""
    rounding: DatumRounding = DatumRounding.HALF_AWAY_FROM_ZERO
    artificial_imps: Fraction = Fraction(3)
    """What average-plus is worth (average-minus is its negation): ±3 IMPs (Law 12C2(b))."""

    def __post_init__(self) -> None:
        if self.discard < 0 or not 0 <= self.discard_percent < 50:
            raise RuleError(N_("a Butler datum cannot discard {value} scores"), value=self.discard)


@dataclass(frozen=True, slots=True)
class CrossImpSettings:
    """Cross-IMPs: the normalisation, and a cap per comparison (Polish "Cavendish", 17 IMPs)."""

    normalise: Normalisation = Normalisation.COMPARISONS
    cap: int | None = None
    artificial_imps: Fraction = Fraction(3)

    def __post_init__(self) -> None:
        if self.cap is not None and not 1 <= self.cap <= 24:
            raise RuleError(N_("an IMP cap is 1 to 24, not {value!r}"), value=self.cap)


@dataclass(frozen=True, slots=True)
class TeamsSettings:
    """Teams: IMPs between the rooms, victory points on the WBF continuous scale."""

    artificial_imps: Fraction = Fraction(3)
    victory_points: bool = True
    """Convert each match's IMP margin to WBF victory points (else rank on IMPs)."""
    match_boards: int | None = None
    """The boards of a match a league summary gives without its boards (its VP scale); ``None``:
    the board count that reproduces the most of the summary's victory points."""


_NAMES = {
    "mp": Method.MATCHPOINTS,
    "mp-acbl": Method.MATCHPOINTS,
    "butler": Method.BUTLER,
    "cross-imps": Method.CROSS_IMPS,
    "teams": Method.TEAMS,
}


@dataclass(frozen=True, slots=True)
class Scoring:
    """The method and every setting of every method; the defaults are the law (rules §4)."""

    method: Method = Method.MATCHPOINTS
    matchpoints: MatchpointSettings = field(default_factory=MatchpointSettings)
    butler: ButlerSettings = field(default_factory=ButlerSettings)
    cross_imps: CrossImpSettings = field(default_factory=CrossImpSettings)
    teams: TeamsSettings = field(default_factory=TeamsSettings)
    contract: ScoringRules = LAW

    @property
    def name(self) -> str:
        """The CLI name of this scoring: ``mp``, ``mp-acbl``, ``butler``, ``cross-imps``, ``teams``."""
        if self.method is Method.MATCHPOINTS and self.matchpoints.scale is MatchpointScale.ONE_HALF:
            return "mp-acbl"
        return self.method.value

    @classmethod
    def named(cls, name: str, base: Scoring | None = None) -> Scoring:
        """The scoring the CLI calls *name*, keeping the other settings of *base*.

        >>> Scoring.named("cross-imps").method
        <Method.CROSS_IMPS: 'cross-imps'>
        """
        key = name.strip().lower()
        if key not in _NAMES:
            raise ParseError(
                N_("unknown scoring {name!r}: give {accepted}"),
                name=name, accepted=Term(N_("mp, mp-acbl, butler, cross-imps or teams")),
            )  # fmt: skip
        base = base or cls()
        scale = MatchpointScale.ONE_HALF if key == "mp-acbl" else MatchpointScale.TWO_ONE
        matchpoints = (
            replace(base.matchpoints, scale=scale)
            if _NAMES[key] is Method.MATCHPOINTS
            else (base.matchpoints)
        )
        return replace(base, method=_NAMES[key], matchpoints=matchpoints)


# --- settings as text: stored with an event in a file, so its results can be reproduced ---------

_YES_NO = {"yes": True, "no": False}


def _fraction_text(value: Fraction) -> str:
    value = Fraction(value)
    return str(value.numerator) if value.denominator == 1 else str(value)


def _optional_int(text: str) -> int | None:
    return None if text == "none" else numbers.whole(text)


# key, (group, field), reader, writer
_FIELDS: tuple[tuple[str, tuple[str, str], Any, Any], ...] = (
    ("scale", ("matchpoints", "scale"), MatchpointScale, lambda v: v.value),
    ("neuberg", ("matchpoints", "neuberg"), _YES_NO.__getitem__, lambda v: "yes" if v else "no"),
    ("missed", ("matchpoints", "missed_boards"), MissedBoards, lambda v: v.value),
    ("factor-places", ("matchpoints", "neuberg_factor_places"), _optional_int, str),
    ("missing-ties", ("matchpoints", "missing_as_ties"), _YES_NO.__getitem__, lambda v: "yes" if v else "no"),
    ("a+", ("artificial", "average_plus"), Fraction, _fraction_text),
    ("a", ("artificial", "average"), Fraction, _fraction_text),
    ("a-", ("artificial", "average_minus"), Fraction, _fraction_text),
    ("session-if-better", ("artificial", "session_percentage_if_better"), _YES_NO.__getitem__,
     lambda v: "yes" if v else "no"),
    ("datum", ("butler", "datum"), Datum, lambda v: v.value),
    ("discard", ("butler", "discard"), int, str),
    ("discard-percent", ("butler", "discard_percent"), int, str),
    ("rounding", ("butler", "rounding"), DatumRounding, lambda v: v.value),
    ("butler-artificial", ("butler", "artificial_imps"), Fraction, _fraction_text),
    ("normalise", ("cross_imps", "normalise"), Normalisation, lambda v: v.value),
    ("cap", ("cross_imps", "cap"), _optional_int, lambda v: "none" if v is None else str(v)),
    ("cross-artificial", ("cross_imps", "artificial_imps"), Fraction, _fraction_text),
    ("teams-artificial", ("teams", "artificial_imps"), Fraction, _fraction_text),
    ("vp", ("teams", "victory_points"), _YES_NO.__getitem__, lambda v: "yes" if v else "no"),
    ("match-boards", ("teams", "match_boards"), _optional_int, lambda v: "none" if v is None else str(v)),
    ("undertricks", ("contract", "undertricks"), UndertrickTable, lambda v: v.value),
    ("redoubled-insult", ("contract", "redoubled_insult"), int, str),
)  # fmt: skip


def _group(scoring: Scoring, name: str) -> Any:
    if name == "artificial":
        return scoring.matchpoints.artificial
    return getattr(scoring, name)


def _with(scoring: Scoring, group: str, name: str, value: Any) -> Scoring:
    if group == "artificial":
        artificial = replace(scoring.matchpoints.artificial, **{name: value})
        return replace(scoring, matchpoints=replace(scoring.matchpoints, artificial=artificial))
    return replace(scoring, **{group: replace(getattr(scoring, group), **{name: value})})


def scoring_text(scoring: Scoring) -> str:
    """The scoring as one line: its name, then every setting that differs from the law.

    >>> scoring_text(Scoring())
    'mp'
    >>> factored = MatchpointSettings(missed_boards=MissedBoards.FACTORED_TOTAL, neuberg_factor_places=4)
    >>> scoring_text(replace(Scoring(), matchpoints=factored))
    'mp;missed=factored;factor-places=4'
    """
    default = Scoring()
    parts = [scoring.name]
    for key, (group, name), _reader, writer in _FIELDS:
        if key == "scale":
            continue  # the name says it (mp or mp-acbl)
        value = getattr(_group(scoring, group), name)
        if value != getattr(_group(default, group), name):
            parts.append(f"{key}={writer(value)}")
    return ";".join(parts)


def parse_scoring(text: str) -> Scoring:
    """Read what :func:`scoring_text` writes (spaces and case are free).

    >>> parse_scoring("cross-imps; cap=17").cross_imps.cap
    17
    >>> parse_scoring(scoring_text(Scoring.named("mp-acbl"))) == Scoring.named("mp-acbl")
    True
    """
    fields = [part.strip() for part in text.split(";") if part.strip()]
    if not fields:
        raise ParseError(N_("no scoring given"))
    scoring = Scoring.named(fields[0])
    readers = {key: (path, reader) for key, path, reader, _writer in _FIELDS}
    for entry in fields[1:]:
        key, _, value = (piece.strip().lower() for piece in entry.partition("="))
        if key not in readers or not value:
            raise ParseError(N_("unknown scoring setting {entry!r}"), entry=entry)
        (group, name), reader = readers[key]
        try:
            parsed = reader(value)
        except (ValueError, KeyError, ZeroDivisionError):
            raise ParseError(N_("{value!r} is not a value of the scoring setting {key}"), value=value,
                             key=key) from None  # fmt: skip
        scoring = _with(scoring, group, name, parsed)
    return scoring
