"""Reliability in the ranking: relevance first, then who vouches and which statement is current.

The default order of a trusted search (``TrustConfig.rank_weight`` and
``rank_conflicts``, chosen by measurement; BENCHMARKS.md):

0. **Answers.** A firm statement (first-hand, a document) stated no earlier than hearsay, a hedge
   or a third party's word on the same matter takes that testimony's relevance
   (:func:`answer_for_weaker`): the correction often shares no word with the question the rumour
   repeats.
1. **Blend.** Each hit's relevance, min-max normalised over the returned
   hits (fused scores can be negative), plus ``rank_weight x (S - 0.5)``, S
   the hit's source credibility (``rank_signal="confidence"``: C, which also
   weighs age). The score is reported in the relevance's units (scaled back by
   the hits' spread); ``relevance`` keeps the score before.
2. **Conflicts.** Within a group of hits that contradict each other, the one
   the source hierarchy believes (:func:`order_by_testimony`: a later
   first-hand or evidence statement beats what it contradicts; otherwise the
   better tier, then the later one, then confidence) is moved just above the
   highest-ranked member it beats, and only past members it contradicts itself,
   on a clear decision about the same matter (:func:`_moves_past`). Nothing
   leaves or enters the list, so recall at the search's limit is unchanged.
3. **Updates.** A firm statement (the user's own, a document's) sharing a content word with
   hearsay or a hedge above it moves above it; a later hit on the same slot as a hit above it, or one that says it changes
   something ("now", "moved to", "switched", "upgraded", ...) and shares a content word with a
   hit above it or with the query, is moved just above that older hit (:func:`updates_first`):
   natural updates often escape both the slot lexicon and the stance detector; then corrections (:mod:`.correction_first`).
   Opt-in (``rank_newer_cosine`` <= 1), for a question about the present, a later firm statement
   close in meaning to an older hit above it (within the first ``rank_newer_top``) moves above it
   (:func:`.present.newer_first`); then the answer-type, answer-value and later-amount steps
   (:mod:`.answer_type`, :mod:`.answer_value`, :mod:`.changed_amount`); last, asked about now, the
   latest firm statement holding the asked kind of value above the older hit it follows (:mod:`.latest`), and the
   line of a turn saying what changed above the scene its turn opened on (:mod:`.same_turn`, session 25).

4. **Fitted order** (``TrustConfig.rank_order="fitted"``, the default since session 18, for the questions
   ``rank_fitted_gate`` admits: by default one in the asker's own person): the first hits (the weights'
   ``top``) are ordered by one linear score over what the steps above did to each hit, what the search
   and the trust stage know about it and the list's structure (:mod:`.fitted_rank`,
   :mod:`.rank_structure`; weights fitted pairwise on the development authors' rank probes by
   ``bench/fit_rerank.py``, chosen leave-one-author-out, BENCHMARKS.md session 16). A
   hit passes one the steps above put over it only by a clear score margin, and never when it is
   another person's line or off the question's matter (round 6, :func:`.fitted_rank.off_matter`). ``"hand"`` stops
   after step 3 (the order before).

5. **The asked party** (``TrustConfig.rank_party_first``, session 19): a question naming a third party the hits
   have as a claim subject ("Who is Jess's dentist?") puts that party's hits above the user's own facts said of
   the user on the same matter (:mod:`.asked_party`); a question of the asker's own is left as it is.

Every hit keeps its parts: ``relevance`` is the score before the blend,
``reliability`` the breakdown (with ``rank_score``, the fitted score, for the hits step 4 ordered).
"""

from __future__ import annotations

import re
from functools import cmp_to_key
from typing import Callable, Sequence

from ..models import ConflictGroup, SearchHit
from .answer_type import answer_type_first
from .answer_value import answer_value_first
from .asked_party import own_first, party_first
from .changed_amount import later_amount_first
from .config import TrustConfig
from .correction_first import correction_first
from .fitted_rank import fitted_gate, fitted_order, load_weights, observing
from .latest import latest_answer_first
from .lexicon import is_correction
from .present import newer_first
from .replaces import replaced_first
from .same_turn import same_turn_answer_first
from .slot_answer import slot_answer_first
from .testimony import Testimony, stated_at, testimony
from .update_cues import says_replace, says_update
from .updates import content_words as _words, firmer as _firmer, updates_first

__all__ = ["rerank", "order_by_testimony", "testimony_of", "updates_first", "answer_for_weaker", "record_asked_first"]

