"""Whether a memory limits anything the user does: :func:`restricts` (issue 12, items 1 and 3).

A taste, rule or bodily constraint is the kind of memory that can be wrongly carried from the user's own part
into a request for others (``rules.personal_for_others``); a memory that limits nothing ("I have a shed full of
old tools", "I'm a primary school teacher") cannot be, and only bears on such a request when it is close to it.
People state most limits as who they are, what they have or what they do, not in words of taste or rule, so the
test reads those forms by their structure:

- a copula with a diet or a condition: "I'm gluten-free", "I'm vegan", "I'm claustrophobic", "I'm scared of
  heights", "I'm prone to migraines", "I'm on nights this month", "I'm a wheelchair user", "a light sleeper";
- *have* with a condition: "I have a nut allergy", "I've got a dodgy knee", "I have a fear of flying";
- a schedule or a distance kept: "I work Saturdays", "I start work at 6am", "I live an hour out of town",
  "I cycle everywhere";
- a negated ability, habit or possession: "I can't swim", "I don't drive", "I don't have a car"
  (``claims.restrictions``, the claim extractor's own reading of them);
- and the claim extractor's constraint attributes (allergy, condition, diet, restriction, dislikes, ...), read
  from the memory's slot or from its text (``claims.slots.detect_slot``).

*Have* with a dependant ("I have two dogs", "I have a toddler") limits where the user can go and for how long,
which a request may or may not touch: :func:`restricts` gives it ``DEPENDANT``, and the features read it as a limit
only for a request that plans a stay or time away, or is close to it (:func:`away`). All the words are closed-class or everyday; none comes from a case.
"""

from __future__ import annotations

import re
from functools import lru_cache

from ..claims.restrictions import restriction_guess
from ..lexicon import calendar as cal
from ..claims.slots import detect_slot
from ..retrieval.row_meta import CONSTRAINT_WEIGHTS
from .lexicon import _RULE

#: :func:`restricts`' answers: nothing limited, a dependant in the user's care, a limit, a limit on when the user is
#: free and nothing else (a work schedule, shifts, "I can't do mornings").
NONE, DEPENDANT, LIMIT, SCHEDULE = 0, 1, 2, 3

#: Claim attributes that state a limit or a taste (search's constraint attributes, and stated likes).
_LIMIT_ATTRIBUTES = frozenset(CONSTRAINT_WEIGHTS) | {"likes", "dislikes"}

# The user as "the user" (how a claim is stored) read as "I", so one set of patterns reads both.
_WHO = r"(?:\bthe\s+user|^\W*user)"
_THE_USER = [(re.compile(_WHO + p, re.I | re.M), r) for p, r in (
    (r"\s+(?:is|was)\b", "I am"), (r"\s+has\b", "I have"), (r"\s+(?:doesn't|does not)\b", "I don't"),
    (r"\s+(?:hasn't|has not)\b", "I haven't"), (r"'?s\b", "my"), (r"\b", "I"))]

_ADVERBS = r"(?:(?:\w+ly|a bit|a little|quite|very|so|still|now|also|pretty|really|strictly|fully|completely|100%|mostly|kind of|sort of)\s+){0,2}"
# "I'm", "I am", "I've been", "Im", and becoming so: "went vegan", "got pregnant", "became diabetic".
_COPULA = (r"(?:\bi\s*(?:'|’)?\s*m\b|\bi am\b|\bim\b|\bi(?:'ve| have) been\b|\b(?:went|gone|going|got|get|gets|getting|became|become|"
           r"becoming|turned)\b)\s*" + _ADVERBS)
