"""A claim that a state goes on ("still", "currently") against the latest word on its matter (session 28, issue 11).

A later firm line of the user's, tied to the claim or its support by a word, a name or a value of the claim's kind,
says how things stand now even without a word of change ("Miso turned up at the back door"); a later line on another
matter, another person's line, a claim without a word of going on, and a claim that states the change itself ("now")
keep the earlier support. Own topics and wording, none from an evaluation set."""

from test_trust_verdict_matter import _verdict  # (speaker, text, ISO time) memories -> the verdict's label

BOILER = ("user", "the boiler is broken, we've got no hot water", "2026-02-01T10:00:00")
FIXED = ("user", "the engineer fitted a new boiler part this morning, hot showers again", "2026-02-04T10:00:00")
MISSING = ("user", "our cat Miso has been missing since Tuesday", "2026-02-01T10:00:00")


def test_a_later_line_on_the_matter_ends_a_state_said_to_go_on():
    assert _verdict([BOILER], "The user's boiler is still broken.") == "TRUE"
    assert _verdict([BOILER, FIXED], "The user's boiler is still broken.") == "FALSE"


def test_a_named_subject_found_again():
    back = ("user", "Miso turned up at the back door this morning, muddy and starving", "2026-02-04T10:00:00")
    assert _verdict([MISSING, back], "Miso is still missing.") == "FALSE"


def test_another_persons_line_leaves_the_state_standing():
    theirs = ("Gretchen", "my dog Biscuit turned up at the back door this morning", "2026-02-04T10:00:00")
    assert _verdict([MISSING, theirs], "Miso is still missing.") == "TRUE"


def test_a_later_line_on_another_matter_leaves_the_state_standing():
    shop = ("user", "my bike is in the shop waiting for a new derailleur", "2026-03-01T10:00:00")
    dinner = ("user", "made lasagne for the in-laws tonight", "2026-03-09T10:00:00")
    assert _verdict([shop, dinner], "The user's bike is still in the shop.") == "TRUE"


def test_a_claim_about_a_past_moment_is_not_a_state_going_on():
    assert _verdict([BOILER, FIXED], "The user's boiler was broken on 1 February.") == "TRUE"


def test_a_claim_that_states_the_change_itself_keeps_its_support():
    changed = ("user", "I changed my surname to Okafor after the wedding", "2026-01-10T10:00:00")
    cards = ("user", "the bank finally sent cards with the new surname", "2026-03-02T10:00:00")
    assert _verdict([changed, cards], "The user's surname is now Okafor.") == "TRUE"


def test_a_colour_said_of_another_thing_is_no_word_on_the_matter():
    """After review: a later line naming some colour ties nothing to a claim about another thing's colour."""
    shed = ("user", "the shed is painted sage green at the moment", "2026-03-01T10:00:00")
    coat = ("user", "got myself a mustard yellow scarf in the sale", "2026-04-02T10:00:00")
    assert _verdict([shed, coat], "The user's shed is still sage green.") == "TRUE"
