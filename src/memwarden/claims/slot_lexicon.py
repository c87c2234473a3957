"""The slot cue lexicon: which words set which attribute (data for :mod:`.slots`).

Kept apart from the matching logic so each reads on its own: ``slots.py`` says how a clause is
matched and a value trimmed; this module says which cues, nouns and names count. Every pattern
is compiled once at import. The wording of events (their nouns, a rescheduling, a cancellation) is
``event_lexicon.py``, that of roles and hand-overs ``role_lexicon.py``.
"""

from __future__ import annotations

import re

from ..lexicon import calendar as cal
from .role_lexicon import ROLE_HEAD  # noqa: F401  (a public name, still importable from here)

_SPAN = r"(?P<v>[^,.;!?()]+)"
#: A proper name (case-sensitive even inside re.I patterns): "Porto", "Door Dash", "University of Leeds".
_CAP = r"(?-i:(?P<v>[A-Z][\w'&.-]*(?:\s+(?:of\s+|de\s+|the\s+)?[A-Z][\w'&.-]*)*))"
#: A clinician's title: whoever one is "under" with it is one's doctor or surgeon, not a manager.
_CLINICIAN = r"(?-i:(?:Dr|Doctor|Prof|Professor|Nurse)\b)"
#: A place as a residence: a proper name, or a new home that replaces the old one ("a new house").
_PLACE = r"(?P<v>(?-i:[A-Z][^,.;!?()]*)|(?:a|the|our|my)\s+new\s+(?:place|flat|house|apartment|home)\b[^,.;!?()]*)"
#: An area after a housing noun: a proper name, or one or two words in lowercase ("kemptown", "west didsbury").
_AREA = (r"(?P<v>(?-i:[A-Z][\w'&.-]*(?:\s+(?:of\s+|de\s+|the\s+)?[A-Z][\w'&.-]*)*)|(?!(?:the|a|an|my|our|his|her|their|town|the city)\b)(?-i:[a-z][\w'-]+)(?:\s+(?!(?:above|below|near|"
         r"by|with|and|but|so|on|at|in|for|off|next|opposite|behind|which|that|now|today|yesterday|finally|lol|haha|last|this)\b)"
         r"(?-i:[a-z][\w'-]+))?)")
#: One or two lowercase words as an area ("hackney", "west didsbury").
_LOWAREA = r"(?P<v>(?-i:[a-z][a-z'-]+(?:\s+[a-z][a-z'-]+)?))"
#: Lowercase words after "moved to"/"living in" that name no place.
_NOT_AREA = (r"the|a|an|my|our|his|her|their|this|that|it|there|here|home|hope|fear|denial|sin|peace|comfort|luxury|"
             r"poverty|pain|limbo|nights?|days|mornings?|evenings?|weekends?|part|full|remote|hybrid|monday|tuesday|"
             r"wednesday|thursday|friday|saturday|sunday|mondays|tuesdays|wednesdays|thursdays|fridays|saturdays|sundays|"
             + cal.alt(cal.MONTHS) + r"|next|new|"
             r"another|different|same|other|tomorrow|today|management|sales|marketing|team|teams|slack|email|zoom|"
             # what one eats or drinks ("moved to decaf", "moved to oat milk")
             r"decaf|oat|oats|soy|almond|skimmed|semi|tea|coffee|water|caffeine|sugar|sweeteners?|paper|digital|online")
_STOP = re.compile(
    r"\s+(?:now|these days|since|because|with|and|but|so|for|last|next|this|that|which|who|from|until|till|"
    r"recently|already|yet|too|as well|anymore|any more|at the moment|right now|again|instead|though|"
    r"after|before|when|while|if|on|at|by|around|in \d{4}|back|full[- ]time|part[- ]time|not|as an?|"
    r"btw|lol|haha\w*|tbh|fyi|lmao|omg|x+)\b.*$|"
    r"\s+[-–—]+(?:\s.*)?$", re.I)  # a chat tail is no part of a value ("priya btw"), nor is an aside after a dash
_MONEY = (r"(?P<v>(?:[$€£]\s?\d[\d,.]*\s*[kKmM]?\b|\d[\d,.]*\s*(?:[kK]\b|(?:dollars|euros|pounds|usd|eur|gbp|bucks|quid)\b))"
          r"(?:\s*(?:a|per|/)\s*(?:month|year|week|hour))?"
          # a bare amount per period is money too: "rent is 1,150 a month", "850 pcm"
          r"|\d[\d,.]*\s*(?:(?:a|per|/)\s*(?:month|year|week|hour)|pcm|pw|p/m)\b)")

#: Words before "allergy" that name no allergen: verbs, determiners, prepositions ("had the allergy clinic").
_NOT_ALLERGEN = (r"(?:had|has|have|got|get|the|a|an|my|his|her|their|our|your|its|no|any|this|that|some|with|for|of|and|or|"
                 r"at|in|on|to|from|by|about|into)")
#: Nouns "allergy" modifies ("the allergy clinic", "an allergy test"): a service or a thing, not an allergen.
_ALLERGY_HEAD = (r"(?:clinic|clinics|test|tests|testing|team|nurse|doctor|specialist|consultant|appointment|service|services|"
                 r"department|unit|ward|season|medicine|meds|tablets|pills|spray|card|bracelet|letter|form|review|referral)\b")
_DIETS = (r"vegetarian|vegan|pescatarian|keto|gluten[- ]free|dairy[- ]free|lactose[- ]free|halal|kosher|paleo|"
          r"low[- ]carb|plant[- ]based|carnivore|whole30|intermittent fasting")
_DRUGS = (r"ibuprofen|insulin|metformin|sertraline|lisinopril|levothyroxine|atorvastatin|amoxicillin|prednisone|"
          r"adderall|ritalin|zoloft|prozac|lexapro|paracetamol|acetaminophen|tylenol|aspirin|warfarin|melatonin|"
          r"antihistamines?|cetirizine|loratadine|omeprazole|metoprolol|amlodipine|gabapentin|fluoxetine|"
          r"escitalopram|citalopram|bupropion|wellbutrin|vitamin d|iron supplements?|birth control|the pill|"
          r"(?-i:[a-z]+(?:statin|pril|sartan|olol|azepam|prazole|mycin|cillin|tidine|oxetine|triptan))")
#: The head noun of a job title ("junior dev", "staff nurse", "backend engineer").
_ROLE_NOUN = (r"(?:dev|devs|developer|engineer|swe|sre|designer|nurse|teacher|manager|lawyer|solicitor|accountant|consultant|"
              r"analyst|scientist|researcher|writer|editor|chef|cook|architect|programmer|therapist|pharmacist|mechanic|"
              r"electrician|intern|director|officer|assistant|associate|administrator|admin|receptionist|barista|"
              r"cashier|clerk|technician|specialist|coordinator|lead|paralegal|doctor|gp|vet|carer|tester|pm)")
