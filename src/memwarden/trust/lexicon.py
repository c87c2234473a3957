"""Wording the trust stage reads: status and result words, corrections, hedges, reported speech.

Kept apart from :mod:`.stance` so the detector stays a set of rules over
features; everything here is data. Each entry says why it exists.

* :data:`REWRITES` turn many ways of saying one status into one token before
  tokenizing ("called off", "scrapped", "cancelled" -> ``cancelled``; "overdue",
  "outstanding", "late paying" -> ``unpaid``; "came back clear" -> ``negative``),
  and drop the value a correction rejects ("at 10, not noon": noon is what is
  *not* the case, so it must not count as a second time).
* :data:`POLAR_PAIRS` are the status opposites those tokens form (paid/unpaid,
  cancelled/proceeded, delivered/undelivered, negative/allergic...).
* :data:`INCOMPATIBLE` are pairs of concepts that exclude each other in
  everyday life (a vegetarian's steak); few, and each one a common case.
* :func:`firmness` (how firmly a text holds what it says: stated, hedged or reported)
  and :func:`is_correction` are :mod:`.firmness_lexicon`'s since session 22, re-exported here.
"""

from __future__ import annotations

import re
from functools import lru_cache

from ..lexicon import calendar as cal
from .firmness_lexicon import CLAUSE_NEXT, Firmness, firmness, is_correction

__all__ = ["relation", "REWRITES", "POLAR_PAIRS", "NEGATING", "ANTONYM_WORDS", "HEDGE_PHRASES", "HEDGE_WORDS", "NOT_NEGATION", "INCOMPATIBLE", "ADDITIVE", "rewrite", "firmness", "Firmness",
           "REPORT_FRAME_WORDS", "is_correction", "REJECTED",
           "STATUS_FLIP", "converse", "CLAUSE_NEXT"]

#: A correction names the rejected value after "not": "at 10, not noon", "Thursday not Wednesday",
#: "the 16th, not the 6th". Removed first, so the rejected value never counts as a second value.
#: "Rather than the 25th", "instead of Tuesday", "as opposed to 3pm" name the replaced value the same way.
REJECTED = re.compile(
    r"\b(?:(?:and |but )?not|rather than|instead of|as opposed to) (?:at |on |in |the )?"
    r"((?:\d{1,2}(?:[:.]\d\d)?\s*(?:am|pm|st|nd|rd|th)?|noon|midday|midnight|"
    r"one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|"
    + cal.alt(cal.WEEKDAYS) + "|" + cal.alt(cal.UNAMBIGUOUS_MONTHS) + r")"
    r"(?: (?:of )?(?:" + cal.alt(cal.MONTHS) + r"))?)\b")

