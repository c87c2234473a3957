"""memwarden.lexicon: the shared wording (kin groups, curly quotes) and the facade's one quote normaliser."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memwarden import Memory
from memwarden.config import MemoryConfig
from memwarden.errors import InvalidInputError
from memwarden.governance.pipeline import normalize_evidence
from memwarden.lexicon import kin
from memwarden.lexicon.quotes import straight
from memwarden.messages import check_query
from memwarden.retrieval.text import tokenize, words

CURLY = "\u2018\u2019\u201c\u201d"


# -- kin -------------------------------------------------------------------------------------------

def test_family_is_kin_only():
    # Friends, housemates, neighbours and work roles are relations, never family.
    assert not kin.FAMILY & ({"friend", "boss", "manager", "colleague", "teacher", "landlord"} | kin.HOUSEMATES | kin.NEIGHBOURS)
    assert kin.NEAR <= kin.FAMILY
    assert {"niece", "stepmum", "mother-in-law", "godson", "grandkid", "fiancee"} <= kin.FAMILY


def test_gendered_kin_are_kin_and_never_both():
    assert not kin.FEMALE & kin.MALE
    assert {"mum", "sister", "wife", "niece"} <= kin.FEMALE and {"dad", "brother", "husband", "nephew"} <= kin.MALE


def test_same_relation_is_idempotent_and_covers_near_kin():
    assert kin.NEAR <= set(kin.SAME_RELATION)
    for word, one in kin.SAME_RELATION.items():
        assert kin.SAME_RELATION.get(one, one) == one, word


def test_every_reader_of_kin_knows_the_near_kin():
    # A reader built from the groups cannot silently drop "sister" or "grandma" again.
    from memwarden.claims.coref_lexicon import _FEMALE, _MALE
    from memwarden.governance.lexicon import KIN, RELATIONS
    from memwarden.trust.features import _KIN as stance_kin
    from memwarden.trust.names import KIN_WORDS

    for reader in (RELATIONS, KIN, KIN_WORDS, stance_kin, _FEMALE | _MALE | {"partner", "cousin"}):
        assert kin.NEAR <= reader


@pytest.mark.parametrize("text, found", [
    ("my grandma said so", "grandma"), ("my gran said so", "gran"), ("the in-laws", "in-laws"),
    ("my mother-in-law", "mother-in-law"), ("my granddad", "granddad")])
def test_alternation_takes_the_longest_word(text, found):
    pat = re.compile(r"\b(" + kin.alternation(kin.FAMILY | {"in-laws"}) + ")")
    assert pat.search(text).group(1) == found


# -- quotes ------------------------------------------------------------------------------------------

@given(st.text())
def test_straight_keeps_length_and_is_idempotent(text):
    out = straight(text)
    assert len(out) == len(text) and straight(out) == out
    assert not set(out) & set(CURLY)


@given(st.text(alphabet=st.characters(blacklist_characters=CURLY)))
def test_straight_leaves_text_without_curly_quotes_alone(text):
    assert straight(text) == text


# Everyday sentences with straight quotes, or with none: the normaliser changes nothing in them.
PLAIN = [
    "I'm off to the shops, need anything?", "She said \"no\" twice.", "It's 5 o'clock somewhere.",
    "The kids' bikes are in the shed.", "Rock 'n' roll never dies.", "We'll see on Friday.", "Don't forget the milk",
    "My sister's flat is on Park Road.", "He's 6'2\" tall.", "That's Tom's, not mine.", "Ok", "See you at 7:30!",
    "The '90s were fun.", "Café au lait, s'il vous plaît.", "no punctuation at all here", "£12.50 for two 'coffees'",
]


@pytest.mark.parametrize("text", PLAIN)
def test_straight_fires_on_no_plain_sentence(text):
    assert straight(text) == text


@pytest.mark.parametrize("curly, plain", [
    ("what\u2019s my sister\u2019s name?", "what's my sister's name?"),
    ("\u201cdon\u2019t\u201d", '"don\'t"'), ("\u2018cos I said so", "'cos I said so")])
def test_straight_writes_every_curly_form_straight(curly, plain):
    assert straight(curly) == plain


# -- the input boundary ------------------------------------------------------------------------------

def test_keyword_tokens_read_curly_and_straight_apostrophes_alike():
    assert words("My sister\u2019s flat") == words("My sister's flat")
    assert tokenize("I\u2019m at my mum\u2019s") == tokenize("I'm at my mum's")


def test_check_query_straightens_and_still_validates():
    assert check_query("where\u2019s it", what="query", max_chars=100) == "where's it"
    with pytest.raises(InvalidInputError):
        check_query("  ", what="query", max_chars=100)
    with pytest.raises(InvalidInputError):
        check_query(3, what="query", max_chars=100)


def test_evidence_is_read_straight():
    assert normalize_evidence("the shop\u2019s shut") == ["the shop's shut"]
    assert normalize_evidence([{"role": "user", "content": "it\u2019s \u201cfine\u201d"}]) == ['user: it\'s "fine"']


@pytest.fixture(scope="module")
def mem():
    m = Memory(config=MemoryConfig(embedder="hash"))
    m.add([{"role": "user", "content": "My sister\u2019s name is Ana and she\u2019s allergic to peanuts."},
           {"role": "user", "content": "I\u2019m vegetarian, I don't eat fish either."}], user_id="u")
    return m


@pytest.mark.parametrize("curly, plain", [
    ("what\u2019s my sister\u2019s name?", "what's my sister's name?"), ("what can\u2019t I eat?", "what can't I eat?")])
def test_search_reads_a_curly_query_as_a_straight_one(mem, curly, plain):
    a, b = mem.search(curly, user_id="u"), mem.search(plain, user_id="u")
    assert [(h.id, round(h.score, 6)) for h in a.results] == [(h.id, round(h.score, 6)) for h in b.results]


def test_verdict_and_context_read_curly_as_straight(mem):
    a, b = mem.verdict("My sister\u2019s name is Ana", user_id="u"), mem.verdict("My sister's name is Ana", user_id="u")
    assert (a.verdict, a.p_true, a.support) == (b.verdict, b.p_true, b.support)
    ca = mem.context("suggest a restaurant for my sister\u2019s birthday", user_id="u")
    cb = mem.context("suggest a restaurant for my sister's birthday", user_id="u")
    assert [(g.id, g.policy) for g in ca.memories] == [(g.id, g.policy) for g in cb.memories]


# -- calendar ----------------------------------------------------------------------------------------

def test_calendar_words_in_order_and_shared():
    from memwarden.claims import timex_calendar
    from memwarden.lexicon import calendar as cal
    from memwarden.trust.value_cues import WEEKDAYS

    assert len(cal.MONTHS) == 12 and cal.MONTHS[0] == "january" and cal.MONTHS[4] == "may"
    assert "may" not in cal.UNAMBIGUOUS_MONTHS and len(cal.UNAMBIGUOUS_MONTHS) == 11
    assert timex_calendar.MONTH_NUM["may"] == 5 and timex_calendar.WD_NUM["sunday"] == 6
    assert WEEKDAYS == frozenset(cal.WEEKDAYS) and re.fullmatch(cal.alt(cal.WEEKDAYS), "wednesday")