#: Kin and other relations, plurals first ("my parents live in York" is about the parents, and "grandparents" must
#: not read as "grandpa").
_REL = (r"(?:grand)?parents|siblings|(?:sister|brother|son|daughter|cousin|twin|aunt|uncle|niece|nephew)s(?![\w'-])|"
        r"mother-in-law|father-in-law|sister-in-law|brother-in-law|in-laws|stepmom|stepdad|best friend|"
        r"mom|mother|mum|dad|father|sister|brother|wife|husband|partner|boyfriend|girlfriend|fianc[ée]e?|son|"
        r"daughter|kids?|children|friend|best friend|boss|manager|colleague|coworker|co-worker|roommate|flatmate|"
        r"landlord|landlady|neighbou?r|cousin|aunt|uncle|grandma|grandmother|grandpa|grandfather|niece|nephew|"
        r"baby|twin|stepmom|stepdad|in-laws|mother-in-law|father-in-law|teammate|mentor|coach|therapist|doctor|dentist|"
        r"ex-(?:wife|husband|boyfriend|girlfriend|partner)|ex(?![\w-])|"
        # British and family names for grandparents and step-relations ("my nan", "my gran", "my stepmum")
        r"nanna|nana|nan(?![\w-])|granny|grandad|granddad|gran(?![\w-])|stepmum|stepson|stepdaughter|"
        # friends and housemates by their chat names ("my mate Dev", "my housemate Lou")
        r"housemates?(?![\w-])|workmates?(?![\w-])|mates?(?![\w-])|pal(?![\w-])|buddy|bestie|lodger")

#: Endings of drug names (INN stems): the prescriber frame's object must end in one or come with a drug-form word.
_DRUG_ENDINGS = ("olol|alol|pril|sartan|statin|xaban|gatran|parin|farin|cillin|mycin|cycline|floxacin|azole|prazole|"
                 "oxetine|aline|pram|pine|azepam|zolam|pam|lam|mab|nib|tide|mide|zide|olone|isone|sone|one|formin|"
                 "gliptin|glutide|tidine|triptan|profen|fen|amine|idine|xine|tyline|pramine|thyroxine|dronate|caine")
#: Words for a form a drug comes in, said after its name ("put me on iron tablets", "started her on steroid cream").
_DRUG_FORMS = "tablets?|pills?|capsules?|tabs|injections?|jabs?|inhalers?|drops|cream|patch(?:es)?|spray|syrup|infusions?"
#: "left me" as an ending: said last in the clause or before why or when ("Dan left me for his ex"), not "left me a note".
_LEFT_ME = r"(?=\s*(?:$|[,.;!?]|\s(?:for|last|in|after|before)\b))"
#: A holder gone for good: "left" said last, or before when or the workplace ("left in the summer", "left the company"),
#: not "left the meeting early", "left for lunch".
_GONE_FOR_GOOD = (r"(?=\s*(?:$|[,.;!?]|\s(?:last|this|in|on|after|before|yesterday|today|recently|now|and|so|but|for good|"
                  r"(?:the|our|my) (?:company|firm|team|business|job|place|office|organisation|organization)|a (?:few|couple)|"
                  r"(?:two|three|four|five|six|\d+) (?:weeks|months))\b))")
#: A person named first and gone for good: "Hana retired in May", "Marek's left", "Priya has moved on" (slots.DEPARTED).
DEPARTS = re.compile(rf"^(?-i:(?P<v>(?!(?:He|She|They|It|We|I|You|Everyone|Nobody|Someone)\b)[A-Z][a-z-]+))(?:'s|\s+has|\s+had|\s+is)?\s+"
                     rf"(?:just\s+|finally\s+|officially\s+|gone and\s+)*(?:left|quit|resigned|retired|moved on|gone|stepped down|"
                     rf"been let go|got (?:fired|sacked)|was (?:fired|sacked|let go))\b{_GONE_FOR_GOOD}", re.I)
#: Car makes and everyday models (the capitalised-only ones are also common words: "Focus", "Golf", "Jazz").
_CAR_MAKES = (r"Toyota|Honda|Ford|Tesla|BMW|Audi|Volkswagen|VW|Mercedes|Kia|Hyundai|Nissan|Mazda|Subaru|Volvo|Chevy|Chevrolet|Jeep|"
              r"Fiat|Renault|Peugeot|Skoda|Prius|Civic|Corolla|Mini|Porsche|Lexus|Polestar|Rivian|(?-i:Vauxhall|Citroen|Citroën|"
              r"Dacia|Cupra|Corsa|Fiesta|Focus|Golf|Polo|Clio|Yaris|Astra|Qashqai|Juke|Micra|Octavia|Fabia|Kuga|Puma|Jazz|Picanto|Sandero)")
