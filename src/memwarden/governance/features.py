"""The governance questions (DESIGN.md §3), answered per memory jointly over one
request, its evidence and every retrieved memory:

- whose is it, and whom does the request serve? (``voucher_other``, ``mem_personal``,
  ``serves_group``, ``serves_other``, ``about_beneficiary``)
- which setting was it stated for, and which is the request in? (``ctx_scoped``, ``ctx_mismatch``)
- what kind of statement is it? (``held_view``, ``reported``, ``world_claim``, ``preference``)
- does the request ask how the world is? (``world_question``)
- does supplied evidence speak to it or contradict it? (``ev_sim``, ``ev_entity``, ``ev_conflict``)
- does a newer memory on the same slot replace it? (``newer_same_slot``, ``newer_sim``, ``newer_change``)

Inputs are what a deployment has: the query, the evidence, and the memories with
their speaker, time and (when extracted) claim fields. Memory order is read only
as a stand-in for time when no timestamps are given. No markup, stock phrase or
position feature: see issue 12.
"""

from __future__ import annotations

import re

import numpy as np

from ..lexicon import calendar as cal
from ..lexicon import kin as _kin
from ..trust.attribute import asked, states
from ..trust.stance import detect_stance
from ..retrieval.text import STOPWORDS, _stem
from .facts import MemoryFacts, memory_facts
from .limits import DEPENDANT, LIMIT, SCHEDULE, apart, away, timed
from .matter import holders_differ, kept_elsewhere, other_kind, other_named, other_setting, same_item, same_thing, tentative
# The pairwise comparison of an older and a newer memory (session 20 split); SWAP_SIM and _compare are read by tests.
from .compare import (_ATTITUDE, _DISPOSED, _NO_NEWER, SWAP_SIM, _compare, _contradicts, _newer,  # noqa: F401
                      _numbers_differ, _other_holder, _reliable_rank, _replaces_other, _same_slot, _with_parts)
# embed_joint and split_evidence are not used here: tests and bench/ import them from this module.
from .joint import Joint, MemoryInput, embed_joint, split_evidence
from .lexicon import FAMILY_GROUPS, GROUP, KIN, RELATIONS, content, entities, words
from .values import _UNIT_STEMS
from .request import RequestFacts, request_facts

FEATURES = [
    "voucher_other", "reported", "held_view", "world_claim", "preference", "mem_personal", "about_we",
    "serves_group", "serves_other", "about_beneficiary", "group_peers", "with_other", "group_honours", "own_audience", "own_portion", "method",
    "solo", "own_plate", "other_subject", "plain_fact", "rationale_asked",
    "shared_setting", "weighs_options", "ctx_scoped", "ctx_mismatch", "ctx_match", "world_question", "q_sim",
    "ev_external", "ev_sim", "ev_entity", "ev_judges", "ev_conflict", "ev_rule", "ev_change", "ev_options", "ev_shared",
    "newer_same_slot", "newer_sim", "newer_change", "newer_conflict", "newer_shift", "newer_top_sim", "newer_shared", "newer_novel",
    "parts", "newer_q_sim", "newer_q_shared", "asked_unchanged",
    "hearsay", "asks", "ev_notice", "setting_match", "restricts",
]

_OBLIGATION = re.compile(
    r"\b(must|required?|requires|mandatory|only|not (?:allowed|permitted|offered|available|accepted)|unavailable|"
    r"prohibited|forbidden|no longer|cannot|can't|"
    # an instruction not to ("Do not take with ...", "Never use ..."), as on a label or a notice
    r"(?:^|(?<=[.:;]\s))(?:do not|don't|never)\b)", re.I | re.M)
