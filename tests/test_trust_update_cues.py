"""The one update-cue list (trust/update_cues.py), on wording of its classes written here."""

from __future__ import annotations

import pytest

from memwarden.trust import answer_type, ranking
from memwarden.trust.update_cues import says_replace, says_update


@pytest.mark.parametrize("text", [
    "the book club meets on thursdays from next month",   # onset
    "starting tuesday the bins go out at 7",               # onset
    "we ported the landline to a new provider",            # changing a value
    "the clinic took him off the statin last week",        # changing a value, not first person
    "piano is on fridays these days",                      # present-state adverb
    "wait no, the plumber comes at eleven",                # one's own correction
])
def test_changes_in_each_class_are_read_as_updates(text: str) -> None:
    assert says_update(text)


@pytest.mark.parametrize("text", ["I love the garden in spring", "the plumber came at eleven", "we had soup for lunch"])
def test_plain_statements_are_not_updates(text: str) -> None:
    assert not says_update(text) and not says_replace(text)


def test_only_outright_wording_says_it_replaces() -> None:
    assert says_replace("they put us on the evening rota instead")
    assert says_replace("got the keys to the cottage today")
    assert not says_replace("the new kitchen is lovely")      # "new" describes, it does not replace
    assert not says_replace("my sister is on nights now")      # "now": an update, not an outright replacement
    # an onset opening the clause: a new state from then on, however the rest is worded
    assert says_replace("from the 12th they're moving him to the day shift")
    assert says_replace("The user: so from this term the kids walk to school")
    assert not says_replace("the shop is open from monday to friday")  # an onset inside the clause: a span
    assert not says_replace("the user is from Galway")


def test_ranking_and_answer_type_read_the_same_list() -> None:
    # one list in one place: neither module keeps its own copy
    for mod in (ranking, answer_type):
        assert not hasattr(mod, "_UPDATE") and not hasattr(mod, "_REPLACE")


@pytest.mark.parametrize(("text", "words"), [
    ("the recital is in the main hall not the chapel", {"chapel"}),
    ("pickups are fridays, not mondays", {"mondays"}),
    ("we went with the oak rather than the walnut", {"walnut"}),
    ("the vet says it's arthritis not a sprain", {"sprain"}),
])
def test_a_contrast_names_the_replaced_word(text: str, words: set[str]) -> None:
    from memwarden.trust.update_cues import rejected_words
    assert rejected_words(text) == words


@pytest.mark.parametrize("text", ["the dentist is not open on sundays", "she's not a morning person", "I'm not sure",
                                  "we don't know yet", "honestly not bothered", "it definitely not worked"])
def test_a_plain_negation_names_nothing_replaced(text: str) -> None:
    from memwarden.trust.update_cues import rejected_words
    assert not rejected_words(text)
