"""Third-person pronouns resolved to what they stand for (issue 10: a claim keeps what it is about).

A turn is split into claims, so "she's got an overactive thyroid" said after "we pick up our rescue
cat saturday!!" would lose its cat. Pronouns are a closed grammatical class; what they can stand
for is read off the noun phrases of the call, by kind:

- she / her / hers: a person not known to be male (kinship and role words say: "my sister", "the
  nurse"), a name said as a person (not after "to/in/at", a place), an animal;
- he / him / his: a person not known to be female, a name, an animal;
- they / them / their: a group or organisation ("the shelter", "the council", a business name such
  as "Pennant Removals"), plural people ("the twins"), a plural noun (not for "their");
- it / its: a thing or an animal with no name (a subject "it" only where it is no dummy subject:
  "it's raining", "it's a long story", "it's 6:15 now" are left alone).

The referent is the most recent compatible noun phrase: earlier in the same clause, else in the
earlier clauses of this turn and of the ``WINDOW`` turns before it (user and assistant turns both
give referents). When the two most recent candidates of different referents were said in the same
sentence, the pronoun is ambiguous and stays as said. "called/named her Toffee" names the pronoun's
referent; it is no new referent.

Noun phrases are found without a tagger: a determiner ("my", "our", "your", "the", "a") and up to
three words that are no function word, verb or time word; a capitalised name inside the clause.
What a phrase is comes from closed word lists (kin, roles, animals, groups) and the plural -s.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Literal

from . import lexicon as L
from .person import poss
from .coref_lexicon import (PRONOUN, _ADJ_ONLY, _ANIMAL, _CALLED, _CLASS, _COPULA, _DET_BEFORE, _ELSEWHERE,
                            _FEMALE, _FINITE, _FUNCTION, _IT_DUMMY, _IT_IDIOM, _LEAD, _MALE, _NAME, _NAME_LED, _NAMING,
                            _NEXT_IS_VERB, _NOT_NP, _NP, _ORG_HEAD, _PLACE_BEFORE, _PREP_BEFORE, _SHOP_POSSESSIVE, _THE_KIN,
                            _TRADE, Kind, _kind)

__all__ = ["Referent", "Discourse", "WINDOW", "MODE", "HEAD_MODE", "RESOLVED", "PRONOUN", "resolve_in", "write", "person_kind"]

#: How many turns before the current one a referent is looked for in (chosen leave one author out over
#: 0/1/2/4: BENCHMARKS.md "Session 8 (branch s8-coref)").
WINDOW = 2
#: How a resolved pronoun is written into the claim text: "replace" puts the referent in its place, the way the
#: extractor already writes "my sister Ana" ("their van comes thursdays" -> "Tarrant's van comes thursdays");
#: "annotate" keeps the pronoun and adds the referent after it ("their (Tarrant's) van"). Chosen by measurement
#: on the six scenario sets (the same BENCHMARKS.md section); the other is kept to measure against.
MODE: Literal["annotate", "replace"] = "replace"
#: Which pronoun classes are resolved: "f" she/her, "m" he/him/his, "p" they/them/their, "n" it/its. "n" works
#: (tests/test_claims_coref.py turns it on) but is off: on LoCoMo it cost recall@10 (0.768 -> 0.766, even within
#: one turn 0.767) where the rest gains (0.770), and on the six scenario sets it traded one probe for another
#: (BENCHMARKS.md "Session 8 (branch s8-coref)"); chat's "it" is a situation as often as a thing.
RESOLVED = frozenset("fmp")
#: The same for a pronoun heading its clause ("she's 6" -> "the user's rescue cat's 6").
HEAD_MODE: Literal["annotate", "replace"] = "replace"


@dataclass
class Referent:
    subject: str
    display: str
    kind: Kind
    #: (turn, sentence, clause, offset): later is more recent; the first two decide ambiguity.
    at: tuple[int, int, int, int]
    named: bool = False
    #: Its place in its clause: 2 the subject, 1 an object, 0 after a preposition (how salient a thing is).
    role: int = 1
    #: The display before a name was given to it ("the user's rescue cat" of "... cat Marmite").
    base: str | None = None


@dataclass
class Discourse:
    """The referents one ``extract`` call has seen, in order, and where the extractor is now."""

    refs: list[Referent] = field(default_factory=list)
    turn: int = 0
    sentence: int = 0
    clause: int = 0
    #: Whether the last ``resolve`` found two referents that fit equally well.
    ambiguous: bool = False

    def place(self, turn: int, sentence: int) -> None:
        if (turn, sentence) != (self.turn, self.sentence):
            self.turn, self.sentence = turn, sentence
        self.clause += 1

    def add(self, subject: str, display: str, kind: Kind, offset: int = 0, named: bool = False, role: int = 2) -> None:
        same = next((r for r in self.refs if subject.lower() in (r.subject.lower(), (r.base or "").lower())
                     or (named and r.base and r.display.lower().endswith(" " + display.lower()))), None)
        base = None
        if same is not None and same.base:
            # "our rescue cat" again, or "Marmite is a brilliant name" after "renaming her Marmite": the named referent
            subject, display, kind, named, base = same.subject, same.display, same.kind, True, same.base
        self.refs = [r for r in self.refs if r.display.lower() != display.lower() and r.subject.lower() != subject.lower()]
        self.refs.append(Referent(subject, display, kind, (self.turn, self.sentence, self.clause, offset), named, role, base))

    def note(self, clause: str, owner: str, owner_disp: str, skip: frozenset[str] = frozenset()) -> None:
        """Every noun phrase of ``clause`` becomes a referent (``skip``: names that are speakers)."""
        for m in _NAME.finditer(clause):  # "shelter called her Toffee": the pronoun's referent has a name
            if (nm := _NAMING.search(clause[: m.start()])) and (ref := self.resolve(nm.group("p"), clause[: nm.start("p")],
                                                                                     owner, owner_disp, skip, naming=True)):
                if m.group("n") not in L.NOT_NAMES and (ref.base or not ref.named):
                    # the latest name given wins: "shelter called her Toffee but we're renaming her Marmite"
                    ref.base = ref.base or ref.display
                    ref.display, ref.named = f"{ref.base} {m.group('n')}", True
        for subject, display, kind, off, named in mentions(clause, owner, owner_disp, skip):
            self.add(subject, display, kind, off, named, _role(clause, off))  # type: ignore[arg-type]

    def resolve(self, pronoun: str, before: str, owner: str, owner_disp: str, skip: frozenset[str] = frozenset(),
                rest: str = "", naming: bool = False) -> Referent | None:
        """What ``pronoun`` stands for, said after ``before`` in the current clause (``rest``: what follows
        it); None when nothing fits, or two referents fit equally well."""
        self.ambiguous = False
        cls = _CLASS.get(pronoun.lower())
        if cls is None or (cls not in RESOLVED and not naming) or (pronoun.lower() == "it" and not naming and (_IT_DUMMY.match(rest) or _IT_IDIOM.search(before)
                                                                       or _appraises(rest))):
            return None
        if pronoun.lower() == "its" and re.match(r"\s+\w+ing\b", rest):
            return None  # "its adding an index": "it's" written without its apostrophe, a dummy subject
        here = [Referent(s, d, k, (self.turn, self.sentence, self.clause, o), n)  # type: ignore[arg-type]
                for s, d, k, o, n in mentions(before, owner, owner_disp, skip)]
        for r in here:
            r.role = _role(before, r.at[3])
        pool = [r for r in self.refs if r.at[0] >= self.turn - WINDOW] + here
        fits = [r for r in reversed(pool) if _fits(cls, r)]
        if not fits:
            return None
        # the most recent sentence with a referent that fits, and in it the best-suited one; two of them
        # ("my sister rang my mum, she ...") leave the pronoun as said
        near = [r for r in fits if r.at[:2] == fits[0].at[:2]]
        if cls in "fm" and len({r.display.lower() for r in near if _personish(r)}) > 1:
            self.ambiguous = True  # two people said together: gender is the only cue, and it did not decide
            return None
        top = max(_rank(cls, r) for r in near)
        best = [r for r in near if _rank(cls, r) == top]
        if len({r.display.lower() for r in best}) > 1:
            self.ambiguous = True
            return None
        return best[0]


def _appraises(rest: str) -> bool:
    """ "it's so special having ...", "it was amazing", "it's tough": an appraisal's "it" is left as said (it is
    seldom a thing's, and the appraisal is no fact to find)."""
    m = re.match(r"^(?:'s|\s+is|\s+was|'ll be|\s+will be|\s+must be|\s+must've been|\s+has been|'s been)\s+(?:so\s+|really\s+|"
                 r"pretty\s+|super\s+|such\s+a\s+|quite\s+|very\s+|just\s+)*", rest, re.I)
    return m is not None and bool(L.EVALUATIVE_WORDS.match(rest[m.end():]) or L.MOOD.match(rest[m.end():]))


