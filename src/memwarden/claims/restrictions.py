"""A rule or limit said in closed-class words: ``restriction:<thing>`` (a constraint, no lexicon of things).

An allergy or a diet has its own cue words (``slot_lexicon``); most constraints people state do not:
"surgeon says no stairs", "we're not allowed to use anything GPL", "anywhere we go has to be step-free",
"MIT/Apache/BSD only", "£60 a head max", "steep descents are a no", "so we avoid busy parks". What marks
them is grammar, not topic: a bare "no <thing>" given as a rule, a negative modal of permission or
obligation, "avoid"/"banned", a requirement on a thing ("it has to be ..."), "<thing> only", a cap
("max", "at most", "nothing before 3pm", "max 3 runs a week"), and (session 10) what a person cannot do or does
not do as a habit ("she can't manage stairs at all", "I don't fly", "I never microwave veg"), "stay off",
"a nut-free kitchen"; (session 11) a rule relayed by someone's directive in the words the "says no" rule missed:
"telling me absolutely no grapefruit", "the nurse said to lay off cranberry juice". The guess is keyed by the thing restricted, so two rules
never share a slot (one cannot supersede the other) and the same rule said again merges.

Called by :func:`.slots.detect_slot` after every cue rule, so a known attribute always wins; the
search reads the attribute as a constraint (``retrieval/row_meta.CONSTRAINT_WEIGHTS``).
"""

from __future__ import annotations

import re

from .slot_guess import SlotGuess, norm_value

__all__ = ["restriction_guess"]

#: Words after "no" that make a reply or an idiom, not a rule ("no idea", "no worries", "no way").
_NOT_RULE = (r"idea|clue|way|worries|worry|problem|problems|rush|longer|more|one|big|doubt|joke|chance|luck|thanks|pressure|"
             r"matter|need|point|offence|offense|kidding|comment|comments|question|questions|wonder|surprise|time|news|reply|"
             r"answer|response|sign|change|difference|plans|plan|issues|issue|signal|reception|internet|wifi|power|"
             r"hot water|heating|reason|excuse|pun|shame|harm|fun|sleep|energy|appetite|money|cash|i|you|we|he|she|they|it|"
             r"not|thank|the|a|an|this|that|these|those|what|which|who|how|when|where|why|yet|then|but|and|or|so|to|"
             r"prob|probs|regrets?|doubts?|details|changes|drama|stress|hard feelings|bother|fear|mercy|rest|end|limits?|"
             r"other|better|one's|body|words|ta|thx|thankyou|sir|mate|hun|babe|dude|man|girl|lol|haha|omg|sorry")
#: A bare "no <thing>" given as a rule: at a clause's head, after a colon, a comma or a reporting verb
#: ("surgeon says no stairs", "house rules: no new deps", "nurse said no alcohol, no hot tubs").
_NO_RULE = re.compile(rf"(?:^|[:;,]\s*|\b(?:says?|said|wants?|told\s+(?:me|us|him|her|them)|insists?|reckons?|"
                      rf"advised|advises|rules?\s+(?:are|is)|means|(?:telling|tell|tells)\s+(?:me|us|him|her|them))\s+)(?:absolutely\s+|strictly\s+|definitely\s+|really\s+)?"
                      rf"no\s+(?!(?:{_NOT_RULE})\b)(?P<v>[a-z][\w/-]*(?:\s+(?!(?:if|unless|until|till|for|at|on|in|after|before|"
                      rf"and|or|but|so|because|since|while)\b)[a-z][\w/-]*)?)", re.I)