#: (pattern, replacement) applied in order to the lower-cased text.
REWRITES: list[tuple[re.Pattern[str], str]] = [
    (re.compile(p), r) for p, r in [
        # Clock times and amounts are read before these (values.extract_values), once the rejected
        # value of a correction is gone (REJECTED).
        (r"\b(?:in the morning|in the evening|tonight|o'clock)\b", " "),
        (r"\b(\d{1,2})(?:st|nd|rd|th)\b", r"\1"),
        # A measured value against a range: "above the recommended 5.0" is outside it.
        (r"\b(?:above|over|below|under|higher than|lower than) (?:the |your |our )?(recommended|normal|healthy|target|"
         r"safe|reference)\b", r" outside \1"),
        # Statuses and results, many wordings -> one token.
        (r"\b(?:beat|defeated|won against)\b", " won "),
        (r"\b(?:turned down|said no to|declined|rejected|refused)\b", " declined "),
        (r"\b(?:said yes(?: to)?|accepted|agreed to|approved|granted|got in(?:to)?)\b", " accepted "),
        # Put off to later: not cancelled, but not going ahead as planned either.
        (r"\b(?:postponed|put off|pushed back|delayed)\b", " postponed "),
        # Losing a job: "laid off", "made redundant", "got fired/sacked" -> left (the job).
        (r"\b(?:(?:was|got|been|were) )?(?:laid off|made redundant|fired|sacked|let go)\b", " left "),
        (r"\b(?:called off|cancell?ed|scrapped|axed|fell through|falls through|fallen through)\b", " cancelled "),
        # "the trip's off", "the wedding is off": called off; not "off work", "off sick", "off to".
        (r"(?:'s|\bis|\bare|\bwas|\bwere|\bit's all|\ball) off\b(?! (?:to|work|sick|for|the|on|at|until|till|from|school))",
         " cancelled "),
        # Giving up a possession ends owning it: "sold the bike", "gave away the sofa".
        (r"\b(?:sold(?! out)|gave away|given away|got rid of|traded in|part[- ]exchanged|scrapped)\b", " sold "),
        (r"\b(?:went ahead|going ahead|go ahead|goes ahead|as planned|on time|took off|back on)\b", " proceeded "),
        (r"\b(?:sold out|all gone|none left)\b", " soldout "),
        # Services and timetables: "sailings are running as normal", "trains operating normally".
        (r"\b(?:running|operating) (?:as normal|as usual|normally)\b", " proceeded "),
        # A machine that fails to work, or needs a part, is broken; one that is fine works.
        (r"\b(?:won't|wouldn't|doesn't|didn't|does not|did not|will not|would not|can't|isn't|is not|not) (?:even )?"
         r"(?:start|work|click|turn on|turn over|boot|charge|run|switch on)(?:ing)?\b", " broken "),
        (r"\bneeds? (?:a |to be )?(new|replacing|replaced|replacement|repairing|repaired|fixing|fixed)\b", r" broken \1 "),
        (r"\b(?:is|are|was|were|'s|'re) (?:totally |completely |perfectly |absolutely )?(?:fine|ok|okay|working)\b"
         r"(?! (?:with|for|to|by|if|again))", " working "),
        # An ailment (a diagnosis by its ending or a common word) against "fine", "clear", "healthy".
        (r"\b(?!(?:diagnosis|prognosis|hypnosis|osmosis|symbiosis|metamorphosis|academia)\b)"
         r"(?:\w+(?:itis|osis|plasia|aemia|emia)|\w*(?:carcinoma|melanoma|lymphoma|myeloma|glaucoma|sarcoma|neuropathy|"
         r"myopathy|retinopathy)|fracture[sd]?|infection|infected|tumou?r|cancer|diabetes|"
         r"diabetic|disease|syndrome|disorder|sprain(?:ed)?|torn|anaemic|anemic|asthma|asthmatic)\b", r" ailment \g<0> "),
        (r"\b(?:healthy|nothing wrong)\b", " working "),
        # A document's validity: "expired", "no longer valid", "cancelled" against "valid until".
        (r"\b(?:expired|invalid|no longer valid|out of date)\b", " expired "),
        (r"\b(?:loads|lots|plenty) of (\w+) (?:left|available)\b", r" \1 available "),
        # A refund, like a delivery, is still owed or has come: "hasn't come through" / "got my money back".
        (r"\b(?:refund (?:has(?:n't| not)|still has(?:n't| not)|did(?:n't| not)) (?:come through|arrived|landed|gone through)|"
         r"still waiting (?:on|for) (?:the |my |a )?refund|refund (?:is )?(?:still )?pending)\b", " unrefunded "),
        (r"\b(?:got (?:my |the |our |their )?money back|(?:been|was|got) refunded|refund (?:came|has come|went) through|"
         r"refund (?:arrived|landed))\b", " refunded "),
        (r"\b(?:delivery failed|failed delivery|(?:was |got )?returned to sender|could(?:n't| not) (?:be )?deliver(?:ed)?|"
         r"out for delivery|still waiting (?:on|for)|(?:has not|hasn't|not|nothing's|nothing has) arrived"
         r"(?: yet)?|not (?:been )?delivered(?: yet)?)\b", " undelivered "),
        (r"\b(?:arrived|got delivered|was delivered|been delivered|delivered)\b", " delivered "),
        (r"\b(?:overdue|unpaid|outstanding|still owed|late paying|not (?:been )?paid(?: yet)?)\b", " unpaid "),
        # A message's answer is a status too: "emailed them monday, nothing back" has no reply.
        (r"\b(?:nothing back|no reply|no replies|no response|no answer|not (?:heard|had) (?:anything )?back|"
         r"heard nothing(?: back)?|haven't heard back|have not heard back|hasn't (?:replied|responded|got back)|"
         r"has not (?:replied|responded|got back)|not replied|not responded|left (?:me )?on read|ghosted)\b", " unreplied "),
        (r"\b(?:replied|responded|got back to (?:me|us)|wrote back|heard back)\b", " replied "),
        (r"\b(?:came back|come back|tested|test(?:ed)? was|results? (?:was|were|came back)?)\s*"
         r"(?:negative|clear|fine|normal)\b", " negative "),
        (r"\bnegative result\b|\ball clear\b|\bgot the all clear\b", " negative "),
        (r"\b(?:green|all (?:the )?tests passed|passing|succeeded)\b", " passed "),
        (r"\b(?:red|failing|broken|broke)\b", " broken "),
        (r"\b(?:repaired|sorted|fixed|working again)\b", " fixed "),
        (r"\b(?:need an invite|invite only|invite-only|not public)\b", " private "),
        (r"\b(?:shuts|shut|closes|closing)\b", " closed "),
        # "I used to be vegetarian": the state held once and no longer does, a denial of the present.
        (r"\bused to\b", " not "),
        (r"\b(?:parcel)\b", "package"),
        # Diet: not eating meat is being vegetarian ("I don't eat meat" / "I'm vegetarian").
        (r"\b(?:don't|do not|doesn't|does not|never|no longer|stopped) eat(?:ing|s)? (?:any )?meat\b", " vegetarian "),
        # Kin and common synonyms, one word each: "mum" / "mother", "op" / "surgery".
        (r"\b(?:mum|mom|mummy|mommy|mam)\b", "mother"),
        (r"\b(?:dad|daddy)\b", "father"),
        (r"\b(?:op|operation)\b", "surgery"),
        # A move that happened is where one lives now ("we moved to Norwich" / "I live in Norwich").
        # Only a person's move: "the flight moved to the 5th" is a rescheduling.
        (r"\b(?:i|we|i've|we've|i have|i has|we have|they|they've|he|she|he's|she's)\s+(?:just |finally |recently |all )?"
         r"(?:moved|relocated) (?:to|into)\b", " live in "),
        # Getting the keys to a new home is moving in.
        (r"\bgot (?:the |our |my )?keys (?:to|for) (?:the |our |my )?(?:new )?(?:place|flat|house|home|apartment)\b",
         " live in new home "),
        (r"\b(?:tenancy(?: agreement)?|rental agreement|rental contract)\b", "lease"),
        (r"\b(?:on my own|by myself|living solo)\b", " alone "),
        (r"\b(?:is operating|operating|operates|is flying|departs on time)\b", " proceeded "),
        (r"\b(?:kids|children|child)\b", "kids"),
        (r"\b(?:pipeline|ci|the build|build)\b", "ci"),
        # "an allergy" is the state; "the allergy clinic" a service, which says nothing of it.
        (r"\ballerg(?:y|ies)\b(?! (?:clinic|test|testing|team|nurse|specialist|service|department|appointment|"
         r"referral|ward))", "allergic"),
        (r"\b(?:turned|turns)\s+(?=\d|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)", "is "),
        (r"\b(?:doesn't|does not|don't|do not|no longer) work(?:s)? (?:at|for)\b", " not employed "),
        (r"\b(?:has left|left|quit)\b(?= \w)", " left "),
        (r"\b(?:work|works|working|am employed|is employed) (?:at|for)\b", " employed "),
        # "own" is a stopword of the tokenizer; owning a thing is a status ("on my own" is read above).
        (r"\b(?<!my )(?<!your )(?<!their )(?<!our )(?<!his )(?<!her )(?:own|owns|owned)\b", " owner "),
    ]
]

