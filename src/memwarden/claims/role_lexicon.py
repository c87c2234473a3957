"""The wording of roles people hold for the speaker and of a hand-over to someone new in one.

Data for the offline extractor: ``rules.py`` notes a role the speaker names ("my counsellor",
``_MY_ROLE``) and reads a hand-over ("I've been handed over to Idris", ``_HANDOVER``) as a new
holder of it; ``resolve.py`` binds a hand-over whose role was named in an earlier call to the role
slot its subject set last (``ROLE_HEAD``, the last word of such a slot's attribute).
"""

from __future__ import annotations

import re

from ..lexicon import calendar as cal

#: The last word of a role attribute ("running_coach", "counsellor"): what a hand-over in a later call binds to.
ROLE_HEAD = re.compile(r"(?:^|_)(?:counsell?or|therapist|doctor|gp|dentist|manager|boss|tutor|coach|teacher|lawyer|solicitor|"
                       r"accountant|caseworker|case_worker|social_worker|advis[eo]r|consultant|physio|trainer|mentor|landlord|"
                       r"landlady|midwife|health_visitor|nurse|vet|contact|supervisor|psychiatrist|psychologist|keyworker|"
                       r"key_worker|instructor)$")
#: A role the speaker has ("my counsellor", "my account manager"), what "I've been handed over to Idris" changes.
_MY_ROLE = re.compile(r"\b(?:my|our)\s+(?P<k>counsell?or|therapist|doctor|gp|dentist|manager|line manager|boss|tutor|coach|teacher|"
                      r"lawyer|solicitor|accountant|case ?worker|social worker|advis[eo]r|consultant|physio|trainer|mentor|"
                      r"landlord|landlady|midwife|health visitor|nurse|vet|account manager|contact|point of contact|supervisor|"
                      r"psychiatrist|psychologist|key ?worker|caseworker|instructor|driving instructor)\b", re.I)
#: A hand-over to a new person in a role: "I've been handed over to Idris", "they've assigned me to Dr Okafor".
_HANDOVER = re.compile(r"\b(?:handed (?:me |us )?over to|transferred (?:me |us )?to|reassigned (?:me |us )?to|assigned (?:me |us )?to|"
                       r"passed (?:me |us )?(?:on |over )?to|now (?:seeing|with)|replaced by|taken over by|covered by|"
                       r"paired (?:me |us )?(?:up )?with|"
                       r"switched (?:me |us )?to)\s+(?P<v>(?-i:(?:Dr\.?\s+)?[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?)|(?-i:(?:dr\.?\s+)?[a-z]{3,})(?=\s+instead\b|\s*$|[,.;!]))", re.I)
#: Verbs that only hand a person over ("paired me with kemi"), unlike "switched to", which also changes a provider:
#: a hand-over whose role was named in an earlier call, or to a name written in lowercase, needs one.
_PERSON_HANDOVER = re.compile(r"\b(?:handed|paired|assigned|reassigned|passed|transferred)\b", re.I)
_NOT_PERSON = frozenset([*cal.WEEKDAYS, *(d + "s" for d in cal.WEEKDAYS)]
                        + "mornings evenings nights weekends them him her you".split())
