"""Stance between two short texts: do they agree, contradict, or talk past each other?

MMA used the signed cosine between two memories as their stance. Cosine says two
sentences are *about* the same thing; "I moved to Paris" and "I moved to Rome"
have a cosine near 0.8 and cannot both be true. This detector looks at what
differs once the shared frame is set aside:

- **negation**: one side negates the shared claim (``not``, ``never``, ``n't``,
  ``no longer``...), the other does not;
- **antonyms**: the differing words form a known opposite pair (love/hate,
  open/closed, true/false...), including ``un-``/``dis-`` prefixes;
- **numbers and dates**: each side has a number, year, month or weekday the
  other lacks (``3 cats`` vs ``2 cats``; ``in May`` vs ``in June``);
- **exclusive slot**: the same frame with a different value where only one
  value can hold at a time (``moved to``, ``lives in``, ``favourite``,
  ``name is``, or a proper noun / number swapped for another).

Values are typed (:mod:`.values`: "quarter to six" = "5:45", "twelve hundred quid" = "£1,200",
versions by prefix); a negation denies only its clause; an exclusive slot's value is the word
after its frame word; who manages whom is one relation (one manager per person); a sentence
opening on another thing ("the pool" / "the gym") is unrelated; a change naming the old and the
new value contradicts the old one.

A differing value in a non-exclusive frame ("I like apples" / "I like pears")
is *unrelated*, not a contradiction: both can be true. Hedged texts
("maybe", "hard to tell", "not sure") still count, but with a lower score.

Everything is cached per text, so one comparison costs a few set operations
(the trust stage compares each hit with its ten neighbours on every search).

>>> detect_stance("I moved to Paris", "I moved to Rome").label
'contradict'
"""

from __future__ import annotations

import re
from functools import lru_cache

from ..retrieval.text import _stem
from .features import _MONTHS, TextFeatures, features
from .lexicon import NEGATING
from .pair import (_POLAR_MAP, _STATUS, _align, _both_differ, _comparable, _doubts, _has_version, _in_scope,  # noqa: F401
                   _last_of_kind, _named_in_other, _other_unit_readings, _other_value_after, _said, _same_person,
                   _status_pair, _swapped, _value_after, dates_differ, same_measure)
from .stance_label import Stance, StanceLabel
from .stance_lexicon import COMPLEMENTARY, _antonym, _incompatible
from .stance_shortcuts import _SHORT, _no_contact, _replaced_value  # noqa: F401 (tests import _no_contact here)
from .state_end import ended_yet_still
from .value_holder import one_thing_two_places, other_things

__all__ = ["Stance", "StanceLabel", "TextFeatures", "detect_stance", "features"]

# -- lexicons -----------------------------------------------------------------

#: Frames where one value excludes another: a person lives in one city at a time.
_EXCLUSIVE_FRAME = frozenset(
    _stem(w)
    for w in (
        "move moved moving live lives lived living born name named called favorite favourite favorite color colour "
        "age old work works worked job employer married wife husband partner spouse girlfriend boyfriend "
        "birthday capital located location city country hometown address major degree studied study school "
        "university college nationality religion owns drive drives car pet breed is was weigh weighs tall "
        "height cost costs price priced number total count scored score ranked rank date happened held "
        "took place moved relocated relocate headquartered based"
    ).split()
)


_NEGATING = frozenset(_stem(w) for w in NEGATING)
_MONTH_NAMES = frozenset(_MONTHS)


#: Words lexicon.REWRITES puts before a member of their class.
_CLASS_TOKENS = frozenset({_stem("ailment")})


def detect_stance(a: str, b: str, *, cosine: float | None = None) -> Stance:
    """Stance of ``b`` towards ``a`` (symmetric apart from wording of the reason).

    ``cosine``: the two texts' embedding similarity when the caller has it; it
    only decides whether they are about the same thing, never the polarity.
    """
    # Neighbour pairs recur across searches; two decimals of cosine are all the rules read.
    return _detect(a, b, None if cosine is None else round(float(cosine), 2))


@lru_cache(maxsize=131_072)
def _detect(a: str, b: str, cosine: float | None) -> Stance:
    fa, fb = features(a), features(b)
    found = _no_contact(fa, fb, cosine)
    if found is not None:
        return found
    if (fa.numbers or fa.dates) and (fb.numbers or fb.dates) and (two := other_things(a, b)) is not None:
        # "the gas bill is £62" / "the electricity bill is £48": one noun, two things, each its value.
        return Stance("unrelated", 0.65, f"values of two things: {two[0]} vs {two[1]}", ())
    if (thing := ended_yet_still(a, b, fa, fb)) is not None:
        return Stance("contradict", 0.8, f"{thing}: ended on one side, still so on the other", ("antonym",))
    return _rules(fa, fb, cosine, (_NEG_QUESTION.match(a) is not None, _NEG_QUESTION.match(b) is not None),
                  placed=one_thing_two_places(a, b))


