"""Session 12: a turn stored as several memories is read as one statement when a newer turn is compared with an
older memory (the change word in one fragment, the new value in another); a change of the user's ways replaces no
report or held view of how things are. Wording written for these tests, none of it from an eval set; the misfire
lists are ordinary turns that must replace nothing."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from test_governance_kinds_s6 import emb  # noqa: F401 - the module's embedder fixture

from memwarden.governance.features import _turns
from memwarden.governance.joint import MemoryInput
from memwarden.governance.policy import MemoryView, classify

OLD = datetime(2026, 1, 10, 9, 0, tzinfo=timezone.utc)
NEW = datetime(2026, 4, 2, 18, 30, tzinfo=timezone.utc)


def _policies(emb, query: str, old: str, turn: list[str], *, speaker: str = "user") -> list[str]:  # type: ignore[no-untyped-def]
    """The older memory first, then the newer turn's fragments, all stated at one moment."""
    views = [MemoryView(id="old", text=old, speaker="user", time=OLD)] + [
        MemoryView(id=f"t{k}", text=x, speaker=speaker, time=NEW) for k, x in enumerate(turn)]
    return [u.policy for u in classify(emb, query, [], views)]


def test_turns_group_one_moment_and_one_speaker() -> None:
    t = datetime(2026, 1, 1, tzinfo=timezone.utc)
    mems = [MemoryInput(text="a", speaker="user", time=t), MemoryInput(text="b", speaker="user", time=t),
            MemoryInput(text="c", speaker="Sam", time=t), MemoryInput(text="d", speaker="user", time=None),
            MemoryInput(text="e", speaker="user", time=None)]
    assert _turns(mems) == [(0, 1), (0, 1), (2,), (3,), (4,)]  # no clock: each memory its own turn


# A newer turn whose change and new value sit in different fragments: the older memory is replaced.
# (Not here: an older memory of two parts whose asked word the turn leaves out, "my address is 14 Elm Grove, Leeds" /
# "new place is 3 Harbour Row, Whitby": rules.py's "changed another part" test keeps it, as before session 12; nor a
# turn closer than SAME_TOPIC to nothing in the older one, "cancelled the puregym membership" / "joined the climbing
# centre instead" after "I train at PureGym on Kirkstall Road".)
REPLACED = [
    ("what do I pay for broadband?", "broadband is £32 a month with Virgin",
     ["switched provider last week", "it's £24 a month with Zen now"]),
    ("which bank does my salary go into?", "my salary is paid into my Barclays current account",
     ["opened a Monzo account", "asked payroll to pay my salary in there from next month"]),
]


@pytest.mark.parametrize("q,old,turn", REPLACED)
def test_a_turn_read_whole_replaces_what_it_changes(emb, q: str, old: str, turn: list[str]) -> None:  # type: ignore[no-untyped-def]
    assert _policies(emb, q, old, turn)[0] == "superseded"


# Ordinary later turns about something else, with change words in them: the older memory stands.
UNRELATED_TURNS = [
    ("what's my home address?", "my address is 14 Elm Grove, Leeds LS6 2AB",
     ["we moved the sofa into the back room", "it looks much better now"]),
    ("who is my dentist?", "my dentist is Dr Shah at the Mill Lane practice",
     ["started a new job at the library", "the commute is twenty minutes now"]),
    ("when is bin day?", "bins go out on Tuesday mornings",
     ["switched my phone to a new contract", "it's £12 a month now"]),
    ("what's my gym membership?", "I train at PureGym on Kirkstall Road",
     ["changed my mind about the paint", "going with the sage green for the hall"]),
    ("how do I take my coffee?", "I take my coffee black, no sugar",
     ["moved my savings to a fixed rate account", "3.9% for two years"]),
    ("what's my sister's name?", "my sister is called Niamh",
     ["Niamh has a new puppy", "she named it Biscuit"]),
    ("which school is Leo at?", "Leo goes to St Anne's primary",
     ["Leo started swimming lessons", "Saturdays at 10 now"]),
    ("what time does my shift start?", "my shift starts at 7am on weekdays",
     ["I bought a new bike", "got rid of the old one"]),
    ("what's my car's registration?", "my car reg is YK19 TRD",
     ["the garage replaced the brake pads", "they also did the oil"]),
    ("where do I park at work?", "I park in the multi-storey on Wade Lane",
     ["we switched to oat milk at home", "the kids prefer it now"]),
    ("what is my doctor's surgery?", "my GP surgery is Hyde Park Medical Centre",
     ["Mum moved into a care home in Otley", "she seems settled now"]),
    ("what's my wifi password?", "the wifi password is on the router, BlueFox77",
     ["changed the TV package", "we dropped the sports channels"]),
    ("what size shoes do I wear?", "I'm a size 9 in trainers",
     ["switched to a standing desk at work", "my back is better already"]),
    ("what's my allergy?", "I'm allergic to penicillin",
     ["started a new book club on Thursdays", "first book is Piranesi"]),
    ("when is my dentist appointment?", "dentist appointment is 3 March at 2pm",
     ["moved my piano lesson to Friday", "Mrs Patel couldn't do Wednesday any more"]),
    ("who do I bank with?", "I bank with Nationwide",
     ["my brother changed jobs", "he's at the council now"]),
]


@pytest.mark.parametrize("q,old,turn", UNRELATED_TURNS)
def test_a_turn_about_something_else_replaces_nothing(emb, q: str, old: str, turn: list[str]) -> None:  # type: ignore[no-untyped-def]
    assert _policies(emb, q, old, turn)[0] != "superseded"


def _single(emb, query: str, old: str, new: str) -> str:  # type: ignore[no-untyped-def]
    views = [MemoryView(id="old", text=old, speaker="user", time=OLD), MemoryView(id="new", text=new, speaker="user", time=NEW)]
    return classify(emb, query, [], views)[0].policy


# Someone's report or a held view is no arrangement a later change of the user's replaces.
@pytest.mark.parametrize("q,old,new", [
    ("does cracking your knuckles cause arthritis?", "my nan always said cracking your knuckles gives you arthritis",
     "after the wrist op I type with a split keyboard from now on"),
    ("does reading in dim light ruin your eyes?", "Dad always told us reading in dim light ruins your eyes",
     "I read on the kindle at night now"),
])
def test_a_nearby_change_leaves_a_report_or_a_view_alone(emb, q: str, old: str, new: str) -> None:  # type: ignore[no-untyped-def]
    assert _single(emb, q, old, new) != "superseded"
