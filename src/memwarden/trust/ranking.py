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
   latest firm statement holding the asked kind of value above the older hit it follows (:mod:`.latest`).

4. **Fitted order** (``TrustConfig.rank_order="fitted"``, the default): the first few hits (5) are
   ordered by one linear score over what the steps above did to each hit and what the search and
   the trust stage know about it (:mod:`.fitted_rank`; weights fitted pairwise on the scenario sets'
   probes by ``bench/fit_rank.py``, measured leave-one-author-out in BENCHMARKS.md). A
   hit passes one the steps above put over it only by a clear score margin. ``"hand"`` stops
   after step 3 (the order before).

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
from .changed_amount import later_amount_first
from .config import TrustConfig
from .correction_first import correction_first
from .fitted_rank import fitted_order, load_weights, observing
from .latest import latest_answer_first
from .lexicon import is_correction
from .present import newer_first, own_word
from .slot_answer import slot_answer_first
from .testimony import Testimony, stated_at, testimony
from .update_cues import CALENDAR_WORD, rejected_words, says_replace, says_update

__all__ = ["rerank", "order_by_testimony", "testimony_of", "updates_first", "answer_for_weaker", "record_asked_first"]

_TOKEN = re.compile(r"[a-z0-9][a-z0-9.:'-]*[a-z0-9]|[a-z0-9]", re.I)
_NOT_TOPIC = frozenset("the a an user user's users is are was were be been am to of in on at for and or but with my our "
                       "your his her their it its this that these those from by as so now just also too not no do does "
                       "did has have had will would can could i me we you he she they them what which who when where how "
                       "why there here then than very really like get got".split())


#: Words of time and motion that two unrelated events share ("last Friday ... went to").
_NOT_MATTER = frozenset("last next ago since week weekend month year day today yesterday tomorrow went go going "
                        "gone one thing lot monday tuesday wednesday thursday friday saturday sunday "
                        "image shared photo photography picture screenshot".split())


def _words(text: str) -> set[str]:
    words = (w.lower().removesuffix("'s").rstrip("'") for w in _TOKEN.findall(text))  # "team's" is "team"
    return {w.rstrip("s") for w in words if w not in _NOT_TOPIC and len(w) > 1}


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
           similar: Callable[[SearchHit, SearchHit], float] | None = None) -> list[SearchHit]:
    """The trusted order (module docstring). ``edges``: the pairs of ids that contradict each other
    directly; a conflict winner moves only past those (a group is their transitive closure, and
    "A contradicts B, B contradicts C" says nothing of A and C). None: every pair of a group.
    ``similar``: the cosine of two hits' vectors, for :func:`answer_for_weaker` (None: skipped)."""
    # The order before and after each hand step, read by the fitted stage's features: kept only when
    # that stage runs or a training script observes it (the default order needs neither).
    keep = cfg.rank_order == "fitted" or observing()
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
                            ("latest", lambda o: latest_answer_first(o, query, similar, cfg.rank_latest_cosine, cfg.rank_latest_top))):
            out = step(out)
            mark(stage, out)
    if keep:
        weights = load_weights() if cfg.rank_order == "fitted" else None  # None: observers only (training)
        out = fitted_order(out, pre, trace, query, similar, weights, cfg.rank_fitted_top if weights is not None else None)
    return out


def _firmer(h: SearchHit, o: SearchHit) -> bool:
    """``h`` is a firm statement (the user's own, a document's, a tool's) and ``o`` only hearsay or a
    hedge ("my brother reckons", "I'm pretty sure ... that's what I heard")."""
    a, b = h.claim, o.claim
    if a is None or b is None:
        return False
    weak = b.firmness != "stated" or b.vouched_by == "unknown"
    return weak and a.firmness == "stated" and a.vouched_by in ("user", "import", "document", "tool", "image") and not a.echo