_RULES: list[tuple[str, re.Pattern[str]]] = [(a, re.compile(p, re.I)) for a, p in [
    # where the user stays on a trip: "booked Hotel Avenida Palace for 3 nights", "I'm at Memmo Alfama now,
    # same dates" (kept only with a word of lodging in the clause: _LODGING_SIGNAL)
    ("lodging", r"\b(?:(?:booked|reserved|got)\s+(?:[\w-]+\s+){0,2}?(?:nights?|a room|rooms|a stay|a suite|an apartment)\s+at|"
                r"booked|booking|reserved|rebooked|staying at|stay at|checked into|checked in at|checking into|switched to|moved (?:us |me )?to|"
                r"(?:I'm|we're|I am|we are)\s+(?:now\s+|staying\s+)?at)\s+(?:the\s+)?"
                r"(?P<v>(?-i:[A-Z][\w'&-]*(?:\s+(?:de\s+|of\s+)?[A-Z][\w'&-]*){0,3}))"),
    ("employer", rf"\b(?:quit|left|leaving|resigned from|laid off from|fired from|lost)\s+(?:my\s+)?(?:job|position|role)(?:\s+(?:at|with)\s+{_CAP})?(?P<end>)"),
    # "last day at Ocado was Friday", "my last day at Ocado is the 30th": leaving that employer
    ("employer", rf"\b(?:my\s+)?(?:last|final)\s+(?:day|shift|week)\s+(?:at|with)\s+{_CAP}(?P<end>)"),
    ("employer", rf"\b(?:I'm|I am|im)\s+no longer\s+(?:at|with|working at|working for)\s+(?:the\s+)?{_CAP}(?P<end>)"),
    ("employer", rf"\b(?:I|I've)\s+(?:just\s+|finally\s+)?finished (?:up )?at\s+(?:the\s+)?{_CAP}(?P<end>)"),
    ("employer", r"\b(?:I'm|I am|im)\s+(?:now\s+)?(?:unemployed|out of work|between jobs|jobless)\b(?P<end>)"),
    # the job ended, said without naming it: "I quit!", "handed in my notice last week", "got made redundant in May"
    # (the clause opens on the speaker; "quit smoking", "quit the gym" name something else that ended)
    ("employer", r"^\W*(?:(?:so|well|ok|okay|yeah|just|finally|officially|anyway|and)\W+)*(?:I\s+|I've\s+|I have\s+|I\s+have\s+)?"
                 r"(?:just\s+|finally\s+|officially\s+|actually\s+)?(?:quit|resigned|retired|handed (?:in )?my notice(?: in)?|gave (?:in )?my notice|"
                 r"(?:got|was|been|have been|'ve been)\s+(?:made redundant|laid off|fired|sacked|let go)|got the sack)"
                 r"(?=\s*(?:$|[,.;!?:)-]|\s(?:last|this|in|on|today|yesterday|after|before|and|so|but|because|cos|finally|at last|"
                 r"over|a (?:few|couple|week|month)|\d+|two|three|four|five|with(?:out)? (?:no|a)|effective|from|as of)\b))(?P<end>)"),
    ("residence", rf"\b(?:moved|moving|move|relocated|relocating|relocate)\s+(?:back\s+|house\s+)?from\s+(?P<prev>[A-Z][\w' -]*?)\s+(?:to|into)\s+{_SPAN}"),
    ("residence", rf"\b(?:moving|moved|move)\s+house\b[^.;]*?\bto\s+{_SPAN}"),
    ("residence", rf"\b(?:live|lives|living|reside|resides|moved|moving|move|relocated|relocating|relocate|based|settled|settling)\s+(?:back\s+|now\s+|permanently\s+)?(?:in|to|into|out to|over to)\s+{_PLACE}"),
    ("residence", rf"\b(?:I'm|I am|we're|we are|we've been|I've been)\s+(?:now\s+|finally\s+|back\s+)?(?:in|living in|based in|back in|out in)\s+{_CAP}\s+(?:now|these days)\b"),
    # "now" said before the place: "I'm now in Bristol", "we're finally in Cardiff"
    ("residence", rf"\b(?:I'm|I am|we're|we are)\s+(?:now|finally)\s+(?:in|living in|based in|settled in)\s+{_CAP}"),
    # the same verbs before an area written in lowercase ("living in leeds now"): a one- or two-word name that is
    # no article, time, shift or state ("living in hope"); "moved to" only with a word of housing in the clause
    # ("moved to bristol, boxes everywhere"): "moved to giffgaff" or "moved to decaf" is no home
    ("residence", rf"\b(?:live|lives|living|relocated|based|settled|moved(?=[^.;!?]*\b(?:house|flat|home|place|area|city|town|village|"
                  rf"neighbourhood|street|road|boxes|keys|landlord|lease|mortgage|removals?)\b))\s+(?:back\s+|now\s+|permanently\s+)?(?:in|to|into|out to|over to)\s+"
                  rf"(?!(?:{_NOT_AREA})\b){_LOWAREA}(?=\s*(?:$|[,.;!?)]|\s(?:now|these days|last|this|in|on|with|since|for|and|but|so|a|an|the|lol|haha|finally|today|yesterday)\b))"),
    # a move to a lowercase name dated by when it happened or given a reason to live there ("moved to bristol last
    # month", "has moved up to glasgow for uni"): a rescheduling names a time after "to", a switch of tools
    # names a product (slots.place_like rejects those)
    # The mover must be the speaker or a named relation: "fergus has moved to glasgow" is not the user's move.
    ("residence", rf"(?:^|\b(?:I|we|I've|we've|I'd|we'd|(?:my|our)\s+(?:{_REL}))\s+)(?:(?:have|has|had|just|finally|recently|only|all|"
                  rf"both|officially)\s+){{0,2}}(?:moved|relocated)\s+(?:back\s+|up\s+|down\s+|over\s+|out\s+)?to\s+(?!(?:{_NOT_AREA})\b){_LOWAREA}"
                  rf"(?=\s+(?:(?:last|this|earlier this|in|back in)\s+(?:week|month|year|spring|summer|autumn|fall|winter|"
                  rf"jan|feb|march|april|may|june|july|aug|sep|oct|nov|dec)|\w+\s+(?:days?|weeks?|months?|years?)\s+ago|"
                  rf"for\s+(?:uni|university|college|school|work|a job|the job|his job|her job|my job|love|good)\b))"),
    ("residence", rf"\b(?:live|lives|living|new (?:place|flat|house|apartment|home)(?: is)?)\s+(?:in\s+)?(?:a|an|the|my|our)\s+[\w' -]{{0,40}}?(?:flat|house|apartment|place|home|room|one-bed|two-bed|studio|house-?share)\b[^,.;!?()]*?\bin\s+{_CAP}"),
    # a home named by its kind and then its area, in any case ("i rent a one-bed in kemptown", "got the keys to the
    # new place in hove", "we bought a terrace in Leith"): the housing noun makes the lowercase word a place
    ("residence", rf"\b(?:(?:live|lives|living)(?:\s+in)?|rent|rents|renting|bought|moved into|moving into|got the keys (?:to|for)|"
                  rf"picked up the keys (?:to|for)|signed (?:the lease|a lease) (?:on|for)|signed (?:for|on)|signed (?:\w+\s+){{1,2}}on|share|shares|sharing|took|taken|(?:I|we)'ve got)\s+(?:a|an|the|my|our)\s+[\w' -]{{0,30}}?"
                  rf"(?:flat|house|apartment|place|home|room|one-bed|two-bed|three-bed|studio|house-?share|bungalow|cottage|"
                  rf"terrace|maisonette|condo|bedsit|hdb|semi|duplex|casita|villa|cabin|loft|townhouse|\d\s?bhk|bhk)\b[^,.;!?()]*?\bin\s+{_AREA}"),
    # student halls are a home with no name of their own ("moved into halls", "I'm in halls this year")
    ("residence", r"\b(?:moved|moving|move|living|live|lives|I'm|I am|we're|we are|I've been|we've been|staying)\s+(?:back\s+|now\s+|up\s+)?"
                  r"(?:in|into|to)\s+(?:the\s+)?(?:student\s+|uni\s+|university\s+)?(?P<v>halls)\b"),
    ("residence", rf"\baddress\s+(?:is\s+now|is|to|as)\s+(?:in\s+|at\s+)?{_SPAN}"),
    ("residence", rf"\b(?:my|our) (?:home|address|new place|new flat|new apartment|new house) is (?:in|at|on)\s+{_SPAN}"),
    # a role held at a named organisation ("i'm a junior dev at Brightlane", "she's a staff nurse with Bupa"): the
    # employer, the more specific of the two values and the one a later job replaces; "I'm technically a Harbourstone
    # Bank employee": the organisation named before the word for staff
    ("employer", rf"\b(?:I'm|I am|I've been|she's|he's)\s+(?:now\s+|still\s+|technically\s+|officially\s+|currently\s+)?an?\s+"
                 rf"(?:[\w-]+\s+){{0,2}}?{_ROLE_NOUN}\s+(?:at|for|with)\s+{_CAP}"),
    ("employer", rf"\b(?:I'm|I am|she's|he's)\s+(?:now\s+|still\s+|technically\s+|officially\s+|currently\s+)?an?\s+{_CAP}\s+"
                 rf"(?:employee|staffer|staff member|contractor)\b"),
    ("role", rf"(?<!good )(?<!great )(?<!nice )(?<!fine )\b(?:work|works|working|worked|started|hired|employed|job)\s+as\s+(?!(?:an?\s+|the\s+)?(?:team|group|family|unit|one|well|usual|hard|much|long|volunteers?)\b)(?:an?\s+|the\s+)?{_SPAN}"),
    ("role", rf"\b(?:promoted|promotion)\s+to\s+(?:an?\s+|the\s+)?{_SPAN}"),
    ("role", rf"\b(?:my|our) (?:job|role|title|position|job title) is(?: now)?\s+an?\s+{_SPAN}"),
    ("role", rf"\b(?:my|our) (?:job|role|title|position|job title) is(?: now)?\s+(?-i:(?=[A-Z])){_SPAN}"),
    # "I'm a nurse", "my brother is a plumber", "my husband's a teacher": whoever the clause is about
    ("role", r"(?:\b(?:I'm|I am|I've been|she's|he's)|(?<!\bhe )(?<!\bshe )(?<!\bit )(?<!\bthey )(?<!\bthis )(?<!\bthat )\b(?:is|was|has been)|(?<=\w\w\w)'s)\s+(?:now\s+|still\s+)?(?:an?\s+)(?P<v>(?:senior |junior |lead |head |staff |principal |freelance |full-time |part-time )?(?:[\w-]+ )?(?:engineer|developer|nurse|teacher|designer|manager|student|lawyer|accountant|consultant|analyst|scientist|researcher|writer|artist|chef|architect|programmer|therapist|counsel+or|pharmacist|mechanic|electrician|photographer|musician|freelancer|intern|director|officer|professor|paramedic|firefighter|pilot|barista|librarian|plumber|carpenter|social worker|veterinarian))\b"),
    ("gym", r"\b(?:cancel+ed|quit|stopped going to|gave up)\s+(?:the|my)\s+gym(?:\s+membership)?\b(?P<end>)"),
    ("gym", r"(?-i:(?P<v>[A-Z]\w*(?:Gym|Fitness)\b|(?:Fit|Pure|Snap|Anytime|Iron|Flex)[A-Z]\w*\b|Equinox|Crunch|(?:[A-Z][\w'&]*\s+)+(?:Gym|Fitness|CrossFit|Yoga|Climbing|Leisure Centre|Health Club)(?:\s+[A-Z]\w+)*))"),
    ("employer", rf"\b(?:moved|switched|changed)\s+(?:jobs|companies|employers)\s+from\s+(?P<prev>[A-Z][\w&' -]*?)\s+to\s+{_CAP}"),
    ("employer", rf"\b(?:work|works|working|worked|employed|job|position|role|internship|started|starting|start|hired|offer)\s+(?:at|for|(?<=employed )by|(?<=hired )by)\s+(?:a\s+|an\s+|the\s+)?(?!you\b|me\b|us\b|them\b|him\b|her\b|both\b|everyone\b|it\b|that\b|this\b|\w+ing\b|home\b|night\b|nights\b|work\b|least\b|first\b|once\b|the moment\b|a while\b|me\b|myself\b|free\b|fun\b|hours\b|years\b|months\b|weeks\b|days\b|ages\b){_SPAN}"),
    ("employer", rf"\b(?:joined|joining|join)\s+{_CAP}"),
    # a job taken as an outcome: "accepted the offer from Greggs", "took the job with Arla", "said yes to the role at Kier"
    ("employer", rf"\b(?:accepted|accept|took|taken|said yes to)\s+(?:the|their|an?)\s+(?:(?:job|role|position|post)\s+)?(?:offer\s+)?(?:from|at|with)\s+(?:the\s+)?{_CAP}"),
    ("partner", r"\b(?:broke up|split up|separated|divorced)(?:\s+(?:with|from)\s+(?P<v>[A-Z][\w'-]*))?(?P<end>)"),
    ("partner", r"\b(?:I'm|I am|im)\s+(?:officially\s+|newly\s+|finally\s+)?single(?:\s+(?:now|again))?(?=\s*(?:$|[,.;!?]))(?P<end>)"),
    # the couple ended, said the everyday way: "I'm not with Sam anymore", "we're not together any more", "Dan dumped
    # me", "we split" (slots.detect_slot keeps only the speaker's own couple)
    ("partner", rf"\b(?:I'm|I am|im|we're|we are)\s+(?:not|no longer)\s+(?:with|together with|seeing|dating|going out with)\s+{_CAP}"
                rf"(?=\s*(?:$|[,.;!?]|\s(?:any ?more|now|these days|since|after)\b))(?P<end>)"),
    ("partner", r"\b(?:not|no longer|n't)\s+(?:together|a couple|an item|seeing each other|dating)\b(?P<end>)"),
    ("partner", rf"^(?-i:(?P<v>(?!(?:He|She|They|It)\b)[A-Z][a-z'-]+))\s+(?:has\s+|just\s+|finally\s+)*(?:dumped\s+me\b|left\s+me{_LEFT_ME})(?P<end>)"),
    ("partner", rf"\b(?:dumped me|left me{_LEFT_ME}|(?:I|we)\s+(?:just\s+)?dumped\s+(?:him|her|them))(?P<end>)"),
    ("partner", r"\b(?:we|they|I)\s+(?:have\s+|'ve\s+|just\s+)*split(?=\s*(?:$|[,.;!?]|\s(?:last|this|in|on|a|after|before|over|for good)\b))(?P<end>)"),
    ("licence", r"\b(?P<v>driving|driver's|drivers|pilot's|pilot|fishing|motorcycle|motorbike)\s+licen[cs]e\b"),
    ("partner", rf"\b(?:married to|engaged to|dating|going out with|in a relationship with)\s+{_CAP}"),
    ("partner", rf"\b(?:my|our) (?:partner|wife|husband|girlfriend|boyfriend|fianc[ée]e?|spouse)(?:'s name)? is\s+{_CAP}"),
    # "I'm seeing Dan", "been seeing someone called Dan": dating, said the everyday way (a meeting with a time,
    # "seeing Dan on Friday", is dropped by slots.detect_slot; a clinician or a relation is no partner)
    ("partner", rf"\b(?:I'm|I am|I've been|we've been|been|started|I started)\s+(?:now\s+|properly\s+|officially\s+)?seeing\s+"
                rf"(?:(?:someone|somebody|a guy|a girl|a man|a woman|this guy|this girl)\s+(?:called|named)\s+)?"
                rf"(?!(?:Dr|Prof|Mum|Mom|Dad|Nan|Gran|Grandma|Grandad|Auntie|Uncle)\b){_CAP}(?P<seeing>)"),
    # "the new manager is Carl", "our new boss is called Ana", "a new manager, Carl": a manager named as the new one
    ("manager", rf"\b(?:the|our|my|a)\s+new\s+(?:line\s+)?(?:manager|boss|supervisor)(?:'s|\s+is|\s+was|,)?\s+(?:now\s+|called\s+|named\s+)?{_CAP}"),
    # the manager gone, no successor named: "my boss quit", "my manager's left", "no manager till january"
    ("manager", rf"\b(?:my|our)\s+(?:old\s+|line\s+)*(?:manager|boss|supervisor)(?:'s|\s+has|\s+had|\s+is)?\s+(?:just\s+|finally\s+|officially\s+|gone and\s+)*"
                rf"(?:left|quit|resigned|retired|moved on|gone|stepped down|been let go|got (?:fired|sacked)|was (?:fired|sacked|let go))\b{_GONE_FOR_GOOD}(?P<end>)"),
    ("manager", r"\b(?:no|without an?|haven't got an?|don't have an?|there's no|there is no)\s+(?:line\s+)?(?:manager|boss|supervisor)\b"
                r"(?=\s*(?:$|[,.;!?]|\s(?:till|until|now|right now|at the moment|for now|yet|since|any ?more|for (?:a|the|now|weeks|months)|these days)\b))(?P<end>)"),
    # chat's lowercase name after reporting to ("i report to yusuf demir from now on"): slots.detect_slot checks it names someone
    ("manager", r"\b(?:I|we)\s+(?:now\s+|officially\s+)?(?:report|answer)\s+(?:directly\s+)?to\s+(?-i:(?P<v>[a-z][a-z'-]+(?:\s+[a-z][a-z'-]+)?))"
                r"(?=\s*(?:$|[,.;!?]|\s(?:now|from|since|as of|instead)\b))(?P<low>)"),
    # the holder named first: "bettina is my line manager now", "Dan is my boyfriend now" (the rule loop's subject is the speaker)
    ("manager", r"^(?P<v>[A-Za-z][a-z'-]+(?:\s+[A-Z][a-z'-]+)?)\s+(?:is|'s)\s+(?:now\s+)?(?:my|our)\s+(?:new\s+)?(?:line\s+)?(?:manager|boss|supervisor)\b(?P<low>)"),
    ("partner", r"^(?P<v>[A-Za-z][a-z'-]+(?:\s+[A-Z][a-z'-]+)?)\s+(?:is|'s)\s+(?:now\s+)?(?:my|our)\s+(?:new\s+)?(?:partner|wife|husband|girlfriend|boyfriend|fianc[ée]e?)\b(?P<low>)"),
    # a job begun in a role at a named place: "I start monday as a dispatcher with Coastway Trucking"
    ("employer", rf"\b(?:start|starting|started|begin|beginning)\b[^,.;!?]{{0,20}}?\bas\s+an?\s+(?:[\w-]+\s+){{0,2}}?[\w-]+\s+(?:at|with|for)\s+{_CAP}"),
    # chat drops the article: "I'm sous chef at the Tamsind Grill", "im head barista at Bean Republic"
    ("employer", rf"\b(?:I'm|I am|im)\s+(?:now\s+|still\s+)?(?:(?:senior|junior|head|sous|lead|chief|staff|deputy|assistant)\s+)?{_ROLE_NOUN}\s+(?:at|for|with)\s+(?:the\s+)?{_CAP}"),
    # "first shift at JB Hi-Fi is next monday": a job begun at a named place
    ("employer", rf"\b(?:my\s+)?first\s+(?:shift|day|week)\s+(?:at|with)\s+(?:the\s+)?{_CAP}"),
    # "handed my notice in at the grill": the job there ends
    ("employer", rf"\b(?:handed|handing|put|putting|gave|giving)\s+(?:in\s+)?(?:my\s+)?notice\s+(?:in\s+)?(?:at|to)\s+(?:the\s+|my\s+)?(?P<v>[\w' -]+?)(?=\s*(?:$|[,.;!?]|\s(?:and|but|so|today|yesterday|this|last)\b))(?P<end>)"),
    # the shift one works: "switched to the night shift", "I'm on nights now", "back on earlies"
    # (on / onto / to only after the speaker, "I'm on nights", "moved me onto earlies", or opening the clause, "switched to
    # the night shift": "agencies pay 28 an hour on nights" says no one's shift)
    ("shift", r"(?:\b(?:I'm|I am|im|I've been|we're|me|I|we)\b[^,.;!?]{0,30}?\b(?:on|onto|to)|^\W*(?:(?:just|finally|now|so)\s+)?"
              r"(?:switched|moved|swapped|changed|back|put)\b[^,.;!?]{0,12}?\b(?:on|onto|to)|\b(?:work|works|working|doing))\s+(?:the\s+)?(?P<v>(?:night|day|early|late|evening|morning|afternoon|weekend|"
              r"graveyard|twilight)\s+shifts?|nights|earlies|lates)\b(?!\s+(?:out|away|in|off|of|like|when|where|with|before|after)\b)"),
    ("pet", r"\b(?:have|got|adopted|adopting|rescued|getting|bought)\s+(?:a|an|two|three|\d+)?\s*(?:new\s+|little\s+|second\s+)?(?P<kind>(?:\w+\s+)?(?:dog|cat|puppy|kitten|rabbit|bunny|hamster|parrot|bird|fish|turtle|tortoise|snake|horse|guinea pig|gecko|ferret)s?)\b(?:\s+(?:named|called)\s+(?P<v>[A-Z][\w'-]*))?"),
    ("pet", r"\b(?:my|our) (?P<kind>(?:\w+\s+)?(?:dog|cat|puppy|kitten|rabbit|bunny|hamster|parrot|bird|turtle|tortoise|snake|horse|gecko|ferret)),?\s+(?:(?:is|'s)\s+(?:named|called)\s+)?(?P<v>(?-i:[A-Z])[\w'-]*)"),
    ("diet", rf"\b(?P<v>{_DIETS})\b"),
    # "to" names what one reacts to; "allergic reaction" names no allergen
    ("allergy", r"\ballerg(?:ic|y|ies)\s+to\s+(?P<v>[\w -]+)"),
    # the word before names the allergen ("a sesame allergy"), never a verb or determiner ("had the allergy clinic"),
    # and a noun right after "allergy" is what the compound names ("allergy clinic", "allergy test"), not an allergen
    ("allergy", rf"\b(?P<v>(?!{_NOT_ALLERGEN}\b)[a-z]+(?: (?!{_NOT_ALLERGEN}\b)[a-z]+)?)\s+(?:allergy|allergies|intolerance)\b"
                rf"(?!\s+{_ALLERGY_HEAD})"),
    ("allergy", r"\bintolerant\s+to\s+(?P<v>[\w -]+)"),
    ("allergy", r"\b(?P<v>lactose|gluten|dairy|wheat|fructose)[- ]intoleran(?:t|ce)\b|\b(?P<celiac>coeliac|celiac)\b"),
    ("diet", r"\b(?:don't|do not|doesn't|does not|can't|cannot|won't|no longer|stopped|quit|never)\s+eat(?:ing)?\s+(?P<v>meat|red meat|pork|beef|fish|dairy|animal products|sugar|gluten)\b"),
    ("age", r"\b(?:I'm|I am|I turned|turned|turning|she's|he's)\s+(?:now\s+|just\s+)?(?P<v>\d{1,3})(?:\s+years?\s+old)?(?=\s*(?:[.,!;]|$|now|today|yesterday|last|on|in|this|next|and|but|years))"),
    ("condition", r"\b(?:diagnosed with|I have|I've got|I've had|suffer from|suffering from|living with|struggle with|dealing with)\s+"
     r"(?P<v>(?:type [12] )?diabetes|asthma|arthritis|migraines?|epilepsy|coeliac disease|celiac disease|high blood pressure|"
     r"hypertension|anxiety|depression|adhd|ibs|crohn's|lupus|eczema|psoriasis|a bad back|a heart condition|sleep apnea|"
     r"insomnia|gout|tinnitus|long covid|endometriosis|pcos|(?-i:[a-z]+itis))\b"),
    ("condition", r"\b(?:I'm|I am|she's|he's|is)\s+(?:now\s+)?(?:\d+\s+(?:weeks?|months?)\s+)?(?P<v>asthmatic|diabetic|epileptic|pregnant|anaemic|anemic|colou?r-?blind|deaf|hard of hearing|in a wheelchair)\b"),
    ("medication", rf"\b(?P<dose>\d+(?:\.\d+)?\s*(?:mg|mcg|ml|units|iu))\s+(?:of\s+)?(?P<v>{_DRUGS})\b"),
    ("medication", rf"\b(?P<v>{_DRUGS})\b(?:[^,.;]{{0,30}}?\b(?P<dose>\d+(?:\.\d+)?\s*(?:mg|mcg|ml|units|iu)))?"),
    # A drug no lexicon lists, named by the frame a prescriber puts someone on it in (session 11): "they've put her on
    # acenocoumarol", "the gp started me on apixaban" (not "put me on hold / nights / the list / JAL 42"); a switch,
    # "took me off the monthlies and put me on dailies", is the switch rules' (its value binds to the replaced one's slot).
    ("medication", r"^(?!.*\b(?:took|taken|take|takes|taking)\s+(?:me|him|her|them|us)\s+off\b).*?"
                   r"\b(?:put|puts|putting|started|starts|starting)\s+(?:me|him|her|them|us)\s+(?:on|onto)\s+"
                   r"(?!(?:the|a|an|my|his|her|their|our|hold|nights?|days?|earlies|lates|call|shifts?|rota|lists?|board|"
                   r"speaker|loudspeaker|mute|it|to|track|notice|probation|furlough|leave|sick|solids|earlies|patrol|control|"
                   r"phone|speakerphone)\b)"
                   # only a drug-like object (session 11: "put me on reception / overtime / weights / crutches /
                   # standby" are no drugs): a pharmacological ending, a drug-form word or a dose right after it
                   rf"(?=[a-z-]*(?:{_DRUG_ENDINGS})\b|[a-z][a-z-]*\s+(?:{_DRUG_FORMS})\b|[a-z][a-z-]*[^.;,]{{0,25}}?\b\d+(?:\.\d+)?\s*(?:mg|mcg|ml|iu)\b)"
                   r"(?P<v>[a-z][a-z-]{3,})\b(?!\s*\d|\s+(?:list|rota|team|project|shift|plan|account|course)\b)"),
    ("doctor", r"\b(?:my|our) (?P<k>doctor|gp|dentist|therapist|physio|physiotherapist|pediatrician|paediatrician|vet|dermatologist|psychiatrist|cardiologist|optometrist)(?:'s name)? is (?P<v>(?:Dr\.?\s+)?[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?)"),
    ("doctor", r"\b(?:see|seeing|saw|switched to|new doctor is)\s+(?P<v>Dr\.?\s+[A-Z][\w'-]*)"),
    ("email", r"(?P<v>[\w.+-]+@[\w-]+\.[\w.]+\w)"),
    ("phone", r"(?P<v>(?<![\w.])\+?\d[\d ()-]{7,}\d)"),
    ("car", rf"\b(?:drive|drives|driving|bought|got|leased|leasing|car is|went with|gone with|going with|chose|decided on|settled on|ordered|picked up)\b[^.;]{{0,24}}?\b(?:a|an|the)?\s*(?:new\s+|used\s+|second-hand\s+)?(?P<v>(?:\d{{4}}\s+)?(?:{_CAR_MAKES})\b[\w -]*)"),
    # the car one had is gone: "sold the car", "scrapped my old Fiesta", "the car got written off" (a purchase said
    # in the same clause is read first, by the rule above: "sold the Fiesta and bought a Golf")
    ("car", rf"\b(?:sold|selling off|scrapped|got rid of|traded in|part[- ]exchanged|wrote off|written off|totall?ed)\s+(?:the|my|our)\s+"
            rf"(?:old\s+|little\s+|beloved\s+)?(?:car|motor|(?P<v>(?:{_CAR_MAKES})\b))(?P<end>)"),
    ("car", r"\b(?:the|my|our)\s+(?:old\s+)?(?:car|motor)\s+(?:got|was|has been|'s been|is)\s+(?:finally\s+)?(?:written off|scrapped|sold|stolen|towed for scrap)(?P<end>)"),
    # "I drive a 2018 Golf", "she drives an old Yaris": a capitalised model after "drive a" is the car, any make
    ("car", r"\b(?:drive|drives|driving)\s+(?:a|an|the|my|our|his|her)\s+(?:new\s+|used\s+|old\s+|second-hand\s+|little\s+)?"
            r"(?-i:(?P<v>(?:\d{4}\s+)?[A-Z][\w-]*(?:\s+(?:[A-Z0-9][\w-]*|e-\w+))*))"),
    # "now I report to Harriet", "she reports directly to the CFO": who one reports to is one's manager
    # (a present-tense statement with its subject said: "I need to report to HR" is an errand, not a manager)
    ("manager", rf"(?:\b(?:I|we|he|she|they|who|now|still|also|currently|officially)|(?-i:\b[A-Z][a-z]+))\s+(?:reports?|answers?)\s+"
                rf"(?:directly\s+)?(?:in\s+)?to\s+(?:the\s+)?{_CAP}"),
    # the reporting line said as being under someone: "we all go under Mateus now", "I'm under Priya from monday";
    # not under a clinician ("I'm under Dr Shah now", "under Prof Ali at the Royal Free"): a patient's, no boss
    ("manager", rf"\b(?:go|goes|going|went|gone|come|comes|came|moved|moving|sit|sits|am|'m|are|'re|be)\s+(?:now\s+|all\s+)?"
                rf"under\s+(?!{_CLINICIAN}){_CAP}"),
    # a role named with its holder after a preposition: "1:1 with my manager Gudrun", "rent goes to our landlord Steve"
    # (heading the clause, "my manager Gudrun went on leave", the holder is its subject, not the value)
    ("manager", rf"\b(?:with|to|from|for|by|and|about|of)\s+(?:my|our)\s+(?:line\s+)?(?:manager|boss|supervisor)\s+{_CAP}"),
    ("landlord", rf"\b(?:with|to|from|for|by|and|about|of)\s+(?:my|our)\s+(?:landlord|landlady)\s+{_CAP}"),
    ("school", rf"\b(?:got into|accepted (?:in)?to|admitted to|enrolled in|starting|studying|doing)\s+(?:the\s+|a\s+|my\s+)?(?:[\w']+\s+)?(?:program(?:me)?|course|degree|phd|masters?|master's|mba)\s+(?:at|in)\s+{_CAP}"),
    ("school", r"\b(?:study|studying|studies|studied|student|enrolled|go|goes|going|attend|attends|attending|graduated|start|starts|started|starting|accepted)\s+(?:at|from|in|to|into)?\s*(?P<v>(?:the\s+)?(?-i:(?:[A-Z][\w.]*\s+)*(?:University|College|School|Academy|Institute|Uni|Polytechnic|Primary|Nursery|Infants|Juniors|Preschool|Pre-school|Montessori|Sixth Form)(?:\s+of\s+[A-Z]\w+)*))"),
    ("budget", rf"\bbudget\s+for\s+(?:the\s+|my\s+|our\s+|a\s+)?(?P<k>[a-z]+(?:\s+[a-z]+){{0,2}}?)\s+(?:is|was|of|will be|would be|=|:|around|about|max|at)\b[^.;]*?{_MONEY}"),
    ("budget", rf"\bbudget\b[^.;]*?{_MONEY}"),
    ("salary", rf"\b(?:salary|wage|wages|pay rise|raise)\b[^.;]*?{_MONEY}"),
    ("budget", rf"\b(?:(?:pay|spend)\s+(?:more than|over)|no more than|at most|max(?:imum)?(?:\s+of)?|up to)\s+{_MONEY}"),
    ("salary", rf"\b(?:salary|make|makes|earn|earns|earning|paid|pays me)\b[^.;]*?{_MONEY}"),
    ("rent", rf"\brent\b[^.;]*?{_MONEY}"),
    # a bare amount is rent when said as rent: "we pay 1450 rent", "rent's gone up to 1500"
    ("rent", r"\b(?:pay|pays|paying|paid)\s+(?:about\s+|around\s+)?(?P<v>[$€£]?\d[\d,.]*\s*[kK]?)\s+(?:a month\s+|pcm\s+|per month\s+)?(?:in\s+|for\s+)?rent\b"),
    ("rent", r"\brent(?:'s|\s+is|\s+has)?\s+(?:(?:gone|going|been|now|just)\s+)?(?:(?:up|down|increased|raised|rising|risen|dropped|reduced)\s+)?"
             r"(?:to|at)\s+(?P<v>[$€£]?\d[\d,.]*)"),
    ("rent", r"\brent(?:'s|\s+is|\s+was)\s+(?:now\s+|still\s+|only\s+|about\s+|around\s+)?(?P<v>[$€£]?\d[\d,.]*)\b"
             r"(?!\s*(?:%|percent|days?|weeks?|months?|years?|th|st|nd|rd)\b)"),
    ("mortgage", rf"\bmortgage\b[^.;]*?{_MONEY}"),
    ("plan", r"\b(?:upgraded|downgraded)\s+(?:(?:us|me|him|her|them|it|the account|my account|our account)\s+)?to\s+(?:the\s+)?(?-i:(?P<v>[A-Z][\w+]*(?:\s+[A-Z][\w+]*)?))(?:\s+(?:plan|tier))?\b"),
    ("plan", r"\b(?:on the|switched to the|upgraded to the|downgraded to the|subscribed to(?: the)?|my plan is(?: the)?|signed up for(?: the)?)\s+(?P<v>[\w+ -]+?)\s+(?:plan|tier|subscription|membership)\b"),
    ("favourite", r"(?-i:(?!(?:This|That|It|These|Those|Here|There|What|Which)\b)(?P<v>[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)*))\s+(?:is|was|are|were)\s+(?:my|our)\s+(?:absolute\s+|all-time\s+)?favou?rite(?:\s+(?P<k>[a-z]+))?"),
    ("favourite", r"\b(?:my|our|his|her)\s+(?:absolute\s+|all-time\s+)?favou?rite\s+(?P<k>[a-z][\w -]*?)\s+(?:is|are|was|has to be|would be|right now is)\s+"
     r"(?!so\b|very\b|really\b|usually\b|always\b|just\b|pretty\b|such\b|too\b|quite\b)" + _SPAN),
    # A preference verb right after its subject ("I really love", "Ana doesn't like"): "like" as a
    # preposition ("looks like", "self-care, like yoga") and "love" as a noun have no subject before them.
    ("likes", r"(?-i:\b(?:I|I'm|[Ww]e|[Ww]e're|[Yy]ou|[Yy]ou're|[Tt]hey|[Tt]hey're|[Hh]e|[Hh]e's|[Ss]he|[Ss]he's|(?!(?:It|That|This|There|What|Which|Who|Everyone|Nobody)\b)[A-Z][a-z]+))\s+"
     r"(?P<adv>(?:(?:really|also|still|just|absolutely|totally|truly|so|do|does|did|don't|doesn't|didn't|do not|does not|"
     r"did not|never|always|kinda|sort of|actually|genuinely|now|no longer|used to|generally|honestly|seriously|"
     r"particularly|especially|definitely|hardly|am|are|is|was|were|have always|'ve always|a bit|very|pretty)\s+)*)(?P<verb>love|loves|loved|like|likes|liked|enjoy|enjoys|adore|adores|prefer|prefers|hate|hates|dislike|dislikes|can't stand|cannot stand|can't eat|can't do|cannot do|can't handle|can't take|detest|into|obsessed with|a (?:huge |big )?fan of|allergic)\s+(?P<v>[^,.;!?()]+)"),
    # The same with the subject dropped, as chat drops it ("hate coriander", "not a fan of spicy food",
    # "not keen on mushrooms", "big fan of ferries"): a clause that opens with the preference is the speaker's.
    ("likes", r"^(?P<adv>(?:(?:not|really|absolutely|totally|honestly|kinda|still|also|so|never|genuinely|not really)\s+)*)"
     r"(?P<verb>love|enjoy|adore|prefer|hate|dislike|can't stand|cannot stand|detest|(?:a\s+)?(?:huge\s+|big\s+)?fan of|"
     r"keen on|obsessed with)\s+(?P<v>[^,.;!?()]+)"),  # not "like"/"into": "like a frisbee", "into the car"
]]
_TRIGGERS = {
    "lodging": ("book", "reserv", "stay", "check", "switched to", "moved", "i'm at", "we're at", "i am at", "we are at", "staying"),
    "residence": ("live", "living", "mov", "rent", "own", "bought", "keys", "took", "taken", "got", "lease", "relocat", "based", "settl", "resid", "home", "address", "new place",
                  "new flat", "new apartment", "new house", " now", "these days", "halls", "signed", "shar"),
    "role": (" as ", "promot", "job", "role", "title", "position", "i'm a", "i am a", "i'm an", "i am an",
             "been a", "she's a", "he's a", "now a", "still a", "is a", "is an", "'s a", "'s an", "was a", "was an"),
    "employer": ("no longer", "finished", "unemployed", "out of work", "between jobs", "jobless", "resign", "retired", "accept", "took", "taken", "said yes", "redundant", "sack", "let go", "last day", "final day", "first shift", "first day", "first week", "notice", "i'm", "im ", "last shift", "last week", "final week", "quit", "left", "leaving", "resigned", "laid off", "fired", "lost", "work", "employ", "job", "position", "role", "intern", "start", "hired", "offer", "join",
                 "moved", "switched", "changed", "i'm a", "i am a", "she's a", "he's a", "been a", "was a"),
    "licence": ("licen",),
    "partner": ("married", "broke up", "split up", "separated", "divorced", "engaged", "dating", "going out", "relationship", "partner", "wife", "husband",
                "girlfriend", "boyfriend", "fianc", "spouse", "seeing", "single", "together", "with", "a couple", "an item", "dumped", "left me", "split"),
    "shift": ("shift", "nights", "earlies", "lates"),
    "pet": ("dog", "cat", "pupp", "kitten", "rabbit", "bunny", "hamster", "parrot", "bird", "fish", "turtle",
            "tortoise", "snake", "horse", "guinea", "gecko", "ferret"),
    "diet": ("eat", "vegetarian", "vegan", "pescatarian", "keto", "gluten", "dairy", "lactose", "halal", "kosher", "paleo",
             "carb", "plant", "carnivore", "whole30", "fasting"),
    "age": tuple("0123456789"),
    "condition": ("diagnos", "have", "got", "had", "suffer", "living with", "struggle", "dealing", "asthma", "diabet",
                  "epilep", "pregnant", "anaemic", "anemic", "blind", "deaf", "hearing", "wheelchair"),
    "allergy": ("allerg", "intoleran", "coeliac", "celiac"),
    "medication": ("mg", "mcg", "ml", "unit", "iu", "ibuprofen", "insulin", "metformin", "sertraline", "lisinopril",
                   "levothyroxine", "amoxicillin", "prednisone", "adderall", "ritalin", "zoloft", "prozac", "lexapro",
                   "paracetamol", "acetaminophen", "tylenol", "aspirin", "warfarin", "melatonin", "antihistamine",
                   "cetirizine", "loratadine", "omeprazole", "amlodipine", "gabapentin", "pram", "bupropion",
                   "wellbutrin", "vitamin", "iron", "birth control", "the pill", "statin", "pril", "sartan", "olol",
                   "azepam", "prazole", "mycin", "cillin", "tidine", "oxetine", "triptan", "put", "start"),
    "doctor": ("doctor", "gp", "dentist", "therap", "physio", "pediatric", "paediatric", "vet", "dermatolog",
               "psychiatr", "cardiolog", "optometr", "dr"),
    "email": ("@",),
    "phone": tuple("0123456789"),
    "car": ("toyota", "honda", "ford", "tesla", "bmw", "audi", "volkswagen", "vw", "mercedes", "kia", "hyundai",
            "nissan", "mazda", "subaru", "volvo", "chev", "jeep", "fiat", "renault", "peugeot", "skoda", "prius",
            "civic", "corolla", "mini", "porsche", "lexus", "polestar", "rivian", "driv", "vauxhall", "citro", "dacia",
            "cupra", "corsa", "fiesta", "focus", "golf", "polo", "clio", "yaris", "astra", "qashqai", "juke", "micra", "octavia",
            "fabia", "kuga", "puma", "jazz", "picanto", "sandero", "sold", "selling off", "scrapped", "got rid of", "traded in",
            "exchanged", "written off", "wrote off", "totaled", "totalled", "stolen"),
    "manager": ("report", "under", "manager", "boss", "supervisor", "answer"), "landlord": ("landlord", "landlady"),
    "gym": ("gym", "fit", "crossfit", "yoga", "climbing", "leisure", "health club", "pilates", "equinox", "crunch"),
    "school": ("program", "course", "degree", "phd", "master", "mba", "universit", "college", "school", "academy", "institute", "uni", "polytechnic", "primary", "nursery", "infants", "juniors", "preschool", "pre-school", "montessori", "sixth form"),
    "budget": ("budget", "more than", "over", "at most", "max", "up to"), "salary": ("salary", "make", "earn", "paid", "pays", "wage", "raise", "pay rise"), "rent": ("rent",),
    "mortgage": ("mortgage",), "plan": ("plan", "tier", "subscription", "membership", "grade"), "favourite": ("favo",),
    "likes": ("lov", "lik", "enjoy", "ador", "prefer", "hate", "dislike", "stand", "can't", "cannot", "detest", "into",
              "obsessed", "fan of", "keen on"),
}
_TRIGGER_RE = {a: re.compile("|".join(re.escape(k) for k in ks)) for a, ks in _TRIGGERS.items()}
#: A plan or wish ("thinking of moving to Berlin") does not set a state: it must not supersede one.
_PLAN = re.compile(r"\b(?:thinking (?:of|about)|considering|might|may|maybe|planning|plan to|plans to|hoping|hope to|"
                   r"want to|wants to|wanna|would like to|'d like to|dream of|dreaming of|someday|one day|if)\b", re.I)
