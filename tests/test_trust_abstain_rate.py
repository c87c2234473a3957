"""A rate is a quantity per something, not a name (trust/asked.py): "what's my mortgage rate?" is
answered by "fixed at 4.19%", "what's my resting heart rate?" by "resting HR 49 bpm"; a number
that is no rate, or a memory on another topic, still leaves it unanswered."""

import pytest

from test_trust_abstain_kinds import ask, store

from memwarden.trust.asked import asked


def test_a_rate_asks_a_number_not_a_name():
    for q in ("what's my mortgage rate?", "what refresh rate is the new monitor?", "what's my hourly rate?"):
        a = asked(q)
        assert a is not None and a.value == "number" and a.head == "rate", q
    assert asked("what is the interest rate on the loan?").value == "amount"  # the amount rule keeps it


@pytest.mark.parametrize(("turn", "query"), [
    ("remortgaged last week, fixed at 3.89% for five years", "what's my mortgage rate?"),
    ("watch says resting HR 52 bpm this week", "what's my resting heart rate?"),
    ("I charge 45 an hour for tutoring now", "what's my tutoring rate?"),
    ("the new monitor does 144hz at 1440p", "what refresh rate is the new monitor?"),
    ("I get paid 15 an hour at the cafe", "what's my hourly rate at the cafe?"),
])
def test_a_rate_said_per_something_answers(turn, query):
    res = ask(store(turn, "the weather has been grim all week"), query)
    assert not res.abstained, res.abstain_detail


@pytest.mark.parametrize(("turn", "query"), [
    ("my mortgage is with Nationwide, 25 years left on it", "what's my mortgage rate?"),
    ("my blood pressure was 120/80 at the check-up", "what's my resting heart rate?"),
    ("I tutor 3 kids on Tuesdays", "what's my tutoring rate?"),
    ("flying to Tokyo on the 3rd, back on the 17th", "what's the exchange rate for yen?"),
    ("the monitor is 27 inch and arrives Friday", "what refresh rate is the monitor?"),
    ("my heart was racing after the 5k run", "what's my resting heart rate?"),
    # a code-blind review's (session 13): an interest rate is a percentage, not a payment per month
    ("mortgage payment is 1,150 a month", "what interest rate is my mortgage?"),
    ("my car loan is 220 per month", "what's the interest rate on my car loan?"),
    ("the mortgage is 980 a month with Halifax", "what's my mortgage rate?"),
])
def test_a_number_that_is_no_rate_leaves_a_rate_unanswered(turn, query):
    res = ask(store(turn, "the weather has been grim all week"), query)
    assert res.abstained, (query, [h.memory for h in res.results[:2]])
