"""The ``Scoring`` tag (PBN §3.4.12): the scoring settings it declares, and the tag of settings.

>>> scoring, not_understood = read_scoring("IMP;Cross1;Frobnicate")
>>> scoring.method.value, not_understood, format_scoring(scoring)
('cross-imps', 'frobnicate', 'IMP;Cross1')
"""

from __future__ import annotations

from dataclasses import replace

from bridgescore.core.scoring import ScoringRules, UndertrickTable
from bridgescore.forms.duplicate.settings import (
    Datum,
    MatchpointScale,
    Method,
    Normalisation,
    Scoring,
)


def read_scoring(text: str, competition: str = "") -> tuple[Scoring, str | None]:
    """The scoring a ``Scoring`` tag declares (PBN §3.4.12), and the part of it not understood, if any.

    The words are read together, in any order: a basic system (``MP``, ``IMP``, ``BAM``) and its
    modifiers. ``Butler`` takes the datum from all the scores, ``Butler-2`` drops the top and the
    bottom one; ``Mean`` says the kept scores are averaged (it does not bring the extremes back),
    ``Median`` takes the middle score instead (docs/duplicate.md lists every word).

    >>> read_scoring("MatchPoints;MP1")[0].name, read_scoring("MP2")[0].name
    ('mp', 'mp-acbl')
    >>> s, _ = read_scoring("IMP;Cross1")
    >>> s.method.value, s.cross_imps.normalise.value
    ('cross-imps', 'results')
    >>> read_scoring("IMP;Butler-2")[0].butler.datum.value, read_scoring("IMP", "Teams")[0].name
    ('trimmed-mean', 'teams')
    >>> ruter = read_scoring("IMP;Butler-2;Mean")[0].butler       # Ruter: still one off each end
    >>> ruter.datum.value, ruter.discard
    ('trimmed-mean', 1)
    >>> read_scoring("Mean;Butler-2;IMP")[0].butler == ruter
    True
    """
    words = [
        word.strip().lower() for word in text.replace(",", ";").replace(" ", ";").split(";") if word.strip()
    ]
    known = {word for word in words if word in _SCORING_WORDS}
    unknown = [word for word in words if word not in _SCORING_WORDS]
    scoring = Scoring()
    if "mp2" in known:
        scoring = replace(scoring, matchpoints=replace(scoring.matchpoints, scale=MatchpointScale.ONE_HALF))
    if "oldmp" in known:
        scoring = replace(scoring, contract=ScoringRules(undertricks=UndertrickTable.PRE_1987))
    if known & {"butler", "butler-2", "mean", "median"}:
        if "median" in known:
            butler = replace(scoring.butler, datum=Datum.MEDIAN)
        elif "butler-2" in known:
            butler = replace(scoring.butler, datum=Datum.TRIMMED_MEAN, discard=1)
        else:
            butler = replace(scoring.butler, datum=Datum.MEAN)
        scoring = replace(scoring, butler=butler)
    crosses = [word for word in ("cross2", "cross1", "cross") if word in known]
    if crosses:
        normalise = {
            "cross": Normalisation.NONE,
            "cross1": Normalisation.RESULTS,
            "cross2": Normalisation.COMPARISONS,
        }[crosses[0]]
        scoring = replace(scoring, cross_imps=replace(scoring.cross_imps, normalise=normalise))
    imps = bool(known & {"imp", "imps", "imp_1961"})
    if known & {"teams", "bam", "board-a-match"} or (imps and competition.lower() == "teams"):
        method = Method.TEAMS
    elif crosses:
        method = Method.CROSS_IMPS
    elif imps or known & {"butler", "butler-2", "mean", "median"}:
        method = Method.BUTLER
    else:
        method = Method.MATCHPOINTS
    return replace(scoring, method=method), (";".join(unknown) or None)


_SCORING_WORDS = frozenset({
    "mp", "matchpoints", "matchpoint", "mp1", "mp2", "emp", "oldmp",
    "imp", "imps", "imp_1961", "teams", "bam", "board-a-match",
    "butler", "butler-2", "mean", "median", "cross", "cross1", "cross2",
})  # fmt: skip
"""The ``Scoring`` words bridgescore reproduces (docs/duplicate.md: every word of PBN §3.4.12)."""


def format_scoring(scoring: Scoring) -> str:
    """The ``Scoring`` tag of *scoring* (settings PBN cannot name — a trimmed percentage, a cap — are
    not written).

    >>> format_scoring(Scoring.named("mp-acbl")), format_scoring(Scoring.named("cross-imps"))
    ('MatchPoints;MP2', 'IMP;Cross2')
    """
    if scoring.method is Method.MATCHPOINTS:
        words = ["MatchPoints", "MP2" if scoring.matchpoints.scale is MatchpointScale.ONE_HALF else "MP1"]
    elif scoring.method is Method.BUTLER:
        datum = scoring.butler.datum
        words = ["IMP", "Butler"] if datum is not Datum.TRIMMED_MEAN else ["IMP", "Butler-2"]
        if datum is Datum.MEDIAN:
            words = ["IMP", "Butler", "Median"]
    elif scoring.method is Method.CROSS_IMPS:
        words = [
            "IMP",
            {
                Normalisation.NONE: "Cross",
                Normalisation.RESULTS: "Cross1",
                Normalisation.COMPARISONS: "Cross2",
            }[scoring.cross_imps.normalise],
        ]
    else:
        words = ["IMP"]
    if scoring.contract.undertricks is UndertrickTable.PRE_1987:
        words.append("OldMP")
    return ";".join(words)
