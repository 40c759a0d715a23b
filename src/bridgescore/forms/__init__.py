"""The forms of scoring — rubber, Chicago, compensation, duplicate — each a fold over a log of deals.

A form is an immutable state and ``apply(state, deal) -> state``; its standings are a pure
function of the deal log, so correcting deal 3 means replaying the log (docs/ARCHITECTURE.md).
"""
