"""Small talk told by a comment's structure (issue 10, sessions 21-22; split from ``small_talk.py`` in session 24,
behaviour identical): a passing judgement of someone or something, a feeling or a wait-and-see of the moment, a
season's greeting, taking leave of the chat, and an agreement by an auxiliary alone. Each is a pattern the whole
clause matches with none of its "keeps" signals (``gate.features``) in it; ``small_talk.small_talk`` calls them in order."""

from __future__ import annotations

import re

__all__ = ["passing_judgement", "mood_of_the_moment", "season_greeting", "sign_off", "elliptic_agreement"]


def _after_statement(role: str, prev_role: str | None, prev: str | None) -> bool:
    """A user's clause right after the assistant's statement (not its question, which the clause may answer)."""
    return role != "assistant" and prev_role == "assistant" and bool(prev and "?" not in prev)


#: Words a comment may open on before its subject ("honestly the council are hopeless", "wait fr?? that's so dumb").
_COMMENT_LEAD = (r"^\W*(?:(?:oh|ah+|ugh+|omg|god|man|honestly|tbh|ngl|lol|lmao|haha\w*|ha+|well|so|and|but|yeah|yea|ya|welp|"
                 r"sigh|jeez|wow|ok|okay|right|anyway|seriously|literally|just|wait|fr|at\s+least)\W+)*")
_DEGREE = (r"(?:\s+(?:so|very|really|soo+|just|literally|actually|honestly|absolutely|completely|totally|properly|genuinely|"
           r"kinda|kind\s+of|a\s+bit|a\s+little|pretty|quite|too|lowkey|already|still|officially|bloody|such|always))*")
#: A judgement of a person or a thing, said as the whole predicate: an evaluating adjective or a name-calling noun
#: ("a menace", "a sweetheart", "the goat", "pain", "trash"). Not a plain "fine" / "ok" / "good" / "alright": said of a
#: scan, a result or a knee those report a state worth keeping.
_VERDICT_WORD = (
    r"(?:annoying|mad|wild|crazy|nuts|bonkers|insane|typical|grim|brutal|hilarious|funny|cute|lovely|awful|horrible|"
    r"terrible|ridiculous|chaos|chaotic|exhausting|unreal|amazing|iconic|savage|cursed|embarrassing|infuriating|absurd|"
    r"bizarre|weird|hectic|relentless|disaster|joke|bliss|heaven|hell|bleak|menace|sweetheart|star|legend|angel|gem|saint|"
    r"treasure|icon|hero|diva|drama\s+queen|character|handful|pain|nightmare|ugly|gorgeous|beautiful|stunning|adorable|"
    r"sweet|precious|brilliant|fab|fabulous|fantastic|superb|lush|gross|disgusting|vile|dodgy|sketchy|useless|hopeless|"
    r"rubbish|trash|garbage|crap|naff|dull|tedious|wonderful|magic|magical|incredible|unbelievable|mental|barmy|silly|"
    r"daft|stupid|dumb|genius|hysterical|priceless|classic|goat|mvp|blessing|mess|riot|scream|hoot|delight|dream|banger|"
    r"elite|unhinged|feral|overrated|underrated|overkill|spoilt|spoiled|thriving|worth\s+it|the\s+devil|slow|smug|cheeky|"
    r"rude|lazy|grumpy|moody|stubborn|dramatic|stressful|tough|hard\s+work|a\s+lot|too\s+much|doing\s+my\s+head\s+in|"
    # session 22: a sweeping verdict on a kind of thing ("landlords are all the same", "adulthood is a scam", "the
    # traffic here is something else")
    r"all\s+the\s+same|the\s+same\s+everywhere|something\s+else|scam|racket|circus|lottery|worst)")
#: What may trail the judgement: a hedge, a laugh, a concession, a word of now ("he's a sweetheart really", "cute tho",
#: "the printer is cursed today").
_VERDICT_TAIL = (r"(?:\W+(?:really|honestly|tbh|i\s+guess|i\s+suppose|i\s+think|lol|lmao|haha\w*|ha+|though|tho|tbf|ngl|"
                 r"bless\s+(?:him|her|them)|to\s+be\s+fair|as\s+usual|as\s+always|again|anyway|these\s+days|right\s+now|rn|today|"
                 r"tonight|this\s+morning|this\s+week|"
                 r"frankly|obviously|clearly|seriously|truly|btw|by\s+the\s+way|not\s+gonna\s+lie|lowkey|fr))*[\W\d]*$")
