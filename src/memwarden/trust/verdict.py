"""Verdict mode: TRUE / FALSE / UNKNOWN for a yes/no claim, from testimony, without an LLM.

Each retrieved memory that speaks to the claim (its stance is ``agree`` or
``contradict``, :mod:`.stance`) is read as testimony with a tier of the source
hierarchy (:mod:`.testimony`): the user first-hand > evidence (document, tool
output, image caption) > the assistant > a named third party > hedged or
reported speech. A named speaker speaking of someone else is a third party
even when they say "I": first-hand covers what one says of oneself.

1. **Corrections.** A memory contradicted by a *later* first-hand or evidence
   memory is superseded and counts for nothing ("the demo is Wednesday", then
   "they moved the demo to Thursday"; hearsay, then the letter). Turns of one
   conversation keep their order on its clock.
2. **Strong testimony decides.** Every remaining first-hand or evidence memory
   multiplies the odds by ``evidence_lr ** (±stance score x its credibility)``:
   the user's own "I've never been to Japan" refutes "The user has visited
   Japan" as a refuting photo would. Hedged wording counts for nothing here.
3. **Weak testimony sets the prior.** Otherwise, as in the MMA-Bench oracle, the
   claim starts at the credibility S of its most credible assertion (the tier's
   prior refined by the speaker's track record, :mod:`.reliability`); a bare
   denial moves it by ``((1 - r) / r) ** denial_weight`` (default weight 0).
4. p >= verdict_true: TRUE; p <= verdict_false with strong testimony or a
   weighted denial against the claim: FALSE; otherwise UNKNOWN, which then
   means the memories do not settle it.

Reading a memory as testimony (session 5, issue 11): an agreement must reach the claim's
predicate or value, not only its names or topic (:func:`.verdict_stance._predicate_check`); of a claim and the
turn it came from, the reading that says more of the claim is kept; a record whose clauses tie
and contradict without one agreeing contradicts; a hit that says nothing of the claim but
corrects a statement supporting it, later and from a strong source ("no sorry, it's the 16th";
"he wants to come at 5:50 instead"), speaks against it (:func:`_corrections`, the chain A -> B ->
C); a track record never lifts a weak tier above its prior.

Session 8: testimony on the claim's matter that the stance rules read as silent
(:mod:`.verdict_matter`: a reliable statement outweighing hearsay, a later change in other terms,
a change of place or supplier, a cleft or quantifier, a value called wrong) and comparative claims
against a stated measurement (:mod:`.verdict_compare`).

Session 19: a claim on a one-valued slot (where one lives, works, one's partner, car, manager) is read
against the slots the memories set (:mod:`.verdict_slot`, with the claims' reader passed in as
``read_slots``): the claim's value named as replaced contradicts it ("moved from Lisbon to Porto" against
"lives in Lisbon") and another value held does; a many-valued fact's other member denies nothing.

Session 22: the testimony of one hit (its tier on the claim, a hedged hit's firm clauses) is :mod:`.verdict_tier`.

The verdict lists every memory it read (role, stance, odds factor) and marks
the ones that decided it (``decisive``; their ids in ``deciding_ids``).
"""

from __future__ import annotations

import math
import re

from ..models import SearchHit, SearchResult, Verdict, VerdictEvidence
from .config import TrustConfig
from .stance import detect_stance, features
from .testimony import Testimony, stated_at
from .verdict_now import changed_now
from .stance_label import Stance
from .other_person import another_holders, users_own
from .verdict_scope import RESUMED, ended, other_holder, prospect_only
from .verdict_slot import Reader, read_claim, slot_stances
from .verdict_later import later_figure, later_name, later_value
from .verdict_matter import _changed_value, changed_since, changed_to, outweighed, same_values, value_reading
# _predicate_check and _rule_stance are not used here: tests and bench/fit_stance.py import them from this module.
from .verdict_stance import _predicate_check, _rule_stance, _stance  # noqa: F401
from .verdict_tier import _firm_part, _tier

__all__ = ["verdict", "as_first_person"]

