"""Does a new candidate update or contradict a stored memory?

The two texts must be about the same thing (cosine and a shared content
word); then an explicit update cue ("now", "no
longer", "moved to", "actually") in a short statement supersedes, and
otherwise a confident "contradict" from the trust stage's stance detector
(``memwarden.trust.stance``). Near-duplicates never reach here: they are
caught first.
"""

from __future__ import annotations

import re

from ..trust.stance import detect_stance
from .factors import content_words

#: Stance confidence at which a contradiction supersedes the stored memory.
STANCE_MIN_SCORE = 0.75

#: Cosine above which two memories may be about the same thing; at the low end only an
#: explicit change cue ("now", "no longer", "moved to") supersedes, stance needs STRONG_COSINE.
SAME_TOPIC_COSINE = 0.45
STRONG_COSINE = 0.6

# Not trust.update_cues.UPDATE: it has "used to" and lacks "new", "started" and the onsets; pointing
# it at UPDATE changes which memories admission supersedes, so it stays its own list.
_UPDATE = re.compile(
    r"\b(?:now|no longer|not anymore|anymore|actually|changed|switched|moved to|instead|these days|from now on|used to|quit|stopped)\b",
    re.IGNORECASE,
)


def supersedes(new: str, old: str, cosine: float) -> str | None:
    """Why ``new`` supersedes ``old`` (a short phrase), or None when it does not."""
    if cosine < SAME_TOPIC_COSINE:
        return None
    a, b = content_words(new), content_words(old)
    shared = a & b
    if not shared:
        return None
    # Long chatty turns mention "now" or "actually" in passing; an update is a short statement.
    if _UPDATE.search(new) and not _UPDATE.search(old) and len(a) <= 8:
        return "states a change"
    # Chatty multi-claim turns (most of a conversation) are not statements one can contradict
    # as a whole: on LoCoMo, stance on them flagged praise and greetings as contradictions.
    if len(a) > 12 or len(b) > 12:
        return None
    # A question or a weakly related pair is not a claim that can replace a memory.
    if "?" in new or "?" in old or cosine < STRONG_COSINE:
        return None
    st = detect_stance(old, new, cosine=cosine)
    if st.label == "contradict" and st.score >= STANCE_MIN_SCORE:
        return f"contradicts it: {st.reason}"
    return None
