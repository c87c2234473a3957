"""Whether a memory can settle a verdict's claim at all, read from its structure (session 14, issue 11).

The stance rules read topic: two texts sharing a predicate and a value look like one claim. Three
structural readings decide, before any stance is weighed, whether a memory can settle the claim: two
that it says nothing of it, one that it contradicts it:

- **Another holder** (:func:`other_holder`): the claim is about one holder (the speaker, one of the
  speaker's kin, a named person) and the memory opens on a different one. "Ewart's allergic to
  penicillin" says nothing of whether I am; "my mum retired in spring" nothing of whether my father
  has. Read from who each text opens on (``features().subject``), with a capitalised name before a
  verb or an 's counting as a person; a name said in the claim is never "another".
- **A prospect, not its outcome** (:func:`prospect_only`): the memory states the claim's matter as
  an intention, a plan, an attempt or a pending check ("thinking of booking ...", "signed up for the
  half in october", "taken her in for x-rays on her hip") and the claim states it as done or holding
  ("has booked", "finished", "broke her hip"). A claim that is itself about a plan or a future date
  is not gated.
- **An ended state** (:func:`ended`): the memory ends the matter of a present-tense claim ("gave up the
  choir", "taken me off the amlodipine", "three months vape free") for the claim's holder: a
  contradiction, unless the same speaker later says it came back (:data:`RESUMED`).

Each returns True only on a positive reading; a text they cannot read is left to the stance rules.
"""

from __future__ import annotations

import re

from ..lexicon.calendar import UNAMBIGUOUS_MONTHS, WEEKDAYS
from ..lexicon.quotes import straight
from ..retrieval.text import _stem as stem
from ..retrieval.text import STOPWORDS
from .features import _KIN, _KIN_SAME, features

__all__ = ["NOT_NAME", "RESUMED", "ended", "holder", "other_holder", "prospect_only"]

#: What may follow a capitalised opener that names a person: an auxiliary or an adverb of a statement
#: ("Nadia never sang", "Ewart is allergic"); an 's ("Ewart's allergic") or a past-tense verb ("Tam
#: picked") count too.
_AFTER_NAME = frozenset("is was has had will would can never".split())
_NAME_OPEN = re.compile(r"^\W*([A-Z][a-z]+)(?:('s)\b|\s+([a-z]+)\b)")
#: Capitalised openers that are no one's name: articles and pronouns, and the roles and places a user's
#: own affairs are told through ("Landlord's put the rent up", "Pharmacy says ...").
NOT_NAME = frozenset("""the this that these those my our your his her their its it we they he she there here what
    when a an i landlord doctor dentist vet nurse teacher boss manager pharmacist pharmacy surgery school council bank
    office work hospital clinic insurer agent mummy daddy today tomorrow tonight yesterday next last""".split()) | frozenset(
    WEEKDAYS + UNAMBIGUOUS_MONTHS)
#: A record's header ("Plan noted:", "Reservation confirmed - Hotel ..."): no one's statement.
_HEADER = re.compile(r"^\W*(?:\S+\s+){0,3}?\S*(?::|\s[-\u2013\u2014]\s)")
#: A claim of the speaker's relation to people or animals, who may be the name a text opens on.
_RELATED = re.compile(r"\b(?:" + "|".join(sorted(_KIN | set(_KIN_SAME))) + r"|kids?|child(?:ren)?|sons|daughters|parents|"
                      r"family|pets?|cats?|dogs?|girlfriend|boyfriend|flatmates?|housemates?|team|twins|baby)\b", re.I)
#: A first- or second-person word: a text that says one may be about the speaker or the listener.
_PERSON_WORDS = re.compile(r"\b(?:i|i'm|i've|me|my|mine|you|your|you're|we|our|us)\b", re.I)


#: The speaker's kin named as a group: "my parents live in Dublin", "our kids go to St Mary's".
_KIN_GROUP = re.compile(r"^\W*(?:the user's|my|our) (parents|kids|children|grandparents|in-laws|folks|family|sons|daughters|"
                        r"brothers|sisters|grandkids|grandchildren)\b", re.I)