#: A compound "no-<thing>" ("a no-spend month", "a no-fly rule"): a rule wherever it stands.
_NO_COMPOUND = re.compile(r"\bno-(?!(?:brainer|show|one|go|nonsense|frills|fuss|claims?|deal|win|fault)\b)(?P<v>[a-z]+(?:\s+[a-z]+)?)", re.I)
#: A negative modal of permission or obligation with what it bars ("shouldn't be driving", "mustn't lift anything",
#: "isn't allowed to work more than 20 hours"). "can't" is ``_CANNOT``'s, which needs a subject and leaves out its
#: idioms ("can't wait", "can't picture life without it", "can't agree more"): they outnumber its rules in open chat.
_MODAL = re.compile(r"\b(?:shouldn't|should\s+not|mustn't|must\s+not|not\s+allowed\s+to|"
                    r"(?:isn't|aren't|am\s+not|'m\s+not|is\s+not|are\s+not)\s+allowed\s+to|not\s+supposed\s+to|"
                    r"(?:isn't|aren't|is\s+not|are\s+not|'s\s+not|'re\s+not)\s+supposed\s+to|only\s+allowed\s+to|"
                    r"not\s+meant\s+to)"
                    r"\s+(?:really\s+|even\s+|ever\s+|actually\s+)?"
                    # "that shouldn't be a problem", "it shouldn't be long now": a forecast, not a rule
                    r"(?!be\s+(?:a\s+|an\s+|any\s+|too\s+|that\s+|so\s+|very\s+)?(?:problem|issue|trouble|long|late|hard|"
                    r"difficult|bad|much|more|less|possible|true|right|wrong|fine|ok|okay|easy|busy|needed|necessary|"
                    r"an?\s+issue|surprised|worried)\b)(?:be\s+)?"
                    r"(?!(?:wait|believe|remember|decide|tell|stop|thank|help|complain|imagine|find|get\s+over|say|"
                    r"see|think|stand|bear|afford|be\s+bothered|make\s+it|come|go\s+wrong)\b)"
                    r"(?P<v>[a-z][\w-]*(?:\s+(?:[a-z][\w-]*|\d+))?(?:\s+[a-z][\w-]*)?)", re.I)
#: Barring or shunning a thing ("banned anything GPL", "we avoid busy parks", "stays away from dairy", "stay off stairs").
_BAR = re.compile(r"(?<!\bfor )(?<!\bof )(?<!\bby )\b(?:banned|bans|forbidden|forbids|prohibited|off[- ]limits\s+(?:is|are)?|avoid|avoids|avoiding|"
                  r"steer\s+clear\s+of|stay\s+away\s+from|stays\s+away\s+from|keep\s+away\s+from|not\s+to\s+have|"
                  r"(?:stay|stays|keep|keeps|lay|lays)\s+off)\s+"
                  r"(?:anything\s+|any\s+|all\s+|the\s+)?(?P<v>[a-z][\w/-]*(?:\s+[a-z][\w/-]*)?)", re.I)
#: A requirement on a thing, not a person's plan ("it has to be cat safe", "anywhere we go has to be step-free",
#: "everything I cook has to be halal"): "I have to be at work by 8" is the speaker's schedule, and "must be" is
#: mostly a guess ("must be tough living there").
_MUST_BE = re.compile(r"(?<!\bi )(?<!\bwe )(?<!\byou )(?<!\bi'd )(?<=\w\s)(?<!n't )(?<!not )(?:has\s+to|have\s+to|needs?\s+to)\s+be\s+"
                      r"(?:fully\s+|totally\s+|completely\s+|100%\s+|properly\s+|strictly\s+)?(?!\w+ed\b)(?!(?:said|at|in|on|there|here|home|back|up|out|done|ready|honest|fair|quick|careful)\b)(?P<v>[a-z][\w/-]*(?:\s+[a-z][\w/-]*)?)",
                      re.I)
#: "<thing> only" closing a phrase ("permissive licences only", "MIT/Apache/BSD only", "CC0 or original assets only").
_ONLY = re.compile(r"(?<!\bnot )\b(?P<v>[\w/+-]+(?:\s+(?:or\s+)?[\w/+-]+){0,2})\s+only\b(?=\s*(?:[,.;:!)]|$|for\b|in\b|from\b|please\b))", re.I)
#: A cap on an amount: "£60 a head max", "python 3.8 max", "no more than two nights", "nothing before 3pm" ("about Max"
#: is a name).
_CAP = re.compile(r"(?P<v>(?:[£$€]?\d[\w.,/]*|one|two|three|four|five|six|seven|eight|nine|ten|twelve|twenty|fifty|hundred)"
                  r"(?:\s+[\w£$€.,/]+){0,2})\s+(?-i:max|maximum|tops)\b"
                  r"|\b(?:at\s+most|no\s+more\s+than|nothing\s+(?:before|after|over|above|(?!better\b|worse\b)\w+er\s+than|more\s+than|less\s+than))\s+"
                  r"(?P<v2>[\w£$€.:]+(?:\s+[\w£$€.:]+)?)"
                  # the cap before its amount: "max 3 runs a week", "max one pet per unit"
                  r"|\b(?-i:max|maximum)\s+(?P<v4>(?:\d[\w.,/]*|one|two|three|four|five|six|seven|eight|nine|ten)(?:\s+[\w£$€.,/]+){0,2})", re.I)
