"""Whether two statements are about the same matter (session 20, issue 12 items 1-2).

A newer memory replaces an older one only when both are about the same holder (the user, or the same named
person) and the same thing, and it says a change was made, not one planned or mulled over; supplied evidence
announcing a change decides a memory only when it speaks of the item, event or amount the memory is about.

- ``holders_differ``: the older memory is plainly the user's and the newer plainly another person's (another person
  its subject, no "I" or "me" in it, nobody the older one names): "my dad cancelled his gym membership" against "I go
  to the gym by the leisure centre". Holders are read only on such positive signs: the authors' changes often name
  other people on the way ("Priya's gone to Singapore, I report to Dan now").
- ``tentative``: a plan or a thought, no change made ("thinking about moving my account to ...", "might try
  the train next month", "planning to switch ...").
- ``same_thing``: the two name a thing in common besides the words every statement of a change or a habit
  has (the verb of change, "now", days and times of day, "get", "go"): "switched to oat milk in my tea" and
  "I take semi-skimmed milk in my tea" share the tea and the milk; "gave up booze for february" and "a flat
  white every morning" share nothing. The claims' slot counts too (one attribute of one subject), and so
  does a value the newer one names as replaced that the older one says. It gates only a change said a little
  further away than the older rules reach (``features.CHANGE_NEAR``): nearer, the authors' changes often share
  no word ("I'm a medium in shirts" / "I'm a small in tops now").
- ``same_item``: a notice (supplied evidence) and a memory do not plainly speak of two items: each names a thing
  of its own, none the same, no number shared and at most one word besides (the Jubilee line and the Piccadilly
  line, a flight to Glasgow and one to Lisbon, the 18:05 from Paddington and the 7:42 from Didcot). A notice in
  words of its own ("all collections move one day later" for "the bin men come on mondays") is no other item.
"""

from __future__ import annotations

import re

from ..lexicon import calendar as cal
from ..retrieval.text import _stem
from .compare import _REPLACED  # the value a change names as replaced, read by the pairwise comparison too
from .facts import MemoryFacts
from .lexicon import content, contexts, entities

__all__ = ["holder", "holders_differ", "tentative", "specific", "same_thing", "same_item", "numbered", "other_numbered", "other_part",
           "other_named", "other_kind", "setting_opened", "other_setting", "kept_elsewhere"]


def holder(f: MemoryFacts) -> frozenset[str] | None:
    """Whose matter ``f`` is: the people another person's memory is about, ``{"user"}``, or None (not said)."""
    if f.other_subject and not f.about_user:
        return f.people or None
    return frozenset({"user"}) if f.about_user and not f.other_subject else None


#: The user in the first person (or as "the user", as claims say it), anywhere in a text: the user's own part in what
#: it says ("sold the car to my grandson, I'm in the Subaru now", "the user's supervisor has gone, the user has been
#: handed over to Dr X").
_FIRST_PERSON = re.compile(r"\b(?:i|i'm|i've|i'd|i'll|me|im|the user)\b", re.I)  # claims say "the user"


def holders_differ(a: MemoryFacts, b: MemoryFacts, b_text: str = "") -> bool:
    """``b`` is plainly another person's matter and ``a`` plainly the user's ("I bank with X" and "my brother switched
    his account to Y"). A newer memory in which the user also speaks in the first person ("dindo quit, so it's me and my
    cousin now"), and one about a person the older memory names, are not told apart."""
    if not (a.about_user and not a.other_subject):
        return False
    hb = holder(b)
    # (a person the older memory names is no other holder: "Rory: peanut allergy" and "moved Rory up to ...")
    return hb is not None and "user" not in hb and not (hb & a.people) and not _FIRST_PERSON.search(b_text)


# A plan, a wish or a thought about a change, not a change made. (A decided arrangement in the future
# - "from monday I'm getting the train" - is a change said; only the undecided ones are here.)
_TENTATIVE = re.compile(
    # ("considering" weighs a change only before what is weighed: "considering moving", "considering whether"; "considering
    # it a dilution", "considering AI unreliable" is a view held, session 21)
    r"\b(?:thinking (?:about|of)|(?:i'm |am |been )?considering\s+(?:\w+ing\b|whether|if|a\s+(?:move|switch|change))|might|may (?:try|switch|move|change|go)|maybe|perhaps|"
    r"planning (?:to|on)|plans? to|hop(?:es|ing)? to|hope to|wants? to|wanting to|would like to|'d like to|tempted to|"
    r"looking (?:into|at) (?:switching|moving|changing|getting)|wondering (?:about|if|whether)|not sure (?:if|whether)|"
    r"should (?:probably )?(?:switch|move|change|try|get)|if i (?:switch|move|change))\b", re.I)