#: A question opening on a negated auxiliary ("isn't 4471 still unpaid?") asks for a yes, it denies nothing.
_NEG_QUESTION = re.compile(r"\W*(?:is|are|was|were|do|does|did|has|have|had|wo|ca|could|should|would)n'?t\b[^?]*\?",
                           re.I)


def _rules(fa: TextFeatures, fb: TextFeatures, cosine: float | None,
           questions: tuple[bool, bool] = (False, False), placed: bool = False) -> Stance:
    shared = fa.content & fb.content
    for c in shared & _CLASS_TOKENS:
        # A class word the lexicon adds before its member ("ailment anaemic", "ailment diabetes"):
        # two different members share the class and no claim ("she's anaemic" / "she has diabetes").
        va, vb = _value_after(fa.seq, c), _value_after(fb.seq, c)
        if va and vb and va != vb and va not in fb.content and vb not in fa.content:
            shared = shared - {c}
    only_a, only_b = fa.content - fb.content, fb.content - fa.content
    # A shared number or date is shared content too ("Zoe is 7" / "Zoe turned seven").
    nums_a, nums_b = _align(fa.numbers, fb.numbers)
    if fa.units and fb.units:
        for x, y, both in same_measure(fa.units, fb.units):  # "2 kg" / "2000 grams": one value
            nums_a, nums_b = (nums_a - {x}) | {both}, (nums_b - {y}) | {both}
        for x, y in _other_unit_readings(fa.units, fb.units):  # "14 stone" / "94.8 kg": two readings
            nums_a, nums_b = nums_a | {x}, nums_b | {y}
    vals_a, vals_b = nums_a | fa.dates, nums_b | fb.dates
    shared_vals = vals_a & vals_b
    # An ISO date the extractor appended restates the day already named ("friday (2025-03-07)"):
    # it is not one more thing the text says.
    smaller = max(1, min(len(fa.content) + len(_said(vals_a)), len(fb.content) + len(_said(vals_b))))
    overlap = min(1.0, (len(shared) + len(shared_vals)) / smaller)
    # Relatedness: shared content words, or the embedding saying "same topic". For long texts
    # (chat turns of several sentences) a high cosine only says "same conversation": a negation
    # somewhere in one of them is no denial of the other, so only shared words count there.
    short = max(len(fa.content), len(fb.content)) <= _SHORT
    if not short:
        cosine = None
    related = max(overlap, (cosine - 0.25) / 0.5 if cosine is not None else 0.0)
    related = min(1.0, max(0.0, related))
    hedge = _doubts(fa, fb) or _doubts(fb, fa)
    damp = 0.6 if hedge else 1.0
    hedge_note = " (hedged)" if hedge else ""

    # The same unit on both sides ("6%" / "10%", "20mg" / "30mg") names the same kind of amount.
    same_unit = ({u.split(":", 1)[0] for u in fa.units} & {u.split(":", 1)[0] for u in fb.units}
                 if fa.units and fb.units else set()) | {x.partition(":")[0] for x, _ in _other_unit_readings(fa.units, fb.units)}
    # A change that names only its new time ("he wants to come at 5:50 instead") against a
    # statement of another time, on one topic by the embedding: the time was changed.
    if (not shared and (fa.replaces or fb.replaces) and cosine is not None and cosine >= 0.4 and short
            and (times_a := {v for v in nums_a if ":" in v}) and (times_b := {v for v in nums_b if ":" in v})
            and not (times_a & times_b)):
        return Stance("contradict", round(0.6 * damp, 3),
                      f"a changed time ({', '.join(sorted(times_a))} vs {', '.join(sorted(times_b))})" + hedge_note,
                      ("number",))
    replaced = _replaced_value(fa, fb, vals_a, vals_b, bool(shared) or (cosine is not None and cosine >= 0.4), damp)
    if replaced is not None:
        return replaced
    if (not shared and not shared_vals and (cosine is None or cosine < 0.55)
            and not _incompatible(fa.content, fb.content) and not _status_pair(fa, fb, cosine, short)):
        return Stance("unrelated", round(1.0 - related * 0.5, 3), "no shared content", ())

    if fa.relation and fb.relation:
        (m1, e1), (m2, e2) = fa.relation, fb.relation
        if _same_person(m1, e2) and _same_person(e1, m2):
            return Stance("contradict", round(0.75 * damp, 3), f"roles reversed: {m1} / {e1}" + hedge_note, ("roles",))
        if _same_person(e1, e2) and not _same_person(m1, m2):
            # One manager at a time for one person; a manager of several people is no conflict.
            return Stance("contradict", round(0.75 * damp, 3), f"another manager for {e1}: {m1} vs {m2}" + hedge_note,
                          ("exclusive_value",))
        if not _same_person(e1, e2):
            return Stance("unrelated", 0.65, f"other people managed: {e1} vs {e2}", ())
    # The user or their kin ("i", "my sister"); a name or a thing that merely starts with "i"
    # ("invoice", "Isla") is neither.
    personal = (fa.subject == "i" or fa.subject.startswith("my ")) if fa.subject else False
    personal_b = (fb.subject == "i" or fb.subject.startswith("my ")) if fb.subject else False
    if (fa.subject and fb.subject and fa.subject != fb.subject
            and personal == personal_b
            and not (fa.proper & fb.proper & {fa.subject, fb.subject})
            and not _named_in_other(fa, fb)):
        # "I passed my test" / "my brother failed his": the same predicate about different people.
        return Stance("unrelated", 0.7, f"different subjects: {fa.subject} vs {fb.subject}", ())
    if fa.thing and fb.thing and fa.thing != fb.thing and fa.thing not in fb.content and fb.thing not in fa.content:
        # "the pool is closed in feb" / "the gym is open in february": one predicate, two things.
        return Stance("unrelated", 0.65, f"different things: {fa.thing} vs {fb.thing}", ())
    incompatible = _incompatible(fa.content, fb.content)
    if incompatible:
        related = max(related, 0.5)  # a vegetarian's steak shares no word but is about the same diet
    swapped = _swapped(fa, fb)
    if swapped and not (only_a or only_b):
        # "Ana is Ben's manager" / "Ben is Ana's manager": the same relation with its roles reversed.
        return Stance("contradict", round(0.75 * damp, 3), f"roles reversed: {swapped}" + hedge_note, ("roles",))
    if swapped:
        return Stance("unrelated", 0.6, f"names in another order and other details differ: {swapped}", ())
    pa, pb = only_a & fa.proper, only_b & fb.proper
    # A name and its longer form are one name ("Honor" / "Honora", "Alex" / "Alexander").
    short_form = {x for x in pa | pb for y in pa | pb if x != y and len(x) >= 4 and y.startswith(x)}
    pa, pb = pa - short_form - {y for y in pb if any(y.startswith(x) for x in short_form & pa)}, \
        pb - short_form - {y for y in pa if any(y.startswith(x) for x in short_form & pb)}
    if pa and pb and placed and not fa.negated and not fb.negated:
        # One thing put in two places or with two people: "the reception is in the Drill Hall in Leith" /
        # "the reception is at Craigvinean Barn near Dunkeld".
        return Stance("contradict", round(0.75 * damp, 3),
                      f"one thing, two places: {', '.join(sorted(pa))} vs {', '.join(sorted(pb))}" + hedge_note,
                      ("exclusive_value",))
    if pa and pb and shared and (len(pa) > 1 or len(pb) > 1 or not (shared & _EXCLUSIVE_FRAME) or fa.additive or fb.additive):
        # The same sentence about other people or places: "Leo won in Lisbon" / "Ana won in Porto".
        return Stance("unrelated", 0.7, f"different entities: {', '.join(sorted(pa))} vs {', '.join(sorted(pb))}", ())
    cues: list[str] = []
    reasons: list[str] = []
    antonym = _antonym(only_a, only_b, fa.content, fb.content)
    pair = antonym or incompatible
    neg_side = fa if fa.negated else fb
    word = (pair[0] if fa.negated else pair[1]) if pair else ""
    # One side denies its member of an opposite pair the other states ("the biopsy wasn't malignant"
    # / "the lump was benign"): the denial speaks of what the other says, by the pair.
    negated_pair = (bool(antonym) and fa.negated != fb.negated and word in neg_side.neg_scope and related >= 0.3
                    and not questions[0 if fa.negated else 1])
    # A negation denies its own clause: "boiler's still broken, no hot water" does not deny "fixed".
    scoped = _in_scope(fa, fb) if fa.negated else _in_scope(fb, fa)
    if fa.negated != fb.negated and (negated_pair or (scoped and (overlap >= 0.5 or (cosine is not None
                                                                                    and cosine >= 0.6)))):
        cues.append("negation")
        side = "first" if fa.negated else "second"
        reasons.append(f"the {side} text negates the shared claim")
    na, nb = bool(only_a & _NEGATING), bool(only_b & _NEGATING)
    if not pair and na != nb and fa.negated == fb.negated and overlap >= 0.34:
        cues.append("negation")
        reasons.append(f"the {'first' if na else 'second'} text says it was {sorted((only_a if na else only_b) & _NEGATING)[0]}")
    if pair and related >= 0.3 or (incompatible and not shared):
        cues.append("antonym")
        reasons.append(f"opposites {pair[0]!r} / {pair[1]!r}")
    # Sharing only who ("Melanie painted a sunrise last year" / "Melanie made a bowl in pottery class
    # yesterday"), each side with words of its own: two events, whose different numbers and dates
    # are no contradiction.
    events = (not shared - (fa.proper & fb.proper) - {"user"} and not shared_vals and not (fa.replaces or fb.replaces)
              and len(only_a - fa.proper) >= 2 and len(only_b - fb.proper) >= 2)
    # Differing values need a shared word (or a near-paraphrase): "in the office tuesdays" and "don't
    # work fridays" are two facts of one week, not two days for one thing.
    anchored = bool(shared) or bool(shared_vals) or bool(same_unit) or (cosine is not None and cosine >= 0.7)
    # Numbers of different dimensions on each side ("50 lb" / "30 bags a month") are two facts.
    apart = bool(nums_a and nums_b and _both_differ(nums_a, nums_b)
                 and not _comparable(nums_a - nums_b, fa, nums_b - nums_a, fb))
    if (nums_a and nums_b and _both_differ(nums_a, nums_b) and not events and not apart
            # ... or a short follow-up that keeps one value and changes another ("it's the 12th,
            # still 9am" after "booked for the 21st at 9").
            and (related >= 0.4 or (same_unit and shared and _both_differ(fa.units, fb.units))
                 or (bool(shared_vals) and min(len(fa.content), len(fb.content)) <= 2))
            and (anchored or len(fa.content) + len(fb.content) <= 2)):
        cues.append("number")
        reasons.append(f"numbers differ ({', '.join(sorted(nums_a))} vs {', '.join(sorted(nums_b))})")
    if fa.dates and fb.dates and dates_differ(fa.dates, fb.dates) and related >= 0.4 and not events and anchored:
        cues.append("date")
        reasons.append(f"dates differ ({', '.join(sorted(fa.dates))} vs {', '.join(sorted(fb.dates))})")
    if not pair and only_a and only_b and len(only_a) <= 3 and len(only_b) <= 3 and shared:
        # One name swapped for another is one slot with two values.
        proper_swap = len(pa) == 1 and len(pb) == 1
        frame = shared & _EXCLUSIVE_FRAME
        # The slot's value is what follows the frame word on each side ("moved to Paris" / "moved to
        # Rome"); words elsewhere ("..., someone in finance told me") are not a second value.
        frame = {f for f in frame if _value_after(fa.seq, f) in only_a and _value_after(fb.seq, f) in only_b}
        if (proper_swap or (frame and len(only_a) <= 2 and len(only_b) <= 2 and overlap >= 0.34)):
            cues.append("exclusive_value")
            x, y = ", ".join(sorted(only_a)), ", ".join(sorted(only_b))
            why = "different names" if proper_swap else f"one value only for '{sorted(frame)[0]}'"
            reasons.append(f"{why}: {x} vs {y}")

    # A change naming the old and the new value ("swim got moved, ... tuesdays ... so she's on
    # wednesdays now"): the claim's value is the old one when the change ends on another.
    for x, y, vx, vy in ((fa, fb, vals_a, vals_b), (fb, fa, vals_b, vals_a)):
        if cues or not (y.replaces and vx and vx < vy and related >= 0.4):
            continue
        last = _last_of_kind(x, y, vx)
        if last and last not in vx:
            cues.append("date" if last in y.dates else "number")
            reasons.append(f"changed from {', '.join(sorted(vx))} to {last}")
    # Two negations of the same kind cancel ("not Paris" vs "not Rome" is no conflict of polarity).
    if cues:
        strength = {"negation": 0.85, "antonym": 0.85, "number": 0.8, "date": 0.8, "exclusive_value": 0.75}
        score = max(strength[c] for c in cues)
        if len(cues) > 1:
            score = min(0.97, score + 0.08 * (len(cues) - 1))
        # ... only when the negation is the opposite's own clause: "no strike, sailings running as
        # normal" denies the strike and states the opposite status, two objections, not one.
        if ("negation" in cues and len(cues) > 1 and fa.negated != fb.negated and "antonym" in cues
                and (not neg_side.neg_scope or word in neg_side.neg_scope)):
            # "I don't hate it" vs "I love it": a negated antonym is agreement, weakly; a negated
            # two-valued one ("not positive" / "negative", "not locked" / "unlocked") fully.
            two_valued = pair in COMPLEMENTARY or pair[0].endswith(pair[1]) or pair[1].endswith(pair[0])
            if two_valued and not questions[0 if fa.negated else 1]:
                return Stance("agree", round(0.85 * (0.5 + 0.5 * related) * damp, 3),
                              f"negated opposite: not {word} = {pair[1] if word == pair[0] else pair[0]}" + hedge_note,
                              tuple(cues))
            return Stance("agree", round(0.5 * damp, 3), "negated opposite" + hedge_note, tuple(cues))
        score *= 0.5 + 0.5 * related
        return Stance("contradict", round(score * damp, 3), "; ".join(reasons) + hedge_note, tuple(cues))

    # A swapped value in a frame where both can hold ("I like apples" / "I like pears") is no agreement.
    # Two content words in common, covering half the first text (the claim), are a shared claim told
    # with other context ("alternator needs replacing" / "garage called: it's the alternator, £340 to
    # replace"), not a swapped value.
    # A shared status word on one topic by the embedding is the claim's predicate stated ("my parcel
    # was delivered" / "tracking: Delivered 11:42, left in safe place"), no swapped value.
    substituted = (bool(only_a) and bool(only_b) and overlap < 0.6 and (cosine is None or cosine < 0.7)
                   and not (len(shared) >= 2 and 2 * len(shared) >= len(fa.content))
                   and not (shared & _STATUS and cosine is not None and cosine >= 0.4))
    # ... whatever the embedding says, when the word after a shared one differs on each side in a
    # frame several values can fill ("allergic to latex" / "allergic to cats", "takes X for" / "takes
    # Y for"): the cosine of two such sentences is high, and both hold.
    substituted = substituted or apart or _other_value_after(shared - _EXCLUSIVE_FRAME, fa, fb, only_a, only_b)
    # Every value of a short claim restated ("on Saturday at 3pm" / "the invite says Saturday 17th,
    # 3pm, community hall"): the same claim in other words.
    # One calendar date ("3 March": a day number and a month) is a coincidence two anniversaries share.
    # (A number with its unit, "8%" or "£40", is an amount, not the day of a date: "up 8% from March".)
    one_date = (len(nums_a) == 1 and len(fa.dates) == 1 and next(iter(fa.dates)) in _MONTH_NAMES
                and not any(u.partition(":")[2] in nums_a for u in fa.units))
    restated = (len(vals_a) >= 2 and not one_date and vals_a <= vals_b and fa.negated == fb.negated
                and len(fa.content) <= 4)
    # A short statement of one typed value (a clock time, an amount with its unit) that the other
    # states too, with no value of its own beside it: "dinner's at 7:30" / "we're eating at half
    # seven", "budget up to twelve hundred quid" / "I can spend £1,200".
    # Also every typed value of one side restated by the other with a word in common ("the
    # frontend uses React 18" / "we're on React 18.2 with react-router 6.22").
    typed = any(":" in v or "." in v or v[:1] == "v" for v in shared_vals) or bool(fa.units & fb.units)
    typed_same = (bool(shared_vals) and typed and fa.negated == fb.negated and (cosine is None or cosine >= 0.3)
                  and ((vals_a == vals_b and max(len(fa.content), len(fb.content)) <= 4)
                       or (shared and (vals_a <= vals_b or vals_b <= vals_a))))
    if typed_same:
        return Stance("agree", round((0.6 + 0.3 * related) * damp, 3),
                      f"the same value ({', '.join(sorted(shared_vals))})" + hedge_note, ("values",))
    if restated and related >= 0.4:
        return Stance("agree", round((0.5 + 0.5 * related) * damp, 3),
                      f"every value restated ({', '.join(sorted(vals_a))})" + hedge_note, ("values",))
    # A text that is nothing but a value ("no sorry, it's thursday") agrees with one stating it.
    if related >= 0.5 and not substituted and (shared or (cosine is not None and cosine >= 0.7)
                                               or (shared_vals and not (only_a and only_b))):
        score = 0.5 + 0.5 * related
        return Stance("agree", round(score * damp, 3), f"same claim, {len(shared)} shared content words" + hedge_note,
                      ("hedged",) if hedge else ())
    return Stance("unrelated", round(0.5 + 0.4 * (1 - related), 3), "related topic, no common claim", ())
