"""Abstention: when the scored hits are not enough to answer (``no_evidence``, ``low_reliability``,
``unresolved_conflict``). Reads only the hits (with their reliability) and the conflict groups, so
``memwarden eval abstention`` can sweep thresholds over stored searches.
"""

from __future__ import annotations

import re
from typing import Sequence

from ..lexicon import calendar as cal
from ..retrieval.ask_words import slot_terms
from ..models import ConflictGroup, SearchHit
from ..retrieval.text import tokenize
from .asked_head import shared_words
from .aspect import aspect_missing
from .attribute import attribute_missing
from .choice import choice_missing
from .config import TrustConfig
from .names import names_in
from .place_part import part_missing
from .polar import polar_missing

__all__ = ["abstain_decision", "rule_decision", "fitted_decision", "subject_not_covered", "topic_query"]


def abstain_decision(
    query: str, hits: Sequence[SearchHit], conflicts: Sequence[ConflictGroup], cfg: TrustConfig
) -> tuple[str, str] | None:
    """(reason, detail) when the scored hits are not enough to answer; None otherwise.

    ``cfg.abstain_mode`` chooses the hand rules (:func:`rule_decision`) or the fitted model over
    the same signals (:func:`fitted_decision`). Reads only the hits' reliability (with
    ``query_cosine``) and the conflict groups, so stored results can be re-scored.
    """
    if cfg.abstain_mode == "fitted":
        return fitted_decision(query, hits, conflicts, cfg)
    return rule_decision(query, hits, conflicts, cfg)


def fitted_decision(
    query: str, hits: Sequence[SearchHit], conflicts: Sequence[ConflictGroup], cfg: TrustConfig
) -> tuple[str, str] | None:
    """The fitted logistic decision (trust/abstain_features.py); the detail names what decided it:
    the missing attribute or the uncovered subject when those signals are on, else the signal that
    pushed the probability up the most."""
    from .abstain_features import abstain_features, load_abstain_model, unmatched_words

    if not hits:
        return "no_evidence", "nothing in this scope matches the query"
    model = load_abstain_model(cfg.abstain_weights)
    x = abstain_features(query, hits, conflicts, cfg)
    p = model.probability(x)
    if p >= model.threshold:
        cos = [h.reliability.query_cosine if h.reliability and h.reliability.query_cosine is not None else -1.0
               for h in hits]
        best = max(cos)
        relevant = [h for h, c in zip(hits, cos) if c >= max(min(cfg.min_relevance, best), best - cfg.relevance_band)]
        why = (x["attr_missing"] and attribute_missing(query, hits, relevant)) or (
            x["subject_missing"] and subject_not_covered(query, hits, relevant))
        if not why:
            parts = model.logit_parts(x)
            top = max(parts, key=lambda k: parts[k])
            why = _SIGNAL_WORDS.get(top, top) + f" ({top} = {x[top]:.2f})"
            if top in ("unmatched_share", "unmatched_any", "wh_head_missing"):
                why = f"no memory holds the question's words {', '.join(unmatched_words(query, hits))}"
        return "no_evidence", f"{why}; fitted p(unanswerable) {p:.2f} >= {model.threshold:.2f}"
    hit_ids = {h.id for h in hits}
    for g in conflicts:
        if g.margin < cfg.conflict_margin and hit_ids & set(g.memory_ids):
            return "unresolved_conflict", g.reason
    return None


#: How the detail names a deciding signal that is not an attribute or a subject.
_SIGNAL_WORDS = {
    "best_cos": "the closest memory is far from the query", "second_cos": "few memories are close to the query",
    "top3_mean_cos": "the closest memories are far from the query", "cos_gap": "no memory stands out as about the query",
    "topic_cos": "without the speaker names no memory is on the query's topic",
    "overlap_best": "the closest memory shares few words with the query",
    "overlap_top3": "the closest memories share few words with the query",
    "owner_mentioned": "no memory mentions whose value is asked", "owner_asked": "the question asks a value of a named thing",
    "answer_type_in_top3": "no top memory holds the kind of value asked",
    "best_conf": "the closest memory is not reliable", "band_conf": "no relevant memory is reliable",
    "rule_abstains": "the hand rules abstain",
}


