"""Session 15's everyday conversations for the "now" ranking (s15-now): one turn says the update in one
clause and something else in another ("Ported my number over to Giffgaff, my phone's signal is fine so far").
Written blind to the development authors' wording, before any rule, to try rules that reorder the claims of one
turn on sentences they must not fire on. Each answer is first on main (352d6fe) and must stay first; three
where a sibling clause repeating the question's words outranks the answer (the largest class of "now"
misses on the development authors, BENCHMARKS.md session 15) are pinned as known failures."""

from __future__ import annotations

import pytest
from test_latest_review_s14 import FILLER, _first as _first_of_sessions


def _first(minilm, old: list[str], new: list[str], query: str) -> str:
    """The first hit for ``query`` after the old turn, a month of filler, then the update turn."""
    return _first_of_sessions(minilm, [old, FILLER, new], query)


#: (old turn, the update turn, question, answer): the update turn carries a second matter.
CASES = [
    (['I live in Leeds, near the university.'],
     ['Quick update, we moved to Bristol in May, honestly Leeds was getting too pricey.'],
     'Where do I live now?', 'Bristol'),
    (['Yoga is on Tuesdays at 7.'],
     ['Ugh, my knee is sore again. Yoga moved to Thursdays at 6 from next week.'],
     'When is yoga now?', 'Thursday'),
    (['I work at Halden Insurance as a claims handler.'],
     ['Big news, I handed in my notice at Halden and I start at Brightwave Energy on Monday, so nervous lol.'],
     'Where do I work now?', 'Brightwave'),
    (['Our rent is 1,150 a month.'],
     ["Landlord sent the renewal, rent goes up to 1,240 from March, the boiler still isn't fixed though."],
     'How much is our rent now?', '1,240'),
    (["I'm on 10mg of amlodipine."],
     ['Saw the GP today, she was running late again. She switched me to losartan 50mg instead of the amlodipine.'],
     'What blood pressure tablet am I on now?', 'losartan'),
    (["The kids' swimming lessons are at Westgate pool."],
     ['Westgate pool closed for repairs, so swimming is at the Riverside leisure centre now, the car park there is awful.'],
     "Where are the kids' swimming lessons now?", 'Riverside'),
    (['I drive a Vauxhall Corsa.'],
     ['Sold the Corsa last weekend, bought a used Honda Jazz, the colour is a bit naff but whatever.'],
     'What car do I have now?', 'Jazz'),
    (["Book club meets at Anna's place."],
     ["Anna's flat is being painted, so book club is at Tom's house this month, bring wine."],
     'Where is book club this month?', 'Tom'),
    (["I'm vegetarian."],
     ["Doctor says my iron is low. I've started eating fish again, so pescatarian now I suppose."],
     "What's my diet these days?", 'pescatarian'),
    (['The flight to Lisbon is on May 3.'],
     ['Airline emailed at 6am, so annoying. The Lisbon flight moved to May 5, same time.'],
     'When is my Lisbon flight?', 'May 5'),
    (['My phone plan is with Vodafone.'],
     ["Ported my number over to Giffgaff yesterday, Vodafone kept hiking the price, the signal's fine so far."],
     'Which network is my phone on now?', 'Giffgaff'),
    (['Piano lessons with Mrs Hart are on Wednesdays.'],
     ["Mrs Hart is retiring so Lily's piano teacher is Mr Dunn from September, he's lovely apparently."],
     "Who is Lily's piano teacher now?", 'Dunn'),
    (['I bank with Barclays.'],
     ['Moved my current account to Monzo, the app is so much better, Barclays closed my local branch anyway.'],
     'Which bank is my current account with now?', 'Monzo'),
    (['The team standup is at 9:30.'],
     ["Standup's at 10 now because of the US folks, also the coffee machine is broken again."],
     'What time is standup?', '10'),
    (['My sister lives in Cardiff.'],
     ["Sister got the job in Glasgow! She's moving up there next month, mum is gutted."],
     'Where is my sister moving to?', 'Glasgow'),
    (['My phone is on Vodafone.'],
     ["Ported my number over to Giffgaff yesterday, my phone's signal is fine so far."],
     'Which network is my phone on now?', 'Giffgaff'),
    (['I live in Leeds.'],
     ['We moved to Bristol in May. Living out of boxes is grim.'],
     'Where am I living now?', 'Bristol'),
    (['Yoga is on Tuesdays.'],
     ['Moved to Thursday evenings from next week, yoga on Tuesdays clashed with choir.'],
     'When is yoga now?', 'Thursday'),
    (['I work at Halden Insurance.'],
     ['Started at Brightwave Energy on Monday, work is busier than I thought.'],
     'Where do I work now?', 'Brightwave'),
    (['The rent is 1,150.'],
     ['It goes up to 1,240 from March, the rent letter came this morning.'],
     'How much is the rent now?', '1,240'),
    (["I'm on amlodipine for blood pressure."],
     ['GP switched me to losartan, my blood pressure was still high.'],
     'What am I taking for blood pressure now?', 'losartan'),
    (["Book club is at Anna's."],
     ["It's at Tom's house this month, book club needs a new host anyway."],
     'Where is book club this month?', 'Tom'),
    (['The Lisbon flight is on May 3.'],
     ['It got moved to May 5, the flight time is the same.'],
     'When is my Lisbon flight?', 'May 5'),
    (["Lily's piano teacher is Mrs Hart."],
     ["Mr Dunn takes over from September, Lily's piano teacher is retiring."],
     "Who is Lily's piano teacher now?", 'Dunn'),
    (['Standup is at 9:30.'],
     ["It's at 10 now for the US folks, standup used to clash with school drop-off."],
     'What time is standup now?', '10'),
    (['My sister lives in Cardiff.'],
     ["She's moving to Glasgow next month, my sister got the job."],
     'Where is my sister moving?', 'Glasgow'),
    (['The kids swim at Westgate pool.'],
     ["They go to Riverside now, the kids' swimming pool at Westgate shut."],
     'Where do the kids swim now?', 'Riverside'),
]

