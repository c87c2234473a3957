"""Who vouches for a clause and how firmly: the frame step of the offline extractor.

A frame is the part of a clause that says whose word the rest is: a hedge ("I think", "pretty
sure" -> ``hedged``), a report ("my mom insists that", "Leila's mum said at pickup that", "my
friend Ellie who's a nurse reckons", "..., that's what I heard" -> ``reported``, vouched for by
a third party), hearsay ("apparently", "according to Priya") or a document ("the letter says",
"pulled up the ticket: '...'", "the actual invite says" -> ``document``). The frame is cut off
the clause and carried over the rest of its sentence; the speaker's own bare "I didn't" right after a report about
them denies the reported clause first-hand (:func:`own_denial`). Also here: the per-call state the
extractor keeps across turns (:class:`CallState`) and how a speaker resolves (:class:`Speaker`).
"""

from __future__ import annotations

import re
from datetime import date
from dataclasses import dataclass, field

from ..models import SourceKind
from . import lexicon as L
from .coref import Discourse
from .person import poss

__all__ = ["Speaker", "CallState", "Frame", "read_frame", "first_person", "deny", "own_denial", "OWN_ELLIPSIS"]

_DOCUMENT = re.compile(rf"(?i){L.DOCUMENT}$")
#: A written source named in passing ("the donor card came", "got a letter from the council").
_NAMES_DOC = re.compile(rf"\b(?:(?:the|my|our|a|an|this|that)\s+)?(?:[a-z]+\s+)?{L.DOC_NOUN}\b", re.I)
#: "... and it says A positive": a pronoun standing for the source just named.
_IT_SAYS = re.compile(r"^(?:and\s+|so\s+|but\s+)?(?:it|this|that)\s+(?:says|said|reads|shows|showed|confirms|confirmed|states|lists)"
                      r"\s*:?\s+(?:that\s+)?", re.I)


class Speaker:
    """How first person resolves in one turn."""

    def __init__(self, subject: str, display: str, vouched_by: SourceKind, voucher: str | None) -> None:
        self.subject, self.display, self.vouched_by, self.voucher = subject, display, vouched_by, voucher


@dataclass
class CallState:
    """What one ``extract`` call remembers across its turns (for pronouns, echoes, corrections)."""

    user_disp: str
    #: Speakers' names in the call (a leading "John," addressing one is dropped).
    names: set[str] = field(default_factory=set)
    #: "Ana" -> ("user's sister Ana", "the user's sister Ana"): subject key and display.
    aliases: dict[str, tuple[str, str]] = field(default_factory=dict)
    #: The person last talked about, per speaker (what "she", "he", "his", "her" resolve to).
    entity: dict[str, tuple[str, str]] = field(default_factory=dict)
    #: The last event noun with a time ("client demo"), what "it's at 3pm" corrects.
    event: str | None = None
    #: The last event noun mentioned at all ("the dentist is off sick"), what "they moved me to" moves.
    event_mentioned: str | None = None
    #: Who vouches and how firmly, as framed earlier in the current sentence (vouched_by, voucher, firmness, suffix).
    frame: tuple[SourceKind, str | None, str, str] | None = None
    #: The last state slot each speaker set (attribute, value): what "so I cancelled" ends.
    state: dict[str, tuple[str, str]] = field(default_factory=dict)
    #: The last liked/disliked thing per speaker, what "now I can't stand it" refers to.
    liked: dict[str, str] = field(default_factory=dict)
    #: Content words and slots of the user's claims so far (an assistant repeating them echoes).
    user_sigs: list[tuple[set[str], str | None]] = field(default_factory=list)
    #: The last role the speaker named ("counsellor" in "my counsellor's gone on leave"): what a hand-over changes.
    role: str | None = None
    #: Proper names the user's claims of this call mention ("the ZenBook 14 OLED"): an assistant
    #: statement about one of them is about the user's thing, not general advice.
    user_names: set[str] = field(default_factory=set)
    #: The written source last named ("donor card came in the post"): what "it says ..." quotes.
    document: str | None = None
    #: Whether the last clause's subject came from a pronoun ("she's on warfarin" -> the user's mum).
    by_pronoun: bool = False
    #: The month the call last named with a date ("4th of june"): what a corrected "the 14th" is in.
    month: date | None = None
    #: The noun phrases said so far, what a third-person pronoun stands for (``coref``).
    discourse: Discourse = field(default_factory=Discourse)
    #: The assistant's last clause read its records ("I can see a fault logged; an engineer is booked for
    #: Monday"): the clause right after it in the same turn is read from them too.
    records: bool = False
    #: The turn's last clause said an event moved with no time ("they moved it!!"): the next one's time is where to.
    moved: bool = False
    #: The last clause, when it passed on someone's word about the speaker ("my daughter thinks I got the jab"):
    #: what the speaker's own "I didn't" right after it denies (cleared by any other clause).
    hearsay: str | None = None


