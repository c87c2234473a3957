"""Cue words and patterns of the offline claim extractor (kept apart from the pipeline so
``rules.py`` reads as steps). Everything here is compiled once at import."""

from __future__ import annotations

import re

from ..trust.lexicon import CLAUSE_NEXT as _CLAUSE_NEXT
from .slot_lexicon import _REL

_I = re.I

#: Abbreviations whose dot does not end a sentence.
ABBREV = re.compile(r"\b(Dr|Mr|Mrs|Ms|St|Prof|Jr|Sr|vs|etc|e\.g|i\.e|a\.m|p\.m|approx|Mt|No|Inc|Ltd|Co)\.", _I)
SENT_SPLIT = re.compile(r"(?<=[.!?])[\"')\]]*\s+|\s*;\s*|\s*\n+\s*|(?<=[!?])(?=[A-Z])|\s+[-–—]\s+(?=[A-Z])|"
                        # an emoji ends a chat sentence: "car wouldn't start 😤 my brother reckons it's the battery"
                        # (only before a new subject: "tore my ACL 🙃 physio says no running" stays one fact)
                        r"(?<=[\U0001F300-\U0001FAFF\u2600-\u27BF])\s+(?=(?i:I|I'm|I've|we|we're|my|our|he|she|he's|she's|they|they're|"
                        r"his|her|their|the|it's|it)\b)")
#: A coordination joining two independent clauses: split before the second subject.
#: Pronouns match in any case: chat writes "but i'm at Pret now".
_SUBJ = (r"(?:(?i:I|I'm|I've|I'll|I'd|im|ive)|we|we're|we've|we'll|my|our|he|she|he's|she's|they|they're|it's|it|you|you're|your|"
         r"the|[A-Z][a-z]+(?=\s+(?:is|was|has|had|will|just|got|moved|lives|works|said|says|told|thinks)\b)|"
         r"[a-z]+(?=\s+(?:is|are|was|were|has)\s))")
CLAUSE_SPLIT = re.compile(r",\s+(?=(?:staying|living|working|heading|going|flying|driving|studying)\s+(?:in|at|to|for|with|from)\b)|"
                          # a report frame after a comma: "checked his bag, the actual invite says ..."
                          r"(?<=\w\w\w),\s+(?=(?:the|my|our|his|her)\s+(?:[a-z]+\s+){0,2}?(?:says|said|reckons|thinks|insists|claims|reads)\b)|"
                          rf"(?<!\bor)(?:,\s*|\s+)(?<!\bor\s)(?:and|but|so|because|although|though|while|whereas|plus|cause|'cause)\s+"
                          rf"(?=(?:(?:now|then|also|still|actually|later|today|yesterday|since then)\s+)?{_SUBJ}\b)|,\s+but\s+|"
                          # a change said with its subject dropped: "no longer at Deloitte, started at KPMG in jan",
                          # "gave up coffee, switched to green tea"
                          r"(?<=\w\w\w),\s+(?=(?:then\s+|now\s+|just\s+|finally\s+|so\s+)?(?:started|switched|moved|joined|left|quit|"
                          r"changed|swapped|upgraded|downgraded|cancell?ed|canceled|booked|bought|sold|signed up|gave up)\s)|"
                          # a comma splice: "I'm on 50 mg now, my doctor upped it last week"
                          # (also after a number: "don't call before 9, I work nights")
                          r"(?:(?<=\w\w\w)|(?<=\d)),\s+(?=(?:(?:my|our)\s+(?:\w+\s+){0,2}?(?:is|was|are|were|has|had|have|will|just|\w+ed|"
                          r"says|said|told|thinks|got|went)\b|the\s+(?:\w+\s+)?\w+(?:'s|\s+is|\s+was|\s+has)\s|"
                          r"(?:he|she|they|he's|she's|they're|they've)\s+\w|"
                          # a named person heading the new clause: "the announcement came out today, Raghav got the job"
                          r"[A-Z][a-z]+\s+(?:is|was|has|had|will|just|got|moved|lives|works|said|says|told|thinks)\s|"
                          # "got an email, its now 11 march": a time said as the new one after a comma
                          r"(?:it's|its)\s+now\b|"
                          r"(?:(?i:I|I'm|I've)|we|we're|we've)\s+(?!think|guess|mean|suppose|"
                          r"believe|reckon|know|hope|bet|feel)\w))")
