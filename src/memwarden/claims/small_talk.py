"""Kinds of small talk the claim gate's model lets through, told by their structure (issue 10, session 19).

- ``acknowledged_reply``: a user turn right after the assistant's turn that opens on thanks, praise or a
  reaction sound ("cheers. right, back to work", "thanks!! need it", "haha love that, off to bed now") and
  whose clause holds none of ``reply.ANCHORS`` (slot, date, number, name, relation, ...) nor a new point the
  speaker adds ("also", "btw"), a habit ("twice a week"), a negation or a plan with its object ("I'll bring
  the salad"). The opener says the turn answers the assistant; with nothing checkable after it, what follows
  is a reaction ("I'll need it", "in bed by nine like a pensioner"). On the development authors (1-52) no
  fact turn that yields a claim had only such clauses (``bench/chit_classes.py``).
- ``weather_talk``: a clause about the weather of the moment ("the rain hasn't stopped since Monday", "it's
  roasting today", "what a scorcher"), or about the day itself or its traffic and queues ("long one today",
  "the traffic on the bypass this morning"): its subject is the weather, the day or the crowd (a weather noun, a dummy "it" with a weather
  predicate, or a verbless weather word) in every part of the clause, and it holds no slot, concrete date or
  information flag ("rain forecast for the 13th, so the party's inside" keeps its date). A fact said beside it
  in the same clause ("freezing, the boiler died again") keeps the clause.
- ``stock_reaction``: a set phrase of a reaction with one open slot, told by its frame: the next chore as a
  bare infinitive ("now to find a plumber"), a hope waved off ("so much for the forecast", session 20), a joking plea for prayers ("pray for my knees"; not
  "don't tell my sister": a secret kept from someone may be an instruction to follow), a question put off ("ask me again in a month"), the
  wallet or a part of the body said to feel the news ("my wallet is crying", "my knees agree"), with no slot,
  date, amount, flag or rule in the clause.

- ``evaluates_reply`` (session 20): a user clause right after the assistant's turn that only judges what the
  assistant just said, told by its structure: its subject points back at the assistant's message ("that", "this",
  "both of those", "the second one", "the bigger pot idea") or is left out ("sounds way better than ..."), its
  predicate evaluates ("sounds", "looks", "seems", "makes sense", "would work", "is a good point", "is so much
  easier"), or it takes up the assistant's offer as "<the choice> it is" ("oat milk it is"), and every other part of the clause is a filler of the reaction ("hmm I don't know", "hadn't thought of it
  like that", "why didn't I think of that"); with no anchor, possession, state, plan, report, correction or habit in
  the clause. A fact said beside the judgement ("sounds good but I'm vegan", "that works, my freezer is tiny") is its
  own clause, or a part that is no filler, and keeps the claim.

- session 21: ``passing_judgement`` ("<subject> is <an evaluating word>") and ``mood_of_the_moment`` (a feeling or a
  wait-and-see of the moment); session 22 widens both (a wait-and-see with what is waited on, "we'll see if they do any
  better"; a sweeping verdict, "landlords are all the same"; "typical / classic <who>") and adds ``season_greeting``
  ("happy new year!!"), ``sign_off`` ("right I'm off to bed, night night") and ``elliptic_agreement`` ("we always do"
  after the assistant's statement).

All read the gate's features of the clause (``gate.features``); none is a fitted model. Session 24: the comment readings of
sessions 21-22 (from ``passing_judgement`` to ``elliptic_agreement``) live in ``small_talk_comment.py``."""

from __future__ import annotations

import re

from .reply import _ADDITIVE, _ASIDE, _FREQUENCY, _NEGATION, ANCHORS
from .small_talk_comment import (_after_statement, elliptic_agreement, mood_of_the_moment, passing_judgement,
                                 season_greeting, sign_off)
from .small_talk_others import others_moment

__all__ = ["small_talk", "acknowledged_reply", "weather_talk", "stock_reaction", "evaluates_reply", "passing_judgement",
           "mood_of_the_moment", "season_greeting", "sign_off", "elliptic_agreement", "others_moment", "answers_offer",
           "answers_check_in",
           "not_knowing", "ACK_OPENER"]