@dataclass
class Frame:
    text: str
    vouched_by: SourceKind
    voucher: str | None
    firmness: str
    suffix: str
    #: The rest is a document quoted as written: its "you" is the user, its "we" the sender.
    quoted: bool = False


def first_person(phrase: str, sp: Speaker) -> str:
    """ "my mom" said by Maya -> "Maya's mom"."""
    phrase = re.sub(r"^(?:my|our)\b", poss(sp.display), phrase.strip(), flags=re.I)
    return re.sub(r"^(The|This|That|Our|His|Her)\b", lambda m: m.group(1).lower(), phrase)


#: "..., that's what I heard in the planning meeting" / "..., or so my brother says": the frame
#: comes after what it vouches for.
_TRAILING_REPORT = re.compile(
    r",?\s+(?:(?:at least\s+)?that's|that is|or so)\s+(?:what\s+)?(?P<rep>I|we|[Mm]y \w+|[Hh]is \w+|[Hh]er \w+|[A-Z][a-z]+|"
    r"(?i:the) \w+|someone|people|they|he|she)\s+(?:was told|were told|heard|hears|said|says|told me|told us|reckons|"
    r"thinks|claims|read)\b[^,;]*$")


_CAME = re.compile(r"\s+(?:just\s+)?(?:came(?: back| through| in)?|arrived|landed|is here|got here|turned up)$", re.I)


#: A clause whose subject is the speaker: after someone else's word, the speaker speaks for themself again.
_OWN_SUBJECT = re.compile(r"^(?:I|I'm|I've|I'd|I'll|im|ive|we|we're|we've)\b", re.I)

_CONTRACTED = {"'m": "am", "'ve": "have", "'ll": "will", "'d": "would", "'re": "are"}
_AUX_HEAD = re.compile(r"^(?P<s>I|we)(?:(?P<c>'m|'ve|'ll|'d|'re)|\s+(?P<a>am|was|were|are|have|had|will|would|can|could|do|did|"
                       r"should|must))\b\s*", re.I)


def deny(said: str) -> str:
    """The speaker's own denial of what was reported about them, in their words: "I already got my
    shingles shot" -> "I did not already got my shingles shot", "I'm allergic to X" -> "I am not allergic to X".
    The negation sits in the clause it denies, so the stance and slot readers see it with its content."""
    said = said.strip(" .,!")
    if (m := _AUX_HEAD.match(said)):
        aux = _CONTRACTED[m.group("c").lower()] if m.group("c") else m.group("a")
        return f"{m.group('s')} {aux} not {said[m.end():]}"
    if (m := re.match(r"^(?P<s>I|we)\s+", said, re.I)):
        return f"{m.group('s')} did not {said[m.end():]}"
    return f"not so: {said}"


#: The speaker's elliptical word on a state just said: "(but) I'm not", "I'm really not", "(but) I am", "I do", "I don't".
OWN_ELLIPSIS = re.compile(r"^(?:but\s+|and\s+)?(?:i'm|i am|i do|i have|i was)(?P<neg>\s+(?:really\s+|definitely\s+|actually\s+)?not|n't)?"
                           r"(?:\s+(?:though|actually|really|at all|anymore))?\s*$|"
                           r"^(?:but\s+|and\s+)?i\s+(?P<neg2>don't|do not|didn't|did not|haven't|have not|hadn't|wasn't|was not|am not|never did)(?:\s+(?:though|actually|really|at all))?\s*$", re.I)


def own_denial(fr: Frame, sp: Speaker, role: str, call: CallState) -> str:
    """The clause's text, or, when it is the speaker's own bare "I didn't" / "I'm not" right after a clause
    passing on someone's word about the speaker, that clause denied (:func:`deny`). Keeps ``call.hearsay``."""
    heard = call.hearsay
    call.hearsay = fr.text if fr.firmness == "reported" and role != "assistant" and _OWN_SUBJECT.match(fr.text) else None
    if heard and fr.vouched_by == sp.vouched_by and (el := OWN_ELLIPSIS.match(fr.text)) and (el.group("neg") or el.group("neg2")):
        return deny(heard)
    return fr.text


