"""A later figure for the claim's quantity, said without naming it again (session 24, issue 11.3).

"my rating's 4.88", a week later "bumped to 4.93 after the weekend"; "plasterer's quote is 1,850 for the lot",
then "he's revised it to 2,100"; "shower tray's ordered, 1200x800", then "tray turned up and it's 1100x800". The
later line is the same voucher's word on the same figure, but it names none of the claim's words (or too few for
the stance rules), so it was read as silent and the earlier support stood: the claim about the old figure came
out TRUE.

Here such a line speaks against the claim when all of these hold:

- the claim states a plain figure (not a clock time or a date: those are :func:`.verdict_matter._changed_value`'s)
  and a strong, first-hand or evidence memory supports it by stating that figure;
- the later line is from the same voucher, strong, firm (not a question, not hedged, not reported), said
  after the support, at the matter's cosine;
- it says a figure moved or was set again: a change cue (:mod:`.update_cues`: "bumped", "now", "going up to",
  "revised") or a verb of a figure moving ("climbed", "dropped", "came to") or a correction ("was wrong",
  "turned up and it's");
- it gives a figure of the same shape as the claim's (as many decimal places, within a factor of two) and not
  the claim's figure itself.

The later line then supersedes the support (the verdict's step 1), so the old figure is FALSE and the new one,
which the later line states, is read by the ordinary rules.
"""

from __future__ import annotations

import re
from typing import Callable, Iterator

from ..lexicon import calendar as cal
from ..models import SearchHit
from .features import TextFeatures, features
from .testimony import Testimony, stated_at
from .update_cues import says_change, says_replace, says_update
from .verdict_matter import MATTER_COSINE, against, matter_key
from .verdict_said import _ACTOR, _named_actor, _someone_else
from .verdict_scope import holder

__all__ = ["later_figure", "later_name", "later_value"]

#: A figure moving or set again, in words the update cues do not hold: "climbed back to", "dropped to",
#: "revised it to", "came to", "ended up at", "it's 1100x800, listing was wrong".
_MOVED = re.compile(r"\b(?:climbed|dropped|dipped|fell|fallen|rose|risen|jumped|crept|slipped|shot|"
                    r"going up|gone up|going down|gone down|put (?:it|them|that) up|"
                    r"revised|re-?quoted|amended|corrected|recalculated|knocked (?:it )?down|"
                    r"came to|comes to|ended up|worked out (?:at|to)|turned out|turned up|arrived|"
                    r"(?:was|were|is|are) wrong|wrong on)\b", re.I)


def _anothers(hit: SearchHit, query: str) -> bool:
    """The line opens on another holder than the claim's ("my sister just moved to York" against "I live in Leeds"):
    its change is theirs. A holder the claim names ("Alondra's off the old stuff" for "Alondra takes ...") is the
    claim's own."""
    if not _someone_else(hit):
        return False
    said = [re.sub(r"^\s*the user:\s*", "", hit.memory, flags=re.I), *(e.text for e in hit.episodes[:1])]
    who = {holder(t) for t in said} - {None, "i"}
    # A line opening on a name ("Tadeusz got picked up by the Storm") has that name as its holder.
    who |= {m.group(1) for t in said if (m := _ACTOR.match(t)) and _named_actor(t)}
    low = query.lower()
    return not who or not any(re.search(rf"\b{re.escape(w.lower().removeprefix('my '))}\b", low) for w in who)


def _figures(f: TextFeatures) -> set[str]:
    """The plain figures of a text: not clock times (``:``) and not dates."""
    return {v for v in f.numbers if ":" not in v and v not in f.dates}


def _shape(v: str) -> tuple[int, float] | None:
    try:
        x = float(v)
    except ValueError:
        return None
    places = len(v.partition(".")[2])
    return places, x


def _same_shape(a: str, b: str, within: float = 2.0) -> bool:
    """Two figures that can be one quantity at two times: as many decimal places, within a factor of ``within``."""
    sa, sb = _shape(a), _shape(b)
    if sa is None or sb is None or sa[0] != sb[0] or sa[1] <= 0 or sb[1] <= 0 or a == b:
        return False
    return 1 / within <= sa[1] / sb[1] <= within