_STATE = frozenset({"residence", "employer", "role", "pet", "diet", "partner", "car", "gym", "school", "shift", "manager"})
#: A verb right before a state's value that ends it ("cancelled FitHub", "quit the Starter plan").
_ENDS_BEFORE = re.compile(r"\b(?:cancel+ed|cancel+ing|quit|quitting|left|leaving|stopped going to|gave up|dropped|ended|"
                          r"moved out of|no longer (?:at|with|in|go to|use))\s+(?:my\s+|the\s+|our\s+)?(?:membership\s+(?:at|with|to)\s+)?$", re.I)
_ABBREV = re.compile(r"\b(Dr|Mr|Mrs|Ms|St|Prof)\.")
_ADV_NEG = re.compile(r"n't|\bnot\b|\bnever\b|\bno longer\b|\bhardly\b", re.I)
_NEG_VERBS = {"hate", "hates", "dislike", "dislikes", "can't stand", "cannot stand", "can't eat", "detest", "can't do",
              "cannot do", "can't handle", "can't take"}
#: "my X is Y"; chat drops the possessive before an adjective of currency ("new number is 07...", "current
#: provider's octopus"): a clause opening on one is the speaker's.
_MY_X_IS = re.compile(r"(?:\b(?:my|our)\s+|^(?=(?:new|current)\s))(?P<k>[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,2}?)\s+(?:is|are)\s+(?:now\s+|still\s+)?"
                      r"(?:(?:called|named)\s+)?" + _SPAN, re.I)  # "my landlord is called Dave": the name
