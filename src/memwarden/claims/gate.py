"""The claim gate: does an extracted clause state something that persists about the user or
their world, or is it a reaction?

The extractor's own filters (``lexicon.CHITCHAT`` and friends) list whole phrasings and were
tuned on one author's wording; on another author's turns 34-45 % of chit-chat became claims
("pray for me", "best decision ever", "ugh mondays am i right"). The gate looks instead at
what a clause is *made of*, with signals that do not depend on the exact words:

- anchors that make a statement checkable later: a slot the extractor recognised, a concrete
  date or time (not just "today"), a number with a unit, a name, a relation ("my sister"),
  a possession or a first-person state/habit verb ("I take", "we have", "my X is");
- marks of a reaction: an interjection or chat marker at the head or tail ("ugh", "lol",
  emoji, drawn-out letters, "!!!"), a rhetorical tag ("am i right", "who knows"), an
  imperative addressed to the listener with no standing-rule word ("pray for me", not "always
  answer me in Spanish"), an evaluation with nothing stateful behind it ("life is weird",
  "best decision ever"), a verbless fragment with no anchor, a passing state ("so tired
  today", "brb").

Each signal is a named feature (regexes over the clause as said, plus the extractor's slot,
time, subject and voucher for it); a logistic model with the weights below turns them into a
probability that the clause is a reaction. The weights are fitted by ``bench/fit_gate.py`` on
``evals/cases/turns.jsonl`` and the labelled messages of ``evals/scenarios/dev*.json`` (three
authors; 5-fold cross-validated and across-author numbers in BENCHMARKS.md), so they are data,
not code: refit rather than edit them. A clause is dropped only above ``THRESHOLD`` (the lowest
that keeps every training fact, plus a margin), and the receipt names the most telling signal:
"no claim: reaction/chit-chat (interjection-led fragment)". Deterministic, stdlib only, about
0.2 ms per clause.
"""

from __future__ import annotations

import math
import re
from typing import Any, Iterable

from . import lexicon as L
from .clauses import STATE_WORD, states_a_change

__all__ = ["features", "judge", "check", "p_chat", "Verdict", "measure_turns", "FEATURES"]

#: Off switch for measuring the extractor without the gate (``bench/bench_gate.py --no-gate``).
ENABLED = True

_W = re.compile(r"[A-Za-z0-9][A-Za-z0-9'-]*")
#: Interjections that colour what follows ("ugh my flight..."); greetings ("hi", "hello") only open a turn.
_INTERJ = re.compile(r"^(?:u+gh+|ha+!*|ha(?:ha)+h?|he(?:he)+|lol|lmao|omg|o+h+|a+h+|a+w+|wo+w|m+h*m+|h+m+|phew|yay+|yikes|oof|"
                     r"meh|rip|pfft|ooh+|ta|ok|okay|sigh|welp|whew|argh+|gah|bah|ew+|eek|nope|yep|yeah|nah|"
                     r"whatever|kinda|anyway|anyways|sooo+|welp|god|jeez|geez|wait|screaming|dead|same)\b", re.I)
_INTERJ_HEAD = re.compile(r"^(?:whatever|ugh+|ha+|lol|meh|sigh|welp|god|jeez|ok|okay|kinda|honestly|ngl|tbh)\b[\s,!.:;-]*", re.I)
_YES_NO = re.compile(r"^(?:yeah|yes|yep|yup|nah|no|nope|ok|okay|sure)\b", re.I)
_CHAT_TAIL = re.compile(r"(?:\b(?:lo+l+|lmf?a+o+|ha(?:ha)+\w*|he(?:he)+\w*|xd|tbh|ngl|smh|fml|brb|rip|jk|whatever)|!{2,}|\?!|"
                        r"[\U0001F300-\U0001FAFF\u2600-\u27BF])\W*$", re.I)
_DRAWN = re.compile(r"\b\w*([a-z])\1\1\w*\b", re.I)  # "sooo", "heyyy", "ugghhh"
_RHETORIC = re.compile(r"\b(?:am i right|amirite|isn't it|aren't they|right\?|who knows|you know|know what i mean|"
                       r"fight me|don't @ me|go figure|of all things|classic|typical|as usual|story of my life|"
                       r"one of those days|what can you do|oh well|kill me|send help|why me|who decided|don't ask)\b", re.I)