#: A subject coordinated with the speaker: "Mum and I", "my brother and me".
_WITH_I = re.compile(r"^\W*(?:(?:my|our) )?[\w']+ (?:and|&) (?:I|me)\b", re.I)


def holder(text: str) -> str | None:
    """Whom a sentence opens on: "i", "my <kin>", a lower-cased name, or None (a thing, or unread).

    The speaker and the speaker's kin are read by ``features().subject``; a name only when it is
    title-cased, opens the text and is followed by an 's, an auxiliary, a statement adverb or a
    past-tense verb (record headers, acronyms and "Noted:" open on no one)."""
    if _WITH_I.match(text):
        return "i"  # "Mum and I drove up": the speaker acts, the kin is a companion
    if (m := _KIN_GROUP.match(text)) is not None:
        return "my " + m.group(1).lower()
    who = features(text).subject
    if who is not None and (who == "i" or who.startswith("my ")):
        return who
    m = _NAME_OPEN.match(straight(text))
    if m is None:
        return None
    low, nxt = m.group(1).lower(), m.group(3)
    if _HEADER.match(text):
        return None
    if low in _KIN or low in _KIN_SAME:
        return "my " + _KIN_SAME.get(low, low)
    if low in NOT_NAME or low in STOPWORDS:
        return None
    if m.group(2) or nxt in _AFTER_NAME:
        return low
    if nxt is not None and nxt.endswith("ed") and re.match(r"\s*(?:his|her|their)\b", text[m.end():], re.I):
        # "Raj booked his flights": the name holds what it acted on; "Kevin raised the rent",
        # "Amazon delivered the new hoover" act on the speaker's affairs and hold nothing.
        return low
    return None


def _words(text: str) -> set[str]:
    return {w.strip(".,!?:;'\"()").lower().removesuffix("'s") for w in text.split()}


#: A named person's thing opening a sentence ("Jess's dentist is ...", "Owen's old dog ..."): the name and the two
#: words after it, and the speaker's own ("my dentist ...", "the user's GP ...").
_NAMED_THING = re.compile(r"^\W*([A-Z][a-z]+)(?:'s|')\s+([\w-]+)(?:\s+([\w-]+))?")
_OWN_THING = re.compile(r"^\W*(?:the user's|my|our)\s+([\w-]+)(?:\s+([\w-]+))?", re.I)


def _same_thing_of_two(claim: str, text: str) -> bool:
    """Session 19: the claim opens on a named person's thing and the text on the speaker's own thing of the same
    noun ("Jess's dentist is Dr Lind" / "my dentist is Dr Okafor"), the name said nowhere in the text: one kind
    of thing of two holders, which the stance rules would read as one thing with two values."""
    m, o = _NAMED_THING.match(straight(claim)), _OWN_THING.match(straight(text))
    if m is None or o is None or m.group(1).lower() in NOT_NAME or m.group(1).lower() in _words(text):
        return False
    theirs = {w.lower() for w in m.groups()[1:] if w} - STOPWORDS
    mine = {w.lower() for w in o.groups() if w} - STOPWORDS
    return bool(theirs & mine)


def other_holder(claim: str, text: str) -> bool:
    """True when ``text`` opens on someone other than the one the claim is about.

    The speaker's claim ("I", "my flat") against a text opening on a named person or on the speaker's
    kin; a kin's claim ("my father") against a text opening on another kin ("my mum"); a named
    person's claim against a text opening on another name the claim does not say. A text opening on
    the speaker is never "another" for a kin's claim ("I took dad for his jab" is about dad too), nor a
    name for a kin's claim (the name may be that kin's)."""
    if _same_thing_of_two(claim, text):
        return True
    who, opens = holder(claim), holder(text)
    if who is None or opens is None or who == opens:
        return False
    said = _words(claim)
    if opens in said or (opens.startswith("my ") and opens[3:] in {_KIN_SAME.get(w, w) for w in said}):
        return False
    if who == "i" and not opens.startswith("my ") and _RELATED.search(claim):
        return False  # "I have two kids" / "Lily started school": the name may be the one related
    if who == "i":
        # "Lewis is telling everyone you're leaving", "my sister is convinced I'm allergic": one who
        # opens a report about the speaker or the listener.
        rest = re.sub(r"^\W*(?:my |our )?\S+", "", text, count=1)
        return not _PERSON_WORDS.search(rest)
    if not who.startswith("my ") and who in _words(text):
        return False  # the claim's person is named in the text after all
    if who.startswith("my "):
        # "Dad drives my son to football": the claim's kin named later as the speaker's is no other holder
        return opens.startswith("my ") and not re.search(r"\b(?:my|our) " + re.escape(who[3:]) + r"\b", text, re.I)
    return not opens.startswith("my ") and opens != "i"