# ... unless the same text also says the change was made ("was thinking of it for ages, finally switched").
_MADE = re.compile(r"\b(?:finally|went ahead|ended up|have|has|'ve|just|already)\s+(?:\w+\s+)?(?:switched|moved|changed|"
                   r"swapped|started|stopped|quit|joined|cancell?ed|signed up)\b", re.I)


# A clause saying how things stand now, after a change: "now prefers ...", "I now exclusively support ...", "no longer".
_NOW_STATE = re.compile(r"\b(?:now\s+(?:\w+ly\s+)?(?:prefers?|supports?|uses?|takes?|likes?|loves?|hates?|avoids?|eats?|drinks?|"
                        r"lives?|works?|goes|go|does|do|has|have|gets?|wants?|rejects?|favou?rs?|chooses?|sticks?|relies?|"
                        r"believes?|thinks?|sees?|considers?|finds?)|\bi\s+now\s+(?:\w+ly\s+)?(?!want|need|think|wonder|plan)\w+|"
                        r"no longer|not any ?more)\b", re.I)
# ... or a change said as made in the past tense ("Conor's left school and started at the college, wants to be a vet").
_MADE_PAST = re.compile(r"\b(?:left|started|moved|switched|changed|swapped|quit|joined|stopped|cancell?ed|gave up|given up|"
                        r"sold|signed up|transferred|retired|resigned)\b", re.I)
# A want said as how things stand now ("now wants to study theory, reversing ..."): a taste changed, no plan.
_NOW_WANTS = re.compile(r"\bnow\s+(?:\w+ly\s+)?wants?\s+to\b", re.I)
# Where a clause ends (a sentence, a semicolon, a comma, "but").
_CLAUSES = re.compile(r"(?<=[.;!?])\s+|;\s*|,?\s+but\s+|,\s*", re.I)


def tentative(text: str) -> bool:
    """``text`` plans or weighs a change without saying it was made: a clause free of a plan or a thought that says how
    things stand now ("..., but I now exclusively support ...", "Now prefers ...") says it was made (session 21: a
    standing wish, "I want to make a difference", beside a change said as made is no plan)."""
    if not _TENTATIVE.search(text) or _MADE.search(text) or _NOW_WANTS.search(text):
        return False
    return not any((_NOW_STATE.search(c) or _MADE_PAST.search(c)) and not _TENTATIVE.search(c) for c in _CLAUSES.split(text) if c)


#: Words every statement of a change, a habit or a notice has: they name no thing.
_NO_THING = frozenset(_stem(w) for w in (
    "user now new newly anymore instead longer change changed changing switch switched switching move moved moving "
    "swap swapped start started starting stop stopped quit gave give up got get gets getting go goes going went gone "
    "take takes taking took have has had having do does did make made use used using start join joined cancel "
    "cancelled try tried keep kept back still again just also really actually since from last next week weeks month "
    "months year years day days today tonight tomorrow morning mornings evening evenings night nights afternoon "
    "weekend weekends weekday weekdays everi usual usually alway always often lot bit thing things way time times "
    "these those days lately recent recently point some much mani one two three first "
    "notice update service reminder letter note please will from effective "
    "love like prefer enjoy hate want need think".split())) | frozenset(
    _stem(w) for w in (*cal.MONTHS, *cal.WEEKDAYS)) | frozenset(w.lower() for w in (*cal.MONTHS, *cal.WEEKDAYS))


def specific(text: str) -> frozenset[str]:
    """The content words of ``text`` that name a thing (not the words of a change, a habit or a time)."""
    return frozenset(w for w in content(text) if w not in _NO_THING and not w.isdigit() and len(w) > 1)


def _share(a: frozenset[str], b: frozenset[str]) -> bool:
    """A word in common, one word the start of the other ("member" / "membership"), or a word inside a name
    written as one word ("gym" / "PureGym")."""
    if a & b:
        return True
    return any(len(x) >= 3 and len(y) >= 3 and (x.startswith(y) and len(y) >= 5 or y.startswith(x) and len(x) >= 5
                                                 or len(x) >= 3 and len(y) >= len(x) + 3 and x in y
                                                 or len(y) >= 3 and len(x) >= len(y) + 3 and y in x)
               for x in a for y in b)


