"""Third-person pronouns resolved to what they stand for (issue 10, "its subject resolved"), on a hand-labelled
set of short dialogues written for this test (``tests/data/coref_cases.jsonl``, none from an eval set; the
resolver was developed against it), and the behaviour each kind of referent must show. A second set,
``coref_cases_unseen.jsonl``, was written before it was first run and never tuned on: its accuracy is the
number to quote for unseen wordings. ``python tests/test_claims_coref.py`` prints every case of both."""

from __future__ import annotations

import json
import re
from datetime import datetime, timezone
from pathlib import Path


import pytest

from memwarden.claims import coref
from memwarden.claims.rules import RuleExtractor
from memwarden.models import Claim, Turn

NOW = datetime(2026, 3, 11, 18, 0, tzinfo=timezone.utc)
R = RuleExtractor()
_DATA = Path(__file__).parent / "data"
CASES = [json.loads(line) for line in (_DATA / "coref_cases.jsonl").read_text().splitlines() if line.strip()]
UNSEEN = [json.loads(line) for line in (_DATA / "coref_cases_unseen.jsonl").read_text().splitlines() if line.strip()]
#: A pronoun left as said.
_LEFT = re.compile(r"\b(?:she|he|it|they|them|her|his|their|its|him)(?:'s|'re|'ll|'ve|'d)?\b(?! \()", re.I)
#: A pronoun given its referent in the annotate style ("she's (the user's aunt)").
_GIVEN = re.compile(r"\b(?:she|he|it|they|them|her|his|their|its|him)(?:'s|'re|'ll|'ve|'d)? \((?!\d)", re.I)


def _extract(turns: list[list[str]]) -> list[tuple[str, Claim]]:
    ts = [Turn(role="assistant" if r == "a" else "user", content=t, timestamp=NOW) for r, t in turns]
    return [(c.text, c.claim) for c in R.extract(ts, now=NOW).claims]


def score(case: dict) -> tuple[bool, str]:
    """(right, the claim text or why not): the claim holding ``clause`` names ``expect`` and none of ``wrong``;
    with ``expect`` null its pronoun is left as said."""
    got = [t for t, _ in _extract(case["turns"]) if case["clause"].lower() in t.lower()]
    if not got:  # the clause made no claim (a reaction, say): a referent expected is lost, none expected is right
        return case["expect"] is None, "no claim"
    text = got[0]
    if any(w.lower() in text.lower() for w in case["wrong"]):
        return False, text
    if case["expect"] is None:
        # nothing it could stand for was said: the pronoun itself must still be there
        return (bool(_LEFT.search(text)) or bool(case["wrong"])) and not _GIVEN.search(text), text
    return case["expect"].lower() in text.lower(), text


def accuracy(cases: list[dict] | None = None) -> float:
    cases = CASES if cases is None else cases
    return sum(score(c)[0] for c in cases) / len(cases)


def test_the_labelled_set_is_large_and_mixed() -> None:
    assert len(CASES) >= 40 and len({c["id"] for c in CASES}) == len(CASES)
    assert 8 <= sum(c["expect"] is None for c in CASES) <= len(CASES) // 2  # pronouns that must stay as said


@pytest.fixture
def with_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """ "it"/"its" resolved too (off by default: coref.RESOLVED says why)."""
    monkeypatch.setattr(coref, "RESOLVED", frozenset("fmpn"))


def test_accuracy_on_the_labelled_set() -> None:
    # main before coref: 0.354 (pronouns left as said, she/he as the last person named whatever their gender); as
    # shipped (it/its left as said) 0.812, BENCHMARKS.md "Session 8 (branch s8-coref)"
    assert accuracy() >= 0.8, [(c["id"], score(c)[1]) for c in CASES if not score(c)[0]]


def test_accuracy_on_the_labelled_set_with_it(with_it: None) -> None:
    assert accuracy() >= 0.9, [(c["id"], score(c)[1]) for c in CASES if not score(c)[0]]


def test_accuracy_on_the_unseen_set(with_it: None) -> None:
    # measured once, before any change for it: 0.75 with "it" (0.65 as shipped; main 0.35); a floor, not a target
    assert len(UNSEEN) >= 20 and accuracy(UNSEEN) >= 0.7
    coref.RESOLVED = frozenset("fmp")
    assert accuracy(UNSEEN) >= 0.6


def claims(*turns: str) -> list[tuple[str, Claim]]:
    return _extract([["a", t[2:]] if t.startswith("A:") else ["u", t] for t in turns])


def _one(got: list[tuple[str, Claim]], word: str) -> tuple[str, Claim]:
    hit = [g for g in got if word in g[0]]
    assert len(hit) == 1, [g[0] for g in got]
    return hit[0]


