"""Session 26 (issue 12): a rule a body keeps (work, a depot, a squad, a school) or a rule kept for another's thing
("Halloran's newsletter has to ...", "for Copperfield ..."), and a request the user places in their own life ("at
home", "my own ...", "my personal ...", "my home ...", a side project, in their spare time) that names neither the
rule's owner nor a body's setting: the rule is stated for another setting (``constrain_to_scope``). A rule that itself
reaches the user's home or own things ("no client data on personal laptops"), a request in the body's setting, and a
taste with no owner are left as they were.

Written for this file in everyday wording; none of it comes from a case file. Both sides each time.
"""

from __future__ import annotations

import pytest
from governance_support import one_policy

from memwarden.governance.matter import kept_elsewhere
from memwarden.providers.embedder import default_embedder


@pytest.fixture(scope="module")
def emb():  # type: ignore[no-untyped-def]
    return default_embedder()


@pytest.mark.parametrize(("memory", "request_"), [
    ("gym rule: wipe every bench down after you use it", "do I need to clean my home rowing machine after each session?"),
    ("The user: warehouse policy is steel toecaps on at all times", "what shoes should I wear for pottering in my own garden?"),
    ("work macs have to be locked whenever you leave the desk", "should I put a password on my personal ipad?"),
    ("Halloran's newsletter has to be under 600 words, the editor is strict", "write a 1,200 word post for my own blog"),
    ("at the depot we never leave the engine idling", "is it fine to warm the car up on the drive at home on frosty mornings?"),
])
def test_a_body_rule_and_a_request_in_the_users_own_life(memory: str, request_: str) -> None:
    assert kept_elsewhere(memory, request_)


@pytest.mark.parametrize(("memory", "request_"), [
    # the request is in the body's setting, or names its owner
    ("gym rule: wipe every bench down after you use it", "what should I bring to the gym tomorrow?"),
    ("work macs have to be locked whenever you leave the desk", "write a reminder for the office about locking screens"),
    # the rule itself reaches the user's own things or home
    ("security policy: no client files on personal laptops, ever", "can I open the client spreadsheet on my own laptop at home?"),
    ("house rule: shoes off at the door", "should my guests take their shoes off at home?"),
    # a taste with no owner, and a request that places itself nowhere in particular
    ("I never drink coffee after 3pm", "what should I drink at home tonight?"),
    ("gym rule: wipe every bench down after you use it", "any tips for a cleaning rota?"),
])
def test_no_body_rule_or_not_the_users_own_life(memory: str, request_: str) -> None:
    assert not kept_elsewhere(memory, request_)


def test_a_body_rule_stays_with_the_body(emb) -> None:  # type: ignore[no-untyped-def]
    # fails on main: the yard's rule was put to use for the user's own bike at home
    assert one_policy(emb, "yard rule: no music on while the forklifts are moving",
                      "can I have music on while I fix my bike at home on sunday?") == "constrain_to_scope"


def test_a_body_rule_is_used_in_its_setting(emb) -> None:  # type: ignore[no-untyped-def]
    assert one_policy(emb, "yard rule: no music on while the forklifts are moving",
                      "I'm on the forklift in the yard all morning, can I put the radio on?") == "use"


def test_a_rule_reaching_the_users_own_things_is_used(emb) -> None:  # type: ignore[no-untyped-def]
    assert one_policy(emb, "security policy: no client files on personal laptops, ever",
                      "can I copy the client spreadsheet onto my own laptop at home to finish it tonight?") == "use"


# Review mends (session 26 lead): a body that governs the user's home or person, and a request placed in the rule's
# own place or event.
@pytest.mark.parametrize(("memory", "request_"), [
    ("lease rule: no barbecues on the balcony", "can I have a barbecue on my own balcony this weekend?"),
    ("strata policy: bins must be in by 8pm", "when should I bring my own bins in at home?"),
    ("physio's rule for me: no running until the knee settles", "plan my weekend runs at home for fun"),
    ("Stadium rule: no umbrellas in the stands", "I'm at the match in the stands, can I bring my own brolly?"),
])
def test_a_rule_governing_the_users_home_or_setting_stays_in_use(memory: str, request_: str) -> None:
    assert not kept_elsewhere(memory, request_)


def test_a_rule_the_user_keeps_for_themselves_is_no_bodys() -> None:
    assert not kept_elsewhere("I've got a rule for myself: no phone in the bedroom after eleven",
                              "what can I do at home in the evening to switch off?")
