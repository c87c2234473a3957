"""A verdict's claim read against memories on the same one-valued slot (session 19, issue 11).

The stance rules compare words: "I moved from Lisbon to Porto last month" shares "Lisbon" with "The
user lives in Lisbon" and reads as support, and "I work at the bakery on Elm Street" shares "work"
with "The user works at the garage". Both are about one attribute of one holder that holds one value
at a time (where one lives, who one works for, one's partner, one's car, one's manager), and both
say which value it holds. Read as slots (``subject|attribute`` with a value, the claims'
extraction, :mod:`memwarden.claims.slots`), they settle the claim:

- the memory holds the claim's value: it states the claim;
- the memory names the claim's value as the one replaced ("moved from Lisbon to Porto"), or ends it
  ("I left Acme"): it contradicts a claim of the present and states a claim of the past ("used to
  live in Lisbon", "worked at Acme");
- the memory holds another value, does not say the claim's value anywhere, and the slot holds one
  value at a time: it contradicts a claim of the present. A claim of the past is not settled by it.

Attributes keyed by their value (allergy, pet, medication, likes, condition) hold several values at
once and are never read here: a second allergy does not deny the first. A negated claim ("no longer
lives in Lisbon") takes the opposite reading of its positive form.

The claims package reads texts into slots and imports this stage, so this module does not import it:
the reader (:data:`Reader`, ``memwarden.claims.reading.slot_reading``) is passed in by the facade
(``Memory.verdict``) and by the benchmarks that judge dumped searches again. Without one, nothing is
read here and the verdict is the stance rules' alone.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable

from ..models import SearchHit
from .stance_label import Stance
from .testimony import stated_at
from .verdict_change import _changes
from .verdict_choice import CHOICE, _choice, _one_name
from .verdict_said import _PROSPECT, SLOT_SCORE, _opens_on, _prospect, _said, _someone_else, _words

__all__ = ["ONE_VALUED", "Reader", "SlotRead", "SlotClaim", "read_claim", "memory_reads", "slot_stances"]

#: Attributes with one value at a time: another value said for the same holder is a contradiction.
#: (Event times are read by the stance rules' dates and clock times; roles, diets and providers can
#: be several at once.)
ONE_VALUED = frozenset({"residence", "employer", "partner", "car", "manager", "shift"})

#: Attributes keyed by their value (``allergy:peanut``): several hold at once.
MANY_VALUED = frozenset({"allergy", "pet", "likes", "condition", "medication", "licence"})


@dataclass(frozen=True)
class SlotRead:
    """One statement read as a slot: ``slot`` normalised (``user|residence``), its value as said,
    the value it names as replaced, whether it ends the value, whether it is said firmly."""

    slot: str
    value: str | None
    previous_value: str | None = None
    negated: bool = False
    firm: bool = True


#: Reads a first-person statement (a verdict's claim, a user's turn) into its slots.
Reader = Callable[[str], "tuple[SlotRead, ...]"]


@dataclass(frozen=True)
class SlotClaim:
    """The verdict's claim as a slot: its reading, whether it asks about the past ("used to live in",
    "worked at"), whether it is negated ("no longer lives in")."""

    read: SlotRead
    past: bool
    negated: bool
    #: A many-valued attribute (:data:`MANY_VALUED`): only read to say another member denies nothing.
    many: bool = False


#: A claim about the past of a one-valued slot, and the present form its reader is given.
_PAST = [(re.compile(r"\b(?:used to date|dated)\b", re.I), "am dating"),
         (re.compile(r"\b(?:used to go|went) out with\b", re.I), "am going out with"),
         (re.compile(r"\bused to (\w+)", re.I), r"\1"),
         (re.compile(r"\b(?:previously|formerly|once|at one point)\s+", re.I), ""),
         (re.compile(r"\blived\b", re.I), "live"), (re.compile(r"\bworked\b", re.I), "work"),
         (re.compile(r"\b(?:was|were) (living|working|based|employed|dating|driving)\b", re.I), r"am \1"),
         (re.compile(r"\bhad (?:lived|worked)\b", re.I), "live"),
         (re.compile(r"\s+(?:before|back then|in the past)\s*(?=[.!?]?$)", re.I), "")]
#: A negated claim of the present: "no longer lives", "doesn't work at", "isn't ... anymore".
_NEGATED = re.compile(r"\b(?:no longer|not|n't|never)\b", re.I)
_NEG_PARTS = [(re.compile(r"\bno longer\s+", re.I), ""), (re.compile(r"\b(?:do|does)(?: not|n't)\s+", re.I), ""),
              (re.compile(r"\b(?:am|is|are)(?: not|n't)\b", re.I), "am"), (re.compile(r"\s+any ?more\b", re.I), ""),
              (re.compile(r"\bI'm not\b", re.I), "I'm")]


#: Days a shift is said on ("on Fridays", "at weekends", "Monday to Thursday"): a claim naming them asks more than the shift.
_ON_DAYS = re.compile(r"\b(?:mon|tues|wednes|thurs|fri|satur|sun)days?\b|\bweekends?\b|\bweekdays?\b", re.I)
#: A claim's value that is a number, a time or a span ("starts work at seven", "signed off work for two weeks").
_NUMBERISH = re.compile(r"^(?:\W*(?:\d[\d:.,]*|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|half|"
                        r"a|an|few|couple|days?|weeks?|months?|years?|hours?|am|pm|o'clock)\W*)+$", re.I)
#: Who a first-person claim opens on: the speaker ("I", "we"), read as the slot's subject "user"; or
#: the speaker's thing ("my car", "our flat"), which must be the attribute's own
#: ("my final interview has been moved to Asaba" is no move of home).
_OPENS_ON_USER = re.compile(r"^\W*(?:I|I'm|I've|I'd|I'll|we|we're|we've)\b", re.I)
_OPENS_ON_MINE = re.compile(r"^\W*(?:my|our)\s+(?:\w+\s+){0,2}?(?P<k>\w+)(?:'s)?\s+(?:is|are|was|were|has|have|lives?|works?|"
                            r"drives?|called|named)\b", re.I)
_OWN_THING = {"residence": {"flat", "house", "home", "place", "address", "apartment"},
              "employer": {"job", "employer", "company", "work", "workplace", "office"},
              "partner": {"partner", "girlfriend", "boyfriend", "wife", "husband", "fiance", "fiancee", "spouse"},
              "car": {"car", "motor", "vehicle"}, "manager": {"manager", "boss", "supervisor"}, "shift": {"shift", "shifts", "rota"}}


#: "The user has a dog" made first person (:func:`.verdict.as_first_person`) is "I has a dog": the verb agreed again.
_AGREE = [(re.compile(r"\bI has\b"), "I have"), (re.compile(r"\bI is\b"), "I am"), (re.compile(r"\bI does\b"), "I do"),
          (re.compile(r"\bI ((?:also |still |now |currently |really )?)(?!was\b)(\w+?(?:ch|sh|ss|x|o))es\b"), r"I \1\2"),
          (re.compile(r"\bI ((?:also |still |now |currently |really )?)(?!was\b)(\w+?[^su])s\b"), r"I \1\2")]


def read_claim(query: str, read: Reader) -> SlotClaim | None:
    """The claim (first person, :func:`.verdict.as_first_person`) on a slot it can settle, or None."""
    if _PROSPECT.search(query):
        # a plan is settled by no slot, only by a choice among options ("we're going to Porto in May")
        name = None if _NEGATED.search(query) or "used to" in query else _one_name(query)
        return SlotClaim(SlotRead(CHOICE, name), False, False) if name else None
    for pat, rep in _AGREE:
        query = pat.sub(rep, query)
    text, past = query, False
    for pat, rep in _PAST:
        text, n = pat.subn(rep, text)
        past = past or bool(n)
    negated = False
    if _NEGATED.search(text):
        if past:
            return None  # "never lived in Leeds": not read here
        for pat, rep in _NEG_PARTS:
            text = pat.sub(rep, text)
        if _NEGATED.search(text):
            return None  # a negation left unread
        negated = True
    for r in read(text):
        family = r.slot.partition("|")[2].partition(":")[0]
        if r.value and r.firm and not r.negated and not past and not negated and family in MANY_VALUED and ":" in r.slot:
            return SlotClaim(r, past, negated, many=True)
        if not r.value or not r.firm or r.negated or r.slot.partition("|")[2] not in ONE_VALUED or _NUMBERISH.match(r.value):
            continue
        if r.slot.partition("|")[2] == "shift" and _ON_DAYS.search(text):
            continue  # "works night shifts on Fridays": which days is more than the shift's one value, left to the rules
        subject = r.slot.partition("|")[0]
        if subject == "user" and not _OPENS_ON_USER.match(text):
            mine = _OPENS_ON_MINE.match(text)
            if mine is None or mine.group("k").lower() not in _OWN_THING[r.slot.partition("|")[2]]:
                continue  # "The mobile BFF is moving to GraphQL": the reader took a thing for the speaker
        if subject != "user" and not text.lower().lstrip().startswith(subject.split()[0]):
            continue
        return SlotClaim(r, past, negated)
    if not past and not negated and (name := _one_name(text)):
        return SlotClaim(SlotRead(CHOICE, name), False, False)  # read only against a choice among options
    return None


def memory_reads(hit: SearchHit, read: Reader) -> tuple[SlotRead, ...]:
    """What a memory says of the claim's slots: a claim by its stored slot, the user's own turn by reading it."""
    if _prospect(hit):
        return ()  # a plan is no value of the slot (a review of session 19: "moving to Porto next spring")
    if hit.kind == "claim":
        c = hit.claim
        if c is None or not c.slot or c.echo:
            return ()
        out: tuple[SlotRead, ...] = (SlotRead(c.slot, c.value, c.previous_value, c.negated, c.firmness == "stated"),)
    elif str(hit.source) != "user" or hit.speaker:
        return ()
    else:
        out = read(hit.memory)
    if any(r.slot.startswith("user|") for r in out) and _someone_else(hit):
        # ... unless the one it opens on is the value it ends ("Hana retired in May" on the user's manager slot)
        out = tuple(r for r in out if not r.slot.startswith("user|")
                    or (r.negated and r.value and _opens_on(hit, r.value.split()[0])))
    return out


def _same(a: str | None, b: str | None) -> bool | None:
    """One value (one's words hold the other's: "bakery" / "bakery on Elm Street"), two (no word shared),
    or None (unread, or some words shared)."""
    if not a or not b:
        return None
    wa, wb = _words(a), _words(b)
    if not wa or not wb:
        return None
    if wa <= wb or wb <= wa:
        return True
    return None if wa & wb else False


def slot_stances(claim: SlotClaim, hits: list[SearchHit], read: Reader) -> list[Stance | None]:
    """The stance of each memory read on the claim's slot, None where it says nothing there (or
    nothing firm): its own slot reading, else a later change of the attribute after a memory
    holding the claim's value."""
    if claim.read.slot == CHOICE:
        return [_choice(claim, h, hits) for h in hits]
    reads = [memory_reads(h, read) for h in hits]
    if claim.many:
        return [_other_member(claim, rs) for rs in reads]
    holds = [any(m.slot == claim.read.slot and m.firm and not m.negated and _same(claim.read.value, m.value) for m in rs)
             for rs in reads]
    first_held = min((stated_at(h) for h, y in zip(hits, holds) if y), default=None)
    changes = [first_held is not None and not holds[i] and stated_at(h) > first_held and _changes(claim, h)
               for i, h in enumerate(hits)]
    later = replaced(claim, reads) or any(changes)
    out: list[Stance | None] = []
    for i, h in enumerate(hits):
        st = _reading(claim, h, reads[i], later, hits)
        if st is None and changes[i]:
            st = Stance("agree" if claim.past else "contradict", SLOT_SCORE,
                        "slot: a later change of the attribute in other words", ("slot",))
        if st is not None and claim.negated:
            st = Stance("contradict" if st.label == "agree" else "agree", st.score, f"the claim negated, {st.reason}", st.cues)
        out.append(st)
    return out