def _support(read: list, holds: Callable[[str], bool]) -> list[tuple[SearchHit, Testimony]]:
    """The strong evidence memories supporting the claim whose text holds what the claim states (``holds``)."""
    return [(h, tm) for h, ev, tm, sg in read if sg > 0 and ev.role == "evidence" and tm.strong and holds(ev.memory)]


def _later_firm_lines(silent: list, query: str, tier: Callable[[SearchHit, str], Testimony],
                      taken: set) -> Iterator[tuple[SearchHit, str, Testimony, TextFeatures]]:
    """The silent lines that may speak against the claim: on a matter not yet read (``taken``, which the caller
    grows as it uses a line), no question, at the matter's cosine, strong, not another holder's, not hedged or
    reported; each with its testimony and features."""
    for hit, text in silent:
        if matter_key(hit) in taken or text.rstrip().endswith("?") or (hit.scores.dense or 0.0) < MATTER_COSINE:
            continue
        tm = tier(hit, query)
        if not tm.strong or _anothers(hit, query):
            continue
        fh = features(text)
        if fh.hedged or fh.reported:
            continue
        yield hit, text, tm, fh


def _after_support(support: list[tuple[SearchHit, Testimony]], hit: SearchHit, tm: Testimony) -> bool:
    """The line is the supporting voucher's own, said after its support."""
    return any(tm0.voucher == tm.voucher and stated_at(h0) < stated_at(hit) for h0, tm0 in support)


def later_figure(read: list, silent: list, query: str, tier: Callable[[SearchHit, str], Testimony],
                 reliability: Callable[[SearchHit, Testimony], float]) -> list:
    """Later lines of the supporting voucher giving the claim's figure another value (see the module)."""
    fq = features(query)
    figures = _figures(fq)
    if not figures:
        return []
    support = _support(read, lambda text: bool(figures & _figures(features(text))))
    if not support:
        return []
    out, taken = [], {matter_key(h) for h, _, _, _ in read}
    for hit, text, tm, fh in _later_firm_lines(silent, query, tier, taken):
        if not (says_change(text) or _MOVED.search(text) or tm.correction):
            continue
        theirs = _figures(fh)
        if figures & theirs:
            continue
        if not any(_same_shape(a, b) for a in figures for b in theirs):
            continue
        if not _after_support(support, hit, tm):
            continue
        out.append(against(hit, tm, reliability(hit, tm), "a later figure for the claim's quantity"))
        taken.add(matter_key(hit))
    return out


#: A capitalised word that is not the first of its sentence (nor of a speaker's label): a name, not a capital.
_NAME = re.compile(r"(?<![.!?:]\s)(?<![.!?:])(?<!^)\b([A-Z][\w'&-]+(?:\s+[A-Z][\w'&-]+)*)")


def _new_names(text: str, names: set[str]) -> list[str]:
    """The names ``text`` gives that are none of ``names`` (stemmed, as the features hold them)."""
    out = []
    for m in _NAME.finditer(text.strip()):
        if m.start() == 0:
            continue
        got = features(m.group(1)).proper - {"user"}
        if got and not got & names:
            out.append(m.group(1))
    return out


def _named_as_now(text: str, name: str) -> bool:
    """``name`` is the value a change sets: "now it's Flonase", "on Paydock now", "moved everything over to Royal
    Mail", "downgraded to Gold"."""
    n = re.escape(name)
    return bool(re.search(rf"\bnow\b\W+(?:[\w']+\W+){{0,2}}{n}\b|\b{n}(?:\W+[\w']+){{0,2}}\W+now\b", text)
                or re.search(rf"\b(?:switched|changed|swapped|moved|gone|went|downgraded|upgraded|transferred)\s+"
                             rf"(?:[\w']+\s+){{0,2}}(?:to|onto)\s+(?:the\s+)?{n}\b", text, re.I))


