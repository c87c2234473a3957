"""How one memory speaks to a verdict's claim: the stance the verdict reads (:func:`_stance`).

A comparative claim is judged against a stated measurement first (:mod:`.verdict_compare`); else
the stance rules read the sentence of the memory that shares most with the claim
(:func:`_rule_stance`), an agreement must reach the claim's predicate or value, not only its names
or topic (:func:`_predicate_check`), the fitted second opinion may overrule the rules
(:mod:`.stance_fitted`), an agreement is checked for a cleft or a quantifier and a silent reading
for a value called wrong (:mod:`.verdict_matter`). :mod:`.verdict` weighs the readings as testimony.
"""

from __future__ import annotations

import re

from ..retrieval.text import _stem as stem
from .stance import _NEGATING, _POLAR_MAP, _STATUS, Stance, _align, detect_stance, features
from .stance_fitted import combine
from .update_cues import says_update
from .verdict_compare import compare
from .verdict_count import count_stance, rough_stance
from .verdict_daypart import daypart_stance
from .verdict_denial import denial_stance, zero_stance
from .verdict_repair import repair_stance
from .verdict_written import written_alike
from . import verdict_matter as matter
from .verdict_matter import named_wrong, replaced_named, structure_stance
from .record_fields import field_statements, named_value


#: A part of the day against a clock time (:mod:`.verdict_daypart`, session 20); off to measure.
DAYPART = True
#: A count read with the noun it counts (:mod:`.verdict_count`, session 21); off to measure.
COUNTS = True
#: A statement that repairs itself as it is said, read as repaired (:mod:`.verdict_repair`, session 23); off to measure.
REPAIRS = True
#: The claim's value named as the one replaced at the matter's cosine (session 25, :func:`.verdict_matter.replaced_named`);
#: off to measure.
REPLACED = True
#: A denial said in a clause of its own ("squash, not anymore", "olives are a hard no") or a zero amount for the
#: claim's item ("overtime £0.00") read as denying the claim (session 26, :mod:`.verdict_denial`); off to measure.
DENIALS = True
#: A claim value the memory writes another way ("5.15", "three forty-five") read as stated (session 25,
#: :mod:`.verdict_written`); off to measure.
WRITTEN = True

#: Outcomes of a transaction or a message (not states such as "working" or "open", which are also
#: plain words): a claim of one is about the outcome, not the thing it concerns.
_OUTCOME = frozenset(stem(w) for w in "paid unpaid cancelled delivered undelivered accepted declined "
                     "refunded unrefunded replied unreplied signed unsigned passed failed".split())

#: Sentences and clauses; "no. 12" (number 12) is no sentence end.
#: A claim's closing state after a copula: "... was estimated.", "... has been paid".
_END_STATE = re.compile(r"\b(?:is|are|was|were|been|be)\s+(?:not\s+)?(?:\w+ly\s+)?([a-z]+(?:ed|en))"
                        r"(?:\s+(?:(?:this|last|next) \w+|today|yesterday|again|on time))?\W*$", re.I)
_SENTENCE = re.compile(r"(?<=[.!?;:,])(?<!\b[Nn]o\.)\s+|\s+\|\s+|\s+(?:so|but|only)\s+")


def _stance(claim: str, text: str, cosine: float | None) -> Stance:
    """The rules' reading (:func:`_rule_stance`), overruled by the fitted model where its measured
    thresholds say so (:mod:`.stance_fitted`: a support said in other words)."""
    if REPAIRS and (fixed := repair_stance(claim, text, lambda c, t: _stance(c, t, cosine))) is not None:
        return fixed
    cmp = compare(claim, text, cosine, matter.MATTER_COSINE)
    if cmp is not None:
        return cmp
    if DAYPART and (dp := daypart_stance(claim, text)) is not None:
        return dp
    if COUNTS and (ct := count_stance(claim, text) or rough_stance(claim, text)) is not None:
        return ct
    st = combine(claim, text, cosine, _rule_stance(claim, text, cosine))
    if NEGATED_ELSEWHERE and st.label == "contradict" and st.cues == ("negation",):
        st = _negated_elsewhere(claim, text, cosine) or st
    if DENIALS and st.label != "contradict" and (denied := denial_stance(claim, text) or zero_stance(claim, text)):
        return denied
    if WRITTEN and (alike := written_alike(claim, text, st, cosine)) is not None:
        return alike
    if st.label == "agree":
        return structure_stance(claim, text) or st
    if st.label == "unrelated":
        return named_wrong(claim, text) or (REPLACED and replaced_named(claim, text, cosine)) or st
    return st


