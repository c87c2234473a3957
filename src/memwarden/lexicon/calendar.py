"""The calendar's words, in calendar order: the one list of month and weekday names every reader of dates
builds from (claims' time expressions, trust's values and names, governance's change cues, training's
LoCoMo dates). Abbreviations stay with their readers: which ones count ("sept", "weds", "thurs") differs
with what a reader must not misread ("mar", "sun", "sat" are words too)."""

from __future__ import annotations

__all__ = ["MONTHS", "UNAMBIGUOUS_MONTHS", "WEEKDAYS", "alt"]

MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
          "november", "december")
#: The months that are no everyday word: "may" is also the verb ("I may go").
UNAMBIGUOUS_MONTHS = tuple(m for m in MONTHS if m != "may")
WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")


def alt(words: tuple[str, ...]) -> str:
    """The words as a regex alternation in calendar order ("january|february|...")."""
    return "|".join(words)