#: "long steep descents are a no", "dairy is a hard no".
_A_NO = re.compile(r"(?P<v>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2})\s+(?:is|are|'s|'re)\s+a\s+"
                   r"(?:hard\s+|big\s+|total\s+)?no\b(?!\s+(?:idea|clue|brainer|worries|problem)\b)|"
                   r"(?P<v3>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2})\s+(?:is|are|'s|'re)\s+(?:a\s+)?"
                   r"(?:no-go|no\s+go|non-starter|dealbreaker|deal-breaker)\b", re.I)
#: What a person cannot do or take ("she can't manage stairs at all", "I cannot handle chilli", "my niece can't have
#: eggs"): a subject before it, and none of the idioms ("can't wait", "can't believe", "can't make it", "can't take it").
_CANNOT = re.compile(r"(?<!\byou\s)(?<!\bit\s)(?<!\bthat\s)(?<!\bthis\s)(?<=\w\s)(?:can't|cannot|can\s+not)\s+(?:really\s+|even\s+|genuinely\s+|just\s+|literally\s+|ever\s+)?"
                     r"(?!(?:wait|believe|remember|decide|tell|stop|thank|help|complain|imagine|find|get|say|see|think|hear|"
                     r"bear|afford|be|make|come|go|agree|stress|emphasi[sz]e|recommend|thank|figure|work\s+out|seem|mess|"
                     r"take\s+(?:it|this|that|much|any\s+more)|do\s+(?:it|this|that|anything|much|without)|dance|sleep|"
                     # a feeling or a judgement, not a limit ("can't picture life without it", "an offer he can't refuse")
                     r"deny|picture|imagine|beat|let|live|refuse|overcome|express|describe|explain|understand|forget|"
                     r"resist|blame|ignore|miss|lose|share|chat|argue|fault|hide|praise|thank|put|tell|wrap|keep|"
                     # a dislike or a fault of a thing, not a limit ("can't stand him", "can't log in to the app")
                     r"stand|log|sign|access|connect|login)\b)"
                     r"(?P<v>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2})", re.I)
#: A standing habit of not doing a thing: "I don't fly", "I don't drink anymore", "i don't work fridays at all",
#: "I never microwave veg". A person's pronoun before it (not after "if"/"unless"/"when"), the verb in its plain form
#: ("never been", "never went back": what did not happen), no idiom ("don't know", "don't mind", "don't think"), and
#: after "don't" at most two words more unless "anymore"/"at all" ends it ("I don't get out till 6" is a schedule).
_WHO_NOT = r"(?<!\bif\s)(?<!\bunless\s)(?<!\bwhen\s)\b(?:i|we|he|she|they)\s+(?:still\s+|just\s+|really\s+)?"
_HABIT_VERB = (r"\s+(?:really\s+|even\s+|ever\s+)?"
               r"(?!(?:know|think|mind|need|have|get|care|remember|want|wanna|see|understand|like|love|enjoy|feel|worry|"
               r"matter|seem|look|believe|mean|agree|bother|recall|reckon|expect|suppose|guess|say|tell|sit|stop|"
               r"do|usually|always|normally|even|really|quite|realize|realise|define|forget|give|gives|knew|thought|saw|"
               r"heard|came|made|took|found|told|said|gave|felt|let|lets|fail|fails|cease|ceases|"
               # luck and pastimes, not limits kept: "I never win anything", "I don't watch TV"
               r"win|wins|lose|loses|watch|watches|"
               # what one has or is, not what one does: "we don't own a dishwasher" stays a negated fact
               r"own|owns|possess|be|live|work\s+(?:at|for|in|with|there|here))\b)"
               r"(?P<v>[a-z][\w-]*\b(?<!ed)(?<!\bbeen)(?<!\bhad)(?<!\bdid)(?<!\bwent)(?<!\bgot)(?<!\bwas)(?<!\bwere)")
