"""The offline claim extractor: hand rules, no model, no LLM (the default).

Per turn: sentences -> clauses (split at coordinations that join independent clauses) ->
drop questions, greetings, thanks, backchannels and assistant offers -> strip frames that say
how firmly and by whom the rest is vouched for ("I think", "my mom insists that", "the letter
says", "apparently") -> time expressions resolved against the turn's clock (``timex``) -> slot
by cue lexicon (``slots``) -> subject resolved and the clause rewritten in the third person
("I moved" -> "Maya moved", "my sister Ana" -> "Maya's sister Ana", an assistant's "your" ->
"the user's"), with each resolved date appended after the expression as said ("next Friday
(2025-05-09)"), so the claim keeps every content word of the original.

Why rules and not spaCy: DESIGN.md section 5 measured spaCy's small model at 100-176 turns/s and
+160 MB; these rules run at thousands of turns/s and add nothing to the install (numbers in
BENCHMARKS.md, "Claim extraction (offline rules)").

Who vouches: the user's own turns -> "user"; a named speaker who is not the user -> "unknown"
with ``voucher`` the name; assistant -> "assistant" (``echo`` when it acknowledges or restates
the user's fact from the same call); tool turns -> "tool"; an image caption -> "image"; "the
letter says" -> "document". LoCoMo-style turns (``role="user"`` with names, no ``user_name``)
count as first-hand ("user") with the speaker's name as subject and voucher.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Sequence

from ..models import Claim, SourceKind, Turn
from . import lexicon as L
from .base import ExtractedClaim, Extraction
from .slots import detect_slot, normalise_slot
from .timex import TimeHit, anchor_of, clause_tense, find_times

__all__ = ["RuleExtractor", "split_clauses"]

_APOS = str.maketrans({"\u2019": "'", "\u2018": "'", "\u201c": '"', "\u201d": '"'})
_ADV = (r"(?:\s+(?:really|also|just|still|usually|always|never|actually|finally|recently|now|only|even|already|often|"
        r"sometimes|mostly|totally|definitely|literally|kinda|probably|currently|both|all|officially|"
        r"eventually|suddenly|honestly|seriously|basically|absolutely|mainly|no longer|recently))*")
_UNCHANGED = frozenset(
    "can could will would should might must may shall did didn't can't won't wouldn't couldn't shouldn't was wasn't "
    "had hadn't got 's went made took saw met left found bought came ran began became felt thought told said knew "
    "kept lost won spent sent built wrote gave flew drove ate drank swam sang grew broke chose forgot fell heard held "
    "paid read sold slept stood taught understood woke wore brought caught fought sat hung led meant put quit set shut "
    "split let cut hit hurt cost bet to too a an the not never".split())
_SPECIAL = {"am": "is", "are": "is", "were": "was", "have": "has", "do": "does", "don't": "doesn't",
            "haven't": "hasn't", "aren't": "isn't", "go": "goes", "'m": "is", "'re": "is", "'ve": "has"}


_NAMED_HEAD = re.compile(r"^([A-Z][a-z]+)(?:'s)?\s+(?:is|was|has|had|will|just|got|moved|lives|works|said|says|"
                         r"told|thinks|started|left|loves|likes|hates|wants|needs|went|did|does|can|could)\b")
_DOCUMENT = re.compile(rf"(?i){L.DOCUMENT}$")


def _third(w: str) -> str:
    lw = w.lower()
    if lw in _SPECIAL:
        return _SPECIAL[lw]
    if lw in _UNCHANGED or lw.endswith(("ed", "ly", "ing", "n't")) or not lw.isalpha() or len(lw) < 2:
        return w
    if lw.endswith(("s", "sh", "ch", "x", "z", "o")):
        return w + "es"
    if lw.endswith("y") and lw[-2] not in "aeiou":
        return w[:-1] + "ies"
    return w + "s"


_FIRST_CONTR = [(re.compile(p), v) for p, v in [
    (r"\bI'm\b|\bI am\b|\b[Ww]e're\b|\b[Ww]e are\b", "is"), (r"\bI've\b|\b[Ww]e've\b", "has"),
    (r"\bI'll\b|\b[Ww]e'll\b", "will"), (r"\bI'd\b|\b[Ww]e'd\b", "would"), (r"\b[Ww]e were\b", "was")]]
_SECOND_CONTR = [(re.compile(p), v) for p, v in [
    (r"\b[Yy]ou're\b|\b[Yy]ou are\b", "is"), (r"\b[Yy]ou've\b", "has"), (r"\b[Yy]ou'll\b", "will"),
    (r"\b[Yy]ou'd\b", "would"), (r"\b[Yy]ou were\b", "was")]]
_FIRST_VERB = re.compile(rf"\b(?:I|[Ww]e|WE)({_ADV})\s+([A-Za-z']+)")
_SECOND_VERB = re.compile(rf"\b[Yy]ou({_ADV})\s+([A-Za-z']+)")
#: (pattern, possessive?) -- the rest of the first / second person, after the verbs.
_FIRST_REST = [(re.compile(r"\b(?:[Mm]y|[Oo]ur|mine|ours)\b"), True), (re.compile(r"\b(?:myself|ourselves|me|us|I|[Ww]e)\b"), False)]
_SECOND_REST = [(re.compile(r"\b[Yy]our(?:s)?\b"), True), (re.compile(r"\b[Yy]ou(?:rself)?\b"), False)]


def _person_rewrite(text: str, who: str, *, first: bool) -> str:
    """First person (``first``) or second person -> ``who`` in the third person."""
    poss = _poss(who)
    contr, verb, rest = (_FIRST_CONTR, _FIRST_VERB, _FIRST_REST) if first else (_SECOND_CONTR, _SECOND_VERB, _SECOND_REST)
    for pat, v in contr:
        text = pat.sub(f"{who} {v}", text)
    text = verb.sub(lambda m: f"{who}{m.group(1)} {_third(m.group(2))}", text)
    for pat, is_poss in rest:
        text = pat.sub(poss if is_poss else who, text)
    return text


def split_clauses(text: str) -> list[str]:
    """Sentences, then clauses; a statement keeps its trailing tag question split off."""
    text = text.translate(_APOS)
    if "." in text:
        text = L.ABBREV.sub(lambda m: m.group(0)[:-1] + "\x00", text)
    out: list[str] = []
    for sent in L.SENT_SPLIT.split(text):
        sent = sent.replace("\x00", ".").strip()
        if not sent:
            continue
        parts = L.TAG_QUESTION.split(sent, maxsplit=1)
        for part in parts:
            out += [c.strip() for c in L.CLAUSE_SPLIT.split(part) if c and c.strip()]
    return out


def _content_words(text: str) -> set[str]:
    return {w.rstrip("s") for w in re.findall(r"[a-z0-9]+", text.lower()) if w not in L.STOPWORDS and len(w) > 1}


class _Speaker:
    """How first person resolves in one turn."""

    def __init__(self, subject: str, display: str, vouched_by: SourceKind, voucher: str | None) -> None:
        self.subject, self.display, self.vouched_by, self.voucher = subject, display, vouched_by, voucher


class RuleExtractor:
    """Offline claims (see the module docstring); stateless, safe to share across threads."""

    name = "rules"

    def extract(self, turns: Sequence[Turn], *, user_name: str | None = None, now: datetime | None = None) -> Extraction:
        user_disp = user_name or "the user"
        aliases: dict[str, tuple[str, str]] = {}  # "Ana" -> ("user's sister Ana", "the user's sister Ana")
        user_sigs: list[tuple[set[str], str | None]] = []
        out: list[ExtractedClaim] = []
        for i, t in enumerate(turns):
            role = (t.role or "user").lower()
            if role == "system":
                continue
            content = (t.content or "").translate(_APOS)
            caption = None
            m = L.IMAGE_CAPTION.search(content)
            if m:
                caption, content = m.group("cap").strip(), L.IMAGE_CAPTION.sub(" ", content).strip()
            if role == "assistant":
                sp = _Speaker("assistant", "the assistant", "assistant", t.name)
            elif role in ("tool", "function"):
                sp = _Speaker("user", user_disp, "tool", t.name)
            elif t.name and user_name and t.name != user_name:
                sp = _Speaker(t.name, t.name, "unknown", t.name)
            elif t.name and not user_name:
                sp = _Speaker(t.name, t.name, "user", t.name)
            else:
                sp = _Speaker("user", user_disp, "user", None)
            anchor = t.timestamp or now
            seen: set[str] = set()
            last_entity: list[tuple[str, str]] = []
            for clause in split_clauses(content):
                ec = self._clause(clause, sp, role, user_disp, anchor, aliases, last_entity, user_sigs)
                if ec is not None and ec.text not in seen:
                    seen.add(ec.text)
                    ec.turn_indexes = [i]
                    out.append(ec)
                    if role != "assistant":
                        user_sigs.append((_content_words(clause), normalise_slot(ec.claim.slot) if ec.claim.slot else None))
            if caption:
                disp = sp.display if sp.subject != "assistant" else user_disp
                hits = find_times(caption, anchor, None)
                start, end = anchor_of(hits)
                out.append(ExtractedClaim(
                    text=f"Image shared by {disp}: {caption}",
                    claim=Claim(subject=sp.subject if sp.subject != "assistant" else "user", vouched_by="image",
                                voucher=f"image shared by {disp}", event_start=start, event_end=end,
                                time_text=[h.text for h in hits], extractor=self.name),
                    turn_indexes=[i]))
        return Extraction(claims=out, extractor=self.name)

    def _clause(self, clause: str, sp: _Speaker, role: str, user_disp: str, anchor: datetime | None,
                aliases: dict[str, tuple[str, str]], last_entity: list[tuple[str, str]],
                user_sigs: list[tuple[set[str], str | None]]) -> ExtractedClaim | None:
        c = clause.strip()
        if c.endswith("?") or L.QUESTION_START.match(c):
            return None
        prev = None
        while prev != c:  # "Haha, oh well, sounds good, I moved" -> "I moved"
            prev = c
            c = L.LEAD.sub("", c, count=1).strip()
            m = L.CHITCHAT.match(c)
            if m and re.match(r"^[^,!.:;—–-]{0,40}[,!.:;—–-]\s*\S", c):
                c = re.sub(r"^[^,!.:;—–-]{0,40}[,!.:;—–-]\s*", "", c, count=1)
        c = c.rstrip(" .!…")
        if len(re.findall(r"[A-Za-z0-9]+", c)) < 2 or L.QUESTION_START.match(c):
            return None
        vouched_by, voucher, firmness, echo = sp.vouched_by, sp.voucher, "stated", False
        suffix = ""
        if role == "assistant":
            m = L.ACK.match(c)
            itis = L.IT_IS.match(c)
            if m:
                c, echo = c[m.end():].strip(), True
            elif itis:
                c, echo = itis.group("x"), True
            elif L.OFFER.match(c) or L.CHITCHAT.match(c):
                return None
            if not echo and not re.search(r"\b(?:you|your|you're|yours)\b", c, re.I):
                return None  # the assistant's general statements are not memories about the user
        elif L.CHITCHAT.match(c):
            return None
        m = L.HEDGE_PREFIX.match(c)
        if m:
            c, firmness, suffix = c[m.end():], "hedged", " (not certain)"
        m = L.REPORT.match(c)
        if m and len(c) > m.end() + 3:
            rep = m.group("rep")
            c = c[m.end():]
            if _DOCUMENT.match(rep):
                vouched_by, voucher = "document", _first_person(rep, sp)
                suffix = f" (per {voucher})"
            else:
                vouched_by, voucher, firmness = "unknown", _first_person(rep, sp), "reported"
                suffix = f" (according to {voucher})"
        else:
            m = L.HEARSAY.match(c) or L.ACCORDING.search(c)
            if m:
                rep = m.groupdict().get("rep") or m.groupdict().get("rep2")
                c = (c[: m.start()] + " " + c[m.end():]).strip()
                vouched_by, voucher, firmness = "unknown", _first_person(rep, sp) if rep else None, "reported"
                suffix = f" (according to {voucher})" if voucher else " (reportedly)"
        if firmness == "stated" and L.HEDGE_INLINE.search(c):
            firmness = "hedged"
        c = c.strip(" ,")
        if len(re.findall(r"[A-Za-z0-9]+", c)) < 2:
            return None
        tense = clause_tense(c)
        hits = find_times(c, anchor, tense) if anchor is not None or re.search(r"\d|day|week|month|year|noon|night", c, re.I) else []
        guess = detect_slot(c, hits)
        live_hits = [h for h in hits if not h.corrected]
        if role != "assistant" and guess.attribute is None and not live_hits:
            if L.FEELING.match(c) or (L.EVALUATIVE.match(c) and len(c.split()) <= 8 and not re.search(r"\d", c)):
                return None
            if re.match(r"^(?:you|your|you're|u)\b", c, re.I):
                return None
            if re.search(r"\b(?:you|your|you're)\b", c, re.I) and len(c.split()) <= 12:
                return None
        if not _content_words(c):
            return None

        # Subject: a relation or known person at the head of the clause, else the speaker.
        for rm in L.REL_PHRASE.finditer(c):
            if rm.group("name"):
                key = f"{_poss(sp.subject if sp.subject != 'assistant' else 'user')} {rm.group('rel').lower()} {rm.group('name')}"
                disp = f"{_poss(sp.display if sp.subject != 'assistant' else user_disp)} {rm.group('rel').lower()} {rm.group('name')}"
                aliases[rm.group("name")] = (key, disp)
        owner = "user" if role == "assistant" else sp.subject
        owner_disp = user_disp if role == "assistant" else sp.display
        subject, head_repl = owner, None
        rm = L.REL_PHRASE.match(c)
        first = c.split(" ", 1)[0].strip(",'")
        if rm and role != "assistant":
            rel = rm.group("rel").lower()
            subject = f"{_poss(owner)} {rel}" + (f" {rm.group('name')}" if rm.group("name") else "")
            disp = f"{_poss(owner_disp)} {rel}" + (f" {rm.group('name')}" if rm.group("name") else "")
            last_entity[:] = [(subject, disp)]
        elif first in aliases:
            subject, disp = aliases[first]
            head_repl = (first, disp)
            last_entity[:] = [(subject, disp)]
        elif re.match(r"^(?:she|he)\b", c, re.I) and last_entity:
            subject, disp = last_entity[0]
            head_repl = (c.split(" ", 1)[0], disp)
        elif (nm := _NAMED_HEAD.match(c)) and nm.group(1) not in L.NOT_NAMES:
            subject = nm.group(1)
        negated = guess.negated if guess.negated is not None else bool(
            L.NEGATION.search(L.NOT_NEGATION.sub(" ", _strip_corrections(c, hits))))

        # Text: resolved dates appended after each expression, then person rewrite.
        body = c
        for h in sorted((h for h in live_hits if h.label and (h.begin or h.until)), key=lambda h: -h.end):
            body = f"{body[:h.end]} ({h.label}){body[h.end:]}"
        if head_repl:
            body = head_repl[1] + body[len(head_repl[0]):]
        if role == "assistant":
            body = _person_rewrite(body, user_disp, first=False)
        else:
            body = _person_rewrite(body, sp.display, first=True)
        if subject == owner and owner_disp.lower() not in body.lower():
            head = body.split(" ", 1)[0]
            body = f"{owner_disp}: {head.lower() if head in L.NOT_NAMES else head}{body[len(head):]}"
        text = (body[:1].upper() + body[1:]).strip() + suffix

        if role == "assistant" and not echo:
            sig = _content_words(clause)
            slot = normalise_slot(f"{subject}|{guess.attribute}") if guess.attribute else None
            echo = any((slot and slot == s) or (sig and len(sig & ws) >= 0.6 * len(sig)) for ws, s in user_sigs)
        start, end = anchor_of(hits)
        attribute = guess.attribute
        return ExtractedClaim(text=text, claim=Claim(
            subject=subject, attribute=attribute, value=guess.value,
            slot=f"{subject}|{attribute}" if attribute else None, negated=negated,
            vouched_by=vouched_by, voucher=voucher, firmness=firmness, echo=echo,  # type: ignore[arg-type]
            event_start=start, event_end=end, time_text=[h.text for h in live_hits],
            extractor=self.name, previous_value=guess.previous_value))


def _poss(name: str) -> str:
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def _first_person(phrase: str, sp: _Speaker) -> str:
    """ "my mom" said by Maya -> "Maya's mom"."""
    phrase = re.sub(r"^(?:my|our)\b", _poss(sp.display), phrase.strip(), flags=re.I)
    return re.sub(r"^(The|This|That|Our|His|Her)\b", lambda m: m.group(1).lower(), phrase)


def _strip_corrections(text: str, hits: list[TimeHit]) -> str:
    """ "at 10 not noon": the "not" corrects a value, it does not negate the claim."""
    for h in sorted((h for h in hits if h.corrected), key=lambda h: -h.start):
        left = text[: h.start]
        left = re.sub(r",?\s*(?:and\s+)?not\s+(?:at\s+|on\s+)?$", " ", left, flags=re.I)
        text = left + text[h.end:]
    return re.sub(r"(?<=\w),?\s+not\s+(?=[A-Z]\w+\s*$)", " ", text)
