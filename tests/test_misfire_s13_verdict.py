"""Session 13 (branch s13-verdict): the fitted stance may overrule the rules only on a memory about the
claim's subject (``trust/stance_fitted.about_subject``).

The model reads topic: two people's events on one topic look alike to it, so without the test it
read someone else's event as the deciding contradiction (the MMA-style CoRe fell from 0.78 to 0.20:
"Nils found a tortoise in the park" against "Amira climbed the north face"). Everyday wording of our
own, no eval set's content: a first-hand statement of the claim, then a later remark on the same
topic about somebody else. The verdict must never be FALSE.
"""

from datetime import datetime, timezone

import pytest

from memwarden.trust.stance_fitted import about_subject
from test_misfire_s12_verdict import mem  # noqa: F401  (one in-memory store, shared fixture)
from said_then_verdict import verdict_after

#: (what the user said first, a later remark about someone else on the same topic, the claim).
SOMEONE_ELSES_NEWS = [
    ("I live in Leeds", "my sister just moved to York, she loves it", "The user lives in Leeds."),
    ("I work at the council offices", "my brother got a job at the airport, starts Monday",
     "The user works at the council offices."),
    ("I drive a Ford Fiesta", "Dave bought a Tesla, won't stop talking about it", "The user drives a Ford Fiesta."),
    ("I'm a vegetarian", "my husband had a steak the size of his head last night", "The user is a vegetarian."),
    pytest.param("I go to the gym on Mondays", "Priya does yoga on Mondays instead of the gym",
                 "The user goes to the gym on Mondays.", marks=pytest.mark.xfail(strict=True, reason=(
                     "the rules' own reading on main ('instead of the gym' negates the shared claim, whoever says it); "
                     "not the fitted override (found session 13, left alone; session 20 keeps another person's denial "
                     "readable, as a landlady's rule about the user's notice must be)"))),
    ("my daughter plays the violin", "my son gave up the piano after two lessons", "The user's daughter plays the violin."),
    ("I support Arsenal", "Tom's a Spurs fan, we don't talk about football", "The user supports Arsenal."),
    ("I take the 7:40 bus to work", "my neighbour drives to work at 6:30 every day", "The user takes the 7:40 bus."),
    ("I'm allergic to cats", "my friend Sam is allergic to dogs, poor thing", "The user is allergic to cats."),
    ("my mum lives in Cardiff", "my aunt moved to Swansea last spring", "The user's mother lives in Cardiff."),
    ("I'm studying law at Durham", "Jess is doing medicine at Newcastle", "The user studies law."),
    ("I start work at 8", "my partner starts at 10 so she gets a lie-in", "The user starts work at 8."),
    ("my rent is 900 a month", "Ellie pays 1,200 for a tiny studio in town", "The user's rent is 900 a month."),
    ("I'm getting married in June", "my cousin got married in September, lovely day", "The user is getting married in June."),
    ("I have a grey tabby called Mog", "Lucy adopted a black kitten from the shelter", "The user has a grey tabby."),
    ("I play five-a-side on Thursdays", "my dad plays bowls on Thursday afternoons", "The user plays five-a-side on Thursdays."),
    ("I'm on the night shift this month", "Marek is on days now, lucky him", "The user is on the night shift."),
    ("Anna lives in Bristol", "Ben moved to Bath last year", "Anna lives in Bristol."),
]