#: A trailing tag question after a statement: "I moved to Porto, have you been?"
TAG_QUESTION = re.compile(r",\s+(?=(?:have|has|do|does|did|are|is|was|were|can|could|would|will|what|how|where|when|why|who|any|"
                          r"right|ever|you|want|wanna|shall|should|fancy|care to|isn't|aren't|don't|didn't|no|yeah|huh|eh)\b[^,]*\?\s*$)", _I)
QUESTION_START = re.compile(
    r"^(?:what|how|where|when(?!\s+(?:i|we)\s[^?]*?[\s,](?:i|we)\s+(?!\w+\?))|why|who|whom|whose|which|whats|hows|wheres|whos|do you|did you|does|"
    # session 24: "has to ..." states a need, and a request to keep something in mind ("can you note my booking, ...")
    # says what to keep, not a question
    r"are you|have you|has(?!\s+to\b)|(?:can|could) you(?!\s+(?:please\s+)?(?:remember|note|make\s+a\s+note|keep\s+in\s+mind|save)\b)|"
    r"would you|will you|is it|is there|are there|shall|should i|should we|any chance|anything|wanna|want to|"
    # a yes/no question by inversion onto a demonstrative or a pronoun ("is this the support chat", "huh is that a thing")
    r"(?:is|was) (?:this|that)|(?:are|were) (?:they|these|those|we)|were you|do (?:they|we))\b", _I)
#: A question whose verb presupposes what follows it tells it ("did you know Ana won the race?",
#: "have you heard that my sister got the job?"): the complement is a claim when it is about someone
#: in particular (a name, "my ...", "I"), not trivia ("did you know octopuses have three hearts").
#: A wh-word, "if" or "about" after the verb makes it a real question ("did you know where ...?").
KNOW_QUESTION = re.compile(
    r"^(?:did you (?:know|hear)|have you heard|had you heard|do you know that)\s+(?:that\s+)?"
    r"(?!(?:what|where|when|who|whom|whose|which|how|why|if|whether|about|of|from|back|anything|any|it|this|that)\b)"
    r"(?=(?-i:[A-Z])|(?:my|our|his|her|their|i|i'm|we|we're)\b)(?P<s>[^?]+)\?*$", _I)
#: A flag that what was said may matter to the listener ("if that ever matters for your advice", "in case it's
#: useful"): it informs, and the "your" in it does not make the clause about the addressee.
RELEVANCE = re.compile(r",?\s*\b(?:if (?:that|it|this)(?:'s| is)? (?:ever |at all )?(?:matters?|helps?|relevant|useful|helpful|important)|"
                       r"in case (?:that|it|this)(?:'s| is)? (?:ever |at all )?(?:matters?|helps?|relevant|useful|helpful|important))"
                       r"(?:\s+(?:for|to)\s+(?:you|your\s+\w+))?\W*$", _I)

#: Leading interjections, vocatives and discourse markers, stripped before anything else. "no" is one only before a pause or a pronoun/verb ("no, it's thursday", "no it's
#: thursday"), not as a determiner ("so no grapefruit", "no dairy for me": a restriction).
LEAD = re.compile(
    r"^(?:oh+|ah+|aw+|wow+|whoa|hey+|hi|hiya|heya|howdy|hello|yeah+|yes|yep|yup|no(?=\s*(?:[,.!?;:…-]|$)|\s+(?:i|i'm|im|it|it's|its|we|we're|you|you're|they|they're|he|she|that|that's|this|the|my|our|"
    r"not|sorry|wait|worries|problem|way|idea|thanks|thank|no|nope|but|actually|just|really|lol|haha|definitely|we'll|i'll|i've|"
    r"i'd|don't|didn't|wasn't|isn't|it'll|he's|she's|there|then|of|because|cause|cos)\b)|nope|nah|ok|okay|k|well|so|haha+|hah|hehe+|lol|lmao|"
    r"hmm+|um+|uh+|huh|hah|heh|omg|oh my( god| gosh)?|"
    # the same interjections and vocatives in other Englishes (Hinglish, Singlish): "arre", "uff", "haan", "yaar"
    r"arr?e+y?|u+ff+|wa+h+|aiy[oa]+h?|ouch|haa+n|ya|ach+h?a|yaa?r|bas|sure|right|thanks|thank (?:you|u)( so much)?|actually|also|"
    r"and|but|btw|by the way|anyway|anyways|honestly|aww+|yay|totally|alright|all right|morning|evening|afternoon|"
    r"(?:nice|great|cool|awesome|perfect|good|true|exactly|lovely|amazing|sweet|excellent|brilliant|fantastic)(?=\s*[,!.])|"
    r"(?:look|listen|see|dude|man|bro|mate|girl)(?=\s*[,!:—–-])|"
    r"of course|indeed|gosh|dang|damn|ugh|phew|sigh|guess what|fun fact|good news|bad news|update|quick update|"
    # openers that present what follows: "you won't believe it, ...", "look at this photo: ...", "here's the proof that ..."
    r"you(?: won't|'ll never| will never) believe (?:it|this)|look at this (?:picture|photo|pic|snap|image)|"
    r"here's (?:the |my )?proof(?: that)?|"
    r"oh and|oh also|just so you know|fyi|ps|p\.s\.|cool cool|sounds good|sorry|"
    r"hey there|hi there|good morning|good evening|good afternoon|no way|congrats|congratulations|wait|correction|"
    r"scratch that|oops|my bad|hold on|never mind|ty|thx|np|for sure|definitely|absolutely|sure thing|"
    r"speaking of which|speaking of|on a different note|on another note|in the meantime|meanwhile|anyhow|"
    r"as i said|like i said|you know what|you know|i mean|to be honest|tbh|plus)\b[\s,!.:;—–-]*", _I)
