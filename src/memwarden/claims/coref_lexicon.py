"""Closed word lists and patterns of the pronoun resolver (``coref``), kept apart so the resolver reads as steps.

Kinship words carry a gender ("my sister" is a "she"); role words are people of either; animals take she, he
or it; groups and organisations are "they" ("the shelter", a business whose name ends in a trade: "Hobbs
Mill", "Pennant Removals"). Everything here is compiled once at import.
"""

from __future__ import annotations

import re
from typing import Literal

from ..lexicon import calendar as cal, kin
from . import lexicon as L
from .person import _UNCHANGED as _IRREGULAR_PAST

Kind = Literal["female", "male", "person", "animal", "group", "plural", "thing"]

_FEMALE = kin.FEMALE | frozenset("landlady missus wifey woman girl lady queen actress waitress".split())
_MALE = kin.MALE | frozenset("hubby man guy bloke boy lad king".split())
_PERSON = frozenset(
    "partner friend mate pal buddy bestie boss manager colleague coworker co-worker roommate flatmate housemate workmate lodger "
    "neighbour neighbor teammate mentor coach therapist counsellor counselor doctor dentist gp nurse vet teacher instructor "
    "tutor accountant solicitor lawyer plumber electrician builder mechanic physio physiotherapist midwife surgeon consultant "
    "optician pharmacist receptionist cleaner childminder nanny carer harbourmaster rep agent landlord baby kid child toddler "
    "ex cousin twin sibling person surveyor estate-agent engineer developer designer editor director officer assistant "
    "advisor adviser caseworker keyworker key-worker social-worker specialist paediatrician dermatologist gynaecologist "
    "hygienist chiropractor osteopath trainer captain skipper chef driver courier postman postie inspector registrar "
    "coordinator organiser organizer host boss-man client customer patient student pupil classmate tenant owner seller "
    "buyer vendor contractor decorator roofer gardener groomer sitter dog-walker walker babysitter barber hairdresser "
    "stylist".split())
_ANIMAL = frozenset(
    "cat dog puppy pup kitten kitty rabbit bunny hamster parrot budgie horse pony tortoise turtle ferret gerbil rat mouse "
    "snake lizard gecko chicken hen cockerel rooster goat sheep lamb cow pig donkey goldfish spaniel labrador lab terrier "
    "collie retriever poodle whippet greyhound lurcher dachshund pug beagle husky alsatian staffie cockapoo cavapoo moggy "
    "tabby mare foal stallion gelding".split())
_GROUP = frozenset(
    "team family shelter company firm council school nursery surgery clinic hospital practice bank club band gym charity "
    "agency committee staff crew group department church office airline hotel shop store garage supplier insurer couriers "
    "courier landlords police government uni university college board management hr it-team venue restaurant pub cafe "
    "bakery brewery builders removals movers contractors vets dentists doctors neighbours neighbors parents grandparents "
    "in-laws kids children twins friends mates guys people lads girls boys cousins siblings folks triplets grandkids "
    "grandchildren students pupils organisers organizers hosts owners tenants sellers buyers vendors couple".split())
#: The last word of a business's name ("Hobbs Mill", "Pennant Removals", "Kingsmoor Vets").
_ORG_HEAD = frozenset(
    "Mill Ltd Co Bank Council Surgery Clinic Hospital Motors Garage Group Trust School Academy Nursery Pharmacy Dental Vets "
    "Removals Energy Water Insurance Airways Air Airlines Rail Homes Estates Lettings Agency Studio Studios Gym Leisure "
    "Centre Center Church Club FC Bakery Cafe Kitchen Foods Farm Farms Organic Solutions Labs Technologies Systems Services "
    "Partners Associates Media Press Books Brewery Logistics Couriers Builders Plumbing Electrical Motors Dairy Dairies "
    "Supplies Hardware Opticians Travel Tours Holidays Inc Limited".split())
#: Household members said with "the" ("the kids", "the wife"): the speaker's, as the extractor reads them.
_THE_KIN = kin.THE_HOUSEHOLD
#: "the dog next door", "the cat from the shelter": not the speaker's own.
_ELSEWHERE = re.compile(r"^\s*(?:next door|down the|up the|across|over the road|upstairs|downstairs|from|at|of|on the)\b", re.I)
#: A person or animal introduced by name: "a guy called tomasz".
_CALLED = re.compile(r"^,?\s+(?:(?:is|was|'s)\s+)?(?:called|named)\s+(?P<n>(?!(?:the|a|an|it|that|him|her|them)\b)[A-Za-z][a-z'-]+)\b", re.I)
#: A copula before "a/an": the phrase says what something is ("it's a long story", "she's a midwife").
_COPULA = re.compile(r"(?:'s|\bis|\bwas|\bare|\bwere|\bbe|\bbeen|'re|\bbecome|\bbecame)\s+$", re.I)
#: A later verb of the clause: the words before it were the subject's ("the plants in the greenhouse have blight").
_FINITE = re.compile(r"\b(?:is|are|was|were|has|have|had|will|won't|can|can't|could|would|need|needs|look|looks|"
                     r"isn't|aren't|wasn't|weren't|hasn't|haven't|don't|doesn't|didn't)\b", re.I)