#: (what the user said first, a later everyday remark of theirs on the same topic, the claim): written
#: for this test while probing the override, active, on ordinary sentences. The first misfired before
#: ``replaces_text`` left ``stance_fitted.COMPETING``: its "actually" is an intensifier there.
OWN_LATER_REMARKS = [
    ("I'm lactose intolerant", "found an oat milk that actually froths, game changer", "The user is lactose intolerant."),
    ("I work as a primary school teacher", "parents evening ran until 8, exhausted", "The user works as a teacher."),
    ("I have two kids, 4 and 7", "the little one has chickenpox, off nursery all week", "The user has two kids."),
    ("I live in a flat in Hackney", "the upstairs neighbours were partying till 3am again", "The user lives in Hackney."),
    ("my car is a blue VW Golf", "the garage says the clutch is on its way out", "The user's car is a VW Golf."),
    ("I play guitar in a covers band", "gig at the Red Lion on Saturday, 40 quid each", "The user plays guitar in a band."),
    ("I work nights at the hospital", "slept through my alarm and nearly missed the handover", "The user works nights."),
    ("I go climbing on Wednesdays", "new routes went up at the wall, the purple one is brutal",
     "The user goes climbing on Wednesdays."),
    ("I'm doing a part-time MBA", "group project deadline moved to the 14th", "The user is doing an MBA."),
    ("I pay 45 a month for the gym", "the gym was closed for a deep clean today", "The user pays 45 a month for the gym."),
    ("my dad lives in Spain", "dad rang, the heat is unbearable out there this summer", "The user's father lives in Spain."),
    ("I take metformin for my diabetes", "my sugar was 9.2 this morning, not great", "The user takes metformin."),
    pytest.param("I commute by train to Manchester", "train was cancelled so I worked from home", "The user commutes by train.",
                 marks=pytest.mark.xfail(strict=True, reason=(
                     "the rules' own reading on main (a cancelled train and working from home deny the commute); "
                     "not the fitted override (found session 13, left alone)"))),
    ("I'm learning to drive", "had my fourth lesson today, roundabouts are scary", "The user is learning to drive."),
    ("I work from home three days a week", "the office is doing a free breakfast on Tuesday",
     "The user works from home three days a week."),
    ("I bake sourdough every weekend", "the starter smelled weird so I fed it twice", "The user bakes sourdough."),
]


#: (a change the user states, a claim about them on another slot): a code-blind review of the active
#: override found the first four read FALSE (a change of one slot read as refuting any claim about the
#: same person); ``stance_fitted.reaches_claim`` keeps them to the rules. The rest are our own.
A_CHANGE_OF_ANOTHER_SLOT = [
    ("I moved from Dublin to Cork last year.", "The user is Irish."),
    ("I quit smoking three years ago, best thing I ever did.", "The user vapes."),
    ("We sold our flat in Hackney and moved to Brighton.", "The user commutes to London."),
    ("I sold my car last month, getting the bus now.", "The user has a dog."),
    ("I quit my job at the bank in June.", "The user lives in Leeds."),
    ("We moved to Bristol in the spring.", "The user works from home."),
    ("I stopped eating meat in January.", "The user is allergic to nuts."),
    ("I gave up the gym membership, too expensive.", "The user plays tennis."),
    ("I switched from Android to an iPhone.", "The user works in IT."),
    ("my sister moved out in May, the spare room's free.", "The user's sister is a nurse."),
]


@pytest.mark.parametrize("change,claim", A_CHANGE_OF_ANOTHER_SLOT)
def test_a_change_of_another_slot_does_not_refute_the_claim(mem, change, claim):
    verdict, why = verdict_after(mem, [change], claim, datetime(2026, 6, 1, 9, tzinfo=timezone.utc), 0, 2)
    assert verdict != "FALSE", why


@pytest.mark.parametrize("claim,text,reaches", [
    ("I'm Irish", "I moved from Dublin to Cork last year", False),
    ("I vape", "I quit smoking three years ago", False),
    ("I commute to London", "We sold our flat in Hackney and moved to Brighton", False),
    ("my mother is a teacher", "mum moved to Swansea", False),
    ("I live in Berlin", "I moved from Berlin to Lisbon in March", True),
    ("I smoke a pack a day", "I quit smoking three years ago", True),
    ("I start work at 7am", "my shift starts at 6:10 now", True),
    ("my mother lives in Cardiff", "mum lives in Swansea now", True),
])
def test_a_text_reaches_the_claim_by_its_words_or_a_value_of_its_kind(claim, text, reaches):
    from memwarden.trust.stance_fitted import reaches_claim

    assert reaches_claim(claim, text) == reaches


@pytest.mark.parametrize("first,later,claim", OWN_LATER_REMARKS)
def test_an_everyday_remark_of_ones_own_does_not_refute_the_claim(mem, first, later, claim):
    test_someone_elses_news_does_not_refute_the_claim(mem, first, later, claim)


@pytest.mark.parametrize("first,later,claim", SOMEONE_ELSES_NEWS)
def test_someone_elses_news_does_not_refute_the_claim(mem, first, later, claim):
    verdict, why = verdict_after(mem, [first, later], claim, datetime(2026, 5, 11, 9, tzinfo=timezone.utc), 2, 1)
    assert verdict != "FALSE", why


