"""Slots: which attribute of its subject a claim sets, by a cue lexicon (no model).

A slot is ``subject|attribute``; a newer claim on the same slot may supersede an older one, so
an attribute is only given when the cue is specific. Wrongly merging two facts into one slot
loses one of them; leaving the attribute ``None`` only means the claim cannot supersede.

Single-valued attributes (one current value): residence, employer, role, partner, diet, car,
gym, school, doctor/dentist/..., phone, email, budget, salary, rent, plan, ``<event>_time``
("the demo" -> ``demo_time``: a date and/or clock time), ``stack:database``,
``stack:framework``, ``stack:<language>`` (its version), ``favourite:<category>``, and "my X is
Y" -> ``x``. Attributes keyed by their value, because several hold at once and only a statement
about the *same* thing should replace one: ``allergy:<thing>`` (intolerances too),
``condition:<thing>`` ("diagnosed with", "pregnant"), ``licence:<kind>``, ``medication:<drug>`` (value:
drug and dose, so a dose change supersedes), ``pet:<name or kind>``, and preferences
``likes:<thing>`` -- "I love sushi" and a later "I can't stand sushi" share ``likes:sushi``
(the second ``negated``), so the newer opinion supersedes the older, while liking tea never
touches liking coffee. A dislike is ``likes:<thing>`` with ``negated=True`` (not a separate
``dislikes:`` attribute, which could never supersede the like). An ended state ("I quit my job",
"we broke up") is the state's attribute with ``negated=True``.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ..lexicon import kin
from .slot_guess import SlotGuess, norm_value, _trim, normalise_attribute
from .event_lexicon import _EVENT, _NOT_MOD, _PROVIDER
from .slot_lexicon import (_REL_RE, _ROLE_NOUN,
    _REL, _RULES, _TRIGGER_RE, _PLAN, _STATE, _ENDS_BEFORE, _ABBREV, _ADV_NEG,
    _NEG_VERBS, _LODGING_SIGNAL, _MY_X_IS, _FROM_TO, _SWITCH,
)
from .slot_tech import _tech_guess, place_like
from .duty import duty_guess
from .restrictions import restriction_guess

if TYPE_CHECKING:  # pragma: no cover
    from ..models import Claim
    from .timex import TimeHit

#: The attribute of a rescheduling that names no event and follows none in its call ("that got pushed
#: back, it's the 23rd now"): :func:`memwarden.claims.resolve.bind_unnamed_events` binds it to the
#: event slot the user set last, or drops the attribute.
UNNAMED_EVENT = "unnamed_event_time"
#: A hand-over to a new person whose role was named in an earlier call ("the club paired me with kemi
#: instead"): bound by :func:`memwarden.claims.resolve.bind_unnamed_events` to the role slot the subject set last.
UNNAMED_ROLE = "unnamed_role"
#: A person named as gone for good with no role said ("Hana retired in May", "Marek's left"): bound by
#: :func:`memwarden.claims.resolve.bind_unnamed_events` to the slot whose current value is that person, which it ends.
DEPARTED = "departed"

__all__ = ["DEPARTED", "UNNAMED_EVENT", "UNNAMED_ROLE", "SlotGuess", "detect_slot", "duty_guess", "event_name", "normalise_attribute", "normalise_slot", "place_like", "same_slot"]


def normalise_slot(slot: str) -> str:
    subject, _, attribute = slot.partition("|")
    subject = re.sub(r"\s+", " ", subject.strip().lower())
    return f"{subject}|{normalise_attribute(attribute)}"


def same_slot(a: "Claim", b: "Claim") -> bool:
    """Two claims set the same attribute of the same subject (both must have a slot)."""
    return bool(a.slot and b.slot and normalise_slot(a.slot) == normalise_slot(b.slot))


def event_name(text: str) -> str | None:
    """The event a clause is about ("client demo", "dentist appointment"), if it names one."""
    m = _EVENT.search(text)
    if not m:
        p = _PROVIDER.search(text)
        return f"{p.group('p').lower().rstrip('s') if p.group('p').lower() == 'hairdressers' else p.group('p').lower()} appointment" if p else None
    noun = m.group("n").lower().replace("-", "")
    mod = (m.group("mod") or "").lower().replace("'s", "").replace("'", "").replace(":", "")
    if mod in _NOT_MOD or mod.endswith(("ly", "ed")):
        mod = ""
    if not mod and noun in ("appointment", "checkup", "visit", "session") and (p := _PROVIDER.search(text)):
        return f"{p.group('p').lower()} appointment"  # "an appointment with the optician"
    return f"{mod} {noun}" if mod else noun


_STARTS_FROM = re.compile(r"\b(?:from|starting|starting from|as of|since)\s+$", re.I)
_FROM_HEAD = re.compile(r"(?:from|since|starting|as of)\b", re.I)


#: "the essay is due friday", "rent's due end of the month": a thing due at a time is that thing's deadline
#: (one slot with "the essay deadline got extended to monday"); a person due ("my sister's due in august") is not.
_DUE = re.compile(r"\b(?:the|my|our|his|her|their|your)\s+(?P<n>[a-z]+(?:\s+[a-z]+)?)(?:'s|\s+is|\s+are)\s+due\b(?!\s+to\b)"
                  r"|^(?P<n2>[a-z]+)(?:'s|\s+is|\s+are)?\s+due\b(?!\s+to\b)", re.I)  # chat drops the copula: "essay due friday"
_DUE_PERSON = (kin.SIBLINGS | kin.SPOUSES | kin.DATING | kin.CHILDREN | kin.NIBLINGS
               | {"mum", "mom", "aunt", "cousin", "friend", "baby", "she", "he", "we", "i", "they"})


def _deadline_name(text: str) -> str | None:
    m = _DUE.search(text)
    if not m:
        return None
    n = (m.group("n") or m.group("n2") or "").lower()
    if not n or n.split()[-1] in _DUE_PERSON or n.split()[0] in _DUE_PERSON:
        return None
    words = n.split()
    words[-1] = words[-1][:-1] if len(words[-1]) > 3 and words[-1].endswith("s") and not words[-1].endswith("ss") else words[-1]
    return f"{' '.join(words)} deadline"


def _event_guess(text: str, hits: list["TimeHit"]) -> SlotGuess | None:
    live = [h for h in hits if not h.corrected]
    if not live:
        return None
    from .timex import clause_tense

    if clause_tense(text) == "past":
        return None  # an event that happened is a report, not a schedule a later claim could move
    name = event_name(text) or _deadline_name(text)
    if name is None:
        return None
    attr = normalise_attribute(f"{name}_time")
    from .timex import anchor_of

    begin, until = anchor_of(hits)
    clock = next((h.clock for h in live if h.clock), None)
    dated = [h for h in live if h.begin is not None or h.until is not None]
    if clock is not None and dated and all(_STARTS_FROM.search(text[: h.start]) or _FROM_HEAD.match(h.text) for h in dated):
        # "standup is at 9:15 from next week", "from june the class is at 7am": a new time for a recurring
        # event, valid from that date; the time is the value
        begin = None
    if begin is not None:
        value = begin.strftime("%Y-%m-%d %H:%M") if (begin.hour or begin.minute) else begin.date().isoformat()
        if until is not None:
            value += f"..{until.date().isoformat()}"
    elif clock is not None:
        value = clock.strftime("%H:%M")
    else:
        value = live[0].text
    prev = next((h for h in hits if h.corrected), None)
    return SlotGuess(attr, value, previous_value=prev.label if prev else None)


#: Who split up: the speaker ("I", "we", "me and Dan", "Dan and I") or a relation the claim's subject names
#: ("my sister and her boyfriend"); a reciprocal ending said of anyone else is not the speaker's.
_OWN_COUPLE = re.compile(r"^\W*(?:(?:my|our)\s|.*\b(?:i|we|me|i'm|we're|i've|we've)\b)", re.I)


#: "switched my bank to Nationwide", "changed our broadband over to Zen": a thing of the speaker's given a new value.
_MY_X_TO = re.compile(r"\b(?:switched|switching|changed|changing|moved|moving|swapped|swapping)\s+(?:my|our)\s+"
                      r"(?P<k>[a-z]+(?:\s+(?!over\b)[a-z]+)?)\s+(?:over\s+)?(?:to|for)\s+(?P<v>[^,.;!?()]+)", re.I)
#: Things whose slot holds a typed value (a number, an address): "switched my phone to Giffgaff" names a provider.
#: A number named by its kind just before it ("my nhs number is", "policy no:", "account number"); phone kinds excluded.
_OTHER_NUMBER = re.compile(r"\b(?P<k>(?!(?:phone|mobile|cell|contact|home|work|landline|whatsapp|new|old|my|our|the|your)\b)[a-z]+)"
                           r"\s+(?:number|no\.?|num|#)\s*(?:is|was|'s|:|=)?\s*$", re.I)
_TYPED_THINGS = frozenset("phone number mobile email address name birthday".split())
#: Who provides a service: "my mortgage is with Halifax", "we bank with Monzo", "we went with Octopus for the
#: energy". The service, said after "for", is one of the household's utilities and accounts.
_UTILITY = (r"gas and electric(?:ity)?|gas|electric(?:ity)?|energy|broadband|internet|wifi|fibre|phone|mobile|water|"
            r"insurance|(?:car|home|house|contents|pet|travel|life|health)\s+insurance|mortgage|bank|banking|pension|isa")
_PROVIDER_NAME = r"(?-i:(?P<v>[A-Z][\w'&.-]*(?:\s+[A-Z][\w'&.-]*)*))"
_WITH_PROVIDER = [re.compile(p, re.I) for p in (
    rf"\b(?:my|our)\s+(?P<k>[a-z]+(?:\s+[a-z]+)?)\s+(?:is|are|'s)\s+(?:now\s+|still\s+)?with\s+{_PROVIDER_NAME}",
    rf"\b(?P<k>bank)(?:s|ing|ed)?\s+with\s+{_PROVIDER_NAME}",
    rf"\b(?:with|went with|going with|go with|gone with|signed up with|switched to|moved to)\s+{_PROVIDER_NAME}\s+for\s+"
    rf"(?:the\s+|our\s+|my\s+)?(?P<k>{_UTILITY})\b",
)]


_CHOICE_TAIL = re.compile(r"\s+(?:in the end|after all|instead|then|now|for now|this time)$", re.I)


def detect_slot(text: str, hits: list["TimeHit"] | None = None) -> SlotGuess:
    """The attribute a first-person clause sets, its value span and any replaced value.

    ``text`` is the clause as said, frames removed ("I moved from Lisbon to Porto last month");
    ``hits`` its time expressions (they end a value span and make event slots).
    """
    hits = hits or []
    text = _ABBREV.sub(lambda m: m.group(1) + " ", text)  # "Mrs. Okafor": the dot does not end the value (same length: hits stay valid)
    ev = _event_guess(text, hits)
    if ev is not None:
        return ev
    low = text.lower()
    for attr, pat in _RULES:
        if not _TRIGGER_RE[attr].search(low):
            continue  # a literal test is far cheaper than the pattern's search
        m = pat.search(text)
        if not m:
            continue
        g = m.groupdict()
        raw = g.get("v") or ""
        if attr == "pet":
            raw = raw or g["kind"]
        if g.get("celiac"):
            raw = "gluten"
        if attr == "partner" and "end" in g and g["end"] is not None and not _OWN_COUPLE.search(text[: m.end()]):
            continue  # "Jo and Sam split up", "they broke up": someone else's couple ("we split", "Dan dumped me" are the speaker's)
        if g.get("low") is not None and raw[:1].islower() and not _lower_name(raw):
            continue  # "I report to someone new", "sam is my boyfriend" reads; "this is my boss" does not
        if (g.get("seeing") is not None and not re.search(r"\b(?:been|started)\b", m.group(0), re.I)
                and any(h.start >= m.start("v") and not h.corrected for h in hits)):
            continue  # "I'm seeing Dan on Friday": a meeting, not a partner ("started seeing Jo last month" is one)
        if "end" in g and g["end"] is not None:  # "I quit my job", "we broke up": the state ends
            if attr in _STATE and _PLAN.search(text[: m.start()]):
                return SlotGuess()  # "thinking of leaving my job": a plan ends nothing
            return SlotGuess(attr, _trim(raw) or None, negated=True)
        if attr == "diet" and "eat" in m.group(0).lower():
            return SlotGuess(attr, f"no {raw.lower()}", negated=False)  # the value says "no"
        if attr == "likes":
            if g["verb"].lower() == "allergic":
                continue
            value = _trim(raw, hits, text, m.start("v"))
            if not value or value.lower().split()[0] in ("it", "that", "this", "you", "them", "him", "her", "to", "when", "how", "the", "so", "what"):
                if not value.lower().startswith("to "):
                    continue
            neg = g["verb"].lower() in _NEG_VERBS or bool(_ADV_NEG.search(g.get("adv") or ""))
            return SlotGuess(f"likes:{norm_value(' '.join(value.split()[:3]))}", value, negated=neg)
        if attr == "phone" and sum(c.isdigit() for c in raw) < 8:
            continue
        if attr == "phone" and (kind := _OTHER_NUMBER.search(text[: m.start()])):
            # "my nhs number is 485 777 3456", "account no. 12345678": a number of its own kind, not a phone
            return SlotGuess(normalise_attribute(f"{kind.group('k')} number"), raw.strip())
        if attr == "lodging" and not _LODGING_SIGNAL.search(text):
            continue
        if attr == "employer" and (kind := _employer_kind(text, m)) != "employer":
            if kind is None:
                continue
            value = _trim(raw, hits, text, m.start("v"))
            if value:
                return SlotGuess(kind, value)
            continue
        value = _trim(raw, hits, text, m.start("v")) if attr not in ("email", "phone") else raw.strip()
        if not value:
            continue
        if attr in _STATE and _PLAN.search(text[: m.start()]):
            return SlotGuess()
        if attr in _STATE | {"plan"} and _ENDS_BEFORE.search(text[: m.start("v")]):
            return SlotGuess(attr, value, negated=True)  # "I cancelled FitHub": the state ends
        if attr == "residence" and any(h.start >= m.start("v") and not h.corrected for h in hits) and not value:
            continue
        if attr == "residence" and re.match(r"(?:took|taken)\b", m.group(0), re.I) and _LODGING_SIGNAL.search(text):
            continue  # "took a room in a hotel in Rome": a stay, not a home
        if attr == "residence" and not place_like(value, g.get("prev"), text):
            continue  # "we moved from pip to uv": a switch of tools, not of home
        if attr == "licence":
            return SlotGuess(f"licence:{norm_value(value.replace(chr(39) + 's', ''))}", f"{value} licence")
        if attr in ("allergy", "pet", "condition"):
            return SlotGuess(f"{attr}:{norm_value(value)}", value)
        if attr == "medication":
            drug = m.group("v").lower()
            switch = next((x for x in (pat.search(text) for pat in (_FROM_TO, *_SWITCH))
                           if x and drug in x.group("prev").lower()), None)
            if switch:  # "switched me from sertraline to citalopram": a switch, bound to the replaced drug's slot
                value, prev = _trim(switch.group("v"), hits, text, switch.start("v")), _trim(switch.group("prev"))
                if value and prev:
                    return SlotGuess(None, value, previous_value=prev)
            dose = g.get("dose")
            return SlotGuess(f"medication:{norm_value(drug)}", f"{drug} {dose}" if dose else drug)
        if attr == "doctor" and g.get("k"):
            # The rule is matched without case, so "my dentist is lovely" reaches here: a lowercase value
            # names a provider only if it is no word of how ("dr okafor" does, "lovely" does not).
            if value and value[0].islower() and not _lower_name(value):
                continue
            return SlotGuess(normalise_attribute(g["k"]), value)
        if attr == "budget" and g.get("k"):
            return SlotGuess(f"budget:{norm_value(g['k'])}", value)
        if attr == "favourite":
            return SlotGuess(f"favourite:{norm_value(g['k'])}" if g.get("k") else None, value)
        if attr == "car":  # "went with the Corsa in the end": how the choice came, not the car's name
            value = _CHOICE_TAIL.sub("", value) or value
        prev = _trim(g["prev"]) if g.get("prev") else None
        return SlotGuess(attr, value, previous_value=prev)
    tech = _tech_guess(text)
    if tech is not None:
        return tech
    m = _MY_X_TO.search(text)
    if m and not any(abs(h.start - m.start("v")) <= 1 for h in hits) and m.group("k").lower() not in _TYPED_THINGS:
        value = _trim(m.group("v"), hits, text, m.start("v"))
        if value:  # "I've switched my bank to Nationwide": the thing named is the attribute, its new value after "to"
            return SlotGuess(normalise_attribute(m.group("k")), value)
    for pat in _WITH_PROVIDER:
        m = pat.search(text)
        if m and not _REL_RE.match(m.group("k")) and m.group("k").lower() not in _TYPED_THINGS:
            value = _trim(m.group("v"), hits, text, m.start("v"))
            if value:
                return SlotGuess(normalise_attribute(m.group("k")), value)
    for pat in (_FROM_TO, *_SWITCH):
        m = pat.search(text)
        if m:  # "I switched from Monzo to Starling": no known attribute, but the replaced value is said
            # (resolve.bind_switches gives it the slot of the claim that held the replaced value)
            value, prev = _trim(m.group("v"), hits, text, m.start("v")), _trim(m.group("prev"))
            if value and prev:
                return SlotGuess(None, value, previous_value=prev)
    m = _MY_X_IS.search(text)
    if m:
        key = m.group("k")
        if _REL_RE.match(key) and re.match(r"(?:now\s+|still\s+)?(?:an?|the|so|such|very|really|pretty|quite|absolutely|super|"
                                           r"literally|honestly|always|never|not)\b", text[m.start("v"):], re.I):
            return SlotGuess()  # "my sister is an absolute legend": the relation is the subject ("my sister is Priya" names her)
        rel = re.match(rf"^(?:{_REL})(?:'s)?\s+", key, re.I)
        key = key[rel.end():] if rel and key[rel.end():] else key  # "my mum's birthday" (subject: the mum)
        # "my new plan is Essentials" is the plan: an adjective of currency names no attribute of its own
        key = re.sub(r"^(?:new|current|latest|updated|present)\s+(?=\w)", "", key, flags=re.I)
        value = _trim(m.group("v"), hits, text, m.start("v"))
        at = next((h for h in hits if h.start == m.start("v") and not h.corrected and (h.begin or h.until)), None)
        if not value and at is not None:
            value = at.label  # "my birthday is March 12": the value is the date
        # Only a value that names something ("Priya", "O+", "12 Baker St", a date): "my car is in the
        # shop" or "my job is boring" say how a thing is, not which it is, and must not replace it.
        if value and (value[0].isupper() or value[0].isdigit() or value[0] in "$€£+" or at is not None
                      or (_NAMED_BY_WHO.search(key) and _lower_name(value))):
            return SlotGuess(normalise_attribute(key), value)
    return restriction_guess(text) or SlotGuess()  # last: any cue above names the attribute better


#: A child as the clause's subject ("the twins start at Bramblewood", "my youngest starts at Hillview"): where a
#: child starts is a school or nursery, never an employer.
_CHILD_HEAD = re.compile(r"\b(?:kids?|children|child|twins|son|sons|daughter|daughters|youngest|eldest|oldest|middle one|little one|"
                         r"little ones|toddler|baby|boy|boys|girl|girls|stepson|stepdaughter|grandson|granddaughter)\b(?:'s)?\s+"
                         r"(?:\w+\s+){0,2}$", re.I)
#: What makes a place joined an employer: a job said beside it ("joined Acme as a data analyst", "joined the team at
#: Brightlane", "joined Monzo's payments squad"). Without one, a place joined is a membership.
_JOB_CUE = re.compile(rf"\b(?:as\s+an?|{_ROLE_NOUN}s?|job|jobs|work|working|role|position|team|squad|company|firm|startup|"
                      r"salary|hired|offer|notice|colleagues?|boss|office|employer|staff|payroll|onboarding|probation|"
                      r"full[- ]time|part[- ]time|graduate scheme|grad scheme|internship)\b", re.I)
#: A name that says it is a firm ("Pinecrest Labs", "Halden & Co", "Orrin Analytics").
_ORG_NAME = re.compile(r"\b(?-i:Ltd|Limited|Inc|Corp|Corporation|LLC|LLP|PLC|plc|Co|Group|Labs|Technologies|Tech|Solutions|Systems|"
                       r"Analytics|Consulting|Partners|Software|Digital|Holdings|Industries|Bank|Capital|Insurance|Media|Health|"
                       r"Logistics|Ventures|Agency|Associates)\b")
#: A name that says it is a club or a group, not a firm ("Harbour Rowing Club", "Eastside Choir").
_CLUB = re.compile(r"\b(?:club|society|choir|team|league|association|group|crew|band|orchestra|union|guild|circle)s?\b", re.I)
#: A membership's signs: a fee per period, a contract, sessions ("joined Corefit, £29 a month, no contract").
_MEMBERSHIP = re.compile(r"(?:[£$€]\s?\d[\d.,]*|\d+\s*(?:quid|pounds|euros|dollars))\s*(?:a|per|/|p)\s*(?:month|week|year|m\b|w\b)|"
                         r"\b(?:pcm|pm|membership|member|members|no contract|direct debit|induction|sessions?|classes)\b", re.I)


def planned_end(text: str) -> bool:
    """A plan to end a lasting state of the speaker's ("thinking of leaving my job", "might quit the gym"): it sets no
    slot (a plan ends nothing, :func:`detect_slot`), but it is a fact to keep, which the claim gate reads (session 21,
    after review: the plan was dropped as a vague intention once it no longer read as an end)."""
    m = _PLAN.search(text)
    if not m:
        return False
    guess = detect_slot("I " + text[m.end():].lstrip())
    return guess.attribute in _STATE and guess.negated is True


def _employer_kind(text: str, m: re.Match[str]) -> str | None:
    """What an employer cue's object is: "employer", "school" (a child starts there), "gym" (a place joined for
    a fee per period) or None (a place joined with no job said: a club, a group, not a job)."""
    head = text[: m.start()]
    verb = m.group(0).split()[0].lower()
    if verb.startswith("start") and _CHILD_HEAD.search(head):
        return "school"
    if verb.startswith("join") and not _JOB_CUE.search(text) and not _ORG_NAME.search(m.group("v")):
        if _MEMBERSHIP.search(text):
            return "gym"
        # a name joined with no fee said is most often a firm ("joined Google in March"); a lowercase place
        # joined is a club or a group ("joined the local choir")
        v = m.group("v")
        return "employer" if v[:1].isupper() and not _CLUB.search(v) else None
    return "employer"


#: Keys whose value is a who or a which, never a how: a relation or role ("my boyfriend is sam"), or a provider
#: or product one has ("my bank is monzo now", "my preventer is clenil"). Their lowercase value names one.
_NAMED_BY_WHO = re.compile(rf"(?:^|\s)(?:{_REL}|counsell?or|gp|physio|tutor|landlord|landlady|nanny|childminder|cleaner|instructor|"
                           r"trainer|teacher|supervisor|case ?worker|key ?worker|midwife|nurse|psychiatrist|psychologist|advis[eo]r|"
                           r"accountant|solicitor|lawyer|bank|provider|network|supplier|broadband|insurer|energy|"
                           r"preventer|inhaler|medication|meds|contraceptive|pill|gym|nursery|school|vet|dentist)$", re.I)
#: Words that say how a thing is, not which it is ("my bank is rubbish", "my boyfriend is away").
_HOW = frozenset("""away back off out in ill sick dead broken busy free late due done over up down fine ok okay good great bad
nice lovely rubbish awful terrible amazing brilliant tiny huge small big old new cheap expensive pregnant happy sad annoyed
annoying closed open shut gone here there home right wrong cool weird strange useless hopeless slow fast quick so very really
not still a an the being getting going also too literally kind sort such pretty quite way always never on at with from
sorted furious livid gutted shattered knackered exhausted tired stressed worried ace mint grand dreadful sound fab super
obsessed hilarious sweet mean strict lazy shocking rude helpful unhelpful mad crazy insane wild unreal savage hard tough
fair kind clever smart young sound someone somebody everyone nobody this that it he she they who what which""".split())


def _lower_name(value: str) -> bool:
    """A short lowercase value that names someone or something ("sam", "monzo", "mr hughes")."""
    words = value.lower().split()
    return (0 < len(words) <= 3 and words[0] not in _HOW
            and not re.search(r"(?:ing|ed|ly|ful|ous|ive|able|ible|ish|less)$", words[0]))