def _rank(cls: str, r: Referent) -> int:
    """How well a referent suits its pronoun class: she/he prefer people and named pets."""
    if cls in "fm":  # a person or a named pet before an animal with no name; then the subject, the object
        return int(_personish(r)) + r.role
    # a thing or group: the subject of its clause before an object, an object before what follows a preposition
    return (4 if cls == "p" and r.kind == "group" else 0) + r.role


def _personish(r: Referent) -> bool:
    return r.kind in ("female", "male", "person") or r.named


def _role(clause: str, offset: int) -> int:
    before = clause[:offset]
    if not before.strip(" ,"):
        return 2
    return 0 if _PREP_BEFORE.search(before) else 1


def _fits(cls: str, r: Referent) -> bool:
    if cls == "f":
        return r.kind in ("female", "person", "animal")
    if cls == "m":
        return r.kind in ("male", "person", "animal")
    if cls == "n":
        return r.kind == "thing" or (r.kind == "animal" and not r.named)
    # a plural noun of things is no "they": in chat "they" is people far more often than "the tomato plants"
    return r.kind == "group"


def mentions(clause: str, owner: str, owner_disp: str, skip: frozenset[str] = frozenset()
             ) -> list[tuple[str, str, str, int, bool]]:
    """(subject, display, kind, offset, named) of each noun phrase in ``clause``, in order."""
    out: list[tuple[str, str, str, int, bool]] = []
    taken: list[tuple[int, int]] = []
    ends: list[int] = []
    for m in _NP.finditer(clause):
        det = m.group("det").lower()
        if det in ("a", "an") and _COPULA.search(clause[: m.start()]):
            continue  # "it's a long story", "she's a nurse": what something is, not something new
        words, name = _phrase(m.group("np"))
        if not words:
            continue
        at = m.end("det") + len(re.match(r"\s*(?:\S+\s+){%d}[\w'-]+" % (len(words) - 1), clause[m.end("det"):]).group(0))  # type: ignore[union-attr]
        known = [j for j, w in enumerate(words) if _kind(w.rsplit("'s ", 1)[-1], plural_ok=False) != "thing"]
        if known:
            words = words[: known[-1] + 1]  # "our quiz team meets at ...": the phrase ends at its known head
        elif len(words) > 1 and words[-1].endswith(("s", "ed")) and not _NEXT_IS_VERB.match(clause[at:]) and not _FINITE.search(clause[at:]):
            words = words[:-1]  # "the van comes thursdays": a verb after the phrase, not its head ("the plants in the greenhouse have")
        if not words:
            continue
        end = m.end("det") + len(re.match(r"\s*(?:\S+\s+){%d}[\w'-]+" % (len(words) - 1), clause[m.end("det"):]).group(0))  # type: ignore[union-attr]
        head = words[-1].rsplit("'s ", 1)[-1]
        if head in _ADJ_ONLY:
            continue
        kind = _kind(head)
        phrase = " ".join(words) + (f" {name}" if name else "")
        if name:
            end = clause.find(name, end) + len(name)
        if kind in ("female", "male", "person", "animal") and not name and (cm := _CALLED.match(clause[end:])):
            name = cm.group("n")[:1].upper() + cm.group("n")[1:]  # "a guy called tomasz", "our dog called Biscuit"
            end += cm.end()
            if det not in ("my", "our", "your"):
                _append(out, ends, clause, (name, name, kind, m.start(), True), end)
                taken.append((m.start(), end))
                continue
            phrase = f"{phrase} {name}"
        if det in ("my", "our", "your") or (det == "the" and len(words) == 1 and (head in _THE_KIN or kind == "animal")
                                             and not _ELSEWHERE.match(clause[end:])):
            subject, display = f"{poss(owner)} {phrase}", f"{poss(owner_disp)} {phrase}"
        else:
            subject = display = f"the {phrase}"
        _append(out, ends, clause, (subject, display, kind, m.start(), bool(name)), end)
        taken.append((m.start(), end))
    for m in _NAME.finditer(clause):
        n = m.group("n")
        first = n.split()[0]
        before = clause[: m.start()]
        opens = m.start() == 0 or bool(_LEAD.fullmatch(before))  # "Noted, Kingsmoor on the 11th" opens with it too
        if (first in L.NOT_NAMES or first in L.DEMONYMS or n in skip or first == "I" or any(a <= m.start() < b for a, b in taken)
                or (opens and not (m.group("pos") or _NAME_LED.match(clause[m.end("n"):]))) or _DET_BEFORE.search(before)):
            continue  # a capital opening the clause is a name only when a name's company follows ("Priya from work", "Olu and");
            # after a determiner it names a kind or a place ("a Cork wedding", "the Feathers")
        if _NAMING.search(before):
            continue  # a name given to a referent already there (Discourse.note)
        if n.lower() in _FEMALE | _MALE:  # "Mum's home", "Dad said": the speaker's relation, as the extractor reads it
            out.append((f"{poss(owner)} {n.lower()}", f"{poss(owner_disp)} {n.lower()}", _kind(n), m.start(), False))
            continue
        last = n.split()[-1]
        rest = clause[m.end("n"):]
        trade = None if m.group("pos") else _TRADE.match(rest)
        if (last in _ORG_HEAD or (len(n.split()) > 1 and last.endswith("s")) or trade
                or (m.group("pos") and _SHOP_POSSESSIVE.match(rest) and _PLACE_BEFORE.search(before))):
            shop = n + ("'s" if m.group("pos") else "") + (f" {trade.group(1)}" if trade else "")
            out.append((shop, shop, "group", m.start(), True))
        elif _PLACE_BEFORE.search(before):
            continue  # "flying to Lisbon", "at the Feathers": a place
        elif len(n.split()) > 1 and not opens and not re.search(r"\b(?:and|with|by|to)\s+$", before):
            out.append((n, n, "thing", m.start(), True))  # "eats Royal Canin light": a brand, a title
        else:
            out.append((n, n, "person", m.start(), True))
    out.sort(key=lambda x: x[3])
    return out