#: A frame that puts what follows it in prospect: an intention, a plan, an attempt, a deliberation,
#: an entry, a pending check. Closed-class words and set phrases only.
_PROSPECT = re.compile(
    r"\b(?:thinking (?:of|about)|planning (?:to|on)|plan(?:s)? (?:to|is to)|going to(?! (?:the|that|this|a|an|my|his|her|their|our|your|(?-i:[A-Z])))|gonna|"
    r"want(?:s)? to|wanna|hoping to|hope to|(?:would|'d) like to|trying to|try(?:ing)? and|aiming (?:to|for)|"
    r"intend(?:s|ing)? to|considering|deciding (?:between|on|whether)|still deciding|might|about to|"
    r"signed (?:up|on) (?:for|to)|applied for|appl(?:y|ying) for|requested|asked for|put in for|entered (?:for|into)|registered for|on the waiting list|"
    r"waiting (?:for|on)|awaiting|pending|(?:taken|taking|booked|sent|referred) (?:\w+ )?(?:in |off )?for (?:an? |some )?"
    r"(?:x-?rays?|scans?|tests?|bloods?|checks?|biopsy|assessment|investigation))\b", re.I)

#: A claim about a plan, an arrangement or the future keeps a plan as its support.
_PROSPECTIVE_CLAIM = re.compile(
    r"\b(?:will|'ll|going to|gonna|plans?|planning|planned|intends?|wants?|hopes?|hoping|aims?|thinking|considering|"
    r"due|scheduled|upcoming|next|about to|tomorrow|soon|signed up|registered|entered|waiting|booked in|"
    r"trying|tries|attempt\w*|not|never|yet|no)\b|n't\b|\b(?:is|are|am|'s|'re|'m) \w+ing\b.*\d", re.I)


#: Where a prospect frame's scope ends and an outcome is said: a subordinator ("since I was diagnosed",
#: "now that I've finished"), an outcome gerund ("passing my test", "after running my first 10k"), a
#: perfect or a relative past ("the job I accepted", "who helped me move").
_OUTCOME_CLAUSE = (r"(?:since|after|now that|because|once|as soon as|passing|finishing|who|which|that I|I|we|I've|we've|"
                   r"I'd|and got|and passed)\b")

#: The outcome said after the prospect: "applied for the bakery job and got it".
_SAID_OUTCOME = re.compile(r"\b(?:and|then) (?:got|passed|won|did) (?:it|them|in)\b", re.I)

#: A prospect of keeping or ending a state presupposes it holds: "planning to stay in Berlin",
#: "thinking of selling my bike", "trying to keep my Spanish up".
_PRESUPPOSES = re.compile(r"\W*(?:to |and |of |on |about )?(?:stay\w*|keep\w*|continu\w*|carry\w* on|remain\w*|stick\w*|"
                          r"sell\w*|get\w* rid|giv\w* up|quit\w*|stop\w*|cancel\w*|leav\w*|mov\w* out|renew\w*)\b", re.I)