def same_thing(f: MemoryFacts, text: str, g: MemoryFacts, other: str, same_slot: bool = False) -> bool:
    """``other`` (facts ``g``) speaks of a thing ``text`` (facts ``f``) speaks of."""
    if same_slot:
        return True
    if _share(specific(text), specific(other)):
        return True
    return any(specific(m.group(1) or m.group(2) or "") & specific(text) for m in _REPLACED.finditer(other))


#: Words that are no name of a thing of its own: short abbreviations ("LT", "Dr"), days and months in any form.
def _names(text: str) -> frozenset[str]:
    """The things a text names by a name of their own, as lower-case stems (no value with a digit, no day or month,
    no abbreviation of two letters)."""
    out = set()
    for e in entities(text):
        for w in re.findall(r"[a-z'-]+(?:\d+[a-z]*)?", e.lower()):
            st = _stem(w)
            if len(w) > 2 and not re.search(r"\d", w) and w not in _NO_THING and st not in _NO_THING \
                    and not any(w.startswith(m[:3].lower()) and len(w) <= len(m) + 1 for m in (*cal.MONTHS, *cal.WEEKDAYS)) \
                    and _stem(w.rstrip("s")) not in _NO_THING:
                out.add(st)
    return frozenset(out)


_NUMBER = re.compile(r"\b\d+(?:[:.]\d{2})?\b")

# An item named by its number, clock time or code, the way a service, a route or a slot is named (session 21): "the
# 9:40 to Leeds", "the 11:15 train", "the number 7", "the 38 bus", "route 12", "flight BA 2490" (not "platform 4": a value). A time or
# a number said as a value ("leaves at 9:40", "costs 12") names no item.
_TIMED_ITEM = re.compile(r"\bthe\s+(\d{1,2}[:.]\d\d)\b(?!\s*(?:am|pm)?\s*(?:slot|appointment|meeting|start|finish|deadline)\b)", re.I)
_NUMBERED_ITEM = re.compile(
    # (a platform, a gate or a stand is where a thing leaves from, a value of it: "goes from platform 4")
    r"\b(?:number|no\.|route|flight|bus|tram)\s+#?([a-z]{0,3}\s?\d{1,4}[a-z]?)\b|"
    r"\bthe\s+(\d{1,3}[a-z]?)\s+(?:bus|tram|train|coach|service)\b|"
    # a code of capitals and digits, the way flights and trains are named ("BA 1442", "EZY812")
    r"\b((?-i:[A-Z]{2,3})\s?\d{2,4})\b", re.I)


def _clock(t: str) -> str:
    """A clock time written one way: "07.42" and "7:42" are "7:42"."""
    h, _, mm = t.replace(".", ":").partition(":")
    return f"{int(h)}:{mm}" if h.isdigit() and mm else t.lower()


def numbered(text: str) -> frozenset[tuple[str, str]]:
    """The items ``text`` names by a clock time or a number, with the kind of name: ``("time", "9:40")``."""
    out = {("time", _clock(m.group(1))) for m in _TIMED_ITEM.finditer(text)}
    out |= {("number", re.sub(r"\s", "", (m.group(1) or m.group(2) or m.group(3))).lower()) for m in _NUMBERED_ITEM.finditer(text)}
    return frozenset(out)


def other_numbered(mem: str, other: str) -> bool:
    """``other`` speaks of another item of the memory's kind: both name items by a number or a clock time of one kind,
    none the same, and ``other`` does not say the memory's number anywhere (the 9:40 to Leeds against "I get the 11:15
    train to Leeds", the number 12 against "I take the number 7 bus"; "the 11:15 now leaves at 11:25" is the same one)."""
    a, b = numbered(mem), numbered(other)
    kinds = {k for k, _ in a} & {k for k, _ in b}
    if not kinds or a & b:
        return False
    said = {_clock(x) for x in _NUMBER.findall(other)} | {x.lower() for x in re.findall(r"[a-z]{0,3}\d+[a-z]?", other, re.I)}
    return not any(v in said or v.replace(" ", "") in said for _, v in a)