# ... or a clause opening on the state itself ("Vegan since March", "Scared of heights, so ...").
_OPENS = r"^\W*(?:(?:honestly|so|also|btw|fyi|oh|and|well|update|now|still)[,:]?\s+)?" + _ADVERBS
# A diet, a condition or a faith said as an adjective ("gluten-free", "lactose intolerant", "claustrophobic", "Muslim").
_STATE = (r"(?:[a-z]+[- ]free\b|vegan|vegetarian|veggie|\w+tarian|plant[- ]based|keto|paleo|halal|kosher|tee[- ]?total|sober|fasting|"
          r"\w*\s?intolerant|allergic|coeliac|celiac|(?:pre-?)?diabetic|asthmatic|epileptic|arthritic|an(?:a)?emic|autistic|"
          r"dyslexic|dyspraxic|insomniac|\w+phobic|pregnant|breastfeeding|deaf|blind|partially sighted|colou?r[- ]?blind|"
          r"disabled|immuno(?:compromised|suppressed)|housebound|bed-?bound|hard of hearing|short-sighted|long-sighted|"
          r"injured|recovering from|post-op|in recovery|(?:sea|car|travel|air|motion)[- ]?sick|muslim|jewish|hindu|sikh|jain|buddhist|adventist|mormon|observant|"
          r"practising \w+|practicing \w+)\b")
# Fear, proneness and unease: "scared of heights", "prone to migraines", "sensitive to noise", "not great with crowds".
_FEAR = (r"(?:scared|afraid|terrified|frightened|petrified|nervous|wary|phobic)\s+of\b|(?:prone|sensitive|averse|susceptible)\s+to\b|"
         r"(?:not\s+(?:\w+\s+)?(?:great|good|brilliant|keen|comfortable|ok|okay|happy)|uncomfortable|anxious|squeamish|funny|weird)\s+"
         r"(?:with|around|in|on|about)\b")
# A state the user is on or in: a shift pattern, a diet, a treatment ("on apixaban", "on 1500 calories a day"), a
# budget, a fast, a mobility aid; not a place, a medium or an idiom ("on the bus", "on Twitter", "on it", "on board").
_ON = (r"(?:on|doing|working|observing|keeping)\s+(?:(?:the\s+)?(?:nights?|night shifts?|nightshifts?|earlies|lates|shifts?|call|"
       r"(?:a|an)\s+(?:[\w-]+\s+){0,2}(?:diet|budget|fast|detox|plan)|dry \w+|sober \w+|veganuary|lent|ramadan|"
       r"intermittent fasting|crutches|a waiting list|\d[\d,.]*\s*(?:calories|kcal|units|mg|grams|g)\b)|"
       r"(?!(?:it|them|this|that|board|time|track|top|hand|fire|form|hold|edge|air|site|campus|holiday|leave|duty|"
       r"foot|purpose|earth|stage|screen|tv|telly|camera|record|twitter|instagram|facebook|tiktok|whatsapp|"
       r"my|our|your|his|her|their|a|an|the|to|about|and|or|but|with|for|at|in|of|so|now|again|here|there)\b)(?-i:[a-z])[\w-]+)\b|"
       r"in\s+(?:a\s+)?(?:wheelchair|cast|plaster|brace|sling)\b")
# A person of such a kind: "a wheelchair user", "a light sleeper", "a nervous flyer", "a non-drinker", "a single
# parent", "a window person", "a migraine sufferer".
_KIND = (r"(?:a|an)\s+(?:(?:wheelchair|mobility scooter|walking stick|cane|crutch|hearing aid|insulin|oxygen)\s+user|"
         r"(?:[\w-]+\s+){1,2}sufferer|non-(?:drinker|smoker|driver|swimmer|meat[- ]eater)|light sleeper|early riser|early bird|"
         r"night owl|[\w-]+ person|nervous (?:flyer|flier|driver)|single (?:parent|mum|mom|dad)|(?:full-time\s+)?carer|"
         r"vegan|vegetarian|veggie|\w+tarian|coeliac|celiac|diabetic|epileptic|asthmatic|insomniac|teetotaller|recovering \w+)\b")