def _phrase(np: str) -> tuple[list[str], str | None]:
    """The words of a noun phrase after its determiner (nested possessives kept: "wife's sister"), and a name
    said after a person or animal word ("sister Ana", "dog Biscuit")."""
    words: list[str] = []
    for w in np.split():
        bare = w.rstrip(",.!?;:")
        if bare[:1].isupper() and words and _kind(words[-1].rsplit("'s ", 1)[-1]) in ("female", "male", "person", "animal"):
            return words, bare.removesuffix("'s")
        low = bare.lower()
        if (bare[:1].isupper() or not _FUNCTION.match(low) or low.removesuffix("'s") in _NOT_NP or low.endswith("ly")
                or (words and low.endswith(("ed", "ing")) and not words[-1].endswith("'s"))):
            break  # "my keyboard stopped working": the phrase ends before its verb
        if words and words[-1].endswith("'s"):
            words[-1] = f"{words[-1]} {low.removesuffix(chr(39) + 's')}"  # "my wife's sister": the sister
        else:
            words.append(low if low.endswith("'s") and bare == w else low.removesuffix("'s"))
        if bare != w or (low.endswith("'s") and words[-1].count("'s") > 1):
            break
    if words and words[-1].endswith("'s"):
        words[-1] = words[-1][:-2]
    return words, None