#: Words that turn an imperative into a standing rule ("always answer in Spanish", "never use lodash").
_RULE_WORD = re.compile(r"\b(?:always|never|from now on|only|don't|do not|no more|stop|pls|please|every|whenever|in future|"
                        r"going forward|instead|must|mustn't|required|not allowed)\b", re.I)
_IMPERATIVE_ME = re.compile(r"(?:^|[,.!;]\s*)(?!(?:I|we|my|our|he|she|they|it|the|a|an|this|that|you|u|and|but|so|just|only|not|no|"
                            r"with|for|to|from|like|than|except|but|both|all|including|plus|about|of|by|even|except|apart)\b)[a-z]+\s+"
                            r"(?:\w+\s+){0,2}?(?:me|us)\b", re.I)
_SUBJ_VERB = re.compile(
    r"\b(?:(?i:I|we|he|she|they|it|you)|(?-i:[A-Z][a-z]+)|(?i:my|our|his|her|their|the)\s+(?:\w+\s+){0,2}?\w+)\s+"
    r"(?:(?:just|still|now|also|finally|always|never|already|really|only|usually|actually)\s+)?"
    r"(?:am|is|are|was|were|have|has|had|do|does|did|will|would|can|could|should|must|got|\w+ed|\w+[^s\W]s)\b|"
    r"\b(?:I'm|I've|I'll|I'd|we're|we've|he's|she's|they're|it's|\w+'s\s+(?:in|on|at|a|an|the|\w+ing|\w+ed))\b|"
    r"^(?:I|we)\s+\w+|"
    r"\b[a-z]\w*\s+(?:am|is|are|was|were|has|have|had|must|will|would|can|could|should|says|said|do|does|did|won't|can't|"
    r"wouldn't|isn't|aren't|wasn't|doesn't|didn't|needs|wants|runs|uses)\b", re.I)
_STATE_VERB = re.compile(
    r"\b(?:I|we)(?:'ve|'m|'re)?\s+(?:(?:just|still|now|also|finally|always|never|already|only|usually|currently)\s+)?(?:am|have|own|live|work|"
    r"use|take|prefer|need|want|run|play|speak|study|teach|drive|eat|drink|earn|pay|owe|rent|keep|go|do|don't|can't|cannot|"
    r"moved|switched|started|stopped|quit|joined|bought|sold|booked|adopted|got|married|signed|left|changed|been|living|working|"
    r"using|taking|doing|training|learning|studying)\b|\b(?:I|we)(?:'m|'re|'ve)\s+(?:an?|the|on|in|at|off|allergic|vegan|vegetarian)\b|"
    r"\b(?:my|our)\s+(?:\w+\s+){0,2}?(?:is|are|was|were|has|have|'s|starts|ends|runs|lives|works|expires|moved|turns)\b", re.I)
_POSSESSIVE = re.compile(r"\b(?:my|our|mine|ours)\s+\w+|(?-i:\b(?!(?:It|That|What|There|Here|Let|He|She|Who|This)'s)[A-Z][a-z]+'s)\s+\w+", re.I)
_MONEY_UNIT = re.compile(r"(?:[£$€]\s?\d|\b\d+\.\d\d\b|\d\s+each\b|\d\s?(?:k|m|%|mg|mcg|iu|kg|km|gb|tb|mb|lbs?|quid|grand|pounds|dollars|euros)\b|"
                         r"\b\d+\s*(?:a|per)\s+(?:month|week|year|day)|#\d+|\b\d{3,}\s?\d{3,}|\b\d{1,2}(?::\d\d|am|pm)\b)", re.I)
_NUMBER = re.compile(r"\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|"
                     r"hundred|thousand|dozen|half)\b", re.I)
_DEICTIC_TIME = re.compile(r"^(?:today|tonight|now|this (?:morning|afternoon|evening)|right now|later|just now|earlier)$", re.I)
_PASSING = re.compile(r"\b(?:(?:is|are|am|'m|'re)\s+being|atm|rn|brb|gonna|later|for a bit|at the moment|"
                      r"can't sleep|so tired|tired|bored|hungry|sleepy|exhausted|stressed|meh)\b", re.I)
#: The time it is now ("it's 10:30pm", "like 3am"): said of the moment, not of an event.
_CLOCK_NOW = re.compile(r"^(?:(?:it's|its|it is)\s+)?(?:like|already|nearly|almost|past)?\s*\d{1,2}(?::\d\d)?\s*(?:am|pm)\b(?!\s+(?:on|next|this|tomorrow|"
                        r"monday|tuesday|wednesday|thursday|friday|saturday|sunday))", re.I)