#: The scope gates of :mod:`.verdict_scope` (another holder; a prospect read as its outcome; an ended state);
#: off to measure.
SCOPE = True

_USER = [(re.compile(r"\bthe user's\b", re.I), "my"), (re.compile(r"\bthe user\b", re.I), "I"),
         (re.compile(r"\bthe user(?=\W)", re.I), "I")]


def as_first_person(claim: str) -> str:
    """Claims about the user are often phrased "The user ..."; memories say "I ..."."""
    for pat, rep in _USER:
        claim = pat.sub(rep, claim)
    return claim


def _others_turns(hits: list[SearchHit], holds: list[bool]) -> set[str]:
    """The source turns of claims among ``hits`` holding another person's fact (``holds``, read by
    :func:`.other_person.another_holders`), less those that also gave a claim of the user's or of no person: such a
    turn says nothing of the user either."""
    others: set[str] = set()
    kept: set[str] = set()
    for h, held in zip(hits, holds):
        if h.claim is None:
            continue
        (others if held else kept).update(h.claim.source_episode_ids)
    return others - kept


def _named(text: str, speaker: str) -> str:
    """A named speaker's "I" is that person: "Priya: I'm staying" compares as "Priya is staying"."""
    # Chat writes "i", "im", "ive" too ("lol no i havent quit").
    text = re.sub(r"\bI'?m\b|\bI am\b", f"{speaker} is", text, flags=re.I)
    text = re.sub(r"\bI'?ve\b", f"{speaker} has", text, flags=re.I)
    text = re.sub(r"\bmy\b", f"{speaker}'s", text, flags=re.I)
    return re.sub(r"\bI\b", speaker, text, flags=re.I)


def _corrections(read: list, silent: list, texts: dict[str, str], query: str, config: TrustConfig) -> list:
    """Later strong statements that correct a supporting one: a chain A -> B where B names no topic.

    "mortgage broker meeting is on the 14th at 10", then "no sorry, it's the 16th, I misread the
    email": the correction shares no word with the claim, but it contradicts the statement that
    supported it, on its value or in the words of a correction, so it speaks against the claim.
    """
    out = []
    fq = features(query)
    for hit, text in silent:
        tm = _tier(hit, query)
        if not tm.strong:
            continue
        for h0, ev0, tm0, sign0 in read:
            if sign0 <= 0 or not _later(hit, tm, h0, tm0) or h0.id not in texts:
                continue
            st = detect_stance(texts[h0.id], text)
            if st.label != "contradict" or not (tm.correction or {"number", "date"} & set(st.cues)):
                st = _changed_value(fq, features(text), hit.scores.dense, tm.correction)
            elif not tm.correction and not same_values(fq, features(text), features(texts[h0.id])):
                st = _changed_value(fq, features(text), hit.scores.dense, tm.correction)
            if st is None or st.label != "contradict":
                continue
            s = hit.reliability.source.value if hit.reliability else config.testimony_priors[tm.tier]
            ev = VerdictEvidence(id=hit.id, memory=hit.memory, speaker=hit.speaker, role="evidence", stance="contradict",
                                 stance_score=st.score, reliability=round(min(0.99, max(0.01, s)), 4), odds_factor=1.0,
                                 reason=f"{tm.tier.replace('_', '-')}: corrects an earlier statement ({st.reason})",
                                 tier=tm.tier)
            out.append((hit, ev, tm, -1))
            break
    return out


#: A statement that opens on a pronoun for a thing ("it's every wednesday at 8") continues the one before.
_CONTINUES = re.compile(r"^(?:[\w ]{1,20}:\s*)?(?:it's|it is|it was|that's|that is|they're|they are|it)\b", re.I)


