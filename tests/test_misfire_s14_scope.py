"""Session 14 (branch s14-unknown): whether a memory can settle a verdict's claim at all
(``trust/verdict_scope.py``), and the number readings of ``trust/features.py`` it relies on.

Everyday wording of our own, no eval set's content. Each reading is tried on ordinary sentences it
must NOT fire on (most of each list) and on a few it must fire on; then a handful end to end
through ``Memory.verdict``.
"""

from datetime import datetime, timedelta, timezone

import pytest

from memwarden.config import MemoryConfig
from memwarden.memory import Memory
from memwarden.trust.features import features
from memwarden.trust.verdict import as_first_person
from memwarden.trust.verdict_scope import ended, holder, other_holder, prospect_only


def _c(claim: str) -> str:
    return as_first_person(claim)


# --- another holder -----------------------------------------------------------------------------

#: (claim, text): the text may well speak of the claim's holder; never "another holder".
SAME_OR_UNREAD_HOLDER = [
    ("The user is allergic to penicillin.", "Mum says I've always been allergic to penicillin"),
    ("The user can run again.", "Doctor said I'm fine to run again"),
    ("The user goes to the gym on Tuesdays.", "Tuesday's my gym day"),
    ("The user has lunch at Costa.", "Costa's my usual spot for lunch"),
    ("The user pays £18 a month for Netflix.", "Netflix went up again, £18 now"),
    ("The user takes Spanish lessons.", "Spanish lessons started again last week"),
    ("The user lives in Bristol.", "Sarah and I moved to Bristol in May"),
    ("The user gets a lift to work.", "Tom's giving me a lift to work this week"),
    ("The user works 50 hours a week.", "Work's been mad, I'm doing 50 hours"),
    ("The user stayed home at Christmas.", "Christmas was quiet, I stayed home"),
    ("The user lives in London.", "London was heaving, took me an hour to get home"),
    ("The user bought a new kettle.", "Amazon delivered my new kettle this morning"),
    ("The user's mother lives in Leeds.", "I visited mum in Leeds at the weekend"),
    ("The user's father is retired.", "Dad's loving retirement, golf every day"),
    ("The user was born at home.", "My brother says I was born in hospital but I wasn't"),
    ("The user's order has arrived.", "Payment received - order confirmed, arriving Tuesday"),
    ("The user's car needs new tyres.", "Garage rang, the car needs two new tyres"),
    ("The user's sister lives in Cork.", "Aoife's still in Cork, loves it"),
    ("The user has two kids.", "Lily started school and Jack is in year 3"),
    ("The user has a cat.", "Milo knocked my mug off the table again"),
]

#: (claim, text): the text opens on someone else, so it settles nothing of the claim.
OTHER_HOLDER = [
    ("The user is allergic to penicillin.", "my sister is allergic to penicillin"),
    ("The user's father has retired.", "my mum retired in the spring"),
    ("The user is allergic to nuts.", "Jake's allergic to nuts, carries an epipen"),
    ("Priya is moving to Leeds.", "Omar's moving to Leeds next month"),
]


@pytest.mark.parametrize("claim,text", SAME_OR_UNREAD_HOLDER)
def test_a_text_that_may_be_about_the_claims_holder_is_not_another_holder(claim, text):
    assert not other_holder(_c(claim), as_first_person(text)), (holder(_c(claim)), holder(text))


@pytest.mark.parametrize("claim,text", OTHER_HOLDER)
def test_a_text_opening_on_someone_else_is_another_holder(claim, text):
    assert other_holder(_c(claim), text)


def test_record_headers_and_acronyms_open_on_no_one():
    for text in ("Plan noted: the paper targets the spring deadline", "Reservation confirmed - Hotel Bayview",
                 "GP started me on sertraline", "NHS letter came, appointment on the 3rd", "Noted: rent is 900",
                 "Cheques still work! Unit 5C, noted."):
        assert holder(text) in (None, "i"), text


# --- a prospect is not its outcome ---------------------------------------------------------------

