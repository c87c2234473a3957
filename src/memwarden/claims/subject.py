"""Who a clause is about: the subject step of the offline extractor (``rules.RuleExtractor``).

The subject is the speaker (the user, for an assistant) unless the clause heads with someone else: a
relation ("my sister Ana", "my partner's mum"), a name an earlier clause made an alias ("my manager
is Priya" ... "Priya"), a she/he/his/her that the call's referents resolve (``coref``), a household
member said with "the" or a pet name ("the twins", "the missus"), a kinship word used as a name
("mum's home"), or a named person heading the clause; a she/he/his/her heading the clause that no
referent resolves is ``SOMEONE_ELSE``, never the speaker. An object "him"/"her" in a clause with no
person of its own is the person last talked about; every other third-person pronoun is resolved
for the text. The step updates the call's aliases, entities and referents as it reads.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from ..lexicon import kin
from . import coref
from . import lexicon as L
from ..models import SOMEONE_ELSE
from .frames import CallState
from .person import IRREGULAR_PAST, poss

__all__ = ["HeadSubject", "head_subject", "SOMEONE_ELSE"]

#: Someone introduced by name inside a clause ("found a woman called petra", "a lad named Tom from church"):
#: the person a following "she"/"he" refers to.
_INTRODUCED = re.compile(r"\b(?:someone|somebody|a (?:woman|man|guy|lad|girl|boy|bloke|lady|chap|person|fella|fellow|"
                         r"student|teenager|retired \w+|\w+ (?:woman|man|guy|lad|girl|lady)))\s+(?:called|named)\s+"
                         r"(?P<n>(?!(?:the|a|an|it|that)\b)[A-Za-z][a-z'-]+)\b", re.I)

#: A name heading a clause as its subject: before a verb (a regular or irregular past, a third-person present, an
#: auxiliary) or an adverb that precedes one.
_NAMED_HEAD = re.compile(r"^(?![A-Z][a-z]+ing\b)([A-Z][a-z]+)(?:'s)?\s+(?:[a-z]+ed|[a-z]+s|is|was|has|had|will|just|got|"
                         r"did|does|can|could|would|should|might|never|always|also|still|finally|really|"
                         + "|".join(sorted(IRREGULAR_PAST)) + r")\b")
_MY_FAVOURITE = re.compile(r"\b(?:my|our)\s+(?:\w+\s+)?favou?rite\b", re.I)
_NAMES_REL = re.compile(rf"^(?:my|our)\s+(?:{L.REL})\s+(?:is|was)\s+(?:called\s+|named\s+)?(?-i:[A-Z][a-z]+)\b", re.I)
#: The same with the name written in lowercase, as chat writes it ("my manager is greta halvorsen", "my boyfriend is
#: sam now"), for a boss or a partner only ("my son is coeliac" says how the son is): a short value that names someone (:func:`.slots._lower_name`: no word of how, "my boss is away").
_NAMES_REL_LOW = re.compile(r"^(?:my|our)\s+(?:(?:line\s+)?manager|boss|supervisor|partner|boyfriend|girlfriend|husband|wife|fianc[ée]e?)\s+(?:is|was)\s+(?:now\s+)?(?:called\s+|named\s+)?"
                            r"(?-i:(?P<n>[a-z][a-z'-]+(?:\s+[a-z][a-z'-]+)?))\s*(?=$|[,.;!?]|\s(?:now|and|but|who|she|he|they)\b)", re.I)


def _names_rel_low(c: str) -> bool:
    from .slots import _lower_name  # slots reads no subject; imported here to keep the import order of the package

    m = _NAMES_REL_LOW.match(c)
    return bool(m and _lower_name(m.group("n")))
#: A household member said with "the" ("the kids", "the wife", "the twins") or by a pet name ("hubby", "the missus"):
#: the speaker's family. Roles ("the doctor", "the landlord") stay out: "the doctor put me on X" is about the speaker.
_THE_KIN = re.compile(r"^(?P<head>the\s+(?P<rel>" + kin.alternation(kin.THE_HOUSEHOLD | {"boys", "girls"})
                      + r"|little ones?|other half)|(?P<rel2>hubby|missus|wifey))"
                      r"(?P<pos>'s|')?(?=\s)", re.I)
_PET_NAMES = {"missus": "wife", "wifey": "wife", "hubby": "husband", "other half": "partner"}
#: A kinship word used as a name at the head of a clause, in any case, plain or possessive: "mum's home from
#: hospital", "Dad's car is a Golf", "grandma's care home is Oakfield" are about the speaker's relation.
_KIN_HEAD = re.compile(r"^(mom|mum|dad|mama|papa|nana|nanna|nan|gran|grandma|grandpa|granny|grandad|granddad)(?:'s\b|(?=\s))", re.I)
_HEAD_PRONOUN = re.compile(r"^(?:she|he|his|her)\b", re.I)
_HEAD_PRONOUN_ALONE = re.compile(r"^(?:she|he|his|her)(?![\w-])", re.I)  # not "He-Man"
_HEAD_NAME = re.compile(r"^([A-Z][a-z]+)(?:'s\b|(?=\s))")
#: A third-person object or possessive pronoun inside a clause with no person of its own ("they've put him on
#: warfarin", "the nurse changed her dressing"): the person last talked about. "her" is an object before a
#: preposition, an article, a number or the end; a possessive before anything else.
_OBJ_PRONOUN = re.compile(r"\bhim\b|\bher\b(?P<obj>(?=\s+(?:on|off|in|into|to|at|for|from|with|back|home|up|down|out|a|an|the|"
                          r"some|any|\d)\b|\s*[,.;!?]|\s*$))?", re.I)
#: A verb with two objects: "gave her antibiotics", "sent her flowers" ("her" is the receiver, not a possessive).
_GIVES = re.compile(r"\b(?:give|gives|gave|given|giving|send|sent|bought|buy|got|get|told|tell|showed|show|offered|offer|"
                    r"prescribed|prescribe|brought|bring|owe|owes|lent|lend)\s+$", re.I)
#: Session 20: a name set apart by its relation heading the clause ("Luis, my brother, works at ...", "Priya (my
#: sister-in-law) is ..."): the clause is the named relation's, as "my brother Luis works at ..." is.
_APPOSED = re.compile(rf"^(?P<name>[A-Z][a-z]+)\s*(?:,|\()\s*(?P<det>my|our)\s+{L.REL_AGE}(?P<rel>{L.REL})\s*(?:,|\))\s*", re.I)
#: A relation's relation: "my partner's mum", "my sister Ana's husband".
_NESTED_REL = re.compile(rf"^'s\s+(?P<rel>{L.REL})(?![\w-])", re.I)


class HeadSubject(NamedTuple):
    """What the rest of the clause's reading needs from its subject."""

    subject: str
    #: (the head as said, what it is written as): "Dad" -> "Ken's dad"
    head_repl: tuple[str, str] | None
    #: the text the slot is read from: ``c`` itself (the same object) unless the head was rewritten
    #: ("my daughter Lily's birthday" -> "my daughter's birthday")
    slot_text: str
    #: the relation phrase heading the clause
    rm: re.Match[str] | None
    #: the person an object "him"/"her" stands for
    obj_disp: str | None
    #: the other third-person pronouns resolved (occurrence, referent)
    pronouns: list[tuple[int, coref.Referent]]
    #: a resolved pronoun heads the clause (no "<speaker>:" prefix)
    head_ref: bool
    #: ... and the clause is a thing's appraisal shape ("it's bigger too") rather than its state
    head_thing: bool