#: Words of time and motion that two unrelated events share ("last Friday ... went to").
_NOT_MATTER = frozenset("last next ago since week weekend month year day today yesterday tomorrow went go going "
                        "gone one thing lot monday tuesday wednesday thursday friday saturday sunday "
                        "image shared photo photography picture screenshot".split())



def testimony_of(hit: SearchHit) -> Testimony:
    rel = hit.reliability
    c = hit.claim
    key = (hit.memory, str(hit.source), hit.speaker, bool(rel and rel.evidence),
           None if c is None else (c.firmness, c.vouched_by, c.voucher, c.echo))
    got = _TESTIMONY.get(key)
    if got is None:
        # The sorting and the answer step ask for the same hit's tier many times per search.
        if len(_TESTIMONY) > 8192:
            _TESTIMONY.clear()
        got = _TESTIMONY[key] = testimony(hit.memory, source=str(hit.source), speaker=hit.speaker, claim=c,
                                          evidence=bool(rel and rel.evidence))
    return got


_TESTIMONY: dict[tuple[object, ...], Testimony] = {}



def _rule_winner(a: SearchHit, b: SearchHit) -> str | None:
    """Why ``a`` beats ``b`` by rule (None: no rule decides; confidence does)."""
    ta, tb = testimony_of(a), testimony_of(b)
    wa, wb = stated_at(a), stated_at(b)
    later = wa > wb or (wa == wb and ta.correction and not tb.correction)
    if later and ta.strong and (ta.rank <= tb.rank or tb.strong):
        return f"newer {ta.tier.replace('_', '-')} statement"
    if ta.rank < tb.rank and not (wb > wa and tb.strong):
        return f"{ta.tier.replace('_', '-')} over {tb.tier.replace('_', '-')}"
    return None


def _cmp(a: SearchHit, b: SearchHit) -> int:
    if _rule_winner(a, b):
        return -1
    if _rule_winner(b, a):
        return 1
    if stated_at(a) == stated_at(b) and testimony_of(a).tier == testimony_of(b).tier and a.score != b.score:
        # said together by the same source ("switched last week! I'm on giffgaff now"): the more
        # relevant one speaks for both
        return -1 if a.score > b.score else 1
    ca = a.reliability.confidence if a.reliability else 0.0
    cb = b.reliability.confidence if b.reliability else 0.0
    return -1 if ca > cb else 1 if cb > ca else 0


def order_by_testimony(hits: Sequence[SearchHit]) -> list[SearchHit]:
    """Contradicting hits, the one to believe first."""
    return sorted(hits, key=cmp_to_key(_cmp))


def _signal(h: SearchHit, cfg: TrustConfig) -> float:
    """What the blend adds: the source credibility (who vouches, how firmly) or the full confidence.

    Age is left out of the default on purpose: an old constraint ("I'm allergic to peanuts") must
    not sink under newer small talk; what is no longer current is handled by the conflict step.
    """
    r = h.reliability
    if r is None:
        return 0.5
    return r.source.value if cfg.rank_signal == "source" else r.confidence


#: Testimony that a firm statement on the same matter answers in its place (:func:`answer_for_weaker`).
_WEAK = frozenset({"third_party", "hedged", "reported"})


def answer_for_weaker(hits: list[SearchHit], similar: Callable[[SearchHit, SearchHit], float],
                      min_cosine: float) -> list[SearchHit]:
    """A firm statement takes the relevance of the weaker testimony it answers.

    Hearsay or a guess ("my brother reckons it's the battery", "everyone says bonuses are 10%")
    is often the memory closest to the question, because it repeats the question's words; the
    user's own later word or a document on the same matter ("garage called: it's the
    alternator", "6% of base, paid in March") often shares none. For each weak hit (a third
    party, a hedge, a report), the firm hit (first-hand or evidence, not an echo) stated no
    earlier and close to it in meaning (cosine >= ``min_cosine``), a later one first, then the
    closest to it and to the question together (the sum of the two cosines), is scored at least as
    relevant as it; the blend that follows then puts it above the weak one. Scores only rise,
    each weak hit lends to one firm hit, and the set of hits is unchanged.
    """
    tms = [testimony_of(h) for h in hits]
    lift: dict[int, float] = {}
    for i, (w, tw) in enumerate(zip(hits, tms)):
        if tw.tier not in _WEAK:
            continue
        best: tuple[bool, float] = (False, -2.0)
        arg = None
        for j, (f, tf) in enumerate(zip(hits, tms)):
            if j == i or not tf.strong or (f.claim is not None and f.claim.echo) or stated_at(f) < stated_at(w):
                continue
            c = similar(w, f)
            # A later statement first (a correction follows what it corrects; what was said along
            # with the hearsay is context), then the closest to the weak hit and to the question
            # together: a remark about the reporter ("Casimir's out of date") is close to what
            # they said but not to what was asked.
            fit = (stated_at(f) > stated_at(w), c + _query_cosine(f))
            if c >= min_cosine and fit > best:
                best, arg = fit, j
        if arg is not None and w.score > hits[arg].score:
            lift[arg] = max(lift.get(arg, w.score), w.score)
    if not lift:
        return hits
    return [h.model_copy(update={"score": lift[i], "relevance": h.score}) if i in lift else h
            for i, h in enumerate(hits)]