#: (claim, text): an outcome stated, or a claim about a plan or a thing: no prospect-only reading.
NOT_PROSPECT = [
    ("The user booked the venue.", "booked the venue for the 12th, deposit paid"),
    ("The user went to the dentist.", "finally went to the dentist, was going to cancel but didn't"),
    ("The user started a new job.", "I've started the new job, thinking of getting a bike to commute"),
    ("The user passed their driving test.", "passed my driving test! want to get a car now"),
    ("The user is going to Spain in June.", "we're going to Spain in June, flights booked"),
    ("The user takes the bus to work.", "I waited for the bus for 40 minutes this morning"),
    ("The user quit smoking.", "I quit smoking, trying to stay off the vapes too"),
    ("The user's pottery class is on Thursdays.", "finally signed up for pottery classes"),
    ("The user has not had the test results yet.", "still waiting for the test results"),
    ("The user signed up for a 10k.", "signed up for a 10k in May, eek"),
    ("The user goes to the gym.", "going to the gym after work like every day"),
    ("The user moved to Glasgow.", "moved to Glasgow in March, still want to see the highlands"),
    ("The user has a dog.", "we have a dog, might get a second one"),
    ("The user is learning the guitar.", "learning the guitar, hoping to play at the wedding"),
    ("The user paid the deposit.", "paid the deposit, trying to save for the rest now"),
    ("The user lives in Berlin.", "planning to stay in Berlin for good"),
    ("The user speaks Spanish.", "trying to keep my Spanish up with an app"),
    ("The user owns a bike.", "thinking of selling my bike"),
]

PROSPECT = [
    ("The user booked the cottage in Devon.", "thinking of booking the cottage in Devon for August"),
    ("The user got the job at the library.", "applied for the job at the library"),
    ("The user finished the marathon.", "signed up for the marathon in october"),
    ("The user's brother broke his arm.", "my brother fell off his bike, they've taken him in for x-rays on his arm"),
]


@pytest.mark.parametrize("claim,text", NOT_PROSPECT)
def test_an_outcome_or_a_plan_claim_is_no_prospect_only(claim, text):
    assert not prospect_only(_c(claim), as_first_person(text))


@pytest.mark.parametrize("claim,text", PROSPECT)
def test_a_plan_or_a_pending_check_is_not_its_outcome(claim, text):
    assert prospect_only(_c(claim), as_first_person(text))


# --- an ended state ---------------------------------------------------------------------------------

NOT_ENDED = [
    ("The user lives near the bank.", "I quit my job at the bank"),
    ("The user owns a car.", "sold my old car, got a new one last week"),
    ("The user shops at Tesco.", "stopped at Tesco on the way home"),
    ("The user takes the train to work.", "gave up my seat on the train to an old man"),
    ("The user smokes.", "my neighbour quit smoking, fair play to him"),
    ("The user has a mortgage.", "I've stopped worrying about the mortgage"),
    ("The user owns a car.", "paid off the car loan, finally"),
    ("The user goes to the café.", "no longer working at the café but I still go there for coffee"),
    ("The user eats pasta.", "gluten-free pasta is actually nice"),
    ("The user drinks coffee.", "had a free coffee with my loyalty card"),
    ("The user owns a car.", "the car's gone in for its MOT"),
    ("The user smoked for ten years.", "I quit smoking three years ago"),
    ("The user is quitting the team.", "coach told me I'm quitting the team, news to me"),
    ("The user smokes.", "quit smoking in January but caved, back on them now"),
    ("The user has a spare key.", "I might have left the spare key with my neighbour"),
    ("The user will get a refund for the cancelled flight.", "my refund for the cancelled flight should be £240"),
    ("The user drinks coffee.", "stopped drinking coffee after 2pm, sleep is better"),
    ("The user eats meat.", "gave up meat for lent"),
]

ENDED = [
    ("The user vapes.", "three months vape free today"),
    ("The user sings in a choir.", "I've given up on the choir, too many late nights"),
    ("The user takes amlodipine.", "GP's taken me off the amlodipine"),
    ("The user owns a caravan.", "sold the caravan to a nice couple, hotels from now on"),
    ("The user drives a Fiesta.", "sold the Fiesta in august, cycling now"),
    ("The user sings in a choir.", "gave up the choir, tuesday nights after work were too much"),
]


@pytest.mark.parametrize("claim,text", NOT_ENDED)
def test_no_ending_of_the_claims_matter(claim, text):
    assert not ended(_c(claim), as_first_person(text)) or other_holder(_c(claim), text)


@pytest.mark.parametrize("claim,text", ENDED)
def test_an_ending_of_the_claims_matter(claim, text):
    assert ended(_c(claim), as_first_person(text))


# --- a code-blind review's classes (re-worded): an agent acting on the speaker's thing, an outcome said
# beside a prospect, phrasal senses that end nothing ------------------------------------------------

AGENT_ON_MY_THING = [
    ("The user's rent is £900 a month.", "Marek put the rent up to £900 from June."),
    ("The user's new fridge has been delivered.", "Currys delivered the new fridge at lunchtime."),
    ("The user's loan was approved.", "Halifax approved the loan for the extension."),
    ("The user's birthday dinner is on Friday at 8.", "Priya booked the birthday dinner for Friday at 8."),
    ("The user's offer on the flat was accepted.", "Gemma accepted the offer on the flat today!"),
]