#: An event with a participant: a subject and a past-tense verb ("my flight got cancelled", "they met at work").
_EVENT = re.compile(r"(?:^|\b(?:I|we|he|she|they|(?:my|our|his|her|their|the)\s+\w+|(?-i:[A-Z][a-z]+))(?:'ve|'d|\s+have|\s+has|\s+had)?\s+)"
                    r"(?:(?:just|finally|already|also|actually|recently|officially)\s+)?"
                    r"(?:\w+ed|got|went|broke|met|lost|won|sold|bought|quit|left|took|made|found|gave|came|became|began|"
                    r"fell|flew|drove|wrote|ran|paid|spent|had|built|sent|split|hit|cut|set|shut|put|grew|swapped|kept|held|chose|"
                    r"forgot|wore|stole|threw|caught|taught|brought|told|sold|bought|won|lent|lost|broke)\b", re.I)
_EVAL = re.compile(
    r"\b(?:weird|strange|ridiculous|robbery|worst|best|funny|hilarious|exhausting|satisfying|delicious|grim|wild|cursed|"
    r"bane|therapy|life|complicated|overrated|underrated|insane|mad|lovely|cute|adorable|nice|great|awesome|amazing|"
    r"terrible|awful|horrible|annoying|boring|crazy|perfect|gorgeous|beautiful|brilliant|good|bad|sweet|hits different|"
    r"a vibe|vibes|the dream|a nightmare|a joke|a construct)\b", re.I)
_GENERIC_HEAD = re.compile(r"^(?!(?:I|I'm|I've|we|we're|my|our|the|this|that|his|her|their|he|she|it|it's|they|you|a|an)\b)"
                           r"[a-z]+(?:\s+[a-z]+)?\s+(?:is|are|was|were|hits|makes|=)\b")
_HEDGE_INTENT = re.compile(r"\b(?:i think|maybe|might|who knows|at some point|thinking of|thinking about|probably|idk|not sure|"
                           r"i guess|kinda|sort of)\b", re.I)
_PRONOUN_TAIL = re.compile(r"\b(?:it|him|her|them|that|this|one)(?:\s+(?:though|tho|too|lol|haha|again|anyway|later))?\W*$", re.I)
_I_SUBJ = re.compile(r"\b(?:I|I'm|I've|I'd|we|we're|we've)\b(?!')")
#: First person doing or being something (not a mental or reaction verb: "I think", "I know", "I'll need it").
_I_VERB = re.compile(r"\b(?:I|we)(?:'ve|'m|'re)?\s+(?:(?:just|still|now|also|usually|always|never|really|only|basically)\s+)?"
                     r"(?!(?:think|guess|mean|suppose|hope|wish|bet|know|knew|feel|felt|wonder|love|hate|need|want|wanted|"
                     r"was|were|'ll|will|would|'d|could|can|might|may|don't|didn't|swear|agree|appreciate)\b)[a-z]+\b")
#: A value corrected or contrasted: "vitest, not jest", "Porto instead of Seville", "the 14th not the 4th".
_CONTRAST = re.compile(r"\w,?\s+(?:not|instead of|rather than)\s+(?:the\s+|a\s+)?\w+\s*\W*$|\binstead of\b|\brather than\b", re.I)
#: A definite thing in a state: "the recycling box is blue here", "our flat is on the 3rd floor" (not "being so weird").
_DEFINITE_STATE = re.compile(r"^(?:the|my|our|his|her|their)\s+(?:[\w'-]+\s+){0,3}?(?:is|are|was|were|'s)\s+(?!(?:so|such|being|just|really|"
                             r"literally|honestly|too|very)\b)\w", re.I)
#: A lasting state with the subject elided: "off dairy for good", "done with gluten from now on".
_ELLIPTIC_STATE = re.compile(r"^(?:off|on|done with|quit|no more|back on|going)\s+[\w' -]{2,30}?\s+(?:for good|from now on|any ?more)\b", re.I)
#: Someone's report ("security team says ...") when no frame was recognised by the extractor.
_SAYS = re.compile(r"\b[a-z]+\s+(?:says|said|told (?:me|us)|confirmed|reckons|insists|mentioned)\b", re.I)
#: A plan with a concrete object: "I'll bring a crumble", "we're going to paint the hall" (not "I'll need it").
_PLAN = re.compile(r"\b(?:I'll|I will|we'll|we will|I'm going to|we're going to|gonna)\s+(?:\w+\s+){1,2}?(?:a|an|the|my|our|some|\d+)\s+\w+", re.I)
#: Dialogue-act marks that carry over between authors and topics (fitted, not hand-weighted):
#: laughter or a chat token anywhere in the clause ("took 3 weeks lol, worth it").
_CHAT_ANY = re.compile(r"\b(?:lo+l+|lmf?a+o+|rofl|ha(?:ha)+h?|he(?:he)+|tbh|ngl|smh|fml|jk|i swear|honestly|literally|xd)\b|"
                       r"[\U0001F300-\U0001FAFF\u2600-\u27BF]|[!?]{2,}", re.I)