_DONT = re.compile(_WHO_NOT + r"(?:don't|doesn't|do\s+not|does\s+not|no\s+longer)" + _HABIT_VERB +
                   r"(?:\s+[a-z][\w-]*){0,2}?)(?:\s+(?:anymore|any\s+more|at\s+all)\b|\s*(?:[,.;:!)]|$))", re.I)
_NEVER = re.compile(_WHO_NOT + r"never" + _HABIT_VERB + r"(?:\s+[a-z][\w-]*)?)", re.I)
#: "he"/"she"/"they" before a can't/don't/never: the claim is filed under the speaker unless the pronoun was
#: resolved, so only a limit said to last ("she can't manage stairs at all", "he doesn't drive anymore") is taken;
#: "he never calls his mum", "she can't read yet" are news about someone, not a rule for the speaker's plans.
_THIRD = re.compile(r"\b(?:he|she|they)\s+(?:still\s+|just\s+|really\s+)?(?:can't|cannot|can\s+not|don't|doesn't|do\s+not|"
                    r"does\s+not|no\s+longer|never)\b", re.I)
_LASTING = re.compile(r"[^.,;!?]*?\b(?:at\s+all|anymore|any\s+more|no\s+longer)\b", re.I)
#: What is not yet or not as much as before: a stage or a comparison, not a limit ("can't read yet", "can't run as
#: fast as I used to").
_NOT_A_LIMIT = re.compile(r"[^.,;!?]*?\b(?:yet|as\s+\w+\s+as)\b", re.I)
#: A thing kept out of something: "a dedicated nut free kitchen", "her school is completely nut-free", "step-free access".
_FREE = re.compile(r"(?:^|\b(?:a|an|is|are|be|'s|'re|completely|fully|totally|strictly|dedicated|100%)\s+)(?P<v>[a-z]+)[- ]free\b(?!\s+(?:of|for|to|time|trial|period|entry|tickets?|day|shipping|delivery)\b)", re.I)

_TO = re.compile(r"\bto\s+$", re.I)
_SUBJECT = re.compile(r"\b(?:i|we|he|she|they|you)\b", re.I)  # "to avoid the traffic we left early": a purpose
#: "to" after a directive or an obligation makes the shunning a rule (session 11): "said to lay off", "told me to avoid",
#: "need to stay off", "supposed to keep away from".
_DIRECTED_TO = re.compile(r"\b(?:said|says|told\s+\w+|tells\s+\w+|telling\s+\w+|asked\s+\w+|advised(?:\s+\w+)?|"
                          r"warned\s+\w+|need|needs|have|has|got|supposed|meant|wants?\s+(?:me|us|him|her|them))\s+to\s+$", re.I)
_NO_THEN_VERB = re.compile(r"[\w/-]+(?:\s+[\w/-]+)?\s+(?:is|are|was|were|has|have|had|does|do|did|will|would|can|could|"
                           r"starts?|finish(?:es)?|got|gets)\b|[\w/-]+'s\b", re.I)
_CHAT_END = re.compile(r"\b(?:lol|lmao|haha\w*|hehe|pls|plz|please|x+|ok)\W*$", re.I)
_HELPS = re.compile(r"\bhelp(?:s|ed|ing)?(?:\s+\w+)?\s*$", re.I)
#: What follows "it/this/that" or a question word is no thing of its own ("no idea what", "can't be it").
_EMPTY = frozenset("it this that them him her me us you one any some anything everything something much many more "
                   "less there here so very really too just anymore again now either though tbh lol at all i we they he she "
                   "not if is are was right".split())