#: A negation read whole-clause that denies another thing (session 20); off to measure.
NEGATED_ELSEWHERE = True
#: ... also when what it denies is an opposite of the claim's word ("didn't cancel, went ahead in the rain" for "went
#: ahead"): the rest of the memory then decides (session 23); off to measure.
NEGATED_OPPOSITE = True

#: A negator and the few words it governs: "no more needing my dad", "without the hoist", "she isn't".
_NEGATED_PHRASE = re.compile(
    r"\b(?:no (?:more|longer)|not|never|no|without|nothing|none|\w+n't|"
    # (the contractions without their apostrophe by name: "went", "spent", "payment" are no negators)
    r"(?:is|was|are|were|do|does|did|has|have|had|could|should|would|must|need|ai)nt|cannot|cant|wont)\b(?:[ \t]+(?!(?:and|but|so|because|cos|though|tho|just|only|it|it's|lol)\b)"
    r"[^\s,.;:!?()]+){0,8}", re.I)
#: Negators that govern a phrase, not the clause's verb: "without the hoist", "no more needing dad", "nothing at the door".
_NOT_A_VERB = re.compile(r"(?:without|no|nothing|none)\b", re.I)
#: Where a clause begins: punctuation or a joining word.
_CLAUSE_START = re.compile(r"[,.;:!?()]|\b(?:and|but|so|because|cos|though|tho|then)\b", re.I)
#: "Galloway not Cumbria", "the flywheel not the clutch": a "not" right after a noun or a value, no verb before it,
#: sets one thing against another (session 23); off to measure.
CONTRAST = True
#: What a verb's "not" follows: an auxiliary, a modal, a copula or a pronoun ("is not", "she's not", "do not").
_VERB_BEFORE = re.compile(r"(?:\b(?:is|are|was|were|be|been|am|do|does|did|has|have|had|will|would|can|could|shall|should|may|"
                          r"might|must|i|you|he|she|it|we|they|that|this|there|why|or|if|whether)|'s|'re|'m|'ve|'ll|'d)\W*$", re.I)


def _contrast(text: str, m: re.Match[str]) -> bool:
    """The negator ``m`` is a bare "not" setting the thing after it against the one said right before it."""
    if not m.group(0).lower().startswith("not "):
        return False
    before = text[:m.start()].rstrip()
    return bool(before) and before[-1].isalnum() and not _VERB_BEFORE.search(before)


#: "at Jo's place not mine", "...not the user's": the thing set against is the speaker's own (session 23 review).
_SELF_AFTER = re.compile(r"not\s+(?:mine|ours|me|us|my|our|the\s+user(?:'s)?)\b", re.I)
#: The claim's "the user's flat": a thing of the user's, named after the possessive.
_USERS_THING = re.compile(r"\b(?:the\s+user's|my|our)\s+(\w+)", re.I)


def _denies_own(claim: str, text: str, m: re.Match[str]) -> bool:
    """A contrast ``m`` ("X not mine") denies a claim about a thing of the user's that the clause before it does not
    name ("party at Jo's place not mine" denies "the party is at the user's flat", not "the user's party is at Jo's")."""
    if not _SELF_AFTER.match(m.group(0)):
        return False
    clause = _CLAUSE_START.split(text[:m.start()])[-1] or " "
    before = features(clause).content
    for t in _USERS_THING.finditer(claim):
        thing = features(t.group(1)).content
        if not thing & before:
            return True  # the user's thing is named only after the contrast
        # named before only as another's ("my brother's garden not ours" for "the user's garden")
        if re.search(r"\b(?!(?:user|it|that|what|there|here|who)'s)\w+'s\s+(?:\w+\s+)?" + re.escape(t.group(1)), clause, re.I):
            return True
    return False


#: A bare "no" answering what was said ("no no, it's me who's allergic") denies it whole.
_BARE_NO = re.compile(r"\b(?:no|nope|nah|not)\b\s*(?:[,.;:!?]|$)", re.I)