#: A greeting, interjection or backchannel opening any sentence of the turn ("morning!! ...", "huh. ...").
_TURN_OPENER = re.compile(r"(?:^|[.!?]\s+)(?:hi|hey|hello|yo|morning|evening|afternoon|good (?:morning|evening|afternoon)|"
                          r"huh|hah|heh|whoa|yikes|ugh+|lol|haha\w*|omg|wow|aw+|oh+ (?:well|no|god|man)|ok|okay|sigh|phew)\b[\s,!.?:]*", re.I)
#: Shouting: an all-capital word with two vowels ("SPEECH", "DEAD", "AAAAH"; acronyms such as HMRC or JSON rarely have two).
_SHOUT = re.compile(r"\b(?=[A-Z]*[AEIOUY][A-Z]*[AEIOUY])[A-Z]{4,}\b")
#: Overstatement: a superlative of all time or everyone, an oath ("worst teeth of any dog alive i swear", "in ages").
_HYPERBOLE = re.compile(r"\b(?:ever|forever|alive|in ages|of all time|to death|death wish|never again|out the window|"
                        r"everyone|everybody|nobody|no one|the whole world|all along|for days|for ages|million|zillion)\b", re.I)
#: A feeling or a reaction said as such (a class of words, not one author's phrases).
_EMOTIVE = re.compile(r"\b(?:pumped|excited|stoked|thrilled|gutted|devastated|nervous|anxious|stressed|annoyed|annoying|"
                      r"frustrat\w+|furious|sad|glad|proud|relieved|cried|crying|laughing|dying|mush|fried|"
                      r"wholesome|feral|useless|ridiculous|can't wait|cannot wait|not ready|so ready|over it|rant\w*|"
                      r"moan\w*|vent\w*|jealous|bored|lonely|miserable|ecstatic|buzzing|knackered|shattered)\b", re.I)
#: An activity in progress with no subject ("setting three alarms", "eating toast"): what one is doing right now.
_ING_HEAD = re.compile(r"^(?!(?:morning|evening|nothing|something|anything|everything|wedding|building|meeting|ceiling|"
                       r"spring|string|thing|king|ring|pudding|sibling|darling|viking|during|ping|bring|sing|wing|swing|"
                       r"sterling|booking|parking|housing|clothing|training|heating|funding|pending|ongoing)\b)[a-z]{3,}ing\b", re.I)
#: The speaker flags what follows as information to keep ("fyi the boiler guy comes thursday").
_INFO_MARK = re.compile(r"\b(?:fyi|heads up|just so you know|for the record|for (?:future )?reference|note that|reminder|"
                        r"remember that|keep in mind|important)\b", re.I)
#: A procedure stated with a generic "you" ("you need to be on the vpn before deploying"): a standing fact.
_PROCEDURE = re.compile(r"\byou\s+(?:need|have|'ve got|must|should|got)\s+(?:to\s+)?\w+.*\b(?:before|after|when|whenever|"
                        r"otherwise|unless|if|first|or else)\b", re.I)
_NAME = re.compile(r"(?<=\w[\s,(])(?!I\b|I'm\b|I've\b|I'll\b)[A-Z][A-Za-z0-9]+|\b[A-Z]{2,}[a-z]*\b")

#: Feature names in weight order; each is 0/1 except ``words`` (log word count).
FEATURES = ("slot", "likes_slot", "concrete_time", "deictic_time", "unit_number", "number", "name", "relation", "possessive",
            "state_verb", "subject_verb", "third_party", "reported", "hedged", "interjection_head", "chat_tail", "drawn_out",
            "rhetorical", "imperative_me", "rule_word", "evaluative", "generic_subject", "passing", "hedged_intent",
            "you", "answer_to_question", "words", "assistant", "question_mark", "pronoun_tail", "no_anchor", "bare_fragment",
            "event", "i_verb", "contrast", "short_bare", "definite_state", "says", "plan",
            "chat_inside", "turn_opener", "turn_chat", "shout", "hyperbole", "emotive", "ing_head", "info_mark", "procedure",
            "change", "anchors", "marks")