#: "no food restrictions", "no limit", "no rules": the absence of a rule states none.
_LIFTED = frozenset("restriction restrictions limit limits rule rules ban bans cap caps requirement requirements "
                    "preference preferences allergies allergy better worse than".split())


#: A directive the speaker gives someone else ("I told him to keep away from my sister", "we asked them no
#: photos"): the listener's rule, not the speaker's.
_OWN_DIRECTIVE = re.compile(r"\b(?:i|we)\s+(?:\w+\s+)?(?:told|tell|asked|ask|warned|advised|said\s+to)\s+"
                            r"(?!(?:me|us|myself|ourselves)\b)[\w']+(?:\s+[\w']+)?\s+(?:to\s+|no\s+)?$", re.I)
#: "no school tomorrow", "no practice tonight": news of one day, not a standing rule.
_ONE_DAY = re.compile(r"[\w/-]+(?:\s+[\w/-]+)?\s+(?:tomorrow|today|tonight|this\s+(?:morning|afternoon|evening|week|weekend)|"
                      r"next\s+\w+|on\s+(?:mon|tues|wednes|thurs|fri|satur|sun)day)\b|[\w/-]+\s+(?:tomorrow|today|tonight)\b",
                      re.I)


def restriction_guess(text: str) -> SlotGuess | None:
    """``restriction:<thing>`` when ``text`` states a rule or limit in closed-class words, else None."""
    if text.rstrip().endswith("?"):
        return None  # "can't I just do a lasagne?": asks, does not restrict
    if _CHAT_END.search(text) and len(text.split()) <= 4:
        return None  # "no spoilers lol", "no pressure haha": banter with the listener, not a standing rule
    for pat in (_NO_RULE, _NO_COMPOUND, _BAR, _MODAL, _MUST_BE, _ONLY, _CAP, _A_NO, _CANNOT, _DONT, _NEVER, _FREE):
        for m in pat.finditer(text):
            if pat is _BAR and _HELPS.search(text[: m.start()]):
                continue  # "dance floors help avoid injuries": what a thing is good for, not a rule kept
            if pat is _BAR and _TO.search(text[: m.start()]) and not _DIRECTED_TO.search(text[: m.start()]) \
                    and not (text[: m.start()].strip().lower() == "to" and not _SUBJECT.search(text, m.start("v"))):
                # "trying to avoid the traffic": an aim; "the nurse said to lay off cranberry" is a rule, and so is
                # its clause with the reporting frame taken off ("to lay off cranberry juice")
                continue
            if pat in (_BAR, _NO_RULE) and _OWN_DIRECTIVE.search(text[: m.start("v") if pat is _NO_RULE else m.start()]):
                continue  # "I told him to keep away from my sister": a rule the user sets someone else
            if pat is _NO_RULE and _ONE_DAY.match(text, m.start("v")):
                continue  # "the kids keep telling me no school tomorrow": a day's news, relayed
            if pat is _NO_RULE and _NO_THEN_VERB.match(text, m.start("v")):
                continue  # "no robotics is thursdays": a "no," answering, then a sentence; a rule has no verb
            if pat in (_CANNOT, _DONT, _NEVER):
                clause_start = max(text.rfind(c, 0, m.start()) for c in ".,;!?") + 1
                lead = text[clause_start: m.end()]
                if _NOT_A_LIMIT.match(text, m.start("v")):
                    continue
                if _THIRD.search(lead) and not (_LASTING.match(text, m.start("v")) or "no longer" in lead.lower()):
                    continue
            raw = next((m.group(k) for k in ("v", "v2", "v3", "v4") if k in pat.groupindex and m.group(k)), "")
            words = [w for w in raw.split() if w.lower() not in _EMPTY]
            if not words or any(w.lower() in _LIFTED for w in words):
                continue
            # the whole phrase, not its head: "shouldn't drive after dark" and "shouldn't drive on motorways" are two rules, and
            # a rule said with other words is another claim beside it, never a newer value that retires it
            key = norm_value(" ".join(words[:4]))
            if key:
                return SlotGuess(f"restriction:{key}", " ".join(raw.split()), negated=False)
    return None
