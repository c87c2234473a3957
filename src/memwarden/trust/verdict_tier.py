"""The testimony of one hit on a claim (split from :mod:`.verdict` in session 22, behaviour identical).

:func:`_tier` reads a hit's tier of the source hierarchy (:mod:`.testimony`) as it bears on the claim: a
named speaker's first-hand word about someone else is a third party's, a relative's words relayed are
reported, a named speaker's claim about themselves and a named person's own plans passed on word for word
are first-hand. :func:`_firm_part` reads a hedged hit by its firm clauses when the hedge doubts another one.
"""

from __future__ import annotations

import re

from ..models import SearchHit
from .features import firm_clauses
from .stance import features
from .testimony import TIERS, Testimony, testimony
from .verdict_matter import _NAMED_KIN_SAID

__all__ = ["DOUBT_WHOLE"]

#: A claim the extractor stored as hedged stays hedged whole (session 21); off to measure.
DOUBT_WHOLE = True


def _tier(hit: SearchHit, claim: str) -> Testimony:
    rel = hit.reliability
    t = testimony(hit.memory, source=str(hit.source), speaker=hit.speaker, claim=hit.claim,
                  evidence=bool(rel and rel.evidence))
    if t.tier == "first_hand" and hit.speaker and hit.speaker.lower() not in claim.lower():
        # "I don't buy it, Leo never won": first-hand about the speaker, hearsay about Leo.
        return Testimony("third_party", t.voucher, t.firmness, t.correction, f"{hit.speaker} about someone else")
    if t.tier == "first_hand" and _NAMED_KIN_SAID.search(hit.memory):
        return Testimony("reported", t.voucher, "reported", t.correction, "what someone's relative said, relayed")
    c = hit.claim
    if (t.tier == "third_party" and c is not None and c.voucher and c.subject == c.voucher
            and re.search(rf"\b{re.escape(c.voucher)}\b", claim)):
        # Session 19: a named speaker's claim about themselves ("Tom lives in Bristol", from Tom's "I live in
        # Bristol") is first-hand on a claim about them, as the turn it came from is (testimony's "about themselves").
        return Testimony("first_hand", c.voucher, t.firmness, t.correction, f"{c.voucher} about themselves")
    said = " | ".join([hit.memory, *(e.text for e in hit.episodes[:1])])  # a claim's turn keeps the frame
    if t.tier == "reported" and (m := _TOLD_OF_SELF.search(said)) and re.search(rf"\b{re.escape(m.group(1))}\b", claim):
        # "Nikhil's just told me his trip is 12th-20th march": the claim's subject on their own
        # plans, passed on word for word, is that person's first-hand word, not a rumour.
        return Testimony("first_hand", m.group(1), "stated", t.correction, f"{m.group(1)} about themselves, relayed")
    return t


#: A named person telling the speaker about their own affairs: "Nikhil told me his ...".
#: Session 19: also "said" / "mentioned" / "says", and any clause of theirs after it ("Tom told me he lives in Bristol",
#: "Jess said her dentist is Dr Lind").
_TOLD_OF_SELF = re.compile(r"\b([A-Z][a-z]+)(?:'s)? (?:just |also |finally )?(?:told me|told us|texted me|messaged me|said|says|"
                           r"mentioned)(?: that)? (?:his|her|their|he|she|they)\b")


def _firm_part(hit: SearchHit, claim: str, tm: Testimony) -> Testimony:
    """A hedge doubts its own clause: "i'm on the annual plan, renews 2 july i think" is firm about
    the plan. When the stance read no hedge on what the memory says of the claim, its tier is that
    of its firm clauses, as if said without the doubtful one (an assistant's echo stays the assistant's)."""
    firm = firm_clauses(hit.memory)
    if not firm or str(hit.source) in ("assistant", "model_inferred", "system"):
        return tm
    if DOUBT_WHOLE and hit.claim is not None and str(getattr(hit.claim, "firmness", "") or "") == "hedged":
        # Session 21: the extractor read the claim's turn as doubting it ("pretty sure the deposit was R9000, or
        # something close" -> "... (not certain)"): the claim's clauses are one doubted statement. Its firm part
        # is the turn's: firm when the turn's firm clauses say what the claim asks ("i'm on the annual plan,
        # renews 2 july i think"), else hedged whole.
        turn = hit.episodes[0].text if hit.episodes else ""
        fq, ff = features(claim), features(firm_clauses(turn) or " ")
        if not ((fq.content - fq.proper - {"user"}) & ff.content or (fq.numbers | fq.dates) & (ff.numbers | ff.dates)):
            return tm
    if hit.claim is not None and str(getattr(hit.claim, "vouched_by", "user") or "user") != "user":
        return tm
    t = testimony(firm, source=str(hit.source), speaker=hit.speaker, evidence=bool(hit.reliability and hit.reliability.evidence))
    if t.tier == "hedged" or t.rank > TIERS.index("third_party"):
        return tm
    if t.tier == "first_hand" and hit.speaker and hit.speaker.lower() not in claim.lower():
        return Testimony("third_party", t.voucher, t.firmness, t.correction, f"{hit.speaker} about someone else")
    if t.tier == "first_hand" and _NAMED_KIN_SAID.search(firm):
        return tm  # the firm clause is itself relayed speech: the hedge stands
    return Testimony(t.tier, t.voucher, t.firmness, t.correction, t.reason + " (the hedge is in another clause)")
