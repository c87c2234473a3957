"""Dates said with their weekday in the twelve development sets' messages (session 10, issue 10 item 1):
each expression holding a weekday and a day's number, resolved against its session's clock, and the ones
whose resolved day is not that weekday (a wrong year, month or day/month order, or a month not read).

    PYTHONPATH=src python bench/weekday_dates.py [-v]
"""

from __future__ import annotations

import json
import re
import sys
from datetime import datetime

from _sets import SCENARIO_SETS

from memwarden.claims.timex import clause_tense, find_times
from memwarden.claims.timex_calendar import WD_NUM

_WD_WORD = re.compile(r"\b(mon|tue|tues|wed|weds|thu|thur|thurs|fri|sat|sun)[a-z]*\b", re.I)


def weekday_said(text: str) -> int | None:
    for m in _WD_WORD.finditer(text):
        word = m.group(0).lower()
        if word in WD_NUM or word.endswith("day") and word[:3] in WD_NUM:
            return WD_NUM[word[:3] if word.endswith("day") else word]
    return None


def main(verbose: bool) -> None:
    total = wrong = 0
    for author, (name, path) in enumerate(SCENARIO_SETS.items(), 1):
        data = json.load(open(path))
        n = bad = 0
        for scenario in data["scenarios"] if isinstance(data, dict) else data:
            for session in scenario.get("sessions", []):
                clock = datetime.fromisoformat(session["ts"].replace("Z", "+00:00"))
                for msg in session["messages"]:
                    text = msg["content"]
                    for hit in find_times(text, clock, clause_tense(text)):
                        wd = weekday_said(hit.text)
                        if hit.begin is None or wd is None or not re.search(r"\d", hit.text):
                            continue
                        n += 1
                        if hit.begin.weekday() != wd:
                            bad += 1
                            if verbose:
                                print(f"  {name} {scenario['id']} {session['ts'][:10]}: {hit.text!r} -> {hit.begin.date()}")
        print(f"{name:>10}: {n} weekday dates, {bad} not on their weekday")
        total, wrong = total + n, wrong + bad
    print(f"{'all':>10}: {total} weekday dates, {wrong} not on their weekday")


if __name__ == "__main__":
    main("-v" in sys.argv)