_JUDGEMENT = re.compile(
    _COMMENT_LEAD + r"(?:[\w'-]+\s+){0,3}?[\w'-]+(?:'s|s|\s+is|\s+was|'s\s+been|\s+has\s+been|\s+are|'re|\s+were|\s+looks?|"
    r"\s+seems?)" + _DEGREE + r"\s+(?:(?:a|an|such\s+a|such\s+an|the|an\s+absolute|a\s+total|a\s+right|a\s+proper|a\s+real|"
    r"an\s+actual|total|absolute|proper)\s+)?(?:(?:so|very|really|little|bit\s+of\s+a|right|proper)\s+)*" + _VERDICT_WORD
    + r"\b" + _VERDICT_TAIL, re.I)
#: What keeps a judging or a mood clause: a slot, a date, an amount, a name, a relation, a report, a flag, a rule or a change.
_COMMENT_KEEPS = ("slot", "likes_slot", "concrete_time", "unit_number", "number", "name", "relation", "reported",
                  "info_mark", "procedure", "change", "rule_word")


#: A verdict said with no verb: "typical / classic <who or what>" ("typical council", "classic Dave lol"), the whole clause.
_TYPICAL = re.compile(_COMMENT_LEAD + r"(?:typical|classic)(?:\s+(?:of\s+)?[\w'-]+){0,3}" + _VERDICT_TAIL, re.I)
#: What keeps a verbless verdict: a name is only what is judged ("typical Dave"), so it keeps nothing there.
_TYPICAL_KEEPS = tuple(k for k in _COMMENT_KEEPS if k != "name")


def _only(pattern: re.Pattern[str], keeps: tuple[str, ...], values: dict[str, float], clause: str, role: str) -> bool:
    """A user's clause that ``pattern`` matches whole, with none of the ``keeps`` signals in it."""
    return role != "assistant" and bool(pattern.match(clause.strip())) and not any(values.get(k) for k in keeps)


def passing_judgement(values: dict[str, float], clause: str, *, role: str) -> bool:
    """Whether ``clause`` is only a judgement of someone or something: "<subject> is <an evaluating word>" and nothing
    else ("he's a menace", "facebook groups are a menace", "her cats are cute tho"), with nothing checkable in it. What
    the subject has, does, eats or is made of ("the cabin has a kettle", "van's a transit custom") is no judgement."""
    if role == "assistant":
        return False
    if _TYPICAL.match(clause.strip()):
        return not any(values.get(k) for k in _TYPICAL_KEEPS)
    return bool(_JUDGEMENT.match(clause.strip())) and not any(values.get(k) for k in _COMMENT_KEEPS)


#: The speaker's feeling or need of the moment said with nothing it is about ("I'm so tired", "im screaming", "I need
#: a lie down", "I may cry"), or waiting on how things turn out ("we'll see how it goes", "fingers crossed", "wish me
#: luck"): the whole clause, with at most a word of now or a laugh after it. "I'm terrified of heights" names what.
_NOW_TAIL = (r"(?:\s+(?:rn|now|right\s+now|today|tonight|atm|honestly|to\s+be\s+honest|tbh|ngl|lol|lmao|haha\w*|ha+|again|already|tho|though|"
             r"ugh+|man|mate|bro|tbf|at\s+this\s+point|this\s+week|this\s+morning|fr|omg|(?:with|about|of|by)\s+(?:it|this|that)))*"
             r"[\W\d]*$")
_FEELING = (r"(?:tired|exhausted|knackered|shattered|wrecked|done|over\s+it|dead|dying|screaming|crying|sobbing|shaking|"
            r"stressed|stressing|overwhelmed|drained|fried|fuming|raging|livid|gutted|devastated|buzzing|shook|in\s+bits|"
            # session 22: a fear or nerves of the moment, said of nothing ("I'm a bit frightened", "im bricking it")
            r"nervous|frightened|scared|terrified|anxious|bricking\s+it|dreading\s+it|rambling|ranting|waffling|"
            r"losing\s+it|losing\s+my\s+mind|going\s+(?:insane|mad|crazy)|fed\s+up|sick\s+of\s+(?:it|this|that)|"
            r"tired\s+of\s+(?:it|this|that))")
