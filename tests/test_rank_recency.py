"""Round 6 of the fitted order (``rank_order="fitted"``): when recency may count (trust/rank_recency.py), a "current"
inside a prepositional phrase (trust/fitted_rank.py ``asks_now``) and a person named with a name's possessive
(trust/rank_subject.py). Everyday conversations and sentences written for this file before any measurement, in
the shapes three code-blind reviews found (a later line on a nearby matter after a fact that still holds; a request
for a relative; the user's name in a possessive), in other domains and words than theirs and than any eval set."""

import numpy as np
import pytest
from test_rank_subject import U, _both, _rank  # the same hand/fitted pair of memories, sessions a month apart

from memwarden.trust.fitted_rank import FEATURES, asks_now, head_order, load_weights, off_matter
from memwarden.trust.rank_recency import MODES, NEWER, OLDER, gate_recency
from memwarden.trust.rank_subject import others_named

# -- "current" in a prepositional phrase ---------------------------------------------------------------------------

#: Questions that ask of the present: they stay "now".
STILL_NOW = ["What's my current job?", "Who is my current GP?", "what is my current address?",
             "where do I work currently?",
             "Which phone am I using at the moment?", "Do I still play the cello?", "where do we live now?",
             "what's the current plan for Saturday?", "Is my current landlord still Mr Ahmed?", "what car do I drive these days?",
             "which bank is my current account with now?", "what's my current weight?", "Am I still vegetarian?",
             "what is our current broadband provider?", "who's my manager nowadays?", "What's my current rent?"]
#: "current" naming a thing inside a prepositional phrase, no other present-state word: not "now".
NOT_NOW = ["How much money have I got in my current account?", "what's the overdraft limit on my current account?",
           "Which card is linked to my current account?", "any fees with my current account?",
           "how much interest do I get on my current savings pot?", "what's the wifi password?",
           "what did I pay for the boiler service?", "when is the dentist?", "what should I cook tonight?",
           "how old is my niece?", "What's the standing order from my current account for?",
           "Remind me what I said about the current in the river", "how long is the warranty on the fridge?",
           "What's the PIN for our current account?", "where did I park?"]


@pytest.mark.parametrize("q", STILL_NOW)
def test_a_question_of_the_present_asks_now(q):
    assert asks_now(q)


@pytest.mark.parametrize("q", NOT_NOW)
def test_current_naming_a_thing_in_a_phrase_does_not_ask_now(q):
    assert not asks_now(q)


# -- a name's possessive ---------------------------------------------------------------------------------------------

NAMED = [("Bea's partner Dan hates coriander.", {"partner"}), ("Tom's little sister is staying with us.", {"sister"}),
         ("Priya's mum makes the best dhal.", {"mum"}), ("Jonah's boss gave him Friday off.", {"boss"}),
         ("Ana’s husband is a vet.", {"husband"})]
#: Ordinary sentences with a name's possessive or a capitalised word before "'s" that name no person.
NOT_NAMED = ["Mother's Day is on Sunday.", "I grabbed a coffee at Greggs, then McDonald's for lunch.",
             "Sainsbury's had no oat milk.", "Bea's car is in the garage again.", "Tom's birthday is in May.",
             "It's Friday, finally.", "Today's meeting ran long.", "Jonah's flat has a lovely view.",
             "We watched Schindler's List.", "St John's Wood is pricey.", "Priya's new job starts Monday.",
             "I'm allergic to penicillin.", "Dan's cooking is great.", "That's my partner's favourite.",
             "Here's the plan for Saturday.", "Let's meet at Nando's.", "Bea's got a cold."]


@pytest.mark.parametrize("text,who", NAMED)
def test_a_name_with_a_possessive_before_a_person_names_that_person(text, who):
    assert others_named(text) == who


@pytest.mark.parametrize("text", NOT_NAMED)
def test_a_name_with_a_possessive_before_anything_else_names_no_one(text):
    # "my partner's favourite" is read by the possessive rule before (round 3), not by the name rule
    assert others_named(text) == ({"partner"} if "partner" in text else set())


# -- the recency gate ------------------------------------------------------------------------------------------------

def _rows():
    rng = np.random.default_rng(0)
    X = rng.random((4, len(FEATURES)))
    col = {f: i for i, f in enumerate(FEATURES)}
    for f in ("share_word", "newest_similar", "later_similar", "q_now", "q_past", "subj_mismatch"):
        X[:, col[f]] = np.round(X[:, col[f]])
    return X, col


@pytest.mark.parametrize("mode", MODES)
def test_the_gate_touches_only_the_list_wide_recency_columns(mode):
    X, col = _rows()
    G = gate_recency(X, FEATURES, mode)
    others = [i for f, i in col.items() if f not in NEWER + OLDER]
    assert np.array_equal(G[:, others], X[:, others])
    if mode == "all":
        assert np.array_equal(G, X)


