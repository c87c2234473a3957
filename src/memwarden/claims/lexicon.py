"""Cue words and patterns of the offline claim extractor (kept apart from the pipeline so
``rules.py`` reads as steps). Everything here is compiled once at import."""

from __future__ import annotations

import re

from .slots import _REL

_I = re.I

#: Abbreviations whose dot does not end a sentence.
ABBREV = re.compile(r"\b(Dr|Mr|Mrs|Ms|St|Prof|Jr|Sr|vs|etc|e\.g|i\.e|a\.m|p\.m|approx|Mt|No|Inc|Ltd|Co)\.", _I)
SENT_SPLIT = re.compile(r"(?<=[.!?])[\"')\]]*\s+|\s*;\s*|\s*\n+\s*|(?<=[!?])(?=[A-Z])|\s+[-–—]\s+(?=[A-Z])")
#: A coordination joining two independent clauses: split before the second subject.
_SUBJ = (r"(?:I|I'm|I've|I'll|I'd|we|we're|we've|we'll|my|our|he|she|he's|she's|they|they're|it's|it|you|you're|your|"
         r"the|[A-Z][a-z]+(?=\s+(?:is|was|has|had|will|just|got|moved|lives|works|said|says|told|thinks)\b))")
CLAUSE_SPLIT = re.compile(rf"(?:,\s*|\s+)(?:and|but|so|because|although|though|while|whereas|plus|cause|'cause)\s+(?={_SUBJ}\b)|,\s+but\s+")
#: A trailing tag question after a statement: "I moved to Porto, have you been?"
TAG_QUESTION = re.compile(r",\s+(?=(?:have|has|do|does|did|are|is|was|were|can|could|would|will|what|how|where|when|why|who|any|right|ever|you)\b[^,]*\?\s*$)", _I)
QUESTION_START = re.compile(
    r"^(?:what|how|where|when|why|who|whom|whose|which|do you|did you|does|are you|have you|has|can you|could you|"
    r"would you|will you|is it|is there|are there|shall|should i|should we|any chance|anything|wanna|want to)\b", _I)

#: Leading interjections, vocatives and discourse markers, stripped before anything else.
LEAD = re.compile(
    r"^(?:oh+|ah+|aw+|wow+|whoa|hey|hi|hello|yeah+|yes|yep|yup|no|nope|nah|ok|okay|k|well|so|haha+|hah|hehe+|lol|lmao|"
    r"hmm+|um+|uh+|omg|oh my( god| gosh)?|cool|nice|awesome|sure|right|thanks|thank you( so much)?|actually|also|"
    r"and|but|btw|by the way|anyway|anyways|honestly|aww+|yay|totally|true|exactly|great|perfect|alright|all right|"
    r"of course|indeed|gosh|dang|damn|ugh|phew|sigh|guess what|fun fact|good news|bad news|update|quick update|"
    r"oh and|oh also|just so you know|fyi|ps|p\.s\.|cool cool|sounds good|sorry|"
    r"hey there|hi there|good morning|good evening|good afternoon)\b[\s,!.:;—–-]*", _I)
#: Whole clauses that carry no claim: greetings, thanks, backchannels, pleasantries, offers.
CHITCHAT = re.compile(
    r"^(?:good (?:morning|night|evening|afternoon|to (?:see|hear|meet|know))|nice (?:to|talking|chatting|meeting)|"
    r"great (?:to|talking|chatting)|see (?:you|ya)|talk (?:to you )?(?:soon|later)|take care|bye|goodbye|"
    r"have a (?:good|great|nice|lovely|wonderful)|catch you|how (?:are|have|is|was) (?:you|it|things|everything)|"
    r"long time|what's up|glad (?:to|you|it|that)|happy to (?:help|hear)|you're welcome|you are welcome|no problem|"
    r"no worries|my pleasure|sounds (?:good|great|fun|amazing|awesome|like|lovely|perfect)|me too|same here|"
    r"i agree|agreed|fair enough|cool cool|love (?:it|that|this)|you too|congrat|good luck|best of luck|"
    r"hope (?:this|that|it|you)|let me know|feel free|would you like|do you want|is there anything|anything else|"
    r"i can help|i'd be happy|i would be happy|happy to|here (?:is|are|'s)|here's|i see|i understand|makes sense|"
    r"will do|keep (?:it )?up|well done|good job|you got this|cheers|thanks|thank you|appreciate|"
    r"(?:that|this|it)(?:'s| is| was| sounds| looks| seems)? (?:so |really |very |just |pretty |super |such )*"
    r"(?:cool|great|awesome|amazing|nice|wonderful|fantastic|sweet|fun|exciting|interesting|crazy|funny|"
    r"hilarious|true|lovely|beautiful|brilliant|incredible|impressive|inspiring|powerful|tough|hard|sad|"
    r"good|perfect|adorable|cute|a great|a good|an amazing|such a)\b|"
    r"what a|how (?:cool|nice|fun|exciting|sweet|lovely|awesome)|haha|lol|omg|yay|wow|aww)", _I)