#: One the fitted order (the default since session 18, round 6) answers; the hand order alone still puts the sibling first.
SIBLING_FIXED_BY_FITTED = [
    (["I'm vegetarian."],
     ['Eating fish again since March, my diet was low on iron.'],
     'What is my diet now?', 'fish'),
]

#: A sibling clause repeating the question's words ranks above the clause that answers.
SIBLING_FIRST = [
    (['My manager is Priya.'],
     ['Marcus took over the team, my old manager moved to data.'],
     'Who is my manager now?', 'Marcus'),
    (['I drive a Corsa.'],
     ["Bought a used Honda Jazz, I couldn't drive the Corsa another winter."],
     'What car do I drive now?', 'Jazz'),
]


@pytest.mark.parametrize("old, new, query, answer", CASES, ids=[c[3] for c in CASES])
def test_the_clause_that_answers_stays_first(minilm, old, new, query, answer) -> None:
    assert answer.lower() in _first(minilm, old, new, query).lower()


@pytest.mark.xfail(strict=True, reason="a sibling clause of the update turn that repeats the question's words outranks "
                   "the clause that answers (no closed-class signal found that tells them apart, BENCHMARKS.md s15-now)")
@pytest.mark.parametrize("old, new, query, answer", SIBLING_FIRST, ids=[c[3] for c in SIBLING_FIRST])
def test_a_sibling_repeating_the_question_does_not_outrank_the_answer(minilm, old, new, query, answer) -> None:
    assert answer.lower() in _first(minilm, old, new, query).lower()


@pytest.mark.parametrize("old, new, query, answer", SIBLING_FIXED_BY_FITTED, ids=[c[3] for c in SIBLING_FIXED_BY_FITTED])
def test_the_fitted_order_puts_the_answering_clause_above_its_sibling(minilm, old, new, query, answer) -> None:
    assert answer.lower() in _first(minilm, old, new, query).lower()