# A notice that the way things are done changes or stops: "from 1 June ... will be rejected", "no longer
# accepted", "as of Monday". Unlike a requirement ("passports must be valid six months"), which a
# remembered fact may meet, it replaces what the memory says is done.
_EV_CHANGE = re.compile(
    r"\b((?:will|shall) (?:be )?(?:rejected|refused|returned|declined|discontinued|withdrawn|no longer \w+|not be \w+)|"
    r"no longer (?:accepted|available|offered|valid|used|possible|supported)|"
    r"(?:from|as of|effective|starting|with effect from) (?:\d{1,2}(?:st|nd|rd|th)? )?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|"
    + cal.alt(cal.WEEKDAYS) + r"|today|tomorrow|next)\w*|"
    # a thing withdrawn or about to change ("the master branch is frozen and will be deleted", "the fee will change to ...")
    r"(?:will|shall) (?:be )?(?:deleted|removed|retired|closed|replaced|deprecated|archived|phased out|frozen|"
    r"change|rise|increase|go up|drop|fall|move)|(?:is|are|has been|have been) (?:now )?(?:frozen|deprecated|retired|archived|"
    r"withdrawn|discontinued|replaced)|"
    # an instruction to stop what is done ("...: stop the tablets while ..."), opening its clause
    r"(?:^|(?<=[.:;]\s))(?:stop|discontinue|cease|pause)\b)\b", re.I | re.M)

# A notice that how things are done shifts (a closed class of verbs of change, any tense but the
# conditional): "all collections move one day later", "your off-peak window changes to ...".
_SHIFT_VERB = re.compile(r"\b(?:chang(?:e|es|ed|ing)|mov(?:e|es|ed|ing)|shift(?:s|ed|ing)?|switch(?:es|ed|ing)?|"
                         r"replac(?:e|es|ed|ing)|postpon(?:e|es|ed|ing)|delay(?:s|ed)?|bring(?:s)? forward|brought forward|"
                         r"put back|reschedul(?:e|es|ed|ing)|suspend(?:s|ed)?|revis(?:e|es|ed)|rotat(?:e|es|ed|ing)|reset)\b", re.I)

# Groups and gatherings: a memory naming the same one as the request was stated for that setting.
_SETTING_STEMS = frozenset(_stem(w) for w in GROUP | {"night", "nights", "gathering", "gatherings", "event", "events", "meetup",
                                                     "discussion", "discussions", "session", "sessions", "club", "marathon",
                                                     "marathons", "hangout", "hangouts", "get-together"})


def _clauses(text: str) -> list[str]:
    return [c.strip() for c in re.split(r"[.;:]\s+|\n+", text) if len(c.split()) >= 3]


def _claim_value(m: MemoryInput) -> frozenset[str]:
    """The claim's value as its content words ("on the 28th" and "the 28th" are one value)."""
    c = m.claim
    v = (getattr(c, "value", None) if not isinstance(c, dict) else c.get("value")) if c is not None else None
    return content(str(v)) | frozenset(re.findall(r"\d+", str(v))) if v else frozenset()


def facts_of(m: MemoryInput) -> MemoryFacts:
    c = m.claim
    g = (lambda name: getattr(c, name, None) if c is not None and not isinstance(c, dict) else (c or {}).get(name))
    return memory_facts(m.text, m.speaker, g("subject"), g("vouched_by"), g("voucher"), g("firmness"), g("slot"),
                        g("negated"))


# Evaluation or comparison in a document: what makes a mention of an option evidence about it.
_EVALUATIVE = re.compile(r"\b(better|worse|best|worst|fail\w*|missing|miss\w*|lacks?|limitation\w*|problem\w*|however|"
                         r"outperform\w*|slower|faster|cheaper|costlier|weak\w*|strong\w*|reliab\w*|error\w*|found|"
                         r"recommend\w*|not suitable|unsuitable|risk\w*|rather than|compared|not offered|unavailable|not available|"
                         r"discontinued|cancel\w*|no \w+ (?:to|on|for)|strike|closed|twice|as \w+ as|times (?:as|more|less))\b", re.I)