def _negated_elsewhere(claim: str, text: str, cosine: float | None) -> Stance | None:
    """A memory read as negating the claim when its negation governs something the claim does not name.

    The stance features scope a negation to its whole clause, so "passed my road test, no more needing
    dad in the passenger seat" negates "passed the road test", and "did my back in on a transfer without
    the hoist" negates the injury. When no word the claim names (or a value of it) sits in what a
    negator governs, the memory is read again without those words: its agreement stands when the rest,
    alone, agrees with the claim on its predicate ("the parcel didn't arrive" leaves "the parcel",
    which states no delivery, so the denial stands)."""
    fc = features(claim)
    if fc.negated:
        return None
    found = list(_NEGATED_PHRASE.finditer(text))
    if not found or _BARE_NO.search(text):
        return None
    claim_words = fc.content | fc.numbers | fc.dates
    if NEGATED_OPPOSITE and len(found) == 1:
        fp = features(re.sub(r"^\S+", "", found[0].group(0)) or " ")
        polar = _POLAR_MAP.keys() & fp.content
        if polar and all(_POLAR_MAP[w] & fc.content for w in polar) and not (polar & fc.content):
            # "didn't cancel friday's market" for "friday's market went ahead": the opposite of the claim's word, denied
            return Stance("agree", 0.8, f"denies an opposite of the claim's word ({', '.join(sorted(polar))})", ("negation",))
    for m in found:
        fp = features(re.sub(r"^\S+", "", m.group(0)) or " ")
        if claim_words & (fp.content | fp.numbers | fp.dates) or _POLAR_MAP.keys() & fp.content:
            return None  # the negation reaches what the claim says, or an opposite of it
        contrast = CONTRAST and _contrast(text, m)
        if contrast and _denies_own(claim, text, m):
            return None  # "at Jo's place not mine": the user's own place is what is denied
        if not _NOT_A_VERB.match(m.group(0)) and not contrast:
            # A negated verb denies its clause's subject: "my parcel from the shoe shop never showed up" denies the
            # parcel's arrival in other words (session 20 review), whatever the verb.
            subject = _CLAUSE_START.split(text[:m.start()])[-1]
            if claim_words & features(subject or " ").content:
                return None
    rest = _NEGATED_PHRASE.sub(" ", text)
    if features(rest).negated:
        return None
    again = _predicate_check(claim, rest, detect_stance(claim, rest, cosine=cosine), cosine)
    if again.label != "agree":
        return None
    return Stance("agree", again.score, f"the negation denies something else; {again.reason}", again.cues)


def _rule_stance(claim: str, text: str, cosine: float | None) -> Stance:
    """Stance of the sentence of ``text`` that shares most with the claim: a notice saying "open
    on Friday. Closed on Monday for the move" answers "closed on Friday" with its first sentence.
    A record the rules hear nothing in is read by its fields (:func:`_field_stance`)."""
    st = _sentence_stance(claim, text, cosine)
    if st.label == "unrelated" and (field := _field_stance(claim, text)) is not None:
        return field
    return st


def _field_stance(claim: str, text: str) -> Stance | None:
    """The stance of the record's field that shares most with the claim, read as the statement it
    makes (:mod:`.record_fields`: "Location: Raffles Place" is "location is Raffles Place", "PAID"
    is paid); None when no field shares a word or a value with the claim or none takes a side."""
    fields = field_statements(text)
    if not fields:
        return None
    fc = features(claim)

    def shared(p: str) -> int:
        fp = features(p)
        return len(fc.content & fp.content) + len((fc.numbers | fc.dates) & (fp.numbers | fp.dates))

    fields = [p for p in fields if shared(p)]
    if not fields:
        return None
    for p in fields:
        if (named := named_value(claim, p)) is not None:
            return named
    best = max(fields, key=shared)
    st = _predicate_check(claim, best, detect_stance(claim, best), None)
    return None if st.label == "unrelated" else Stance(st.label, st.score, f"a field of the record: {st.reason}", st.cues)