def rule_decision(
    query: str, hits: Sequence[SearchHit], conflicts: Sequence[ConflictGroup], cfg: TrustConfig
) -> tuple[str, str] | None:
    """The hand rules: a cosine floor, a topic floor, the subject and attribute checks (the value
    class or owner a wh-question asks, :mod:`.attribute`; the predicate of a yes/no question,
    :mod:`.polar`; the end of the event a "when" question names, :mod:`.aspect`), a confidence
    floor and the conflict margin, each with its threshold in :class:`TrustConfig`."""
    if not hits:
        return "no_evidence", "nothing in this scope matches the query"
    cos = [h.reliability.query_cosine if h.reliability and h.reliability.query_cosine is not None else -1.0
           for h in hits]
    best = max(cos)
    if best < cfg.min_relevance and not (_first_person_support(query, hits, cos, cfg)
                                         or _member_support(query, hits, cos, cfg)):
        return "no_evidence", f"best cosine {best:.2f} < min_relevance {cfg.min_relevance:.2f}"
    topic = [h.reliability.topic_cosine for h in hits if h.reliability and h.reliability.topic_cosine is not None]
    if topic and cfg.min_topic_cosine > 0 and max(topic) < cfg.min_topic_cosine:
        return "no_evidence", (f"no memory shares a topic word with the query, and without the speaker names "
                               f"its best cosine is {max(topic):.2f} < min_topic_cosine {cfg.min_topic_cosine:.2f}")
    # (A first-person question let through below the floor keeps its best hits as the relevant set.)
    band = max(min(cfg.min_relevance, best), best - cfg.relevance_band)
    relevant = [h for h, c in zip(hits, cos) if c >= band]
    if cfg.check_subject:
        missing = subject_not_covered(query, hits, relevant)
        if missing:
            return "no_evidence", missing
    if cfg.check_attribute:
        missing = (attribute_missing(query, hits, relevant) or part_missing(query, hits, relevant)
                   or choice_missing(query, hits) or polar_missing(query, hits) or aspect_missing(query, hits))
        if missing:
            return "no_evidence", missing
    top_conf = max((h.reliability.confidence for h in relevant if h.reliability), default=0.0)
    if top_conf < cfg.min_confidence:
        return "low_reliability", (f"best confidence among relevant hits {top_conf:.2f} "
                                   f"< min_confidence {cfg.min_confidence:.2f}")
    relevant_ids = {h.id for h in relevant}
    for g in conflicts:
        # The margin, not the stored ``resolved`` flag, so a sweep can move the threshold.
        if g.margin < cfg.conflict_margin and relevant_ids & set(g.memory_ids):
            return "unresolved_conflict", g.reason
    return None


def _first_person_support(query: str, hits: Sequence[SearchHit], cos: Sequence[float], cfg: TrustConfig) -> bool:
    """"Where do I live?" against "Alice: I live in Porto": the speaker's name sits in the memory's
    embedding and not in the question, so the cosine undersells it. A first-person question is
    supported when a hit within 0.15 of the floor shares a content word with it, or (any positive
    cosine) when half its content words are the hit's own or words people ask the hit's attribute with ("what street do
    I live on?" / "just moved to Elm Close", a residence: "live", "home", "address"; one kind word
    among several, "dog" in "which treats did the vet ban for my dog?", is not enough)."""
    if not _FIRST_PERSON.search(query):
        return False
    q = set(tokenize(query))
    for h, c in zip(hits, cos):
        own = set(tokenize(h.memory))
        if h.claim is not None and h.claim.attribute:
            # The attribute the extractor gave the claim is the hit's own word: "what shift do I work?" / "on nights
            # now" (``shift``) (session 21).
            own |= set(tokenize(h.claim.attribute.split(":", 1)[0].replace("_", " ")))
        if c >= cfg.min_relevance - 0.15 and shared_words(q, own):  # "removal" says "move"
            return True
        # Half the question in the hit's attribute's own ask-words, or in the turn it was said in,
        # is lexical evidence enough: the embedding of "moved to Hollis Court" is far from "what
        # road do I live on?", and of "plot 17 at Moor Lane" (said as "got an allotment!! plot 17
        # ...") from "what's on my allotment?".
        said = set(tokenize(" ".join(e.text for e in h.episodes if e.text)))
        if c > 0 and 2 * len(shared_words(q, own | said | _ask_words(h))) >= len(q) > 0:
            return True
    return False