#: Emoji and pictographs (with their joiners and variation selectors) before a clause's first word: skipped.
SYMBOL_HEAD = re.compile(r"^[\U0001F000-\U0001FAFF\u2600-\u27BF\u200d\ufe0f\s]+(?=\w)")
#: A subordinate clause with no main clause after it ("if ...", "unless ..."): once a chit-chat head is cut
#: off it ("Happy Easter to you, if a bot can have one"), it states nothing on its own.
HANGING = re.compile(r"^(?:if|unless|as long as|in case)\b[^,;]*$", re.I)
#: Whole clauses that carry no claim: greetings, thanks, backchannels, pleasantries, offers.
CHITCHAT = re.compile(
    r"^(?:thanks? (?:you )?(?:so much |a lot )?for|many thanks|good (?:morning|night|evening|afternoon|to (?:see|hear|meet|know))|nice (?:to|talking|chatting|meeting)|"
    r"great (?:to|talking|chatting)|see (?:you|ya)|talk (?:to you )?(?:soon|later)|take care|bye|goodbye|"
    r"have a (?:good|great|nice|lovely|wonderful)|catch you|how (?:are|have|is|was) (?:you|it|things|everything)|"
    r"long time|what's up|glad (?:to|you|it|that)|happy to (?:help|hear)|you're welcome|you are welcome|no problem|"
    r"no worries|my pleasure|sounds (?:good|great|fun|amazing|awesome|like|lovely|perfect)|me too|same here|"
    r"i agree|agreed|fair enough|cool cool|love (?:it|that|this)|you too|congrat\w*|good luck|best of luck|"
    r"hope (?:this|that|it|you)|let me know|feel free|would you like|do you want|is there anything|anything else|"
    r"i can help|i'd be happy|i would be happy|happy to|here (?:is|are|'s)|here's|i see|i understand|makes sense|"
    r"will do|keep (?:it )?up|well done|good job|you got this|cheers|thanks|thank you|appreciate|"
    r"(?:that|this|it)(?:'s| is| was| sounds| looks| seems)? (?:so |really |very |just |pretty |super |such )*"
    r"(?:cool|great|awesome|amazing|nice|wonderful|fantastic|sweet|fun|exciting|interesting|crazy|funny|"
    r"hilarious|true|lovely|beautiful|brilliant|incredible|impressive|inspiring|powerful|tough|hard|sad|"
    r"good|perfect|adorable|cute|a great|a good|an amazing|such a)\b|"
    r"what a|how (?:cool|nice|fun|exciting|sweet|lovely|awesome)|haha|lol|omg|yay|wow|aww|"
    r"(?:i'm |i am )?(?:so )?sorry (?:to hear|about|for|that)|i'm sorry|so sorry|fingers crossed|small world|"
    r"safe travels|enjoy|have fun|no way|jealous|lucky you|good for you|that's a shame|what a shame|next time|"
    r"send (?:me )?(?:pics|photos)|can't wait to (?:see|hear)|miss you|same|ditto|true that|sorry|"
    r"(?:it's )?been (?:a while|ages|forever)|long time|i'm (?:good|fine|great|okay|ok|alright|well|doing (?:well|good|great|fine|ok|okay))|"
    r"(?:all )?good here|not much|worth it|i'm here for you|here for you|(?:just )?let me know|if you need|"
    r"if (?:there's|there is) anything|anytime|any time|(?:you're|youre|you are|ur) (?:a |an |such a )?(?:the best|amazing|awesome|so sweet|right|"
    r"star|legend|lifesaver|life saver|hero|angel|gem|genius|too kind|so kind)|"
    # a declined offer or a settled question, said alone ("nah all sorted thx")
    r"all (?:good|sorted|set|fine|done)(?=\W*(?:now|then)?\W*(?:thx|thanks|ta|cheers|ty)?\W*$)|"
    r"that means a lot|means a lot|you rock|good point|great point|great question|good question|"
    r"hang in there|stay (?:strong|blessed|safe|well|healthy|happy|positive|warm|cool)|god bless|keep going|keep it up|gtg|g2g|brb|ttyl|gotta go|got to go|have to go|bye|"
    # reactions and hand-offs that carry no fact in any wording
    r"good thing|no clue|no idea|not sure|dunno|idk|tell (?:that|it) to|don't remind me|i know,? right|one sec(?:ond)?|"
    r"just a (?:sec|second|minute|min)|hold on|brb|(?:i'll |will )?(?:try|do) (?:that|it|so)|will try|sending (?:it )?now|"
    r"on it|here (?:i|we) (?:come|go)|just venting|don't ask|bless|random question|quick question|so excited|"
    r"can't believe|cannot believe|still can't|oof|yikes|nvm|never ?mind|"
    # a wish for an occasion, addressed to the listener or to all ("happy <occasion> to you / everyone")
    r"happy (?:[\w'’]+\s+){1,3}?(?:to (?:you|u|all|everyone)|everyone|all)\b)(?!\w)", _I)