@pytest.mark.parametrize("claim,text", [
    ("Leo won the Lisbon marathon", "a snapshot of the moment Ana finished the Porto triathlon"),
    ("I live in Leeds", "my sister moved to York"),
    ("I live in Leeds", "Dave moved to York"),
    ("my mother lives in Cardiff", "my aunt moved to Swansea"),
    ("my mother lives in Cardiff", "Dave moved to Swansea"),
    ("Anna lives in Bristol", "Ben moved to Bath"),
    ("Anna lives in Bristol", "she moved to Bath"),
])
def test_a_text_about_someone_else_is_not_about_the_subject(claim, text):
    assert not about_subject(claim, text)


@pytest.mark.parametrize("claim,text", [
    ("I live in Leeds", "moved to York last month"),
    ("I live in Leeds", "I've moved to York"),
    ("my mother lives in Curitiba", "mum's in Fortaleza now"),
    ("my mother lives in Curitiba", "my mom moved to Fortaleza"),
    ("my mother lives in Curitiba", "she moved to Fortaleza in May"),
    ("Anna lives in Bristol", "Anna moved to Bath"),
    ("Anna lives in Bristol", "so Anna's in Bath now"),
    ("The gym closes at 10pm", "the gym shuts at 9 from Monday"),
])
def test_a_text_about_the_subject_may_settle_the_claim(claim, text):
    assert about_subject(claim, text)


def _contradicting_model():
    """A model that reads "contradict" in every pair, allowed to overrule the rules' "unrelated"."""
    from memwarden.trust import stance_fitted as sf

    n = len(sf.FEATURES)
    return sf.StanceModel({"features": list(sf.FEATURES), "labels": list(sf.LABELS), "mean": [0.0] * n,
                           "scale": [1.0] * n, "coef": [[0.0] * n] * 3, "intercept": [0.0, 3.0, 0.0],
                           "overrides": {"unrelated": {"contradict": 0.5}}})


@pytest.mark.parametrize("claim,text,overruled", [
    # MMA-style: someone else's event on the same topic, named (the class that took CoRe to 0.20)
    ("Amira climbed the north face above Lyon", "a notice saying Nils never climbed the north face above Ghent", False),
    ("I live in Leeds", "my brother moved to York in March, never coming back", False),
    ("my mother lives in Cardiff", "my aunt moved to Swansea, not Cardiff", False),
    # the claim's own subject: the model may read it
    ("Amira climbed the north face above Lyon", "Amira never climbed the north face above Lyon, not once", True),
    ("I live in Leeds", "I moved to York in March, never coming back", True),
    ("my mother lives in Cardiff", "mum moved to Swansea, not Cardiff", True),
])
def test_the_model_overrules_the_rules_only_about_the_claims_subject(claim, text, overruled):
    """(Each text also shares a word of what its claim states, ``reaches_claim``: only the subject differs.)"""
    from memwarden.trust.stance import Stance
    from memwarden.trust.stance_fitted import combine

    rule = Stance("unrelated", 0.6, "related topic, no common claim", ())
    st = combine(claim, text, 0.6, rule, _contradicting_model())
    assert (st.label == "contradict") == overruled, (claim, text, st)


@pytest.mark.xfail(strict=True, reason=(
    "second code-blind review of 7a0a487: a shared place name reaches the claim whatever the attribute; the override "
    "ships inert until it needs the claim to state the attribute the change is about (found session 13)"))
@pytest.mark.parametrize("claim,text", [
    ("my office is in Hackney", "We sold our flat in Hackney and moved to Brighton"),
    ("my dentist is in Manchester", "I moved from Manchester to Leeds"),
    ("I studied in Manchester", "I moved from Manchester to Leeds"),
])
def test_a_shared_place_name_is_not_the_changed_attribute(claim, text):
    from memwarden.trust.stance_fitted import reaches_claim

    assert not reaches_claim(claim, text)


def test_the_shipped_override_is_inert_while_that_is_so():
    from memwarden.trust.stance_fitted import load_model

    model = load_model()
    assert model is not None and not model.overrides