# A taste said as who the user is: "big on slow-burn thrillers", "a sucker for", "partial to", "fussy about".
_KEEN = (r"(?:big|keen|mad|crazy|nuts|obsessed|hooked|fussy|picky|particular|partial|a sucker|not fussed|not bothered)\s+"
         r"(?:on|about|with|for|to)\b")
_BE_LIMITED = re.compile(_COPULA + r"(?:" + _STATE + r"|" + _FEAR + r"|" + _ON + r"|" + _KIND + r"|" + _KEEN + r")|" + _OPENS + r"(?:" + _STATE
                         + r"(?=\s*(?:[.,;!]|$|since|now|these days|for|and|but|so|btw|lol|too|as well))|" + _FEAR + r"|" + _ON
                         + r"|[\w-]+ person\b|" + _KIND + r")|\b(?:put|puts|started|starting|keeps?|kept)\s+(?:me|i)\s+on\s+\w+"
                         r"|\bmakes?\s+(?:me|i)\s+(?:gag|sick|ill|queasy|nauseous|retch|itch|itchy|sneeze|wheeze|panic|anxious|dizzy)\b"
                         r"|\bgives?\s+(?:me|i)\s+(?:a\s+)?(?:[\w-]+\s+)?(?:headaches?|migraines?|a rash|rash|hives|heartburn|indigestion|"
                         r"nightmares|palpitations|the runs|wind)\b",
                         re.I | re.M)

# *have* (or *get*) with a condition: "a nut allergy", "coeliac disease", "a bad back", "a fear of flying", "panic attacks".
_HAVE = (r"\b(?:i\s*(?:'ve|’ve)(?:\s+(?:\w+ly\s+|also\s+|still\s+|now\s+)?got)?|i\s+(?:\w+ly\s+|also\s+|still\s+|now\s+|really\s+)?"
         r"(?:ha(?:ve|s)(?:\s+got)?|got|gets?|suffers?\s+(?:from|with)|lives?\s+with)|diagnosed\s+with)\s+")
_BODY = (r"back|knees?|hips?|ankles?|shoulders?|neck|wrists?|heart|chest|stomach|tummy|legs?|feet|foot|hands?|eyes?|"
         r"eyesight|hearing|ears?|bladder|lungs?|joints?|disc|hamstring|achilles|elbows?|toes?|skin|gut")
_CONDITION = (r"(?:(?:a|an|some|mild|severe|chronic|bad|really|terrible|awful)\s+)*(?:[\w-]+\s+){0,2}?"
              r"(?:allerg(?:y|ies)|intoleran(?:ce|ces|t)|condition|disease|disorder|syndrome|injur(?:y|ies)|"
              r"(?:" + _BODY + r"|mobility|sleep|memory|balance|breathing|health|mental health|chronic)\s+(?:problems?|issues?|pain)|"
              r"asthma|diabetes|arthritis|epilepsy|migraines?|headaches|anxiety|depression|panic attacks|seizures|tinnitus|"
              r"eczema|psoriasis|ibs|crohn'?s|colitis|adhd|autism|dyslexia|fears?\s+of|phobia|sweet tooth|pacemaker|stoma|"
              r"hearing aids?|hay ?fever|motion sickness|travel sickness|"
              r"(?:bad|dodgy|weak|sore|gammy|dicky|bum|broken|sprained|torn|injured|damaged|fused|slipped|trapped)\s+(?:"
              + _BODY + r"))\b")
_HAVE_LIMIT = re.compile(_HAVE + r"(?:" + _CONDITION + r"|(?:an?\s+)?(?:early|late|\d{1,2}(?:[:.]\d\d)?\s?(?:am|pm)?)\s+(?:starts?|finish(?:es)?)\b)"
                         # ... or a part of the body said to be failing: "my knees are shot", "my back's playing up"
                         r"|\bmy\s+(?:" + _BODY + r")(?:\s+(?:is|are|has been|have been)|'s)\s+(?:\w+\s+)?(?:shot|bad|dodgy|weak|sore|"
                         r"playing up|killing me|not (?:great|good|what)|terrible|awful|knackered|wrecked|done in|gone)\b", re.I)