#: Chat markers (laughter, "omg", "tbh", kisses, drawn-out words, emoji): a short clause carrying one
#: and no slot, date, number or name is a reaction ("money is so stressful lol", "nervous lol").
CHAT_MARK = re.compile(r"(?:\b(?:lol|lmao+|lmfao|rofl|ha(?:ha)+h?|hehe+|omg|tbh|xx+|yes{3,}|so{3,}|ugh+)\b|"
                       r"[\U0001F300-\U0001FAFF\u2600-\u27BF])", _I)
#: Intensified judgements or moods ("super easy", "so stressful", "knackered but happy"): opinions, not facts.
MOOD = re.compile(r"\b(?:so|super|really|way|pretty|slightly|totally|kinda|sooo+|too)\s+(?:\w+(?:ful|ous|ing|ed|y|ive|ble)|easy|hard|"
                  r"bad|good|nervous|tired|happy|sad|excited|done|off|better|worse|scared|mad)\b|"
                  r"\b(?:knackered|terrified|exhausted|mush|pumped|stoked|gutted|shattered)\b", _I)
#: Imperatives ("check out this place"): no claim unless they mention the speaker ("look at my new car").
IMPERATIVE = re.compile(r"^(?:check|look|take a look|have a look|watch|see|imagine|guess|try|go for|keep|tell me|send|"
                        r"remember|don't forget|make sure|let's|lemme|come|give|grab|enjoy|have fun)\b(?!\s*[,!:])", _I)
#: First-person reactions that carry no fact unless a slot or a date is found in them.
FEELING = re.compile(
    r"^I(?:'m| am)?\s+(?:so |really |totally |very |just |truly |definitely )*(?:glad|happy for|sorry|proud of|"
    r"excited for|agree|see|understand|know|mean|bet|hope|wish|can't wait|cannot wait|love (?:that|it|this|how)|"
    r"like (?:that|it|this)|appreciate|feel you|hear you|get (?:it|that)|thought so|totally get|relate|"
    r"feel the same|feel so|am so happy for|can imagine|can't imagine|love hearing|loved hearing)\b", _I)