#: Status opposites, after :data:`REWRITES` (stemmed by the caller).
POLAR_PAIRS: list[tuple[str, str]] = [
    ("paid", "unpaid"), ("cancelled", "proceeded"), ("delivered", "undelivered"), ("accepted", "declined"),
    ("soldout", "available"), ("soldout", "left"), ("passed", "broken"), ("passed", "failed"), ("fixed", "broken"),
    ("public", "private"), ("negative", "allergic"), ("negative", "positive"), ("signed", "unsigned"),
    ("left", "employed"), ("open", "closed"), ("free", "cost"), ("free", "fee"), ("free", "charge"),
    ("postponed", "proceeded"), ("refunded", "unrefunded"), ("owner", "sold"), ("working", "broken"), ("working", "ailment"), ("negative", "ailment"), ("valid", "cancelled"), ("valid", "expired"),
    # Results: "kidneys and liver fine", "all normal" against "showed kidney problems".
    ("fine", "problem"), ("normal", "problem"), ("normal", "abnormal"), ("replied", "unreplied"),
]

#: A negated status is its opposite ("wasn't called off" = went ahead, "isn't paid" = unpaid,
#: "not allergic" = a negative test): read before polarity, so the negation is not counted twice.
STATUS_FLIP: dict[str, str] = {
    "cancelled": "proceeded", "proceeded": "cancelled", "paid": "unpaid", "unpaid": "paid",
    "delivered": "undelivered", "undelivered": "delivered", "accepted": "declined", "declined": "accepted",
    "fixed": "broken", "broken": "fixed", "open": "closed", "closed": "open", "allergic": "negative",
    "signed": "unsigned", "public": "private", "private": "public", "passed": "failed", "failed": "passed",
    "working": "broken", "valid": "expired", "refunded": "unrefunded", "replied": "unreplied", "unreplied": "replied",
}