def same_item(mem: str, notice: str) -> bool:
    """A notice of change and a memory do not plainly speak of two different items. Only a positive sign counts (the
    authors' notices name an item in words of their own: "all collections move one day later" is news for "the bin men
    come on mondays"): each names a thing of its own, none the same, they share no number or clock time and at most one
    word besides (the Jubilee line and the Piccadilly line, a flight to Glasgow and one to Lisbon, the 18:05 from
    Paddington and the 7:42 from Didcot)."""
    if other_named(mem, notice):
        return False
    names_m, names_n = _names(mem), _names(notice)
    if not names_m or not names_n:
        return True
    sm, sn = specific(mem), specific(notice)
    if names_m & (names_n | sn) or names_n & sm:
        return True
    if set(_NUMBER.findall(mem)) & set(_NUMBER.findall(notice)):
        return True
    return len(sm & sn) >= 2


# Where in a home or a building a thing is, said before it: "the kitchen tap", "the upstairs loo", "the back door"
# (session 21). A closed class of rooms, floors and sides; two of them before one noun are two things.
_PART = (r"kitchen|bathroom|en-?suite|bedroom|spare room|box room|living room|lounge|sitting room|dining room|front room|"
         r"back room|hall|hallway|landing|loft|attic|cellar|basement|garage|utility|conservatory|porch|"
         r"downstairs|upstairs|ground floor|first floor|top floor|front|back|side|left|right|spare")
_PART_THING = re.compile(r"\b(" + _PART + r")(?:'s)?\s+([a-z][a-z-]+)\b", re.I)


def _parts(text: str) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for m in _PART_THING.finditer(text):
        head = _stem(m.group(2).lower())
        if head not in _NO_THING and len(head) > 2:
            out.setdefault(head, set()).add(m.group(1).lower())
    return out


def other_part(mem: str, other: str) -> bool:
    """``other`` speaks of the same kind of thing in another part of the home or building: one noun, two rooms or sides
    before it, and the memory's not said in ``other`` at all (the kitchen tap against "the bathroom tap drips", the
    upstairs loo against the downstairs one)."""
    a, b = _parts(mem), _parts(other)
    low = other.lower()
    return any(a[h] and b[h] and not a[h] & b[h] and not any(re.search(r"\b" + re.escape(w) + r"\b", low) for w in a[h])
               for h in a.keys() & b.keys())


def other_named(mem: str, other: str) -> bool:
    """``other`` speaks of another item of the memory's kind, named by its number or clock time (:func:`other_numbered`)
    or by the part of the home it is in (:func:`other_part`)."""
    return other_numbered(mem, other) or other_part(mem, other)


# A thing named by what sets it apart from others of its kind, said after a determiner: "the Wolsey flat", "my gaming
# channel", "our club layout", "the upstairs loo" (session 22). The word before the noun is the one that picks the thing.
_KIND_ITEM = re.compile(r"\b(?:the|my|our|his|her|their|your)\s+([A-Za-z][\w-]*(?:'s)?)\s+([A-Za-z][a-z-]{2,})(?:'s)?\b")
# Words before a noun that pick no thing of their own: which of the user's things it is ("my usual", "the main", "the
# whole"), how many or in what order ("the second"), what kind of word it is not (an adverb, a participle of time).
_NO_PICK = frozenset(
    "a an the this that these those its some any every each all no other same own new old current usual regular normal main "
    "whole entire full only first second third last next one two three few many more most favourite fave go-to "
    "big small little good bad best better worst nice proper real actual very just really".split())


def _calendar_word(word: str) -> bool:
    """``word`` names a month or a weekday: the name, the first three letters or more of it ("sept", "tues", "thurs"),
    "weds", or a plural ("the mondays class"); not a word that only starts like one ("fridge", "wedding", "marching")."""
    w = word[:-1] if word.endswith("s") and len(word) > 4 else word
    return w == "weds" or len(w) >= 3 and any(name.startswith(w) for name in (*cal.MONTHS, *cal.WEEKDAYS))


def _kinds(text: str) -> dict[str, set[str]]:
    """The things ``text`` picks out of a kind by a word before the noun: {kind stem: {the picking words}}."""
    out: dict[str, set[str]] = {}
    for m in _KIND_ITEM.finditer(text):
        mod, head = m.group(1).lower(), m.group(2).lower()
        mod = mod[:-2] if mod.endswith("'s") else mod
        if mod in _NO_PICK or mod.endswith("ly") or not content(head):
            continue
        st = _stem(head)
        if st in _NO_THING or _calendar_word(mod):
            continue
        out.setdefault(st, set()).add(mod)
    return out