def later_name(read: list, silent: list, query: str, tier: Callable[[SearchHit, str], Testimony],
               reliability: Callable[[SearchHit, Testimony], float]) -> list:
    """Later lines of the supporting voucher that set another name where the claim's was ("been going to Aldi
    instead", "on Paydock now", "downgraded to Gold"), naming the claim's no more (see the module)."""
    fq = features(query)
    names = set(fq.proper - {"user"})
    if not names:
        return []
    support = _support(read, lambda text: bool(names & features(text).proper))
    if not support:
        return []
    out, taken = [], {matter_key(h) for h, _, _, _ in read}
    for hit, text, tm, fh in _later_firm_lines(silent, query, tier, taken):
        if names & fh.proper:
            continue
        new = _new_names(text, names)
        if not new or not (says_replace(text) or any(_named_as_now(text, n) for n in new)):
            continue
        if not _after_support(support, hit, tm):
            continue
        out.append(against(hit, tm, reliability(hit, tm), f"a later change to another name ({new[0]})"))
        taken.add(matter_key(hit))
    return out


# -- a later value of the claim's kind (session 27, issue 11) ----------------------------------------------------

#: A claim about how things were, not are: a later value does not undo it.
_PAST_CLAIM = re.compile(r"\b(?:used to|originally|at first|initially|previously|formerly|before|at one point|"
                         r"back then|first)\b", re.I)
#: Kinds of value in the order they are compared: a clock time, a day, a month, a calendar date, an amount of a unit,
#: a plain figure, a name.
_ORDER = ("time", "weekday", "month", "date", "unit", "figure", "name")


#: A later line that adds a value beside the claim's ("she's started coming on Wednesdays too", "also on Fridays now",
#: "an extra class on Saturdays") or changes it once ("just this week we're doing Thursday instead") replaces nothing.
_ADDED_OR_ONCE = re.compile(r"\b(?:also|as well|additional|extra|on top of)\b|\btoo\b(?=\s*(?:now\b)?\s*(?:[.!,;:)]|$))|"
                            r"\b(?:just|only) (?:this|for this|for the|for one|the once|once)\b|\bthis (?:week|time|once|month) only\b|"
                            r"\bone[- ]off\b|\bfor this (?:week|weekend)\b", re.I)
#: Words that make a role another post than the claim's ("new deputy head" is not the head teacher's successor).
_RANK = frozenset().union(*(features(w).content for w in (
    "deputy", "assistant", "vice", "acting", "interim", "trainee", "junior", "senior", "associate", "temporary", "temp",
    "locum", "relief", "student")))
#: A place or time phrase of the claim, which names where or when the post is, not the post.
_PLACE_PHRASE = re.compile(r"\b(?:at|in|on|from|near|for|with|since|until)\b[^,;.]*", re.I)


def _kinds(f: TextFeatures) -> dict[str, set[str]]:
    """A text's values by kind; an amount keeps its unit ("mg:50"), a code ("v4", "g7") is no figure."""
    out: dict[str, set[str]] = {}
    for d in f.dates:
        kind = "weekday" if d in cal.WEEKDAYS else "month" if d in cal.MONTHS else "date"
        out.setdefault(kind, set()).add(d)
    amounts = {u.partition(":")[2] for u in f.units}
    for v in f.numbers:
        if ":" in v:
            out.setdefault("time", set()).add(v)
        elif v not in f.dates and v not in amounts and _shape(v) is not None:
            out.setdefault("figure", set()).add(v)
    for u in f.units:
        if not u.startswith("v:"):
            out.setdefault("unit", set()).add(u)
    if names := set(f.proper) - {"user"}:
        out["name"] = names
    return out


def _same_post(fq: TextFeatures, fh: TextFeatures, qn: set[str], hn: set[str], query: str) -> bool:
    """A new name on the claim's matter: a name of the claim missing from the line, another said, and the line naming
    the claim's post, its words outside a place or time phrase ("new line manager started, Oskar" for "Marguerite is
    my line manager at the depot"; not "new forklift trainer at the depot, Oskar"), with no word of rank the claim
    lacks ("new deputy head" for "the head teacher is Mr Boateng")."""
    if not (qn - hn and hn - qn):
        return False
    gone = {n.lower() for n in qn - hn}  # the claim's names the line lacks; one it says again is on the post
    post = set(features(_PLACE_PHRASE.sub(" ", query)).content) - gone or set(fq.content) - gone
    if not post & set(fh.content):
        return False
    return not ((_RANK & fh.content) - fq.content)