# "My blood type is O negative", "my shoe size is 9": an attribute of the user, not a taste ("my favourite ...").
_ATTRIBUTE = re.compile(r"^\W*(?:the user'?s|my)\s+(?!favou?rite|preferred|go-to|usual|ideal|dream)(?:[\w-]+\s+){0,3}?(?:is|are)\s+",
                        re.I)
_NEG = re.compile(r"\b(no|not|without|non|never)\b", re.I)


def _offers_both(key: frozenset[str], piece: str) -> bool:
    """A list of options in which something the memory names is offered by one and lacking in another
    ("Hotel A (pool, EUR 140), Hotel B (no pool, EUR 95)")."""
    segs = [x for x in re.split(r"[,;()]|\band\b", piece) if key & content(x)]
    return any(_NEG.search(x) for x in segs) and any(not _NEG.search(x) for x in segs)


#: One of the user's children named by birth order, no relation word after it ("my youngest is 2 and still naps", "our
#: eldest gets car sick"): one of the kids a family request serves (session 21).
_BY_BIRTH_ORDER = re.compile(r"\b(?:my|our)\s+(?:youngest|eldest|oldest|middle one|middle child|little one|littlest|"
                             r"second (?:one|child)|firstborn|first-born)\b(?!\s+(?:brother|sister|cousin|nephew|niece|aunt|uncle|friend))",
                             re.I)

#: A memory whose cosine with the evidence is within this of the closest memory's shares a notice of change.
NOTICE_TIE = 0.02

#: A dependant in the user's care ("I have two dogs") this close to a request limits the user's part in it.
DEPENDANT_NEAR = 0.15

#: A newer memory of the same matter (:mod:`.matter`: one holder, one thing, a change made) this close that states a
#: change replaces it, though the two are only loosely alike to the embedder ("cancelled the gym membership and joined
#: the climbing wall instead" / "I'm a member of PureGym", cosine 0.21): people say a change in words of their own.
CHANGE_NEAR = 0.15

#: A thing moved somewhere ("moved the car round the back", "put the bikes in the shed"): its place changed.
_RELOCATED = re.compile(r"\b(?:moved|put|took|shifted)\s+(?:the|my|our|his|her|their)\s+(?:[\w'-]+\s+){0,2}?"
                        r"(?:to|into|in|onto|round|over|up|down|out)\b", re.I)
#: Where a memory places something ("are in the blue folder", "by the fire door").
_PLACES = re.compile(r"\b(?:in|at|on|by|under|behind|beside|inside|next to|out the back|round the back)\b", re.I)


#: The word a value is given for: "centre is DAV", "time: 11:00".
_VALUE_HEAD = re.compile(r"([\w'-]+)\s*(?:\bis\b|\bare\b|:)", re.I)


def _asked_anchor(text: str, other: str, req: RequestFacts) -> frozenset[str]:
    """The attribute both memories give a value of ("centre is X" / "centre is Y") and the request asks for:
    then the newer one speaks to what is asked, though the two share that word. A thing both only mention
    ("the dentist is on X Road" / "the dentist rang") is whose attribute it is, not the attribute."""
    def heads(t: str) -> frozenset[str]:
        return content(" ".join(m.group(1) for m in _VALUE_HEAD.finditer(t)))
    return heads(text) & heads(other) & req.content


#: A request that takes in more people than the user: "we", "our", "with my ...", "both", "together", "everyone".
_COMPANY = re.compile(r"\b(?:we|we're|we'll|we've|us|our|ours|both|together|family|everyone|everybody|all of)\b|"
                      r"\bwith\s+(?:my|our|his|her|their|the|him|them|a|some)\b", re.I)
#: Something the user takes or brings to a gathering ("take a cheesecake to the choir social"): others share it.
_BRINGS_TO_DO = re.compile(r"\b(?:take|taking|bring|bringing|took|brought)\b[^.?!]*?\bto\s+(?:the|a|an|my|our|\w+'s)\s+"
                           r"(?:[\w'-]+\s+){0,2}?(?:social|party|do|bbq|barbecue|picnic|potluck|gathering|meet-?up|get-together|"
                           r"drinks|dinner|lunch|tea|supper|reunion)\b", re.I)