def _append(out: list[tuple[str, str, str, int, bool]], ends: list[int], clause: str, ref: tuple[str, str, str, int, bool],
            end: int) -> None:
    """ "a new cleaner, a woman called beata": one person said twice (apposition) is one referent, by its name."""
    people = ("female", "male", "person")
    if out and re.fullmatch(r",\s*", clause[ends[-1]:ref[3]]) and (out[-1][2] == ref[2] or {out[-1][2], ref[2]} <= set(people)):
        prev = out[-1]
        kind = ref[2] if ref[2] != "person" else prev[2]
        keep = ref if ref[4] or not prev[4] else prev
        out[-1], ends[-1] = (keep[0], keep[1], kind, prev[3], keep[4]), end
        return
    out.append(ref)
    ends.append(end)


def resolve_in(text: str, discourse: Discourse, owner: str, owner_disp: str, skip: frozenset[str] = frozenset(),
               done: frozenset[int] = frozenset(), already: frozenset[str] = frozenset()) -> list[tuple[int, Referent]]:
    """(occurrence, referent) for each pronoun of ``text`` that resolves (``done``: occurrences, counted
    from 0, the caller already resolved); a referent is written once, at its first pronoun."""
    out: list[tuple[int, Referent]] = []
    seen: set[str] = set(already)
    for k, m in enumerate(PRONOUN.finditer(text)):
        if k in done:
            continue
        ref = discourse.resolve(m.group("p"), text[: m.start()], owner, owner_disp, skip, rest=text[m.end("p"):])
        if ref is not None and ref.at[2] == discourse.clause:
            seen.add(ref.display.lower())  # "my uncle is having his knee done": bound in its own clause, said already
            continue
        if ref is not None and ref.display.lower() not in seen and ref.display.lower() not in text.lower():
            seen.add(ref.display.lower())
            out.append((k, ref))
    return out