def _other_member(claim: SlotClaim, reads: tuple[SlotRead, ...]) -> Stance | None:
    """A memory setting another member of the claim's many-valued attribute ("a cat called Miso" against
    "has a dog", "allergic to peanuts" against "allergic to shellfish") and none on the claim's own: it
    says nothing of the claim. Read as unrelated; the verdict keeps a denial worded as one ("no dogs")."""
    subject, _, attr = claim.read.slot.partition("|")
    family = attr.partition(":")[0]
    mine = [m for m in reads if m.slot.partition("|")[0] == subject and m.slot.partition("|")[2].partition(":")[0] == family]
    if not mine or any(m.slot == claim.read.slot for m in mine):
        return None
    return Stance("unrelated", 0.7, f"slot: another {family} ('{mine[0].value}'), one of several", ("slot",))


def _positive(q: SlotRead, m: SlotRead, said: frozenset[str], past: bool, replaced_later: bool,
              named_later: bool) -> Stance | None:
    """The reading of a memory ``m`` on the claim's slot for the claim's positive form."""
    held = _same(q.value, m.value)
    if m.negated:
        if not held:
            return None
        if past:
            return Stance("agree", SLOT_SCORE, f"held '{m.value}' until it ended", ("slot",))
        return Stance("contradict", SLOT_SCORE, f"'{m.value}' ended", ("slot",))
    if m.previous_value and _same(q.value, m.previous_value) and held is False:
        if past:
            return Stance("agree", SLOT_SCORE, f"'{m.previous_value}' held before '{m.value}'", ("slot",))
        return Stance("contradict", SLOT_SCORE, f"'{m.previous_value}' replaced by '{m.value}'", ("slot",))
    if held:
        if past and not replaced_later:
            return None  # "used to live in Lisbon" against "I live in Lisbon" alone: left to the rules
        return Stance("agree", SLOT_SCORE, f"holds '{m.value}'", ("slot",))
    if held is False and not past and not named_later and not (_words(q.value or "") <= said):
        return Stance("contradict", SLOT_SCORE, f"another value of a one-valued slot: '{m.value}'", ("slot",))
    return None