#: What follows a name opening a clause: "Priya from work", "Olu and Femi", "Nutmeg's".
_NAME_LED = re.compile(r"^(?:\s+(?:from|and|or|is|was|has|had|will|just|said|says|told|who|wants|needs|lives|works|"
                       r"started|moved|got|came|went|rang|called|texted)\b|'s\b)")
_PREP_BEFORE = re.compile(r"\b(?:in|on|at|for|from|with|to|into|onto|of|by|about|under|near|over|behind|through|after|before|"
                          r"around|across|off|without|than|like)\s+$", re.I)
#: Words that end a noun phrase: times, quantities, verbs and adverbs a determiner is often followed by.
_NOT_NP = frozenset(L.STOPWORDS | {w.lower() for w in L.NOT_NAMES} | frozenset(
    "today tomorrow tonight yesterday morning afternoon evening night week weekend month year day days weeks months years "
    "time times bit lot thing things stuff way ones one other same whole rest end start middle moment minute minutes "
    "hour hours seconds ago again too though tbh lol haha btw anyway already still ever even only just ok okay "
    "is are was were be been has have had got gets get goes went came comes come said says told tells made makes took "
    "takes gave gives put puts left leaves keeps kept needs needed wants wanted seems looks looked feels felt sounds "
    "started starts finished ended ends moved moves booked called named rang texted emailed sent arrived turned "
    "because since while until unless after before during every each both either neither few several much many "
    "more most less least very really quite pretty so such lots sort kind type "
    # common verbs in their base form, and particles, that follow a noun phrase ("the migration keep timing out")
    "keep take make go need want like love hate know think say tell see look give find try feel leave mean let begin "
    "seem help show hear play run move live believe bring happen write sit stand lose pay meet set learn change lead "
    "watch follow stop speak read spend grow open walk win offer remember buy wait stay fall reach remain pass sell "
    "decide pull break fix use work start finish arrive cost cover eat drink sleep "
    "back done off out up down over away together apart home there here".split()) | _IRREGULAR_PAST)
#: A phrase whose only word describes ("the big", "the actual", "the best"): no thing named.
_ADJ_ONLY = frozenset("big small little best worst actual whole new old first last next other same only real main usual "
                      "latest current previous proper full entire early late good bad".split())
_NEXT_IS_VERB = re.compile(r"^\s*(?:[,.;!?]|$|is\b|are\b|was\b|were\b|have\b|has\b|had\b|will\b|would\b|can\b|could\b|"
                           r"do\b|did\b|don't\b|didn't\b|aren't\b|weren't\b|need\b|\w+ed\b|'re\b|'ve\b|got\b)", re.I)
_FUNCTION = re.compile(r"^[a-z][a-z'-]*$")
_NP = re.compile(r"\b(?P<det>my|our|your|the|a|an|this|that|these|those)\s+(?=(?P<np>[A-Za-z][\w'-]*(?:\s+[A-Za-z][\w'-]*){0,3}))", re.I)
_NAME = re.compile(r"(?<![\w'])(?P<n>[A-Z][a-z]+(?:\s+[A-Z][a-z]+){0,2})(?P<pos>'s)?")
_PLACE_BEFORE = re.compile(r"\b(?:in|to|at|from|near|into|around|via|outside|towards|through|across|of|on|off|up|down)\s+(?:the\s+)?$", re.I)
_NAMING = re.compile(r"\b(?:call|called|calling|name|named|naming|rename|renamed|renaming|christened)\s+(?P<p>her|him|it|them)\s+$", re.I)
#: A business named by a possessive, closing its phrase: "gone over to Tarrant's organic", "get it from Lidl's".
_SHOP_POSSESSIVE = re.compile(r"^'s(?:\s+[a-z]+)?\s*(?:[.,;!?)]|$)")

#: A name followed by the kind of business it is: "Hollis dairy", "Patel's pharmacy" is a possessive, not this.
_TRADE = re.compile(r"^\s+(" + "|".join(sorted({w.lower() for w in _ORG_HEAD} - {"co", "air", "water", "inc"})) + r")\b")