#: An evaluative predicate ("Nature is so inspiring", "Helping animals is really important"): kept
#: only when the clause also names someone, a number, a date or a slot.
EVALUATIVE_WORDS = re.compile(
    r"\b(?:great|awesome|amazing|inspiring|important|crucial|key|cool|fun|beautiful|fulfilling|rewarding|wild|"
    r"perfect|calming|nice|tough|hard|lovely|fantastic|incredible|wonderful|special|powerful|meaningful|exciting|"
    r"interesting|helpful|cute|sweet|gorgeous|stunning|relaxing|therapeutic|peaceful|soothing|essential|vital|"
    r"awful|terrible|sad|scary|crazy|insane|impressive|refreshing|brilliant|excellent|good|bad|worth|a blast|"
    r"the best|the worst|a great idea|a good idea|a treasure|treasures|a gift|a joy|magical|unforgettable)\b", _I)
FIRST_PERSON = re.compile(r"\b(?:I|I'm|I've|I'll|I'd|me|my|mine|myself|we|we're|we've|our|us)\b", _I)
EVALUATIVE = re.compile(r"^(?:that|this|it|that's|this is|it's|it was|that was|sounds|looks|must be|what a|how|such a|so)\b", _I)

#: An assistant reading its records: what follows is a fact about the user's account, not advice.
ASSISTANT_SEES = re.compile(r"^(?:i can see(?: that)?|i see that|i found(?: that)?|i've found(?: that)?|our records show(?: that)?|"
                            r"according to (?:our|my) records,?|it looks like|looks like|your account shows(?: that)?)\s+", _I)
#: Assistant acknowledgements: the rest of the clause restates the user's fact (an echo).
ACK = re.compile(
    r"^(?:got it\s*[,.!:—–-]?\s*(?:so\s+)?|(?:i've |i have |i'll |i will |i )?(?:noted|note|saved|remembered|remember|updated|"
    r"recorded|logged|made a note)(?: it| that| down)?(?: for you)?(?:\s*[:,—–-]\s*|\s+that\s+|\s+)|so,?\s+|to confirm,?\s+|"
    r"just to confirm,?\s+|confirmed,?\s+|understood,?\s+|okay,?\s+so\s+|"
    # restating what it was told: "Since you live in Leeds, ...", "You mentioned that your ..."
    r"(?:since|as|because|given|given that|now that|considering|considering that)\s+(?=you\b|your\b)|"
    r"(?:you (?:mentioned|said|told me)|as you (?:said|mentioned))(?:\s+that)?,?\s+)(?:that\s+)?", _I)
IT_IS = re.compile(r"^(?P<x>.+?)\s+it is[.!]*$", _I)
#: Assistant offers, suggestions, instructions: no claim about the user.
OFFER = re.compile(
    r"^(?:i'd|i would|i can|i could|i'll|i will|let me|let's|you (?:could|should|might|may|can|'ll want|will want|"
    r"want to|need to|may want)|consider|try|here's|here are|feel free|if you|would you|do you|shall i|"
    r"i (?:recommend|suggest)|i'd (?:recommend|suggest)|remember to|make sure|don't forget|be sure|hope|"
    r"it's (?:a good idea|worth|best)|it might|it may|one option|another option|a good option|for example)\b", _I)

HEDGE_PREFIX = re.compile(
    r"^(?:i think|i thought|i believe|i guess|i suppose|i'm pretty sure|pretty sure|i'm fairly sure|"
    r"i'm not (?:100% |totally |entirely )?sure,? but|not sure,? but|i reckon|i feel like|i assume|probably|"
    r"maybe|perhaps|possibly|i might be wrong,? but|if i remember(?: correctly| right)?|iirc|i'm guessing|"
    r"i'd say|i would say)"
    r"(?:\s+that)?[\s,]+", _I)
HEDGE_INLINE = re.compile(r"\b(?:probably|maybe|perhaps|possibly|might|i think|i guess|pretty sure|likely|kind of think|not sure)\b", _I)
REPORT_VERB = _REPORT_VERB = (r"(?:insists|insisted|says|said|told me|tells me|told us|heard|hears|thinks|thought|claims|claimed|"
                # swearing to a clause, not by a remedy or at someone: "swore blind that", not "swore by it"
                r"(?:swears|swore)(?:\s+(?:blind|down|on \w+ \w+))?(?!\s+(?:by|at|off|in)\b)|"
                r"mentioned|reckons|reckoned|believes|believed|wrote|writes|texted|emailed|confirmed|confirms|shows|showed|"
                r"stated|states|is convinced|was convinced|keeps saying|kept saying|warned|warns|"
                # "is telling anyone who'll listen that", "keeps telling everyone": a report passed round (told to
                # the speaker, "keeps telling me", the clause is often a view the extractor drops: left as it was);
                # the past progressive tells as much: "Sarah was telling me her brother lives in Hove"
                r"(?:is|was|are|were|has been|have been) saying" + _CLAUSE_NEXT + r"|(?:was|were) telling" + _CLAUSE_NEXT + r"|"
                r"(?:is|are|keeps|kept|has been|have been) telling (?:everyone|everybody|anyone|anybody|people)"
                r"(?: who(?:'ll| will) listen)?" + _CLAUSE_NEXT + r")")
