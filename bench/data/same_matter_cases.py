"""Session 20 (s20-policy3): everyday pairs for the "same matter" gate, written for this branch (none copied from
the evals). Each row: (request, older memory, newer memory or notice, expected policy of the older memory).
SUPERSEDE rows: a newer memory of the user's; NOTICE rows: supplied evidence with one memory."""

SUPERSEDE = [
    # the same holder, the same thing, a change made
    ("what milk do I take?", "I take semi-skimmed milk in my tea", "switched to oat milk in my tea, semi-skimmed was upsetting me", "superseded"),
    ("where do I get my hair cut?", "I get my hair cut at Fade Masters on the high street", "I've started going to a new barber by the station for my hair", "superseded"),
    ("what day is my pottery class?", "pottery class is on thursday evenings", "they moved my pottery class to tuesdays", "superseded"),
    ("which gym am i with?", "I'm a member of PureGym on Castle Street", "cancelled the gym membership and joined the climbing wall instead", "superseded"),
    ("what's my phone network?", "my phone is on EE", "moved my phone over to Three last week, much cheaper", "superseded"),
    ("how do I get to the office?", "I drive to the office most days", "I've stopped driving in, I get the train to the office now", "superseded"),
    ("what's my running routine?", "I run 5k three mornings a week", "my running is down to once a week since the knee went", "superseded"),
    ("where do I bank?", "my current account is with Nationwide", "switched my current account to Monzo", "superseded"),
    # the same holder, another thing (traps)
    ("what milk do I take?", "I take semi-skimmed milk in my tea", "switched my energy supplier to Octopus", "use"),
    ("where do I get my hair cut?", "I get my hair cut at Fade Masters on the high street", "started learning the guitar on tuesdays now", "use"),
    ("what day is my pottery class?", "pottery class is on thursday evenings", "I quit my job at the call centre", "use"),
    ("what do I drink in the morning?", "a flat white every morning before work", "gave up booze for the whole of february", "use"),
    ("which office do i work at?", "I work at the Bristol office", "started learning Italian on an app", "use"),
    ("when's football?", "five-a-side every wednesday night", "I've moved to a new flat in Hove", "use"),
    ("what size shoes do I take?", "I'm a size 8 in trainers", "joined a new running club on saturdays", "use"),
    ("what's my coffee order?", "large cappuccino with an extra shot", "switched my car insurance to Admiral", "use"),
    # another holder's change (traps)
    ("where do I bank?", "I bank with Monzo", "my brother switched his account to Starling", "use"),
    ("how do I get to work?", "I cycle to work along the canal", "my wife has started driving to work now", "use"),
    ("what's my diet like?", "I'm vegetarian", "my flatmate's gone vegan this month", "use"),
    ("what's my gym?", "I go to the Better gym by the leisure centre", "my dad cancelled his gym membership", "use"),
    # a plan, not a change made (traps)
    ("where do I bank?", "my current account is with Nationwide", "thinking about moving my account to Monzo at some point", "use"),
    ("how do I get to the office?", "I drive to the office most days", "might try getting the train in next month", "use"),
]

NOTICE = [
    # the same item or event
    ("which train do I get tomorrow?", "I get the 7:42 train from Didcot every morning",
     "Service update: from Monday the 7:42 from Didcot will depart at 7:35.", "defer_to_evidence"),
    ("when is my dentist appointment?", "dentist appointment is on the 14th at 3pm",
     "Reminder from Smile Dental: your appointment has been moved to the 16th at 10am.", "defer_to_evidence"),
    ("how much is my monthly gym fee?", "my gym membership is £32 a month",
     "Letter from the gym: from 1 April your monthly membership fee will rise to £36.", "defer_to_evidence"),
    ("when do the bins go out?", "the black bin goes out on monday nights",
     "Council notice: black bin collections move to Wednesdays from next week.", "defer_to_evidence"),
    # another item (traps)
    ("how do I get into town?", "I take the Piccadilly line from Arnos Grove",
     "TfL: the Jubilee line is closed this weekend for engineering works.", "use"),
    ("what time is my flight?", "my flight to Lisbon leaves at 9:10 on friday",
     "Airline notice: flight BA1452 to Glasgow is delayed by two hours.", "use"),
    ("can you book us a table?", "I can't eat shellfish",
     "Restaurant update: from Monday our menu changes to a new spring selection.", "use"),
    ("when is my dentist appointment?", "dentist appointment is on the 14th at 3pm",
     "Notice: the pharmacy on Elm Road will change its opening hours from Monday.", "use"),
    ("which train do I get tomorrow?", "I get the 7:42 train from Didcot every morning",
     "Service update: from Monday the 18:05 from Paddington to Oxford will be withdrawn.", "use"),
]