def other_kind(mem: str, other: str) -> bool:
    """``other`` speaks of another thing of a kind the memory picks one of: one noun, a word before it in each that picks
    the thing, none the same, and the memory's never said in ``other`` (the Wolsey flat against the Moorside flat, "my
    gaming channel" against "my cooking channel", "the club layout" against "my home layout")."""
    a, b = _kinds(mem), _kinds(other)
    low = other.lower()
    return any(not a[h] & b[h] and not any(re.search(r"\b" + re.escape(w) + r"\b", low) for w in a[h])
               for h in a.keys() & b.keys())


# A statement that opens on the setting it is stated for: "for work trips I ...", "at mum's it's ...", "when I'm at my
# daughter's I ...", "for the club newsletter, ...", "on site the user ..." (session 25). The setting runs from the
# preposition to the first comma, colon or bracket, or to the clause's subject.
_OPENS_ON_SETTING = re.compile(
    r"^\s*(?:the user:\s*)?(?:for|at|on|in|during|when\s+(?:i'm|i am|im|we're|we are|the user is|i'm\s+at|i'm\s+in)"
    r"(?:\s+(?:at|in|on))?|whenever\s+i'm(?:\s+(?:at|in|on))?)\s+"
    r"(.{2,60}?)\s*(?:[,:(;]|\s-\s|\b(?=(?:i|i'm|im|i've|i'd|we|we're|we've|we'd|it's|its|it|she|he|they|the\s+user|everything|"
    r"all|nobody|no|you|there's|everyone|everybody|every)\b))", re.I)
# Openings that name no setting: a time ("for now", "at the moment", "for ages", "in 2019"), the user ("for me", "for
# the user"), an aside ("for the record", "in general", "for example"), anything at all.
_NO_SETTING = re.compile(
    r"^(?:the\s+user|me|us|you|him|her|them|myself|the\s+record|record|anything|everything|general|short|case|fact|"
    r"example|instance|sure|now|ages|years?|months?|weeks?|a\s+while|a\s+bit|the\s+(?:moment|past|future|meantime|end)|"
    r"future|total|[\d£$€])", re.I)
# The user's own home is where a request for the user is made unless it says otherwise ("in our house ...", "at home").
_OWN_HOME = re.compile(r"^(?:my|our|the\s+user's)\s+(?:own\s+)?(?:house|home|flat|place|family|household)$", re.I)
_TIME_WORDS = frozenset(_stem(w) for w in (*cal.MONTHS, *cal.WEEKDAYS, "moment", "now", "today", "tomorrow", "tonight",
                                           "morning", "evening", "night", "time", "while", "only", "year", "month", "week"))


def setting_opened(mem: str) -> str | None:
    """The setting a statement opens on ("work trips", "mum's", "the club newsletter"), or None."""
    m = _OPENS_ON_SETTING.match(mem)
    if not m:
        return None
    g = m.group(1).strip()
    if _NO_SETTING.match(g) or _OWN_HOME.match(g) or re.match(r"(?:my|the\s+user's)\s+own\b", g, re.I):
        return None
    return g if content(g) - _TIME_WORDS else None


def other_setting(mem: str, request: str) -> bool:
    """The memory opens on a setting it is stated for and the request names nothing of it, by word or by kind of setting
    (:func:`.lexicon.contexts`): "for work trips I pack my meds in hand luggage" for a packing list for a camping weekend,
    "at mum's it's shoes off at the door" for a dress code at a client dinner."""
    g = setting_opened(mem)
    if g is None:
        return False
    return not (content(g) - _TIME_WORDS) & content(request) and not contexts(g) & contexts(request)


# -- a body's rule and a request in the user's own life (session 26) ----------------------------------------------------
#: The settings a body keeps rules for, outside the user's home (:data:`.lexicon.CONTEXTS` keys).
_BODIES = frozenset({"work", "study", "school", "league"})
#: A rule named by whose it is: "work rule:", "depot rule", "the Sqn rule is ...", "company policy", "Reception rule".
_OWNED_RULE = re.compile(r"\b((?:[\w'-]+\s+){0,2}?)(?:rule|rules|policy|regs|regulations)\b", re.I)
#: A rule kept for another's thing, named by its own name: "Ambergate's podcast scripts have to ...", "for Brightlark copy".
_NAMED_OWNER = re.compile(r"(?:\b(?-i:[A-Z])[\w-]+['’]s\s+(?:[\w-]+\s+){0,3}?(?:has to|have to|must|only|never|always|should|"
                          r"are to|is to|can't|cannot)\b|\bfor\s+((?-i:[A-Z])[\w-]+)\b)", re.I)