_MOOD = re.compile(
    _COMMENT_LEAD + r"(?:"
    r"(?:(?:i'?m|im|i\s+am|am|i\s+feel|feeling|i'?ve\s+been|i\s+was)" + _DEGREE + r"\s+)?" + _FEELING
    + r"|(?:i\s+)?(?:(?:mostly|just|honestly|actually|literally|really|kinda)\s+)*(?:want|wanna|could|need|might|may|"
    r"am\s+going\s+to|'?m\s+going\s+to|gonna)\s+(?:to\s+)?(?:just\s+)?(?:cry|scream|sleep|nap|die|hide|lie\s+down|curl\s+up|"
    r"a\s+nap|a\s+drink|a\s+holiday|a\s+break|a\s+lie\s+down|a\s+hug)"
    r"|(?:we'?ll|let'?s)\s+see(?:\s+how\s+it\s+goes|\s+what\s+happens)?|time\s+will\s+tell|fingers\s+crossed|"
    # session 22: waiting on how something turns out, what is waited on said as an open question ("we'll see if they do
    # any better", "we'll see how long that lasts", "I guess we'll find out"): nothing is stated yet
    r"(?:i\s+guess\s+|i\s+suppose\s+)?(?:we'?ll|we\s+will|we\s+shall|let'?s|let\s+us)\s+(?:just\s+)?see\s+(?:how|if|whether|what|who|"
    r"when)\b[^,;]*|(?:i\s+guess\s+|i\s+suppose\s+)?(?:we'?ll|i'?ll|we\s+will)\s+(?:soon\s+)?find\s+out(?:\s+soon)?|"
    r"here'?s\s+hoping|wish\s+me\s+luck|touch\s+wood|knock\s+on\s+wood|(?:i\s+)?hope\s+so|hopefully|send\s+help|"
    r"it\s+is\s+what\s+it\s+is|oh\s+well|such\s+is\s+life|"
    # session 26: doubt that what was promised will come ("I'll believe it when I see it", "not holding my breath",
    # "famous last words"): a wait-and-see said with a shrug, nothing stated
    r"i'?ll\s+believe\s+(?:it|that)\s+when\s+i\s+see\s+it|famous\s+last\s+words|(?:i'?m\s+|im\s+)?not\s+holding\s+my\s+breath|"
    r"(?:don'?t|do\s+not)\s+hold\s+your\s+breath|we'?ll\s+see\s+about\s+that"
    r")" + _NOW_TAIL, re.I)


def mood_of_the_moment(values: dict[str, float], clause: str, *, role: str) -> bool:
    """Whether ``clause`` is only the speaker's feeling or need of the moment, or a wait-and-see, with nothing it is
    about and nothing checkable in it."""
    return _only(_MOOD, _COMMENT_KEEPS, values, clause, role)


#: Taking leave (session 22): a farewell closing the clause ("cheerio for now", "right back on the road, laters"), or
#: the speaker leaving the chat with at most a few words after it ("right I'm off to bed", "anyway must go the
#: kettle's on", "ok gotta dash").
_FAREWELL = (r"(?:night\s+night|nighty\s+night|g'?night|good\s*night|nite|cheerio|laters|ttyl|bye(?:\s+bye|-bye)?|ta-?ra|"
             r"see\s+ya|cya|speak\s+(?:soon|later|tomorrow)|talk\s+(?:soon|later|tomorrow)|catch\s+(?:you|ya)\s+later|"
             r"over\s+and\s+out|peace\s+out)")
_LEAVING = (r"(?:(?:i'?m|im|i\s+am)\s+)?off\s+to\s+(?:bed|sleep|kip)|(?:i\s+)?(?:must|gotta|got\s+to|have\s+to|need\s+to)\s+"
            r"(?:go|run|dash|fly|scoot|love\s+you\s+and\s+leave\s+you)|(?:right\s+)?back\s+(?:on\s+the\s+road|to\s+it)")
#: Session 26: leaving the chat for what the speaker does next, told by a word that closes the talk ("right", "anyway",
#: "ok", "well") before it: "right I'm off for a brew", "anyway, off to buy bread", "right, I'd best get on", "ok
#: back to it"; or the chore waiting said as not doing itself ("right, the garden won't weed itself"), or going back to
#: work said as a figure ("back to the salt mines", "back to the grind"). Without the closing word "off to X" may be
#: news ("off to the coast next weekend") and stays with the gate; so does a doing aimed at a definite thing.
_CLOSING = r"(?:right|anyway|anyhow|ok|okay|well|welp|alright|righto)\W+(?:(?:then|so|lol|haha\w*)\W+)?"
_OFF_TO = (r"(?:(?:(?:i'?m|im|i\s+am|we'?re|we\s+are)\s+)?off\s+(?:to|for)\s+"
           # a doing aimed at a thing of one's own is news ("off to sign the lease", "off to pick up our keys")
           r"(?![\w'-]+\s+(?:[\w'-]+\s+)?(?:the|my|our|his|her|their|this|that|these|those)\b)(?:[\w'-]+\s+){0,7}?[\w'-]+"
           r"|(?:i'?d|i\s+had|i|i'?ll|we'?d|i\s+should|i\s+must|i\s+better)?\s*(?:best|better|should|must|need\s+to|"
           r"have\s+to|gotta)?\s*get\s+on(?:\s+with\s+it)?)")
_ITSELF = (r"(?:(?:the|these|those|this|that|my)\s+)?(?:[\w'-]+\s+){0,3}(?:won'?t|will\s+not|aren'?t\s+going\s+to|"
           r"isn'?t\s+going\s+to)\s+[\w'-]+\s+(?:itself|themselves)")