# ... with a dependant: "two dogs", "a toddler", "three kids under five", "a newborn".
_HAVE_DEPENDANT = re.compile(_HAVE + r"(?:a|an|one|two|three|four|five|six|\d+|young|little|small)\s+(?:[\w-]+\s+)?"
                             r"(?:kids?|children|child|babies|baby|toddlers?|newborns?|twins|infants?|dogs?|pupp(?:y|ies)|"
                             r"cats?|kittens?|pets?|horses?|ponies|pony)\b", re.I)
# A negated possession: "I don't have a car", "I have no licence", "I haven't got a passport".
_HAVE_NOT = re.compile(r"\bi\s*(?:(?:don't|do not|don’t)\s+(?:have|own)|(?:have|'ve)\s+no|(?:haven't|have not)(?:\s+got)?)\s+"
                       r"(?:a\s+|an\s+|any\s+)?(?:car|vehicle|transport|wheels|(?:driving\s+)?licen[cs]e|passport|garden|outdoor space|"
                       r"lift|kitchen|oven|freezer|fridge|wi-?fi|internet|smartphone|laptop|bank card|credit card)\b", re.I)
# What the user does not, cannot or will not do, whatever follows ("I don't drink coffee after 2pm or I'm up till 3",
# "I won't eat them"): not a verb of knowing, minding or feeling ("I don't know", "I can't wait", "I don't mind").
_NOT_DO = re.compile(r"\bi\s+(?:just\s+|really\s+|still\s+|honestly\s+)?(?:don't|don’t|do not|can't|can’t|cannot|won't|won’t|will not|"
                     r"never|no longer|refuse to)\s+(?:ever\s+|really\s+|even\s+)?"
                     r"(?!(?:know|think|mind|care|remember|believe|understand|get|see|mean|feel|wait|blame|agree|bother|recall|"
                     r"suppose|guess|expect|say|tell|imagine|wonder|reckon|seem|have|own|want|wanna|need|hear|quite|usually|"
                     r"always|like|love|be|stop|help|let|find|forget|miss|blame|judge|hate|deny|afford)\b)[a-z]+", re.I)

# A span of clock hours ("7 till 3", "9-5", "from 8am to 4pm") and a span of days of the month ("3rd-10th", "from the 3rd
# to the 10th", "the 3rd till the 10th of May"): when a schedule or an absence holds (session 21).
_HOURS = r"(?:from\s+)?\d{1,2}(?:[:.]\d\d)?\s?(?:am|pm)?\s*(?:till|until|til|to|-|–)\s*\d{1,2}(?:[:.]\d\d)?\s?(?:am|pm)?\b"
_ORD = r"\d{1,2}(?:st|nd|rd|th)"
_DAYS = (r"(?:from\s+)?(?:the\s+)?(?P<d1>" + _ORD + r"|\d{1,2}(?=\s*(?:-|–)\s*\d{1,2}(?:st|nd|rd|th)))\s*(?:till|until|til|to|through|-|–)\s*"
         r"(?:the\s+)?(?P<d2>" + _ORD + r")\b")
# A stretch of time named: "all next week", "this weekend", "for the next fortnight", "until Friday".
_STRETCH = (r"(?:all\s+|for\s+(?:the\s+)?)?(?:next|this|the whole|the rest of the|the rest of this)\s+(?:week|weekend|fortnight|month)\b|"
            r"(?:all|the whole)\s+(?:week|weekend|month)\b|(?:till|until|til)\s+(?:" + cal.alt(cal.WEEKDAYS) + r"|the\s+" + _ORD + r"|next\s+\w+)\b")