#: Fitted by ``bench/fit_gate.py`` (L2 logistic regression, positive class = chit-chat).
WEIGHTS: dict[str, float] = {
    'slot': -0.466,
    'likes_slot': -0.429,
    'concrete_time': -0.284,
    'deictic_time': 0.764,
    'unit_number': -0.176,
    'number': -0.454,
    'name': -1.23,
    'relation': 0.61,
    'possessive': -0.54,
    'state_verb': -0.446,
    'subject_verb': 0.015,
    'third_party': -0.331,
    'reported': -0.333,
    'hedged': 0.65,
    'interjection_head': 0.865,
    'chat_tail': -0.311,
    'drawn_out': 0.814,
    'rhetorical': 1.071,
    'imperative_me': 0.748,
    'rule_word': -0.077,
    'evaluative': 0.751,
    'generic_subject': 0.003,
    'passing': 1.27,
    'hedged_intent': 0.408,
    'you': 0.46,
    'answer_to_question': -0.517,
    'words': -0.691,
    'assistant': 0.549,
    'question_mark': -0.058,
    'pronoun_tail': 0.072,
    'no_anchor': 0.78,
    'bare_fragment': -0.243,
    'event': -0.065,
    'i_verb': -0.059,
    'contrast': -0.134,
    'short_bare': 0.923,
    'definite_state': 0.039,
    'says': -0.101,
    'plan': 0.623,
    'chat_inside': 0.352,
    'turn_opener': -0.279,
    'turn_chat': -0.297,
    'shout': 0.416,
    'hyperbole': 1.039,
    'emotive': 1.478,
    'ing_head': 0.376,
    'info_mark': -0.153,
    'procedure': -0.281,
    'change': -0.33,
    'anchors': -0.911,
    'marks': 2.166,
}
BIAS = -0.513
#: Drop a clause only when P(chit-chat) is above this.
THRESHOLD = 0.507

#: What each chit-chat signal is called in a receipt.
_REASON = {
    "interjection_head": "interjection-led fragment", "chat_tail": "chat marker, nothing stateful", "drawn_out": "drawn-out reaction",
    "rhetorical": "rhetorical or joking tag", "imperative_me": "imperative to the listener, no standing rule",
    "evaluative": "evaluation with nothing stateful", "generic_subject": "generic musing", "passing": "passing state or aside",
    "hedged_intent": "vague intention", "you": "about the listener", "question_mark": "question",
    "assistant": "assistant remark", "words": "short fragment with no anchor", "pronoun_tail": "says nothing beyond a pronoun",
    "no_anchor": "no name, number, date, slot or state", "bare_fragment": "verbless fragment with no anchor",
    "short_bare": "verbless fragment with no anchor", "chat_inside": "chat marker, nothing stateful",
    "turn_opener": "greeting or interjection in its turn", "turn_chat": "reaction mark in its turn", "shout": "shouted reaction",
    "hyperbole": "overstatement", "emotive": "a feeling, nothing stateful", "ing_head": "what one is doing right now",
}


_STRONG_ANCHORS = ("slot", "likes_slot", "concrete_time", "unit_number", "name", "relation", "state_verb", "event", "reported",
                   "definite_state", "info_mark", "procedure", "change", "contrast", "says")
_MARKS = ("interjection_head", "chat_tail", "drawn_out", "rhetorical", "imperative_me", "evaluative", "passing", "chat_inside",
          "shout", "hyperbole", "emotive", "ing_head", "turn_opener")
_GENERIC_REASONS = frozenset({"no_anchor", "bare_fragment", "short_bare", "words"})


#: After an evaluative word, a noun it describes ("the good blender", "a nice flat"): no judgement made.
_NOUN_NEXT = re.compile(r"^\s+(?!(?:to|for|and|but|or|of|at|in|on|when|that|how|if|as|lol|haha|too|though|tbh|honestly|ever|"
                        r"really|again|day|time|one|stuff|thing)\b)[a-z]\w*", re.I)


