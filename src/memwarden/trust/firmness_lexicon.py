"""How firmly a text holds what it says: stated, hedged or reported; and whether it corrects itself.

Split from :mod:`.lexicon` in session 22 (which still re-exports :func:`firmness`, :func:`is_correction`,
:data:`Firmness` and :data:`CLAUSE_NEXT`): the hedge, report and correction wording and the records
the user reads for themselves (:data:`_AUTHORITY`), which are not hearsay.

* :func:`firmness` reads how firmly a text holds what it says: ``stated``,
  ``hedged`` ("I think", "pretty sure", "might", a question) or ``reported``
  ("my mom insists", "Tom heard", "apparently", "someone said").
* :func:`is_correction`: the text corrects something said before ("actually", "false alarm").
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Literal

from ..lexicon import kin
from ..lexicon.quotes import straight

__all__ = ["firmness", "Firmness", "is_correction", "CLAUSE_NEXT"]

Firmness = Literal["stated", "hedged", "reported"]

_HEDGE = re.compile(
    r"\b(?:i think|i thought|i guess|i suppose|i believe|pretty sure|fairly sure|not (?:100% |totally |completely )?sure|"
    r"might|maybe|perhaps|possibly|probably|could be|may be|i reckon|not certain|unsure|"
    # "no idea where that came from" doubts the rumour's source, not what the speaker says.
    r"no idea(?! (?:where|why|how|who|what|that))|don't quote me|"
    r"might be wrong|could be wrong|if i remember|iirc|i'm guessing|seems like|looks like|supposedly|allegedly|"
    r"hard to tell|not clear|unclear|"
    # "I'd say a good 3 miles", "not yet confirmed": an estimate or a claim awaiting its check.
    r"i'd say|would say|not (?:yet )?confirmed|unconfirmed|yet to be confirmed)\b", re.I)
#: After "is saying", "was telling (me)": a report only when "that", a colon or a clause (subject and verb) follows,
#: not a plain object ("is saying his first words", "was telling jokes", "is telling everyone about the merger").
CLAUSE_NEXT = (r"(?=(?:\s+(?:me|us))?(?:\s+that\b|\s*[,:]|\s+(?i:i|i'm|he|she|he's|she's|it's|we|we're|they|they're|you|"
                r"there's|there)\s|\s+(?:(?i:the|my|his|her|our|their|a|an)(?:\s+[\w'-]+){1,2}?|(?-i:[A-Z][a-z]+))\s+"
                r"(?i:is|was|are|were|has|had|have|can|can't|could|will|won't|would|should|might|must|does|did|doesn't|"
                r"didn't|isn't|wasn't|[a-z]+ed|went|got|left|quit|shut|sold|bought|made|came|took|gave|lost|won|broke|found|put|"
                r"ran|fell|grew|knew|became|began|wrote|drove|flew|ate|paid|kept|spent|sent|built|met|"
                r"[a-z]+s(?=\s+(?:in|at|on|to|from|with|a|an|the|my|his|her|their|our|\d)\b))\b))")
#: Whose word is passed on after "my/his/her": kin (not a child or grandpa), friends, neighbours, colleagues.
_REPORTER = kin.alternation(kin.NEAR - {"son", "daughter", "grandpa"} | kin.NEIGHBOURS | {"granddad", "friend", "colleague", "boss"})
_REPORT = re.compile(
    r"\b(?:(?:my|his|her|our|their) (?:\w+ )?(?:" + _REPORTER + r")\b[^.!?]{0,40}?\b(?:says|said|insists|"
    r"insisted|reckons|thinks|told|claims|swears)|someone (?:said|told|mentioned)|(?:i|we) (?:heard|was told|were told)|"
    r"heard (?:from|that|it)|apparently|rumou?r|according to (?:my|a|some)|word is|people are saying|"
    r"\w+ (?:reckons|insists|claims|swears)|"
    # "his granny is telling anyone who'll listen that ...": a claim spread, not one stated.
    r"\b(?!user\b|i\b|we\b)\w+ (?:is|are|was|were|keeps|kept|has been|have been) (?:telling|saying)\b(?:\s+(?:everyone|everybody|anyone|anybody|people)(?: who(?:'ll| will) listen)?)?" + CLAUSE_NEXT + r"|\b(?!user\b|who\b)\w+ (?:thinks|believes|suspects)|(?<!\bi )(?<!\bwe )\b[A-Z]?[a-z]+ (?:heard|says)|told me|i read somewhere|"
    # a named person's word passed on: "Sarah said her sister ...", "Tom mentioned", "Dev was telling me"; not
    # their words as an object ("better than what Marco said"), nor an adverb or a discourse word opening the
    # user's own sentence ("Finally mentioned the raise", "Anyway said my piece", "Nobody said anything")
    r"(?<!\bwhat )(?<!\bthan )(?<!\blike )(?<!\bas )(?-i:\b(?!(?:That|This|Having|It|You|We|They|Which|Who|What|As|Like|Needless|Also|Just|And|But|So|Then|Already|Never|Have|Has|Had|Anyway|Anyhow|Nobody|Somebody|Someone|Everyone|Everybody|Today|Yesterday|Tonight|Tomorrow|Now|Still|Once|Later|Earlier|Again|Somehow|Well|Yeah|Yes|No|Oh|Okay|Ok|Only|Really|Sadly|Simply|Surely|Mostly|Nearly|Truly|Lately|Partly|Rarely|Barely|Merely|Oddly|Early|[A-Z][a-z]{4,}ly)\b)[A-Z][a-z]+) "
    r"(?:said|mentioned|was (?:telling|saying)" + CLAUSE_NEXT + r")(?! (?:to|it|so|yes|no)\b))\b", re.I)
_CORRECTION = re.compile(
    r"\b(?:actually|correction|scratch that|i was wrong|oh wait|wait,|no wait|false alarm|turns out|"
    r"update:|ignore (?:that|what i said)|it's actually|not \w+ after all|after all|"
    # Self-corrections: "no sorry, it's the 16th", "my mistake", "I misread".
    r"no,? sorry|sorry,? (?:i meant|it's|it is)|i misread|misread|my mistake|my bad|i meant)\b", re.I)


#: Someone whose word on their own subject is a record, relayed by the user: not hearsay.
_AUTHORITY = re.compile(
    r"\b(?:doctor|dr\.? \w+|gp|nurse|pharmacist|allergist|dentist|vet|consultant|specialist|surgeon|garage|mechanic|"
    r"lawyer|solicitor|accountant|bank|school|landlord'?s? letter|letter|email|notice|report|results?|invoice|"
    r"ticket|tracking|airline|council|hr|agent|pass|invite|invitation|calendar|receipt|contract|schedule|timetable|"
    # "the council website and it actually says": a record read by the user, a few words on
    r"website|app|label|fee schedule|handbook|leaflet|brochure|manual|guide|page|document|"
    # Session 22: more papers and screens the user reads for themselves ("the card says", "passport says", "the
    # board says $2.19", "the summary ... it says"), and the trade who did the job ("the plumber says he's replaced")
    r"card|passport|certificate|cert|licen[cs]e|permit|summary|records?|register|board|sign|paperwork|form|payslip|"
    r"statement|screen|display|meter|prescription|packet|box|plumber|electrician|engineer|technician|gas man|"
    r"(?<![\w'])it(?= says\b))\W+(?:\w+\W+){0,3}?(?:says|said|shows|showed|states|confirmed|told me|told us|"
    r"called)\b", re.I)


@lru_cache(maxsize=65_536)
def firmness(text: str) -> Firmness:
    """How firmly ``text`` holds its content: reported speech first (it is hearsay even when firm).

    What a doctor, a garage, a letter or a tracking page "says", relayed by the user, is a record
    rather than hearsay: those spans are not read as reported speech.
    """
    t = straight(text)
    auth = [m.span() for m in _AUTHORITY.finditer(t)]
    for m in _REPORT.finditer(t):
        if not any(a <= m.start() < b or a < m.end() <= b for a, b in auth):
            return "reported"
    if _HEDGE.search(t) or t.rstrip().endswith("?"):
        return "hedged"
    return "stated"


def is_correction(text: str) -> bool:
    """The text corrects something said before ("actually", "false alarm", "turns out")."""
    return bool(_CORRECTION.search(straight(text)))
