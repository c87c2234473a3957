"""Session 15: the constraint meaning stage (an untyped claim whose meaning reads as a limit is lifted for a request)
must not read ordinary statements as limits, and must keep reading plain limits as limits. Our own sentences, in
everyday wording (none from the scenario sets); stored claims are embedded as the index embeds them ("speaker: text"
is the entry's text; the claim text here is the extractor's "The user ..." form, as search sees it)."""

from __future__ import annotations

import numpy as np
import pytest

from memwarden.retrieval.constraint_model import load_model
from memwarden.retrieval.row_meta import meaning_probability

# Everyday facts with no limit in them: none may be lifted as a constraint.
ORDINARY = [
    "The user: we went to the cinema on Saturday and saw the new Pixar film",
    "The user's sister Ana lives in Porto",
    "The user: my favourite band is Radiohead",
    "The user is reading a book about the Roman empire",
    "The user: the kids loved the zoo, especially the penguins",
    "The user's car is a blue Golf",
    "The user started a new job at the library in March",
    "The user: our neighbour's cat had kittens",
    "The user: I painted the kitchen yellow last weekend",
    "The user's son plays football on Tuesdays",
    "The user: we're thinking of getting a dog next year",
    "The user: the weather in Lisbon was lovely",
    "The user bought a new laptop for work",
    "The user: my mum makes the best lasagne",
    "The user's partner works as a nurse at the city hospital",
    "The user: I finished the marathon in four hours",
    "The user: we had pizza for dinner on Friday",
    "The user's daughter is learning the piano",
    "The user: my brother is visiting from Canada in June",
    "The user: I usually take the train to work",
]

# Plain limits, said plainly: each must read as one.
LIMITS = [
    "The user is allergic to peanuts",
    "The user can't eat gluten",
    "The user doesn't drive",
    "The user's dad can't manage stairs",
]


@pytest.fixture(scope="module")
def probabilities(minilm):
    texts = ORDINARY + LIMITS
    vecs = np.asarray(minilm.embed(texts), dtype=np.float32)
    n = len(texts)
    return dict(zip(texts, meaning_probability(vecs, np.ones(n, bool), np.zeros(n)).tolist()))


@pytest.mark.parametrize("text", ORDINARY)
def test_an_ordinary_statement_is_not_lifted_as_a_limit(probabilities, text: str) -> None:
    assert probabilities[text] == 0.0


@pytest.mark.parametrize("text", LIMITS)
def test_a_plain_limit_is_lifted(probabilities, text: str) -> None:
    assert probabilities[text] >= load_model().threshold


def test_a_claim_a_rule_already_typed_is_not_read_again(minilm) -> None:
    vecs = np.asarray(minilm.embed(LIMITS), dtype=np.float32)
    typed = np.full(len(LIMITS), 2.0)
    assert not meaning_probability(vecs, np.ones(len(LIMITS), bool), typed).any()