_GRIND = r"(?:(?:i'?m|im)\s+)?back\s+to\s+the\s+(?:salt\s+mines?|grind|coal\s*face|grindstone|trenches|daily\s+grind)"
_THANKS_LEAD = r"^\W*(?:(?:cheers|thanks|ta|ty|lol|haha\w*|ha)\W+)*"
_ERRAND_OFF = re.compile(_THANKS_LEAD + r"(?:" + _CLOSING + _OFF_TO + r"(?:\W+" + _ITSELF + r")?|(?:" + _CLOSING + r")?"
                         + _GRIND + r")" + _NOW_TAIL, re.I)
_CHORE_WAITS = re.compile(_THANKS_LEAD + _CLOSING + _ITSELF + _NOW_TAIL, re.I)
_SIGN_OFF = re.compile(
    _COMMENT_LEAD + r"(?:(?:[\w'-]+\W+){0,5}?" + _FAREWELL + r"(?:\s+for\s+now|\s+all|\s+everyone)?"
    r"|(?:" + _LEAVING + r")(?:\W+[\w'-]+){0,4}?)" + _NOW_TAIL, re.I)
#: What keeps a chore said as not doing itself: only what is checkable (its verb, "weed", "write", is no event). Not
#: the rule word of "must go" nor the change of "for now": the leave-taking says them.
_CHORE_KEEPS = tuple(k for k in _COMMENT_KEEPS if k not in ("rule_word", "change"))
#: What keeps an errand said as leaving: that, a possession ("off to collect my prescription") or an event ("off to the
#: dentist"); not the plan of "off to ..." itself, which the leaving says.
_ERRAND_KEEPS = (*_CHORE_KEEPS, "event", "possessive")
#: What keeps a leave-taking clause: anything checkable, an event ("off to the dentist"), a possession or a plan.
_SIGN_OFF_KEEPS = (*_ERRAND_KEEPS, "plan")


def sign_off(values: dict[str, float], clause: str, *, role: str) -> bool:
    """Whether ``clause`` only takes leave of the chat, with nothing checkable in it."""
    return (_only(_SIGN_OFF, _SIGN_OFF_KEEPS, values, clause, role) or _only(_ERRAND_OFF, _ERRAND_KEEPS, values, clause, role)
            or _only(_CHORE_WAITS, _CHORE_KEEPS, values, clause, role))



#: A season's or a day's greeting opening the clause (session 22): "happy new year!!", "merry christmas", "good
#: Shabbos", "happy Diwali", with at most a few words after it and no number in it ("happy birthday to my son, he's 8
#: today" keeps its age).
_WISH = re.compile(
    _COMMENT_LEAD + r"(?:(?:happy|merry)\s+(?:new\s+year|christmas|xmas|easter|diwali|eid|holidays|hanukkah|thanksgiving|"
    r"halloween|lunar\s+new\s+year|friday|weekend|st\.?\s+[\w'-]+\s+day)|good\s+shabbos|shabbat\s+shalom|eid\s+mubarak|"
    r"shana\s+tova|chag\s+sameach|season'?s\s+greetings)\b(?:\W+[^\d\W][\w'-]*){0,6}[^\d\w]*$", re.I)
#: What keeps a greeting clause: a slot, a relation, a report or a flag (not the holiday's date or name: it is the greeting).
_WISH_KEEPS = ("slot", "likes_slot", "relation", "reported", "info_mark", "procedure")


def season_greeting(values: dict[str, float], clause: str, *, role: str) -> bool:
    """Whether ``clause`` is a season's or a day's greeting with nothing checkable after it."""
    return _only(_WISH, _WISH_KEEPS, values, clause, role)


#: An agreement said with only an auxiliary (session 22): "we always do", "always do", "I never have", "they did too".
_ELLIPTIC = re.compile(
    _COMMENT_LEAD + r"(?:(?:i|we|they|he|she|you|u|it)\s+)?(?:(?:always|never|usually|still|really|definitely|sometimes|"
    r"course|of\s+course|totally|so)\s+)*(?:do|did|does|will|would|can|could|am|is|are|was|were|have|has|had|should)"
    r"(?:n'?t|\s+not)?(?:\s+(?:too|as\s+well|either|anyway|though|tho|lol|haha\w*|tbh|honestly))*\W*$", re.I)


#: An auxiliary alone states no rule: its "always" / "never" keep nothing.
_ELLIPTIC_KEEPS = tuple(k for k in _COMMENT_KEEPS if k != "rule_word")


def elliptic_agreement(values: dict[str, float], clause: str, *, role: str, prev_role: str | None, prev: str | None) -> bool:
    """Whether ``clause`` agrees with the assistant's statement by an auxiliary alone, nothing said of its own. After
    a question ("do you take sugar?" / "I do") the auxiliary is the answer: not this rule's."""
    return _after_statement(role, prev_role, prev) and _only(_ELLIPTIC, _ELLIPTIC_KEEPS, values, clause, role)