# A day or a time kept: "work Saturdays", "start at 6am", "finish late", "work from home", "four days a week".
_WHEN = (_HOURS + "|" + _DAYS.replace("?P<d1>", "?:").replace("?P<d2>", "?:") + "|" + _STRETCH + "|" + r"(?:on\s+)?(?:mon|tues|wednes|thurs|fri|satur|sun)days?\b|weekends?\b|nights?\b|evenings\b|mornings\b|lates\b|earlies\b|"
         r"shifts?\b|nine to five|9[- ]5\b|9 to 5\b|part[- ]time\b|full[- ]time\b|from home\b|remotely\b|"
         r"\w+ (?:days|hours|hrs|shifts) a (?:week|fortnight|month)\b|every \w+|(?:till|until|til|from|at|by|before|after)\s+(?:\d|noon|midnight|late|early)|"
         r"\d{1,2}(?:[:.]\d\d)?\s?(?:am|pm)\b|early\b|late\b")
_SCHEDULE = re.compile(r"\bi\s+(?:usually\s+|normally\s+|always\s+|only\s+|still\s+|now\s+)?"
                       r"(?:work|works|do|does|start|starts|finish|finishes|leave|leaves|clock (?:on|off)|get (?:in|off|up)|gets (?:in|off|up)|"
                       r"wake|wakes|am working|am up|go to bed|goes to bed)(?:\s+work)?\s+(?:" + _WHEN + r")|"
                       r"\bi\s*(?:'m|’m| am|'ll be| will be)\s+(?:busy|away|working|unavailable|tied up|never free|not free|off|out)\s+(?:" + _WHEN + r")|"
                       # away somewhere for a span of days: "I'm in Spain 3rd-10th", "I'll be at my mum's from the 3rd to the 10th"
                       # (a span of days after any place; a stretch such as "next week" only after a place named as one: "I'm in a
                       # good mood this week" keeps no one away)
                       r"\bi\s*(?:'m|’m| am|'ll be| will be)\s+(?:(?:away|off|on holiday|on leave|abroad|out of (?:town|the country|office)|"
                       r"(?:in|at|visiting)\s+(?:(?-i:[A-Z])[\w']+|(?:my|our)\s+[\w']+))\b[^.;!?]{0,30}?(?:" + _DAYS.replace("?P<d1>", "?:").replace("?P<d2>", "?:")
                       + r"|" + _STRETCH + r")|(?:in|at|visiting)\s+[\w']+(?:\s+[\w']+)?\b[^.;!?]{0,30}?(?:"
                       + _DAYS.replace("?P<d1>", "?:").replace("?P<d2>", "?:") + r"))|"
                       # something the user does on a given day: "I'm doing a pottery course on Thursdays"
                       r"\bi\s*(?:'m|’m| am)\s+\w+ing\b[^.;!?]*?\b(?:on|every)\s+(?:mon|tues|wednes|thurs|fri|satur|sun)days?\b",
                       re.I)
# A distance or a place that keeps the user away: "an hour out of town", "miles from the station", "up four flights".
_FAR = re.compile(r"\bi\s+lives?\s+(?:(?:about|around|nearly|over|almost|just|right)\s+)?(?:(?:an?|one|two|three|half an|\d+)\s+"
                  r"(?:hours?|mins?|minutes?|miles?|km|kilomet\w+)|miles\b|far\b|a long way|a way|out of town|outside\b|"
                  r"in the middle of nowhere|in the sticks|off[- ]grid|up\s+\w+\s+flights|at the top of|on the top floor|"
                  r"on (?!the\b|a\b|an\b|my\b|campus\b|site\b|base\b|(?-i:[A-Z]))[a-z]+)", re.I)