def read_frame(c: str, sp: Speaker, role: str, call: CallState, image: bool = False) -> Frame:
    """Cut the frame off clause ``c`` and say whose word the rest is (carried over its sentence)."""
    vouched_by, voucher, firmness, suffix = sp.vouched_by, sp.voucher, "stated", ""
    quoted = False
    m = L.HEDGE_PREFIX.match(c)
    if m:
        c, firmness, suffix = c[m.end():], "hedged", " (not certain)"
    m = L.DOC_COLON.match(c)
    if m and len(c) > m.end() + 3:
        rep = re.sub(r"^(?:an?|this)\s+", "the ", m.group("rep").strip(), flags=re.I)
        rep = _CAME.sub("", rep)  # "letter from the surgery came": the letter from the surgery
        if not re.match(r"(?i)(?:the|my|our|his|her|their|your)\b", rep):
            rep = f"the {rep}"
        c, vouched_by, voucher = c[m.end():], "document", first_person(rep, sp)
        quoted = c[:1] in "'\"" and c.rstrip(" .!")[-1:] in "'\""
        if quoted:
            c = c.strip(" '\"")
        suffix = f" (per {voucher})"
        m = None
    elif call.document and (it := _IT_SAYS.match(c)) and len(c) > it.end() + 2:
        c, vouched_by, voucher, suffix = c[it.end():], "document", call.document, f" (per {call.document})"
        m = None
    else:
        m = L.REPORT.match(c)
    if vouched_by != "document" and (named := _NAMES_DOC.search(c)):
        doc = re.sub(r"^(?:an?|this|that)\s+", "the ", named.group(0), flags=re.I)
        call.document = first_person(doc if re.match(r"(?i)(?:the|my|our)\b", doc) else f"the {doc}", sp)
    if vouched_by == "document":
        pass
    elif m and len(c) > m.end() + 3:
        rep, c = m.group("rep"), c[m.end():]
        if _DOCUMENT.match(rep):
            vouched_by, voucher = "document", first_person(rep, sp)
            suffix = f" (per {voucher})"
        else:
            vouched_by, voucher, firmness = "unknown", first_person(rep, sp), "reported"
            suffix = f" (according to {voucher})"
            if (rel := L.REL_PHRASE.match(rep)) and role != "assistant":  # "my brother texted that he's engaged"
                name = f" {rel.group('name')}" if rel.group("name") else ""
                key, disp = (("user", call.user_disp) if sp.subject == "assistant" else (sp.subject, sp.display))
                call.entity[key] = (f"{poss(key)} {rel.group('rel').lower()}{name}", f"{poss(disp)} {rel.group('rel').lower()}{name}")
            elif re.fullmatch(r"[A-Z][a-z]+", rep) and rep not in L.NOT_NAMES:
                # "Sarah told me her sister is moving": the reporter is the person last named, so "her" is Sarah's
                call.discourse.add(rep, rep, "person", named=True)
    elif (m := L.HEARSAY.match(c) or L.ACCORDING.search(c)):
        rep = m.groupdict().get("rep") or m.groupdict().get("rep2")
        c = (c[: m.start()] + " " + c[m.end():]).strip()
        vouched_by, voucher, firmness = "unknown", first_person(rep, sp) if rep else None, "reported"
        suffix = f" (according to {voucher})" if voucher else " (reportedly)"
    elif (m := _TRAILING_REPORT.search(c)) and len(c[: m.start()].split()) >= 3:
        rep, c = m.group("rep"), c[: m.start()]
        first = rep.lower() in ("i", "we")
        # "that's what I heard": second-hand, vouched for by the one passing it on
        vouched_by, voucher = "unknown", sp.voucher if first else first_person(rep, sp)
        firmness = firmness if firmness == "hedged" else "reported"
        suffix = " (heard second-hand)" if first else f" (according to {voucher})"
    if (vouched_by, voucher, firmness, suffix) != (sp.vouched_by, sp.voucher, "stated", ""):
        call.frame = (vouched_by, voucher, firmness, suffix)
    elif call.frame is not None and call.frame[0] == "unknown" and _OWN_SUBJECT.match(c):
        call.frame = None  # "my mum thinks I should get a cat but I'm allergic": the speaker's own voice resumes
    elif call.frame is not None:  # "the letter says they are NOT selling, they're renovating": both the letter's
        vouched_by, voucher, firmness, suffix = call.frame
    if image and vouched_by == sp.vouched_by and not L.FIRST_PERSON.search(c):
        # a turn carrying an image: a clause that does not speak in the first person describes it
        vouched_by, voucher = "image", f"image shared by {sp.display}"
    if firmness == "stated" and L.HEDGE_INLINE.search(c):
        firmness = "hedged"
    return Frame(c.strip(" ,"), vouched_by, voucher, firmness, suffix, quoted)