def _restated(h: SearchHit, o: SearchHit, below: Sequence[SearchHit]) -> bool:
    """``o`` is the assistant's echo and ``h`` the firm statement below it restating most of it (most
    words in common besides names, the first of equals): an echo adds no testimony. Of a turn split in
    two ("flat 4C" / "rent 1,350 and mould"), the part it restates most passes it first."""
    if o.claim is None or not o.claim.echo or not own_word(h):
        return False
    ow = _words(o.memory) - _names_in(o.memory)

    def shared(x: SearchHit) -> int:
        return len(ow & (_words(x.memory) - _names_in(x.memory))) if own_word(x) else 0

    best = max(below, key=shared)  # max() keeps the first of equals
    return best is h and shared(h) > 0


#: A third person spoken of by a pronoun (an object or possessive: "giving her", "their van").
_THIRD_PERSON = re.compile(r"\b(?:her|him|his|them|their)\b", re.I)
_NAME = re.compile(r"(?<=\w\s)(?-i:[A-Z][a-z]+)")


def _names_in(text: str) -> set[str]:
    """Capitalised words inside ``text`` ("Maisie" in "when is Maisie's ballet"): who or what it is about."""
    return {w.lower() for w in _NAME.findall(text)}


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


def updates_first(hits: list[SearchHit], query: str = "", top: int = 5) -> list[SearchHit]:
    """Within the first ``top`` hits, a later statement that updates an earlier one ranks above it.

    It updates it when both are claims on the same slot, or when the later one says it changes
    something (:mod:`.update_cues`) and shares a content word with the earlier one or the query, unless
    the earlier one holds a word of the query the later one lacks (then it answers, not the update). Only
    hits already in the first ``top`` move, and only upwards past older ones, so recall at any
    limit >= ``top`` is unchanged.
    """
    out = list(hits)
    qwords = _words(query)
    for _ in range(top):  # each pass moves at most one hit; a few passes settle chains (a -> b -> c)
        moved = False
        for j in range(1, min(top, len(out))):
            h = out[j]
            hs = h.claim.slot if h.claim else None
            cue = says_update(h.memory)
            hw = _words(h.memory)
            for i in range(j):
                o = out[i]
                ow = _words(o.memory)
                if (_firmer(h, o) and (hw & ow or (hw & qwords and ow & qwords))) or _restated(h, o, out[i + 1:top]):
                    out.insert(i, out.pop(j))  # hearsay on the same topic, or an echo, yields to a firm first-hand or written word
                    moved = True
                    break
                if not stated_at(h) > stated_at(o):
                    continue
                same_slot = hs is not None and o.claim is not None and o.claim.slot == hs
                # the user's own later word naming what the older one said as replaced ("in Wolverhampton not
                # stoke" under "at the Stoke centre"): a correction of it, whatever the question's words
                corrects = own_word(h) and bool(_words(" ".join(rejected_words(h.memory))) & ow)
                # the user's own later word, among the first three, saying outright that it replaces something
                # ("switched to community fibre", "it's at Marta's instead"): what it replaces is what ranks near
                # it, though the two may share no word
                # (whom the question names, it names too, or it speaks of them by a pronoun, naming no one else, and the
                # older one names them: "from the 24th they're giving her the late slot" under "Nani's dialysis is at 7")
                hnames = {n for n in _names_in(h.memory) if not CALENDAR_WORD.fullmatch(n)}
                outright = j < 3 and says_replace(h.memory) and own_word(h) and (
                    _names_in(query) <= _names_in(h.memory)
                    or bool(_THIRD_PERSON.search(h.memory)) and hnames <= _names_in(query)
                    and {n.rstrip("s") for n in _names_in(query)} <= ow)
                if (not same_slot and ow & qwords and not hw & qwords and not (says_replace(h.memory) and hw & ow) and not outright
                        and not corrects):
                    # the older hit says what was asked ("kayaks"), the later one does not -- unless the later one
                    # says outright that it replaces something the older one names ("took me off the brown one")
                    continue
                # no word of the question in either: only meaning put both on top, so what ties them is the
                # matter asked; the later one saying it changes something is the current value ("it's
                # giffgaff now" under "I'm on Three" for "which network am I with?")
                unworded = j < 3 and qwords and not hw & qwords and not ow & qwords and own_word(h)
                if same_slot or outright or corrects or (cue and (hw & ow or (hw & qwords and ow & qwords) or unworded)):
                    out.insert(i, out.pop(j))
                    moved = True
                    break
            if moved:
                break
        if not moved:
            break
    return out