#: The user in the first person as a subject or object ("I", "me"): a memory saying it is also the user's own matter.
_I_ME = re.compile(r"\b(?:i|i'm|i've|i'd|i'll|me|myself)\b", re.I)


#: Who shares the user's home and table ("my husband hates coriander" bears on tonight's dinner): not read as away.
_SHARES_HOME = _kin.SPOUSES | _kin.CHILDREN | _kin.DATING | _kin.ENGAGED | _kin.YOUNG | _kin.HOUSEMATES | _kin.THE_HOUSEHOLD | {"partner"}


def _who(f: MemoryFacts, text: str) -> set[str]:
    """The people a memory names, lower-cased: its people, its kin words, its capitalised words and the word it opens
    on when that is no common word ("taavi is turning 7 ...")."""
    toks = re.findall(r"[^\W\d_][^\W\d_'-]*", _USER_PREFIX.sub("", text))
    out = {p.lower() for p in f.people} | {t.lower() for t in toks if t[0].isupper() or t.lower() in RELATIONS}
    if toks and toks[0].lower() not in STOPWORDS:
        out.add(toks[0].lower())
    return {w for w in out if len(w) > 2 and w not in STOPWORDS and w != "user"}


_USER_PREFIX = re.compile(r"^\W*the user(?:'s)?\s*:?\s*", re.I)
#: The user as the one who does what the memory says ("The user fills mum's pill box"): the user's own matter too.
_USER_DOES = re.compile(r"^\W*(?:the\s+)?user\b(?!'s)(?!\s*:)", re.I)


def _alone_other(f: MemoryFacts, text: str, req: RequestFacts) -> bool:
    """Another person's need, taste or rule (the memory is about them, not the user), and a request the user makes for
    themselves alone that names none of the memory's people and takes in nobody else (session 23: "my sister can't eat
    nuts" for "what snacks should I pack for my shift?"): nothing asked is theirs."""
    if req.serves != "user" or not (f.other_subject and not f.about_user) or _I_ME.search(text) or _USER_DOES.search(text) \
            or _COMPANY.search(req.text) or _BRINGS_TO_DO.search(req.text):
        return False
    if any(p.lower().rstrip("s") in _SHARES_HOME or p.lower() in _SHARES_HOME for p in f.people):
        return False
    low = req.text.lower()
    return not any(re.search(r"\b" + re.escape(w) + r"(?:s|'s)?\b", low) for w in _who(f, text))


