"""Session 27 (issue 11): a later line saying a change and giving another value of the claim's kind undoes an
earlier first-hand agreement, though it names few of the claim's words.

- A weekday, a clock time, an amount or a name of the claim's kind, said later by a strong source with a change
  cue ("now", "new", "instead", "moved", a document's record), makes the claim about the old value FALSE.
- A later line with no change cue, a hedged one, another person's, or a claim about how things used to be: the
  earlier agreement stands.

Own topics and wording, none from an evaluation set."""

from test_trust_verdict_matter import _verdict

EARLY, LATE = "2026-01-12T18:00:00", "2026-02-23T18:00:00"


def test_a_later_weekday_with_a_change_cue_makes_the_old_day_false():
    first = ("user", "choir rehearses on Wednesdays in the church hall", EARLY)
    later = ("user", "from this term we meet on Mondays instead, the vicar needs the hall", LATE)
    claim = "The user's choir rehearses on Wednesdays."
    assert _verdict([first], claim) == "TRUE"
    assert _verdict([first, later], claim) == "FALSE"


def test_a_later_clock_time_with_a_change_cue_makes_the_old_time_false():
    first = ("user", "the school bus picks Ines up at 7:50 every morning", EARLY)
    later = ("user", "bus firm changed the timetable, it's 7:35 now, ugh", LATE)
    claim = "The school bus picks Ines up at 7:50."
    assert _verdict([first], claim) == "TRUE"
    assert _verdict([first, later], claim) == "FALSE"


def test_a_new_holder_of_the_role_makes_the_old_name_false():
    first = ("user", "Marguerite is my line manager at the depot", EARLY)
    later = ("user", "new line manager started today, Oskar, seems sound", LATE)
    claim = "Marguerite is the user's line manager."
    assert _verdict([first], claim) == "TRUE"
    assert _verdict([first, later], claim) == "FALSE"


def test_a_later_time_of_another_matter_without_a_change_cue_leaves_the_claim_true():
    first = ("user", "the school bus picks Ines up at 7:50 every morning", EARLY)
    later = ("user", "dentist for Ines at 3:15 tomorrow", LATE)
    assert _verdict([first, later], "The school bus picks Ines up at 7:50.") == "TRUE"


def test_a_hedged_later_day_leaves_the_claim_true():
    first = ("user", "choir rehearses on Wednesdays in the church hall", EARLY)
    later = ("user", "I think they might move us to Mondays at some point, not sure", LATE)
    assert _verdict([first, later], "The user's choir rehearses on Wednesdays.") == "TRUE"


def test_a_new_club_named_for_the_same_player_makes_the_old_club_false():
    first = ("user", "Rowan plays for Ashdown Rovers", EARLY)
    later = ("user", "Rowan got signed by Kelsall Town this season, new kit and everything", LATE)
    claim = "Rowan plays for Ashdown Rovers."
    assert _verdict([first], claim) == "TRUE"
    assert _verdict([first, later], claim) == "FALSE"


def test_a_name_said_in_passing_is_no_new_holder_of_the_role():
    first = ("user", "Marguerite is my line manager at the depot", EARLY)
    later = ("user", "went to the new Thai place with Oskar from work, lush", LATE)
    assert _verdict([first, later], "Marguerite is the user's line manager.") == "TRUE"


# The lead's mends after review: a value added beside the claim's, a one-off change and another post are no update.
def test_added_one_off_and_another_post_leave_the_claim():
    from memwarden.trust.features import features
    from memwarden.trust.verdict_later import _ADDED_OR_ONCE, _same_post
    assert _ADDED_OR_ONCE.search("the kids do swimming on Fridays as well now")
    assert _ADDED_OR_ONCE.search("only this week the bins go out Thursday instead")
    assert not _ADDED_OR_ONCE.search("bins are Thursdays now, the council changed it")
    claim = "Zofia is our team lead at the warehouse"
    fq = features(claim)
    for line, same in (("new team lead started Monday, Bartek", True),
                       ("new picker at the warehouse started Monday, Bartek", False),
                       ("new assistant team lead started Monday, Bartek", False)):
        fh = features(line)
        assert _same_post(fq, fh, set(fq.proper), set(fh.proper), claim) is same, line


def test_another_persons_denial_and_a_record_of_another_event_are_no_update():
    # a photo caption of someone else's record (other names) and another speaker's denial are weighed by the stance
    # rules, not read as the claim's own later update (the MMA-style conversations of session 27's regression)
    first = ("user", "Bogdan won the Varna chess open in March", EARLY)
    other_event = ("user", "[shares a photo] Lidia right after she won the Ohrid chess open", LATE)
    assert _verdict([first, other_event], "Bogdan won the Varna chess open.") == "TRUE"