#: "which store do I work at?", "what laptop do I have?": a wh-word on a category noun that the
#: question's own person has or does; "what am I studying?": the category left to the verb.
_ASKS_MEMBER = re.compile(r"^\s*(?:which|what)\s+(?:(?P<noun>[a-z]+)\s+(?:do|did|am|are|was|were|have|had)\s+(?:i|we)\b"
                          r"|(?:am|are|was|were)\s+(?:i|we)\s+(?P<verb>[a-z]+ing)\b)", re.I)
#: A question that sets its "-ing" verb at a time ("what am I cooking tonight?", "what are we watching on
#: Friday?") asks about one occasion, a plan, not what the speaker has or is in: a name in any
#: first-hand memory ("had lunch at Dishoom", "works at Tesco") does not answer it unless it says the verb.
_OCCASION = re.compile(r"\b(?:tonight|today|tomorrow|tmrw|weekend|(?:this|next|on|for|at)\s+(?:the\s+)?(?:[a-z]+\s+)?"
                       r"(?:" + cal.alt(cal.WEEKDAYS) + r"|morning|afternoon|evening|night|"
                       r"week|month|year|holiday|holidays|christmas|birthday|party|wedding)s?)\b", re.I)


#: How far below the floor a first-hand hit naming a member may be (as for `_first_person_support`).
_MEMBER_BAND = 0.15


def _member_support(query: str, hits: Sequence[SearchHit], cos: Sequence[float], cfg: TrustConfig) -> bool:
    """A question asking which member of a category the speaker has ("what laptop do I have?",
    "which store do I work at?") is answered by a first-hand memory naming one ("my Dell XPS 13
    screen keeps flickering", "first day done at JB Hi-Fi"), which shares no word with it and whose
    cosine is low: the category is a kind, the member a name. Supported when a first-hand hit within
    0.15 of the floor names something the question does not (:func:`.names.names_in`). Questions
    asking an attribute of the thing ("how much RAM does my laptop have?", "who's my manager at
    work?") are not of this form, and the attribute checks still run after the floor.
    Session 10 round 2: authors 2, 10 (a turn whose claim lost the name) and 12.) A progressive
    question set at a time (:data:`_OCCASION`: "what am I cooking tonight?") asks about a plan, and
    is supported only by a hit that says its verb."""
    m = _ASKS_MEMBER.match(query)
    if not m:
        return False
    stem = _verb_stem(m.group("verb")) if m.group("verb") and _OCCASION.search(query[m.end():]) else None
    return any(c >= cfg.min_relevance - _MEMBER_BAND and _first_hand(h) and names_in(h.memory, query)
               and (stem is None or re.search(rf"\b{stem}", h.memory, re.I)) for h, c in zip(hits, cos))


def _verb_stem(verb: str) -> str:
    """"cooking" -> "cook", "planning" -> "plan", "saving" -> "sav": enough to find the verb in any form."""
    s = verb.lower()[:-3]
    return s[:-1] if len(s) > 2 and s[-1] == s[-2] else s


def _first_hand(h: SearchHit) -> bool:
    """The hit is the user's own statement: a claim about the user, or a turn in the first person."""
    if h.claim is not None:
        return h.claim.subject.lower() == "user"
    return bool(_FIRST_PERSON.search(h.memory)) or h.memory.lower().startswith("the user")


def _ask_words(h: SearchHit) -> set[str]:
    if h.claim is None:
        return set()
    return set(tokenize(" ".join(w for w in slot_terms(h.claim) if w not in _GENERIC_ASK)))


#: Ask-words that every question has ("when is my ..."): they say nothing of the attribute.
_GENERIC_ASK = frozenset("when where date time day going will plan plans".split())


