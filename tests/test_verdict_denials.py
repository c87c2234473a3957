"""Session 26 (issue 11): denials the stance rules read as agreement.

- A denial said in a clause of its own, after what it denies ("karaoke on thursdays, not anymore", "a cat? not a
  chance"), a thing called "a hard no", and an inverted "no way am I ..." deny the claim they name; the denied part
  must name only the claim's words, a denial opening the memory answers something before it, and a claim in the
  past is not read.
- A zero amount for the claim's item ("late fee £0.00", "balance owing £0.00", "£0 to pay") denies that it was
  paid, is owed or must be paid; a claim of clearing ("paid off", "exempt", "free") is what a zero states.

Own topics and wording, none from an evaluation set."""

import pytest

from memwarden.trust.verdict_denial import denial_stance, zero_stance
from memwarden.trust.verdict_stance import _stance

from test_trust_verdict_matter import _verdict

T1 = "2026-03-02T18:00:00"


def _label(claim: str, text: str) -> str:
    return _stance(claim, text, 0.6).label


def test_a_denial_after_what_it_denies():
    assert _label("I still go to karaoke on thursdays.", "karaoke on thursdays, not anymore lol") == "contradict"
    assert _label("I want a cat.", "a cat? not a chance, the landlord would kill me") == "contradict"
    assert _label("I am learning Welsh.", "learning welsh? nope, gave it up after a month") == "contradict"


def test_a_thing_called_a_no():
    assert _label("I like mushrooms.", "mushrooms are a hard no for me") == "contradict"
    assert _label("I am going to the reunion.", "the reunion's a no from me") == "contradict"


def test_an_inverted_denial():
    assert _label("I am paying for the repair.", "no way am I paying for the repair, it was already broken") == "contradict"


def test_what_is_denied_must_name_the_claims_words_only():
    # selling is denied, not keeping
    assert denial_stance("I am keeping the caravan.", "selling the caravan? not a chance") is None
    assert denial_stance("I am keeping the caravan.", "no way we're selling the caravan") is None
    assert denial_stance("I am selling the caravan.", "selling the caravan? not a chance") is not None


def test_a_denial_opening_the_memory_or_of_the_past_is_not_read():
    assert denial_stance("I like mushrooms.", "nah, mushrooms are great on toast") is None
    assert denial_stance("I used to sing in a choir.", "the choir, not anymore") is None
    assert denial_stance("I tried the climbing wall.", "tried the climbing wall, never again") is None
    # "a no go" is no denial of the thing said before "so"
    assert denial_stance("I am vegan.", "I'm vegan so the work barbecue is a no go for me") is None


def test_a_zero_amount_for_the_claims_item():
    assert zero_stance("I was charged a late fee in April.", "April statement: interest £3.20, late fee £0.00") is not None
    assert zero_stance("I still owe the garage money.", "garage account: balance owing £0.00") is not None
    assert zero_stance("I have to pay for the school trip.", "school trip: £0 to pay, covered by the fund") is not None


def test_a_zero_amount_states_a_clearing_and_other_items_are_not_read():
    assert zero_stance("The car loan is paid off.", "car loan £0.00, account closed") is None
    assert zero_stance("Parking at the hospital is free.", "hospital parking £0 for blue badge holders") is None
    assert zero_stance("I was charged a late fee in April.", "April statement: late fee £12.00, interest £0.00") is None
    # a price for a group of people is no zero for the claim's item
    assert zero_stance("I paid for the zoo tickets.", "zoo: tickets £0 for under-3s, £18 adults") is None


def test_through_a_verdict():
    # each TRUE on main: the rest of the memory shares the claim's words
    assert _verdict([("user", "karaoke on thursdays, not anymore lol", T1)], "The user still goes to karaoke on Thursdays.") == "FALSE"
    assert _verdict([("user", "payslip for june: basic £1,950.00, overtime £0.00", T1)],
                    "The user was paid overtime in June.") == "FALSE"


# Review mend (session 26 lead): a zero for another item on the same record, when an amount that is not zero is given
# to something at least as close to the claim, denies nothing.
@pytest.mark.parametrize(("claim", "record"), [
    ("The user paid a parcel redelivery fee.", "courier receipt: fuel surcharge £0.00, parcel redelivery fee £4.50"),
    ("The user has an electricity bill due on the 3rd.", "energy account - balance £0.00, next bill £61 due on the 3rd"),
])
def test_a_zero_for_another_item_beside_a_real_amount(claim: str, record: str) -> None:
    assert zero_stance(claim, record) is None
