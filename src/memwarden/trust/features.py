"""What the stance detector reads in one text: content words, polarity, hedges, values, names.

Computed once per text and cached (:func:`features`); :mod:`.stance` compares two of them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from ..lexicon import calendar as cal
from ..lexicon.quotes import straight
from .spoken_numbers import pronoun_one_and_ordinals
from ..retrieval.text import STOPWORDS, _stem, words
from .opening import _KIN, _KIN_SAME, _STARTERS, subject, thing  # noqa: F401  (_KIN, _KIN_SAME: read from here too)
from .lexicon import (ADDITIVE, HEDGE_PHRASES, HEDGE_WORDS, NOT_NEGATION, POLAR_PAIRS, REJECTED, REPORT_FRAME_WORDS,
                      STATUS_FLIP, converse, firmness, is_correction, relation, rewrite)
from .typed_values import extract_values
from .value_cues import (FORMER, NOT_TILL, NUMBER_ABBR, SELF_CORRECTION, WEEKDAYS as _WEEKDAYS, repair_parts, replaced,
                         plain_amounts, spell_numeric_dates)

__all__ = ["TextFeatures", "features", "firm_clauses"]

_NEGATORS = frozenset(
    "not no never none nobody nothing nowhere neither nor cannot without n't didnt dont doesnt isnt wasnt "
    "arent werent hasnt havent hadnt wont wouldnt cant couldnt shouldnt".split()
)
#: Deny/refute verbs flip the polarity of what follows, like "not".
_DENY_WORDS = frozenset("deny denies denied refute refutes refuted false untrue wrong fake incorrect myth".split())

#: Avoiding or refusing something is not doing it: "avoids swimming after lunch" = "never swims
#: after lunch"; "told to avoid walking on the flat" against "can walk flat for hours".
_AVOID_WORDS = frozenset("avoid avoids avoided avoiding refuse refuses refused refusing shun shuns shunned".split())
_STAY_AWAY = re.compile(r"\b(?:stay|stays|stayed|staying|steer|steers|steered|steering|keep|keeps|kept|keeping)"
                        r" (?:well )?(?:away|clear) (?:from|of)\b")
_NUMBER_WORDS = {
    w: i
    for i, w in enumerate(
        "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
        "sixteen seventeen eighteen nineteen twenty".split()
    )
}
_NUMBER_WORDS.update({"thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80,
                      "ninety": 90, "hundred": 100, "thousand": 1000, "dozen": 12, "once": 1, "twice": 2, "thrice": 3,
                      "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5})
_ORDINALS = frozenset("first second third fourth fifth".split())
_POSSESSIVE = frozenset("my our your his her their its".split())
_MONTHS = list(cal.MONTHS)
_MONTH_ABBR = {m[:3]: m for m in _MONTHS} | {"sept": "september"}
#: Weekday abbreviations of calendars and rotas ("Fri 9 Oct"); "sat"/"sun" only before a day number.
_DAY_ABBR = {"mon": "monday", "tue": "tuesday", "tues": "tuesday", "wed": "wednesday", "thu": "thursday",
             "thur": "thursday", "thurs": "thursday", "fri": "friday", "sat": "saturday", "sun": "sunday"}
_NUM = re.compile(r"(?<![\w.])(\d+(?:[.,]\d+)?)(?![\w])")
_CODE = re.compile(r"\b(?=[A-Za-z]{1,3}\d)[A-Za-z]{1,3}\d{1,4}\b|\b\d{1,3}[A-Za-z]\b(?<!\d[ap]m)(?<!\d[kKmMgG])")
_CAP = re.compile(r"(^|[.!?:;]\s+|\s)([A-Z][a-z]+)")


@dataclass(frozen=True, slots=True)
class TextFeatures:
    """What the detector needs from one text, computed once and cached."""

    content: frozenset[str]  # stemmed content tokens, without numbers/dates/negators
    negated: bool
    hedged: bool
    numbers: frozenset[str]
    dates: frozenset[str]
    proper: frozenset[str]  # stemmed capitalised words not at a sentence start
    #: Proper names in the order they appear ("Ana is Ben's manager": ana, ben).
    order: tuple[str, ...] = ()
    #: Who the sentence is about when it opens with a person: "i", "my sister", a name; else None.
    subject: str | None = None
    reported: bool = False
    additive: bool = False
    #: Says it replaces something said before ("instead", "moved to", "actually"): about the same matter.
    replaces: bool = False
    #: Amounts tagged with their unit ("£:1200", "%:6", "mg:20"): the same unit says the same attribute.
    units: frozenset[str] = frozenset()
    #: The thing a sentence opens on ("the pool is closed" -> pool), stemmed; None when it opens otherwise.
    thing: str | None = None
    #: The last date or number in reading order ("moved from tuesday to wednesday" -> wednesday).
    last_value: str | None = None
    #: (manager, managed) when the text states who manages whom (lexicon.relation).
    relation: tuple[str, str] | None = None
    #: The last clock time in reading order (values.extract_values).
    last_time: str | None = None
    #: Content words and dates/numbers in reading order (what follows a frame word is its value).
    seq: tuple[str, ...] = ()
    #: Words of the negated clauses (empty: the negation stands alone, "no", "not really").
    neg_scope: frozenset[str] = frozenset()
    #: Words of the clauses a hedge sits in ("i'm on the annual plan, renews 2 july i think": renew,
    #: 2, july): a hedge doubts its own clause, not the whole text.
    hedge_scope: frozenset[str] = frozenset()
    #: Values the text names as replaced ("the 14th not the 4th", "rather than the 25th"): 4, 25.
    rejected: frozenset[str] = frozenset()


def _prep(text: str) -> str:
    # Curly apostrophes and "n't" written apart must not hide a negation.
    text = straight(text)
    if "." in text:
        text = NUMBER_ABBR.sub("number ", text)
    return converse(spell_numeric_dates(plain_amounts(text)))


#: A calendar date the claim extractor resolved ("(2023-08-24)", "2022-01-01..2022-12-31"): one
#: date value, not the numbers 8 and 24.
_ISO = re.compile(r"\b(\d{4}-\d{2}-\d{2})(?:(?:\.\.|/)(\d{4}-\d{2}-\d{2}))?(?:[T ]\d{2}:\d{2}(?::\d{2})?)?\b")


@lru_cache(maxsize=65_536)
def features(text: str) -> TextFeatures:
    text = _prep(text)
    iso = frozenset(m.group(0).replace(" ", "T") for m in _ISO.finditer(text))
    text = _ISO.sub(" ", text)
    low = text.lower()
    low = pronoun_one_and_ordinals(low)
    hedged = False
    # A self-repair ("the 14th of june, no wait, 21st") is found before the idioms go: "no wait" is one.
    repair, said = SELF_CORRECTION.search(low), low
    for phrase in NOT_NEGATION:
        if phrase in low:
            low = low.replace(phrase, " ")
    for phrase in HEDGE_PHRASES:
        if phrase in low:
            hedged = True
            low = low.replace(phrase, " ")
    firm = firmness(text)
    hedged = hedged or firm == "hedged"
    # A leading "no," / "no sorry," answers what was said before; it denies nothing in this text.
    low = _LEADING_NO.sub("", low)
    # "the receipt says the 16th": the record is the source, as a reporter is, not what is said.
    if _SAYS.search(low):
        low = _RECORD_SAYS.sub(" ", low)
    # The value a correction rejects ("the 14th, not the 4th", "rather than the 25th") is kept
    # apart: it is no second value of the text, and a claim stating it is what the text denies.
    rejected: frozenset[str] = frozenset()
    if _REJECT_CUE.search(low):
        rejected = frozenset(v for m in REJECTED.finditer(low) for f in (features(m.group(1)),) for v in f.numbers | f.dates)
        low = REJECTED.sub(" ", low)
        # "serviced it rather than replacing it": what is done instead of is not done.
        low = _INSTEAD_OF.sub(" not ", low)
    # "I told the bank I earn 42k, but actually it's 38k": a value said before a self-correction is
    # replaced by the one of its kind said after it.
    if repair is not None and repair.start() > 0:
        before, after = repair_parts(said, repair)
        # A value said again after the cue is kept ("correction, doors open at 4:30, recital still at 5").
        kept = features(" ".join(c for c in re.split(r"[,;.!?]\s", said[repair.end():]) if re.search(r"\b(?:still|same)\b", c)))
        rejected = rejected | (replaced(features(before), features(after)) - (kept.numbers | kept.dates))
    # "we're not on till 9:30", "doesn't open until 10": the time something starts, no denial.
    if " till " in low or " until " in low:
        low = NOT_TILL.sub(r"\1 at ", low)
    # "4.2kg now, down from 5": the value a change started from is the former one.
    if " from " in low and (former := FORMER.findall(low)):
        rejected = rejected | frozenset(v for x in former for f in (features(x),) for v in f.numbers | f.dates)
        low = FORMER.sub(" ", low)
    low, typed, units, last_time = extract_values(low)
    # A number named by the noun before it is a typed value ("type 1", "stage 2", "platform 9"):
    # the noun says which attribute, as a unit does ("type 1" is not "since I was 11").
    if any(c.isdigit() for c in low):
        units = units | {f"{m.group(1)}:{m.group(2).lstrip('0') or '0'}" for m in _LABELLED.finditer(low)}
    low = rewrite(low)
    if " clear " in low or " away " in low:
        low = _STAY_AWAY.sub("avoid", low)
    # Clause of each token: a negation denies its own clause ("boiler's still broken, no hot water").
    toks, clause_of = [], []
    for k, part in enumerate(_CLAUSE.split(low)):
        for t in words(part):
            toks.append(t)
            clause_of.append(k)
    neg_clauses: set[int] = set()
    scope_words: dict[int, set[str]] = {}
    neg = 0
    content: set[str] = set()
    numbers: set[str] = set()
    dates: set[str] = set()
    flipped: set[int] = set()
    last: str | None = None
    seq: list[str] = []  # content words and values in reading order
    for i, t in enumerate(toks):
        if i in flipped:
            continue
        if t.endswith("'s") and (t[:-2] in _MONTHS or t[:-2] in _WEEKDAYS):
            t = t[:-2]  # "November's electricity": the month
        if t in HEDGE_WORDS:
            hedged = True
            continue
        if (t in _NEGATORS or t.endswith("n't")) and (j := _flip_at(toks, i)) is not None:
            # "wasn't called off" -> proceeded: the negated status is the opposite status.
            content.add(_stem(STATUS_FLIP[toks[j]]))
            flipped.add(j)
            continue
        if t in _NEGATORS or t.endswith("n't"):
            # "no longer", "not anymore": the state changed, which is a denial of the old one.
            neg += 1
            neg_clauses.add(clause_of[i])
            continue
        if t in _DENY_WORDS or t in _AVOID_WORDS:
            neg += 1
            neg_clauses.add(clause_of[i])
            continue
        if t not in STOPWORDS:
            scope_words.setdefault(clause_of[i], set()).add(t if t.isdigit() else _stem(t.split("'", 1)[0]))
        if t in _NUMBER_WORDS and not (t == "second" and i + 1 < len(toks) and toks[i + 1] in ("hand",)) and not (
                t in _ORDINALS and i > 0 and toks[i - 1] in _POSSESSIVE):
            # "my first triathlon" ranks the thing, it states no value; "the first of June" does.
            numbers.add(str(_NUMBER_WORDS[t]))
            continue
        if t in _MONTHS or t in _WEEKDAYS or (t.endswith("s") and t[:-1] in _WEEKDAYS):
            t = t.removesuffix("s") if t not in _MONTHS else t  # "on tuesdays": the weekday, as a habit
            dates.add(t)
            last = t
            seq.append(t)
            continue
        if t in _DAY_ABBR and (t not in ("sat", "sun") or (i + 1 < len(toks) and toks[i + 1].isdigit())
                               or _among_days(toks, i)):
            dates.add(_DAY_ABBR[t])
            last = _DAY_ABBR[t]
            continue
        if t in _MONTH_ABBR and t != "may" and t != "mar":
            dates.add(_MONTH_ABBR[t])
            continue
        if t == "may" and i > 0 and (toks[i - 1] in ("in", "of", "since", "until", "early", "late", "mid") or
                                     (i + 1 < len(toks) and toks[i + 1].isdigit())):
            dates.add("may")
            continue
        if t.isdigit() or _NUM.fullmatch(t):
            if len(t) == 4 and t[:2] in ("19", "20"):
                dates.add(t)
            else:
                numbers.add(t.lstrip("0") or "0")
            last = t.lstrip("0") or "0"
            seq.append(last)
            continue
        if t in STOPWORDS or t in REPORT_FRAME_WORDS or t in _FILLER:
            continue
        if "'" in t:
            t = t.split("'", 1)[0]
        content.add(_stem(t))
        seq.append(_stem(t))
    # Times, amounts, versions (values.py): one canonical value each, "5:45" / "1200" / "3.4".
    numbers |= typed
    # Codes are values too: a gate "B12" against "GATE: C7", seat "14F", a flight "LH 921".
    for m in _CODE.finditer(low):
        numbers.add(m.group(0).lower())
        content.discard(_stem(m.group(0).lower()))
    # Sentence-initial words count too: a name often opens a sentence, and a capitalised common
    # word only matters if the other text swaps it for another capitalised word.
    # Not what the text is about: who passes it on ("that's what Kai heard") and a record's field
    # labels ("Due date: 27 Nov | Owner: Mira").
    frame = {_stem(w.lower()) for m in _NOT_ENTITY.finditer(text) for g in m.groups() if g for w in g.split()}
    proper = frozenset(
        _stem(w) for m in _CAP.finditer(text)
        if (w := m.group(2).lower()) not in STOPWORDS and not (m.group(1).strip() == "" and m.start(2) == 0 and w in _STARTERS)
        and not (m.group(1).strip() and w in _STARTERS)
    ) & content - frame - _STATUS_WORDS
    order = tuple(dict.fromkeys(
        s for m in _CAP.finditer(text) if (s := _stem(m.group(2).lower())) in proper))
    neg_scope = frozenset(w for k in neg_clauses for w in scope_words.get(k, ()))
    # Any negation negates: "No, Leo didn't go" is one denial, not a double negative.
    if rejected:
        numbers -= rejected
        dates -= rejected
    return TextFeatures(frozenset(content), neg > 0, hedged, frozenset(numbers), frozenset(dates | iso),
                        frozenset(proper), order, subject(text), firm == "reported",
                        bool(ADDITIVE.search(low)), bool(_REPLACES.search(text)) or is_correction(text), units,
                        thing(text), last, relation(text),
                        last_time, tuple(seq), neg_scope, rejected=rejected,
                        hedge_scope=_hedge_scope(text) if hedged else frozenset())


_HEDGE_CLAUSE = re.compile(r"(?<=[,;.!?])\s+|\s[-\u2013\u2014]\s|\s(?=(?:but|so|although|though|whereas)\s)")


def _hedges(part: str) -> bool:
    return (firmness(part) == "hedged" or any(p in part for p in HEDGE_PHRASES)
            or any(t in HEDGE_WORDS for t in words(part)))


def firm_clauses(text: str) -> str:
    """``text`` without its hedged clauses ("i'm on the annual plan, renews 2 july i think" ->
    "i'm on the annual plan,"); empty when every clause is hedged."""
    return " ".join(p for p in _HEDGE_CLAUSE.split(_prep(text)) if not _hedges(p.lower())).strip()


def _hedge_scope(text: str) -> frozenset[str]:
    """Content words and values of the clauses holding a hedge (a hedge word or phrase, or a question)."""
    out: set[str] = set()
    for part in _HEDGE_CLAUSE.split(text.lower()):
        toks = words(part)
        if not _hedges(part):
            continue
        bare = part
        for p in HEDGE_PHRASES:
            bare = bare.replace(p, " ")
        if not [t for t in words(bare) if t not in STOPWORDS and t not in HEDGE_WORDS]:
            # A clause that is only a doubt ("..., not sure", "..., unclear") doubts the whole text.
            return frozenset()
        for t in toks:
            if t not in STOPWORDS:
                out.update((t, _stem(t.split("'", 1)[0])))
    return frozenset(out)


_LABELLED = re.compile(r"\b(type|stage|grade|level|size|class|phase|tier|zone|band|step|round|platform|gate|floor|room|"
                       r"seat)\s+(\d{1,3})\b")
_INSTEAD_OF = re.compile(r"\b(?:rather than|instead of|as opposed to)\b")
_REJECT_CUE = re.compile(r"\b(?:not|rather than|instead of|as opposed to) ")
_LEADING_NO = re.compile(r"^\W*(?:(?:oh|ah|wait|hmm) )?(?:no|nope|nah)\b(?:(?: sorry| wait| actually| my bad)[,.!]*|[,.!]+)\s+(?=\w)")
_RECORD_SAYS = re.compile(
    r"\b(?:the |my |your |our |his |her |their )?(?:receipt|letter|email|invite|invitation|notice|calendar(?: invite)?|"
    r"ticket|tracking|report|results?|website|app|label|confirmation|certificate|statement|invoice|booking|card) "
    r"(?:says|said|shows|showed|confirms|confirmed|states|stated|lists|listed)\b")
_SAYS = re.compile(r"\b(?:says|said|shows|showed|confirm|confirms|confirmed|states|stated|lists|listed)\b")
_CLAUSE = re.compile(r"[,;.!?]+\s|\s[-\u2013\u2014]\s|\s(?:but|so|although|though|whereas)\s")
#: Status words are never names, even opening a sentence ("Sold the Jazz in March").
_STATUS_WORDS = frozenset(_stem(w) for pair in POLAR_PAIRS for w in pair)
_BETWEEN = frozenset("be been being get got getting yet actually really even technically".split())


def _among_days(toks: list[str], i: int) -> bool:
    """"sat"/"sun" listed with another weekday ("tues and sun", "Sat-Sun") are days, not verbs: next to the other
    day or one list word away, not two words off ("monday i sat in traffic")."""
    near = toks[max(0, i - 1):i] + toks[i + 1:i + 2] + [toks[j] for j in (i - 2, i + 2) if 0 <= j < len(toks)
                                                        and toks[(i + j) // 2] in ("and", "or", "to", "till", "until", "-", ",", "&", "/")]
    return any(w in _WEEKDAYS or (w in _DAY_ABBR and w != toks[i]) for w in near)


def _flip_at(toks: list[str], i: int) -> int | None:
    """Index of the status a negator at ``i`` negates ("not been paid", "wasn't cancelled"), if any."""
    for j in range(i + 1, min(len(toks), i + 4)):
        if toks[j] in STATUS_FLIP:
            return j
        if toks[j] not in _BETWEEN:
            return None
    return None


_NOT_ENTITY = re.compile(
    r"\b([A-Z][a-z]+)(?= (?:said|says|told|tells|heard|hears|insists|insisted|reckons|thinks|claims|claimed|"
    r"mentioned|swears)\b)|\b(?:according to|per) ([A-Z][a-z]+)\b"
    r"|(?:^|[|;'\"]\s*)([A-Z][a-z]+(?: [a-z]+)?)(?=:\s)")
# Not trust.update_cues.REPLACE: it adds "now" and a bare "moved" and lacks the provider verbs
# ("ported", "took me off"); pointing it at REPLACE would change what stance reads as a replacement.
_REPLACES = re.compile(r"\b(?:instead|rescheduled|moved|changed|switched|swapped|replaced|postponed|pushed back|"
                       # an amount changed: "she's put me up to 100 mg", "the dose went down to 25"
                       r"(?:put|puts|putting|gone|went|goes|going|bumped|knocked|brought)(?: \w+){0,2} (?:up|down) to (?=[£$€]?\d)|"
                       r"brought forward|cancel+ed|no longer|any ?more|(?<!\bby )(?<!\bfor )(?<!\buntil )(?<!\btill )now)\b", re.I)
# ("by now"/"for now"/"until now" say how long a state held; "went up to Scotland" moved no number.)
#: Not what a text says: fillers, and "user", which opens every extracted claim ("The user: ...").
_FILLER = frozenset("oh wait actually correction ok okay yeah lol haha ugh hmm well so btw tbh still again now sorry user".split())