# A habit: "I" with a verb in the present and, in the same sentence, how often, when or where ("I swim every
# morning", "I cycle everywhere", "I eat pasta the night before long runs", "at work I sign off emails with ...")
# or a verb of taking or taste ("I find cruises claustrophobic", "I swear by ..."): not a verb of being, having,
# knowing or saying, nor a past tense ("I teach year 6", "I run a bakery", "I grew up in Sheffield" limit nothing).
_HABIT_VERB = (r"\bi\s+(?:usually\s+|normally\s+|generally\s+|always\s+|often\s+|mostly\s+|tend\s+to\s+|still\s+)?"
               r"(?!(?:am|was|were|have|has|had|got|gets?|think|thinks|know|knows|went|did|said|says|told|guess|"
               r"reckon|mean|hope|wish|feel|own|owns|bought|sold|thought|heard|saw|met|made|took|left|came|found|lost|won|"
               r"grew|ran|read|spent|paid|sent|will|would|could|should|can|may|might|must|shall|just|also|really|"
               r"need|needs|want|wants|remember|understand|believe|believes|agree|suppose|wonder|realise|realize|promise|"
               r"bet|swore|call|called|only|never|probably|maybe|actually|definitely|currently|recently|miss|misses)\b)"
               r"(?P<verb>[a-z]+)(?<!ed)\b(?!['’])")
_HABIT_WHEN = re.compile(r"\b(?:everywhere|every\s+\w+|each\s+(?:day|morning|evening|night|week|time)|daily|nightly|weekly|"
                         r"most\s+(?:days|nights|mornings|evenings|weekends)|(?:once|twice|\w+\s+times)\s+a\s+(?:day|week|month)|"
                         r"on\s+(?:mon|tues|wednes|thurs|fri|satur|sun)days|weekdays|(?:at|on)\s+weekends|at\s+night|"
                         r"in\s+the\s+(?:mornings?|evenings?)|before\s+\w+|after\s+\w+|whenever|until\s+\w+|till\s+\w+|"
                         r"at\s+work|at\s+home|for\s+work|(?:in|at)\s+the\s+office|when\s+i|first\s+thing|without\s+fail|religiously|"
                         r"at\s+\d|by\s+\d|\d\s?(?:am|pm))\b", re.I)
_HABIT_TAKE = frozenset({"eat", "eats", "drink", "drinks", "take", "takes", "sleep", "sleeps", "wear", "wears", "use", "uses",
                         "cook", "cooks", "order", "orders", "find", "finds", "swear", "swears", "stick", "sticks", "walk",
                         "walks", "cycle", "cycles", "commute", "commutes"})


def _habit(text: str) -> bool:
    for sentence in re.split(r"(?<=[.;!?])\s+", text):
        for m in re.finditer(_HABIT_VERB, sentence, re.I):
            if m.group("verb").lower() in _HABIT_TAKE or _HABIT_WHEN.search(sentence):
                return True
    return False


# An instruction the user gives for how things are to be done ("keep it short and formal", "always cc my manager").
# A taste said as a correlative: "the tenser the better", "the spicier the better".
_THE_MORE = re.compile(r"\bthe\s+(?:more|less|\w+er)\b[^.;!?]{0,30}?\bthe\s+(?:better|happier|more|less)\b", re.I)
_INSTRUCTION = re.compile(r"(?:^|[,;:.]\s+)(?:please\s+)?(?:keep it|keep them|make sure|always|never|don't|do not|avoid|stick to|"
                          r"leave out|no more than)\b", re.I | re.M)


# A request that plans a stay, a trip or time away from home (where a dependant limits the user's part).
_AWAY = re.compile(r"\b(?:holidays?|trips?|weekends?\s+away|getaway|cottages?|hotels?|airbnb|b&b|stays?|staying|overnight|"
                   r"sleepovers?|camping|abroad|flights?|fly|flying|cruises?|festivals?|breaks?|nights?\s+out|days?\s+out|"
                   r"late(?:-night)?|all[- ](?:day|night)|travel\w*|away)\b", re.I)


def away(request: str) -> bool:
    """The request plans a stay, a trip or time away ("find a holiday cottage", "a late-night party")."""
    return bool(_AWAY.search(request))


def _first_person(text: str) -> str:
    for pat, rep in _THE_USER:
        text = pat.sub(rep, text)
    return text


