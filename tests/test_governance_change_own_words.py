"""Session 25 (issue 12): a newer memory that states a change in words of its own, a little further from the older one
than the same-topic reach (``rules.SAID_AGAIN``), on a memory that bears on the request, changed it: the older one is
superseded ("the recycling goes out on a thursday" / "it's every other tuesday from now on" for "when do I put the
recycling out?"). A change about something else, far from it, leaves it in use; so does one the nearer change's guards
stop (a thing moved somewhere, another replaced value, no value of the class asked: ``features``).

Written for this file in everyday wording; none of it comes from a case file. Both sides each time.
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from memwarden.governance.policy import MemoryView, classify
from memwarden.providers.embedder import default_embedder

T0 = datetime(2025, 5, 2, 8, 0, tzinfo=timezone.utc)


@pytest.fixture(scope="module")
def emb():  # type: ignore[no-untyped-def]
    return default_embedder()


def _policy(emb, older: str, newer: str, request: str) -> str:  # type: ignore[no-untyped-def]
    mems = [MemoryView(id="old", text=older, speaker="user", time=T0),
            MemoryView(id="new", text=newer, speaker="user", time=T0 + timedelta(days=40))]
    return classify(emb, request, [], mems)[0].policy


@pytest.mark.parametrize(("older", "newer", "request_"), [
    # fails on main: the change shares no word with the older memory but the change's
    ("the recycling goes out on a thursday", "council sent a letter, it's every other tuesday from now on",
     "when do I put the recycling out?"),
    ("I get paid on the last friday of the month", "new payroll system, wages land on the 15th from now on", "when's payday?"),
])
def test_a_change_in_words_of_its_own_supersedes(emb, older: str, newer: str, request_: str) -> None:  # type: ignore[no-untyped-def]
    assert _policy(emb, older, newer, request_) == "superseded"


@pytest.mark.parametrize(("older", "newer", "request_"), [
    ("the recycling goes out on a thursday", "started a new job in town, I drive in now", "when do I put the recycling out?"),
    ("my locker at the gym is number 40", "moved desks at work, I'm by the window now", "which locker is mine at the gym?"),
    ("my pilates class is wednesdays at 7 in the church hall", "switched my phone to a sim-only deal now, much cheaper",
     "when's my pilates this week?"),
])
def test_a_change_of_something_else_leaves_it(emb, older: str, newer: str, request_: str) -> None:  # type: ignore[no-untyped-def]
    assert _policy(emb, older, newer, request_) == "use"