def _sentence_stance(claim: str, text: str, cosine: float | None) -> Stance:
    whole = _predicate_check(claim, text, detect_stance(claim, text, cosine=cosine), cosine)
    parts = [p for p in _SENTENCE.split(text) if p.strip()]
    if len(parts) < 2 or features(text).rejected:
        return whole  # (a statement correcting itself is read whole: its clauses split the correction)
    fc = features(claim)

    def shared(p: str) -> int:
        fp = features(p)
        return len(fc.content & fp.content) + len((fc.numbers | fc.dates) & (fp.numbers | fp.dates))

    scores = sorted((shared(p) for p in parts), reverse=True)
    best = max(parts, key=shared)
    if scores[0] == 0:
        return whole  # no clause is about the claim
    if scores[0] == scores[1]:
        # No single clause is the one about the claim. If the clauses sharing most with it
        # contradict it and none of them agrees ("it's open as normal on friday, only the canteen
        # is closed" against "the school is closed on Friday"), the record contradicts it.
        tied = [_predicate_check(claim, p, detect_stance(claim, p), None) for p in parts if shared(p) == scores[0]]
        # A clause lacking the claim's outcome word ("Email from Nomad Yoga:" against "... was
        # cancelled") denies nothing when another clause of the record states it.
        stated = fc.content & _NEGATING & features(text).content
        against = [t for t in tied if t.label == "contradict" and not (stated and t.cues == ("negation",))]
        if against and not any(t.label == "agree" for t in tied):
            return max(against, key=lambda t: t.score)
        return whole
    st = _predicate_check(claim, best, detect_stance(claim, best), None)
    # A clause only overrides the whole when it contradicts: a clause agreeing on one shared
    # word ("Release 4.3") says less than the whole record ("... Due date: 27 Nov").
    if st.label == "contradict":
        return st
    # ... or when the whole's only objection is a negation that sits in another clause ("no
    # ibuprofen with warfarin, paracetamol is ok for my headaches" asked about paracetamol).
    if (whole.label == "contradict" and whole.cues == ("negation",) and st.label == "agree" and scores[0] >= 2
            and not features(best).negated and not (NEGATION_REACHES and _denies_claim_word(fc, text))):
        return st
    return whole


#: A negation in another clause that governs one of the claim's words still denies it (session 23); off to measure.
NEGATION_REACHES = True


#: A negation of what is to come: from now on, or until a time.
_STOPS_FROM_NOW = re.compile(r"^no (?:more|longer)\b|\b(?:until|till|til|before)\b", re.I)


def _denies_claim_word(fc, text: str) -> bool:
    """A negator in ``text`` governs a word or value of the claim (``fc``, its features): "no coursework component
    this time" against "the resit includes a coursework component", "not banbury anymore" against "the round covers
    Banbury". "no ibuprofen with warfarin" governs nothing of "paracetamol is fine for my headaches"."""
    if fc.negated:
        return False
    words = fc.content | fc.numbers | fc.dates
    for m in _NEGATED_PHRASE.finditer(text):
        if _STOPS_FROM_NOW.search(m.group(0)):
            continue  # "no more sulfa drugs", "no SRE until Q2": what follows from it, no denial of what was
        fp = features(re.sub(r"^\S+", "", m.group(0)) or " ")
        if fp.seq and fp.seq[0] in words:  # the word the negator takes: "no tablets yet", not "no ibuprofen with warfarin"
            return True
    return False


def _predicate_check(claim: str, text: str, st: Stance, cosine: float | None) -> Stance:
    """An agreement must reach what the claim says, not only whom or what it names.

    "Dr Patel has retired" is not supported by a rota naming Dr Patel; "the library book is due on
    the 20th" is not supported by "when's my library book due back?": a memory sharing only the
    claim's names, or only its topic without any of its values, does not speak to it.
    """
    if st.label != "agree":
        return st
    fc, fm = features(claim), features(text)
    # A claim of a status ("the seller has replied", "the bill is paid") needs that status or its
    # opposite, however close the topic: "#KD-40217, it's an air fryer" says nothing of a reply.
    # (A claim with a value, "paid a deposit of £1,380", is checked by its value.)
    if fc.content & _OUTCOME and not (fc.numbers or fc.dates) and not (fc.content & _STATUS & fm.content):
        return Stance("unrelated", 0.6, "the claim's status is not stated", ())
    if cosine is not None and cosine >= 0.7:
        return st
    # Below a paraphrase's cosine, a claim ending on its state after a copula ("the reading was
    # estimated") needs that state or its opposite: sharing the subject's words states nothing of it.
    # (A change, "was replaced", is stated by another verb of change: "swapped the lock".)
    if (m := _END_STATE.search(claim)) is not None and not (says_update(m.group(1)) and says_update(text)):
        state = stem(m.group(1).lower())
        if state in fc.content and state not in fm.content and not (_POLAR_MAP.get(state, set()) & fm.content):
            return Stance("unrelated", 0.6, f"the claim's state '{m.group(1)}' is not stated", ())
    nums_c, nums_m = _align(fc.numbers, fm.numbers)  # "React 18" is stated by "^18.2.0"
    vals_c, vals_m = nums_c | fc.dates, nums_m | fm.dates
    predicate = fc.content - fc.proper
    if vals_c and not vals_m:
        return Stance("unrelated", 0.6, "the claim's value is not stated", ())

    if predicate and not (predicate & fm.content) and not (vals_c & vals_m):
        return Stance("unrelated", 0.6, "only the claim's names are shared", ())
    return st
