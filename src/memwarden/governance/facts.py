"""What a memory and a request say about *whose*, *for whom*, *which context* and
*what kind of statement* — read from meaning-bearing words and, for memories,
from the structured claim when the claim extractor produced one.

Nothing here keys on one benchmark's stock phrases or markup: the cues are the
ordinary words people use to report speech ("Tom said", "my mum swears"), hold
a view ("I reckon", "convinced"), state a taste ("can't stand", "rather",
"is my thing"), name a group ("team", "the kids", "for 14"), name another
person ("my niece", "my intern's CV") or a setting ("at work", "for the
wedding", "the thesis"). Each :class:`MemoryFacts` is computed once per
(text, speaker) and cached: a memory's facts do not depend on the query.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from ..retrieval.text import STOPWORDS, _stem

_WORD = re.compile(r"[a-z0-9][a-z0-9'’-]*")

# --- memory: who holds it, and what kind of statement it is -------------------------------
_REPORT = re.compile(
    r"\b(says?|said|reckons?|swears?|swore|sworn|insists?|claims?|told me|tells me|showed me|heard|read (?:that|somewhere)|"
    r"according to|drilled (?:that|it) into me|always said|is convinced|'?s convinced|are convinced|was convinced|"
    r"thinks?|believes?|apparently|supposedly|rumou?r)\b", re.I)
_HELD = re.compile(r"\b(i (?:think|believe|reckon|feel like)|i'?m (?:sure|convinced)|convinced|belie(?:f|ve|ves)|"
                   r"myth|framing|explanation|view|opinion|theory)\b", re.I)
_QUOTED_PROPOSITION = re.compile(r"['\"\u2018\u201c]([^'\"\u2019\u201d]{12,})['\"\u2019\u201d]")
_PREF = re.compile(
    r"\b(prefers?|preferred|preference|likes?|loves?|enjoys?|adores?|hates?|dislikes?|can'?t stand|cannot stand|"
    r"rather|favou?rite|is my thing|my thing|please|avoid|avoids|never|always|only|non-negotiable|must|need|needs|"
    r"want|wants|wish|values?|appreciates?|fan of|into|tastes? like|wrecks?|terribl[ey]|torture|swell|allerg\w*|"
    r"intoleran\w*|coeliac|celiac|diabetic|can'?t (?:do|eat|have|drink)|vegan|vegetarian|pescatarian|usual|usually|tend to|go with|go for|stick with|default|style|i use|i wear|i'?m a (?:small|medium|large))\b", re.I)
# Taste and choice words only: a generalisation ("goldfish only have ...") is not a preference.
_TASTE = re.compile(r"\b(prefers?|preferred|likes?|loves?|enjoys?|adores?|hates?|dislikes?|can'?t stand|cannot stand|rather|"
                    r"favou?rite|my thing|please|fan of|want|wants|wish|values?|appreciates?)\b", re.I)
# The attitude a memory takes towards its topic; a newer memory on the same topic taking
# another attitude replaces the older one ("enjoys documentaries" -> "now avoids them").
_POSITIVE = re.compile(r"\b(prefers?|likes?|loves?|enjoys?|adores?|values?|appreciates?|favou?rs?|fan of|into|intrigu\w+|valuable|"
                       r"enrich\w*|excited|keen|passionate|wants?)\b", re.I)
_NEGATIVE = re.compile(r"\b(dislikes?|hates?|avoids?|can'?t stand|cannot stand|without|minimal|less|rather than|over(?:ly)? \w+|"
                       r"detrimental|unreliable|tired of|bored|stopp?(?:ed|s)?|quit|no longer|not|never|don'?t|doesn'?t|instead of|"
                       r"away from|wrecks?|terribl[ey]|torture|overwhelm\w*|stress\w*|frustrat\w*)\b", re.I)
_FIRST = re.compile(r"\b(i|i'm|i’m|i've|i'd|i'll|me|my|mine|myself)\b", re.I)
_WE = re.compile(r"\b(we|we're|we've|us|our|ours)\b", re.I)
_USER_3P = re.compile(r"^\s*(?:the )?user\b|^\s*(?:prefers|enjoys|likes|dislikes|values|appreciates|believes|finds|"
                      r"is|has|wants|avoids|loves|hates)\b", re.I)
_CHANGE = re.compile(
    r"\b(now|anymore|any more|no longer|instead|switched|switching|changed|changing|quit|dropped|stopped|gave up|"
    r"these days|since (?:january|february|march|april|may|june|july|august|september|october|november|december|spring|"
    r"summer|autumn|fall|winter|then|last)|lowering|raising|raised|lowered|moved|cancel+ed|rebooked|pulled out|not any|"
    r"from now on|turned|became|went|actually|transferred|relocated|sold|replaced|upgraded)\b", re.I)
_NUMBER = re.compile(r"\b\d+(?:[.,:]\d+)?(?:\s?(?:k|%|am|pm|kg|lb|lbs|m|km|eur|usd|gbp))?\b|\b(?:twenty|thirty|forty|fifty|"
                     r"hundred|thousand|noon|midnight)\b", re.I)
_ENTITY = re.compile(r"(?<![.!?:]\s)(?<!^)\b([A-Z][a-zA-Z0-9'’]+(?:\s+[A-Z][a-zA-Z0-9'’]+)*|[A-Z]{2,}[0-9]*|[A-Za-z]+\d+[A-Za-z0-9]*)\b")
_NOT_ENTITY = {"I", "I'm", "I've", "I'd", "I'll", "User", "The", "A", "An", "My", "Our", "We", "It", "This", "That", "OK",
               "Ok", "And", "But", "So", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun", "Monday", "Tuesday", "Wednesday",
               "Thursday", "Friday", "Saturday", "Sunday", "January", "February", "March", "April", "May", "June", "July",
               "August", "September", "October", "November", "December", "EUR", "USD", "GBP"}

# --- people and groups -----------------------------------------------------------------------
RELATIONS = {
    "sister", "brother", "mum", "mom", "mother", "dad", "father", "parents", "son", "daughter", "niece", "nephew",
    "aunt", "uncle", "cousin", "grandma", "grandpa", "grandmother", "grandfather", "granny", "wife", "husband",
    "partner", "boyfriend", "girlfriend", "fiance", "fiancee", "friend", "flatmate", "roommate", "neighbour",
    "neighbor", "boss", "manager", "intern", "colleague", "coworker", "client", "kid", "child", "baby", "toddler",
    "teacher", "student", "guest", "landlord", "tutor", "supervisor", "mentee", "contractor", "treasurer", "sibling",
    "nan", "nana", "gran", "granddad", "grandad", "auntie", "in-law", "brother-in-law", "sister-in-law", "stepdad", "stepmum",
}
GROUP = {
    "team", "teams", "colleagues", "coworkers", "staff", "everyone", "everybody", "guests", "friends", "family",
    "families", "kids", "children", "students", "pupils", "class", "group", "people", "attendees", "participants",
    "members", "committee", "household", "relatives", "crowd", "audience", "visitors", "volunteers", "clients",
    "customers", "club", "party", "offsite", "workshop", "department", "others", "cousins",
    "parents", "grandparents", "twins", "attendance", "siblings", "relatives", "specialists", "reviewers", "hires",
    "administrators", "contractors", "organizers", "teammates", "coaches", "players", "employees", "residents",
}
_GROUP_NUM = re.compile(r"\b(?:for|of|with|feed|seat|invite|invited|hosting)\s+(?:the\s+|about\s+|around\s+)?(\d{1,3}|two|three|four|"
                        r"five|six|seven|eight|nine|ten|twelve|twenty|thirty|forty|fifty)\b|\b\d{1,3}[- ](?:person|people|of us)\b|"
                        r"\bthe\s+(?:\d{1,3}|two|three|four|five|six|seven|eight|nine|ten|twelve)\s+of\s+(?:us|them)\b|"
                        r"\b\d{1,3}\s+(?:portions|servings|covers|plates|guests|adults|kids)\b", re.I)
_SOLO = re.compile(r"\b(solo|alone|by myself|just me|for myself|for me|myself)\b", re.I)
_OTHER_FOR = re.compile(r"\b(?:for|to|with|help(?:ing)?|taking|tell|text|email|message|write to)\s+(?:my|our|a|the)\s+([a-z]+)\b", re.I)
# Another person as the memory's subject: "my wife is ...", "our son's ...", "Noah (6) has ..." is
# handled by names; "since I was a kid" is not about another person.
_OTHER_PERSON = re.compile(r"\b(?:my|our|his|her|their)\s+(?:[\w-]+\s+)?(?:" + "|".join(sorted(RELATIONS, key=len, reverse=True))
                           + r")s?\b", re.I)
_POSSESSIVE_OTHER = re.compile(r"\b(?:my|our)\s+([a-z0-9-]+)['’]s\b|\b([A-Z][a-z]+)['’]s\b")

# --- settings ----------------------------------------------------------------------------------
CONTEXTS: dict[str, tuple[str, ...]] = {
    "work": ("work", "office", "job", "colleague", "colleagues", "coworker", "team", "client", "clients", "boss", "compliance",
             "meeting", "meetings", "workplace", "company", "employer", "corporate", "professional", "style guide",
             "standup", "sales", "expense", "business", "email signature", "quarterly", "offsite", "agency", "firm", "lab", "laboratory", "desk", "ward", "on call"),
    "study": ("thesis", "supervisor", "dissertation", "phd", "lecture", "university", "uni", "seminar", "coursework"),
    "school": ("school", "pupils", "classroom", "year 9", "year 10", "homework"),
    "home": ("at home", "for fun", "personal", "hobby", "weekend", "blog", "my own", "own repos", "side project", "family"),
    "wedding": ("wedding", "ceremony", "reception", "bride", "groom", "honeymoon"),
    "league": ("league", "tournament", "competition", "match day"),
    "party": ("party", "birthday"),
    "trip": ("trip", "holiday", "vacation", "road trip"),
}

# --- requests ----------------------------------------------------------------------------------
_Q_START = r"(?:what|which|who|whom|whose|when|where|why|how|is|are|was|were|do|does|did|can|could|will|would|has|have|had|should)"
# Truth cues that make a question about how the world is, even when addressed ("is it safe ...").
_STRONG_TRUTH = re.compile(r"\b(is it true|is that true|true that|really true|not true|myth|misconception|safe|dangerous|harmful|"
                           r"toxic|poisonous|who'?s right|who is right|correct|accurate|proven|scientific(?:ally)?|legit)\b", re.I)
# Addressed to someone's doing ("can you", "should I", "how do I"): about the user's task, not the world.
_ADDRESSED = re.compile(r"\b(?:can|could|would|will|do|did)\s+you\b|\b(?:should|shall|can|could|do|may|might|would|must)(?:n'?t)?\s+"
                        r"(?:i|we|she|he|they)\b|\b(?:i|we|she|he|they)\s+(?:should|could|can|might|need)\b|\byou'?d\b", re.I)
_ADVICE = re.compile(r"\b(recommend(?:ations?)?\s+(?:me|a|an|some|one|any|for)|you'?d recommend|you would recommend|you recommend|"
                     r"recommendations?|suggest\w*|ideas? (?:for|on|to)|any ideas|"
                     r"which (?:option|one|of the following|course|approach|resource|activity)|"
                     r"best (?:fit|fits|match|matches|suit|suits|way|ways|option|approach|choice|aligns?)|most suitable|suitable|"
                     r"ways? (?:to|for|i|we)|help me (?:pick|choose|plan|write|decide|finish)|what should|which should|"
                     r"are there (?:any|some))\b", re.I)
_REFERS_BACK = re.compile(r"\b(the situation|we discussed|discussed|mentioned|as above|that plan|this plan|the plan|that case|"
                          r"the case|it all|that one|this one)\b", re.I)
_ROLE_PREFIX = re.compile(r"^\s*(user|assistant|system|human|ai)\s*:\s*", re.I)


def words(text: str) -> list[str]:
    return _WORD.findall(text.lower().replace("’", "'"))


def content(text: str) -> frozenset[str]:
    return frozenset(_stem(w) for w in words(text) if w not in STOPWORDS and len(w) > 2 and not w.isdigit())


def entities(text: str) -> frozenset[str]:
    out = set()
    for m in _ENTITY.finditer(text):
        e = m.group(1)
        if e.split()[0] in _NOT_ENTITY and len(e.split()) == 1:
            continue
        out.add(e.lower())
    return frozenset(out)


def names(text: str) -> frozenset[str]:
    return frozenset(t.lower() for t in re.findall(r"\b[A-Z][a-z]{2,}\b", text) if t.lower() not in STOPWORDS and t not in _NOT_ENTITY)


def contexts(text: str, *, scoped_only: bool = False) -> frozenset[str]:
    """Settings the text names; ``scoped_only``: only those it is stated *for* ("at work", "for the
    wedding", "when I work from home", "my own CV", "in the thesis"), not merely mentioned."""
    low = " " + re.sub(r"[^a-z0-9 ]", " ", text.lower()) + " "
    out = set()
    for k, cues in CONTEXTS.items():
        for c in cues:
            at = low.find(f" {c} ")
            if at < 0:
                continue
            # Stated for it: after "at/for/in/when I ..." or "my/our" ("my work emails"), or as the
            # topic a clause opens with ("Client presentations always use ...").
            clause_start = max(text.rfind(x, 0, at) for x in ".;:!?\n") + 1 if at > 0 else 0
            if not scoped_only or c.startswith("my own") or len(words(text[clause_start:at])) <= 1 or re.search(
                    r"\b(?:at|for|in|during|on|when i|when we|whenever i|my|our)\s+(?:\w+\s+){0,3}$", low[:at + 1]):
                out.add(k)
                break
    return frozenset(out)


@dataclass(frozen=True)
class MemoryFacts:
    """What one memory is, from its text, speaker and claim alone (query-independent)."""

    #: ``user`` (first-hand), ``other`` (a named third party vouches) or ``assistant``.
    voucher: str
    #: Someone's report of what another said/holds ("Tom said", "my mum swears").
    reported: bool
    #: A view held rather than a fact lived: belief verbs, a quoted proposition.
    held_view: bool
    #: A generalisation about the world (no personal anchor in the proposition).
    world_claim: bool
    #: A taste, habit, rule or bodily constraint of the user.
    preference: bool
    #: The user speaks about themself (I/my) or is named as the subject.
    about_user: bool
    #: About the user's household/group ("we", "our").
    about_we: bool
    #: People the memory is about or names (relations and names).
    people: frozenset[str]
    #: Settings the memory was stated for, when it names one.
    contexts: frozenset[str]
    scoped: bool
    entities: frozenset[str]
    numbers: frozenset[str]
    change: bool
    negated: bool
    content: frozenset[str]
    #: "+" / "-" when the memory takes a positive / negative attitude to its topic.
    valence: frozenset[str] = frozenset()
    slot: str | None = None


_TAIL = re.compile(r"\b(?:over|rather than|instead of|than|without|avoiding|not|minimal|less|but)\b", re.I)


@lru_cache(maxsize=65_536)
def topic_polarity(text: str) -> dict[str, str]:
    """Content word -> "+"/"-": the attitude the memory takes to each thing it names.

    Clauses are split at commas and semicolons; within a clause, what follows "over",
    "rather than", "without", "not" ... is what the holder turns away from.
    """
    out: dict[str, str] = {}
    for clause in re.split(r"[;,.]|\bbut\b", text):
        neg_clause = bool(_NEGATIVE.search(clause)) and not _POSITIVE.search(clause)
        pos_clause = bool(_POSITIVE.search(clause)) and not neg_clause
        m = _TAIL.search(clause)
        head, tail = (clause[:m.start()], clause[m.end():]) if m else (clause, "")
        for part, sign in ((head, "-" if neg_clause else "+" if pos_clause else ""), (tail, "-" if pos_clause else "")):
            if not sign:
                continue
            for w in content(part):
                out.setdefault(w, sign)
    return out


_FILLER = {"now", "still", "also", "really", "the", "and", "firmly", "strongly", "genuinely", "honestly", "truly", "no", "longer"}
_HOLDERS = {"i", "i'm", "i'd", "me", "my", "we", "we've", "we're", "our", "us", "user", "really", "honestly", "just",
            "personally", "definitely", "totally", "generally", "always", "still"}


def _users_taste(clause: str) -> bool:
    """A taste word whose holder is the user ("I hate X", "loves X", "User prefers X"), not
    another subject ("bulls hate red" is a claim about bulls)."""
    m = _TASTE.search(clause)
    if not m:
        return False
    before = words(clause[:m.start()])
    return not before or bool(set(before) & _HOLDERS)


def _proposition(text: str) -> str:
    """The reported or quoted proposition, when there is one; else the text."""
    q = _QUOTED_PROPOSITION.search(text)
    if q:
        return q.group(1)
    m = _REPORT.search(text)
    if not m:
        return text
    after = text[m.end():]
    # "Carrots improve night vision, my nan swore by it": the claim comes before the reporter.
    return after if len(words(after)) >= 4 else re.split(r"[,;]\s*[^,;]*$", text[:m.start()])[0] or text


@lru_cache(maxsize=65_536)
def memory_facts(text: str, speaker: str | None = None, subject: str | None = None, vouched_by: str | None = None,
                 voucher: str | None = None, firmness: str | None = None, slot: str | None = None,
                 negated: bool | None = None) -> MemoryFacts:
    w = set(words(text))
    spk = (speaker or "user").strip().lower()
    third = spk not in ("user", "assistant", "") or (vouched_by not in (None, "user", "assistant") and bool(voucher))
    voucher_kind = "assistant" if spk == "assistant" or vouched_by == "assistant" else ("other" if third else "user")
    rep = _REPORT.search(text)
    # "I think X" / "User now believes X" is a view the user holds; "my mum swears X" is a report.
    before = words(re.split(r"[;,.:]", text[:rep.start()])[-1])[-3:] if rep else []  # within its clause
    by_self = bool(rep) and (set(before) <= _FILLER or bool(set(before) & {"i", "user", "i'm", "i've"}))
    reported = third or firmness == "reported" or (bool(rep) and not by_self)
    # "I think X" is held, "Tom said X" is reported; a quoted proposition the user favours is held too.
    prop = _proposition(text)
    quoted = bool(_QUOTED_PROPOSITION.search(text)) and not _PREF.search(prop)
    held = bool(_HELD.search(text)) or quoted or firmness == "hedged" or by_self
    pw_all = set(words(prop))
    pw = set(words(re.split(r"[,;]|\bwhich\b", prop)[0]))  # the claim itself, not a comment on it
    anchored = bool(pw & {"i", "i'm", "i've", "me", "my", "mine"}) or \
        (not (reported or held) and bool(re.match(r"\s*(?:the|this|that|these|those)\b", prop, re.I))) or bool(_POSSESSIVE_OTHER.search(prop)) or \
        bool(pw & RELATIONS and not reported)
    # A world claim: a present-tense generalisation whose proposition has no personal anchor
    # ("goldfish only have a 3 second memory", "sugar makes kids hyper").
    world = (reported or held or not _FIRST.search(" ".join(pw))) and not anchored and not _USER_3P.search(prop) and \
        not _users_taste(prop.split(",")[0]) and len(pw_all) >= 4
    # News of a change ("moved to the library from now on") is about one's own affairs, not a generalisation.
    world = world and not (_CHANGE.search(text) and not reported and not held)
    if subject and subject.lower() != "user" and voucher_kind == "user" and not reported:
        world = world and subject.lower() in ("world", "general")
    pref = bool(_PREF.search(text)) and not (reported and voucher_kind == "other")
    about_user = bool(_FIRST.search(text)) or bool(_USER_3P.search(text)) or (subject or "").lower() == "user"
    people = frozenset(x for x in w if x.rstrip("s") in RELATIONS or x in RELATIONS) | names(text)
    ctx = contexts(text, scoped_only=True)
    nums = frozenset(n.group(0).lower() for n in _NUMBER.finditer(text))
    neg = bool(negated) if negated is not None else bool(w & {"not", "no", "never", "don't", "doesn't", "won't", "can't", "isn't"})
    return MemoryFacts(
        voucher=voucher_kind, reported=bool(reported), held_view=held, world_claim=bool(world), preference=pref,
        # The user's own taste or constraint: the user is the subject and no other person is.
        about_user=about_user and not _OTHER_PERSON.search(text), about_we=bool(_WE.search(text)), people=people, contexts=ctx,
        scoped=bool(ctx), entities=entities(text), numbers=nums,
        change=bool(_CHANGE.search(text)), negated=neg, content=content(text), slot=slot,
        valence=frozenset(({"+"} if _POSITIVE.search(text) else set()) | ({"-"} if _NEGATIVE.search(text) else set())),
    )


@dataclass(frozen=True)
class RequestFacts:
    """Whom the request serves, in which setting, and whether it asks about the world."""

    #: ``user`` (the user alone), ``group`` (team, family, guests, N people) or ``other`` (one other person).
    serves: str
    beneficiaries: frozenset[str]
    contexts: frozenset[str]
    world_question: bool
    text: str
    content: frozenset[str]
    entities: frozenset[str]
    #: Capitalised names in the request (people, places, events), lower-cased.
    names: frozenset[str] = frozenset()


_COMPANY = {"for", "with", "our", "my", "the", "their", "a", "whole", "entire", "several", "other", "existing", "visiting",
            "two", "three", "four", "five", "six", "some", "feed", "host", "hosting", "invite", "organizing", "organising",
            "planning", "and", "new"}


def is_conversation(piece: str) -> bool:
    return bool(_ROLE_PREFIX.match(piece))


def _last_user_turns(evidence: list[str], n: int = 2) -> list[str]:
    turns = [_ROLE_PREFIX.sub("", e) for e in evidence if re.match(r"^\s*(user|human)\s*:", e, re.I)]
    return turns[-n:]


def _question_parts(text: str) -> list[str]:
    """Each question with the text back to the previous sentence boundary (initials like "J. B." are no boundary)."""
    out, start = [], 0
    for m in re.finditer(r"(?<!\b[A-Z])[.!:;]\s+|\?", text):
        if m.group(0) == "?":
            out.append(text[start:m.end()])
        start = m.end()
    return out


def world_question(query: str) -> bool:
    """A question about how the world is (where a held view must not count as evidence)."""
    for part in _question_parts(query):
        m = re.search(r"\b" + _Q_START + r"\b.*", part, re.I)
        if not m:
            continue
        clause = m.group(0)
        if _STRONG_TRUTH.search(clause):
            return True
        if _ADVICE.search(part) or _ADDRESSED.search(clause) or len(words(part)) < 3:
            continue  # a request for advice, or about the user's own doing ("how do I ...")
        return True
    return False


def request_facts(query: str, evidence: list[str]) -> RequestFacts:
    # A request that points back ("the situation we discussed") is about what the user said last.
    text = query
    if _REFERS_BACK.search(query) or len(words(query)) < 6:
        text = " ".join([*_last_user_turns(evidence, 1), query])
    low = text.lower()
    w = words(text)
    ws = set(w)
    third_person_user = bool(re.search(r"\bthe user\b", low))
    # A group counts when it takes part ("for my team", "with the kids"), not as an object ("photos of my kids").
    taking_part = {m.group(1) for m in re.finditer(
        r"\b(?:for|with|our|my|the|their|a|whole|entire|several|other|feed|host|hosting|invite|organi[sz]ing|planning)\s+"
        r"(?:\w+[- ]){0,2}?(\w+)", low)}
    objects = {m.group(1) for m in re.finditer(r"\b(?:of|about)\s+(?:my|our|the|his|her|their)\s+(\w+)", low)}
    # Taking part: within three words after a determiner or preposition of company, or opening a
    # sentence ("for my team", "two relatives will", "Attendees selected") - not "photos of my kids".
    taking_part: set[str] = set()
    for sent in re.split(r"[.;:!?]\s+", low):
        toks = words(sent)
        for k, tok in enumerate(toks):
            if k == 0 or tok in _COMPANY:
                taking_part.update(toks[k: k + 4] if k == 0 else toks[k + 1: k + 4])
    group = bool((ws & GROUP & taking_part) - objects) or bool(_GROUP_NUM.search(text)) or (
        not third_person_user and bool(re.search(r"\bwe(?:'re| are| will| have|'ve)\b|\bof us\b", low)))
    others = {m.group(1).lower() for m in _OTHER_FOR.finditer(text) if m.group(1).lower().rstrip("s") in RELATIONS}
    others |= {(m.group(1) or m.group(2)).lower() for m in _POSSESSIVE_OTHER.finditer(text)
               if (m.group(1) or "").lower() in RELATIONS or "year-old" in (m.group(1) or "") or (m.group(2) and m.group(2).lower() not in STOPWORDS
                                                              and m.group(2) not in _NOT_ENTITY and m.start() > 0)}
    others |= {x for x in ws if x in RELATIONS and re.search(rf"\b(?:my|our|her|his)\s+{x}\b", low)}
    if third_person_user:
        others -= {"user"}
    if _SOLO.search(text) and not group:
        serves = "user"
    elif group:
        serves = "group"
    elif others:
        serves = "other"
    else:
        serves = "user"
    return RequestFacts(serves=serves, beneficiaries=frozenset(others | (ws & GROUP)), contexts=contexts(text),
                        world_question=world_question(query), text=text, content=content(text), entities=entities(text),
                        names=names(text))