#: "What did my blood test say?", "what does the letter show?": the question asks for what a record
#: said ("what did I say about ..." asks for the user's own words).
_ASKS_RECORD = re.compile(r"\bwhat (?:did|does|do|has|have)\b(?!\s+(?:i|we|you|he|she|they)\b)(?:\s+[\w'-]+){1,5}?\s+(?:say|says|said|show|shows|showed|"
                          r"state|states|read|reads|come back with|find|found)\b", re.I)


def record_asked_first(hits: list[SearchHit], query: str, top: int = 3) -> list[SearchHit]:
    """For a question asking what a record said, the first evidence hit (a document, a tool, an
    image, the assistant quoting a record) among the first ``top`` that shares a content word with
    the question moves first: the user's summary ("got my blood test back, cholesterol 6.2") is
    closer in wording, the letter itself says what it said. Only the first ``top`` hits move."""
    if not query or not _ASKS_RECORD.search(query) or len(hits) < 2:
        return hits
    qw = _words(query)
    for j in range(1, min(top, len(hits))):
        h = hits[j]
        if testimony_of(h).tier == "evidence" and _words(h.memory) & qw:
            if testimony_of(hits[0]).tier == "evidence":
                return hits
            return [h] + hits[:j] + hits[j + 1:]
    return hits


def _query_cosine(h: SearchHit) -> float:
    r = h.reliability
    return r.query_cosine if r is not None and r.query_cosine is not None else 0.0