_FROM_TO = re.compile(r"\b(?:switched|switching|changed|changing|moved|moving|upgraded|downgraded|migrated|swapped|went)\s+"
                      r"(?:\w+\s+){0,2}?(?:from|off)\s+(?P<prev>[^,.;!?()]+?)\s+to\s+(?P<v>[^,.;!?()]+)", re.I)
#: A switch said as taking off one thing and putting on another ("the gp took me off the brown one and put me on
#: fostair"), or swapping one for another ("swapped the nespresso for a moka pot", "replaced Xero with FreeAgent").
_SWITCH = (re.compile(r"\b(?:took|taken|takes|taking|came|come|coming|got|gone)\s+(?:(?:me|us|him|her|them)\s+)?off\s+"
                      r"(?P<prev>[^,.;!?()]+?)\s+(?:and\s+)?(?:put|moved|switched|started|got)\s+(?:(?:me|us|him|her|them)\s+)?"
                      r"(?:on|onto|on to)\s+(?P<v>[^,.;!?()]+)", re.I),
           re.compile(r"\b(?:swapped|swapping|traded|replaced|replacing|ditched)\s+(?:out\s+)?(?P<prev>[^,.;!?()]+?)\s+(?:out\s+)?"
                      r"(?:for|with)\s+(?P<v>[^,.;!?()]+)", re.I))
