"""A record's fields read as statements (trust/record_fields.py) and the verdict stance that uses them."""

from memwarden.trust.record_fields import field_statements, named_value
from memwarden.trust.stance import detect_stance
from memwarden.trust.verdict_stance import _stance


def test_field_line_is_a_statement_of_its_label():
    out = field_statements("Booking confirmation: Ref 88Q1, Venue: Corn Exchange | Arrival: 19:30")
    assert "venue is Corn Exchange" in out
    assert "arrival is 19:30" in out


def test_speaker_lines_and_extractor_frames_are_no_fields():
    assert field_statements("Aunt Polly: I can take the Tuesday and Friday runs, not the weekend though") == []
    assert field_statements("The user: it's booked for Saturday") == []
    assert field_statements("I moved to Leeds last spring") == []
    assert field_statements("") == []


def test_a_status_in_capitals_is_the_status_of_the_record():
    out = field_statements("Statement 0412 from Bellway Energy: balance £0.00. SETTLED in full. Ref 7781")
    assert out == []  # a capitalised word that is no status word says nothing
    out = field_statements("Order 5531 from Tinbox: OVERDUE since 3 Feb")
    assert any("unpaid" in s and s.startswith("Order 5531") for s in out)


def test_dated_change_reads_as_from():
    out = field_statements("Notice: the service charge will rise by 5% with effect from 1 June 2027.")
    assert any("rise by 5% from 1 June 2027" in s for s in out)


def test_named_value_needs_a_name_or_value_the_claim_states():
    assert named_value("The conference is held in Grand Hall.", "room is Grand Hall").label == "agree"
    assert named_value("The conference is held in Grand Hall.", "room is West Wing") is None
    assert named_value("The conference is not in Grand Hall.", "room is Grand Hall") is None
    assert named_value("The parcel was left with a neighbour.", "note is left with a neighbour") is None  # plain words


def test_verdict_stance_hears_a_field_the_sentence_rules_miss():
    claim = "My new office is in Canary Wharf."
    record = "Contract summary: Start 3 March 2027, Salary: £52,000, Office: Canary Wharf"
    assert _stance(claim, record, 0.5).label == "agree"
    # ... and does not agree with another value of the field
    assert _stance(claim, "Contract summary: Start 3 March 2027, Office: Paddington", 0.5).label != "agree"


def test_a_thing_starting_with_i_is_no_personal_subject():
    st = detect_stance("I paid the gutter cleaning invoice.", "Invoice 22 from Clearflow Gutters: paid 4/2/2027")
    assert st.label == "agree"


def test_an_amount_with_its_unit_is_no_day_of_a_date():
    st = detect_stance("The council tax goes up by 5 percent from April.",
                       "your council tax will rise by 5% from 1 April 2027")
    assert st.label == "agree"
    # a bare number with a month is still a date that two texts may share by chance
    assert detect_stance("We met on 3 March.", "Her birthday is 3 March.").label != "agree"


def test_a_status_right_after_the_title_is_the_things_status():
    out = field_statements("Royal Mail tracking QX 1234 5678: Delivered, front porch, 14:02")
    assert "Royal Mail tracking QX delivered" in out or "Royal Mail tracking delivered" in out
    # the reference numbers file the record; the status is said of its thing
    st = _stance("Royal Mail tracking shows the Leeds customer's parcel was delivered.",
                 "Royal Mail tracking 1234 5678 9012 3456: Delivered, In/At Porch, Harrogate HG1 2AB, May 3, 2027", 0.6)
    assert st.label == "agree"
    assert not any(s.endswith("delivered") for s in field_statements("Reminder: delivery slot tomorrow 8-10am"))