#: Thanks (in a few languages), praise of what was said, or a reaction sound, opening the turn. Not "yes",
#: "ok" or "oh": those open answers and asides that carry facts ("ok I dropped it at the post office").
ACK_OPENER = re.compile(
    r"^\W*(?:(?:thanks|thank\s+(?:you|u)|thx|ty|tysm|cheers|ta|much appreciated|appreciate it|merci|gracias|danke|"
    r"grazie|obrigad[oa]|salamat|asante|shukriya|dhanyavaad|arigato|perfect|brilliant|lovely|amazing|awesome|fab|"
    r"exactly|fair enough|ikr|haha\w*|ha+|hah|hehe\w*|lo+l|lmf?ao+|ugh+|omg|wow|oof|yikes|phew|aw+|ahh+|ooh+|jeez)"
    r"(?=[\s,.!?:;…)]|$))", re.I)


#: What keeps a clause after an acknowledgement: any anchor of a bare reply, a report ("the physio says ..."),
#: a first-person state or possession ("I've got", "my flat"), a plan with its object, a correction.
_ACK_KEEPS = (*ANCHORS, "says", "state_verb", "possessive", "plan", "contrast")


def acknowledged_reply(values: dict[str, float], clause: str, turn: str, *, role: str, prev_role: str | None) -> bool:
    """Whether ``clause`` of ``turn`` is part of a reply acknowledging the assistant with nothing checkable in it."""
    if role == "assistant" or prev_role != "assistant" or not ACK_OPENER.match(turn):
        return False
    if any(values.get(k) for k in _ACK_KEEPS):
        return False
    return not (_ADDITIVE.search(clause.strip()) or _ASIDE.search(turn) or _NEGATION.search(clause)
                or _FREQUENCY.search(clause))



#: Session 25: the assistant's turn ends on a check-in, asking how the user is or how something went ("How's your
#: evening going?", "How did the first shift go?", "What's up?", "What happened?", "Good or bad?"), not for an amount,
#: a time or a choice ("how much", "how often", "how long").
_CHECK_IN = re.compile(
    r"(?:^|[.!?]\s+)(?:(?:hi|hello|hey|morning|evening|oh\s+no|ha|ooh)\W+)?(?:how(?:'s|\s+is|\s+are|\s+was|\s+were|\s+did|\s+do|"
    r"\s+does|\s+have)?\b(?!\s+(?:much|many|long|often|old|far|big|soon|come|about)\b)|what(?:'s|\s+is)\s+(?:up|new|happening|"
    r"going\s+on|on\s+your\s+mind)\b|what\s+happened\b|(?:good|bad)\s+or\s+(?:good|bad)\b)[^.!?]*\?\s*$", re.I)
#: What keeps an answer to a check-in: anything checkable, a report, a state or possession, a plan, a correction;
#: and a trouble that recurs ("the boiler died again", "downstairs keep leaving bags out", "twice a week").
_CHECK_IN_KEEPS = (*ANCHORS, "says", "state_verb", "possessive", "plan", "contrast")
_RECURS = re.compile(r"\b(?:again|still|keeps?\s+\w+ing|kept\s+\w+ing)\b", re.I)
#: ... and news the speaker takes part in ("they offered me the job", "we put an offer in": any first person in the
#: turn), a report ("the doctor thinks it's gallstones"), or news exclaimed ("all fine, it's a girl!!", a "!").
_TAKES_PART = re.compile(r"\b(?:i|i'm|im|i've|i'd|i'll|me|my|mine|we|we're|we've|we'll|us|our|ours|"
                         r"thinks?|reckons?|says|said|told|tells)\b", re.I)


def answers_check_in(values: dict[str, float], clause: str, turn: str, *, role: str, prev_role: str | None,
                     prev: str | None) -> bool:
    """Whether ``clause`` answers the assistant's check-in ("how did it go?", "what's up?") with how things are right
    now and nothing checkable ("grand, legs felt fresh", "rammed. full of students"): no clause of the turn holds a
    keep (``_CHECK_IN_KEEPS``), the clause tells no event, and the turn holds no trouble that recurs, no first person
    and no report (``_TAKES_PART``: news the speaker is part of, "they offered me the job", is news), and no "!"
    (news is exclaimed: "new job!") (session 25)."""
    if role == "assistant" or prev_role != "assistant" or not prev or not _CHECK_IN.search(prev.strip()):
        return False
    if (any(values.get(k) for k in (*_CHECK_IN_KEEPS, "event")) or _RECURS.search(turn) or _FREQUENCY.search(turn)
            or _TAKES_PART.search(turn) or "!" in turn):
        return False
    from .gate import features  # the gate reads small talk: its features are read here only after a check-in

    whole = features(turn, None, role=role, prev=prev)
    return not any(whole.get(k) for k in _CHECK_IN_KEEPS)