#: A holder named before the speaker's role for them ("Carl is my new manager", "Dan is my boyfriend now"): the
#: clause is about the speaker's slot, its opening name the value.
_HOLDER_FIRST = re.compile(r"^[A-Za-z][a-z'-]+(?:\s+[A-Z][a-z'-]+)?\s+(?:(?:is|'s)\s+(?:now\s+)?(?:my|our)\s+|"
                           r"(?:has\s+|just\s+|finally\s+)*(?:dumped|left)\s+me\b)", re.I)
_REL_RE = re.compile(rf"^(?:{_REL})$", re.I)
_ARTICLE = re.compile(r"^(?:a|an|the|my|our|your|his|her|their|some)\s+", re.I)
_SYNONYMS = {
    "live in": "residence", "lives in": "residence", "living in": "residence", "moved to": "residence",
    "based in": "residence", "home": "residence", "address": "residence", "location": "residence",
    "city": "residence", "hometown": "residence", "relocated to": "residence", "place": "residence",
    "flat": "residence", "house": "residence", "apartment": "residence", "home address": "residence",
    "work at": "employer", "works at": "employer", "work for": "employer", "company": "employer",
    "employer": "employer", "job": "role", "title": "role", "job title": "role", "position": "role",
    "wife": "partner", "husband": "partner", "girlfriend": "partner", "boyfriend": "partner",
    "spouse": "partner", "fiance": "partner", "fiancee": "partner", "phone number": "phone",
    "number": "phone", "mobile": "phone", "cell": "phone", "email address": "email", "e-mail": "email",
    "gas": "energy", "electric": "energy", "electricity": "energy", "gas and electric": "energy",
    "gas and electricity": "energy", "banking": "bank", "internet": "broadband", "wifi": "broadband",
    "boss": "manager", "line manager": "manager", "supervisor": "manager",  # one slot: "now I report to Harriet"
    "gp": "doctor", "physician": "doctor", "favorite": "favourite", "salary": "salary", "pay": "salary",
}
#: Words that make a named place a place to stay.
_LODGING_SIGNAL = re.compile(r"\b(?:hotel|hostel|inn|airbnb|b&b|bnb|guesthouse|guest house|resort|lodge|motel|nights?|same dates|"
                             r"check-?in|check-?out|room|suite)\b", re.I)