def test_pair_mode_makes_list_wide_recency_say_nothing():
    X, col = _rows()
    G = gate_recency(X, FEATURES, "pair")
    for f in NEWER:
        assert not G[:, col[f]].any()
    assert (G[:, col["age_rank"]] == 1).all() and (G[:, col["later_share"]] == 1).all()


def test_share_mode_reads_a_hit_off_the_questions_words_as_the_oldest():
    X, col = _rows()
    X[:, col["share_word"]] = [1, 0, 1, 0]
    G = gate_recency(X, FEATURES, "share")
    assert list(G[[1, 3], col["newest"]]) == [0, 0]
    assert list(G[[1, 3], col["age_rank"]]) == [1, 1]
    assert np.array_equal(G[[0, 2]][:, col["age_rank"]], X[[0, 2]][:, col["age_rank"]])


def test_an_unknown_gate_is_an_error():
    X, _ = _rows()
    with pytest.raises(ValueError):
        gate_recency(X, FEATURES, "newest")


# -- off the question's matter: a hold by the search's own cosine ---------------------------------------------------------

def _cos(values):
    X = np.zeros((len(values), len(FEATURES)))
    X[:, FEATURES.index("cosine")] = values
    X[:, FEATURES.index("cosine_gap")] = np.asarray(values) - max(values)
    return X


def test_off_matter_by_gap_and_by_share_of_the_best():
    X = _cos([0.25, 0.2, 0.1, 0.04])
    assert list(off_matter(X)) == [False] * 4  # both tests off: round 4
    assert list(off_matter(X, far=0.1)) == [False, False, True, True]
    assert list(off_matter(X, far_share=0.5)) == [False, False, True, True]
    assert list(off_matter(X, far_share=0.2)) == [False, False, False, True]
    assert list(off_matter(_cos([-0.1, -0.2]), far_share=0.5)) == [False, False]  # no positive best: no hold


def test_a_line_off_the_matter_never_passes_one_on_it_whatever_its_score():
    held = off_matter(_cos([0.3, 0.28, 0.05]), far_share=0.5)
    assert head_order(np.array([0.0, 0.1, 9.0]), 3, 0.5, held) == [0, 1, 2]
    assert head_order(np.array([0.0, 9.0, 0.1]), 3, 0.5, held) == [1, 0, 2]  # on the matter it still moves


def test_the_shipped_weights_read_recency_everywhere_and_hold_lines_off_the_matter():
    w = load_weights()
    assert w.recency in MODES and w.far_share > 0 and len(w.meta["fitted_on"]) == 47


# -- everyday conversations, the fitted order against the hand order -----------------------------------------------------