#: Statuses that deny the action they name when the other side has no opposite status
#: ("I turned down the Singapore move" against "Priya is moving to Singapore").
NEGATING = frozenset({"declined", "cancelled", "undelivered", "unpaid", "unreplied"})

#: Everyday concepts that exclude each other (word sets, compared after stemming).
INCOMPATIBLE: list[tuple[frozenset[str], frozenset[str]]] = [
    (frozenset({"vegetarian", "vegan"}), frozenset({"steak", "meat", "burger", "bacon", "chicken", "ham", "beef", "pork"})),
    (frozenset({"sober"}), frozenset({"beer", "beers", "wine", "drunk", "pint", "pints", "vodka", "whisky"})),
    (frozenset({"coffee"}), frozenset({"espresso", "espressos", "latte", "cappuccino"})),
    (frozenset({"alone"}), frozenset({"flatmate", "roommate", "housemate"})),
]

#: "Ana is Carla's manager too": the second value adds to the first, it does not replace it.
ADDITIVE = re.compile(r"\b(?:too|also|as well|another|either)\b")

#: Words that frame reported speech; dropped from content so "Priya said X" compares as X.
REPORT_FRAME_WORDS = frozenset(
    "said says say told tell tells heard hear insists insisted reckons reckon claims claimed thinks apparently "
    "according rumour rumor someone somebody whatsapp".split()
)


def _literal_starts(src: str) -> tuple[str, ...] | None:
    """The literal words a ``\\b(?:a|b|...)`` pattern must start with, so a text holding none of
    them is skipped without running the regex (most rewrites find nothing in most texts)."""
    m = re.match(r"\\b\(\?:", src)
    if not m:
        return None
    depth, alts, cur = 0, [], ""
    for ch in src[m.end():]:
        if ch == "(":
            depth += 1
        elif ch == ")":
            if depth == 0:
                break
            depth -= 1
        if ch == "|" and depth == 0:
            alts.append(cur)
            cur = ""
        else:
            cur += ch
    alts.append(cur)
    out = []
    for alt in alts:
        lit = re.match(r"[a-z' ]+", alt)
        word = lit.group(0) if lit else ""
        if word and len(alt) > len(word) and alt[len(word)] in "?*{":
            word = word[:-1]  # "cancell?ed": the last letter is optional
        if len(word) < 2:
            return None
        out.append(word)
    return tuple(out)


