"""A record read as statements: its "Field: value" lines, its status fields (session 11).

Documents, tool output, pasted emails and receipts write what they state as fields: "Location:
Raffles Place", "Instrument: CCPS", "You may be billed: $153.10", "PAID 5/14/2026",
"DISHONOURED - insufficient funds". The stance rules read sentences: a field line is one clause
among many with no verb, so a claim naming the field's value in words ("the new job is in Raffles
Place") finds no clause to agree with. :func:`field_statements` reads each field of a record as the
statement it makes, in the wording the stance rules read:

* a ``Label: value`` segment (a label of one to four words, capitalised, before a colon, its value
  up to the next segment break) is the statement "label is value" (``Location: Raffles Place`` ->
  ``location is Raffles Place``); a speaker's name before a colon opening a chat line is no field
  (the label is a single name followed by a sentence), nor is "The user:" the extractor writes;
* a status written in capitals (``PAID``, ``DELIVERED``, ``DISHONOURED``, ``CANCELLED``) is that
  status in words, so the status lexicon hears it (:data:`_STATUS_CAPS` maps the banking and
  delivery words a record uses to the status they mean);
* a dated change ("increase by 8% with effect from 1 March 2026") is the change from that date
  ("increase by 8% from 1 March 2026").

Only closed-class structure is read (the colon, capitals, the separators of a record); no content
word of a case. :mod:`.verdict_stance` judges a claim against these statements besides the record's
sentences.
"""

from __future__ import annotations

import re

from ..retrieval.text import _stem
from .features import features
from .lexicon import POLAR_PAIRS
from .stance import Stance

__all__ = ["field_statements", "named_value"]

#: One field: a label of one to four words (the first capitalised) then a colon and a value.
_FIELD = re.compile(r"(?:^|(?<=[,;:|('\"])\s*)([A-Z][A-Za-z'()/-]*(?: [A-Za-z'()/-]+){0,3}):[ \t]+(?=\S)")
#: Where a record's segment ends: a sentence end, a semicolon, a bar, a slash line, a newline.
_BREAK = re.compile(r"(?<=[.;|])\s+(?=[A-Z'\"])|\s+[|/]\s+|\n+|;\s+")
#: Statuses a record writes in capitals, with the word the status lexicon reads for each.
_STATUS_CAPS = {
    "PAID": "paid", "UNPAID": "unpaid", "OVERDUE": "unpaid", "DELIVERED": "delivered", "UNDELIVERED": "undelivered",
    "CANCELLED": "cancelled", "CANCELED": "cancelled", "DECLINED": "declined", "REJECTED": "declined",
    "DISHONOURED": "unpaid", "DISHONORED": "unpaid", "BOUNCED": "unpaid", "RETURNED": "unpaid", "FAILED": "failed",
    "APPROVED": "accepted", "ACCEPTED": "accepted", "REFUNDED": "refunded", "SIGNED": "signed", "PASSED": "passed",
    "OPEN": "open", "CLOSED": "closed", "EXPIRED": "expired", "VALID": "valid",
}
_CAPS = re.compile(r"\b(" + "|".join(_STATUS_CAPS) + r")\b")
#: Status words (the stance lexicon's status pairs, stemmed).
_STATUS_STEMS = frozenset(_stem(w) for pair in POLAR_PAIRS for w in pair)
_EFFECT = re.compile(r"\bwith effect from\b|\beffective (?:from )?(?=\d|[A-Z])", re.I)
#: Labels that are the extractor's or a chat's frame, not a field.
_FRAME = re.compile(r"^(?:the user|user|i|me|we|you|he|she|they|assistant|note|noted|started|re|fwd|fw|subject|from|to|cc)$",
                    re.I)


def _named_part(title: str) -> str:
    """A record's title without its reference numbers ("USPS tracking 9400 1118 ...": "USPS
    tracking"): the status is said of the thing, the numbers only file it."""
    return " ".join(w for w in title.split() if not any(c.isdigit() for c in w) and "#" not in w)


