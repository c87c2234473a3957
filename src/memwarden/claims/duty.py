"""A weekly duty and who does it (session 22: split from ``slots.py`` and ``slot_lexicon.py``, behaviour identical).

"my mum picks him up from school on Tuesdays" -> ``tuesday_pickup`` = "my mum"; called by :func:`.rules.extract` beside
:func:`.slots.detect_slot` (and still importable from ``slots``).
"""

from __future__ import annotations

import re

from ..lexicon import calendar as cal
from .slot_guess import SlotGuess

#: A recurring duty and who does it: "my mum picks him up from school on Tuesdays", "our neighbour Ana
#: is doing Tuesday pickups for now", "Dad does the Monday drop-off". The slot is the duty on its
#: weekday (the household's), the value who does it: a new helper supersedes the old one.
_DUTY = re.compile(
    r"^(?:(?:from now on|for now|for the moment|for the time being|starting (?:\w+\s+){0,2}?|this (?:week|month|term)|these days|"
    r"until further notice),?\s+)?(?P<agent>(?-i:I)|we|(?:(?:my|our|his|her|their|the)\s+)?(?:[a-z]+\s+)?(?-i:[A-Z]?[a-z]+)(?:\s+(?-i:[A-Z][a-z]+))?)\s+"
    r"(?:(?:is|are|will be|'s|'ll be|has been|will|now|usually|always|still|also|currently)\s+)*"
    r"(?P<verb>picks?|picking|collects?|collecting|drops?|dropping|does|doing|do|takes?|taking|covers?|covering|handles?|handling|walks?|walking)\b"
    r"(?P<rest>.*)$", re.I)
_DUTY_NOUN = re.compile(r"\b(?:(?P<pick>pick(?:s|ing)?\s+(?:\w+\s+){0,2}?up|pick-?ups?|collect\w*|school runs?)|(?P<drop>drop(?:s|ping)?\s+(?:\w+\s+){0,2}?off|drop-?offs?)|"
                        r"(?P<walk>walk\w*\s+the\s+dog|dog walks?))\b", re.I)
_DUTY_DAY = re.compile(rf"\b(?:on\s+)?(?P<wd>{cal.alt(cal.WEEKDAYS)})s?\b", re.I)


def duty_guess(text: str) -> SlotGuess | None:
    """ "Our neighbour Ana is doing Tuesday pickups" -> (``tuesday_pickup``, "our neighbour Ana"): who does a
    weekly duty. The attribute is the duty on its weekday; the claim's subject is the household's."""
    m = _DUTY.match(text)
    if not m or m.group("agent").split()[0].lower() in ("it", "they", "that", "this", "there", "he", "she"):
        return None
    noun, day = _DUTY_NOUN.search(m.group("verb") + m.group("rest")), _DUTY_DAY.search(m.group("rest"))
    if not noun or not day:
        return None
    duty = "pickup" if noun.group("pick") else "dropoff" if noun.group("drop") else "dog_walk"
    agent = m.group("agent").strip()
    return SlotGuess(f"{day.group('wd').lower()}_{duty}", "user" if agent.lower() in ("i", "we") else agent)
