"""What a memory says about *whose* it is, *which context* it was stated for and
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

from ..lexicon import calendar as cal, kin
from .firmness import read_frame
from .lexicon import _NOT_ENTITY, _POSSESSIVE_OTHER, RELATIONS, content, contexts, entities, names, words
from .limits import LIMIT, SCHEDULE, restricts

# --- memory: who holds it, and what kind of statement it is -------------------------------
_REPORT = re.compile(
    r"\b(says?|said|reckons?|swears?|swore|sworn|insists?|claims?|showed me|heard|read (?:that|somewhere)|"
    # telling verbs with their hearer: "told us", "drilled it into the user", "warned me"
    r"(?:told|tells?|telling|taught|teach(?:es|ing)?|warn(?:s|ed|ing)?|assured|promised|(?:drilled|drummed|hammered) (?:that |it )?into) (?:me|us|the user|him|her|them)|"
    # passing a message on ("forwarded that ...", "posted that ...")
    r"(?:forwarded|forwards|posted|shared|messaged|texted|wrote) that|"
    r"according to|always said|is convinced|'?s convinced|are convinced|was convinced|"
    r"thinks?|believes?|apparently|supposedly|rumou?r|"
    # the same verbs of belief in the past ("my grandad reckoned ...", "mum always believed ..."), and a post read
    # online ("saw on facebook that ...", session 22)
    r"reckoned|believed|thought(?!\s+(?:about|of|through|it over))|(?:saw|read|seen) (?:it )?(?:on|in) [\w ]{2,20}? that)\b", re.I)
# Reporting verbs that mark what is passed on as belief or rumour, not as what was found or laid down
# ("Dermot reckons", "my nan swears", "heard that"), against the neutral "says", "said", "told me".
_OPINION = re.compile(r"\b(reckon(?:s|ed)?|swear(?:s)?|swore|sworn|insist(?:s|ed)?|claim(?:s|ed)?|heard|convinced|think(?:s)?|thought|"
                      r"believe(?:s|d)?|apparently|supposedly|rumou?r(?:s|ed)?)\b", re.I)
_HELD = re.compile(r"\b(i (?:think|believe|reckon|feel like)|i(?:'ve| have)? (?:always |honestly )?(?:thought|believed|reckoned)(?!\s+(?:about|of|through))|i'?m (?:sure|convinced)|convinced|belie(?:fs?|ve[sr]?|vers)|"
                   r"myth|framing|explanation|view|opinion|theory|not certain|not sure)\b", re.I)
# A quote opens where a word could start and closes where one ends: the apostrophes of "gym's" and
# "that's" are no quotation marks.
_QUOTED_PROPOSITION = re.compile(r"(?<![\w'\u2019])['\"\u2018\u201c]([^'\"\u2019\u201d]{12,})['\"\u2019\u201d](?![a-z])")
_PREF = re.compile(
    r"\b(prefers?|preferred|preference|likes?|loves?|enjoys?|adores?|hates?|dislikes?|can'?t stand|cannot stand|"
    r"rather|favou?rite|is my thing|my thing|please|avoid|avoids|never|always|only|non-negotiable|must|need|needs|"
    r"want|wants|wish|values?|appreciates?|fan of|into|tastes? like|wrecks?|terribl[ey]|torture|swell|allerg\w*|"
    r"intoleran\w*|coeliac|celiac|diabetic|can'?t (?:do|eat|have|drink)|vegan|vegetarian|pescatarian|usual|usually|tend to|go with|go for|go-to|stick with|default|style|i use|i wear|i'?m a (?:small|medium|large))\b", re.I)
# Taste and choice words only: a generalisation ("goldfish only have ...") is not a preference.
_TASTE = re.compile(r"\b(prefers?|preferred|likes?|loves?|enjoys?|adores?|hates?|dislikes?|can'?t stand|cannot stand|rather|"
                    r"favou?rite|my thing|please|fan of|want|wants|wish|values?|appreciates?|(?:don'?t|do not) (?:really )?care|"
                    r"(?:don'?t|do not) mind)\b", re.I)
# A judgement of taste ("mushrooms are the worst", "that bakery is overrated"): the speaker's taste,
# not a claim about the world.
_SPEAKER_LABEL = re.compile(r"^\s*(?:the )?user\s*:\s*", re.I)
_SUBJECTIVE = re.compile(r"\b(the worst|the best|the nicest|gross|disgusting|yuck|yucky|vile|delicious|tasty|yummy|overrated|underrated|awful|horrible|"
                         r"boring)\b", re.I)
# A user's own statement with the "I" left out: "Started at the Eastgate branch", "Allergic to penicillin".
_ELLIPTIC_SELF = re.compile(r"^\s*(?:(?:honestly|so|just|btw|fyi|also|oh|and|well|update)[,:]?\s+)?(?:(?:[a-z]+ed|given|gone|been|taken|done)\s+(?:to|at|from|my|the|a|an|"
                            r"in|on|off|up|out|back|into|with|for|(?-i:[A-Z])\w*)\b|(?:got|went|left|took|bought|sold|began|found|paid|"
                            r"came|quit|joined|allergic|intolerant|pregnant|vegan|vegetarian|coeliac|diabetic|training for|"
                            r"back (?:at|in|on|to)|off (?:to|work|sick)|now (?:at|in|on|with))\b)", re.I)
# The attitude a memory takes towards its topic; a newer memory on the same topic taking
# another attitude replaces the older one ("enjoys documentaries" -> "now avoids them").
_POSITIVE = re.compile(r"\b(prefers?|likes?|loves?|enjoys?|adores?|values?|appreciates?|favou?rs?|fan of|into|intrigu\w+|valuable|"
                       r"enrich\w*|excited|keen|passionate|wants?)\b", re.I)
_NEGATIVE = re.compile(r"\b(dislikes?|hates?|avoids?|can'?t stand|cannot stand|without|minimal|less|rather than|over(?:ly)? \w+|"
                       r"detrimental|unreliable|tired of|bored|stopp?(?:ed|s)?|quit|no longer|not|never|don'?t|doesn'?t|instead of|"
                       r"away from|wrecks?|terribl[ey]|torture|overwhelm\w*|stress\w*|frustrat\w*|no|leave \w+ out|leave out|skip)\b", re.I)
_FIRST = re.compile(r"\b(i|i'm|i’m|i've|i'd|i'll|me|my|mine|myself)\b", re.I)
_WE = re.compile(r"\b(we|we're|we've|us|our|ours)\b", re.I)
_USER_3P = re.compile(r"^\s*(?:the )?user\b|^\s*(?:prefers|enjoys|likes|dislikes|values|appreciates|believes|finds|"
                      r"is|has|wants|avoids|loves|hates)\b", re.I)
CHANGE = re.compile(
    r"\b(now|anymore|any more|no longer|instead|switched|switching|changed|changing|quit|dropped|stopped|gave up|"
    r"these days|since (?:" + cal.alt(cal.MONTHS) + r"|spring|"
    r"summer|autumn|fall|winter|then|last|(?:the|my|our) (?:\w+ )?(?:op|operation|surgery|injury|accident|birth|move|diagnosis|"
    r"pregnancy|divorce|wedding|promotion|layoff|redundancy))|lowering|raising|raised|lowered|moved|cancel+ed|rebooked|pulled out|not any|"
    r"from now on|(?:my|our|the|a)\s+new|^\W*new|turned|became|went|actually|transferred|relocated|shifted|sold|replaced|upgraded|started|starting|began|joined|retired|lost|left|"
    # swapping one thing for another, giving something up, and a state dated from now ("as of this month")
    r"swapp?(?:ed|ing)|traded|given up|giving up|as of (?:this|next|today|now|" + cal.alt(cal.WEEKDAYS) + r")|"
    r"(?:from|starting) this (?:week|month|year|term|season))\b", re.I)
# A rule or habit (what a setting's memory must be to bind only that setting): "every email has to
# end ...", "my own CV stays one page"; not a fact about the user's job ("I work as a nurse").
_NORMATIVE = re.compile(r"\b(every|always|never|only|has to|have to|must|should|stays?|keep|keeps|use|uses|label|labels|"
                        r"required|mandatory|all|no \w+|not allowed|picked|chose|chosen|decided|went with|agreed)\b", re.I)
# A proposition opening on an instruction: what to do, stop or keep doing, or a cap ("keep off ...", "stop the ...",
# "max 20k a week", "absolutely no running"). Read only after a professional's word (``_AUTHORITIES``).
_DIRECTED = re.compile(r"\W*(?:that\s+)?(?:(?:i|we|he|she|they|you)\s+(?:should|must|can|can't|cannot)\s+)?(?:(?:absolutely|definitely|"
                       r"just|to)\s+)?(?:keep|stop|take|avoid|don'?t|do not|use|start|rest|cut|increase|reduce|give|continue|"
                       r"carry on|no|max|maximum|at most|only|crush|wear|stay|go back|come back|book|skip)\b", re.I)
# Rule words of what is reported, when not denied ("no need to", "don't have to", "not required").
_OBLIGED = re.compile(r"(?<!\bno )(?<!n't )(?<!\bnot )\b(must|have to|has to|need to|needs to|required|due)\b", re.I)
# The number values a fact states, unit kept ("30k" is not "30"), for comparing two facts:
# tokens, not the yes/no "says a number" of claims.gate_cues.NUMBER or trust.values.
_NUMBER = re.compile(r"\b\d+(?:[.,:]\d+)?(?:\s?(?:k|%|am|pm|kg|lb|lbs|m|km|eur|usd|gbp))?\b|\b(?:twenty|thirty|forty|fifty|"
                     r"hundred|thousand|noon|midnight)\b", re.I)

# The user's own body, plate, seat or sleep: a constraint on the user's own portion of anything shared
# ("tastes like soap to me", "wrecks my stomach", "I like my steak blue", "a light sleeper").
_OWN_PORTION = re.compile(
    r"\b(to me|for me|me ill|makes? me sick|my (?:stomach|steak|tea|coffee|plate|portion|seat|bed|skin|back|knees?|body|sleep)|"
    r"allerg\w*|intoleran\w*|coeliac|celiac|diabetic|can'?t (?:do|eat|have|drink)|sleep\w*|aisle seats?|window seats?|"
    # abstaining from something one eats, drinks or smokes: the user's own plate or glass
    r"(?:given|giving|gave|cut(?:ting)?|cutting back on|laying|staying|off) (?:up |out |off )?(?:the )?(?:booze|alcohol|drink(?:ing|s)?|"
    r"sugar|caffeine|coffee|meat|dairy|gluten|carbs|chocolate|sweets|wine|beer|smoking|cigarettes|crisps|junk food)|"
    r"teetotal|sober|not drinking|on the wagon)\b", re.I)
# Stated for the user's own affairs only ("for my own trips", "my personal travel"): not for others'.
# "For myself I buy ..." and "personal rule: ..." scope a habit or rule to the user's own affairs.
_OWN_ONLY = re.compile(r"\b(?:my|user'?s|the user's) own (?!opinions?|pace|way|judg\w*|mind|words?|thoughts?|interpretations?)\w+|"
                       r"\bpersonal (?:travel|trips?|use|life|projects?|rules?|money|savings|finances?|accounts?|budget|purchases|"
                       r"shopping)\b|^\W*(?:for|just for)\s+(?:myself|me)\b", re.I)
# How the user makes or does something (explaining, writing, presenting, a working style): it shapes the
# user's own work, whoever that work is for.
_METHOD = re.compile(r"\b(creat(?:e|es|ing)|writ(?:e|es|ing)|explain(?:s|ing)?|explanations?|present(?:s|ing)|presentations?|"
                     r"teach(?:es|ing)?|work(?:s|ing)? (?:independently|alone|solo)|formats?|infographics?|visual aids?|flowcharts?|"
                     r"slides?|handouts?|study|studying)\b", re.I)

# Another person as the memory's subject: "my wife is ...", "our son's ...", "Noah (6) has ..." is
# handled by names; "since I was a kid" is not about another person.
_REL = kin.alternation(RELATIONS)
# ... also a relation opening the memory ("Mum's allergic to penicillin", "mum is on blood thinners"; not one
# named, "supervisor is Dr Brannigan", which says who the user's supervisor is) and a
# relation or family of someone named ("Rakesh Mama's family eats Jain food", "Ruaidhri's mum").
_OTHER_PERSON = re.compile(r"\b(?:my|our|his|her|their|(?:the )?user'?s)\s+(?:[\w-]+\s+)?(?:" + _REL + r")s?\b|"
                           r"^\W*(?:" + _REL + r")(?:['’]s|\s+(?:is|has|was|can'?t|cannot|won'?t|doesn'?t))\s+(?!(?-i:[A-Z]))|"
                           r"\b[A-Z][^\W\d_]+['’]s\s+(?:whole\s+)?(?:family|household|" + _REL + r")s?\b", re.I)
_THIRD_VERBS = r"(?:is|has|was|can|can't|cannot|won't|doesn't|does|likes?|loves?|hates?|prefers?|needs?|eats|drinks|only|never|always)"
# Another person as the subject: "she's gone vegan", "he can't", or a name opening the memory ("Tomás only
# eats halal meat"; a name is a capitalised word of letters, accented ones too).
_THIRD_SUBJECT = re.compile(r"\b(?i:she|he)(?:'s|\s+(?i:" + _THIRD_VERBS + r"))\b|^\s*(?!I\b|The\b|My\b|Our\b|We\b|It\b|This\b|That\b)"
                            r"[A-Z][^\W\d_]+(?:'s)?\s+(?i:" + _THIRD_VERBS + r")\b")
# A name's thing opening the memory, with a rule on it ("Nani's potassium must stay low"): that person's need.
_NAMED_NEED = re.compile(r"^\s*(?!" + "|".join(w for w in _NOT_ENTITY if w.isalpha()) + r"\b)[A-Z][^\W\d_]+['’]s\s+(?:\w+\s+){0,2}?"
                         r"(?:must|has to|have to|needs? to|should|can'?t|cannot|is|are)\b")


@dataclass(frozen=True)
class MemoryFacts:
    """What one memory is, from its text, speaker and claim alone (query-independent)."""

    #: ``user`` (first-hand), ``other`` (a named third party vouches) or ``assistant``.
    voucher: str
    #: Someone's report of what another said/holds ("Tom said", "my mum swears").
    reported: bool
    #: A report passed on with a verb of belief or rumour (see ``_OPINION``): hearsay, not a finding.
    hearsay: bool
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
    #: ... and those a preposition or the clause's opening names as the setting of what it says (see ``contexts``).
    settings: frozenset[str]
    scoped: bool
    entities: frozenset[str]
    numbers: frozenset[str]
    change: bool
    negated: bool
    content: frozenset[str]
    #: A constraint on the user's own portion, body or seat (see ``_OWN_PORTION``).
    own_portion: bool = False
    #: Stated for the user's own affairs only (see ``_OWN_ONLY``).
    own_only: bool = False
    #: A preference about how the user makes or does things (see ``_METHOD``).
    method: bool = False
    #: "+" / "-" when the memory takes a positive / negative attitude to its topic.
    valence: frozenset[str] = frozenset()
    slot: str | None = None
    #: Another person is the subject ("my husband can't handle spice", "she's gone vegan").
    other_subject: bool = False
    #: Content words of the reason the user gives for a habit, when it claims how things work (``_RATIONALE``).
    rationale: frozenset[str] = frozenset()
    #: The user's account of what someone already in it said, with news (``_EXCHANGE``): "went back in and she said
    #: actually ...", "the gutter guy came back out and now he says it's $1,800": the user's own affairs, first-hand.
    exchange: bool = False
    #: What it limits (:func:`.limits.restricts`): 2 a limit, taste, habit or rule of the user's (also every
    #: ``preference``, ``own_portion``, ``method`` or ``own_only`` memory), 1 a dependant in the user's care, 0 nothing,
    #: 3 a limit on when the user is free and nothing else (``limits.SCHEDULE``, whatever else it reads as).
    restricts: int = 0


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


_CAUSAL = re.compile(r"\b(cur(?:e|es|ed)|caus(?:e|es|ed)|prevent(?:s|ed)?|heal(?:s|ed)?|fix(?:es|ed)|treat(?:s|ed)|"
                     r"boost(?:s|ed)|gives? you|makes? you|works? (?:for|against|wonders)|did wonders|got rid of)\b", re.I)
# A report whose teller is a pronoun ("she said", "now he says"): someone the account has already brought in,
# as the user deals with them; with news of a change it is an exchange about the user's affairs, not a view passed on.
_EXCHANGE = re.compile(r"\b(?:he|she|they)(?:'s| has| have)?\s+(?:now\s+|also\s+|actually\s+)?(?:says?|said|told (?:me|us))\b", re.I)
def _owns_thing(prop: str) -> bool:
    """Someone's thing ("Lena's flat", "my sister's car"): a possessive with a word after it, not an eponym closing
    a clause ("what give people Alzheimer's, that's why ...")."""
    return any(re.match(r"\s+\w", prop[m.end():]) for m in _POSSESSIVE_OTHER.finditer(prop))


# A clause of time running up to a verb: "while / until / till / once / as soon as the ankle heals".
_TIME_CLAUSE = re.compile(r"\b(?:while|until|till|once|as soon as)\s+(?:\w+\s+){0,3}$", re.I)
# The reason a habit is kept, when it is a claim about how things work: "..., otherwise the battery gets
# memory effect", "... because it keeps longer", "you can see the difference".
_RATIONALE = re.compile(r"\b(?:otherwise|because|cos|'cause|coz|so that|which means|that way)\b([^.;!?]*)|"
                        r"\b(you (?:can|could) (?:really )?(?:see|tell|feel|taste|hear|notice)[^.;!?]*|"
                        r"(?:it )?makes? (?:a|all the|no) difference[^.;!?]*)", re.I)
_AUTHORITIES = {"doctor", "gp", "hospital", "clinic", "dentist", "vet", "consultant", "nurse", "pharmacist", "surgeon", "optician",
                "physio", "bank", "garage", "mechanic", "accountant", "solicitor", "lawyer", "school", "council", "hr", "payroll",
                "lab", "surgery"}
_DOCUMENTS = {"agreement", "tenancy", "contract", "letter", "email", "label", "website", "site", "manual", "policy", "receipt", "ticket", "booking",
              "confirmation", "payslip", "statement", "invoice", "app", "form", "docs", "documentation", "sign", "notice",
              "schedule", "timetable", "lease", "handbook", "prescription", "leaflet", "report", "packet", "box", "bill",
              "certificate", "warranty", "terms", "rota", "calendar", "itinerary", "rules", "regulations", "guidelines",
              "guidance", "instructions", "bylaws", "code"}
_FILLER = {"now", "still", "also", "really", "the", "and", "firmly", "strongly", "genuinely", "honestly", "truly", "no", "longer"}
_HOLDERS = {"i", "i'm", "i'd", "me", "my", "we", "we've", "we're", "our", "us", "user", "really", "honestly", "just",
            "personally", "definitely", "totally", "generally", "always", "still"}


def _users_taste(clause: str, holder_needed: bool = False) -> bool:
    """A taste word whose holder is the user ("I hate X", "loves X", "User prefers X"), not
    another subject ("bulls hate red" is a claim about bulls). After a comma the holder must be
    said ("..., I don't care about X"): a bare "like" there is a filler ("..., like 5 foot")."""
    m = _TASTE.search(clause)
    if not m:
        return False
    before = words(clause[:m.start()])
    return (not before and not holder_needed) or bool(set(before) & _HOLDERS)


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
    # "The user: <words as said>" (how a verbatim claim is stored) names the speaker, not a subject.
    label = _SPEAKER_LABEL.match(text)
    if label:
        text, speaker = text[label.end():], speaker or "user"
    w = set(words(text))
    # A raw memory's own frame stands in for the claim's firmness; what it frames is the proposition.
    framed = text
    if firmness is None:
        firmness, framed = read_frame(text)
    spk = (speaker or "user").strip().lower()
    third = spk not in ("user", "assistant", "") or (vouched_by not in (None, "user", "assistant") and bool(voucher))
    voucher_kind = "assistant" if spk == "assistant" or vouched_by == "assistant" else ("other" if third else "user")
    rep = _REPORT.search(text)
    # "I think X" / "User now believes X" is a view the user holds; "my mum swears X" is a report.
    before = words(re.split(r"[;,.:]", text[:rep.start()])[-1])[-3:] if rep else []  # within its clause
    by_self = bool(rep) and (set(before) <= _FILLER or bool(set(before) & {"i", "user", "i'm", "i've"}))
    # (a post read online is the poster's word, whoever read it: "saw on reddit that ...")
    by_self = by_self and not (rep and re.match(r"(?:saw|read|seen)\b", rep.group(0), re.I) and " that" in rep.group(0))
    if rep and not by_self:  # "I want to help and believe ...": the sentence's subject is still the speaker
        sent = re.split(r"[.;:!?]", text[:rep.start()])[-1]
        sw = words(sent)
        by_self = bool(sw) and sw[0] in {"i", "i'm", "i've", "user"} and not (set(sw) & RELATIONS) and not names(sent[1:])
    # "My contract says ...", "the label says ...": a document the user holds, read first-hand, not hearsay.
    # So is what a professional found on the user's own things ("hospital did my bloods and said ...").
    clause_before = set(words(re.split(r"[;,.:]", text[:rep.start()])[-1])) if rep else set()
    by_document = bool(rep) and (bool(set(before) & _DOCUMENTS) or bool(clause_before & _AUTHORITIES) and bool(
        re.search(r"\bmy\s+(?!" + "|".join(sorted(_AUTHORITIES)) + r")\w+", text[:rep.start()], re.I)))
    reported = third or firmness == "reported" or (bool(rep) and not by_self and not by_document)
    # "I think X" is held, "Tom said X" is reported; a quoted proposition the user favours is held too.
    prop = _proposition(framed)
    quoted = bool(_QUOTED_PROPOSITION.search(text)) and not _PREF.search(prop)
    held = bool(_HELD.search(text)) or quoted or firmness == "hedged" or by_self
    pw_all = set(words(prop))
    pw = set(words(re.split(r"[,;]|\bwhich\b", prop)[0]))  # the claim itself, not a comment on it
    own_say = voucher_kind == "user" and not reported
    elliptic = own_say and bool(_ELLIPTIC_SELF.search(text))
    # ... or a taste word with no holder but the speaker ("can't stand the smell of fish cooking").
    taste = own_say and not held and (bool(_SUBJECTIVE.search(text)) or _users_taste(re.split(r"[,;.]", text)[0]))
    anchored = elliptic or taste or bool(pw & {"i", "i'm", "i've", "i'll", "i'd", "me", "my", "mine"}) or \
        (not (reported or held) and bool(re.match(r"\s*(?:the|this|that|these|those|our)\b", prop, re.I))) or _owns_thing(prop) or \
        bool(pw & RELATIONS and not reported) or \
        bool(re.match(r"\W*(?:that|this|these|those)\s+ones?\b", prop, re.I))  # "says that one's happiest ...": the user's thing named before
    # A world claim: a present-tense generalisation whose proposition has no personal anchor
    # ("goldfish only have a 3 second memory", "sugar makes kids hyper").
    world = (reported or held or not _FIRST.search(" ".join(pw))) and not anchored and not _USER_3P.search(prop) and \
        not any(_users_taste(c, holder_needed=k > 0) for k, c in enumerate(re.split(r"[,;]", prop))) and len(pw_all) >= 4
    # A rule someone lays down ("everyone must submit expenses by the 25th") is not a claim about how the world is.
    # A prohibition opening what is reported ("the school says no nuts in packed lunches") lays a rule down too.
    # Hearsay keeps its rule-words a belief about how things work ("Lubomir reckons you have to go to a post office").
    hearsay = bool(reported) and bool(_OPINION.search(text))
    # An obligation denied ("no need to do anything", "you don't have to") lays nothing down: it says what
    # happens anyway, a claim about how things work.
    # So does an instruction a professional gave ("physio said keep off hills for a month", "the GP said stop the
    # tablets"): it lays down what to do in one person's care, no claim about how the world works (session 22).
    if reported and not held and not hearsay:
        world = world and not (_OBLIGED.search(prop) or re.match(r"\W*no\s+\w+", prop, re.I)
                               or clause_before & _AUTHORITIES and _DIRECTED.match(prop))
    # News of a change ("moved to the library from now on") is about one's own affairs, not a generalisation.
    world = world and not (CHANGE.search(text) and not reported and not held)
    # ... nor is the user's account of what someone dealing with them said, with news ("now he says it's $1,800").
    exchange = bool(rep) and voucher_kind == "user" and bool(_EXCHANGE.search(text)) and bool(CHANGE.search(text))
    world = world and not exchange
    # Someone's account that a thing cures, causes or prevents something ("turmeric cured her arthritis") is
    # a claim about how the world works, however personal the anecdote it comes in
    # (not a verb of healing in a clause of time: "no running while the ankle heals" says when, not what cures;
    # nor the user's own view of their own affairs: "I think my landlord never fixed the boiler")
    world = world or ((reported or (held and not anchored)) and any(not _TIME_CLAUSE.search(text, 0, m.start()) for m in _CAUSAL.finditer(text)))
    if subject and subject.lower() != "user" and voucher_kind == "user" and not reported:
        world = world and subject.lower() in ("world", "general")
    pref = (bool(_PREF.search(text)) or taste) and not (reported and voucher_kind == "other")
    about_user = bool(_FIRST.search(text)) or bool(_USER_3P.search(text)) or (subject or "").lower() == "user" or elliptic or taste
    # The user's own words about their own plate or body with no subject ("off the booze for january") are about the user.
    about_user = about_user or (own_say and bool(_OWN_PORTION.search(text)) and not _THIRD_SUBJECT.search(text))
    people = frozenset(x for x in w if x.rstrip("s") in RELATIONS or x in RELATIONS) | names(text)
    # A way the user does their own work ("I write in US English for the blog") binds the setting it was stated
    # for, as a rule does; someone else's ("she isn't teaching at home now") is news, not the user's rule.
    ctx = contexts(text, scoped_only=True) if (pref or _NORMATIVE.search(text) or _METHOD.search(text) and _FIRST.search(text)) \
        else frozenset()
    settings = contexts(text, setting_only=True) & ctx
    nums = frozenset(n.group(0).lower() for n in _NUMBER.finditer(text))
    first = re.split(r"[,;.]\s", text)[0]
    neg = bool(negated) if negated is not None else bool(w & {"not", "no", "never", "don't", "doesn't", "won't", "can't", "isn't"})
    own_portion, method, own_only = bool(_OWN_PORTION.search(text)), bool(_METHOD.search(text)), bool(_OWN_ONLY.search(text))
    return MemoryFacts(
        voucher=voucher_kind, reported=bool(reported), hearsay=hearsay, held_view=held, world_claim=bool(world), preference=pref,
        # The user's own taste or constraint: the user is the subject and no other person is.
        about_user=about_user and not _OTHER_PERSON.search(text), about_we=bool(_WE.search(text)), people=people, contexts=ctx, settings=settings,
        scoped=bool(ctx), entities=entities(text), numbers=nums,
        change=bool(CHANGE.search(text)), negated=neg, content=content(text), slot=slot,
        own_portion=own_portion, method=method, own_only=own_only,
        # a limit on when the user is free stays one, though said as a taste ("I can't do mornings")
        restricts=SCHEDULE if (limit := restricts(text, slot)) == SCHEDULE else LIMIT if (pref or own_portion or own_only) else limit,
        rationale=frozenset().union(*(content(m.group(1) or m.group(2) or "") for m in _RATIONALE.finditer(text)))
        if own_say else frozenset(),
        # (a report that follows a first clause about another person, "Fin hates speeches, he's said no speech for
        # him", keeps that person the subject; "my mum says ..." reports her view)
        other_subject=voucher_kind == "user" and (not reported or not _REPORT.search(first)) and bool(
            _OTHER_PERSON.search(first if reported else text) or _THIRD_SUBJECT.search(first if reported else text)
            or _NAMED_NEED.search(first)),
        exchange=exchange,
        valence=frozenset(({"+"} if _POSITIVE.search(text) else set()) | ({"-"} if _NEGATIVE.search(text) else set())),
    )