#: A "you" that is the listener even inside a report ("my friend told me transfers are free with you guys"):
#: a plural of address, or "you" after a preposition. A report's other "you" is anyone ("gives you arthritis").
ADDRESSEE = re.compile(r"\b(?:you guys|you lot|y'?all|you all|yous|(?:with|from|at|to|for|by) (?:you|u))\b", _I)
#: A name's lowercase letters, accented ones included ("Bríd", "Zoë"): a name is not cut at its first accent.
LOWER = "a-z\u00df-\u00f6\u00f8-\u00ff"
#: Adverbs that may stand between a reporter and its verb (closed class: time, degree, stance).
REPORT_ADVERB = (r"just|also|finally|already|even|apparently|always|still|really|honestly|genuinely|totally|"
                 r"absolutely|literally|actually|now|once|often|used to|firmly|seriously|basically|definitely")
DOC_NOUN = (r"(?:letter|invoice|report|lab report|results|test results|email|document|"
            r"receipt|contract|lease|bill|statement|ticket|confirmation|booking confirmation|itinerary|website|"
            r"article|notice|label|prescription|policy|form|screenshot|page|doc|spreadsheet|calendar invite|"
            r"invite|invitation|leaflet|flyer|newsletter|appointment card|card|note|sign|manual|record|records|"
            r"summary|quote|estimate|contract|terms|app|portal|tracking page)")
#: A written source, with at most one describing word: "the letter", "the actual invite", "our school newsletter".
DOCUMENT = rf"(?:the |my |our |this |that )(?:[a-z]+ )?{DOC_NOUN}"
REPORT = re.compile(
    rf"^(?P<rep>(?i:{DOCUMENT})|(?i:my|our|his|her) (?i:{_REL})(?: [A-Z][{LOWER}]+)?|(?i:my|our|his|her) [a-z]+|"
    rf"(?!(?:I|You|We|It|This|That|There)\b)[A-Z][a-z]+(?: [A-Z][a-z]+)?|(?i:someone|somebody|people|everyone|they)|(?i:the) (?:doctor|nurse|landlord|"
    rf"teacher|school|vet|bank|airline|hotel|agent|news)|(?i:he|she)|"
    # "Leila's mum", "Tom's wife": a person named through someone else
    rf"(?-i:[A-Z][a-z]+)'s (?i:{_REL}|[a-z]+))"
    # "my friend Ellie, who's a nurse, reckons": a relative clause between reporter and verb
    r"(?:,?\s+(?i:who|who's|who is|who was|who works|that works)\b[^,]{0,40}?,?)?"
    # "Priya from accounts said", "Tom next door says", "Dave at work reckons": where the reporter is from
    # (two words of a place too: "Betty at bible study swears")
    r"(?:\s+(?i:from|at|in|on)\s+(?:(?i:the|my|our)\s+)?[\w-]+(?:\s+(?i:team|office|desk|club|school)|\s+[a-z]+)?|\s+(?i:next door|upstairs|downstairs))?"
    # an adverb of time or degree between reporter and verb: "my nan always swore", "my mum still thinks"
    rf"\s+(?:(?:{REPORT_ADVERB})\s+)?{_REPORT_VERB}(?:\s+(?:me|us)\b)?"
    # "said at pickup that", "told me on the phone that": where or when, before "that"
    r"(?:\s+(?i:at|on|in|over|after|during|by|via|when|this|last|yesterday|today|earlier)\b[^,]{0,30}?(?=\s+that\b))?"
    r"(?:\s+that\s+|,?\s+|:\s*)", 0)  # "Loaf texted, it's delayed": the report after a comma