#: Words without which a rewrite whose pattern does not open on literal words cannot match
#: (keyed by a piece of its pattern).
_NEEDS = {
    ") off\\b": ("off",), "laid off": ("laid off", "redundant", "fired", "sacked", "let go"), "needs? ": ("need",),
    "itis|osis": ("itis", "osis", "plasia", "emia", "oma", "pathy", "fractur", "infect", "tumo", "cancer", "diabet",
                  "disease", "syndrom", "disorder", "sprain", "torn", "anaemic", "anemic", "asthma"),
    "money back": ("money back", "refund"), "delivery failed": ("deliver", "sender", "waiting", "arrived"),
    "negative result": ("negative result", "all clear"), "used to": ("used to",), "relocated) (?:to": ("moved", "relocated"),
    "keys": ("keys",), "allerg": ("allerg",), "owns|owned": ("own",),
}
_STARTS = [_literal_starts(p.pattern) or next((v for k, v in _NEEDS.items() if k in p.pattern), None)
           for p, _ in REWRITES]


@lru_cache(maxsize=65_536)
def rewrite(low: str) -> str:
    for (pat, rep), starts in zip(REWRITES, _STARTS):
        if starts is None or any(w in low for w in starts):
            low = pat.sub(rep, low)
    return low


# -- moved from stance.py: the detector's general lexicons ------------------------

#: Phrases that express doubt; removed before negation is counted ("not sure" is not a denial).
HEDGE_PHRASES = (
    # Doubt about oneself, not a denial of the claim ("react 17 I think? might be wrong").
    "might be wrong", "could be wrong", "may be wrong", "if i'm not wrong", "if im not wrong", "if i'm wrong",
    "correct me if", "don't quote me",
    "not sure", "not certain", "not clear", "unclear", "don't know", "do not know", "dont know", "hard to tell",
    "can't tell", "cannot tell", "can't say", "cannot say", "no idea", "not obvious", "difficult to tell",
    "impossible to tell", "hard to say", "could be", "might be", "may be", "may have", "might have",
    "could have", "looks like it could", "i guess", "i think", "i suppose", "i believe",
)


HEDGE_WORDS = frozenset(
    "maybe perhaps possibly probably seemingly allegedly supposedly blurry blurred ambiguous unclear "
    "uncertain might unsure vague grainy".split()
)


#: Idioms with a negation word that deny nothing ("you won't believe it, ...").
NOT_NEGATION = (
    "won't believe", "wouldn't believe", "can't believe", "cannot believe", "couldn't believe", "not only",
    "no doubt", "not bad", "can't wait", "cannot wait", "no wonder", "nothing but", "never mind", "false alarm",
    "no worries", "no problem", "wait no", "no wait", "oh no", "no idea why", "no way",
    "no idea where", "no idea how", "no idea who", "no idea what",
)