def _other_value(q: dict[str, set[str]], h: dict[str, set[str]], fq: TextFeatures, fh: TextFeatures,
                 query: str) -> str | None:
    """The kind of value the line gives in place of the claim's (``q``, ``h``: their :func:`_kinds`): of a kind the
    claim states, none of the claim's values of that kind and one of its own (an amount in the claim's unit, a figure
    near the claim's; a name only when a name of the claim is missing from the line, it says another and shares
    another word or name of the claim)."""
    if "unit" in q and "unit" not in h:
        # "it's 150 now" after "on 50mg": the unit is left out of the later figure
        q = {**q, "figure": q.get("figure", set()) | {u.partition(":")[2] for u in q["unit"]}}
    for kind in _ORDER:
        if kind not in q or kind not in h or (kind != "name" and q[kind] & h[kind]):
            continue
        if kind == "unit" and not {u.partition(":")[0] for u in q[kind]} & {u.partition(":")[0] for u in h[kind]}:
            continue
        if kind == "figure" and not any(_same_shape(a, b, within=4.0) for a in q[kind] for b in h[kind]):
            continue
        if kind == "name" and not _same_post(fq, fh, q[kind], h[kind], query):
            # a new name is read only on the claim's matter: with a word of the claim besides the name it lacks
            # ("new line manager started, Oskar"), not a name in passing ("lunch with Oskar from work")
            continue
        return kind
    return None


def later_value(read: list, silent: list, query: str, tier: Callable[[SearchHit, str], Testimony],
                reliability: Callable[[SearchHit, Testimony], float]) -> list:
    """Later strong lines saying a change on the claim's matter and giving another value of the claim's kind.

    "the essay is due Friday", then "WAIT it's thursday midnight not friday"; "the truck trades Thursday to Saturday
    nights", then "the taproom shut, we're doing Sunday mornings at the farmers market now"; "Fiona is my rota
    coordinator", then "new rota coordinator started, Temitayo". The later line names few of the claim's words, so
    the stance rules read it as silent and the earlier support decided. Here it speaks against the claim when:

    - a strong (first-hand or evidence) memory supports the claim, and the claim is not about how things were
      ("used to", "at first");
    - the line is strong, firm (no question, hedge or report), not another holder's, at the matter's cosine, the
      word of a voucher of the claim's strong support, and said after every strong support of the claim;
    - it says a change (:func:`.update_cues.says_update`, a figure moving, a correction) or names the claim's
      value as replaced, or it is a document or tool's record;
    - it gives a value of a kind the claim states and none of the claim's values of that kind
      (:func:`_other_value`).

    It then supersedes the support (the verdict's step 1). Weak testimony (the assistant, hearsay) is never read
    here: it cannot undo a first-hand statement.
    """
    if _PAST_CLAIM.search(query):
        return []
    fq = features(query)
    vouched = _support(read, lambda _text: True)
    claim = _kinds(fq)
    if not vouched or not claim:
        return []
    claim_names = claim.get("name", set())
    last = max(stated_at(h) for h, _ in vouched)
    speakers = {h.speaker for h, _ in vouched}  # one voucher tier holds many people: the same person's later word
    out, taken = [], {matter_key(h) for h, _, _, _ in read}
    for hit, text, tm, fh in _later_firm_lines(silent, query, tier, taken):
        if stated_at(hit) <= last or not _after_support(vouched, hit, tm) or hit.speaker not in speakers:
            # the supporting voucher's own later word: another party's later denial is weighed by the stance
            # rules, not read as the claim's own update (MMA's "X: no, it isn't" after Y's photo)
            continue
        if _ADDED_OR_ONCE.search(text):
            continue
        cue = bool(fh.rejected & (fq.numbers | fq.dates) or says_update(text) or _MOVED.search(text) or tm.correction)
        if not (cue or tm.tier == "evidence"):
            continue
        line = _kinds(fh)
        kind = _other_value(claim, line, fq, fh, query)
        if kind is None:
            continue
        if (not cue and kind == "name") or ((not cue or tm.tier == "evidence") and claim_names
                                             and not claim_names & line.get("name", set())):
            # a record is the claim's update only about the claim's own people and places: a photo of "Priya broke
            # the Porto record" says nothing of "Nadia broke the Tartu record"
            continue
        out.append(against(hit, tm, reliability(hit, tm), f"a later {kind} on the claim's matter"))
        taken.add(matter_key(hit))
    return out