#: A later clause with its own finite past or present verb, joined by "and", ";", "then" or a comma:
#: "... and ran it in 52 minutes", "... and my boss agreed", "; I go every Tuesday now". Read after a frame only.
_FINITE = (r"(?:(?:i|we) (?:now |still )?(?:go|do|play|take|work|have|'ve)\b|"
           r"(?:(?:i|we|he|she|they|it|my \w+|our \w+|the \w+|(?-i:[A-Z][a-z]+)) )?(?:finally |then |just )?"
           r"(?:\w+ed|got|ran|had|went|began|won|paid|took|made|came|did|gave|found|bought|sold|left)\b)")
_OUTCOME_AFTER = re.compile(r"(?:" + _PROSPECT.pattern + r").*?(?:\s+and\s+|\s*;\s*|,\s*(?:and |then )?|\s+then\s+)"
                            + _FINITE, re.I)
#: Off: the outcome clause is not read (measure only).
PROSPECT_OUTCOME = True


def prospect_only(claim: str, text: str) -> bool:
    """True when ``text`` states the claim's matter only in prospect (see the module's docstring): some
    clause puts a prospect frame before the first word it shares with the claim, no clause states a
    word or value of the claim outside such a frame, and the claim states no plan, arrangement or
    future of its own."""
    whose, fc = holder(claim), features(claim)
    if _PROSPECTIVE_CLAIM.search(claim) or whose is None or fc.thing is not None or _SAID_OUTCOME.search(text):
        # (a claim about a thing, "my pottery class is on mondays", is no outcome of signing up for it)
        return False
    own = fc.content - {stem("user")}
    if whose != "i":
        kin = whose.removeprefix("my ")
        own -= {stem(kin)} | {stem(k) for k, v in _KIN_SAME.items() if v == kin}  # whose it is is no matter

    def shares(part: str) -> int:
        fp = features(part)
        return len(own & fp.content) + len((fc.numbers | fc.dates) & (fp.numbers | fp.dates))

    if PROSPECT_OUTCOME and _OUTCOME_AFTER.search(text):
        return False  # "signed up for the 10k and ran it in 52 minutes": the later clause is the outcome
    prospect = plain = 0
    for clause in re.split(r"(?<=[.!?;:,])\s+|\s+(?:but|and then|so)\s+|\s+(?=" + _OUTCOME_CLAUSE + ")", text):
        m = _PROSPECT.search(clause)
        if (m is not None and shares(clause[m.end():]) and not shares(clause[:m.start()])
                and not _PRESUPPOSES.match(clause[m.end():])
                and m.group(0).split()[0].lower() not in claim.lower()):  # a claim of the act itself
            prospect = max(prospect, shares(clause[m.end():]))
        else:
            plain = max(plain, shares(clause))
    # the clause saying most of the claim is a prospect ("the damp is getting worse, gonna ring
    # the letting agent" for "reported the damp to the letting agent")
    return prospect > plain


#: A frame that ends what follows it: a habit quit, a medicine stopped, a debt paid off, a thing sold
#: or given away, a membership left. Closed-class verbs of ending only.
_ENDS = re.compile(
    r"\b(?:quit|stopped(?= \w+ing\b)|gave up(?: on)?|given up(?: on)?|packed in|"
    r"(?:taken|took|taking|had) (?:me|him|her|them|us) off|"
    r"got rid of|sold|no longer|ex)[- ]+"
    r"((?:[\w']+ ){0,3}[\w']+)", re.I)
#: "<thing>-free" / "<thing> free": "three months vape free", "smoke-free since may".
_FREE = re.compile(r"\b(?:days?|weeks?|months?|years?|now|been|officially|still) ([a-z]+)[- ]free\b|"
                   r"\b([a-z]+)[- ]free (?:since|for|now)\b", re.I)
#: A claim about the past or about an ending is not contradicted by a later ending.
_PAST_CLAIM = re.compile(r"\b(?:was|were|did|had|used to|ago|last|previously|formerly|before|quit|stopped|gave up|"
                         r"sold|left|ended|finished|former)\b|\b\w+ed (?:for|in|at|from)\b", re.I)