def features(j: Joint) -> list[dict[str, float]]:
    """One dict of :data:`FEATURES` per memory (plus ``newer_index`` / ``newer_top_index``, the newer
    memory that disagrees / the closest one, for the rationale)."""
    req: RequestFacts = request_facts(j.query, j.evidence)
    # The value class the request asks for, when it asks one ("what size ...", "when is ...").
    ask = asked(j.query)
    ask = ask if ask is not None and ask.value != "any" else None
    mf = [facts_of(m) for m in j.memories]
    n = len(mf)
    sims = j.mvecs @ j.mvecs.T if n else np.zeros((0, 0))
    qs = j.mvecs @ j.qvec if n else np.zeros(0)
    if n and all(m.q_sim is not None for m in j.memories):
        qs = np.asarray([m.q_sim for m in j.memories], dtype=np.float32)
    evs = (j.mvecs @ (j.evecs / np.maximum(np.linalg.norm(j.evecs, axis=1, keepdims=True), 1e-9)).T
           if n and len(j.evecs) else np.zeros((n, 0)))
    ext_low = [s.lower() for s in j.external_sentences] + [e.lower() for e in j.external]
    # Evidence pieces that evaluate or compare, lower-cased, for "does it speak about what the memory names".
    ev_pieces_low = [e.lower() for e in j.evidence if _EVALUATIVE.search(e)]
    ev_pieces_low = [x for x in ev_pieces_low if any(x.find(s[:40]) >= 0 for s in ext_low)] or \
        [s for s in ext_low if _EVALUATIVE.search(s)]
    # Each evidence clause's stems (hyphen parts too) and whether it lays down a rule or a change: the
    # same for every memory, so read once.
    ev_clauses = [(bool(_OBLIGATION.search(c)), bool(_EV_CHANGE.search(c)), _with_parts(content(c)))
                  for e in j.external for c in _clauses(e)]
    # A document's notice of a change (the same for every memory): what a memory of the usual way says may
    # no longer hold, whatever words the two share.
    # (NOTICE_TIE: how close to the best-matching memory's cosine another memory's must be to share the notice)
    notice = any(_EV_CHANGE.search(c) or _SHIFT_VERB.search(c) for e in j.external for c in _clauses(e))
    goes_away, when = away(j.query), timed(j.query)
    rows = []
    for i, f in enumerate(mf):
        text = j.memories[i].text
        # -- evidence
        ev_sim = float(evs[i].max()) if evs.shape[1] else 0.0
        ents = {e for e in f.entities if len(e) > 2 or re.search(r"\d", e)} - {b.lower() for b in req.beneficiaries}  # "M4"
        ev_entity = 1.0 if ents and any(e in s for s in ext_low for e in ents) else 0.0
        # A named option the evidence evaluates (not merely lists: "Kindle edition EUR 11.99").
        ev_judges = 1.0 if ents and any(e in low for low in ev_pieces_low for e in ents) else 0.0
        # A notice of change speaks of this memory only when it names the memory's own item (:func:`.matter.same_item`).
        same_item_ev = bool(evs.shape[1]) and same_item(text, j.external[int(np.argmax(evs[i]))])
        # ... and any evidence (a notice or not) that names another item of the memory's kind by its number or clock
        # time, or by the room it is in, speaks of that one (:func:`.matter.other_named`: "the 9:40 is cancelled" for
        # "I get the 11:15", "the kitchen extractor fan" for the bathroom one).
        other_item = bool(evs.shape[1]) and (notice and not same_item_ev or other_named(text, j.external[int(np.argmax(evs[i]))]))
        conflict, ev_rule, ev_shared, ev_change, ev_options = 0.0, 0.0, 0.0, 0.0, 0.0
        if evs.shape[1]:
            # Evidence that lays down a rule ("must", "only", "required") on something the memory names.
            key = f.content - _ATTITUDE - _UNIT_STEMS
            ev_rule = 1.0 if any(rule and key & stems for rule, _, stems in ev_clauses) else 0.0
            ev_change = 1.0 if any(change and len(key & stems) >= 1 for _, change, stems in ev_clauses) else 0.0
            best = j.external[int(np.argmax(evs[i]))]
            ev_shared = float(len(key & content(best)))
            if _numbers_differ(f, best, text):
                conflict = 1.0
            elif _contradicts(detect_stance(text, best, cosine=ev_sim), text, best) or any(
                    _contradicts(detect_stance(text, part), text, part) for part in _clauses(best)):
                conflict = 1.0  # the piece, or one clause of it ("most stalls cash only"), says otherwise
            # Options with and without what it wants: the preference chooses among them, nothing overrides it.
            ev_options = float(f.preference and _offers_both(key, best))
            if ev_options or other_item:
                conflict = 0.0  # (another item's values, in a notice of change, are no other value of this one's)
        # -- scope
        personal = f.about_user and not f.about_we and f.voucher != "other" and not f.reported
        # Names count as whom the request serves only when it serves someone besides the user
        # ("Napoleon" in a history question is a topic, "Lena's birthday cake" a beneficiary).
        about_people = bool(f.people & (req.beneficiaries | (req.names if req.serves != "user" else frozenset()))) or (
        # a family the request serves includes the user's kin ("my wife ..." for the family's dinners)
        req.serves == "group" and bool(req.beneficiaries & FAMILY_GROUPS) and (any(p.rstrip("s") in KIN or p in KIN for p in f.people)
                                                                  # ... and a child the user names by birth order ("my youngest")
                                                                  or bool(_BY_BIRTH_ORDER.search(text))))
        about_benef = about_people or (f.about_we and req.serves == "group")
        # The memory names the kind of gathering or group the request is for ("movie nights", "with family").
        shared_setting = bool(f.content & req.content & _SETTING_STEMS)
        # A rule, taste or habit the user keeps for one thing of a kind, and the request is about another of that kind
        # (:func:`.matter.other_kind`: "for the garden flat ..." and the upstairs flat's tenant, "my gaming channel" and a
        # thumbnail for the cooking channel), is stated for another setting, when no evidence came and it is no news or
        # fact about the world (session 22: the word before the noun names two things of one kind just as often in a
        # document, "detergent tablet" / "dishwasher tablet", so evidence is not read this way).
        other_thing = not (j.external or j.external_sentences or f.change or bool(_ATTRIBUTE.match(text))
                           or f.world_claim and not f.preference or f.reported) and other_kind(text, j.query)
        # ... or one that opens on the setting it is stated for, and the request names nothing of it ("for work trips I
        # pack my meds in hand luggage" for a camping weekend's packing list, "at mum's it's shoes off": session 25).
        # ... or a rule a body keeps (work, a depot, a club) or one kept for another's thing, and a request the user places
        # in their own life ("depot rule: no phones in the yard" for the family car at the weekend: session 26; a body's
        # rule, said with no "I", reads as a claim about the world, which does not exempt it here).
        kept = not (f.change or bool(_ATTRIBUTE.match(text)) or f.reported)
        opened_elsewhere = kept and (not (f.world_claim and not f.preference) and other_setting(text, j.query)
                                     or kept_elsewhere(text, j.query))
        mismatch = not about_people and (bool(f.contexts) and not (f.contexts & req.contexts) or (f.own_only and req.serves != "user")
                                         or other_thing or opened_elsewhere)
        # -- newer memories: the closest one that states a change or disagrees, else the closest
        # A rule the user's organisation or household keeps for a setting ("our company style guide is US
        # English") sits beside the user's own preference; it does not replace it.
        own = f.about_user and not f.about_we
        newer = [k for k in range(n) if k != i and _newer(j.memories, i, k) and _reliable_rank(mf[k]) >= _reliable_rank(f)
                 and not (own and mf[k].about_we and not mf[k].about_user and mf[k].contexts) and not _other_holder(f, mf[k])
                 # another person's matter, or a change planned or mulled over, replaces nothing (:mod:`.matter`)
                 and not holders_differ(f, mf[k], j.memories[k].text) and not tentative(j.memories[k].text)]
        same_slot = 0.0
        if f.slot and any(mf[k].slot for k in newer):
            slotted = [k for k in newer if _same_slot(f.slot, mf[k].slot)]
            # The same value again ("change of plan for the 28th: party's in our garden" on a party_time of
            # the 28th) replaces the slot's value with nothing: the texts decide what changed.
            mine = _claim_value(j.memories[i])
            same_slot = 1.0 if any(not mine or _claim_value(j.memories[k]) != mine for k in slotted) else 0.0
            newer = slotted or [k for k in newer if not mf[k].slot]  # other slots are other attributes
        cands = sorted(((float(sims[i, k]), k, _compare(f, text, mf[k], j.memories[k].text, float(sims[i, k]))) for k in newer),
                       reverse=True)
        # An echo that adds nothing new cannot state another value.
        disagree = [c for c in cands if (c[2]["change"] or c[2]["conflict"] or c[2]["shift"]) and c[2]["novel"] >= 1]
        best_sim, best_j, cmp = disagree[0] if disagree else cands[0] if cands else (0.0, -1, _NO_NEWER)
        top_sim, top_j, top = cands[0] if cands else (0.0, -1, _NO_NEWER)
        change, nconf, shift = cmp["change"], cmp["conflict"], cmp["shift"]
        # A change of the same matter said in other words, a little further away than SAME_TOPIC (``change`` holds only
        # for one holder's change of the same thing, made): giving up another thing ("sold the ti") changes only what
        # names it, a change naming another replaced value changes that value, a thing moved somewhere changes only
        # where a memory placed it, and a change that gives no value of the class the request asks for, when the older
        # memory gives one ("what size shoes?": "size 8" / "joined a new running club"), leaves what is asked.
        newer_text = j.memories[best_j].text if best_j >= 0 else ""
        guarded = bool(change and best_j >= 0 and (cmp["gone"] or not _DISPOSED.search(newer_text)) and not _replaces_other(f, newer_text)
                       and not (_RELOCATED.search(newer_text) and not _PLACES.search(text))
                       and not (ask is not None and states(ask, text, j.query) and not states(ask, newer_text, j.query)))
        near_change = guarded and best_sim >= CHANGE_NEAR \
            and same_thing(f, text, mf[best_j], newer_text, bool(f.slot and _same_slot(f.slot, mf[best_j].slot)))
        # The newer memory names no part of this one (no word shared) or gives a value of the class the request asks
        # for ("how much ...?": "$35 a month" after "30 bucks a month, on Optus"): it speaks to the whole of it, so it
        # changed no other part than the one asked about (session 24; not a layer input).
        whole = best_j >= 0 and (not (f.content & mf[best_j].content) - _ATTITUDE
                                 or (ask is not None and states(ask, newer_text, j.query)))
        rows.append({
            "voucher_other": float(f.voucher == "other"), "reported": float(f.reported), "held_view": float(f.held_view),
            "world_claim": float(f.world_claim), "preference": float(f.preference), "mem_personal": float(personal),
            "about_we": float(f.about_we),
            "serves_group": float(req.serves == "group"), "serves_other": float(req.serves == "other"),
            "about_beneficiary": float(about_benef), "weighs_options": float(req.weighs_options),
            "group_peers": float(req.peers), "with_other": float(req.with_other), "group_honours": float(bool(req.honours)), "own_audience": float(req.own_audience),
            "solo": float(req.solo), "own_plate": float(req.own_plate), "other_subject": float(f.other_subject and not f.about_user),
            # A reason given for a habit, and the request names the habit or the reason ("does decanting change ...").
            "rationale_asked": float(len((f.content if f.rationale else frozenset()) & req.content - _ATTITUDE)),
            # News of a change or one of the user's attributes ("my blood type is O negative"), no taste in it.
            # (an attribute that limits is no plain fact: "my knees are shot", "my wife is pregnant, so no raw fish")
            "plain_fact": float((f.change or bool(_ATTRIBUTE.match(text)) and f.restricts < LIMIT)
                                and not (f.preference or f.own_portion or f.method)),
            # What it limits (``limits.restricts``): 2 a limit, taste or habit, a dependant in the user's care when
            # the request plans a stay or time away or is near it, or a limit on when the user is free when the
            # request involves a time; else 1 such a dependant or schedule, 0 nothing.
            # A limit on when the user is free only limits a request that involves a time ("I work Saturdays" for a
            # barbecue, not for the colours of a friend's invitations): else 1, like a dependant at home.
            # (a schedule whose days the request's named days do not touch, "away 3rd-10th" for a dinner on the 20th,
            # limits nothing asked: ``limits.apart``, session 21)
            "restricts": float(LIMIT if f.restricts == DEPENDANT and (goes_away or float(qs[i]) >= DEPENDANT_NEAR)
                               or f.restricts == SCHEDULE and when and not apart(text, j.query)
                               else DEPENDANT if f.restricts == SCHEDULE else f.restricts),
            # ... such a schedule, and a request that involves no time: it bears on nothing asked, whatever setting
            # it names ("I work every Saturday" is no rule for the work setting). Not a layer input.
            "schedule_idle": float(f.restricts == SCHEDULE and (not when or apart(text, j.query))),
            "own_portion": float(f.own_portion), "method": float(f.method), "shared_setting": float(shared_setting), "ctx_scoped": float(bool(f.contexts)), "ctx_mismatch": float(mismatch),
            "ctx_match": float(bool(f.contexts & req.contexts)),
            "world_question": float(req.world_question), "q_sim": float(qs[i]),
            "ev_external": float(bool(j.external) or bool(j.external_sentences)), "ev_sim": ev_sim, "ev_entity": ev_entity,
            "ev_conflict": conflict, "ev_rule": ev_rule, "ev_change": ev_change, "ev_options": ev_options, "ev_shared": ev_shared, "ev_judges": ev_judges,
            "newer_same_slot": same_slot, "newer_sim": best_sim, "newer_change": change, "newer_conflict": nconf, "newer_shift": shift,
            "newer_top_sim": top_sim, "newer_shared": top["shared"], "newer_novel": top["novel"],
            # How far the replacing memory speaks to what is asked (a newer memory may change another part
            # of an older one: the venue, not the birthday).
            "parts": float(sum(len(words(c)) >= 3 for c in re.split(r"[,;]|\band\b", text))),
            "newer_q_sim": float(qs[best_j]) if best_j >= 0 else 0.0,
            # (words the two memories share are their common anchor - "the dentist" - not what changed)
            # (... unless the request asks for that anchor and it is no name: "which centre" when both say "centre is ...")
            "newer_q_shared": float(len((mf[best_j].content & req.content) - (f.content - _asked_anchor(text, j.memories[best_j].text, req))
                                        - _ATTITUDE)) if best_j >= 0 else 0.0,
            # ... and what the request names of this memory that the newer one leaves alone ("Mila", "group").
            "asked_unchanged": float(len((req.content & f.content) - mf[best_j].content - _ATTITUDE)) if best_j >= 0 else 0.0,
            # ... to the memory the evidence is closest to: a flight's delay is news for the flight, not the commute
            "hearsay": float(f.hearsay), "asks": float(req.asks),
            # ... and that speaks of the item, event or amount the memory is about (:func:`.matter.same_item`): a delay
            # of a flight to Glasgow is no news of the flight to Lisbon
            "ev_notice": float(notice and evs.shape[1] > 0 and ev_sim >= float(evs.max()) - NOTICE_TIE and same_item_ev),
            # (not a layer input) a notice of change came, about another item than this memory's
            "ev_other_item": float(other_item),
            # stated for a setting ("at work ...") and the request is in it: that setting's rule, whoever it serves there
            "setting_match": float(bool(f.settings & req.contexts)),
            "newer_index": float(best_j), "newer_top_index": float(top_j), "newer_gone": cmp["gone"],
            "newer_near_change": float(near_change), "newer_whole": float(whole),
            # (not a layer input) such a change under the same guards, ``same_thing`` or not: ``rules.SAID_AGAIN`` (session 25)
            "newer_guarded_change": float(guarded),
        })
        r = rows[-1]
        # (not a layer input) another person's limit or taste, no news, and a request for the user alone naming none of
        # their people, with no evidence and no question about the world
        r["alone_other"] = float(r["restricts"] >= LIMIT and not r["plain_fact"] and not f.change and not r["ev_external"]
                                 and not req.world_question and _alone_other(f, text, req))
    return rows


def matrix(rows: list[dict[str, float]]) -> np.ndarray:
    return np.asarray([[r[k] for k in FEATURES] for r in rows], dtype=np.float64).reshape(len(rows), len(FEATURES))


__all__ = ["FEATURES", "Joint", "MemoryInput", "embed_joint", "features", "matrix", "split_evidence", "entities"]