def rerank(hits: list[SearchHit], conflicts: Sequence[ConflictGroup], cfg: TrustConfig, query: str = "",
           edges: set[frozenset[str]] | None = None,
           similar: Callable[[SearchHit, SearchHit], float] | None = None,
           hand_out: list[SearchHit] | None = None) -> list[SearchHit]:
    """The trusted order (module docstring). ``hand_out``: filled with the hand order (the list before the
    fitted stage; the same list when that stage does not run), which abstention reads (it was tuned on it).
    ``edges``: the pairs of ids that contradict each other directly; a conflict winner moves only past those
    (a group is their transitive closure, and "A contradicts B, B contradicts C" says nothing of A and C).
    None: every pair of a group.
    ``similar``: the cosine of two hits' vectors, for :func:`answer_for_weaker` (None: skipped)."""
    # The order before and after each hand step, read by the fitted stage's features: kept only when
    # that stage runs or a training script observes it (the default order needs neither).
    fit_on = cfg.rank_order == "fitted" and fitted_gate(query, cfg.rank_fitted_gate)
    keep = fit_on or observing()
    pre = [h.id for h in hits] if keep else []
    trace: list[tuple[str, list[str]]] = []

    def mark(stage: str, order: list[SearchHit]) -> None:
        if keep:
            trace.append((stage, [h.id for h in order]))

    if similar is not None and cfg.rank_answer_cosine <= 1 and len(hits) > 1:
        lifted = answer_for_weaker(hits, similar, cfg.rank_answer_cosine)
        if lifted is not hits and cfg.rank_weight == 0:
            # No blend to order them: a lifted answer goes just above the testimony it ties with.
            lifted = sorted(lifted, key=lambda h: (-h.score, -_signal(h, cfg)))
        hits = lifted
    out = hits
    if cfg.rank_weight > 0 and len(hits) > 1:
        raw = [h.score for h in hits]
        span = max(raw) - min(raw)
        if span > 0:
            # In the relevance's own units: normalising by the spread and scaling back keeps the
            # order of "min-max relevance + weight x (S - 0.5)" and leaves a lone hit's score alone.
            blended = [h.model_copy(update={"relevance": h.relevance if h.relevance is not None else h.score,
                                            "score": round(h.score + cfg.rank_weight * (_signal(h, cfg) - 0.5) * span, 6)})
                       for h in hits]
            out = sorted(blended, key=lambda h: -h.score)
        else:
            # All equally relevant (two hits fuse to the same z-score): who vouches breaks the tie.
            out = sorted(hits, key=lambda h: -_signal(h, cfg))
    mark("blend", out)
    out = record_asked_first(out, query)
    mark("record", out)
    if cfg.rank_conflicts:
        names = {n.lower() for h in hits for n in (h.speaker, h.claim.subject if h.claim else None) if n}
        for g in conflicts:
            if not g.resolved or g.winner is None:
                continue
            pos = {h.id: i for i, h in enumerate(out)}
            w = pos.get(g.winner)
            if w is None:
                continue
            winner = out[w]
            above = [pos[m] for m in g.memory_ids if m != g.winner and m in pos and pos[m] < w
                     and (edges is None or frozenset((m, g.winner)) in edges)
                     and _moves_past(winner, out[pos[m]], g.margin, cfg, names)]
            if not above:
                continue
            first = min(above)
            hit = out.pop(w)
            out.insert(first, hit)
        mark("conflicts", out)
        for stage, step in (("slot", lambda o: slot_answer_first(o, query)), ("updates", lambda o: updates_first(o, query)),
                            ("correction", lambda o: correction_first(o, query, _words)),
                            ("newer", lambda o: newer_first(o, query, similar, cfg.rank_newer_cosine, cfg.rank_newer_top)),
                            ("answer_type", lambda o: answer_type_first(o, query, firmer=_firmer, similar=similar,
                                                                        cosine=cfg.rank_same_matter_cosine)),
                            ("answer_value", lambda o: answer_value_first(o, query)),
                            ("later_amount", lambda o: later_amount_first(o, query)),
                            ("latest", lambda o: latest_answer_first(o, query, similar, cfg.rank_latest_cosine, cfg.rank_latest_top,
                                                                  cfg.rank_latest_cue_cosine)),
                            ("same_turn", lambda o: same_turn_answer_first(o, query) if cfg.rank_same_turn else o)):
            out = step(out)
            mark(stage, out)
    if hand_out is not None:
        hand_out[:] = out
    if keep:
        weights = load_weights() if fit_on else None  # None: observers only (training)
        out = fitted_order(out, pre, trace, query, similar, weights, cfg.rank_fitted_top if weights is not None else None)
    if cfg.rank_replace and similar is not None:
        out = replaced_first(out, query, similar)
    if cfg.rank_party_first:
        # after the update step: a party's own line said later ("Hamid: my vet is Oakwood") updates nothing of the
        # user's, and the party order puts the user's own first again for the user's own question
        out = own_first(party_first(out, query), query)
    return out


def _moves_past(winner: SearchHit, other: SearchHit, margin: float, cfg: TrustConfig, names: set[str]) -> bool:
    """Does the believed member of a conflict group outrank ``other``, which the search put above it?

    Only for a clear decision: by the source hierarchy or a later strong statement, when the two
    speak of the same matter (a content word in common besides who it is about) or the winner says
    it replaces something ("instead", "actually", "moved to"); otherwise by a confidence gap of at
    least ``rank_conflict_margin``. The stance detector also reads two dated events of one person
    ("ran 14k on Sunday" / "signed up for the April half marathon") as a conflict; moving the later
    one up on that demoted the answer (LoCoMo MRR 0.60 -> 0.49, BENCHMARKS.md).
    """
    rule = _rule_winner(winner, other)
    if rule:
        replaces = says_update(winner.memory) or is_correction(winner.memory)
        if rule.startswith("newer") and testimony_of(winner).rank == testimony_of(other).rank and _two_events(winner, other):
            # "went to a conference on the 10th" / "is putting on a show next month": a later event,
            # not a later value of the same thing, unless it says it replaces the other.
            return _replaces(winner.memory)
        shared = (_words(winner.memory) & _words(other.memory)) - names - _NOT_MATTER
        return bool(shared) or replaces
    return margin >= cfg.rank_conflict_margin


def _replaces(text: str) -> bool:
    return says_replace(text) or is_correction(text)


def _two_events(a: SearchHit, b: SearchHit) -> bool:
    """Claims dated to different times and not on one slot: two events of someone's life."""
    ca, cb = a.claim, b.claim
    if ca is None or cb is None or ca.event_start is None or cb.event_start is None:
        return False
    if ca.slot is not None and ca.slot == cb.slot:
        return False
    return (ca.event_start, ca.event_end) != (cb.event_start, cb.event_end)
