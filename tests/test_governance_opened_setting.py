"""Session 25 (issue 12): a taste, rule or habit that opens on the setting it is stated for ("for band practice I ...",
"at my gran's it's ...", "when I'm at the stables I ...") and a request that names nothing of that setting: it is
stated for another setting (``constrain_to_scope``); a request in that setting, or an opening that names no setting
("for the record", "for now", "in our house"), leaves it in use.

Written for this file in everyday wording; none of it comes from a case file. Both sides each time.
"""

from __future__ import annotations

import pytest
from governance_support import one_policy

from memwarden.governance.matter import other_setting, setting_opened
from memwarden.providers.embedder import default_embedder


@pytest.fixture(scope="module")
def emb():  # type: ignore[no-untyped-def]
    return default_embedder()


_policy = one_policy


@pytest.mark.parametrize(("memory", "setting"), [
    ("for band practice I always bring the spare strings", "band practice"),
    ("at my gran's it's slippers on, she's got cream carpets", "my gran's"),
    ("when I'm at the stables I keep my phone in the tack room", "the stables"),
    ("The user: for the quiz night flyers, Comic Sans is banned", "the quiz night flyers"),
])
def test_the_setting_a_statement_opens_on(memory: str, setting: str) -> None:
    assert setting_opened(memory) == setting


@pytest.mark.parametrize("memory", [
    "for the record I'd always take the window seat",
    "for now I'm off dairy",
    "in our house we eat at the table, no trays",
    "at the moment I get the 7:50 bus",
    "I always bring the spare strings to band practice",   # no opening setting
    "for my own stuff I write in plain text",              # the user's own: the settings lexicon reads it
])
def test_openings_that_name_no_setting(memory: str) -> None:
    assert setting_opened(memory) is None


@pytest.mark.parametrize(("memory", "request_", "elsewhere"), [
    ("for band practice I always bring the spare strings", "what should I pack for my cousin's christening?", True),
    ("for band practice I always bring the spare strings", "packing for band practice tonight, what do I need?", False),
    ("at my gran's it's slippers on, she's got cream carpets", "what shoes for the bowling alley on friday?", True),
    ("at the office we only use the blue template", "make me slides for my team's meeting", False),  # same kind of setting
])
def test_the_request_names_the_setting_or_not(memory: str, request_: str, elsewhere: bool) -> None:
    assert other_setting(memory, request_) is elsewhere


def test_a_habit_kept_for_one_setting_stays_there(emb) -> None:  # type: ignore[no-untyped-def]
    # fails on main: the food bank's rule was put to use for the user's own cupboard
    assert _policy(emb, "at the food bank we only hand out tins with at least a month on the date",
                   "can I still eat this tin of beans from my cupboard, it's a week past its date?") == "constrain_to_scope"


def test_a_habit_kept_for_one_setting_is_used_there(emb) -> None:  # type: ignore[no-untyped-def]
    assert _policy(emb, "at the food bank we only hand out tins with at least a month on the date",
                   "sorting donations at the food bank tomorrow, which tins do I keep?") == "use"


def test_an_aside_is_no_setting(emb) -> None:  # type: ignore[no-untyped-def]
    assert _policy(emb, "for the record I can't stand olives", "what pizza should I order for myself tonight?") == "use"
