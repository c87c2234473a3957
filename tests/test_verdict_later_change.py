"""Session 24 (issue 11.3): a verdict applies a later change the user states in other words.

- A later line of the same voucher giving the claim's figure another value ("they've put it up to 112") makes the
  claim about the old figure FALSE, though it names none of the claim's words.
- A later line setting another name where the claim's was ("gone with Abel & Cole instead", "on Monzo now") does the
  same; another person's change ("my brother's switched to ...") does not.
- A bare "sorry" or "I mean" between two values of one kind repairs the first ("4:40.. sorry, 5:40", "Tom, I mean
  Tim"); between a word and a name it repairs nothing.

Own topics and wording, none from an evaluation set."""

from memwarden.trust.verdict_repair import repair_cut

from test_trust_verdict_matter import _verdict

EARLY, LATE = "2026-02-02T19:00:00", "2026-03-09T19:00:00"


# -- a later figure ---------------------------------------------------------------------------------

def test_a_later_figure_for_the_same_bill_makes_the_old_one_false():
    first = ("user", "my electricity direct debit is 85 a month", EARLY)
    later = ("user", "they've put it up to 112, brilliant", LATE)
    claim = "The user's electricity direct debit is 85 a month."
    assert _verdict([first], claim) == "TRUE"
    assert _verdict([first, later], claim) == "FALSE"


def test_a_figure_of_another_size_is_no_change_of_it():
    first = ("user", "my electricity direct debit is 85 a month", EARLY)
    later = ("user", "the kids went up to 2 hours of screen time now", LATE)
    assert _verdict([first, later], "The user's electricity direct debit is 85 a month.") == "TRUE"


# -- a later name ----------------------------------------------------------------------------------

def test_another_supplier_taken_on_instead_makes_the_old_one_false():
    first = ("user", "we get our veg box delivered by Riverford every Thursday", EARLY)
    later = ("user", "gone with Abel & Cole instead, half the packaging", LATE)
    claim = "The user gets the veg box from Riverford."
    assert _verdict([first], claim) == "TRUE"
    assert _verdict([first, later], claim) == "FALSE"


def test_someone_elses_switch_changes_nothing_of_the_users():
    first = ("user", "I bank with Nationwide, always have", EARLY)
    later = ("user", "my brother's switched to Monzo now, won't shut up about it", LATE)
    assert _verdict([first, later], "The user banks with Nationwide.") == "TRUE"


# -- a bare "sorry" / "I mean" repair ---------------------------------------------------------------

def test_a_time_repaired_with_a_bare_sorry_is_the_second_one():
    said = [("user", "parents' evening slot is 4:40.. sorry, 5:40 on Wednesday", EARLY)]
    assert _verdict(said, "The parents' evening slot is at 4:40.") == "FALSE"
    assert _verdict(said, "The parents' evening slot is at 5:40.") == "TRUE"


def test_a_name_repaired_with_i_mean_is_the_second_one():
    said = [("user", "Tom, I mean Tim, is doing the lifts to football on Sunday", EARLY)]
    assert _verdict(said, "Tom is doing the lifts to football on Sunday.") == "FALSE"


def test_a_bare_sorry_between_a_word_and_a_name_repairs_nothing():
    assert repair_cut("ok need to sort the lifts... sorry, Tim is asking me something") is None
    assert repair_cut("told them we're out, sorry, it's been a week") is None
    assert repair_cut("dinner at 7 - sorry, 8, they pushed it")[0] == "7"