def _judged(c: str) -> bool:
    """An evaluative word used as a judgement ("this is weird", "best decision ever"), not one
    describing the noun after it ("my ex kept the good blender")."""
    return any(not _NOUN_NEXT.match(c[m.end():]) or m.group(0).lower() in ("best", "worst") for m in _EVAL.finditer(c))


#: Contractions typed without the apostrophe ("im", "ive", "dont"): read as written out ("id" and
#: "ill" are words of their own, left alone).
_CLIPPED = re.compile(r"\b(?:(?P<i>[iI])(?P<a>m|ve)|(?P<n>dont|cant|wont|didnt|isnt|doesnt|wasnt|arent|havent|couldnt|shouldnt))\b")
_NT = {"dont": "don't", "cant": "can't", "wont": "won't", "didnt": "didn't", "isnt": "isn't", "doesnt": "doesn't", "wasnt": "wasn't",
       "arent": "aren't", "havent": "haven't", "couldnt": "couldn't", "shouldnt": "shouldn't"}


def _unclipped(text: str) -> str:
    return _CLIPPED.sub(lambda m: f"I'{m.group('a')}" if m.group("i") else _NT[m.group("n")], text)


def features(clause: str, claim: Any = None, *, role: str = "user", prev: str | None = None, turn: str | None = None) -> dict[str, float]:
    """The gate's signals for one clause as said (``claim``: the extractor's ``Claim`` for it)."""
    c = _unclipped(clause.strip())
    turn = _unclipped(turn) if turn is not None else None
    body = L.LEAD.sub("", c, count=1).strip() or c
    body = _INTERJ_HEAD.sub("", body, count=1).strip() or body
    words = _W.findall(c)
    attr = getattr(claim, "attribute", None) or ""
    times = [t for t in (getattr(claim, "time_text", None) or [])]
    concrete = [t for t in times if not _DEICTIC_TIME.match(t.strip())]
    # the rest of the turn, without this clause (None: the clause is the turn)
    rest = turn.replace(clause, " ", 1).strip() if turn is not None and turn.strip() != c else None
    rest = rest or None
    answering = bool(prev) and prev.rstrip().endswith("?")
    f = {
        "slot": float(bool(attr) and not attr.startswith("likes:")),
        "likes_slot": float(attr.startswith("likes:")),
        "concrete_time": float(bool(concrete)),
        "deictic_time": float(bool(times) and not concrete),
        "unit_number": float(bool(_MONEY_UNIT.search(c))),
        "number": float(bool(_NUMBER.search(c))),
        # a shouted word is not a name, nor are the capitals around it ("i am SO DONE")
        "name": float(bool(_NAME.search(" " + (re.sub(r"\b[A-Z]+\b", "x", c) if _SHOUT.search(c) else c)))),
        "relation": float(bool(L.REL_PHRASE.search(c))),
        "possessive": float(bool(_POSSESSIVE.search(c))),
        # the state said with its subject elided is still one: "retired!!", "off sugar for good"
        "state_verb": float(bool(_STATE_VERB.search(body) or STATE_WORD.fullmatch(body.strip(" !.…")) or _ELLIPTIC_STATE.match(body))),
        "subject_verb": float(bool(_SUBJ_VERB.search(body))),
        # about someone other than the speaker (LoCoMo's named speakers talking of themselves are first-hand)
        "third_party": float(getattr(claim, "subject", "user") not in ("user", None, getattr(claim, "voucher", None))
                             and role != "assistant"),
        "reported": float(getattr(claim, "vouched_by", "user") in ("document", "unknown") or getattr(claim, "firmness", "") == "reported"),
        "hedged": float(getattr(claim, "firmness", "") == "hedged"),
        # "yeah ..." after a question is an answer's yes, not a reaction
        "interjection_head": float(bool(_INTERJ.match(c)) and not (answering and _YES_NO.match(c))),
        "chat_tail": float(bool(_CHAT_TAIL.search(c))),  # at the head, it is ``interjection_head``
        "drawn_out": float(bool(_DRAWN.search(c))),
        "rhetorical": float(bool(_RHETORIC.search(turn or c))),
        "imperative_me": float(bool(_IMPERATIVE_ME.search(body)) and not _RULE_WORD.search(c) and not _I_SUBJ.search(c)),
        "i_verb": float(bool(_I_VERB.search(c))),
        "contrast": float(bool(_CONTRAST.search(c))),
        "rule_word": float(bool(_RULE_WORD.search(c))),
        "evaluative": float((_judged(c) or bool(L.MOOD.search(c))) and len(words) <= 8),
        "generic_subject": float(bool(_GENERIC_HEAD.match(body))),
        "passing": float(bool(_PASSING.search(c) or _CLOCK_NOW.search(body))),
        "hedged_intent": float(bool(_HEDGE_INTENT.search(c))),
        "you": float(bool(re.search(r"\b(?:you|your|you're|u)\b", c, re.I))),
        "answer_to_question": float(answering),
        "words": math.log1p(len(words)),
        "assistant": float(role == "assistant"),
        "question_mark": float("?" in c),
        "pronoun_tail": float(bool(_PRONOUN_TAIL.search(c))),
        "event": float(bool(_EVENT.search(body))),
        "definite_state": float(bool(_DEFINITE_STATE.match(body))),
        "says": float(bool(_SAYS.search(c))),
        "plan": float(bool(_PLAN.search(c))),
        "chat_inside": float(bool(_CHAT_ANY.search(c))),
        "turn_opener": float(bool(_TURN_OPENER.search(turn or c))),
        # a reaction mark elsewhere in the turn ("I have to give a SPEECH. send help")
        "turn_chat": float(rest is not None and bool(_CHAT_ANY.search(rest) or _SHOUT.search(rest) or _RHETORIC.search(rest)
                                                     or _IMPERATIVE_ME.search(rest) or _EMOTIVE.search(rest))),
        "shout": float(bool(_SHOUT.search(c))),
        "hyperbole": float(bool(_HYPERBOLE.search(c))),
        "emotive": float(bool(_EMOTIVE.search(c))),
        "ing_head": float(bool(_ING_HEAD.match(body))),
        "info_mark": float(bool(_INFO_MARK.search(c))),
        "procedure": float(bool(_PROCEDURE.search(c))),
        "change": float(states_a_change(c)),
    }
    # Interactions a linear model cannot form: nothing in the clause can be checked later.
    anchored = any(f[k] for k in ("slot", "likes_slot", "concrete_time", "number", "name", "relation", "state_verb",
                                  "third_party", "reported", "rule_word", "event", "i_verb", "contrast",
                                  "definite_state", "says", "plan", "info_mark", "procedure", "change"))
    f["no_anchor"] = float(not anchored)
    # How much of each: a fact buried in chit-chat keeps several anchors ("fyi the boiler guy comes
    # thursday": a role, a date, a flag), a reaction that happens to name something keeps one.
    f["anchors"] = min(4, sum(f[k] for k in _STRONG_ANCHORS)) / 4
    f["marks"] = min(4, sum(f[k] for k in _MARKS)) / 4
    f["bare_fragment"] = float(not anchored and not f["subject_verb"] and not f["answer_to_question"])
    f["short_bare"] = float(bool(f["bare_fragment"]) and len(words) <= 3)
    return f


