"""Session 23 (issue 11.3): a statement that repairs itself as it is said (:mod:`memwarden.trust.verdict_repair`).

- The words right before "- no wait", "ugh no sorry", "- no, <value>" are taken back: a claim stating them
  is denied ("the bins go out monday - no wait, sunday night" denies bins on Monday).
- Any other claim is read against the statement as repaired, so the repair's "no" denies nothing
  ("piano is thursdays at 5 - no 5.15" still says piano on Thursdays).
- A "- no" before a lower-case word is a plain denial, not a repair ("the flat has a bath - no shower").
- Nothing about the repaired thing: UNKNOWN still.
- A negation in another clause still denies the claim when the word it takes is one of the claim's ("... starts
  in june, no pension though" denies a pension); "no more ..." and "no ... until" say what follows, no denial.
- A bare "not" right after a noun ("a cracked pipe not the tap") sets one thing against another: it denies the tap,
  not the pipe.
- Denying the opposite of the claim's word agrees with it ("didn't cancel the fair, went ahead"); "went", "sent",
  "payment" are no negators.

Own topics and wording, none from an evaluation set."""

from memwarden.trust.stance_label import Stance
from memwarden.trust.verdict_repair import repair_cut, repair_stance
from memwarden.trust.verdict_stance import _stance

from test_trust_verdict_matter import _verdict

T = "2026-05-11T19:00:00"


def _said(text: str, claim: str) -> str:
    return _verdict([("user", text, T)], claim)


def test_the_words_before_the_repair_are_taken_back():
    back, repaired, after = repair_cut("the bins go out monday, ugh no sorry, sunday night, before ten")
    assert back == "monday" and "sunday" in repaired and "monday" not in repaired


def test_a_name_taken_back_is_denied():
    # fails on main: the line shares the claim's words, so it was read as agreeing
    st = _stance("The user's new dentist is Dr Marsh.",
                 "my new dentist is Dr Marsh - no sorry, that's the hygienist. the dentist is Dr Okafor", 0.6)
    assert st.label == "contradict"


def test_a_weekday_taken_back_is_denied():
    text = "swimming club is on wednesday, ugh no sorry they switched it to tuesdays this term"
    assert _said(text, "The user's swimming club meets on Wednesday.") == "FALSE"


def test_the_repairs_no_denies_nothing_else_the_line_says():
    text = "piano is thursdays after school at 5 - no 5.15"
    assert _stance("Piano lessons are on Thursdays.", text, 0.6).label == "agree"
    assert _said(text, "Piano lessons are on Thursdays.") == "TRUE"


def test_the_repaired_value_is_agreed_with():
    # fails on main: the bare "- no" was read as a negation of the whole line
    text = "the in-laws land on the 8th - no, the 9th, the Saturday"
    assert _said(text, "The in-laws arrive on the 9th.") == "TRUE"


def test_a_dash_before_a_lower_case_word_is_a_denial_not_a_repair():
    assert repair_cut("the holiday flat has a bath - no shower, which is a pain") is None
    assert repair_cut("the cabin's only got a kettle, no fridge, the agent said") is None


def test_a_repair_that_names_nothing_repairs_nothing():
    assert repair_cut("the parcel went to number 14 - no wait, hang on") is None
    assert repair_stance("The parcel went to number 14.", "the parcel went to number 14",
                         lambda c, t: Stance("agree", 1.0, "", ())) is None


def test_nothing_about_the_repaired_thing_stays_unknown():
    text = "the bins go out monday, ugh no sorry, sunday night, before ten"
    assert _said(text, "The user's recycling is collected fortnightly.") == "UNKNOWN"


# -- a negation in another clause that takes one of the claim's words --------------------------------------------

def test_a_negation_taking_the_claims_word_in_another_clause_still_denies_it():
    # fails on main: the clause sharing most words ("got the new contract with the council") agreed
    text = "got the new contract with the council! starts in june, 4 days a week, no pension though"
    assert _said(text, "The user's new contract with the council includes a pension.") == "FALSE"
    text = "signed the twins up for the summer camp at the leisure centre, 9 to 3 all week. no lunch provided so packed lunches it is"
    assert _said(text, "The summer camp covers lunch.") == "FALSE"


def test_the_rest_of_a_line_with_a_negation_elsewhere_still_agrees():
    text = "booked my intensive driving course with Pass Fast, 5 days in august, no motorway lesson sadly"
    assert _said(text, "The user's driving course is in August.") == "TRUE"
    # a negation that takes another word, even in a line naming the claim's words, denies nothing of it
    assert _said("vet says no grapes for the dog ever, carrots are fine as treats",
                 "Carrots are fine as treats for the dog.") == "TRUE"


# -- "X not Y": a contrast, not a denial of X ----------------------------------------------------------------------

def test_a_bare_not_after_a_noun_sets_one_thing_against_another():
    # fails on main: "not the tap" was read as denying the clause it sits in, the pipe too
    text = "plumber came out, it's a cracked pipe under the sink not the tap itself, 90 quid"
    assert _said(text, "The plumber found a cracked pipe under the sink.") == "TRUE"
    assert _said(text, "The tap under the sink was the problem.") == "FALSE"
    assert _said("swimming is at the leisure centre this term not the school pool",
                 "The kids' swimming is at the leisure centre this term.") == "TRUE"


def test_a_contrast_with_the_speakers_own_thing_denies_it():
    # the session 23 review: "not mine" is the user's own place, so the contrast denies a claim naming it
    text = "bbq's at my brother's garden not ours this time, our lawn is all dug up"
    assert _said(text, "The BBQ is at the user's garden.") == "FALSE"
    assert _said(text, "The BBQ is at the user's brother's garden.") == "TRUE"


# -- a denied opposite; words ending in "nt" ---------------------------------------------------------------------

def test_denying_the_opposite_of_the_claims_word_agrees_with_it():
    # fails on main: "didn't cancel" read as denying the fair, and "went" read as a negator ("wen't")
    text = "we didn't cancel the school fair on saturday in the end, went ahead under gazebos"
    assert _said(text, "The school fair went ahead on Saturday.") == "TRUE"
    assert _said(text, "The school fair was cancelled.") == "FALSE"


def test_words_ending_in_nt_are_no_negators():
    from memwarden.trust.verdict_stance import _NEGATED_PHRASE
    said = [m.group(0).split()[0] for m in _NEGATED_PHRASE.finditer(
        "the tenant sent the payment and went home, it wasnt late and I didnt chase, she won't be")]
    assert said == ["wasnt", "didnt", "won't"]