_RULE_WORD = re.compile(r"\b(?:must|has to|have to|only|never|always|every|no\s+[\w-]+|not allowed|required|banned|strict|"
                        r"rule|rules|policy|use|uses)\b", re.I)
#: Words that place a rule in the user's home or own life itself ("no customer data on personal devices", "his house,
#: his rules", "my own bench"): it reaches the request there.
_HOME_LIFE = re.compile(r"\b(?:home|house|household|personal|private|own|family|off duty|days? off|outside work)\b", re.I)
#: Bodies whose rules govern the user's home or person themselves (session 26 review): a tenancy, a landlord, a
#: building's residents, a doctor's rule "for me": they reach a request in the user's own life.
_GOVERNS_HOME = re.compile(r"\b(?:tenancy|tenants?|lease|leasehold|landlord|letting|residents?['’]?|strata|hoa|homeowners?['’]?|"
                           r"flat|apartment|for me|myself|gp|doctor|physio|dietitian|dentist|consultant|nurse|therapist|midwife)\b",
                           re.I)
#: A request naming where it happens: "at the show", "in the crowd", "during the match" (its place or event words).
_REQUEST_PLACE = re.compile(r"\b(?:at|in|during|on)\s+(?:the\s+)?([a-z][\w-]*)", re.I)
#: A request the user places in their own life: "at home", "my own / personal / private / home <thing>", "in my spare
#: time", "a side project", "for fun".
_OWN_LIFE = re.compile(r"\b(?:at home|(?:my|our)\s+(?:own|personal|private|home)\s+(?!time\b)[a-z]|in my (?:own|spare|free) time|"
                       r"side project|for fun)", re.I)
_NOT_OWNER = frozenset("a an the this that our my his her their its new old strict no i i've ive have has got made set".split())


def _owner(mem: str) -> frozenset[str] | None:
    """Whose rule ``mem`` is, as content words (empty when the rule is the body's kind of setting alone), or None when
    it is no rule kept by or for a body: a rule named by its owner ("depot rule: ..."), a setting it opens on
    (:func:`setting_opened`), a work, study, school or league setting named first or as the rule's setting
    (:func:`.lexicon.contexts`), or another's thing named by its own name ("Ambergate's scripts have to ...")."""
    if not _RULE_WORD.search(mem) or _HOME_LIFE.search(mem) or _GOVERNS_HOME.search(mem):
        return None
    m = _OWNED_RULE.search(mem)
    if m and (w := [x for x in m.group(1).lower().split() if x not in _NOT_OWNER and not x.startswith("no-")]):
        return content(" ".join(w))
    if (g := setting_opened(mem)) is not None:
        return content(g)
    head = " ".join(re.sub(r"^\W*the user:\s*", "", mem, flags=re.I).split()[:3])
    if (contexts(head) | contexts(mem, setting_only=True)) & _BODIES:
        return frozenset()
    n = _NAMED_OWNER.search(mem)
    if n:
        return content(n.group(1) or n.group(0).split("'")[0].split("’")[0])
    return None


def kept_elsewhere(mem: str, request: str) -> bool:
    """A rule kept by or for a body or another's thing (:func:`_owner`), and a request the user places in their own life
    ("at home", "my own ...", "my personal ...", a side project) that names neither its owner nor a body's setting:
    "depot rule: no phones in the yard" for driving the family car at the weekend, "work python repos use black" for a
    personal advent-of-code repo, "Ambergate's scripts have to stay under 900 words" for the user's own blog."""
    owner = _owner(mem)
    if owner is None:
        return False
    where = contexts(request)
    if not (_OWN_LIFE.search(request) or "home" in where) or owner & content(request) or where & _BODIES:
        return False
    # the request is placed in the rule's own place or event ("I'm in the crowd at the show" for a venue's rule on the
    # show): the user is in the body's setting, whatever they own there
    placed = content(" ".join(m.group(1) for m in _REQUEST_PLACE.finditer(request)))
    return not placed & content(mem)