def head_subject(c: str, role: str, call: CallState, owner: str, owner_disp: str, quoted: bool) -> HeadSubject:
    """The subject of clause ``c`` (its frame already cut off); ``owner`` is whose it is by default
    (the speaker, the user for an assistant); ``quoted`` (a document quoted whole) resolves no pronoun."""
    skip, entity_before, pron_disp = frozenset(call.names), call.entity.get(owner), None
    if nr := _NAMES_REL.match(c):  # "my manager is Priya": "Priya" is the user's manager from now on
        rel_name = nr.group(0).split()[-1]
        rel_word = L.REL_PHRASE.match(c).group("rel").lower()  # type: ignore[union-attr]
        call.aliases[rel_name] = (f"{poss(owner)} {rel_word} {rel_name}", f"{poss(owner_disp)} {rel_word} {rel_name}")
    rel_re = L.REL_PHRASE_YOUR if role == "assistant" else L.REL_PHRASE
    for rm in rel_re.finditer(c):
        if rm.group("name") and rm.group("name") not in L.NOT_NAMES:
            rel = rm.group("rel").lower()
            call.aliases[rm.group("name")] = (f"{poss(owner)} {rel} {rm.group('name')}", f"{poss(owner_disp)} {rel} {rm.group('name')}")
    subject, head_repl, slot_text = owner, None, c
    rm, nm = rel_re.match(c), _HEAD_NAME.match(c)
    if rm and role != "assistant" and (_NAMES_REL.match(c) or _names_rel_low(c)):
        pass  # "my manager is Priya": about the owner (slot "manager"), Priya is now an alias
    elif rm:
        rel, name = rm.group("rel").lower(), rm.group("name")
        name = name if name and name not in L.NOT_NAMES else None
        subject = f"{poss(owner)} {rel}" + (f" {name}" if name else "")
        disp = f"{poss(owner_disp)} {rel}" + (f" {name}" if name else "")
        tail = c[rm.end():]
        if nested := _NESTED_REL.match(tail):  # "my partner Jess's mum lives in Cork": the mum's, not Jess's
            rel2 = nested.group("rel").lower()
            subject, disp = f"{poss(subject)} {rel2}", f"{poss(disp)} {rel2}"
            slot_text = f"my {rel2}{tail[nested.end():]}"
        elif name and tail.startswith("'s"):
            slot_text = f"my {rel}{tail}"  # "my daughter Lily's birthday" reads as "my daughter's birthday"
        call.entity[owner] = (subject, disp)
    elif (ap := _APPOSED.match(c)) and role != "assistant" and ap.group("name") not in L.NOT_NAMES:
        rel, name = ap.group("rel").lower(), ap.group("name")
        subject, disp = f"{poss(owner)} {rel} {name}", f"{poss(owner_disp)} {rel} {name}"
        call.aliases[name] = (subject, disp)
        call.entity[owner] = (subject, disp)
    elif nm and nm.group(1) in call.aliases:
        subject, disp = call.aliases[nm.group(1)]
        head_repl = (nm.group(1), disp)
        call.entity[owner] = (subject, disp)
    elif (pm := _HEAD_PRONOUN.match(c)) and (ref := call.discourse.resolve(pm.group(0), "", owner, owner_disp, skip,
                                                                            rest=c[pm.end():]) or (
            None if call.discourse.ambiguous else call.entity.get(owner))):
        # the referent the call's noun phrases give ("our rescue cat ... she's 6"), else the person last talked about
        subject, disp = (ref.subject, ref.display) if isinstance(ref, coref.Referent) else ref
        pron_disp = disp
        word = pm.group(0)
        possessive = word.lower() in ("his", "her")
        head_repl = (word, poss(disp) if possessive else disp)
        if isinstance(ref, coref.Referent) and coref.HEAD_MODE == "annotate":
            whole = coref.PRONOUN.match(c)
            head_repl = (whole.group(0), f"{whole.group(0)} ({disp})") if whole else head_repl
        if possessive:
            slot_text = "my" + c[len(word):]
            if (prm := L.REL_PHRASE.match(slot_text)) and not prm.group("name"):
                # "her sister is moving to Leeds" after "Sarah told me": the sister's, not Sarah's own
                subject, disp = f"{poss(subject)} {prm.group('rel').lower()}", f"{poss(disp)} {prm.group('rel').lower()}"
    elif (dm := _THE_KIN.match(c)) and role != "assistant":
        rel = (dm.group("rel") or dm.group("rel2")).lower()
        rel = _PET_NAMES.get(rel, rel)  # one subject for "the missus" and "my wife"
        subject = f"{poss(owner)} {rel}"  # "the twins are both allergic to nuts": the speaker's twins
        head_repl = (dm.group("head"), f"{poss(owner_disp)} {rel}")
        call.entity[owner] = (subject, head_repl[1])
        if dm.group("pos"):
            slot_text = "my " + c[dm.end():].lstrip()  # "the kids' school is St Mary's": as "my school is ..."
    elif km := _KIN_HEAD.match(c):
        subject = f"{poss(owner)} {km.group(1).lower()}"  # "Dad's retiring" -> "Ken's dad"
        head_repl = (km.group(1), f"{poss(owner_disp)} {km.group(1).lower()}")
        call.entity[owner] = (subject, head_repl[1])
    elif (nm and nm.group(1) not in L.NOT_NAMES and (nm.group(0).endswith("'s") or _NAMED_HEAD.match(c))
          and not _MY_FAVOURITE.search(c)):
        subject = nm.group(1)
        call.entity[owner] = (subject, subject)  # "Theo started year 2. he has a peanut allergy": he is Theo
    elif _HEAD_PRONOUN_ALONE.match(c) and not quoted:
        # "she's got my weekend mornings" where two people could be "she": whoever it is, not the speaker
        subject = SOMEONE_ELSE
    obj_disp, call.by_pronoun = None, False
    if (subject == owner and head_repl is None and role != "assistant" and owner in call.entity
            and _OBJ_PRONOUN.search(c) and not L.FIRST_PERSON.search(c)):
        subject, obj_disp = call.entity[owner]  # "my dad's in hospital, they've put him on warfarin": dad's
    call.by_pronoun = bool(obj_disp) or (head_repl is not None and bool(_HEAD_PRONOUN.match(c))) or subject == SOMEONE_ELSE
    if call.entity.get(owner) not in (None, entity_before):  # a person named at the head: a referent too
        call.discourse.add(*call.entity[owner], kind=coref.person_kind(call.entity[owner][0]), named=True)
    done = {0} if head_repl is not None and _HEAD_PRONOUN.match(c) else set()
    if obj_disp and (om := _OBJ_PRONOUN.search(c)):
        done |= {k for k, m in enumerate(coref.PRONOUN.finditer(c)) if m.start() == om.start()}
    # every other third-person pronoun: what it stands for is written beside it ("their (Tarrant's) van")
    pronouns = [] if quoted else coref.resolve_in(c, call.discourse, owner, owner_disp, skip, frozenset(done),
                                                             frozenset({pron_disp.lower()} if pron_disp else ()))
    # "it leaks from the bottom" after "got a new kettle": a thing's state, not an appraisal, and not the speaker's
    head_ref = bool(pronouns) and pronouns[0][0] == 0 and bool(coref.PRONOUN.match(c))  # its subject: no "The user:"
    head_thing = head_ref and not re.match(r"^\w+(?:'s|'re|\s+is|\s+are|\s+was|\s+were)\b", c)  # "it's bigger too": an appraisal
    if intro := _INTRODUCED.search(c):  # "a woman called petra": the next "she" is Petra
        name = intro.group("n")[:1].upper() + intro.group("n")[1:]
        call.entity[owner] = (name, name)
    return HeadSubject(subject, head_repl, slot_text, rm, obj_disp, pronouns, head_ref, head_thing)