_WORD = re.compile(r"[A-Za-z][A-Za-z'\-]+")
_FIRST_PERSON = re.compile(r"\b(?:i|i'm|i've|i'd|i'll|my|me|mine|we|our|us)\b", re.I)


def topic_query(query: str, hits: Sequence[SearchHit]) -> str | None:
    """The query with the hits' speaker names removed, when topical support must be checked.

    Memories are embedded as "Speaker: text", so a question naming a person is close to
    everything that person said, whatever it asks. None (no check needed) when the query names
    no speaker, when nothing but names is left, or when some hit shares a content word with
    the rest of the query (lexical support; cheap, and no second embedding).
    """
    speakers = {h.speaker for h in hits if h.speaker}
    if not speakers or not query:
        return None
    pattern = re.compile(r"\b(?:" + "|".join(re.escape(s) for s in sorted(speakers, key=len, reverse=True))
                         + r")(?:'s|s')?\b", re.I)
    stripped, n = pattern.subn(" ", query)
    if n == 0:
        return None
    names = {t for s in speakers for t in tokenize(s)}
    qtok = set(tokenize(stripped)) - names
    if not qtok:
        return None
    if any(qtok & set(tokenize(h.memory)) for h in hits):
        return None
    return " ".join(stripped.split())


def subject_not_covered(query: str, hits: Sequence[SearchHit], relevant: Sequence[SearchHit]) -> str | None:
    """If the query names a speaker of these memories, does any memory on its topic speak for them?

    The topic hits are those sharing the most content words with the query (names left out).
    They cover the named person only when that person said them in the first person; a reply
    by the other speaker ("your race sounds fun") or a first-person story of someone else does
    not. LoCoMo's adversarial questions ask what X did about something Y said of themselves;
    on its development conversations this check alone reached abstention F1 0.52 where the
    cosine band reached 0.22 (BENCHMARKS.md).
    """
    speakers = {h.speaker for h in hits if h.speaker}
    if not speakers or not query:
        return None
    qwords = {w.lower().removesuffix("'s") for w in _WORD.findall(query)}
    named = sorted(s for s in speakers if s.lower() in qwords)
    if not named:
        return None
    names = {t for s in speakers for t in tokenize(s)}
    qtok = set(tokenize(query)) - names
    overlap = [len(qtok & set(tokenize(h.memory))) for h in hits]
    best = max(overlap, default=0)
    if best == 0:
        return None  # nothing shares the query's topic words: the relevance tests decide
    topic = [h for h, o in zip(hits, overlap) if o == best]
    for s in named:
        if any(_speaks_for(h, s, speakers) and not _owned_by_other(h, qtok, speakers - {s}) for h in topic):
            return None
        if any(h.speaker is None and re.search(rf"\b{re.escape(s)}\b", h.memory, re.I) for h in topic):
            return None
    others = sorted({h.speaker for h in topic if h.speaker} - set(named))
    return (f"the query is about {', '.join(named)} but the memories on its topic are "
            f"{'first-person statements by ' + ', '.join(others) if others else 'not theirs'}")


def _owned_by_other(h: SearchHit, qtok: set[str], others: set[str]) -> bool:
    """Every query word the hit holds is another speaker's thing: "Jolene's snakes sure bring
    comfort", said by Deborah, is about Jolene's snakes, whoever the claim's subject was made."""
    if not others:
        return False
    shared = qtok & set(tokenize(h.memory))
    owned = {t for o in others for m in re.finditer(rf"\b{re.escape(o)}(?:'s|s')\s+((?:[\w-]+\s+){{0,2}}[\w-]+)", h.memory, re.I)
             for t in tokenize(m.group(1))}
    return bool(shared) and shared <= owned


def _speaks_for(h: SearchHit, name: str, speakers: set[str]) -> bool:
    """The hit is ``name`` speaking of themselves: a first-person turn of theirs, or a claim of
    theirs that is not about the other speaker (extraction writes their "I" as their name or
    "user", and sometimes makes the topic the subject: "Yoga is a great way to relax")."""
    if h.speaker != name:
        return False
    if h.claim is not None:
        subj = h.claim.subject.lower()
        return not any(o.lower() in subj for o in speakers - {name})
    return bool(_FIRST_PERSON.search(h.memory))
