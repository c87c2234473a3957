"""Kinds of spoken time talk (issue 10: a claim's time anchored against the session clock), each in
sentences written for the test, none taken from an eval set: clock words and ranges, parts of the day,
weekday offsets, fortnights, month edges, holidays, numeric dates."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from memwarden.claims.timex import clause_tense, find_times

#: Thursday 14 May 2026, 18:00 UTC.
THU = datetime(2026, 5, 14, 18, 0, tzinfo=timezone.utc)


def clock_of(text: str) -> str:
    [hit] = [h for h in find_times(text, THU, clause_tense(text)) if h.clock is not None]
    return hit.clock.strftime("%H:%M")


@pytest.mark.parametrize("text, expected", [
    ("my haircut is at half 7 tomorrow", "19:30"),          # British "half 7" is 7:30, read as "at 7" is
    ("swimming is at quarter to 9 on saturday", "08:45"),
    ("the train's at twenty past 6", "18:20"),
    ("pick up is 10 to 6", "17:50"),
    ("the call is at quarter past 11 tonight", "23:15"),
    ("the interview got moved to next wednesday at 10.30", "10:30"),  # a dotted clock after "at"
    ("drinks after work at 5.30", "17:30"),
    ("i'll be there by 7ish", "19:00"),
])
def test_clock_words_are_clock_times(text: str, expected: str) -> None:
    assert clock_of(text) == expected


@pytest.mark.parametrize("text", ["we need 2 to 4 people for the move", "it costs 10.50 a month",
                                  "half an hour later the plumber came", "the score was 2-1"])
def test_counts_prices_and_scores_are_not_clocks(text: str) -> None:
    assert [h for h in find_times(text, THU, clause_tense(text)) if h.clock is not None] == []


@pytest.mark.parametrize("text, expected", [
    ("the workshop runs from 2 till 4 on wednesday", "14:00"),  # a range starts at its first time
    ("the meeting is between 2 and 4 tomorrow", "14:00"),
    ("the delivery slot is 7-9pm thursday", "19:00"),            # one pm covers both ends
    ("the engineer comes 7 to 11am", "07:00"),
    ("class is from 10 till 2 on sunday", "10:00"),              # 10am to 2pm
])
def test_a_clock_range_starts_at_its_first_time(text: str, expected: str) -> None:
    assert clock_of(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("dinner with sarah tonight at 8", "20:00"),
    ("physio tomorrow morning at 7", "07:00"),
    ("the gig starts at 9 in the evening", "21:00"),
    ("standup at 9", "09:00"),                                   # no part of the day: as people book
])
def test_a_part_of_the_day_places_a_bare_hour(text: str, expected: str) -> None:
    assert clock_of(text) == expected


def day_of(text: str) -> str | None:
    hits = [h for h in find_times(text, THU, clause_tense(text)) if h.begin is not None]
    return hits[0].begin.date().isoformat() if hits else None


@pytest.mark.parametrize("text, expected", [
    ("my dentist appt is a week on tuesday", "2026-05-26"),     # the coming Tuesday (19th) and a week
    ("i'm off friday week", "2026-05-22"),
    ("the boiler service is tuesday after next", "2026-05-26"),
    ("the plumber's coming tues next", "2026-05-19"),           # "Tuesday next" is the coming one
    ("the meeting is tuesday next week", "2026-05-19"),         # that day in next week's Monday-Sunday
    ("team offsite is this coming fri", "2026-05-15"),          # abbreviated weekdays
    ("the gp appointment is on weds at 10", "2026-05-20"),
    ("the party is sat night", "2026-05-16"),                   # "sat" the day, not the past of "sit"
    ("the match is on sun", "2026-05-17"),
    ("dentist is the week after next", "2026-05-25"),
    ("my sister's visiting the weekend after next", "2026-05-30"),
])
def test_weekday_offsets_and_abbreviations(text: str, expected: str) -> None:
    assert day_of(text) == expected


@pytest.mark.parametrize("text", ["book club meets every other thursday", "I train mon/wed/fri",
                                  "i sat next to him at dinner", "we swim every sunday",
                                  "physio is Mon-Thu at the leisure centre", "choir is Monday Wednesday at 6"])
def test_a_weekly_habit_or_a_verb_is_no_one_day(text: str) -> None:
    assert day_of(text) is None


def span_of(text: str, when: datetime = THU) -> tuple[str | None, str | None]:
    [h] = [h for h in find_times(text, when, clause_tense(text)) if h.begin is not None or h.until is not None]
    return (h.begin.date().isoformat() if h.begin else None, h.until.date().isoformat() if h.until else None)


JAN = datetime(2026, 1, 20, 10, 0, tzinfo=timezone.utc)


@pytest.mark.parametrize("text, when, expected", [
    ("not drinking till march", THU, (None, "2027-03-31")),             # till + month looks forward
    ("i lived there until march", THU, (None, "2026-03-31")),           # unless the clause is past
    ("started at KPMG in jan", THU, ("2026-01-01", "2026-01-31")),      # an abbreviated month after "in"
    ("i've been saving since sept", THU, ("2025-09-01", None)),
    ("we're off to crete mid-june", THU, ("2026-06-15", None)),
    ("my sons start school in september", JAN, ("2026-09-01", "2026-09-30")),  # a plan: the coming September
    ("my sons start school on september 3", JAN, ("2026-09-03", None)),
    ("my birthday is in november", JAN, ("2025-11-01", "2025-11-30")),  # two months back is still the nearest
    ("we were in rome in october", JAN, ("2025-10-01", "2025-10-31")),
])
def test_a_month_resolves_to_the_side_its_clause_says(text: str, when: datetime, expected: tuple[str | None, str | None]) -> None:
    assert span_of(text, when) == expected


def test_an_abbreviated_month_alone_is_not_a_month() -> None:
    assert [h for h in find_times("the jan sales were mad", THU, "past") if h.begin] == []


@pytest.mark.parametrize("text, expected", [
    ("parents evening is a fortnight today", ("2026-05-28", None)),
    ("my passport appointment is in a fortnight", ("2026-05-28", None)),
    ("i got back a fortnight ago", ("2026-04-30", None)),
    ("rent is due end of the month", ("2026-05-31", None)),
    ("my contract ends at the end of next month", ("2026-06-30", None)),
    ("the report is due by the end of the week", (None, "2026-05-15")),  # a deadline: the working week's Friday
    ("the pension review is at the start of next year", ("2027-01-01", None)),
    ("my mum's birthday is on the 3rd of next month", ("2026-06-03", None)),  # one day, not "the 3rd" and "next month"
])
def test_fortnights_period_edges_and_a_day_of_next_month(text: str, expected: tuple[str | None, str | None]) -> None:
    assert span_of(text) == expected


@pytest.mark.parametrize("text, expected", [("the call is in an hour", "2026-05-14 19:00"),
                                            ("the builders start in half an hour", "2026-05-14 18:30")])
def test_in_n_hours_is_a_time_on_the_session_clock(text: str, expected: str) -> None:
    [h] = [h for h in find_times(text, THU, clause_tense(text)) if h.begin is not None]
    assert h.begin.strftime("%Y-%m-%d %H:%M") == expected


@pytest.mark.parametrize("said, expected", [
    ("i just reread the confirmation", "The user just reread the confirmation"),
    ("i reset the router on monday", "The user reset the router"),
    ("i overslept and missed the bus", "The user overslept"),
    ("i upset my sister", "The user upset"),
    ("i return the keys on friday", "The user returns the keys"),  # not prefixed past: a present verb
])
def test_a_prefixed_irregular_past_is_not_rewritten_as_a_present(said: str, expected: str) -> None:
    from memwarden.claims.person import person_rewrite

    assert person_rewrite(said, "The user", first=True).startswith(expected)


@pytest.mark.parametrize("text", ["i reread the letter on friday", "we resold the tickets on monday"])
def test_a_prefixed_irregular_past_makes_the_clause_past(text: str) -> None:
    assert clause_tense(text) == "past"


@pytest.mark.parametrize("text, expected", [
    ("parents evening is on 12/6", "2026-06-12"),    # 12 June is sooner ahead than 6 December
    ("my exam is on 6/22", "2026-06-22"),            # 22 cannot be a month: month/day
    ("the gig is on fri 5/6", "2026-06-05"),         # after a weekday
    ("my visa expires 30/09/2027", "2027-09-30"),    # with a year it needs no preposition
    ("we moved in on 2/3", "2026-03-02"),            # past: the later of 2 March and 3 February
])
def test_a_numeric_date_takes_the_reading_its_tense_favours(text: str, expected: str) -> None:
    assert day_of(text) == expected


@pytest.mark.parametrize("text", ["i scored 8/10 on the test", "the shop is open 24/7", "3/4 of the class passed"])
def test_scores_and_fractions_are_not_dates(text: str) -> None:
    assert day_of(text) is None


def test_a_day_said_after_pushed_from_is_the_old_one() -> None:
    from memwarden.claims.rules import RuleExtractor
    from memwarden.models import Turn

    [c] = RuleExtractor().extract([Turn(role="user", content="the demo is thursday, pushed from wednesday", timestamp=THU)]).claims
    assert (c.claim.value, c.claim.previous_value) == ("2026-05-21", "2026-05-20")  # the coming Thursday, not the last


@pytest.mark.parametrize("text, expected", [
    ("my appointment got moved from the 9th to the 16th", "2026-06-16"),  # the 9th of May is gone: June's 9th, so June's 16th
    ("the all hands was meant to be on the 20th", "2026-05-20"),         # a plan that was: not the past month's 20th
    ("we were going to fly on the 2nd", "2026-06-02"),
])
def test_reschedules_and_plans_that_were(text: str, expected: str) -> None:
    live = [h for h in find_times(text, THU, clause_tense(text)) if h.begin is not None and not h.corrected]
    assert live[-1].begin.date().isoformat() == expected


@pytest.mark.parametrize("text, expected", [
    ("the conference is the 3rd week of june", ("2026-06-15", "2026-06-21")),
    ("payday is the last friday of the month", ("2026-05-29", None)),
    ("we're camping the first weekend in july", ("2026-07-04", "2026-07-05")),
    ("the school fair is on the second saturday of next month", ("2026-06-13", None)),
])
def test_an_ordinal_week_or_weekday_of_a_month(text: str, expected: tuple[str | None, str | None]) -> None:
    assert span_of(text) == expected


@pytest.mark.parametrize("text", ["we moved from the 3rd floor to the 5th floor", "it was the 2nd time this happened",
                                  "she's in the 4th grade"])
def test_an_ordinal_before_a_noun_is_not_a_day(text: str) -> None:
    assert day_of(text) is None


@pytest.mark.parametrize("text, expected", [
    ("i'll be in lisbon over christmas", ("2026-12-24", "2026-12-26")),   # "over" a holiday: its days
    ("mum's coming up new year's eve", ("2026-12-31", None)),
    ("we've had the dog since christmas", ("2025-12-25", None)),
    ("we went to my in-laws at easter", ("2026-04-05", None)),            # Easter Sunday 2026, computed
    ("the shop's shut until boxing day", (None, "2026-12-26")),
    ("the concert was the night before last", ("2026-05-12", None)),
])
def test_named_holidays_and_the_night_before_last(text: str, expected: tuple[str | None, str | None]) -> None:
    assert span_of(text) == expected


@pytest.mark.parametrize("said, attribute", [
    ("the essay is due friday", "essay_deadline_time"),
    ("my essay deadline got extended to monday", "essay_deadline_time"),  # one slot: the extension supersedes
    ("rent is due end of the month", "rent_deadline_time"),
    ("the library books are due back on tuesday", "library_book_deadline_time"),
    ("my sister's due in august", None),                                  # a person due is no deadline
])
def test_a_thing_due_at_a_time_is_its_deadline(said: str, attribute: str | None) -> None:
    from memwarden.claims.slots import detect_slot

    assert detect_slot(said, find_times(said, THU, clause_tense(said))).attribute == attribute


@pytest.mark.parametrize("text, expected", [("my essay deadline got extended to monday", "2026-05-18"),
                                            ("my extended family came to visit on monday", "2026-05-11")])
def test_an_extension_is_a_reschedule_not_a_past(text: str, expected: str) -> None:
    assert day_of(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("my shift's 7 till 3 tomorrow", "07:00"),        # "till" between two hours is a shift, from its first
    ("ferry leaves at 0715 on saturday", "07:15"),    # a four-digit 24-hour clock after "at"
    ("i'm free after 4 on weds", "16:00"),
])
def test_more_clock_spellings(text: str, expected: str) -> None:
    assert clock_of(text) == expected


def test_a_four_digit_amount_is_not_a_clock() -> None:
    assert [h for h in find_times("the flat is at 1200 a month", THU, None) if h.clock] == []


@pytest.mark.parametrize("text, expected", [("my next smear test is due in 3 yrs", "2029-05-14"),
                                            ("i moved here 2 yrs ago", "2024-05-14")])
def test_abbreviated_units(text: str, expected: str) -> None:
    assert day_of(text) == expected


def test_an_ordinal_weekday_of_every_month_is_a_habit() -> None:
    assert day_of("book club's on the last thursday of every month") is None


@pytest.mark.parametrize("text, expected", [
    ("the vet said to bring him back this time next week", "2026-05-21"),  # a day, not next week's Monday-Sunday
    ("the engineer's been rescheduled to the same time next week", "2026-05-21"),
    ("i'll be on a beach this time tomorrow", "2026-05-15"),
    ("we were in paris this time last year", "2025-05-14"),
])
def test_this_time_next_week_is_one_day(text: str, expected: str) -> None:
    assert day_of(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("flying out tmrw at 6am", ("2026-05-15", None)),             # chat spellings of the relative days
    ("seeing her tonite at 8", ("2026-05-14", None)),
    ("appt w/ dr patel 5/28 @ 3:30", ("2026-05-28", None)),      # a numeric date before "@ <time>"
    ("my dad's op is wk commencing 8th june", ("2026-06-08", "2026-06-14")),  # "week commencing": that week
    ("the deposit is due w/c 1 june", ("2026-06-01", "2026-06-07")),
])
def test_chat_spellings_and_week_commencing(text: str, expected: tuple[str | None, str | None]) -> None:
    assert span_of(text) == expected


@pytest.mark.parametrize("text, expected", [("we won't be back until late august", "future"),  # not the past of "win"
                                            ("we won the league in march", "past")])
def test_wont_is_a_future_not_the_past_of_win(text: str, expected: str) -> None:
    assert clause_tense(text) == expected


@pytest.mark.parametrize("text", ["i finish work at half 5 on fridays", "i finish work at 5 on fridays"])
def test_a_value_that_starts_inside_a_time_is_no_value(text: str) -> None:
    from memwarden.claims.slots import detect_slot

    assert detect_slot(text, find_times(text, THU, clause_tense(text))).attribute is None  # not employer "half 5"


@pytest.mark.parametrize("text, expected", [
    ("we're seeing my parents at the weekend", ("2026-05-16", "2026-05-17")),  # the coming Saturday-Sunday
    ("i had covid over the weekend", ("2026-05-09", "2026-05-10")),            # past: the last one
    ("my wife's birthday is 2nd of feb", ("2027-02-02", None)),                # an abbreviated month after "of"
])
def test_the_weekend_and_an_abbreviated_month_after_of(text: str, expected: tuple[str | None, str | None]) -> None:
    assert span_of(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("my yoga class is tues and thurs", ("2026-05-19", None)),        # two days of a list, not Tuesday to Thursday
    ("the sofa's coming on the 2nd or the 3rd", ("2026-06-02", None)),
    ("i'm on leave from the 18th to the 22nd", ("2026-05-18", "2026-05-22")),  # "to" still makes a span
])
def test_days_joined_by_and_or_are_a_list_not_a_span(text: str, expected: tuple[str | None, str | None]) -> None:
    from memwarden.claims.timex import anchor_of

    b, u = anchor_of(find_times(text, THU, clause_tense(text)))
    assert (b.date().isoformat() if b else None, u.date().isoformat() if u else None) == expected


@pytest.mark.parametrize("text, kept", [
    ("the course runs from 7/6 to 12/6 at the lake", "from 7/6 to 12/6"),
    ("we're away from 3 June till the 9th of July", "from 3 June till the 9th of July"),
])
def test_a_resolved_date_is_written_after_the_range_it_opens(text: str, kept: str) -> None:
    from memwarden.claims.timex import label_end
    [first, *_] = [h for h in find_times(text, THU, clause_tense(text)) if h.label]
    assert text[first.start:label_end(text, first)] == kept


def test_a_clock_after_to_is_no_range_end() -> None:
    from memwarden.claims.timex import label_end
    text = "the desk is staffed from Monday to 5 pm"
    [day] = [h for h in find_times(text, THU, clause_tense(text)) if h.begin is not None]
    assert label_end(text, day) == day.end


def test_a_weekday_beside_other_words_is_still_one_day() -> None:
    assert day_of("see you Monday - bring the cake") == day_of("see you Monday")
    assert day_of("see you Monday") is not None
