"""Stance readings decided before the rule cascade of :mod:`.stance` (split from ``stance.py``, session 12).

``_no_contact``: two texts sharing no word and no value, answered exactly as the rules would answer
them, without running them (tests/test_stance_precheck.py replays the pairs the evals compare).
``_replaced_value``: one side names a value as replaced ("rather than the 25th", "the 14th not the
4th"): a statement of that value is denied, a statement of the kept one confirmed.
"""

from __future__ import annotations

from .features import TextFeatures
from .pair import _has_version, _other_unit_readings, _status_pair, same_measure
from .stance_label import Stance
from .stance_lexicon import _incompatible

#: Content words above which a text is "long" and the cosine no longer vouches for relatedness.
_SHORT = 12


def _replaced_value(fa: TextFeatures, fb: TextFeatures, vals_a: frozenset[str], vals_b: frozenset[str], topic: bool,
                    damp: float) -> Stance | None:
    """One side names a value as replaced ("pays on the last working day rather than the 25th",
    "it's the 14th not the 4th"): a statement of that value is denied, a statement of the values
    it keeps is confirmed. On one topic only (a shared word, or the embedding)."""
    if not topic:
        return None
    for x, y, vx, vy in ((fa, fb, vals_a, vals_b), (fb, fa, vals_b, vals_a)):
        if not y.rejected or not vx:
            continue
        old = vx & y.rejected - vy
        if old:
            return Stance("contradict", round(0.8 * damp, 3), f"{', '.join(sorted(old))} is the value replaced",
                          ("date",) if old & y.dates else ("number",))
        if vx <= vy and not x.rejected:
            return Stance("agree", round(0.75 * damp, 3), f"the corrected value ({', '.join(sorted(vx))})", ("values",))
    return None


def _no_contact(fa: TextFeatures, fb: TextFeatures, cosine: float | None) -> Stance | None:
    """The answer the rules below give two texts that share no word and no value, found without them.

    Most neighbour pairs of a search are such pairs, and each rule that could still fire on one has a
    precondition checked here: a version (aligned by prefix), a cosine of 0.55 (same topic), 0.4 with a
    change, a replaced value or a status word, an incompatible pair. The result is identical
    (tests/test_stance_precheck.py replays the pairs the evals compare)."""
    if not fa.content.isdisjoint(fb.content) or _has_version(fa.numbers) or _has_version(fb.numbers):
        return None
    if not (fa.numbers | fa.dates).isdisjoint(fb.numbers | fb.dates):
        return None
    if fa.units and fb.units and (same_measure(fa.units, fb.units) or _other_unit_readings(fa.units, fb.units)):
        return None
    short = max(len(fa.content), len(fb.content)) <= _SHORT
    cos = cosine if short else None
    if cos is not None and (cos >= 0.55 or (cos >= 0.4 and (fa.replaces or fb.replaces or fa.rejected or fb.rejected
                                                            or _status_pair(fa, fb, cos, short)))):
        return None
    if _incompatible(fa.content, fb.content):
        return None
    related = 0.0 if cos is None else min(1.0, max(0.0, (cos - 0.25) / 0.5))
    return Stance("unrelated", round(1.0 - related * 0.5, 3), "no shared content", ())