#: Session 24: the assistant's turn ends on an offer of help ("Want help drafting it?", "Shall I make a list?", "Would you
#: like some ideas?"), and the user's turn opens on taking it up, putting it off or turning it down ("yes pls", "maybe
#: tomorrow", "nah", "go on", "leave it").
_OFFER = re.compile(r"(?:^|[.!?]\s+)(?:(?:do\s+you\s+)?want(?:\s+me)?\s+to\b|(?:do\s+you\s+)?want\s+(?:a|an|some|help|me)\b|shall\s+i\b|"
                    r"would\s+you\s+like\b|(?:would|could)\s+it\s+help\b|need\s+(?:a|an|some|help)\b|fancy\b)[^?]*\?\s*$", re.I)
_TAKEN = re.compile(r"^\W*(?:yes|yeah|yep|yeh|ya|yea|ok|okay|sure|go\s+on|please|pls|no|nah|nope|not\s+now|maybe|later|"
                    r"leave\s+it)\b", re.I)
#: What keeps a clause of such a reply: anything checkable (``reply.ANCHORS``), a report or an added point ("also ...").
_OFFER_KEEPS = (*ANCHORS, "says", "likes_slot", "state_verb", "possessive")


def answers_offer(values: dict[str, float], clause: str, turn: str, *, role: str, prev_role: str | None,
                  prev: str | None) -> bool:
    """Whether ``clause`` is part of the user's answer to the assistant's offer of help (taking it, putting it off,
    turning it down, with a reason of the moment: "yes pls but gentle, my calves hate me", "maybe tomorrow, brain's
    fried"), with nothing checkable in it. The timing of the help ("tomorrow") is the offer's, not a fact."""
    if role == "assistant" or prev_role != "assistant" or not prev or not _OFFER.search(prev.strip()):
        return False
    if not _TAKEN.match(turn) or any(values.get(k) for k in _OFFER_KEEPS):
        return False
    return not (_ADDITIVE.search(clause.strip()) or _ASIDE.search(turn) or _FREQUENCY.search(clause)
                or _OWN_REFUSAL.search(clause))



#: Session 26: the speaker does not know, said with at most a hedge ("no idea tbh", "not sure yet", "dunno sorry") and
#: how they will find out ("need to ask around", "I'll dig out the letter", "will look on the app later", "haven't
#: opened the email yet"): an answer that says nothing of the world. What it is about is the question's, not the
#: clause's; anything checkable after it ("no idea, results come in about 4 weeks", "not sure, my wife does the
#: bills") keeps the claim.
_DONT_KNOW = (r"(?:(?:i\s+)?(?:have\s+|'ve\s+)?(?:no|not\s+a|haven'?t\s+(?:got\s+)?a|haven'?t\s+the)\s+(?:\w+\s+)?(?:idea|clue)"
              r"|(?:i'?m\s+|im\s+|i\s+am\s+)?not\s+(?:sure|certain)|dunno|idk"
              r"|(?:i\s+)?(?:honestly\s+|really\s+|genuinely\s+|just\s+)?(?:don'?t|dont|do\s+not)\s+(?:really\s+)?know"
              r"|(?:i\s+)?(?:can'?t|cannot|cant)\s+remember|(?:i\s+)?couldn'?t\s+(?:tell\s+you|say)|not\s+the\s+foggiest"
              r"|beats\s+me|search\s+me)")