_LEAD = re.compile(r"[\w' ]{0,20},\s*")
_DET_BEFORE = re.compile(r"\b(?:a|an|the|this|that|my|our|your)\s+$", re.I)

#: An object "it" that stands for nothing said: "can't make it", "got it", "lose it", "back to it", "feel it in my bones".
_IT_IDIOM = re.compile(r"\b(?:make|made|making|makes|got|get|gets|getting|take|took|taking|takes|lose|lost|losing|back to|at|feel|felt|"
                       r"nail|nailed|forget|go for|going for|went for|worth|that's|is|was|wing|winging|mean|meant|believe|stand|"
                       r"hack|fake|faking|call|calling|called|blame|hit|hitting|smash|smashed|rough|roughing|love|hate|like)\s+$", re.I)

#: Every third-person pronoun, with a contraction it carries.
PRONOUN = re.compile(r"(?<![\w'])(?P<p>she|he|her|hers|him|his|it|its|they|them|their|theirs)(?P<c>'s|'ll|'d|'re|'ve)?(?![\w'])", re.I)
_CLASS = {"she": "f", "her": "f", "hers": "f", "he": "m", "him": "m", "his": "m", "it": "n", "its": "n",
          "they": "p", "them": "p", "their": "p", "theirs": "p"}
#: A dummy subject: "it's raining", "it's 6:15 now", "it's a long story", "it seems", "it's been ages"; a cleft ("it's
#: only the sports hall that's closed"); a situation as subject ("it reminds me of...", "it made me realise": the
#: "it" of a whole event said before, not of a noun phrase).
_IT_DUMMY = re.compile(r"^(?:\s+is(?:\s+then)?\s*(?:[,.!;]|$)|\s+(?:might|may|could|would|should|must|can|can't|cannot)\b|"
                       r"(?:'s|\s+is|\s+was)\s+(?:in|at|on|when|because|only when)\b[^,.;]*?\b(?:that|when)\b|"
                       r"\s+(?:takes?|took)\b[^,.;]*?\bto\s+[a-z]|"
                       r"(?:'s|\s+is|\s+was)\s+(?:(?:only|just|often|always|usually|really|not|all|mostly)\s+)*"
                       r"(?:the|my|our|those|these)\s+[^,.;]*?\s(?:that|who)\b|"
                       r"\s+(?:just\s+|really\s+|always\s+|also\s+|still\s+)*(?:remind|reminds|reminded|make|makes|made|give|gives|gave|help|helps|helped|bring|brings|brought|"
                       r"fill|fills|filled|mean|means|meant|teach|teaches|taught|show|shows|showed|inspire|inspires|inspired|"
                       r"push|pushes|pushed|let|lets|allow|allows|allowed|keep|keeps|kept|hit|hits)\s+(?:me|us|my|our|you|your|him|her|them|everyone|people)\b)|"
                       r"^(?:'s|\s+is|\s+was|\s+will be|'ll be|\s+would be|'d be)?\s*(?:not\s+|n't\s+|so\s+|just\s+|really\s+|all\s+|also\s+)*"
                       r"(?:a|an|\d|raining|snowing|pouring|cold|hot|warm|freezing|sunny|late|early|ok|okay|fine|alright|time|over|done|"
                       r"been|going|gonna|getting|like|about|true|possible|likely|unlikely|worth|weird|funny|odd|mad|crazy|wild|"
                       r"what|how|why|that|official|my|our|your|the\s+(?:first|last|same|best|worst|only|end)|seems?|seemed|looks?|looked|"
                       r"turns?\s+out|turned\s+out|depends|happens|happened|feels?|felt|sounds?|means?|matters?|"
                       r"doesn't|didn't|won't|isn't|wasn't|never|always|still|tomorrow|today|tonight|now|here|there|"
                       r"(?:" + cal.alt(cal.WEEKDAYS) + r"|" + cal.alt(cal.MONTHS) + r")\b)", re.I)


def _kind(head: str, plural_ok: bool = True) -> Kind:
    h = head.lower()
    if h in _FEMALE:
        return "female"
    if h in _MALE:
        return "male"
    if h in _ANIMAL:
        return "animal"
    if h in _GROUP or (h.endswith("s") and h[:-1] in (_PERSON | _FEMALE | _MALE | _ANIMAL)):
        return "group"
    if h in _PERSON:
        return "person"
    if plural_ok and h.endswith("s") and not h.endswith(("ss", "us", "is", "'s")) and len(h) > 3:
        return "plural"
    return "thing"