def _segments(text: str) -> list[str]:
    return [s.strip(" .,'\"") for s in _BREAK.split(text) if s and s.strip(" .,'\"")]


def field_statements(text: str) -> list[str]:
    """The statements the fields of a record make (empty when ``text`` has none).

    >>> field_statements("Offer letter: Start date 1 September 2026, Location: Raffles Place")
    ['offer letter is Start date 1 September 2026', 'location is Raffles Place']
    >>> field_statements("Direct debit to Anytime Fitness DISHONOURED - insufficient funds (3 Oct).")
    ['Direct debit to Anytime Fitness unpaid - insufficient funds (3 Oct)']
    """
    out: list[str] = []
    segments = _segments(text)
    # The record's title: what its first segment names before a colon ("Invoice #1187 from ...").
    title = segments[0].split(":", 1)[0].strip() if segments and ":" in segments[0] else ""
    title = "" if _FRAME.match(title) else title
    for seg in segments:
        # A segment may hold several fields ("... 2026, Location: Raffles Place"): cut at each label.
        marks = [m for m in _FIELD.finditer(seg) if not _FRAME.match(m.group(1))]
        for k, m in enumerate(marks):
            end = marks[k + 1].start() if k + 1 < len(marks) else len(seg)
            value = seg[m.end():end].strip(" ,;.")
            if value and not (k == 0 and _speaker_line(value, m)):
                out.append(f"{m.group(1).lower()} is {value}")
        # A record's status field: the word right after its title's colon is a status ("USPS
        # tracking 9400 ...: Delivered, In/At Mailbox"): the record's thing has that status.
        head, colon, rest = seg.partition(":")
        first = rest.strip().split(" ", 1)[0].strip(",.;-").lower() if colon else ""
        if first and _stem(first) in _STATUS_STEMS and not _FRAME.match(head.strip()):
            out.append(f"{_named_part(head)} {first}")
        if _CAPS.search(seg):
            # The status is the record's: said of what the record is ("Invoice #1187 ...: ... PAID").
            status = _CAPS.sub(lambda c: _STATUS_CAPS[c.group(1)], seg)
            out.append(status if not title or seg.startswith(title) else f"{title}: {status}")
        if _EFFECT.search(seg):
            out.append(_EFFECT.sub("from", seg))
    return list(dict.fromkeys(out))


def _speaker_line(value: str, m: re.Match) -> bool:
    """A chat line opened by who says it ("Meenu Masi: lawn booking cancelled, ...", "Chhotu mama: I
    can do Tue"): a name before a colon with a sentence after it is a speaker, not a field."""
    if m.start() != 0:
        return False
    return bool(re.match(r"(?:I|I'm|we|we're|you|he|she|they|it's|my|our)\b", value)) or (
        len(value.split()) >= 6 and not any(c.isdigit() for c in value[:12]))


_IS = " is "
#: A value that names something: a capitalised word or a code ("Raffles Place", "CCPS", "B12").
_NAMED = re.compile(r"\b[A-Z][A-Za-z]*\b|\b\w*\d\w*\b")


def named_value(claim: str, statement: str) -> Stance | None:
    """A claim that names a field's whole value agrees with the field: "the new job is in Raffles
    Place" with "location is Raffles Place", "the investment is in CCPS" with "instrument is CCPS".
    The field is the record's answer for one attribute of its subject, so its value said in the
    claim is the claim's predicate reached, even with the attribute left unnamed. Only a value
    holding a name or a value (not plain words, which a claim may share by chance) counts, and the
    claim must not deny it."""
    label, sep, value = statement.partition(_IS)
    if not sep or " " in label.strip() and len(label.split()) > 4:
        return None
    fv, fc = features(value), features(claim)
    vals = fv.numbers | fv.dates
    if not (_NAMED.search(value) or vals) or fc.negated or fv.negated or not (fv.content or vals):
        return None
    if fv.content <= fc.content and vals <= (fc.numbers | fc.dates):
        return Stance("agree", 0.7, f"the record's field states the claim's value ({value})", ("values",))
    return None