def _joined(read: list, silent: list, query: str) -> list:
    """A claim joined from two memories: "five a side" then "it's every wednesday at 8", stated in one
    sitting by one voucher. The second names no topic word, the first no value; read together, they
    give the claim's value. When the pair states another day, time or number than the claim, the
    continuation contradicts it and the topic-only agreement of the first is superseded by it."""
    out = []
    for hit, text in silent:
        if not _CONTINUES.match(text):
            continue
        for h0, ev0, tm0, sign0 in read:
            if sign0 <= 0 or ev0.role != "evidence" or h0.speaker != hit.speaker:
                continue
            if abs((stated_at(hit) - stated_at(h0)).total_seconds()) > 600 or _CONTINUES.match(h0.memory.split(": ", 1)[-1]):
                continue
            st = detect_stance(query, f"{as_first_person(h0.memory)}. {text}")
            if st.label != "contradict" or not {"number", "date"} & set(st.cues):
                continue
            tm = _tier(hit, query)
            if not tm.strong:
                continue
            ev = VerdictEvidence(id=hit.id, memory=hit.memory, speaker=hit.speaker, role="evidence", stance="contradict",
                                 stance_score=st.score, reliability=ev0.reliability, odds_factor=1.0,
                                 reason=f"{tm.tier.replace('_', '-')}: read with the statement before it ({st.reason})",
                                 tier=tm.tier)
            ev0.role, ev0.superseded_by = "superseded", hit.id
            out.append((hit, ev, tm, -1))
            break
    return out


def _one_per_turn(read: list, texts: dict[str, str] | None = None, query: str = "") -> list:
    """A claim and the turn it was extracted from are one testimony: keep the reading that says
    more of what the claim is about (the claim when extraction resolved "she" or "the user", the
    turn when the claim lost a word such as "the school"), then the clearer stance; in retrieval
    order."""
    fq = features(query) if query else None

    def reach(hit: SearchHit) -> int:
        if fq is None or texts is None or hit.id not in texts:
            return 0
        fm = features(texts[hit.id])
        if fm.rejected & (fq.numbers | fq.dates):
            # The turn names the claim's value as replaced ("I told the bank 42k, but actually it's
            # 38k"): it says more of the claim than a claim extracted from its first half.
            return 100
        return len(fq.content & fm.content) + len((fq.numbers | fq.dates) & (fm.numbers | fm.dates))

    best: dict[str, tuple[int, tuple[int, bool, float]]] = {}
    for i, (hit, ev, _, sign) in enumerate(read):
        key = hit.episodes[0].id if hit.kind == "claim" and hit.episodes else hit.id
        # At equal reach a denial wins: a claim cut from a turn ("they're taking the penicillin label
        # off my records") can agree with the claim where the whole turn ("result: not allergic!") denies it.
        rank = (reach(hit), sign < 0, ev.stance_score)
        if key not in best or rank > best[key][1]:
            best[key] = (i, rank)
    if fq is not None and texts is not None:
        value_reading(read, best, texts, fq)
    keep = {i for i, _ in best.values()}
    return [r for i, r in enumerate(read) if i in keep]


def _later(a: SearchHit, ta: Testimony, b: SearchHit, tb: Testimony) -> bool:
    """``a`` was said after ``b``; turns of one message batch share a time, and then the one
    worded as a correction ("oh wait", "actually", "false alarm") is the later one."""
    wa, wb = stated_at(a), stated_at(b)
    return wa > wb or (wa == wb and ta.correction and not tb.correction)