# A limit on when the user is free, and nothing else: a schedule kept (``_SCHEDULE``), shifts ("I'm on nights this
# month", "I'm on call this weekend"), a time of day or week the user cannot do ("I can't do mornings", "I never work
# weekends"), a time kept clear ("no meetings before 11").
_UNAVAILABLE = re.compile(
    r"\bi\s*(?:'m|’m| am)\s+(?:\w+ly\s+|still\s+|now\s+|also\s+)?(?:on|doing|working)\s+(?:the\s+)?(?:nights?|night shifts?|nightshifts?|"
    r"earlies|lates|days|shifts?|call|nights\s+and\s+\w+)\b|"
    r"\bi\s+(?:just\s+|really\s+)?(?:can't|can’t|cannot|can never|don't|don’t|do not|never|won't|won’t)\s+(?:do|make|manage|work|meet|"
    r"take calls?|do calls?|go out)\s+(?:on\s+|in\s+the\s+|at\s+)?(?:" + _WHEN + r")|"
    r"\bno\s+(?:meetings|calls|plans|work)\s+(?:before|after|on|at)\s+\w+", re.I)
# Where a clause ends: a sentence, a comma, or a conjunction.
_CLAUSE_END = re.compile(r"(?<=[.;!?])\s+|\s*[,;:(]\s*|\s+(?:and|but|so|because|cos|as|though|while)\s+", re.I)


def _states_limit(t: str) -> bool:
    """``t`` (read as "I ...") states a limit by one of the structures above."""
    if any(p.search(t) for p in (_BE_LIMITED, _HAVE_LIMIT, _HAVE_NOT, _NOT_DO, _SCHEDULE, _FAR, _INSTRUCTION, _THE_MORE)) \
            or _RULE.search(t) or _habit(t):
        return True
    return any(restriction_guess(clause) is not None or (detect_slot(clause).attribute or "").partition(":")[0] in _LIMIT_ATTRIBUTES
               for clause in re.split(r"(?<=[.;!?])\s+", t))


def _when_only(t: str) -> bool:
    """``t`` states a limit on when the user is free, and its other clauses state no limit ("I work nights Mon to Wed
    so I'm asleep till 2pm"); "I work Saturdays and I'm vegan" states both."""
    clauses = [c for c in _CLAUSE_END.split(t) if c and c.strip()]
    timed = [c for c in clauses if _SCHEDULE.search(c) or _UNAVAILABLE.search(c)]
    if not timed:
        return False
    rest = ". ".join(c for c in clauses if c not in timed)
    return not (rest and _states_limit(rest))


@lru_cache(maxsize=65_536)
def restricts(text: str, slot: str | None = None) -> int:
    """``LIMIT`` when ``text`` states a limit on what the user eats, does, can do or when and where, ``DEPENDANT``
    when it states a dependant in the user's care, ``NONE`` otherwise. ``slot`` is the claim's, when there is one.
    (Tastes and rules said in words of taste or rule are :class:`.facts.MemoryFacts` ``preference``'s.)"""
    attr = (slot or "").partition("|")[2].split(":", 1)[0]
    t = _first_person(text)
    if attr in _LIMIT_ATTRIBUTES and attr != "restriction":
        return LIMIT
    if _when_only(t):
        return SCHEDULE
    if attr in _LIMIT_ATTRIBUTES or _states_limit(t):
        return LIMIT
    return DEPENDANT if _HAVE_DEPENDANT.search(t) else NONE