ANTONYM_WORDS = [
    ("within", "outside"), ("love", "hate"), ("like", "dislike"), ("like", "hate"), ("enjoy", "hate"), ("enjoy", "dislike"),
    ("love", "dislike"), ("true", "false"), ("yes", "no"), ("open", "closed"), ("open", "close"),
    ("alive", "dead"), ("always", "never"), ("accept", "reject"), ("accepted", "rejected"), ("win", "lose"),
    ("won", "lost"), ("pass", "fail"), ("passed", "failed"), ("start", "stop"), ("started", "stopped"),
    ("started", "quit"), ("start", "quit"), ("begin", "end"), ("arrive", "leave"), ("arrived", "left"),
    ("buy", "sell"), ("bought", "sold"), ("increase", "decrease"), ("rise", "fall"), ("rose", "fell"),
    ("before", "after"), ("married", "divorced"), ("married", "single"), ("present", "absent"),
    ("agree", "disagree"), ("happy", "sad"), ("hot", "cold"), ("early", "late"), ("up", "down"),
    ("on", "off"), ("in", "out"), ("success", "failure"), ("succeeded", "failed"), ("safe", "dangerous"),
    ("legal", "illegal"), ("possible", "impossible"), ("healthy", "sick"), ("rich", "poor"), ("full", "empty"),
    ("employed", "unemployed"), ("hired", "fired"), ("joined", "left"), ("join", "leave"), ("include", "exclude"),
    ("included", "excluded"), ("allow", "forbid"), ("allowed", "forbidden"), ("allowed", "banned"),
    ("confirmed", "denied"), ("confirm", "deny"), ("present", "missing"), ("found", "lost"), ("old", "new"),
    ("old", "young"), ("big", "small"), ("large", "small"), ("tall", "short"), ("long", "short"),
    ("heavy", "light"), ("best", "worst"), ("good", "bad"), ("better", "worse"), ("more", "less"),
    ("most", "least"), ("vegetarian", "carnivore"), ("vegan", "carnivore"), ("introvert", "extrovert"),
    ("cat", "dog"), ("win", "lost"), ("won", "lose"), ("arrived", "departed"), ("attended", "missed"),
    ("attend", "miss"), ("remember", "forget"), ("remembered", "forgot"), ("cheap", "expensive"),
    ("easy", "hard"), ("easy", "difficult"), ("wet", "dry"), ("clean", "dirty"), ("light", "dark"),
    ("asleep", "awake"), ("inside", "outside"), ("sunny", "rainy"), ("friend", "enemy"),
]
ANTONYM_WORDS += POLAR_PAIRS



#: Relations with a converse: "Ben reports to Ana" is "Ana manages Ben"; "Ana's my manager" is
#: "Ana manages User". Written one way (the manager first) so word order shows who holds the role.
_N = r"([A-Z][\w-]+(?: [A-Z][\w-]+)?)"
_BOSS = r"(?:line )?(?:manager|boss|supervisor)"
_CONVERSE: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"\bI (?:report|reports|reported) to " + _N.replace("[A-Z]", "[A-Za-z]"), re.I), r"\1 manages User"),
    (re.compile(r"\b" + _N + r" (?:reports|reported|report) to " + _N), r"\2 manages \1"),
    (re.compile(r"\bmy " + _BOSS + r" is " + _N.replace("[A-Z]", "[A-Za-z]")), r"\1 manages User"),
    (re.compile(r"\b" + _N + r"(?:'s| is) my " + _BOSS), r"\1 manages User"),
    # Chat writes names in lower case: "bettina is my line manager now" (not "she is my manager").
    (re.compile(r"\b(?!(?:she|he|it|that|this|who|which|what|there|here|everyone|someone|nobody|mine|yours|now|"
                r"currently|still|also|actually)\b)([a-z][\w-]+)(?:'s| is) (?:now |currently |still )?my " + _BOSS),
     r"\1 manages User"),
    (re.compile(r"\b" + _N + r"'s " + _BOSS + r" is " + _N), r"\2 manages \1"),
    (re.compile(r"\b" + _N + r" is " + _N + r"'s " + _BOSS), r"\1 manages \2"),
    (re.compile(r"\bI manages? " + _N), r"User manages \1"),
]


def converse(text: str) -> str:
    """Management relations written manager-first (see :data:`_CONVERSE`)."""
    low = text.lower()
    if "manag" not in low and "report" not in low and "boss" not in low and "supervis" not in low:
        return text
    for pat, rep in _CONVERSE:
        text = pat.sub(rep, text)
    return text


_RELATION = re.compile(r"\b((?:[A-Za-z][\w-]* )?[A-Za-z][\w-]*) manages ([A-Za-z][\w-]*(?: [A-Z][\w-]*)?)")


def relation(text: str) -> tuple[str, str] | None:
    """(manager, managed) of the first management relation in ``text`` once :func:`converse` wrote
    it manager-first; lower-cased, up to two words each (compared by a shared word)."""
    m = _RELATION.search(text) if " manages " in text else None
    return (m.group(1).lower(), m.group(2).lower()) if m else None