def verdict(claim: str, found: SearchResult, config: TrustConfig, read_slots: Reader | None = None) -> Verdict:
    """``read_slots``: the claims' slot reader (:mod:`.verdict_slot`); without it no slot is read."""
    query = as_first_person(claim)
    on_slot = read_claim(query, read_slots) if read_slots is not None else None
    on_slots = slot_stances(on_slot, found.results, read_slots) if on_slot is not None else []
    read: list[tuple[SearchHit, VerdictEvidence, Testimony, int]] = []
    silent: list[tuple[SearchHit, str]] = []  # hits that do not speak to the claim by themselves
    texts: dict[str, str] = {}
    support = contradiction = 0.0
    mine = SCOPE and users_own(query)
    # Session 20: the turns whose claims here are another person's only (the turn is read as its claims are).
    holds = [bool(mine) and another_holders(h, query) for h in found.results]
    theirs = _others_turns(found.results, holds) if mine else set()
    for n, hit in enumerate(found.results):
        rel = hit.reliability
        theirs_hit = mine and (holds[n] or hit.id in theirs)
        text = as_first_person(hit.memory)  # claims say "The user ..."; turns say "I ..."
        if hit.speaker and not (hit.claim is not None and hit.claim.subject == "user"):
            text = _named(text, hit.speaker)
        on = on_slots[n] if on_slot is not None else None
        st = on or _stance(query, text, hit.scores.dense)
        if theirs_hit and st.label == "agree":
            # session 20: another person's fact does not support one of the user's ("Katrin bought a red Tesla");
            # a rule of theirs about the user's affairs may still deny it ("the landlady wants notice by letter")
            continue
        if on is not None and on.label == "unrelated":
            # another member of a many-valued attribute: its opposites deny nothing ("has a cat" / "has a
            # dog"); a denial worded as one ("a cat, no dogs") still does
            st = _stance(query, text, hit.scores.dense)
            st, on = (on if st.label == "contradict" and "negation" not in st.cues else st), None
        others = SCOPE and on is None and other_holder(query, text)
        if SCOPE and on is None and st.label != "contradict" and not others and ended(query, text):
            # ... unless the same speaker says later that it came back ("caved, back on ten a day"),
            # which names no topic: then the ending settles nothing.
            resumed = any(RESUMED.search(h.memory) and h.speaker == hit.speaker and stated_at(h) > stated_at(hit)
                          for h in found.results)
            st = Stance("unrelated", 0.5, "an ending undone later", ()) if resumed else Stance(
                "contradict", 0.8, "states the claim's matter as ended", ("ended",))
        if st.label != "unrelated" and SCOPE and (others or (on is None and st.label == "agree" and prospect_only(query, text))):
            silent.append((hit, text))  # another holder's, or only a prospect of it (:mod:`.verdict_scope`)
            continue
        hedged = "hedged" in st.reason
        if st.label == "unrelated" or st.score < config.verdict_min_stance * (0.6 if hedged else 1.0):
            silent.append((hit, text))
            continue
        tm = _tier(hit, query)
        if tm.tier == "hedged" and not hedged:
            tm = _firm_part(hit, query, tm)
        texts[hit.id] = text
        s = rel.source.value if rel else config.testimony_priors[tm.tier]
        if not tm.strong and not (rel and rel.source.hits + rel.source.misses):
            # Without a track record (no judged claims of theirs), a speaker's credibility is what
            # their tier can vouch for: a relative's confident recollection is still hearsay, even
            # when the extractor took a lone named speaker for the user. A record earns more.
            s = min(s, config.testimony_priors[tm.tier])
        elif tm.strong and not (rel and rel.source.hits + rel.source.misses):
            # ... and, the other way, a strong tier read here from a frame the search's reading of
            # the memory alone lacks (its turn's "Nikhil told me his ...") vouches for its prior.
            s = max(s, config.testimony_priors[tm.tier])
        conf = rel.confidence if rel else 0.5
        if st.label == "agree":
            support += conf * st.score
        else:
            contradiction += conf * st.score
        if tm.strong:
            role = "ambiguous_evidence" if hedged else "evidence"
        else:
            role = "assertion" if st.label == "agree" else "denial"
        ev = VerdictEvidence(id=hit.id, memory=hit.memory, speaker=hit.speaker, role=role, stance=st.label,
                             stance_score=st.score, reliability=round(min(0.99, max(0.01, s)), 4), odds_factor=1.0,
                             reason=f"{tm.tier.replace('_', '-')}: {st.reason}", tier=tm.tier)
        read.append((hit, ev, tm, st.value))
    def prior(hit: SearchHit, tm: Testimony) -> float:
        return hit.reliability.source.value if hit.reliability else config.testimony_priors[tm.tier]

    extra = _corrections(read, silent, texts, query, config) + _joined(read, silent, query)
    extra += outweighed(read + extra, silent, query, _tier, prior)
    extra += changed_since(read + extra, silent, query, _tier, prior)
    extra += changed_to(read + extra, silent, found.results, query, _tier, prior)
    extra += changed_now(read + extra, silent, query, claim, _tier, prior)
    extra += later_figure(read + extra, silent, query, _tier, prior)
    extra += later_name(read + extra, silent, query, _tier, prior)
    extra += later_value(read + extra, silent, query, _tier, prior)
    read = _one_per_turn(read + extra, texts, query)
    if not read:
        return Verdict(claim=claim, verdict="UNKNOWN", p_true=0.5, confidence=0.0, support=0.0, contradiction=0.0,
                       reason="no_evidence: no stored memory speaks to this claim")
    # 1. A later strong statement supersedes an earlier one it contradicts.
    for hit, ev, tm, sign in read:
        if ev.role == "ambiguous_evidence":
            continue
        for h2, ev2, tm2, sign2 in read:
            if (sign2 != sign and tm2.strong and ev2.role == "evidence" and _later(h2, tm2, hit, tm)
                    and (tm2.rank <= tm.rank or tm.strong)):
                ev.role, ev.superseded_by = "superseded", h2.id
                break
    live = [(h, ev, tm, sg) for h, ev, tm, sg in read if ev.role != "superseded"]
    # 2. Strong testimony: a likelihood ratio per item.
    log_lr = 0.0
    for _, ev, _, sign in live:
        if ev.role == "evidence":
            step = sign * ev.stance_score * min(1.0, ev.reliability) * math.log(config.evidence_lr)
            log_lr += step
            ev.odds_factor = round(math.exp(step), 4)
    # 3. Weak testimony: prior from the best assertion, denials weighted by denial_weight.
    asserts = [ev for _, ev, _, _ in live if ev.role == "assertion"]
    denials = [ev for _, ev, _, _ in live if ev.role == "denial"]
    best_assert = max(asserts, key=lambda e: e.reliability, default=None)
    best_deny = max(denials, key=lambda e: e.reliability, default=None)
    p0 = best_assert.reliability if best_assert else 0.5
    if best_assert is not None and "hedged" in best_assert.reason:
        p0 = 0.5 + (p0 - 0.5) * best_assert.stance_score
    log_odds = math.log(p0 / (1 - p0)) + log_lr
    if best_assert is not None:
        best_assert.odds_factor = round(p0 / (1 - p0), 4)
    if best_deny is not None and config.denial_weight > 0:
        r = best_deny.reliability
        step = config.denial_weight * math.log((1 - r) / r)
        best_deny.odds_factor = round(math.exp(step), 4)
        log_odds += step
    p = 1 / (1 + math.exp(-max(-50.0, min(50.0, log_odds))))
    strong_against = [ev for _, ev, _, sg in live if ev.role == "evidence" and sg < 0]
    strong_for = [ev for _, ev, _, sg in live if ev.role == "evidence" and sg > 0]
    refuted = bool(strong_against) or (best_deny is not None and config.denial_weight > 0)
    if p >= config.verdict_true:
        label, confidence = "TRUE", p
        deciding = strong_for or ([best_assert] if best_assert else [])
    elif p <= config.verdict_false and refuted:
        label, confidence = "FALSE", 1 - p
        deciding = strong_against or ([best_deny] if best_deny else [])
    else:
        label, confidence = "UNKNOWN", 1 - abs(2 * p - 1)
        deciding = []
    for ev in deciding:
        ev.decisive = True
    items = [ev for _, ev, _, _ in read]
    n_sup = sum(1 for i in items if i.role == "superseded")
    start = (f"prior {p0:.2f} from {best_assert.speaker or 'an assertion'}" if best_assert else "prior 0.50 (no assertion)")
    reason = (f"{start}; {len(strong_for)} first-hand/evidence item(s) for, {len(strong_against)} against "
              f"(log odds {log_lr:+.2f}), {n_sup} superseded by a later statement; "
              f"p(true) = {p:.2f} against thresholds {config.verdict_false:.2f}/{config.verdict_true:.2f}")
    if label == "UNKNOWN":
        reason = "not settled: " + reason
    return Verdict(claim=claim, verdict=label, p_true=round(p, 4), confidence=round(confidence, 4),
                   support=round(support, 4), contradiction=round(contradiction, 4), reason=reason, evidence=items,
                   deciding_ids=[e.id for e in deciding])