OUTCOME_BESIDE_PROSPECT = [
    ("The user got the job at the garden centre.", "I applied for the garden centre job in March and got it!"),
    ("The user has asthma.", "Trying to get fitter since I was diagnosed with asthma last year."),
    ("The user passed their theory test.", "I want to celebrate passing my theory test today!"),
    ("The user finished painting the hallway.", "Planning to do the kitchen now that I've finished painting the hallway."),
    ("The user moved flat last month.", "I want to thank everyone who helped me move flat last month."),
    ("The user flew back from Rome.", "Trying to catch up on sleep after flying back from Rome on Sunday."),
]

NOT_AN_ENDING = [
    ("The user has a car.", "Finally paid off the car, it's mine now."),
    ("The user has a coat.", "A zip came off my coat on the bus."),
    ("The user has a car.", "I stopped the car to answer the phone."),
    ("The user has a car.", "The car's gone, my brother borrowed it for the weekend."),
    ("The user wears glasses.", "Took off my glasses to rub my eyes and sat on them."),
    ("The user has a bike.", "Came off my bike on the gravel, just a scraped knee."),
    ("The user has a phone.", "Got off the phone with the council after forty minutes."),
    ("The user has a parking space at work.", "I gave up my parking space at work to a colleague for the day."),
    ("The user pays the gym by direct debit.", "I stopped the direct debit to the gym by mistake, set it up again."),
]


@pytest.mark.parametrize("claim,text", AGENT_ON_MY_THING)
def test_an_agent_acting_on_the_speakers_thing_is_no_other_holder(claim, text):
    assert not other_holder(_c(claim), text)


def test_a_name_holding_what_it_acted_on_is_another_holder():
    assert other_holder(_c("The user booked flights to Lisbon."), "Raj booked his flights to Lisbon for July.")


@pytest.mark.parametrize("claim,text", OUTCOME_BESIDE_PROSPECT)
def test_an_outcome_said_beside_a_prospect_is_no_prospect_only(claim, text):
    assert not prospect_only(_c(claim), as_first_person(text))


@pytest.mark.parametrize("claim,text", NOT_AN_ENDING)
def test_phrasal_senses_end_nothing(claim, text):
    assert not ended(_c(claim), as_first_person(text))


# --- numbers that are none ---------------------------------------------

@pytest.mark.parametrize("text,numbers", [
    ("wash in the new one", set()), ("the big one was too much work", set()), ("the comfy one", set()),
    ("first time ever", {"1"}), ("I live on the second floor", {"2"}), ("came third overall", {"3"}),
    ("I have one cat", {"1"}), ("a one bedroom flat", {"1"}), ("came first in the race", {"1"}),
    ("on the first of June", {"1"}), ("I need one", {"1"}), ("the twenty-first of June", {"21"}),
])
def test_a_pronoun_one_is_no_number_but_an_ordinal_is_its_number(text, numbers):
    assert set(features(text).numbers) == numbers


# --- end to end ------------------------------------------------------------------------------------

def _said(turns: list[str], claim: str) -> str:
    m = Memory(config=MemoryConfig(database=":memory:", embedder="minilm"))
    try:
        t0 = datetime(2026, 3, 2, 18, tzinfo=timezone.utc)
        for k, t in enumerate(turns):
            m.add([{"role": "user", "content": t}], user_id="u", timestamp=t0 + timedelta(days=k))
        return m.verdict(claim, user_id="u", as_of=t0 + timedelta(days=len(turns) + 1)).verdict
    finally:
        m.close()


@pytest.mark.parametrize("turns,claim,expect", [
    (["my husband is allergic to penicillin, has to have something else"], "The user is allergic to penicillin.",
     "UNKNOWN"),
    (["thinking of booking the cottage in Devon for our anniversary"], "The user has booked the cottage in Devon.",
     "UNKNOWN"),
    (["started on metformin last month", "the GP took me off the metformin, upset stomach"],
     "The user takes metformin.", "FALSE"),
    (["I live in Leeds", "my sister moved to York in the summer"], "The user lives in Leeds.", "TRUE"),
    (["I've got a grey cat called Smudge", "the new one from the shelter is settling in"],
     "The user has a grey cat.", "TRUE"),
    # a move of the speaker's refutes their parents' home on main too (session 13's class (c)); the
    # holder-only fix tried here reversed other changes of the speaker's ("I moved mum to a care home") and
    # was dropped after review
    pytest.param(["my parents live in Dublin", "I moved from Dublin to Cork last year"],
                 "The user's parents live in Dublin.", "TRUE", marks=pytest.mark.xfail(strict=True, reason=(
                     "main's changed_since reads the speaker's move against the parents' place; found session 13, "
                     "a fix by holder alone dropped in session 14 (it needs the moved object)"))),
    # found session 14 (the move's claim 'moved from Dublin' agreed on the shared place); session 19 reads the
    # residence slot: Dublin is the value replaced
    (["I live in Dublin", "I moved from Dublin to Cork last year"], "The user lives in Dublin.", "FALSE"),
    (["I'm waiting for my passport to come back"], "The user has their passport.", "UNKNOWN"),
    (["Mia's going to university in September"], "The user is going to university in September.", "UNKNOWN"),
])
def test_verdicts_on_everyday_conversations(turns, claim, expect):
    assert _said(turns, claim) == expect