_SOFT = r"(?:\W+(?:yet|tbh|honestly|really|either|to\s+be\s+honest|lol|lmao|haha\w*|tho|though|offhand|off\s+hand|atm|rn|mate|sorry|ngl))*"
_FIND_OUT = (r"(?:(?:i'?ll|ill|i\s+will|will|i'?d(?:\s+have\s+to|\s+need\s+to)?|i\s+need\s+to|need\s+to|i'?ve\s+got\s+to|i\s+have\s+to|have\s+to|i'?ll\s+have\s+to|"
             r"gotta|got\s+to|let\s+me|lemme|i'?m\s+going\s+to|gonna|i\s+should|should|i\s+can|can|i\s+must|must)\s+"
             r"(?:(?:just|go\s+and|quickly|probably|prob|have\s+to)\s+)*(?:check|look|ask|find\s+out|dig\s+(?:out|up|through|around)|go\s+through|search|hunt|google|"
             r"have\s+a\s+look|take\s+a\s+look|double[\s-]check|confirm|see)\b"
             r"|(?:i\s+)?(?:haven'?t|have\s+not|didn'?t)\s+(?:even\s+)?(?:opened|read|checked|looked\s+at|seen|asked)\b)"
             r"(?:\s+[\w'-]+){0,8}?")
_NOT_KNOWING = re.compile(r"^\W*(?:(?:honestly|tbh|um+|erm+|hm+|eh|oh|ah|lol|haha\w*|ngl|uh|sorry|ugh|so|well|nah|no)\W+)*"
                          + _DONT_KNOW + _SOFT + r"(?:\W+" + _FIND_OUT + r")?" + _SOFT + r"\W*$", re.I)


#: What keeps a clause of not knowing: anything checkable (``reply.ANCHORS``), but not the rule word of "I'd have to ask".
_KNOWN_KEEPS = tuple(k for k in ANCHORS if k != "rule_word")


def not_knowing(values: dict[str, float], clause: str, turn: str, *, role: str) -> bool:
    """Whether ``clause`` only says the speaker does not know, and at most how they will find out, with none of
    ``_KNOWN_KEEPS`` in it. A turn that gives a figure elsewhere ("I think it was £1,500? can't remember, will check")
    doubts that figure: the clause stays with it."""
    return (role != "assistant" and bool(_NOT_KNOWING.match(clause.strip())) and not any(values.get(k) for k in _KNOWN_KEEPS)
            and not re.search(r"\d", turn))

#: What the speaker cannot or will not have keeps the clause ("go on then, but I can't stand mushrooms").
_OWN_REFUSAL = re.compile(r"\b(?:i|we)\s+(?:\w+\s+)?(?:can't|cant|cannot|don't|dont|won't|wont|never|hate|avoid)\b", re.I)


_LEAD = r"^\W*(?:(?:also|and|but|so|btw|well|ugh+|omg|god|man|wow|honestly|oh|ah|isn't|wasn't)\W+)*"
_WEATHER_NOUN = (r"(?:weather|forecast|rain|snow|sleet|hail|sun|sunshine|wind|fog|mist|drizzle|heat|heatwave|frost|storm|"
                 r"humidity|temperature|temps|clouds|sky)")
_WEATHER_WORD = (r"(?:raining|rained|rainy|pouring|poured|snowing|snowed|hailing|freezing|boiling|roasting|baking|"
                 r"sweltering|scorching|sunny|windy|muggy|humid|chilly|grey|gray|lashing|bucketing|drizzling|foggy|stormy|"
                 r"misty|cold|hot|warm|mild|grim|dreary|miserable|scorcher|glorious)")
