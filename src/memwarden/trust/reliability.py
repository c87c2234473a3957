"""Reliability of retrieved memories: the trust stage's public names, from where they now live.

The stage was one module; it is split by concern (issue 14): :mod:`.record` (memory views and
each speaker's track record), :mod:`.score` (the :class:`TrustEngine`: S, T, K, conflicts, the
trusted order) and :mod:`.abstain` (when not to answer). Existing imports keep working.
"""

from .abstain import abstain_decision, subject_not_covered, topic_query
from .record import TrustView, TrackRecord, is_photo_share
from .score import TrustEngine

__all__ = ["TrustEngine", "TrustView", "TrackRecord", "is_photo_share", "abstain_decision", "subject_not_covered",
           "topic_query"]