def test_a_pet_is_the_subject_of_its_own_facts_and_gets_its_latest_name() -> None:
    got = claims("collecting our new whippet sunday! the breeder called her Dot but we're calling her Moss",
                 "she's 4 months and has had her first jab")
    text, c = _one(got, "4 months")
    assert c.subject == "user's new whippet" and "whippet Moss" in text and "Dot" not in text
    assert not any(cl.slot == "user|age" for _, cl in got)  # the dog's age is not the user's


def test_a_renamed_pet_keeps_the_latest_name() -> None:
    got = claims("adopted a kitten, the shelter called him Boots but we're renaming him Fig", "he hates the carrier")
    assert "Fig" in _one(got, "carrier")[0] and "Boots" not in _one(got, "carrier")[0]


def test_their_is_a_business_named_before() -> None:
    text, c = _one(claims("we switched our gas to Brightwater Energy", "their meter reader comes quarterly"), "meter")
    assert "Brightwater Energy" in text and c.subject == "user"  # the user's supplier's habit, still the user's memory
    assert not text.startswith("The user:")


def test_it_is_the_thing_and_keeps_the_clause(with_it: None) -> None:
    text, _ = _one(claims("we bought a chest freezer for the garage", "it hums all night"), "hums")
    assert "chest freezer" in text


def test_dummy_it_stays(with_it: None) -> None:
    for t in ("it's raining again so no run", "it's 7 already and I'm still at work", "it's a long story"):
        for text, _ in claims("the bike shop fixed my wheel", t):
            assert "(the bike shop" not in text and "(the wheel" not in text.lower()


def test_two_of_a_kind_in_one_sentence_stay_ambiguous() -> None:
    text, c = _one(claims("my aunt visited my gran yesterday", "she's on blood thinners now"), "blood thinners")
    # session 12: whichever of the two she is, she is not the user ("what meds am I on now?" must not get it)
    assert "aunt" not in text and "gran" not in text and c.subject == "someone else"


def test_gender_of_kinship_words_decides() -> None:
    text, c = _one(claims("my nephew and my mother-in-law came for lunch", "he's vegan now"), "vegan")
    assert c.subject == "user's nephew" and "mother-in-law" not in text


def test_an_antecedent_from_the_assistant_turn() -> None:
    text, c = _one(claims("A: Did your stepdad get the results back?", "he's got to have another scan"), "scan")
    assert c.subject == "user's stepdad"


def test_referents_further_back_than_the_window_are_not_used() -> None:
    turns = ["my godson Rafa starts nursery soon"] + [f"filler {w} note about the garden" for w in ("one", "two", "three", "four")][
        : coref.WINDOW + 1] + ["he's allergic to sesame"]
    _, c = _one(claims(*turns), "sesame")
    assert c.subject == "someone else"  # not Rafa, said too long ago; and not the speaker either (session 12)


def test_a_pronoun_in_a_quoted_letter_is_left_alone() -> None:
    got = claims("my tenant Joe wrote to me", "letter from the council came: 'They will collect the bins on Friday.'")
    assert all("(" not in t.split("They", 1)[-1][:3] for t, _ in got)


def test_a_reporter_said_as_a_pronoun_is_named() -> None:
    text, c = _one(claims("the electrician came out this morning", "he reckons the fuse board needs replacing"), "fuse board")
    assert "according to the electrician" in text and c.voucher == "the electrician" and c.vouched_by == "unknown"


def test_they_is_a_group_not_a_plural_of_things() -> None:
    text, _ = _one(claims("the test results came back from the surgery", "they want me in for a follow-up"), "follow-up")
    assert "results" not in text and "surgery" in text.lower()


def test_a_situation_it_and_an_appraisal_stay_as_said(with_it: None) -> None:
    got = claims("we went to the lantern festival at the weekend", "it reminded me of being a kid")
    assert all("lantern festival reminded" not in t for t, _ in got)
    got = claims("we went to the lantern festival at the weekend", "it was amazing, so many lanterns")
    assert all("festival was amazing" not in t for t, _ in got)


def test_a_resolved_it_keeps_a_short_state_of_a_thing(with_it: None) -> None:
    text, c = _one(claims("I bought a secondhand dishwasher off a neighbour", "it leaks from the door seal"), "door seal")
    assert text.startswith("The secondhand dishwasher") and c.subject == "user"  # the user's memory, about their thing


def test_it_is_left_as_said_by_default() -> None:
    got = claims("we bought a chest freezer for the garage", "it hums all night")
    assert not any("hums" in t and "freezer" in t for t, _ in got)


if __name__ == "__main__":
    import sys
    if "--with-it" in sys.argv:
        coref.RESOLVED = frozenset("fmpn")
    for name, cases in (("labelled", CASES), ("unseen", UNSEEN)):
        for c in cases:
            ok, text = score(c)
            print(("ok  " if ok else "XX  ") + c["id"].ljust(28) + text)
        print(f"{name}: accuracy {accuracy(cases):.3f} on {len(cases)} cases")