_WEATHER_PART = re.compile(
    _LEAD + r"(?:"
    # the weather as the subject: "the weather here is grim", "Leeds rain today", "this heat", "sun's out"
    r"(?:(?:the|this|that|all this|all that|such)\s+)?(?:[A-Z][\w'-]*\s+|here\s+)?" + _WEATHER_NOUN + r"(?:'s)?\b"
    r"(?!\s+(?:app|station|gear|coat|jacket|boots|tyres|tires|report|warning|permitting)\b)"
    # a dummy "it" with a weather predicate: "it's been pouring all week", "it has rained for days"
    r"|it(?:'s|\s+is|\s+was|\s+has|\s+had|\s+keeps|\s+kept)?(?:\s+(?:been|just|still|so|really|absolutely|bloody|"
    r"properly|finally|not|n't|stopped))*\s+" + _WEATHER_WORD + r"\b"
    # a verbless weather word or a weather verb with the subject left out: "scorcher today", "rained all week"
    r"|(?:(?:so|such a|what a|absolutely|bloody|proper|a|another)\s+)?" + _WEATHER_WORD + r"\b"
    r"(?:\s+(?:again|today|tonight|out|here|outside|all|this|since|for|sideways|every|non-stop|nonstop|morning|"
    r"afternoon|evening|day|week)\b|\W*$)"
    # the day itself judged, or its crowds: "today was a day", "long one today", "the traffic on the ring road
    # today", "the queue at the post office this morning was mad" (traffic and queues only with a word of today)
    r"|today\s+(?:was|has\s+been|is)\s+(?:a|such\s+a|one)\b"
    r"|(?:(?:a|such\s+a|what\s+a)\s+)?(?:long|hot|cold|busy|rough|mad|crazy|quiet|slow|good|bad|weird|hectic)\s+"
    r"(?:one|day)\s+(?:today|tonight)\b"
    r"|(?:(?:the|this)\s+)?(?:[A-Z][\w'-]*\s+){0,2}(?:traffic|queues?|commute|roads|motorway|rush\s+hour)\b"
    r"(?!\s+(?:warden|lights?|cones?|police|officer|court|ticket|fine|school|calming|island|lane|report)\b)"
    r"(?=.*\b(?:today|tonight|this\s+(?:morning|afternoon|evening)|rn|right\s+now)\b)"
    r")", re.I)
#: Where a clause splits into parts that each need a subject: a comma, semicolon or dash, or a joining word.
_PARTS = re.compile(r"\s*(?:[,;]|\s[-–—]\s|\s(?:and|so|but|because|cos|bc)\s)\s*", re.I)
#: Features that make a weather clause worth keeping: it is planned around, dated, or flagged as information.
_KEEPS = ("slot", "concrete_time", "info_mark", "procedure", "reported")


#: Where the speaker is, said beside the weather ("raining for 3 weeks straight here in Galway", "sunny at Anna's in
#: Lisbon"): a place of the speaker's, kept (a review of session 19 found "here in Galway" lost with the rain).
_WHERE = re.compile(r"\b(?:here|over here|back|out here)\s+(?:in|at)\s+\w+|\b(?:in|at|from)\s+[A-Z][a-z]+")


def weather_talk(values: dict[str, float], clause: str, *, role: str) -> bool:
    """Whether ``clause`` only talks about the weather of the moment (every part of it does)."""
    if role == "assistant" or any(values.get(k) for k in _KEEPS) or _WHERE.search(clause):
        return False
    parts = [p for p in _PARTS.split(clause.strip()) if re.search(r"[A-Za-z]{2}", p)]
    if not parts or not _WEATHER_PART.match(parts[0]):
        return False
    # every later part also talks about the weather, is one word ("unreal", "brutal"), or is a bare reaction or a
    # word of time ("lol", "all week")
    return all(_WEATHER_PART.match(p) or len(re.findall(r"[\w']+", p)) == 1
               or not re.search(r"[a-z]{3}", re.sub(_TAIL, "", p, flags=re.I)) for p in parts[1:])


#: What may trail a weather clause without being another statement: chat marks and words of time or place.
_TAIL = (r"\b(?:lol|lmao|haha\w*|omg|ugh+|tbh|ngl|honestly|literally|again|today|tonight|all|day|week|weekend|long|"
         r"here|there|out|outside|this|morning|afternoon|evening|since|for|days|weeks|ages|the|a|of|in|so|too|though|tho|"
         r"been|biblical|levels|like|mental|grim|awful|horrible|lovely|glorious|gorgeous|finally|at|last)\b|[^\w\s]|\d+")


