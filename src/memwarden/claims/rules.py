"""The offline claim extractor: hand rules, no model, no LLM (the default).

Per turn: sentences -> clauses (split at coordinations that join independent clauses) ->
drop questions, greetings, thanks, backchannels and assistant offers -> strip frames that say
how firmly and by whom the rest is vouched for ("I think", "my mom insists that", "the letter
says", "apparently") -> time expressions resolved against the turn's clock (``timex``) -> slot
by cue lexicon (``slots``) -> subject resolved and the clause rewritten in the third person
("I moved" -> "Maya moved", "my sister Ana" -> "Maya's sister Ana", an assistant's "your" ->
"the user's"), with each resolved date appended after the expression as said ("next Friday
(2025-05-09)"), so the claim keeps every content word of the original.

The steps live beside this module: clauses (``clauses``), what opens a clause and says nothing
(``clause_openers``), frames and the per-call state (``frames``), the subject (``subject``), what of an
assistant's clause is a memory, its echo or pleasantry (``assistant``), the rescheduling cues
(``reschedule``), self-corrections (``corrections``); this module runs them per turn and per clause.

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

from ..lexicon.quotes import straight
from ..models import Claim, Turn
from . import coref, gate
from . import lexicon as L
from .assistant import _content_words, _repeats_user, assistant_clause
from .base import ExtractedClaim, Extraction
from .clause_openers import strip_openers
from .clauses import (STATE_WORD, _COUNTED, _NAME_INSIDE, _VERBAL, _YOU, _dated_after_no, answer_to_question, asks, chat_marked, chat_spelled, disbelieved, fact_anchor, headers_silenced,
                      judges, not_reply, own_with_aside, proper_names, question_opened, sentence_clauses, split_clauses, states_a_change, believed, bare_amount)
from .frames import OWN_ELLIPSIS as _OWN_ELLIPSIS, CallState, Speaker, own_denial, read_frame
from .person import person_rewrite, poss
from .corrections import _strip_corrections, self_corrected
from .reply import reply_to
from .reschedule import IT_HEAD, IT_LATER, _RESCHEDULING, _free_times, _gives_a_time, _moved_to_a_time
from .event_lexicon import _CALLED_OFF, _MOVED_ANAPHOR, _MOVED_SUBJECT, _RESCHEDULER
from .role_lexicon import _HANDOVER, _MY_ROLE, _NOT_PERSON, _PERSON_HANDOVER
from .subject import _GIVES, _OBJ_PRONOUN, head_subject
from .slot_lexicon import _HOLDER_FIRST, DEPARTS
from .slots import DEPARTED, UNNAMED_EVENT, UNNAMED_ROLE, detect_slot, duty_guess, event_name, normalise_attribute, normalise_slot
from .timex import anchor_of, clause_tense, find_times, label_end, named_month

#: The holder a clause on the speaker's manager or partner opens on: "my manager", "my boss" (True: the role
#: itself, no name), or a bare name ("Priya left ..."); None for anyone else's ("my sister broke up with her bf").
_MY_HOLDER = re.compile(r"(?:(?:old|line|new|ex)[ -])*(?:manager|boss|supervisor|partner|boyfriend|girlfriend|husband|wife|bf|gf|fianc[ée]e?)")


def _holder_gone(subject: str, owner: str) -> str | bool | None:
    own = f"{poss(owner)} ".lower()
    if subject.lower().startswith(own):
        return True if _MY_HOLDER.fullmatch(subject.lower()[len(own):]) else None
    if re.fullmatch(r"[A-Z][a-z'-]+", subject) and subject.lower() not in L.NOT_NAMES:
        return subject
    return None


#: A clause that corrects or moves a date ("it's the 14th not the 4th", "moved it to the 20th"): its bare
#: "the Nth" is in the month the conversation last named, not the session's.
_CORRECTS_DATE = re.compile(r"\b(?:not|actually|instead|moved|changed|pushed|postponed|rescheduled|wait|sorry|meant)\b", re.I)

__all__ = ["RuleExtractor", "split_clauses"]


_SELF_INTRO = re.compile(r"^(?:I'm|I am|my name is|my name's|call me)\s+(?P<n>(?-i:[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?))(?:\s+(?:here|btw))?$", re.I)
_USED_TO = re.compile(r"\bused to\b", re.I)
_YOUR = re.compile(r"\b[Yy]our\b|\b[Yy]ou're\b")
#: What a body has: an animal's are its own.
_BODY_SLOTS = frozenset("condition allergy diet medication".split())
#: An animal heading the clause (said with my/our/the, or after a relation's "'s").
_PET_HEAD = re.compile(r"^(?:'s\s+|(?:my|our|the)\s+)?(?P<pet>dog|cat|puppy|kitten|rabbit|bunny|hamster|parrot|horse|pony|"
                       r"tortoise|guinea pig)(?:,?\s+(?P<name>(?-i:[A-Z][a-z]+)))?(?:'s)?\s", re.I)
#: The speaker's own state, said inside a question after a factive subordinator or "tell X (that)".
_OWN_STATE = r"(?P<s>(?:I'm|I am|I've|I have|I've got|im|my\s+\w+(?:\s+\w+)?\s+(?:is|has|was))\s[^?]*)"
_FACTIVE_Q = re.compile(rf"\b(?:since|because|cos|cause|given(?:\s+that)?|now\s+that|seeing\s+as|considering)\s+{_OWN_STATE}", re.I)
_TELL_Q = re.compile(rf"\b(?:tell|telling|inform|warn|mention\s+to)\s+(?:my|our|the|him|her|them)\s+(?:[a-z]+\s+)?(?:that\s+)?{_OWN_STATE}", re.I)
_LIKE_PRONOUN = re.compile(r"\b(?:love|loves|like|likes|enjoy|enjoys|hate|hates|stand|dislike|dislikes|adore|eat)\s+(it|them|that)\b", re.I)
_WORDS = re.compile(r"[A-Za-z0-9]+")
#: "it says A positive", "this one reads 4.2": a thing that carries text, not an appraisal of it.
_TEXT_SAYS = re.compile(r"^(?:it|this|that|this one|that one)\s+(?:says|said|reads|shows|showed|states|lists|confirms|confirmed)\b", re.I)
#: A generic "you" stating a procedure ("you need to be on the vpn before deploying, otherwise ..."):
#: a standing fact about the user's world, not advice or a compliment to the listener.
_PROCEDURE = re.compile(r"^(?:you|u)\s+(?:need|have|'ve got|must|got)\s+(?:to\s+)?\w+.*\b(?:before|after|when|whenever|otherwise|"
                        r"unless|or else|first)\b", re.I)
#: A clause whose subject is a thing or someone the speaker names with an article ("the spaniel next door is ...",
#: "a parcel came for ..."): about that, not the speaker, so no "<speaker>:" is put before it.
_OTHER_HEAD = re.compile(r"^(?:the|a|an)\s+[a-z]", re.I)


class RuleExtractor:
    """Offline claims (see the module docstring); stateless, safe to share across threads."""

    name = "rules"

    def extract(self, turns: Sequence[Turn], *, user_name: str | None = None, now: datetime | None = None) -> Extraction:
        call = CallState(user_disp=user_name or "the user", names={t.name for t in turns if t.name})
        out: list[ExtractedClaim] = []
        dropped: dict[int, str] = {}
        prev_name: str | None = None
        has_unnamed_user = any((t.role or "user") == "user" and not t.name for t in turns)
        for i, t in enumerate(turns):
            role = (t.role or "user").lower()
            if role == "system":
                continue
            content = chat_spelled(straight(t.content or ""))
            caption = None
            m = L.IMAGE_CAPTION.search(content)
            if m:
                caption, content = m.group("cap").strip(), L.IMAGE_CAPTION.sub(" ", content).strip()
            if role == "assistant":
                sp = Speaker("assistant", "the assistant", "assistant", t.name)
            elif role in ("tool", "function"):
                sp = Speaker("user", call.user_disp, "tool", t.name)
            elif t.name and user_name and t.name != user_name:
                sp = Speaker(t.name, t.name, "unknown", t.name)
            elif t.name and not user_name and has_unnamed_user:
                sp = Speaker(t.name, t.name, "unknown", t.name)  # the user speaks unnamed: a named one is someone else
            elif t.name and not user_name:
                sp = Speaker(t.name, t.name, "user", t.name)
            else:
                sp = Speaker("user", call.user_disp, "user", None)
            anchor = t.timestamp or now
            seen: set[str] = set()
            addressee = prev_name if (t.name and prev_name and prev_name != t.name and role == "user") else None
            prev_name = t.name if role == "user" else None
            sentence, call.records, call.moved = -1, False, False
            prev_t = turns[i - 1] if i else None  # a question from the other side: a pronoun answer is a fact
            asked = bool(prev_t and "?" in (prev_t.content or "") and (prev_t.name != t.name or (prev_t.role or "user") != role))
            for n, clause, emit in headers_silenced(self_corrected(sentence_clauses(content), anchor)):  # "thursday, sorry I mean friday"
                if n != sentence:
                    sentence, call.frame = n, None
                call.discourse.place(i, n)
                ec = self._clause(clause, sp, role, anchor, call, addressee, image=bool(t.image_ref) and role == "user",
                                 asked=asked)
                call.discourse.note(clause, "user" if role == "assistant" else sp.subject,
                                    call.user_disp if role == "assistant" else sp.display, frozenset(call.names))
                if not emit:
                    continue  # taken back by its speaker, or a document's header: read for context, never a claim
                # the gate's weights were fitted when a pronoun's person mostly went unresolved: it reads a
                # pronoun-led clause as the speaker's ("he's so cute about it" stays a reaction)
                gate_ec = ec if ec is None or not call.by_pronoun else ec.model_copy(
                    update={"claim": ec.claim.model_copy(update={"subject": "user" if role == "assistant" else sp.subject})})
                if gate_ec is not None and (why := gate.check(
                        clause, gate_ec, role, prev_t.content if prev_t else None, content,
                        prev_role=reply_to(prev_t, t))):
                    ec, dropped[i] = None, why
                if ec is not None and ec.text not in seen:
                    seen.add(ec.text)
                    ec.turn_indexes = [i]
                    out.append(ec)
                    if role != "assistant":
                        call.user_sigs.append((_content_words(clause), normalise_slot(ec.claim.slot) if ec.claim.slot else None))
                        call.user_names |= proper_names(clause)
            if caption:
                disp = sp.display if sp.subject != "assistant" else call.user_disp
                hits = find_times(caption, anchor, None)
                start, end = anchor_of(hits)
                out.append(ExtractedClaim(
                    text=f"Image shared by {disp}: {caption}",
                    claim=Claim(subject=sp.subject if sp.subject != "assistant" else "user", vouched_by="image",
                                voucher=f"image shared by {disp}", event_start=start, event_end=end,
                                time_text=[h.text for h in hits], extractor=self.name),
                    turn_indexes=[i]))
        return Extraction(claims=out, extractor=self.name,
                          dropped={i: w for i, w in dropped.items() if not any(i in c.turn_indexes for c in out)})

    def _clause(self, clause: str, sp: Speaker, role: str, anchor: datetime | None, call: CallState,
                addressee: str | None = None, image: bool = False, asked: bool = False) -> ExtractedClaim | None:
        c = clause.strip()
        if asks(c):
            if role != "assistant" and (fq := _FACTIVE_Q.search(c) or _TELL_Q.search(c) or L.KNOW_QUESTION.match(c)):
                # a question presupposing the speaker's state: "should I tell my boss I'm pregnant?", "can I
                # still drink since I'm on warfarin?" ("if I'm ..." supposes, it states nothing)
                return self._clause(fq.group("s").rstrip(" ?!"), sp, role, anchor, call, addressee, image, asked)
            return None
        c = c.rstrip("?") if c.endswith("?") and role != "assistant" and (believed(c) or disbelieved(c)) else c  # not asked
        opened = strip_openers(c, role, call.names)  # "Haha, oh well, sounds good, I moved" -> "I moved"
        if opened is None:
            return None  # the whole clause is chit-chat, or a condition on the chit-chat before it
        c, headed, led_by_chat = opened
        if ((len(_WORDS.findall(c)) < 2 and not (role != "assistant" and STATE_WORD.fullmatch(c.strip(" !.…"))))
                or question_opened(c) or (not_reply(c) and not headed and not _dated_after_no(c, anchor))):  # one word is chat unless a life state: "engaged!!!"
            return None
        if role != "assistant" and (me := _SELF_INTRO.match(c)) and not (set(me.group("n").split()) & (L.NOT_NAMES | L.DEMONYMS)):
            # "Hi! I'm Maya": the speaker's name, not "Maya is Maya"
            name = me.group("n")
            if sp.subject != "user" and name == sp.display:
                return None  # a named speaker saying the name they already go by
            return ExtractedClaim(text=f"{'The user' if sp.subject == 'user' else sp.display}'s name is {name}", claim=Claim(
                subject=sp.subject, attribute="name", value=name, slot=f"{sp.subject}|name", vouched_by=sp.vouched_by,
                voucher=sp.voucher, extractor=self.name))
        echo = False
        if role == "assistant":
            said = assistant_clause(c, clause, call, led_by_chat)
            if said is None:
                return None  # an offer, a pleasantry, a general statement: no memory about the user
            c, echo = said
        fr = read_frame(c, sp, role, call, image)
        c, vouched_by, voucher, firmness, suffix = fr.text, fr.vouched_by, fr.voucher, fr.firmness, fr.suffix
        c = own_denial(fr, sp, role, call)  # "my daughter thinks I got my shot. I didn't": the speaker's word against it
        if voucher and voucher.lower() in ("he", "she", "they") and (who := call.discourse.resolve(
                voucher, "", "user" if role == "assistant" else sp.subject, call.user_disp if role == "assistant" else sp.display,
                frozenset(call.names))):
            suffix, voucher = suffix.replace(f"according to {voucher})", f"according to {who.display})"), who.display  # "he reckons ..."
        if len(_WORDS.findall(c)) < 2 and not STATE_WORD.fullmatch(c.strip(" !.…")):
            return None

        # Subject: a relation, a known alias, a pronoun for the person last talked about, a
        # named person at the head of the clause; else the speaker (the user, for an assistant): ``subject.py``.
        owner = "user" if role == "assistant" else sp.subject
        owner_disp = call.user_disp if role == "assistant" else sp.display
        subject, head_repl, slot_text, rm, obj_disp, pronouns, head_ref, head_thing = head_subject(c, role, call, owner, owner_disp, fr.quoted)
        ev_here, ev_before, attached = event_name(c), call.event_mentioned or call.event, None
        if (mv := _MOVED_ANAPHOR.search(c)) and not ev_here and ev_before and slot_text is c:
            # "the dentist is off sick so they moved me to Wednesday": what moved is the event last talked about
            c = slot_text = c[: mv.start("o")] + ("my " if mv.group("o").lower() in ("me", "us") else "the ") + ev_before + c[mv.end("o"):]
        elif IT_HEAD.match(c) and ev_before:
            slot_text = re.sub(r"^it\b", f"the {ev_before}", slot_text, flags=re.I)  # "it's at 3pm, not 2"
        elif not ev_here and ev_before and slot_text is c and role != "assistant" and _gives_a_time(c, _free_times(c, anchor)):
            # "had to change the Lagos flight; I'm going on the 29th now", "sofa delivery is booked, Thursday
            # the 12th, 7 to 11am": a time said right after an event, with no event of its own, is that event's
            slot_text, attached = f"the {ev_before} is {c}", ev_before
        # "they moved it!! got an email, its now 11 march": the cue in the turn's clause before carries to the time;
        # "it's 6:15 now", "its now 11 march": "it" with a time said as the new one is a rescheduling too
        moved_here, carried_move, call.moved = bool(_RESCHEDULING.search(c)), call.moved, False
        unnamed = (not ev_here and not ev_before and role != "assistant" and slot_text is c
                   and (moved_here or carried_move or bool(IT_HEAD.match(c) or IT_LATER.search(c)))
                   and _gives_a_time(c, free := _free_times(c, anchor)) and _moved_to_a_time(c, free))
        call.moved = moved_here and not unnamed and not _gives_a_time(c, _free_times(c, anchor)) and role != "assistant"
        if ev_here:
            call.event_mentioned = ev_here
        if (lm := _LIKE_PRONOUN.search(c)) and owner in call.liked:
            slot_text = slot_text[: lm.start(1)] + call.liked[owner] + slot_text[lm.end(1):] if slot_text is c else slot_text

        tense = clause_tense(c)
        hits = find_times(c, anchor, tense, month=call.month if _CORRECTS_DATE.search(c) else None)
        call.month = named_month(hits) or call.month
        slot_hits = hits if slot_text is c else find_times(slot_text, anchor, tense)
        # an assistant's "your plan is Essentials" is the user's "my plan": the same slot (same length, so the
        # time hits' offsets hold)
        guess = detect_slot(_YOUR.sub(lambda m: "our " if len(m.group(0)) == 4 else "we're ", slot_text)
                            if role == "assistant" else slot_text, slot_hits)
        live_hits = [h for h in hits if not h.corrected]
        elliptic = False
        if guess.attribute is None and role != "assistant" and (el := _OWN_ELLIPSIS.match(c)) and owner in call.state:
            # "my mum reckons I'm lactose intolerant but I'm not": the speaker's own word on the state just said,
            # not part of the report (a frame carries over its sentence, a first-hand "I'm not" ends it)
            attr, val = call.state[owner]
            guess, elliptic = type(guess)(attr, val, negated=bool(el.group("neg") or el.group("neg2"))), True
            vouched_by, voucher, firmness, suffix = sp.vouched_by, sp.voucher, "stated", f" ({attr.split(':')[0]}: {val})"
        if role != "assistant" and guess.attribute is None and not live_hits and not elliptic:
            # a pronoun's person is no name said here: "he's so cute about it" stays a reaction, whoever "he" is
            by_pronoun = call.by_pronoun
            framed = vouched_by != sp.vouched_by or firmness == "reported"  # "my brother reckons it's the battery": his fact
            anchored = fact_anchor(c, call.names) or answer_to_question(c, asked)  # "It's Shia Labeouf!"
            if (L.IMPERATIVE.match(c) and not L.FIRST_PERSON.search(c)) or L.FEELING.match(c) or (
                    L.EVALUATIVE.match(c) and len(c.split()) <= 8 and not anchored and not framed and not head_thing
                    and not states_a_change(c) and not _TEXT_SAYS.match(c)):
                return None
            if (judges(c) and not L.FIRST_PERSON.search(c) and not _NAME_INSIDE.search(c)
                    and not re.search(r"\d", c) and (subject == owner or by_pronoun)):
                return None  # a generic opinion: "Helping animals is really important"
            words = len(_WORDS.findall(c))
            plain = (not re.search(r"\d", c) and not bare_amount(c) and not _NAME_INSIDE.search(c) and (subject == owner or by_pronoun)
                     and vouched_by == sp.vouched_by and firmness != "reported")  # a report is someone's fact
            if plain and ((chat_marked(clause) and words <= 10 and not states_a_change(c)) or (L.MOOD.search(c) and words <= 9)):
                return None  # a reaction or a mood: "nervous lol", "money is so stressful", "he's knackered but happy"
            if (plain and (led_by_chat or chat_marked(clause)) and words <= 4 and not L.FIRST_PERSON.search(c) and not _VERBAL.search(c)
                    and not STATE_WORD.search(c) and not (asked and _COUNTED.search(c))):
                return None  # a fragment after "ok"/"haha" with no subject, slot or date: "ok one sec", "ok, back to allen keys"
            if not fr.quoted and not (framed and not L.ADDRESSEE.search(c)) and not re.search(r"\d", c) and not _PROCEDURE.search(c) and not own_with_aside(c) and (
                    re.match(r"^(?:you|your|you're|u)\b", c, re.I) or (_YOU.search(c) and len(c.split()) <= (6 if addressee else 14))):
                return None  # about the addressee: compliments, sympathy, advice between friends
        if not (_content_words(c) - L.FILLER) and not elliptic:
            return None  # "hope so", "I'll think about it", "true true"
        if guess.attribute is None and L.ENDED.match(c) and owner in call.state:
            attr, val = call.state[owner]  # "FitHub raised prices so I cancelled"
            guess, suffix = type(guess)(attr, val, negated=True), f" ({val}){suffix}"
        if (rm_ := _MY_ROLE.search(c)) and role != "assistant":
            call.role = rm_.group("k").lower()
        if (guess.attribute is None and role != "assistant" and (ho := _HANDOVER.search(c))
                and (call.role or _PERSON_HANDOVER.search(ho.group(0))) and (ho.group("v")[:1].isupper() or _PERSON_HANDOVER.search(ho.group(0)))
                and ho.group("v").lower() not in _NOT_PERSON):
            # "handed over to Idris": the role named earlier in the call, else one named in an earlier call (bound later)
            guess, subject = type(guess)(normalise_attribute(call.role) if call.role else UNNAMED_ROLE, ho.group("v")), owner
            attached = attached or (f"new {call.role}" if call.role else None)
        if (unnamed and guess.attribute is None and (start := anchor_of(hits)[0]) is not None
                # with no verb of moving, only a day said by its number moves something: "it's friday now, thank
                # god" or "it's march now" tells the time
                and (_RESCHEDULING.search(c) or any(h.begin is not None and re.search(r"\d", h.text) for h in live_hits))):
            # a move of an event said in an earlier call: resolve.bind_unnamed_events finds which, unless
            # the clause names what moved ("the upgrade got pushed to September")
            named = _MOVED_SUBJECT.match(c)
            guess = type(guess)(normalise_attribute(f"{named.group('e')}_time") if named else UNNAMED_EVENT,
                                start.strftime("%Y-%m-%d %H:%M") if start.hour or start.minute else start.date().isoformat())
        if (role != "assistant" and slot_text is c and (off := _CALLED_OFF.search(c))
                and (guess.attribute is None or guess.attribute.endswith("_time"))):
            # "thursday is off", "the recital's been cancelled": the event ends. Named here or earlier in the call,
            # it is that event's slot; a day said to be off is the event on that day (bound by resolve)
            day = next((h for h in live_hits if h.end <= off.start() and h.begin), None)
            name = ev_here or (ev_before if IT_HEAD.match(c) or day is None else None)
            if name or day is not None:
                attr = normalise_attribute(f"{name}_time") if name else UNNAMED_EVENT
                when = day.begin.date().isoformat() if day is not None and day.begin else guess.value
                guess = type(guess)(attr, when, negated=True)
        if guess.attribute is None and role != "assistant" and slot_text is c and (gone := DEPARTS.match(c)):
            # "Hana retired in May": whoever she is to the speaker (manager, landlord, partner) is no longer;
            # resolve.bind_unnamed_events finds the slot she holds, else the claim keeps no slot
            guess, subject = type(guess)(DEPARTED, gone.group("v"), negated=True), owner
        if (guess.attribute and guess.attribute.split(":")[0] in _BODY_SLOTS and role != "assistant"
                and (pet := _PET_HEAD.match(c[rm.end():] if rm and subject != owner else c))):
            # "the dog is deaf now", "my sister's dog is on steroids", "our dog Biscuit is allergic to chicken":
            # the animal's health, not its owner's (owning it stays the owner's pet slot)
            subject = f"{poss(subject)} {pet.group('pet').lower()}" + (f" {pet.group('name')}" if pet.group("name") else "")
            call.entity[owner] = (subject, subject.replace("user", owner_disp, 1) if subject.startswith("user") else subject)
            if c[:4].lower() == "the ":
                head_repl = (c[:3], poss(owner_disp))  # "the dog is deaf" -> "the user's dog is deaf"
        if (duty := duty_guess(c)) is not None and not guess.attribute or (duty and guess.attribute and guess.attribute.endswith("_time")):
            guess, subject = duty, owner  # who does a weekly duty: the duty is the household's, the helper its value
        elif guess.attribute and guess.attribute.endswith("_time") and subject != owner and _RESCHEDULER.match(c):
            subject = owner  # "our manager moved standup to 10": the standup is the speaker's, the manager only moved it
        elif guess.attribute in ("manager", "partner") and subject != owner and _HOLDER_FIRST.match(c):
            subject = owner  # "Carl is my new manager": the speaker's manager, Carl its value
        elif guess.attribute in ("manager", "partner") and guess.negated and subject != owner and (gone := _holder_gone(subject, owner)):
            # "my boss quit", "Priya left in the summer, no manager till jan", "Sam broke up with me": the speaker's
            # manager or partner ends; a name the clause opens on is the value that ended
            guess, subject = type(guess)(guess.attribute, gone if gone is not True else None, negated=True), owner
        elif (guess.attribute and guess.attribute.endswith("_appointment_time") and subject == f"{poss(owner)} "
              f"{guess.attribute.split('_')[0]}"):
            # "my dentist appointment is on the 3rd": the appointment is the speaker's, with their dentist; one slot
            # with "the dentist appointment got pushed to the 9th"
            subject = owner
        if guess.attribute and not guess.attribute.startswith(("likes:", "restriction:")) and not guess.attribute.endswith("_time"):
            call.state[owner] = (guess.attribute, guess.value or "")
        if guess.attribute and guess.attribute.endswith("_time"):
            call.event = guess.attribute[: -len("_time")].replace("_", " ")
        if guess.attribute and guess.attribute.startswith("likes:") and guess.value:
            call.liked[owner] = guess.value
        main = L.WISH_SCOPE.sub("", L.NEG_SCOPE_END.split(c, maxsplit=1)[0])
        corr = L.CORRECTION_TAIL.search(main)
        if corr:
            main = main[: corr.start()]
        negated = guess.negated if guess.negated is not None else bool(
            L.NEGATION.search(L.NOT_NEGATION.sub(" ", _strip_corrections(main, hits))))
        if _USED_TO.search(main) and guess.attribute:
            negated = not negated  # "I used to love cilantro": no longer so
        previous = guess.previous_value or (corr.group("prev") or corr.group("prev2") or corr.group("prev3") if corr else None)

        # Text: resolved dates appended after each expression, then person rewrite.
        body = c
        for h in sorted((h for h in live_hits if h.label and (h.begin or h.until)), key=lambda h: -h.end):
            at = label_end(body, h)
            body = f"{body[:at]} ({h.label}){body[at:]}"
        if pronouns:
            body = coref.write(body, pronouns)
        if attached:
            body = f"{body} (the {attached})"
        if head_repl:
            body = head_repl[1] + body[len(head_repl[0]):]
        if obj_disp:  # "him"/object "her" -> the person; "her" before a noun -> their possessive
            body = _OBJ_PRONOUN.sub(lambda m: obj_disp if m.group(0).lower() == "him" or m.group("obj") is not None or _GIVES.search(
                m.string[: m.start()]) else poss(obj_disp), body, count=1)
        if slot_text is not c and (lm := _LIKE_PRONOUN.search(body)) and owner in call.liked:
            body = f"{body[: lm.end(1)]} ({call.liked[owner]}){body[lm.end(1):]}"  # "can't stand it (cilantro)"
        if role == "assistant" or fr.quoted:  # an assistant's or a quoted letter's "you" is the user
            body = person_rewrite(body, call.user_disp, first=False)
        else:
            body = person_rewrite(body, sp.display, first=True)
            if addressee:  # between two named speakers, "you" is the other one
                body = person_rewrite(body, addressee, first=False)
        if subject == owner and owner_disp.lower() not in body.lower() and not head_ref and not (
                _OTHER_HEAD.match(c) and role != "assistant" and vouched_by == sp.vouched_by):
            head = body.split(" ", 1)[0]
            body = f"{owner_disp}: {head.lower() if head in L.NOT_NAMES else head}{body[len(head):]}"
        text = (body[:1].upper() + body[1:]).strip() + suffix

        if role == "assistant" and not echo:
            echo = _repeats_user(clause, call, normalise_slot(f"{subject}|{guess.attribute}") if guess.attribute else None)
        start, end = anchor_of(hits)
        attribute = guess.attribute
        return ExtractedClaim(text=text, claim=Claim(
            subject=subject, attribute=attribute, value=guess.value,
            slot=f"{subject}|{attribute}" if attribute else None, negated=negated,
            vouched_by=vouched_by, voucher=voucher, firmness=firmness, echo=echo,  # type: ignore[arg-type]
            event_start=start, event_end=end, time_text=[h.text for h in live_hits],
            extractor=self.name, previous_value=previous))