class Verdict:
    """The gate's decision on one clause: ``keep``, the probability it is a reaction, and why."""

    __slots__ = ("keep", "p_chat", "reason")

    def __init__(self, keep: bool, p_chat: float, reason: str) -> None:
        self.keep, self.p_chat, self.reason = keep, p_chat, reason

    def __repr__(self) -> str:
        return f"Verdict(keep={self.keep}, p_chat={self.p_chat:.2f}, reason={self.reason!r})"


def judge(clause: str, claim: Any = None, *, role: str = "user", prev: str | None = None, turn: str | None = None) -> Verdict:
    f = features(clause, claim, role=role, prev=prev, turn=turn)
    contrib = {k: WEIGHTS.get(k, 0.0) * v for k, v in f.items()}
    z = BIAS + sum(contrib.values())
    p = 1.0 / (1.0 + math.exp(-z))
    if p <= THRESHOLD:
        return Verdict(True, p, "")
    # The speaker says it is information to keep ("fyi ...", "heads up ...") or states how something
    # is done ("you need to be on the vpn before deploying"): an act of informing, whatever surrounds it.
    if informs(f):
        return Verdict(True, p, "")
    # A reaction must show itself: a clause whose only fault is lacking an anchor ("a food
    # memory", a developer's note passed to ``add``) is kept; the receipt names the strongest mark.
    # The mark may sit elsewhere in the turn: "leg day. pray for me" marks "leg day" too.
    marks = [k for k in contrib if k in _REASON and k not in _GENERIC_REASONS and contrib[k] > 0]
    where = ""
    if not marks and turn is not None and turn.strip() != clause.strip():
        tf = features(turn, None, role=role, prev=prev)
        contrib = {k: WEIGHTS.get(k, 0.0) * v for k, v in tf.items()}
        marks, where = [k for k in contrib if k in _REASON and k not in _GENERIC_REASONS and contrib[k] > 0], ", in its turn"
    if not marks:
        return Verdict(True, p, "")
    return Verdict(False, p, _REASON[max(marks, key=lambda k: contrib[k])] + where)