#: Set phrases of a reaction with one open slot, each told by its frame, not its filler:
_STOCK = re.compile(
    r"^\W*(?:(?:right|ok|okay|so|and|well|anyway|ha|haha\w*|lol)\W+)*(?:"
    # the speaker's next chore said as a bare infinitive: "now to find a plumber who turns up"
    r"now\s+(?:to|for)\s+\w+"
    # a joking plea for prayers: "pray for my knees" (not "don't tell my sister": keeping a secret from
    # someone may be an instruction the assistant must follow)
    r"|pray\s+for\s+(?:my|our|the)\b"
    # session 24: a vow of exasperation ("I swear if one more person asks ...", "if I see one more ... I will scream"),
    # a rating said as a verdict ("10/10 would do again")
    r"|(?:i\s+swear\s+)?if\s+(?:i\s+(?:see|hear|get|read)\s+)?one\s+more\b"
    r"|10\s*/\s*10\b"
    # a hope or forecast waved off: "so much for Gaz's maths", "so much for the weekend" (session 20)
    r"|so\s+much\s+for\b"
    # a question put off with a laugh: "ask me again in a month"
    r"|ask\s+me\s+(?:again\s+)?in\s+(?:a|an|one|two|a few|\d+)\b"
    # a part of the body or the wallet said to feel the news: "my wallet is crying", "my knees agree"
    # session 22: a greeting passed on ("Sabrine says hi"), an apology for talking too much ("sorry I'm rambling")
    r"|(?:[\w'-]+\s+){1,3}(?:says|said|sends)\s+(?:hi|hello|hey|hiya|(?:her|his|their)\s+love)"
    r"(?:\s+(?:btw|lol|haha\w*|too|back|x+|by\s+the\s+way))*[^\w]*$"
    r"|sorry\W+(?:(?:i'?m|im|i\s+am|for)\s+)?(?:rambling|ranting|going\s+on|the\s+rant|the\s+essay|moaning|venting)"
    r"(?:\s+(?:tonight|today|again|lol|haha\w*|a\s+bit|there))*[^\w]*$"
    r"|(?:my|our)\s+(?:poor\s+)?(?:wallet|bank account|bank balance|bank|liver|brain|knees?|back|feet|legs|calves|arms|"
    r"hands|wrists|heart|ears|eyes|stomach|tummy)\s+(?:is\s+|are\s+|has\s+|have\s+)?(?:already\s+|still\s+|now\s+)?"
    r"(?:crying|screaming|weeping|sobbing|protesting|begging|agrees?|thanks?\s+me|thanking\s+me|hates?\s+me|"
    r"not\s+thrilled|disagrees?|says\s+(?:no|yes|thank\s+you|thanks)|does\s+not|doesn'?t|died|dead)\b"
    r")", re.I)
#: What keeps such a clause: a slot, a date, an amount, a flag or a rule said in it.
_STOCK_KEEPS = ("slot", "concrete_time", "unit_number", "info_mark", "procedure", "rule_word")


#: Session 24: a rating closing the clause as its verdict ("free sausage rolls at the AGM so 10/10", "the nurse does the
#: best tea, 10/10"): the score judges what was just said; its "10" is no amount.
_RATING = re.compile(r"(?:^|.*?(?:,|\bso)\s+)10\s*/\s*10\b(?:\s+(?:would|will)\b.*|\s+[\w'-]+)?\W*$", re.I)


#: Session 26: the question put off, whole ("ask me again in a month lol", "eh. ask me in a week how calm I am"): its
#: span of time is the joke's, not a date to keep.
_PUT_OFF = re.compile(r"^\W*(?:(?:eh|meh|ha|haha\w*|lol|lmao|well|so|we'?ll\s+see)\W+)*ask\s+me\s+(?:again\s+)?in\s+(?:a\s+few|a\s+couple\s+of|"
                      r"[\w-]+)\s+\w+(?:\s+(?:or\s+(?:two|so)|time))?(?:\s+(?:how|if|whether|what)\b[^,;.!?]*)?"
                      r"(?:\W+(?:lol|lmao|haha\w*|ha|tbh|honestly))*\W*$", re.I)


def stock_reaction(values: dict[str, float], clause: str, *, role: str) -> bool:
    """Whether ``clause`` is one of the set phrases of a reaction (``_STOCK``) with nothing checkable in it."""
    if role != "assistant" and _RATING.match(clause.strip()) and not any(values.get(k) for k in _STOCK_KEEPS if k != "unit_number"):
        return True
    if role != "assistant" and _PUT_OFF.match(clause.strip()) and not any(
            values.get(k) for k in _STOCK_KEEPS if k not in ("unit_number", "concrete_time")):
        return True
    return role != "assistant" and bool(_STOCK.match(clause)) and not any(values.get(k) for k in _STOCK_KEEPS)