def _reading(claim: SlotClaim, hit: SearchHit, reads: tuple[SlotRead, ...], replaced_later: bool,
             hits: list[SearchHit]) -> Stance | None:
    said = _said(hit)
    value = _words(claim.read.value or "")
    for m in reads:
        if m.slot != claim.read.slot or not m.firm:
            continue
        # Another value, while a later memory names the claim's value: it may be the move the
        # reader did not read ("signed for a flat in Sofia, bye bye Plovdiv"): left to the rules.
        named_later = any(stated_at(h) > stated_at(hit) and value <= _said(h) for h in hits)
        if m.negated and not m.value:
            st = _ended(claim, hit, said, value, hits)
            if st is not None:
                return st
            continue
        st = _positive(claim.read, m, said, claim.past, replaced_later, named_later)
        if st is not None:
            return Stance(st.label, st.score, f"slot: {st.reason}", st.cues)
    return None


def _ended(claim: SlotClaim, hit: SearchHit, said: frozenset[str], value: frozenset[str],
           hits: list[SearchHit]) -> Stance | None:
    """A memory ending the slot with no value of its own ("me and Dan split up", "I quit last week", "sold the
    car"): the end of the claim's value when it names it, or when it comes after a memory that names it and no
    later memory names it again (back together, a new contract there). A claim of the present is contradicted, one
    of the past ("used to work at ...") stated."""
    if not value:
        return None
    at = stated_at(hit)
    if not (value <= said or any(stated_at(h) < at and value <= _said(h) for h in hits)):
        return None
    if any(stated_at(h) > at and value <= _said(h) for h in hits):
        return None
    if claim.past:
        return Stance("agree", SLOT_SCORE, "slot: held until the slot ended", ("slot",))
    return Stance("contradict", SLOT_SCORE, "slot: the slot ended after it held the claim's value", ("slot",))


def replaced(claim: SlotClaim, reads: list[tuple[SlotRead, ...]]) -> bool:
    """Whether any memory holds another value of the claim's slot or names its value as replaced or ended."""
    for rs in reads:
        for m in rs:
            if m.slot != claim.read.slot or not m.firm:
                continue
            if (m.previous_value and _same(claim.read.value, m.previous_value)) or (m.negated and _same(claim.read.value, m.value)):
                return True
            if not m.negated and _same(claim.read.value, m.value) is False:
                return True
    return False