# --- the second code-blind review's classes (re-worded) -------------------------------------------

#: A kin beside "I" is a companion; a kin driving the claim's kin acts for them: no other holder.
KIN_COMPANION_OR_AGENT = [
    ("The user's brother lives in York.", "Dad and I went up to see my brother in York, he's been there for years"),
    ("The user's daughter swims.", "Mum takes my daughter to swimming lessons on Fridays"),
    ("The user's uncle keeps bees.", "My cousin and me helped my uncle with his bees on Sunday"),
]

#: A later clause with its own finite verb is the outcome the frame led to.
OUTCOME_CLAUSE_AFTER_FRAME = [
    ("The user ran a half marathon.", "Entered for the half marathon in spring and finished it in two hours"),
    ("The user got a new job.", "Applied for the library job last month and they offered it to me"),
    ("The user takes a pottery class.", "Signed up for pottery in January; I go every Thursday evening now"),
    ("The user's father had knee surgery.", "My father was waiting for knee surgery and had it done in June"),
    ("The user got a discount.", "Asked for a discount at the garage, then the manager knocked off forty quid"),
]

#: An ending limited to a place, a season or a setting, a place's rule, another's ending, a swap within a class.
PARTIAL_OR_NOT_MINE_ENDING = [
    ("The user drinks coffee.", "Stopped drinking coffee at work, I have two cups at home instead"),
    ("The user walks to work.", "Gave up walking to work in the winter, the bus is warmer"),
    ("The user eats meat.", "The canteen has been meat-free since the summer, I still cook chicken at home"),
    ("The user vapes.", "My flatmate quit vaping last month, I'm still on it"),
    ("The user takes antidepressants.", "The doctor took me off sertraline and put me on citalopram instead"),
]


@pytest.mark.parametrize("claim,text", KIN_COMPANION_OR_AGENT)
def test_a_kin_companion_or_agent_is_no_other_holder(claim, text):
    assert not other_holder(_c(claim), text)


@pytest.mark.parametrize("claim,text", OUTCOME_CLAUSE_AFTER_FRAME)
def test_an_outcome_clause_after_a_frame_settles_the_claim(claim, text):
    assert not prospect_only(_c(claim), text)


@pytest.mark.parametrize("claim,text", PARTIAL_OR_NOT_MINE_ENDING)
def test_a_partial_or_anothers_ending_is_no_ending(claim, text):
    assert not ended(_c(claim), text)


@pytest.mark.parametrize("text,number", [("I bought thirty second-hand records", "30"),
                                         ("We've got twenty first-years this term", "20"),
                                         ("Any siblings? Just the one, my sister", "1")])
def test_a_cardinal_before_an_ordinal_compound_is_the_cardinal(text, number):
    assert number in features(text).numbers


def test_a_general_present_clause_after_a_frame_is_no_outcome_and_a_named_drug_swapped_still_ends():
    # someone else's present habit after the plan says nothing of the plan's outcome
    assert prospect_only(_c("The user booked the village hall."),
                         "thinking of booking the village hall for the party, they do a discount on Sundays")
    # the claim names the very drug stopped, not its class: the swap still ends it
    assert ended(_c("The user takes metformin."), "the nurse has taken me off the metformin, trying gliclazide instead")


@pytest.mark.parametrize("text, numbers", [
    # the third review (session 14): a space-joined "second" after twenty/thirty is a duration before a noun
    ("Cut the video down to a thirty second teaser", {"30", "2"}),
    ("She holds a twenty second wall sit now", {"20", "2"}),
    ("The party is on the twenty second of June", {"22"}),
    ("His birthday falls on the thirty first.", {"31"}),
    ("the thirty-first of October", {"31"}),
    # "one" after "had" / "just" / "only" is a count, not a pronoun
    ("I only had the one glass, I was driving", {"1"}),
])
def test_a_duration_in_seconds_is_no_ordinal_and_had_the_one_is_a_count(text, numbers):
    assert set(features(text).numbers) == numbers
