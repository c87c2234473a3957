"""The wording of events: which nouns name one, and how people say one moved or was called off.

Data for the offline extractor: ``slots.py`` reads the event nouns (``_EVENT``, an event's name with
the word that says which kind, ``_NOT_MOD`` the words before it that do not) and a provider seen by
appointment (``_PROVIDER``); ``rules.py`` reads a rescheduling that names no event, who moved an
event (``_RESCHEDULER``), what was moved when it is no event word, and a cancellation
(``_CALLED_OFF``); ``reschedule.py`` the "to" of a moving verb (``_MOVED_TO``). Every pattern is
compiled once at import.
"""

from __future__ import annotations

import re

_EVENTS = (r"meeting|appointment|flight|demo|call|interview|dinner|lunch|party|wedding|trip|vacation|holiday|"
           r"check-?up|surgery|operation|exam|test|deadline|launch|presentation|concert|match|class|lesson|"
           r"reservation|booking|check-?in|check-?out|visit|stand-?up|review|hearing|recital|conference|workshop|"
           r"haircut|move|ceremony|shift|race|marathon|game|show|release|sprint|retro|onboarding|orientation|"
           r"lease|visa|passport|contract|warranty|due date|closing|pickup|drop-?off|delivery|court date|return|run|"
           r"audition|performance|recital|tour|date night|playdate|surgery|scan|ultrasound|therapy|session|"
           # things booked for a day that people move: journeys, visits by a trade, medical slots
           r"journey|crossing|ferry|train|coach|viewing|inspection|installation|fitting|repair|service|consultation|"
           r"assessment|treatment|procedure|screening|vaccination|jab|booster|mot|collection|parents'? evening|"
           # social gatherings people put on a day and call off
           r"drinks|leaving do|send-?off|bbq|barbecue|picnic|get-?together|reunion|gig|meet-?up|celebration|housewarming")
_EVENT_MOD = r"(?:doctor'?s?|parent-teacher|one-on-one|1:1|kick-?off|[a-z][a-z0-9-]+)"
#: Words before an event noun that do not name a kind of event ("my next meeting" is "meeting").
_NOT_MOD = frozenset("my our your his her their the a an this that next last first final new big usual weekly monthly "
                     "annual daily early late upcoming same other whole entire morning evening afternoon big small "
                     "long short quick important rescheduled cancelled canceled actual real to some any tough fun "
                     "cool great amazing huge little nice awesome exciting local another one two three every".split())
_EVENT = re.compile(rf"\b(?:(?P<mod>{_EVENT_MOD})\s+)?(?P<n>{_EVENTS})s?\b", re.I)
#: A provider seen by appointment: "booked the dentist for Friday" is the dentist appointment.
_PROVIDER = re.compile(r"\b(?:the|my|our|a|his|her)\s+(?P<p>dentist|doctor|gp|vet|hairdresser|hairdressers|barber|physio|"
                       r"physiotherapist|optician|orthodontist|hygienist|osteopath|chiropractor|podiatrist|midwife|"
                       r"dermatologist|nail salon|groomer|tutor|driving instructor)(?:'s)?\b(?!\s+(?:appointment|check-?up|visit))", re.I)
#: "they moved me to", "she pushed it back to": a rescheduling that names no event (it, me, us).
_MOVED_ANAPHOR = re.compile(r"\b(?:moved|pushed|rescheduled|postponed|changed|bumped|shifted|brought|put)\s+(?P<o>it|me|us|him|her|them|that)"
                            r"(?:\s+(?:back|forward|up))?\s+(?:to|until|till)\b", re.I)
#: Someone rescheduling an event ("our manager moved standup to 10"): the agent is not the event's owner.
#: (Transitive only: "Mia's swim class moved to Wednesdays" is the class moving, its owner stays Mia.)
_RESCHEDULER = re.compile(r"^[\w' ]{1,40}?\s+(?:has\s+|have\s+|just\s+|finally\s+)*(?:moved|pushed|rescheduled|postponed|"
                          r"bumped|shifted|brought forward|cancel+ed|put back|changed)\s+(?!(?:to|until|till|back|forward|up|again)\b)\w", re.I)
#: "the upgrade got pushed to September": what moved is named, though not an event word of the lexicon.
_MOVED_SUBJECT = re.compile(r"^(?:the|my|our)\s+(?P<e>[a-z]+(?:\s+(?!(?:got|has|have|was|were|is|are|been)\b)[a-z]+)?)\s+(?:(?:got|has been|have been|was|were|is|are|'s been|'s)\s+)?"
                            r"(?:moved|pushed(?: back)?|postponed|rescheduled|delayed|bumped|brought forward|put back)\b", re.I)
#: An event said to be cancelled ("thursday is off", "the gig got called off", "it's been scrapped", "the party
#: isn't happening any more"); "I'm off on thursday" or "off sick" is no cancellation.
_CALLED_OFF = re.compile(r"\b(?:is|'s|are|'re|was|were|got|has been|have been|'s been|'ve been)\s+(?:now\s+|officially\s+|all\s+)?"
                         r"(?:off|cancel+ed|called off|scrapped|axed)\b(?!\s+(?:sick|work|to|for|on|at|in|the|school|ill|duty))"
                         r"|\b(?:isn't|is not|aren't|are not|won't be|not)\s+happening\b", re.I)

#: The "to" of a rescheduling verb, whose object must be the new time (reschedule._moved_to_a_time).
_MOVED_TO = re.compile(r"\b(?:moved|moving|pushed(?: back)?|bumped|changed|put back|brought forward)(?:\s+(?:it|that|this|them|me|us))?"
                       r"\s+to\s+", re.I)