def p_chat(text: str, prev: str | None = None) -> float:
    """The probability that ``text`` (a turn or a claim) is a reaction: what admission reads as a feature."""
    return judge(text, None, prev=prev).p_chat


def informs(values: dict[str, float]) -> bool:
    """The clause is flagged as information or states a procedure: never dropped by the gate."""
    return bool(values.get("info_mark") or values.get("procedure"))


def reaction_marks(values: dict[str, float], weights: dict[str, float]) -> bool:
    """Whether some specific sign of a reaction (not just a missing anchor) weighs towards chit-chat."""
    return any(weights.get(k, 0.0) * values.get(k, 0.0) > 0 for k in _REASON if k not in _GENERIC_REASONS)


#: When a list, ``check`` appends (turn, the clause's features, the whole turn's features when the
#: turn has more than this clause) for every clause it sees (``bench/fit_gate.py``).
RECORD: list[tuple[str, dict[str, float], dict[str, float] | None]] | None = None


def check(clause: str, extracted: Any, role: str, prev: str | None, turn: str) -> str | None:
    """The extractor's hook: None to keep the claim, else the receipt's reason for dropping it.
    An assistant's echo is left alone (it adds no testimony, but it is evidence of its turn)."""
    claim = extracted.claim
    if claim.echo:
        return None
    if RECORD is not None:
        whole = features(turn, None, role=role, prev=prev) if turn.strip() != clause.strip() else None
        RECORD.append((turn, features(clause, claim, role=role, prev=prev, turn=turn), whole))
    if not ENABLED:
        return None
    v = judge(clause, claim, role=role, prev=prev, turn=turn)
    return None if v.keep else f"no claim: reaction/chit-chat ({v.reason})"


def row_turns(row: dict[str, Any], now: Any) -> list[Any]:
    """A labelled row of ``evals/cases/turns.jsonl`` as the call the extractor sees: its ``prev``
    message (from the other side) when there is one, then the turn itself."""
    from ..models import Turn

    role = row.get("role", "user")
    turns = []
    if row.get("prev"):
        turns.append(Turn(role="assistant" if role == "user" else "user", content=row["prev"], index=0, timestamp=now))
    turns.append(Turn(role=role, content=row["text"], index=len(turns), timestamp=now))
    return turns


def measure_turns(rows: Iterable[dict[str, Any]], *, gate: bool = True) -> dict[str, Any]:
    """Run the offline extractor over labelled turns (``evals/cases/turns.jsonl`` format): fact
    recall (a fact turn yields >= 1 claim) and the chit-chat turns yielding a claim that is not
    an assistant's echo."""
    from datetime import datetime, timezone

    from .rules import RuleExtractor

    global ENABLED
    ex, was = RuleExtractor(), ENABLED
    ENABLED = gate
    now = datetime(2026, 11, 30, 12, tzinfo=timezone.utc)
    counts = {"fact": 0, "chitchat": 0, "fact_kept": 0, "chitchat_stored": 0}
    errors = []
    try:
        for r in rows:
            turns = row_turns(r, now)
            res = ex.extract(turns, now=now)
            last = len(turns) - 1
            mine = [c for c in res.claims if last in c.turn_indexes]
            label = r["label"]
            counts[label] += 1
            hit = bool(mine) if label == "fact" else any(not c.claim.echo for c in mine)
            counts["fact_kept" if label == "fact" else "chitchat_stored"] += hit
            if hit != (label == "fact"):
                errors.append({"id": r["id"], "label": label, "text": r["text"], "claims": [c.text for c in mine],
                               "reason": res.dropped.get(last, "")})
    finally:
        ENABLED = was
    return {"facts": counts["fact"], "chitchat": counts["chitchat"],
            "fact_recall": round(counts["fact_kept"] / max(1, counts["fact"]), 4),
            "chitchat_claim_rate": round(counts["chitchat_stored"] / max(1, counts["chitchat"]), 4),
            "facts_lost": counts["fact"] - counts["fact_kept"], "chitchat_stored": counts["chitchat_stored"],
            "errors": errors}
