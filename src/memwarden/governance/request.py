"""What a request says about *whom it serves*, *which setting* it is in and whether it asks
how the world is (the request side of :mod:`.facts`; memories are read there).

Cues are ordinary words: a group that takes part ("for my team", "with the kids", "for 14"),
another person ("my niece", "Lena's birthday"), a setting ("at work", "for the wedding"), and
whether a question is addressed to the user's own doing ("should I", "can you") or asks how
things are ("is it true", "how far is the Moon").
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..retrieval.text import STOPWORDS
from .lexicon import _NOT_ENTITY, _POSSESSIVE_OTHER, GROUP, RELATIONS, content, contexts, entities, names, words

_GROUP_NUM = re.compile(r"\b(?:for|of|with|feed|seat|invite|invited|hosting)\s+(?:the\s+|about\s+|around\s+)?(\d{1,3}|two|three|four|"
                        r"five|six|seven|eight|nine|ten|twelve|twenty|thirty|forty|fifty)\b(?![:.]\d|\s?(?:am|pm)\b)|\b\d{1,3}[- ](?:person|people|of us)\b|"
                        r"\bthe\s+(?:\d{1,3}|two|three|four|five|six|seven|eight|nine|ten|twelve)\s+of\s+(?:us|them)\b|"
                        r"\b\d{1,3}\s+(?:portions|servings|covers|plates|guests|adults|kids)\b|"
                        # the others counted ("the other three are all chilli fiends")
                        r"\bthe\s+other\s+(\d{1,2}|two|three|four|five|six|seven|eight|nine|ten)\b", re.I)
# A number counts a party only when no other plural count noun follows it: "for 14", "for 6 people", but not
# "for 10 sacks" or "for two weeks" (a quantity of things or time).
_PARTY_NOUNS = frozenset({"people", "persons", "person", "adults", "guests", "covers", "portions", "servings", "plates", "of", "us",
                          "them", "and", "or", "to"}) | GROUP | frozenset(r + "s" for r in RELATIONS) | RELATIONS
# Agent nouns name people ("assistants", "visitors", "dentists", "musicians", "trainees").
_AGENT = re.compile(r"(?:ants|ents|ers|ors|ists|ians|ees)$")
_COUNTED = re.compile(r"\s+([a-z][a-z'-]*)", re.I)


def party_size(text: str) -> bool:
    """A number of people the request is for or with (see ``_PARTY_NOUNS``)."""
    for m in _GROUP_NUM.finditer(text):
        nxt = _COUNTED.match(text, m.end())
        noun = nxt.group(1).lower() if nxt else ""
        if (m.group(1) or m.group(2)) and noun.endswith("s") and noun not in _PARTY_NOUNS and len(noun) > 2 and not _AGENT.search(noun):
            continue  # "for 10 sacks", "for two weeks": a count of things or time (not "with two assistants")
        return True
    return False


# The user named as the one a task is done for ("find me flights", "book me a table", "for me"): a group
# named only as where the user goes ("to the offsite") is then not whom the request serves ("for me, my
# parents and my niece" names more than the user).
_FOR_ME = re.compile(r"(?:\b(?:find|book|get|give|show|send|order|make|buy|pick|sort|reserve)\s+me|\bfor me)\b(?!\s*(?:,|&|and\b|\+))", re.I)
# The user as the one a group's message or call reaches ("how should my team get in touch with me",
# "ask the kids to text me"): the group sends, the user receives; the request serves the user. Not "tell me" /
# "update me": those ask the assistant ("can you tell me a good restaurant for my team's dinner?").
_TO_ME = re.compile(r"\b(?:get in touch with|(?:get|keep) hold of|contact|reach|message|e-?mail|call|ring|phone|text|ping|notify|"
                    r"write to|talk to|speak to)\s+me\b(?!\s*(?:,|&|and\b|\+))", re.I)
# A question put to the assistant, not a task given to it ("how do I get ...?" against "write me ...", "can you book ...").
_TASK_ASK = re.compile(r"\b(?:can|could|would|will)\s+you\b", re.I)


def asks_question(query: str) -> bool:
    """The request asks something (a question mark or a question word first), and is no task put as a question."""
    q = query.strip()
    return (q.endswith("?") or bool(re.match(_Q_START_RX, q, re.I))) and not _TASK_ASK.search(q)


# The user as the one who eats, drinks or takes something ("what should I order?", "should I be worried about
# taking it?"): the user's own plate or body, whoever else the user's memories mention.
# (not "order for the whole crew": what the user gets for others)
# (not "take a dessert to book club", "what should I take along": what the user brings somewhere)
_BRINGS = r"(?!\s+(?:\w+\s+){0,3}?(?:along|over|to\s+(?:the|a|an|my|our|his|her|their|this|that|\w+['’]s|(?:\w+\s+)?(?:group|club|band|circle|crew)))\b)"
_OWN_PLATE = re.compile(r"\b(?:i|i'm|i'll|i've)\s+(?:\w+\s+){0,3}?(?:eat|eating|drink|drinking|order|ordering|"
                        r"(?:take|taking)\b" + _BRINGS + r")\b"
                        r"(?!\s+(?:\w+\s+){0,2}?for\s+(?:the|our|a|an|his|her|their|everyone|everybody|all)\b)", re.I)
# Someone the user eats or drinks with ("dinner with the in-laws"): not the user's own plate alone.
_WITH_SOMEONE = re.compile(r"\bwith\s+(?:the|my|our)\s+([a-z-]+)", re.I)
_FOR_NAMED = re.compile(r"\bfor\s+([A-Z][^\W\d_]+)\b(?!['’]s)")
_HE_SHE = re.compile(r"\b(?:he|she|him|his|her)\b", re.I)
# Someone named as the one who wants, needs or does what is asked, then spoken of as he or she ("Mairi wants to walk
# the ridge on her own, any tips for her?", "Tomasz works late all week and needs his parcel left somewhere"): the
# request serves that person (session 22; a firm or a brand that wants something is "they").
_NAMED_DOER = re.compile(r"(?<!\bin )(?<!\bat )(?<!\bfrom )(?<!\bto )(?<!\bof )\b([A-Z][^\W\d_]+)\s+(?:wants|needs|works|has to|is going|is off|is driving|is flying|is moving)\b")
# ... and someone the user names by what they are to the user ("my mate", "a customer", "the new lad") or by name, who
# asks, wants or has just done something, then spoken of as he or she ("my mate just started driving, what hours should
# he do?", "Idris asked me for ideas, any tips for him?"): the request serves that person (session 24).
_PERSON_DOER = re.compile(r"(?:^|(?<=[.,;:!?]\s)|(?<=\bso\s))\W*(?:(?:my|a|our|one of my|one of our)\s+(?:new\s+|regular\s+|old\s+)?([a-z]+)|"
                          r"((?-i:[A-Z])[^\W\d_]+))\s+(?:just\s+|has\s+just\s+)?(?:asked|asks|wants|wanted|needs|told me|says|said|"
                          r"is running|is starting|is doing|has started|just started|started)\b", re.I)
_ASKS_THE_USER = re.compile(r"(?:\s+[\w']+){0,3}?\s+(?:if|whether)\s+(?:i|we|i'm|i'd|i'll)\b", re.I)
_NOT_ALONE = re.compile(r"\b(?:we|we're|we'll|us|our)\b", re.I)
_SOLO = re.compile(r"\b(solo|alone|by myself|just me|for myself|for me|myself)\b", re.I)
# Said outright that only the user takes part ("just for me", "on my own", "the house is empty"): people the
# request names are then away, not served ("my partner's away, a curry just for me").
_ONLY_ME = re.compile(r"\b(solo|alone|by myself|just me|just for me|only me|only for me|on my own|myself|my own|"
                      r"(?:house|flat|place) (?:is|to myself) (?:empty|to myself))\b", re.I)
# A group the user seeks, joins or belongs to is where the user takes part, not whom the request
# serves ("looking for a cooking class", "a movie group to join", "I'm part of a support group").
_JOINED = re.compile(r"\b(?:join(?:ing)?|part of|member of|looking for|look for|find(?:ing)?|sign(?:ing)? up for|enrol+(?:ing)? in|"
                     r"attend(?:ing)?)\s+((?:[\w-]+\s+){0,3}[\w-]+)|\b(\w+)\s+to join\b", re.I)
_OWNED = re.compile(r"\b(?:my|our|(?:i|we) have an?)\s+((?:[\w-]+\s+){0,2}[\w-]+)", re.I)
# A class of people described, not a party served ("people who can't afford a lawyer").
_GENERIC = re.compile(r"\b(people|others|anyone|everyone)\s+(?:who|that|with|seeking|looking)\b", re.I)
# Groups a user belongs to (``my reading group``) are a circle of equals like friends.
_OWN_GROUPS = {"group", "club", "band", "circle", "crew"}
# The user's own circle of equals: a plan among friends, or "we" with nobody else named.
PEERS = {"friends", "mates", "buddies", "pals", "bandmates", "teammates"}
# The user's own audience (readers of the user's blog, a talk's listeners): served by the user's own work.
_OWN_AUDIENCE = re.compile(r"\b(?:my|our|their)\s+(?:\w+\s+)?(?:audience|readers|readership|followers|subscribers|listeners|"
                           r"viewers|clients)\b|\b(?:a talk|presenting|present|explain\w*|teach\w*|lectur\w*)\b[^.?!]*\bto\s+"
                           r"(?:a|an|the|my|our)\s+(?:\w+\s+){0,2}?(?:group|class|audience|team|clients?)\b", re.I)
_OTHER_FOR = re.compile(r"\b(?:for|to|with|help(?:ing)?|taking|tell|text|email|message|write to)\s+(?:my|our|a|the)\s+([a-z]+)\b", re.I)

# --- requests ----------------------------------------------------------------------------------
_Q_START = r"(?:what|which|who|whom|whose|when|where|why|how|is|are|was|were|do|does|did|can|could|will|would|has|have|had|should)"
_Q_START_RX = r"\W*" + _Q_START + r"\b"
# Truth cues that make a question about how the world is, even when addressed ("is it safe ...").
_STRONG_TRUTH = re.compile(r"\b(is it true|is that true|true that|really true|not true|myth|misconception|safe|dangerous|harmful|"
                           r"toxic|poisonous|who'?s right|who is right|correct|accurate|proven|scientific(?:ally)?|legit)\b", re.I)
# Addressed to someone's doing ("can you", "should I", "how do I"): about the user's task, not the world.
# "Can you book / find / tell me ..." asks the assistant for a task; "can you actually see the Great Wall
# from orbit" uses an impersonal "you" and asks how the world is.
_TASK_VERBS = (r"(?:please|book|find|help|make|write|draft|plan|recommend|suggest|tell|give|show|check|send|order|list|explain|"
               r"remind|pick|choose|create|summari[sz]e|put|get me|sort|add|remember|think|know|look|organi[sz]e|set|schedule|"
               r"work out|figure|compare|translate|edit|rewrite|proofread|calculate|keep|note|let|turn|buy|call|email|text|"
               r"arrange|prepare|cook|convert|search|update|move|cancel|change|fix|design|come up)")
_ADDRESSED = re.compile(r"\b(?:can|could|do)\s+you\s+(?:\w+ly\s+)?" + _TASK_VERBS + r"\b|\b(?:would|will|did)\s+you\b|\b(?:should|shall|can|could|do|may|might|would|must)(?:n'?t)?\s+"
                        r"(?:i|we|she|he|they)\b|\b(?:i|we|she|he|they)\s+(?:should|could|can|might|need)\b|\byou'?d\b", re.I)
_ADVICE = re.compile(r"\b(recommend(?:ations?)?\s+(?:me|a|an|some|one|any|for)|you'?d recommend|you would recommend|you recommend|"
                     r"recommendations?|suggest\w*|ideas? (?:for|on|to)|any ideas|"
                     r"which (?:option|one|of the following|course|approach|resource|activity)|"
                     r"best (?:fit|fits|match|matches|suit|suits|way|ways|option|approach|choice|aligns?)|most suitable|suitable|"
                     r"ways? (?:to|for|i|we)|help me (?:pick|choose|plan|write|decide|finish)|what should|which should|(?:what|which) \w+ (?:should|shall) (?:i|we|my|our|your|the|he|she|they|(?-i:[A-Z]\w+))\b|"
                     r"are there (?:any|some))\b", re.I)
_REFERS_BACK = re.compile(r"\b(the situation|we discussed|discussed|mentioned|as above|that plan|this plan|the plan|that case|"
                          r"the case|that one|this one)\b", re.I)
_ROLE_PREFIX = re.compile(r"^\s*(user|assistant|system|human|ai)\s*:\s*", re.I)


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
    #: Group kinds, for a request that serves a group: the user's peers ("with a few friends", "we"
    #: alone), someone's occasion ("my husband's 50th": ``serves`` keeps "group", ``honours`` says
    #: whose), or the audience of the user's own work ("a talk to a group of non-specialists").
    peers: bool = False
    #: Only the user takes part, said outright (see ``_ONLY_ME``).
    solo: bool = False
    #: The one other person takes part with the user ("my one-to-one with my manager"), and the
    #: request is not for them or their occasion.
    with_other: bool = False
    honours: frozenset[str] = frozenset()
    own_audience: bool = False
    #: The user alone eats, drinks or takes what is asked about (see ``_OWN_PLATE``), nobody else named.
    own_plate: bool = False
    #: The request asks a question (not a task put as one): see :func:`asks_question`.
    asks: bool = False
    #: The request's own account of the situation weighs options or considerations against each
    #: other ("the cheapest model ..., while another ...", "I can patch it or refactor"): a taste
    #: is then one consideration among those stated, not the deciding rule.
    weighs_options: bool = False


_ANYONE = frozenset({"people", "others", "everyone", "everybody", "crowd"})
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


# A contrast between facts, not between the user's wishes: "..., but the contractor cannot open
# them", "while another model has ...", "though discovery may reveal ..." (not "but I want ...",
# and not the "while I cook" of time).
_CONTRAST = re.compile(r"\b(?:but|while|whereas|though|although|however|yet)\b,?\s+([\w']+)|;\s+([\w']+)", re.I)
_OPTION_START = {"the", "a", "an", "another", "one", "its", "their", "this", "that", "these", "those", "other", "some",
                 "each", "neither", "both", "either", "his", "her", "several", "most", "many"}
# Other members' own wants stated beside the user's: "one friend works late, another has not said".
_MEMBERS_WANT = re.compile(r"\b(?:one|another|two|three|some|several|others|the other|most)\s+(?:[\w-]+\s+){0,2}?(?:prefers?|likes?|"
                           r"enjoys?|wants?|finds?|needs?|dislikes?|hates?|works|has not|hasn'?t|can'?t|cannot|would rather)\b", re.I)
_ALTERNATIVES = re.compile(r"\b(?:i|we)\s+(?:can|could)\s+[^.?!;]*?\bor\s+(?!not\b)\w+", re.I)


def weighs_options(text: str) -> bool:
    """Statements (not questions) that set options or facts against each other, or state what
    other members of a group want beside the user — in a described situation (two statements or
    more), not a one-line request ("book the sushi place, the usual one is closed but ...")."""
    statements = [x for x in re.split(r"(?<=[.!?])\s+", text) if x.strip() and not x.rstrip().endswith("?")]
    if len(statements) < 2:
        return False
    for sent in statements:
        for m in _CONTRAST.finditer(sent):
            nxt = (m.group(1) or m.group(2)).lower()
            if nxt in _OPTION_START or (m.group(1) and nxt.endswith("ing") and m.group(0)[:2].lower() == "wh"):
                return True
        if _ALTERNATIVES.search(sent) or _MEMBERS_WANT.search(sent):
            return True
    return False


# The user's own things ("my commute", "my usual loaf"); not "our planet", and not a yes/no question
# whose subject is any thing of a kind ("will a pricey cable look better on my TV" asks about cables).
_OWN_AFFAIRS = re.compile(r"\bmy\b", re.I)
_GENERIC_SUBJECT = re.compile(r"^\W*(?:will|would|does|do|is|are|can|could)\s+(?:a|an|any|all|most|some)\b", re.I)
# The user as subject or the one affected: "when will I get paid", "am I required to", "what will it
# cost me", "do we need visas" - a question about the user's own affairs, not about how the world is.
# ("tell me / tell us about global warming" asks about the world; "US" is a country).
# A particular occasion of the user's ("... does the mare get tonight", "next month's rent"): how the world
# is holds at no one date. A bare "next year" is left out: forecasts about the world name it ("will the bank
# cut rates next year?").
_OCCASION = re.compile(r"\b(?:tonight|today|tomorrow|this (?:morning|afternoon|evening|weekend|week|month)|"
                       r"next (?:week|month)'?s?|next year's)\b", re.I)
_SELF_SUBJECT = re.compile(r"\b(?:i|i'm|i've|i'll|we|we're)\b|(?<!tell )(?<!show )(?<!explain to )(?<!remind )\bme\b", re.I)


def world_question(query: str) -> bool:
    """A question about how the world is (where a held view must not count as evidence)."""
    for part in _question_parts(query):
        m = re.search(r"\b" + _Q_START + r"\b.*", part, re.I)
        if not m:
            continue
        clause = m.group(0)
        if _STRONG_TRUTH.search(clause):
            return True
        if _ADVICE.search(part) or _ADDRESSED.search(part) or len(words(part)) < 3 or (_OWN_AFFAIRS.search(clause) and not _GENERIC_SUBJECT.search(clause)) or \
                _SELF_SUBJECT.search(clause) or _OCCASION.search(clause):
            continue  # a request for advice, about the user's own doing ("how do I ...") or affairs ("my commute")
        return True
    return False


# Words that may stand between "my" and a relation without describing the person ("my own brother" is the same).
_NOT_DESCRIBING = "own|and|or|of|the|a|an|to|for|with"


def request_facts(query: str, evidence: list[str]) -> RequestFacts:
    # A request that points back ("the situation we discussed") is about what the user said last.
    text = query
    if _REFERS_BACK.search(query) or len(words(query)) < 6:
        text = " ".join([*_last_user_turns(evidence, 1), query])
    low = text.lower()
    w = words(text)
    # A group's possessive names the group ("the whole team's bbq" is for the team); "other people's
    # opinions" names nobody in particular.
    w = [x[:-2] if x.endswith("'s") and x[:-2] in GROUP - _ANYONE else x for x in w]
    ws = set(w)
    third_person_user = bool(re.search(r"\bthe user\b", low))
    # A group counts when it takes part ("for my team", "with the kids"), not as an object ("photos of my kids").
    objects = {m.group(1) for m in re.finditer(r"\b(?:of|about)\s+(?:my|our|the|his|her|their)\s+(\w+)", low)}
    # Taking part: within three words after a determiner or preposition of company, or opening a
    # sentence ("for my team", "two relatives will", "Attendees selected") - not "photos of my kids".
    taking_part: set[str] = set()
    for sent in re.split(r"[.;:!?]\s+", low):
        toks = [x[:-2] if x.endswith("'s") and x[:-2] in GROUP - _ANYONE else x for x in words(sent)]
        for k, tok in enumerate(toks):
            if k == 0 or tok in _COMPANY:
                taking_part.update(toks[k: k + 4] if k == 0 else toks[k + 1: k + 4])
    objects |= {m.group(1).lower() for m in _GENERIC.finditer(text)}
    # The noun a question asks to pick is what is asked about, not who takes part ("which team won ...").
    objects |= {m.group(1) for m in re.finditer(r"\b(?:which|what)\s+(\w+)", low)}
    # A group sought or joined is where the user takes part; the user's own reading group or band is a
    # circle of equals; "my team" is still a team the user plans for.
    joined = {x for m in _JOINED.finditer(text) for x in words(m.group(1) or m.group(2))}
    owned = {x for m in _OWNED.finditer(text) for x in words(m.group(1))} & _OWN_GROUPS
    named_groups = (ws & GROUP & taking_part) - objects - (joined - owned)
    own_groups = named_groups & owned
    party = party_size(text)
    if _FOR_ME.search(query) and not party and not re.search(
            r"\b(?:for|with)\s+(?:\w+\s+){0,3}?(?:" + "|".join(sorted(named_groups)) + r")\b", low) and named_groups:
        named_groups = set()  # "find me flights to the offsite": the user travels; the group is where to
    if _TO_ME.search(query) and not party:
        named_groups = set()  # the group reaches the user: whom it serves is the one reached
    group = bool(named_groups) or party or (
        not third_person_user and bool(re.search(r"\bwe(?:'re| are| will| have|'ve)\b|\bof us\b", low)))
    others = {m.group(1).lower() for m in _OTHER_FOR.finditer(text) if m.group(1).lower().rstrip("s") in RELATIONS}
    others |= {(m.group(1) or m.group(2)).lower() for m in _POSSESSIVE_OTHER.finditer(text)
               if (m.group(1) or "").lower() in RELATIONS or "year-old" in (m.group(1) or "") or (m.group(2) and m.group(2).lower() not in STOPWORDS
                                                              and m.group(2) not in _NOT_ENTITY and m.start() > 0)}
    # (one describing word may stand between: "my little brother", "my new flatmate", "our elderly neighbour";
    # not after "with", company, nor "to", whom a message goes to: "a message to my salon manager")
    others |= {x for x in ws if (x in RELATIONS or x[:-1] in RELATIONS and x not in objects)
               and (re.search(rf"\b(?:my|our|her|his)\s+{x}\b", low) or re.search(
                   rf"(?<!\bwith )(?<!\bto )\b(?:my|our|her|his)\s+(?!(?:{_NOT_DESCRIBING})\b)[a-z-]+\s+{x}\b", low))}
    # Someone named as whom a thing is for, then spoken of as he or she ("a cake for Ruaidhri to take to his
    # family's party"): a person, not a date or a place ("for Easter", "for Lisbon").
    # (kin said as a name, "Mum wants ...", is read by the kin rules above: not here)
    others |= {m.group(1).lower() for rx in (_FOR_NAMED, _NAMED_DOER) for m in rx.finditer(text)
               if m.group(1) not in _NOT_ENTITY and _HE_SHE.search(text, m.end())
               and (rx is _FOR_NAMED or m.group(1).lower() not in RELATIONS)}
    # (not kin, whom the kin rules read, nor one who asks whether the user can: "my mate wants to know if I can make
    # his 21st" is the user's own diary)
    others |= {(m.group(1) or m.group(2)).lower() for m in _PERSON_DOER.finditer(text)
               if _HE_SHE.search(text, m.end()) and (m.group(1) or m.group(2)) not in _NOT_ENTITY
               and (m.group(1) or m.group(2)).lower() not in STOPWORDS | RELATIONS | {"i", "we", "you", "it", "they", "this", "that"}
               and not _ASKS_THE_USER.match(text, m.end())}
    if third_person_user:
        others -= {"user"}
    # Someone's occasion: "my husband's 50th", "for my niece" (not "a client group").
    # (a plural possessive of kin, "my in-laws' anniversary", is their occasion too)
    honours = {(m.group(1) or m.group(2)).lower() for m in _POSSESSIVE_OTHER.finditer(text)} & (others | RELATIONS) | {
        m.group(1).lower() for m in re.finditer(r"\b(?:my|our)\s+([a-z-]+s)'(?!\w)", text, re.I) if m.group(1).lower()[:-1] in RELATIONS} | {
        m.group(1).lower() for m in re.finditer(r"\bfor\s+(?:my|our|his|her|their)\s+(\w+)", text) if m.group(1).lower().rstrip("s") in RELATIONS}
    linked = [(m.group(0).split()[0].lower(), m.group(1).lower()) for m in _OTHER_FOR.finditer(text)
              if m.group(1).lower().rstrip("s") in RELATIONS]
    with_other = bool(others) and not honours and bool(linked) and all(v == "with" for v, _ in linked) and \
        others <= {x for _, x in linked}
    peers = group and not honours and named_groups <= PEERS | own_groups and (bool(named_groups) or not party)
    if _SOLO.search(text) and not group:
        serves = "user"
    elif group:
        serves = "group"
    elif others:
        serves = "other"
    else:
        serves = "user"
    solo = serves == "user" and bool(_ONLY_ME.search(text))
    own_plate = serves == "user" and not others and bool(_OWN_PLATE.search(query)) and not _NOT_ALONE.search(query) \
        and not any(w in RELATIONS or w[:-1] in RELATIONS for w in (m.group(1).lower() for m in _WITH_SOMEONE.finditer(query)))
    return RequestFacts(serves=serves, beneficiaries=frozenset() if solo else frozenset(others | (ws & GROUP)), contexts=contexts(text),
                        solo=solo, own_plate=own_plate,
                        world_question=world_question(query), text=text, content=content(text), entities=entities(text),
                        names=names(text), weighs_options=weighs_options(text), asks=asks_question(query), peers=peers, with_other=with_other, honours=frozenset(honours),
                        own_audience=bool(_OWN_AUDIENCE.search(text)))