#: Words a reaction opens on before its judgement ("oh wow", "hmm", "ok honestly", "yeah", "wait").
_EVAL_LEAD = (r"^\W*(?:(?:oh|ooh+|ah+|aw+|hm+|mm+|um+|uh+|eh|ok|okay|yeah|yea|ya|yep|yes|right|well|so|wait|and|but|lol|lmao|"
              r"haha\w*|ha+|wow|omg|ugh+|honestly|tbh|ngl|i mean|actually|huh|man|god|nice|true|fair)\W+)*")
#: What points back at the assistant's message: a demonstrative, "both / either / all of those", an ordinal one
#: or option, or a noun the assistant offered said with "idea / suggestion / option / tip / plan" ("the bigger pot idea").
_BACK = (r"(?:that|this|those|these|(?:both|either|neither|all|each)(?:\s+of\s+(?:those|these|them|the\s+two|them\s+two))?"
         r"|(?:the|that|this|your)\s+(?:(?:first|second|third|last|other|latter|former|second\s+one's|new|\w+)\s+)?"
         r"(?:one|ones|option|options|idea|ideas|suggestion|suggestions|tip|tips|trick|plan|approach|way|version|route|point)"
         r"|it)")
#: An evaluating predicate: a verb of appearance, sense or working, or "is" with a judging word ("is a really good
#: point", "is so much easier", "is exactly what I needed", "is genius").
_JUDGE_WORD = (r"(?:good|great|fine|ok|okay|nice|easier|better|worse|harder|simpler|quicker|cheaper|best|perfect|brilliant|smart|"
               r"clever|genius|helpful|useful|handy|fair|true|right|wrong|spot\s+on|bad|terrible|awful|mad|wild|crazy|insane|"
               r"hilarious|funny|annoying|typical|classic|ridiculous|amazing|lovely|cute|sweet|weird|odd|interesting|doable|"
               r"reasonable|sensible|logical|obvious|fascinating|cool|neat|exactly|precisely|so\s+much|a\s+lot|a\s+relief|"
               r"reassuring|a\s+shame|a\s+pity|a\s+game\s+changer|a\s+lifesaver|(?:a|an)\s+(?:\w+\s+){0,2}(?:point|idea|"
               r"shout|call|tip|trick|plan|thought|option|one|shout|suggestion))")
_ADVERBS = (r"(?:\s+(?:not|n't|actually|really|honestly|definitely|probably|so|very|pretty|quite|just|literally|way|kinda|"
            r"kind\s+of|sort\s+of|totally|also|still|even|all|a\s+bit|much|genuinely|seriously|lowkey|absolutely|such))*")
_PREDICATE = (r"(?:'s|s|\s+is|\s+are|'re|\s+was|\s+were|\s+would|'d|\s+could|\s+might|\s+should|\s+will|'ll|\s+does|\s+do)?"
              r"(?:\s+(?:have\s+)?(?:be|been))?" + _ADVERBS +
              r"\s+(?:sounds?|sounded|looks?|looked|seems?|seemed|feels?|makes?\s+(?:\w+\s+){0,3}?sense|works?|worked|helps?|"
              r"helped|saves?|explains?|" + _JUDGE_WORD + r")\b")
_ELIDED = (r"(?:(?:sounds|looks|seems|feels)\s+(?:\w+\s+){0,2}?(?:good|great|fine|nice|easier|better|perfect|right|like|fair|"
           r"reasonable|sensible|doable|promising|brilliant|ideal|smart|simpler|quicker|cheaper)|makes\s+(?:\w+\s+){0,3}?sense"
           r"|good\s+(?:call|idea|shout|point|plan|thinking|tip)|fair\s+point|not\s+a\s+bad\s+(?:idea|shout|shout)|"
           r"(?:could|might|would|should)\s+work)\b")