HEARSAY = re.compile(r"^(?:apparently|reportedly|supposedly|rumou?r (?:is|has it)|word is|(?:i\s+|i've\s+|just\s+)?heard|"
                     # "I read that ..." frames; "I read a bunch of reviews" is something the speaker did
                     r"i was told|we were told|i read(?=\s+(?:that|online|somewhere|on|in)\b|\s*:)|i saw online)(?:\s+(?:from|via|through)\s+(?P<rep>[^,:]+?)(?=\s+that\b|,|:))?"
                     r"(?:\s+that)?[\s,:]+", _I)
#: "I just got the letter from the landlord: they are NOT selling" -> the document vouches.
DOC_COLON = re.compile(rf"^(?:(?:I|we)\s+)?(?:(?:just|finally)\s+)?(?:(?:got|received|have|had|read|saw|opened|found|pulled up|"
                       rf"looked up|checked|dug out|dug up|double-checked)\s+)?"
                       rf"(?P<rep>(?i:{DOCUMENT}|an? (?:letter|email|notice|text|message)|{DOC_NOUN})[^:]{{0,60}}?)\s*(?:(?:says|said|reads)\s*:?|:(?!\d))\s*(?:that\s+)?", _I)  # "at 11:40" is a time, not a colon
#: "so I cancelled": ends the state the speaker last gave a slot (gym, plan, ...).
ENDED = re.compile(r"^(?:I|we)\s+(?:just\s+|finally\s+|already\s+)?(?:cancel+ed|quit|stopped going|left|dropped|ended|gave up)"
                   r"(?:\s+(?:it|that|there|my membership|the membership|my subscription|the subscription|the plan))?$", _I)
ACCORDING = re.compile(r"^according to (?P<rep>[^,]+),\s*|,?\s+according to (?P<rep2>[^,.;]+)[.!]?$", _I)

#: Negation is read in the main clause only ("Sam is vegetarian, so no meat" is not negated).
#: A trailing verbless "no" phrase ("joined the gym, no contract", "..., no more night shifts") negates
#: its noun, not the main clause's predicate.
#: "so" with no comma is a conjunction too when a clause or a "no X" follows ("vegetarian so no meat", "she's on
#: warfarin now so no grapefruit"); before an adjective it is an intensifier ("not so sure") and stays.
NEG_SCOPE_END = re.compile(r",\s*(?:so|because|since|which|but|although|though|as|too)\b|\s+(?:because|so that|but)\s+|"
                           r"\s+so\s+(?=(?:no|i|i'm|im|we|we're|he|she|he's|she's|they|they're|it|it's|that|the|my|our|you)\b)|"
                           r",\s*(?=no\s+(?:more\s+)?[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,3}\s*[.!]*$)|"
                           # a second, negated predicate after a comma ("she's vegetarian, doesn't eat eggs either")
                           r",\s*(?=(?:doesn't|don't|does\s+not|do\s+not|won't|can't|never)\s+[a-z])", _I)
#: "it's at 3pm, not 2": the value after "not" is corrected, not negated.
#: In chat the value is often lower case ("i live in leeds, not york", "we use slack at work, not teams"): after a
#: comma, a short noun phrase is corrected too, unless it is an adverb that negates the clause (", not anymore").
CORRECTION_TAIL = re.compile(r",?\s+(?:and\s+)?not\s+(?P<prev>(?:at\s+|on\s+|in\s+)?(?:[A-Z][\w'-]*|\d[\w:.]*|noon|midnight)(?:\s+\d{1,2}\w*)?)\s*[.!]*$|"
                             r",\s*(?:and\s+)?not\s+(?!(?:really|yet|anymore|any\s+more|now|at\s+all|always|much|sure|exactly|quite|"
                             r"totally|entirely|ever|since|for\s+long|today|tonight|again|so|too|very|that|this|here|there|"
                             r"even|only|just|me|us|him|her|them|you|it|one)\b)"
                             r"(?P<prev2>(?:the\s+|a\s+|an\s+)?[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,2})\s*[.!]*$|"
                             # a name against the one it replaces, no comma: "in Wolverhampton not stoke"
                             r"(?<=\s)(?-i:[A-Z][\w'-]+)\s+not\s+(?P<prev3>[a-z][\w'-]*)\s*[.!]*$")