#: First-person reactions that carry no fact unless a slot or a date is found in them.
FEELING = re.compile(
    r"^I(?:'m| am)?\s+(?:so |really |totally |very |just |truly |definitely )*(?:glad|happy for|sorry|proud of|"
    r"excited for|agree|see|understand|know|mean|bet|hope|wish|can't wait|cannot wait|love (?:that|it|this|how)|"
    r"like (?:that|it|this)|appreciate|feel you|hear you|get (?:it|that)|thought so|totally get|relate|"
    r"feel the same|feel so|am so happy for|can imagine|can't imagine|love hearing|loved hearing)\b", _I)
EVALUATIVE = re.compile(r"^(?:that|this|it|that's|this is|it's|it was|that was|sounds|looks|must be|what a|how|such a|so)\b", _I)

#: Assistant acknowledgements: the rest of the clause restates the user's fact (an echo).
ACK = re.compile(
    r"^(?:(?:i've |i have |i'll |i will |i )?(?:noted|note|saved|remembered|remember|updated|recorded|got|logged|made a note)"
    r"(?: it| that| down)?(?: for you)?(?:\s*[:,-]\s*|\s+that\s+|\s+)|so\s+(?=you)|to confirm,?\s+|just to confirm,?\s+|"
    r"confirmed,?\s+|understood,?\s+|okay,?\s+so\s+|got it[,.!:]?\s+(?:so\s+)?)(?:that\s+)?", _I)
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
    r"maybe|perhaps|possibly|i might be wrong,? but|if i remember(?: correctly| right)?|iirc|i'm guessing)"
    r"(?:\s+that)?[\s,]+", _I)
HEDGE_INLINE = re.compile(r"\b(?:probably|maybe|perhaps|possibly|might|i think|i guess|pretty sure|likely|kind of think|not sure)\b", _I)
_REPORT_VERB = (r"(?:insists|insisted|says|said|told me|tells me|told us|heard|hears|thinks|thought|claims|claimed|"
                r"mentioned|swears|reckons|believes|wrote|writes|texted|emailed|confirmed|confirms|shows|showed|"
                r"stated|states|is convinced|was convinced|keeps saying|warned|warns)")
DOCUMENT = (r"(?:the |my |our |this |that )(?:letter|invoice|report|lab report|results|test results|email|document|"
            r"receipt|contract|lease|bill|statement|ticket|confirmation|booking confirmation|itinerary|website|"
            r"article|notice|label|prescription|policy|form|screenshot|page|doc|spreadsheet|calendar invite)")
REPORT = re.compile(
    rf"^(?P<rep>(?i:{DOCUMENT})|(?i:my|our|his|her) (?i:{_REL})(?: [A-Z][a-z]+)?|(?i:my|our|his|her) [a-z]+|"
    rf"(?!I\b)[A-Z][a-z]+(?: [A-Z][a-z]+)?|(?i:someone|somebody|people|everyone|they)|(?i:the) (?:doctor|nurse|landlord|"
    rf"teacher|school|vet|bank|airline|hotel|agent|news))\s+{_REPORT_VERB}\s+(?:me\s+|us\s+)?(?:that\s+)?", 0)
HEARSAY = re.compile(r"^(?:apparently|reportedly|supposedly|rumou?r (?:is|has it)|word is|i heard|i've heard|"
                     r"i was told|we were told|i read|i saw online)(?:\s+that)?[\s,]+", _I)
ACCORDING = re.compile(r"^according to (?P<rep>[^,]+),\s*|,?\s+according to (?P<rep2>[^,.;]+)[.!]?$", _I)

NEGATION = re.compile(r"n't\b|\b(?:not|never|no longer|no more|nobody|nothing|none|neither|nor|no)\b", _I)
NOT_NEGATION = re.compile(r"\b(?:not (?:sure|only|just|bad|too)|no (?:problem|worries|doubt|idea|way)|if not|"
                          r"can't wait|cannot wait|can't stand|cannot stand|don't like|do not like|doesn't like|"
                          r"never mind)\b", _I)

REL = _REL
REL_PHRASE = re.compile(rf"\b(?P<det>my|our)\s+(?P<rel>{_REL})(?:,?\s+(?P<name>[A-Z][a-z]+)(?![a-z']))?", _I)
#: Capitalised words that open a clause without naming a person.
NOT_NAMES = frozenset(
    "The This That These Those It Its There Here We They He She You Your My Our His Her Their What When Where Why "
    "How Who Which Today Tomorrow Yesterday Tonight Last Next Every Each Some Any All Both Most Many Much Just So "
    "And But Or If Then Also Still Yet Now Not No Yes Oh Well Maybe Probably Actually Apparently Hopefully Finally "
    "Monday Tuesday Wednesday Thursday Friday Saturday Sunday January February March April May June July August "
    "September October November December Im Ive Id Its Lol Haha Thanks Thank Great Good Nice Cool Love Sounds One "
    "Two Three A An Another Such Since Because After Before During On In At By For From With Without About "
    "Our Mine Yours Everyone Someone Somebody Nobody Nothing Everything Something Anything Let Please Sure".split())
STOPWORDS = frozenset(
    "i me my mine we us our ours you your yours he him his she her hers they them their it its a an the and or but "
    "so to of in on at for with from by about as is am are was were be been being have has had do does did will "
    "would can could should shall may might must that this these those there here just really very too also not "
    "no yes oh well like get got go going gone now then than what when where which who how why all any some one "
    "up down out over into onto s t m ve ll d re".split())

IMAGE_CAPTION = re.compile(r"\s*\[shares? an image:\s*(?P<cap>[^\]]*)\]\s*", _I)