#: Taking up what the assistant offered, said as "<the choice> it is" ("oat milk it is", "the 7:40 it is then"): the
#: choice is the assistant's words, the clause adds nothing of its own.
_TAKEN_UP = r"(?:[\w'-]+\s+){1,4}it\s+is(?:\s+then)?\W*(?:then\W*)?$"
_EVALUATES = re.compile(_EVAL_LEAD + r"(?:" + _BACK + _PREDICATE + r"|" + _ELIDED + r"|" + _TAKEN_UP + r")", re.I)
#: What may stand beside the judgement in the clause without being a statement of its own: a doubt, a laugh, a
#: word of having not thought of it, "to be honest", or a word or two ("honestly", "to me").
_FILLER = re.compile(
    r"^\W*(?:(?:oh|hm+|mm+|um+|eh|well|ok|okay|yeah|lol|haha\w*|honestly|tbh)\W+)*(?:"
    r"i\s+(?:don't|dont|do\s+not)\s+know|idk|not\s+sure|i'm\s+not\s+sure|i\s+guess|i\s+suppose|i\s+think|to\s+be\s+honest"
    r"|(?:i\s+)?(?:hadn't|had\s+not|never|didn't|did\s+not)\s+(?:\w+\s+)?thought\s+(?:of|about)\s+(?:it|that|this)\b.*"
    r"|why\s+(?:didn't|did\s+not|hadn't)\s+i\s+think\s+of\s+(?:it|that|this)\b.*"
    r"|now\s+that\s+you\s+(?:say|put|mention)\b.*"
    r"|(?:to|for)\s+me|in\s+theory|i\s+reckon|i'd\s+say|for\s+sure|to\s+be\s+fair|tbf|thanks?|thank\s+you|cheers)\W*$", re.I)
#: What keeps a judging clause: anything checkable (``reply.ANCHORS``), a possession or a state of the speaker, a plan,
#: a report, a correction, or a habit.
_EVAL_KEEPS = (*ANCHORS, "possessive", "state_verb", "plan", "says", "contrast")


def evaluates_reply(values: dict[str, float], clause: str, *, role: str, prev_role: str | None, prev: str | None) -> bool:
    """Whether ``clause`` (after the assistant's statement) only judges what the assistant said: every part of it is a
    judgement pointing back at the assistant's message or a filler of the reaction, with nothing checkable in it.
    After the assistant's question ("shall I book the 7pm?") "that works" answers it: not this rule's."""
    if not _after_statement(role, prev_role, prev):
        return False
    if any(values.get(k) for k in _EVAL_KEEPS):
        return False
    if _FREQUENCY.search(clause) or _ASIDE.search(clause) or _ADDITIVE.match(clause.strip()):
        return False
    parts = [p for p in _PARTS.split(clause.strip()) if re.search(r"[A-Za-z]{2}", p)]
    if not parts or not any(_EVALUATES.match(p) for p in parts):
        return False
    return all(_EVALUATES.match(p) or _FILLER.match(p) or len(re.findall(r"[\w']+", p)) == 1
               or not re.search(r"[a-z]{3}", re.sub(_TAIL, "", p, flags=re.I)) for p in parts)


def small_talk(values: dict[str, float], clause: str, turn: str, *, role: str, prev_role: str | None,
               prev: str | None = None) -> str | None:
    """The receipt's reason when ``clause`` (kept by the gate's model) is one of the thirteen kinds of small talk, else None."""
    if acknowledged_reply(values, clause, turn, role=role, prev_role=prev_role):
        return "thanks or a reaction to the assistant, nothing checkable"
    if answers_offer(values, clause, turn, role=role, prev_role=prev_role, prev=prev):
        return "only answers the assistant's offer of help"
    if answers_check_in(values, clause, turn, role=role, prev_role=prev_role, prev=prev):
        return "only says how things are, asked how they are"
    if not_knowing(values, clause, turn, role=role):
        return "only says the speaker does not know"
    if weather_talk(values, clause, role=role):
        return "the weather or the day of the moment"
    if stock_reaction(values, clause, role=role):
        return "a set phrase of a reaction"
    if evaluates_reply(values, clause, role=role, prev_role=prev_role, prev=prev):
        return "only judges what the assistant said"
    if passing_judgement(values, clause, role=role):
        return "only a judgement of someone or something"
    if mood_of_the_moment(values, clause, role=role):
        return "a feeling or a wait-and-see of the moment"
    if season_greeting(values, clause, role=role):
        return "a season's greeting"
    if sign_off(values, clause, role=role):
        return "taking leave of the chat"
    if elliptic_agreement(values, clause, role=role, prev_role=prev_role, prev=prev):
        return "an agreement by an auxiliary alone"
    if others_moment(values, clause, role=role, prev_role=prev_role, prev=prev):
        return "how someone takes the news right now"
    return None
