"""Reported speech said the way people say it (session 10, issue 11): a relative who "swore blind",
"keeps saying", "is telling everyone that", a grandparent or a housemate by any of their names, and
another person's relative ("Jonah's nan says"), are hearsay; the speaker's own "I keep saying" and a
record that "says" are not. Own wording, none from an evaluation set."""

import pytest

from memwarden.trust.lexicon import firmness


@pytest.mark.parametrize("text", [
    "my grandpa always swore the well water was safe to drink",
    "my housemate keeps saying the boiler is fine",
    "Jonah's nan is telling everyone that he got into Oxford",
    "our neighbour swore blind the bins go out on a Thursday",
    "my auntie said the shop shuts at five",
])
def test_a_relative_or_housemate_saying_it_is_hearsay(text):
    assert firmness(text) == "reported"


@pytest.mark.parametrize("text", [
    "I keep saying I need a new phone",
    "the vet's letter says the lump is benign",
    "today's match is at three",
])
def test_ones_own_word_or_a_record_is_not_hearsay(text):
    assert firmness(text) != "reported"