_HAVING = re.compile(r"\b(?:own|owns|have|has|got|drive|drives|ride|rides|keep|keeps|still)\b", re.I)
_NOUN_STOP = frozenset("the a an my our his her their your its this that some all of last whole".split())
#: A qualifier that restricts an ending to a part of the habit or a time.
_RESTRICTED = re.compile(r"\b(?:after (?:\d|noon|lunch|dinner|work|dark|midday|\w+pm)|before (?:bed|noon|work|\d)|"
                         r"on (?:weekdays|weeknights|school nights)|during the week|at night|in the evenings?|for lent|"
                         r"except|apart from|other than|for (?:a|the) (?:bit|while|month|week|day|afternoon|morning|evening)|for now|"
                         r"today|for once|by mistake|temporarily|"
                         r"(?:in|at|around|inside|near|during|on|to) (?:the|my|our|his|her|their|work|home|school|"
                         r"winter|summer|autumn|spring|weekends?|weekdays?|public)|indoors|outside)\b", re.I)
#: A thing sold and replaced: "sold the car, got a new one".
_REPLACED = re.compile(r"\b(?:new one|another one|a new|bought another|got another|replaced (?:it|her|him)|instead|"
                       r"put (?:me|him|her|them|us) on|switched (?:me |him |her |them |us )?(?:to|onto))\b", re.I)
#: A stated return ("back on", "started again") undoes an ending in the same text.
RESUMED = re.compile(r"\b(?:back on|back to|started again|again now|relapsed|caved)\b", re.I)


def ended(claim: str, text: str) -> bool:
    """True when ``text`` states the matter of a present-tense claim as ended: a frame of ending
    ("gave up on the choir", "taken me off the amlodipine", "paid off the credit card") whose object
    names only words of the claim, "<thing>-free" for a thing the claim names, or "the caravan's
    gone". A claim in the past, or about an ending, is not read; a text that also says the state
    came back ("back on ten a day") is not read either."""
    if _PAST_CLAIM.search(claim) or RESUMED.search(text):
        return False
    fc = features(claim)
    own = fc.content - {stem("user")}
    if not own:
        return False
    for m in _ENDS.finditer(text):
        verb = m.group(0).split()[0].lower()
        start = max(text.rfind(c, 0, m.start()) for c in ".;!?,")
        if holder(text[start + 1:m.start()].strip() + " x") not in (None, "i", holder(claim)):
            continue  # "my partner quit smoking, I haven't yet": another's ending
        if verb in ("taken", "took", "taking", "had", "sold") and _REPLACED.search(text) and (
                {stem(w) for w in re.findall(r"\b(?:a|an|any|some) (\w+)", claim, re.I)}
                & {stem(w.lower()) for w in m.group(1).split()}):
            continue  # "took me off the statins, put me on atorvastatin instead": "a statin" goes on
        if verb in ("sold", "got") and (not _HAVING.search(claim) or _REPLACED.search(text)):
            continue  # a sale ends having the thing (not any other link to it), unless another came
        if verb in claim.lower():
            continue  # a claim of the ending itself
        words = [w.lower().removesuffix("'s") for w in m.group(1).split()]
        nouns = [w for w in words if w not in _NOUN_STOP]
        if not nouns:
            continue
        # the object up to its first word outside the claim: "the road bike" names another bike
        if _RESTRICTED.search(re.split(r"[,.;:!?]", text[m.start(1):m.end() + 60], maxsplit=1)[0]):
            continue  # "stopped drinking coffee after 2pm": a part of the habit ended, not the habit
        head = [stem(w) for w in nouns[:2]]
        if head[0] in own and all(h in own or h in STOPWORDS for h in head):
            return True
    for m in _FREE.finditer(text):
        start = max(text.rfind(c, 0, m.start()) for c in ".;!?")
        if re.match(r"\W*(?:the|this|that|our|their|its|his|her)\s", text[start + 1:], re.I):
            continue  # "the office has been alcohol-free": a place's rule, not the speaker's
        if stem((m.group(1) or m.group(2)).lower()) in own and not re.search(r"\bfree\b", claim, re.I):
            return True
    return False