#: (sessions a month apart, question, the right hit's text, how far down the fitted order may put it)
#: A fact that still holds, then later lines on a nearby matter (the reviewers' first shape).
NEARBY_LATER = [
    ([[U("I'm allergic to ibuprofen, it gives me hives.")], [U("Hay fever is brutal this week, eyes streaming.")]],
     "what am I allergic to?", "ibuprofen", 1),
    ([[U("I work as a paralegal at a firm in Croydon.")], [U("My niece has started ballet on Tuesdays.")]],
     "Where do I work now?", "paralegal|croydon", 1),
    ([[U("I'm saving up for a deposit on a flat.")], [U("Cancelled Disney+ and the gym this month.")]],
     "What am I saving for?", "deposit", 1),
    ([[U("I'm lactose intolerant.")], [U("The farmers market had amazing cheeses on Saturday.")]],
     "is there anything I can't eat?", "lactose", 1),
    ([[U("I've got a season ticket at Villa Park.")], [U("Watched the darts on telly last night, brilliant.")]],
     "which team do I support?", "villa", 1),
    ([[U("I take levothyroxine every morning for my thyroid.")], [U("The pharmacy queue was ridiculous today.")]],
     "what medication am I on?", "levothyroxine", 1),
    ([[U("I play bass in a covers band.")], [U("Went to a jazz gig in Soho, the drummer was unreal.")]],
     "what instrument do I play?", "bass", 1),
    ([[U("My commute is the 7:42 train from Reading.")], [U("Roadworks on the A4 again, chaos.")]],
     "how do I get to work?", "7:42|train", 1),
    ([[U("I'm a night-shift nurse, I sleep in the day.")], [U("The neighbours' builders start at 8 every morning now.")]],
     "what hours do I work?", "night", 1),
    ([[U("I'm training for the Cardiff half marathon in October.")], [U("Bought a foam roller, my calves are killing me.")]],
     "what race am I training for?", "cardiff|half", 1),
    ([[U("My budget for the new laptop is 900 pounds.")], [U("Laptop prices went up again according to the news.")]],
     "How much can I spend on a laptop?", "900", 1),
]
#: A fact, its update, then a later line on something else: the update must stay first.
UPDATED_THEN_OTHER = [
    ([[U("I live in a flat in Walsall.")], [U("We've moved into a terrace in Lichfield.")],
      [U("Bought a huge monstera for the lounge.")]], "where do I live now?", "lichfield", 1),
    ([[U("I'm with Vodafone for my phone.")], [U("Switched my phone contract to Three, much cheaper.")],
      [U("The weather ruined our picnic.")]], "which phone network am I on now?", "three", 1),
    ([[U("I drive a Ford Fiesta.")], [U("Sold the Fiesta and bought a Kia Niro.")], [U("Parking in town is a nightmare.")]],
     "What car do I have these days?", "niro", 1),
]
#: Requests for a relative, the asker's own taste said later (the relative's limit within the first two).
FOR_RELATIVE = [
    ([[U("My brother can't eat gluten, he's coeliac.")], [U("I've been making fresh pasta every weekend.")]],
     "what should I cook for my brother on Friday?", "gluten|coeliac", 2),
    ([[U("My aunt is partially deaf, noisy places are hard for her.")], [U("I love a loud pub quiz.")]],
     "where should I take my aunt for lunch?", "deaf|noisy", 2),
    ([[U("My wife hates flying.")], [U("I'd love to go to Japan next year.")]],
     "where could I take my wife for our anniversary?", "flying", 2),
]
#: The user's name in a possessive: another person's line, it may not pass the user's own fact.
NAME_POSSESSIVE = [
    ([[U("I'm Bea. I'm vegetarian, have been for years.")], [U("Bea's partner Dan is doing a carnivore diet, ugh.")]],
     "what's my diet?", "vegetarian", 1),
    ([[U("This is Sam. I'm allergic to cats.")], [U("Sam's sister is allergic to dogs, funny.")]],
     "what am I allergic to?", "cats", 1),
    ([[U("I'm Lou, I work at the library on Elm Street.")], [U("Lou's husband just got a job at the hospital.")]],
     "where do I work?", "library", 1),
]
#: Longer conversations (a review's failures were in its longer ones): a fact that holds, then several sessions of
#: chatter, the last ones on a nearby matter.
LONGER = [
    ([[U("I'm allergic to amoxicillin, found out the hard way.")], [U("Work has been hectic, three deadlines this week.")],
      [U("Went to the coast with Jo, fish and chips on the pier.")], [U("My nose has been running all week, tree pollen I think.")],
      [U("The GP surgery changed its opening hours.")]], "what am I allergic to?", "amoxicillin", 1),
    ([[U("I'm Ines, I teach maths at Hollybank Academy.")], [U("We adopted a rescue greyhound called Pip.")],
      [U("Pip's vet says he needs to gain weight.")], [U("My son started Saturday football at the rec.")],
      [U("Ines's partner Raf got a new job at the council.")]], "Where do I work now?", "hollybank|maths", 1),
    ([[U("I'm putting 200 a month aside for a wedding next summer.")], [U("The boiler packed in, 90 quid call-out.")],
      [U("Cancelled the meal kit subscription, too pricey.")], [U("Switched energy supplier to save a bit.")]],
     "What am I saving for?", "wedding", 1),
    ([[U("I take sertraline, 50mg, every morning.")], [U("Started a pottery class on Wednesdays.")],
      [U("My sister's on antibiotics for a chest infection.")], [U("Picked up a prescription for my dad today.")]],
     "what medication do I take?", "sertraline", 1),
    ([[U("I cycle to work, about 6 miles each way.")], [U("The car failed its MOT, needs new brakes.")],
      [U("Got a puncture on the way home, annoying.")], [U("Thinking of buying a new helmet with lights.")]],
     "how do I get to work these days?", "cycle", 1),
    ([[U("I'm Theo and I'm coeliac, strictly no gluten.")], [U("Booked a table at the Italian place for Friday.")],
      [U("Theo's brother Max is doing a bread-making course.")], [U("Made a huge lasagne for the kids.")]],
     "Is there anything I can't eat?", "coeliac|gluten", 1),
]
CONVERSATIONS = NEARBY_LATER + UPDATED_THEN_OTHER + FOR_RELATIVE + NAME_POSSESSIVE + LONGER


@pytest.mark.parametrize("sessions,q,answer,within", CONVERSATIONS)
def test_the_fitted_order_is_no_worse_than_the_hand_order_on_everyday_conversations(minilm, sessions, q, answer,
                                                                                    within):
    hand, fitted = _both(minilm, sessions)
    try:
        rh, rf = _rank(hand, q, answer)[0], _rank(fitted, q, answer)[0]
        # a new wrong one: the hand order has the answer within the depth, the fitted order does not
        assert not (rh < within <= rf), (q, _rank(fitted, q, answer)[1])
    finally:
        hand.close()
        fitted.close()