# A request that involves a time: when something happens or is arranged (where a limit on when the user is free
# bears on it). A time or day named, a question of when, or a verb of arranging something that happens at a time.
_TIMED = re.compile(
    r"\b(?:" + r"|".join(d + r"s?" for d in ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")) +
    r"|mon|tue|tues|wed|thu|thurs|fri|sat|sun|weekends?|weekdays?|today|tonight|tomorrow|mornings?|afternoons?|evenings?|"
    r"nights?|overnight|noon|midday|midnight|week|fortnight|month|(?:this|next|last)\s+\w+|"
    r"jan(?:uary)?|feb(?:ruary)?|march|april|june|july|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|"
    r"(?:on|the|by|from|until|till)\s+\d{1,2}(?:st|nd|rd|th)|\d{1,2}(?:[:.]\d\d)?\s?(?:am|pm)|o'?clock|when|what time|(?:which|what) days?|a (?:time|day|date|slot)|"
    r"times|dates|slots?|schedul\w*|calendar|diary|rota|availability|available|free|reschedul\w*|"
    r"plan|planning|organi[sz]e|organi[sz]ing|arrange|arranging|host|hosting|throw|throwing|set up|invite|inviting|"
    r"meet|meeting|meetup|catch[- ]?up|get[- ]together|call|calls|book\s+(?:a|an|the|us|me|in|somewhere|tickets?|a table))\b",
    re.I)


def timed(request: str) -> bool:
    """The request involves a time: when something happens or is arranged ("plan a barbecue", "find a time next
    week", "can I make it on Saturday?"); "pick a colour scheme for the invitations" does not."""
    return bool(_TIMED.search(request)) or away(request)


# -- whether a schedule touches the request's days (session 21) -----------------------------------------------------
_WD = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
_WD_WORD = r"(?:mon|tue|tues|wed|wednes|thu|thur|thurs|fri|sat|satur|sun)(?:day)?s?"
_WD_SPAN = re.compile(r"\b(" + _WD_WORD + r")\s*(?:to|till|until|til|through|-|–)\s*(" + _WD_WORD + r")\b", re.I)
_WD_ONE = re.compile(r"\b(" + _WD_WORD + r"|weekends?|weekdays?)\b", re.I)
_ORDINAL = re.compile(r"\b(\d{1,2})(?:st|nd|rd|th)\b", re.I)


def _weekday(word: str) -> int | None:
    w = word.lower()
    for k, d in enumerate(_WD):
        if w.startswith(d) and (len(w) == 3 or w[3:].rstrip("s") in ("", "day", "s", "sday", "nesday", "rsday", "urday")
                                or w.startswith(("tues", "wednes", "thur", "satur"))):
            return k
    return None


def _weekdays(text: str) -> frozenset[int]:
    """The days of the week ``text`` names (a span "Tuesday to Friday" every day in it, a weekend Saturday and Sunday)."""
    out: set[int] = set()
    for m in _WD_SPAN.finditer(text):
        a, b = _weekday(m.group(1)), _weekday(m.group(2))
        if a is not None and b is not None:
            out |= {(a + k) % 7 for k in range((b - a) % 7 + 1)}
    for m in _WD_ONE.finditer(text):
        w = m.group(1).lower()
        if w.startswith("weekend"):
            out |= {5, 6}
        elif w.startswith("weekday"):
            out |= {0, 1, 2, 3, 4}
        elif (d := _weekday(w)) is not None:
            out.add(d)
    return frozenset(out)


def _month_days(text: str) -> tuple[int, int] | None:
    m = re.search(_DAYS, text, re.I)
    if not m:
        return None
    a, b = (int(re.match(r"\d+", m.group(g)).group()) for g in ("d1", "d2"))  # type: ignore[union-attr]
    return (a, b) if a <= b else None


def apart(schedule: str, request: str) -> bool:
    """A schedule and a request plainly name different days: the request's days of the month all fall outside the span
    the schedule gives ("away 3rd-10th" and a dinner on the 20th), or its days of the week are none of the schedule's
    ("I work Saturdays" and lunch on Sunday). Only named days count: a request naming none is not apart."""
    span, asked = _month_days(schedule), [int(d) for d in _ORDINAL.findall(request)]
    if span and asked:
        return all(not span[0] <= d <= span[1] for d in asked)
    mine, theirs = _weekdays(schedule), _weekdays(request)
    return bool(mine and theirs) and not mine & theirs