def write(text: str, found: list[tuple[int, Referent]]) -> str:
    """``text`` (the clause the occurrences were counted in, with insertions that hold no pronoun) with each
    found pronoun given its referent, as ``MODE`` says."""
    occ = list(PRONOUN.finditer(text))
    for k, ref in sorted(found, key=lambda x: -x[0]):
        if k >= len(occ):
            continue
        m = occ[k]
        text = text[: m.start()] + said_as(m, ref, text[m.end():]) + text[m.end():]
    return text


def said_as(m: re.Match[str], ref: Referent, after: str) -> str:
    """The pronoun ``m`` (with its contraction) written with its referent."""
    word, contr = m.group("p"), m.group("c") or ""
    if MODE == "annotate":
        return f"{m.group(0)} ({ref.display})"
    naming = bool(_NAMING.search(m.string[: m.start()] + word + " "))
    if naming:  # "we're renaming her Marmite": the referent as it was before any name, the new name follows
        return ref.base or ref.display
    possessive = word.lower() in ("his", "its", "their", "hers", "theirs") or (
        word.lower() == "her" and not re.match(r"\s*(?:[,.;!?]|$|on\b|off\b|in\b|to\b|at\b|for\b|from\b|with\b|back\b|up\b|a\b|an\b|"
                                               r"the\b)", after))
    if possessive:
        return ref.display if ref.display.endswith("'s") else poss(ref.display)
    return ref.display + {"'re": " are", "'ve": " have"}.get(contr.lower(), contr)


def person_kind(subject: str) -> Kind:
    """The kind of a person or animal the extractor named as a clause's subject ("user's sister Ana", "Theo")."""
    words = [w.lower() for w in re.findall(r"[\w-]+", subject)]
    for w in reversed(words):
        if w in _FEMALE:
            return "female"
        if w in _MALE:
            return "male"
        if w in _ANIMAL:
            return "animal"
    return "person"