#: A wish, fear or condition opens a clause that is not asserted: "praying it doesn't rain", "hope he doesn't
#: cancel", "if it's not sold by May" deny nothing about the claim. Negation is read only before it.
WISH_SCOPE = re.compile(r"\b(?:hop(?:e|es|ed|ing)|pray(?:s|ed|ing)?|wish(?:es|ed|ing)?|fingers crossed|touch wood|"
                        r"worried|afraid|scared|fear(?:s|ed|ing)?|dread(?:s|ed|ing)?|as long as|unless|if|in case)\b.*$",
                        _I | re.S)
NEGATION = re.compile(r"n't\b|\b(?:not|never|no longer|no more|nobody|nothing|none|neither|nor|no(?!\.\s*(?:is\b|:|\d|#)))\b", _I)  # "account no. is": an abbreviation
NOT_NEGATION = re.compile(r"\b(?:not (?:sure|only|just|bad|too)|no (?:problem|worries|doubt|idea|way)|if not|don't ask|"
                          r"don't worry|(?:rather )?not (?:pay|spend) more than|no more than|not more than|"
                          r"can't wait|cannot wait|can't stand|cannot stand|don't like|do not like|doesn't like|"
                          r"never mind)\b", _I)

REL = _REL
#: Session 20: an age or size word before the relation ("my older brother Luis", "my little sister") is no other
#: relation: the relation and its name are read past it.
REL_AGE = r"(?:(?:older|younger|elder|eldest|oldest|youngest|middle|little|big|baby|kid)\s+)?"
#: "my sister Ana", also as a possessive ("my daughter Lily's birthday": the daughter is Lily).
REL_PHRASE = re.compile(rf"\b(?P<det>my|our)\s+{REL_AGE}(?P<rel>{_REL})(?:,?\s+(?P<name>(?-i:[A-Z][{LOWER}]+))(?![{LOWER}]|'(?!s\b)))?", _I)
#: The same relation said by the assistant: "your sister Ana" is the user's sister.
REL_PHRASE_YOUR = re.compile(rf"\b(?P<det>your)\s+{REL_AGE}(?P<rel>{_REL})(?:,?\s+(?P<name>(?-i:[A-Z][{LOWER}]+))(?![{LOWER}]|'(?!s\b)))?", _I)
#: Capitalised words that open a clause without naming a person.
NOT_NAMES = frozenset(
    "The This That These Those It Its There Here We They He She You Your My Our His Her Their What When Where Why "
    "How Who Which Today Tomorrow Yesterday Tonight Last Next Every Each Some Any All Both Most Many Much Just So "
    "And But Or If Then Also Still Yet Now Not No Yes Oh Well Maybe Probably Actually Apparently Hopefully Finally "
    "Monday Tuesday Wednesday Thursday Friday Saturday Sunday January February March April May June July August "
    "September October November December Im Ive Id Its Lol Haha Thanks Thank Great Good Nice Cool Love Sounds One "
    "Two Three A An Another Such Since Because After Before During On In At By For From With Without About "
    "Our Mine Yours Everyone Someone Somebody Nobody Nothing Everything Something Anything Let Please Sure".split())
#: Capitalised words after "I'm" that describe rather than name ("I'm British", "I'm Catholic").
DEMONYMS = frozenset(
    "British English Scottish Welsh Irish American Canadian Australian Indian Chinese Japanese Korean French German "
    "Italian Spanish Portuguese Brazilian Mexican Dutch Swedish Polish Russian Ukrainian Greek Turkish Nigerian Kenyan "
    "Egyptian Iranian Pakistani Filipino Vietnamese Thai Jewish Muslim Christian Catholic Hindu Buddhist Vegan Gen".split())
STOPWORDS = frozenset(
    "i me my mine we us our ours you your yours he him his she her hers they them their it its a an the and or but "
    "so to of in on at for with from by about as is am are was were be been being have has had do does did will "
    "would can could should shall may might must that this these those there here just really very too also not "
    "no yes oh well like get got go going gone now then than what when where which who how why all any some one "
    "up down out over into onto s t m ve ll d re".split())

#: Words that carry no fact on their own: a clause made only of these (and stopwords) is a reaction.
FILLER = frozenset(
    "ha haha hah lol lmao omg wow yeah yep yes ok okay fair true hope think thought guess know see mean sure maybe "
    "fine right well cool nice great good awesome amazing perfect thank thanks let check later soon totally "
    "definitely absolutely exactly really pretty much lot thing stuff way time bit kind sort".split())

IMAGE_CAPTION = re.compile(r"\s*\[shares? an image:\s*(?P<cap>[^\]]*)\]\s*", _I)
