"""The claim gate: does an extracted clause state something that persists about the user or
their world, or is it a reaction?

The extractor's own filters (``lexicon.CHITCHAT`` and friends) list whole phrasings and were
tuned on one author's wording; on another author's turns 34-45 % of chit-chat became claims
("pray for me", "best decision ever", "ugh mondays am i right"). The gate looks instead at
what a clause is *made of*, with signals that do not depend on the exact words:

- anchors that make a statement checkable later: a slot the extractor recognised, a concrete
  date or time (not just "today"), a number with a unit, a name, a relation ("my sister"),
  a possession or a first-person state/habit verb ("I take", "we have", "my X is");
- marks of a reaction: an interjection or chat marker at the head or tail ("ugh", "lol",
  emoji, drawn-out letters, "!!!"), a rhetorical tag ("am i right", "who knows"), an
  imperative addressed to the listener with no standing-rule word ("pray for me", not "always
  answer me in Spanish"), an evaluation with nothing stateful behind it ("life is weird",
  "best decision ever"), a verbless fragment with no anchor, a passing state ("so tired
  today", "brb").

Each signal is a named feature (the patterns are in ``gate_cues.py``, read over the clause as
said and its turn, plus the extractor's slot, time, subject and voucher for it); a logistic model
with the weights below turns them into a probability that the clause is a reaction. The weights
are fitted by ``bench/fit_gate.py`` on every labelled turn we have: ``evals/cases/turns.jsonl``
and the labelled messages of ``evals/scenarios/dev.json``, ``dev2.json`` and
``evals/heldout/scenarios.json`` (authors 1-3, session 5; ``bench/fit_gate.py`` scores them on all twelve
development authors and a refit leave one author out: BENCHMARKS.md), so
they are data, not code: refit rather than edit them. A clause flagged as information ("fyi",
"heads up") or stating a procedure ("you need to ... before ...") is never dropped (``informs``), nor one saying what a relation of the
speaker's likes or cannot stand ("haha my wife hates that too", ``kin_taste``, session 20). A clause is dropped only above ``THRESHOLD`` (the lowest
that keeps every training fact, plus a margin), and the receipt names the most telling signal:
"no claim: reaction/chit-chat (interjection-led fragment)". Two rules sit outside the model, for
what a short clause's few words cannot weigh: ``momentary`` (a moment told, nothing lasting) and
``moment_act`` (a set reaction in the turn, one word said over and over, or what one does right now, with no
anchor in the clause).
Deterministic, stdlib only, about 0.2 ms per clause.
"""

from __future__ import annotations

import math
import re
from typing import Any

from . import gate_cues as C
from . import lexicon as L
from .clauses import STATE_WORD, states_a_change
from .gate_receipts import _GENERIC_REASONS, _REASON, measure_turns, reaction_marks, row_turns
from .reply import _FREQUENCY, bare_reply
from .slots import planned_end
from .small_talk import small_talk

# ``measure_turns``, ``row_turns`` and ``reaction_marks`` live in ``gate_receipts.py`` and are answered here too.
__all__ = ["features", "judge", "check", "p_chat", "Verdict", "measure_turns", "row_turns", "reaction_marks", "FEATURES"]

#: Off switch for measuring the extractor without the gate (``bench/bench_gate.py --no-gate``).
ENABLED = True

#: Feature names in weight order; each is 0/1 except ``words`` (log word count).
FEATURES = ("slot", "likes_slot", "concrete_time", "deictic_time", "unit_number", "number", "name", "relation", "possessive",
            "state_verb", "subject_verb", "third_party", "reported", "hedged", "interjection_head", "chat_tail", "drawn_out",
            "rhetorical", "imperative_me", "rule_word", "evaluative", "generic_subject", "passing", "hedged_intent",
            "you", "answer_to_question", "words", "assistant", "question_mark", "pronoun_tail", "no_anchor", "bare_fragment",
            "event", "i_verb", "contrast", "short_bare", "definite_state", "says", "plan",
            "chat_inside", "turn_opener", "turn_chat", "shout", "hyperbole", "emotive", "ing_head", "info_mark", "procedure",
            "change", "anchors", "marks")

#: Fitted by ``bench/fit_gate.py`` (L2 logistic regression, positive class = chit-chat).
WEIGHTS: dict[str, float] = {
    'slot': -0.468,
    'likes_slot': -0.429,
    'concrete_time': -0.284,
    'deictic_time': 0.774,
    'unit_number': -0.18,
    'number': -0.453,
    'name': -1.23,
    'relation': 0.606,
    'possessive': -0.534,
    'state_verb': -0.45,
    'subject_verb': 0.021,
    'third_party': -0.339,
    'reported': -0.332,
    'hedged': 0.656,
    'interjection_head': 0.868,
    'chat_tail': -0.32,
    'drawn_out': 0.813,
    'rhetorical': 1.071,
    'imperative_me': 0.761,
    'rule_word': -0.075,
    'evaluative': 0.839,
    'generic_subject': 0.004,
    'passing': 1.266,
    'hedged_intent': 0.411,
    'you': 0.307,
    'answer_to_question': -0.508,
    'words': -0.686,
    'assistant': 0.349,
    'question_mark': -0.059,
    'pronoun_tail': 0.048,
    'no_anchor': 0.753,
    'bare_fragment': -0.279,
    'event': -0.064,
    'i_verb': -0.049,
    'contrast': -0.133,
    'short_bare': 0.99,
    'definite_state': 0.04,
    'says': -0.104,
    'plan': 0.624,
    'chat_inside': 0.356,
    'turn_opener': -0.28,
    'turn_chat': -0.283,
    'shout': 0.411,
    'hyperbole': 1.04,
    'emotive': 1.5,
    'ing_head': 0.379,
    'info_mark': -0.149,
    'procedure': -0.267,
    'change': -0.331,
    'anchors': -0.91,
    'marks': 2.195,
}
BIAS = -0.539
#: Drop a clause only when P(chit-chat) is above this.
THRESHOLD = 0.503

_STRONG_ANCHORS = ("slot", "likes_slot", "concrete_time", "unit_number", "name", "relation", "state_verb", "event", "reported",
                   "definite_state", "info_mark", "procedure", "change", "contrast", "says")
_MARKS = ("interjection_head", "chat_tail", "drawn_out", "rhetorical", "imperative_me", "evaluative", "passing", "chat_inside",
          "shout", "hyperbole", "emotive", "ing_head", "turn_opener")


def features(clause: str, claim: Any = None, *, role: str = "user", prev: str | None = None, turn: str | None = None) -> dict[str, float]:
    """The gate's signals for one clause as said (``claim``: the extractor's ``Claim`` for it)."""
    c = C.unclipped(clause.strip())
    turn = C.unclipped(turn) if turn is not None else None
    body = L.LEAD.sub("", c, count=1).strip() or c
    body = C.INTERJ_HEAD.sub("", body, count=1).strip() or body
    words = C.W.findall(c)
    attr = getattr(claim, "attribute", None) or ""
    times = [t for t in (getattr(claim, "time_text", None) or [])]
    concrete = [t for t in times if not C.DEICTIC_TIME.match(t.strip())]
    # the rest of the turn, without this clause (None: the clause is the turn)
    rest = turn.replace(clause, " ", 1).strip() if turn is not None and turn.strip() != c else None
    rest = rest or None
    answering = bool(prev) and prev.rstrip().endswith("?")
    f = {
        "slot": float(bool(attr) and not attr.startswith("likes:")),
        "likes_slot": float(attr.startswith("likes:")),
        "concrete_time": float(bool(concrete)),
        "deictic_time": float(bool(times) and not concrete),
        "unit_number": float(bool(C.MONEY_UNIT.search(c))),
        "number": float(C.counts(c)),
        # a shouted word is not a name, nor are the capitals around it ("i am SO DONE")
        "name": float(bool(C.NAME.search(" " + (re.sub(r"\b[A-Z]+\b", "x", c) if C.SHOUT.search(c) else c)))),
        "relation": float(bool(L.REL_PHRASE.search(c))),
        "possessive": float(bool(C.POSSESSIVE.search(c))),
        # the state said with its subject elided is still one: "retired!!", "off sugar for good"
        "state_verb": float(bool(C.STATE_VERB.search(body) or STATE_WORD.fullmatch(body.strip(" !.…")) or C.ELLIPTIC_STATE.match(body))),
        "subject_verb": float(bool(C.SUBJ_VERB.search(body))),
        # about someone other than the speaker (LoCoMo's named speakers talking of themselves are first-hand)
        "third_party": float(getattr(claim, "subject", "user") not in ("user", None, getattr(claim, "voucher", None))
                             and role != "assistant"),
        "reported": float(getattr(claim, "vouched_by", "user") in ("document", "unknown") or getattr(claim, "firmness", "") == "reported"),
        "hedged": float(getattr(claim, "firmness", "") == "hedged"),
        # "yeah ..." after a question is an answer's yes, not a reaction
        "interjection_head": float(bool(C.INTERJ.match(c)) and not (answering and C.YES_NO.match(c))),
        "chat_tail": float(bool(C.CHAT_TAIL.search(c))),  # at the head, it is ``interjection_head``
        "drawn_out": float(bool(C.DRAWN.search(c))),
        "rhetorical": float(bool(C.RHETORIC.search(turn or c))),
        "imperative_me": float(bool(C.IMPERATIVE_ME.search(body)) and not C.RULE_WORD.search(c) and not C.I_SUBJ.search(c)),
        "i_verb": float(bool(C.I_VERB.search(c))),
        "contrast": float(bool(C.CONTRAST.search(c))),
        "rule_word": float(bool(C.RULE_WORD.search(c))),
        "evaluative": float((C.judged(c) or bool(L.MOOD.search(c))) and len(words) <= 8),
        "generic_subject": float(bool(C.GENERIC_HEAD.match(body))),
        "passing": float(bool(C.PASSING.search(c) or C.CLOCK_NOW.search(body))),
        "hedged_intent": float(bool(C.HEDGE_INTENT.search(c))),
        "you": float(bool(re.search(r"\b(?:you|your|you're|u)\b", c, re.I))),
        "answer_to_question": float(answering),
        "words": math.log1p(len(words)),
        "assistant": float(role == "assistant"),
        "question_mark": float("?" in c),
        "pronoun_tail": float(bool(C.PRONOUN_TAIL.search(c))),
        "event": float(bool(C.EVENT.search(body))),
        "definite_state": float(bool(C.DEFINITE_STATE.match(body))),
        "says": float(bool(C.SAYS.search(c))),
        "plan": float(bool(C.PLAN.search(c))),
        "chat_inside": float(bool(C.CHAT_ANY.search(c) or C.VOCATIVE.search(c))),
        "turn_opener": float(bool(C.TURN_OPENER.search(turn or c))),
        # a reaction mark elsewhere in the turn ("I have to give a SPEECH. send help")
        "turn_chat": float(rest is not None and bool(C.CHAT_ANY.search(rest) or C.SHOUT.search(rest) or C.RHETORIC.search(rest)
                                                     or C.IMPERATIVE_ME.search(rest) or C.EMOTIVE.search(rest))),
        "shout": float(bool(C.SHOUT.search(c))),
        "hyperbole": float(bool(C.HYPERBOLE.search(c))),
        "emotive": float(bool(C.EMOTIVE.search(c))),
        "ing_head": float(bool(C.ING_HEAD.match(body))),
        "info_mark": float(bool(C.INFO_MARK.search(c) or L.RELEVANCE.search(c))),  # "..., if that matters"
        "procedure": float(bool(C.PROCEDURE.search(c))),
        "change": float(states_a_change(c)),
        # a moment told, not a state left behind: a past tense with no verb of lasting change, no slot, no date
        # (a rule's signal, not a fitted feature: see ``momentary``)
        "episode": float(C.told_past(body) and not C.LASTING_VERB.search(body) and not attr and not concrete),
        # a set reaction in the turn, a word said over and over, or what one does right now (a rule's signal: ``moment_act``)
        "act": float(bool(C.STOCK_ACT.search(turn or c) or C.NOW_ACT.search(body) or (C.TIME_FOR.match(body) and not answering)
                          or C.REPEATED.match(c))),
        # the turn opens on laughter or disbelief said as a sentence ("ha! ...", "unreal. ..."): a rule's signal too
        "react_open": float(bool(C.REACT_OPENER.match(turn or c))),
    }
    # Interactions a linear model cannot form: nothing in the clause can be checked later.
    anchored = any(f[k] for k in ("slot", "likes_slot", "concrete_time", "number", "name", "relation", "state_verb",
                                  "third_party", "reported", "rule_word", "event", "i_verb", "contrast",
                                  "definite_state", "says", "plan", "info_mark", "procedure", "change"))
    f["no_anchor"] = float(not anchored)
    # How much of each: a fact buried in chit-chat keeps several anchors ("fyi the boiler guy comes
    # thursday": a role, a date, a flag), a reaction that happens to name something keeps one.
    f["anchors"] = min(4, sum(f[k] for k in _STRONG_ANCHORS)) / 4
    f["marks"] = min(4, sum(f[k] for k in _MARKS)) / 4
    f["bare_fragment"] = float(not anchored and not f["subject_verb"] and not f["answer_to_question"])
    f["short_bare"] = float(bool(f["bare_fragment"]) and len(words) <= 3)
    return f


class Verdict:
    """The gate's decision on one clause: ``keep``, the probability it is a reaction, and why."""

    __slots__ = ("keep", "p_chat", "reason")

    def __init__(self, keep: bool, p_chat: float, reason: str) -> None:
        self.keep, self.p_chat, self.reason = keep, p_chat, reason

    def __repr__(self) -> str:
        return f"Verdict(keep={self.keep}, p_chat={self.p_chat:.2f}, reason={self.reason!r})"


def judge(clause: str, claim: Any = None, *, role: str = "user", prev: str | None = None, turn: str | None = None) -> Verdict:
    return _judge(features(clause, claim, role=role, prev=prev, turn=turn), clause, role, prev, turn)


def _judge(f: dict[str, float], clause: str, role: str, prev: str | None, turn: str | None) -> Verdict:
    """:func:`judge` on the clause's signals already read (``check`` reads them once for the bare-reply rule too)."""
    v = _weigh(f, clause, role, prev, turn)
    # a set reaction in the turn, or what one does right now, with no anchor in the clause: dropped
    # whatever the model says (it sits below the threshold: short clauses weigh little either way)
    if v.keep and moment_act(f, role):
        return Verdict(False, v.p_chat, "a set reaction or what one does right now")
    return v


def _weigh(f: dict[str, float], clause: str, role: str, prev: str | None, turn: str | None) -> Verdict:
    """The fitted model's verdict on a clause's signals, with the rules that bound it (momentary, informs, marks)."""
    contrib = {k: WEIGHTS.get(k, 0.0) * v for k, v in f.items()}
    z = BIAS + sum(contrib.values())
    p = 1.0 / (1.0 + math.exp(-z))
    if momentary(f, role):
        return Verdict(False, p, "a moment told, nothing lasting")
    if p <= THRESHOLD:
        return Verdict(True, p, "")
    # The speaker says it is information to keep ("fyi ...", "heads up ...") or states how something
    # is done ("you need to be on the vpn before deploying"): an act of informing, whatever surrounds it.
    if informs(f) or kin_taste(clause) or lasting_inside(f, clause, role) or (role != "assistant" and planned_end(clause)):
        return Verdict(True, p, "")
    # A reaction must show itself: a clause whose only fault is lacking an anchor ("a food
    # memory", a developer's note passed to ``add``) is kept; the receipt names the strongest mark.
    # The mark may sit elsewhere in the turn: "leg day. pray for me" marks "leg day" too.
    marks = [k for k in contrib if k in _REASON and k not in _GENERIC_REASONS and contrib[k] > 0]
    where = ""
    if not marks and turn is not None and turn.strip() != clause.strip():
        tf = features(turn, None, role=role, prev=prev)
        contrib = {k: WEIGHTS.get(k, 0.0) * v for k, v in tf.items()}
        marks, where = [k for k in contrib if k in _REASON and k not in _GENERIC_REASONS and contrib[k] > 0], ", in its turn"
    if not marks:
        return Verdict(True, p, "")
    return Verdict(False, p, _REASON[max(marks, key=lambda k: contrib[k])] + where)


def p_chat(text: str, prev: str | None = None) -> float:
    """The probability that ``text`` (a turn or a claim) is a reaction: what admission reads as a feature."""
    return judge(text, None, prev=prev).p_chat


#: What makes a told moment checkable later; with none of them, "we lost 9-2" or "i cried in a pret" leaves nothing to recall.
_LASTING_ANCHORS = ("slot", "likes_slot", "concrete_time", "unit_number", "number", "name", "relation", "possessive", "state_verb",
                    "third_party", "reported", "rule_word", "contrast", "definite_state", "says", "plan", "info_mark", "procedure",
                    "change", "answer_to_question", "question_mark")


def momentary(values: dict[str, float], role: str = "user") -> bool:
    """The clause tells something that happened (a past tense, no verb of a lasting change: "watched half
    a film and fell asleep") and holds nothing that could be asked about later: no slot, date, number,
    name, relation, possession, state, report or rule, and it answers no question. Measured on the five
    labelled sets (``bench/fit_gate.py``), no fact turn has only such clauses."""
    return (role != "assistant" and bool(values.get("episode"))
            and not any(values.get(k) for k in _LASTING_ANCHORS))


#: What keeps a clause in a reacting turn: something checkable later said in the clause itself. Not the
#: clause's subject alone ("he seems decent tbf. we'll see"), nor a change of the moment ("going to bed now").
_ACT_ANCHORS = ("slot", "likes_slot", "concrete_time", "unit_number", "number", "name", "relation", "state_verb", "reported",
                "rule_word", "definite_state", "says", "info_mark", "procedure", "contrast")


def moment_act(values: dict[str, float], role: str = "user") -> bool:
    """The turn reacts by a set phrase ("netflix here i come", "... we'll see"), the clause is one word
    said over and over ("busy busy busy"), or it says what
    the speaker does right now ("going to bed now", "pasta time"), and the clause holds no anchor; or the
    turn opens on laughter or disbelief as a sentence of its own ("ha! ...") and the clause holds nothing."""
    if role == "assistant":
        return False
    # after a reaction sentence opening the turn, only a clause holding nothing at all (no event, plan or
    # first-person doing either: "ha! we went with the blue sofa" stays) is part of the reaction
    return (bool(values.get("act")) and not any(values.get(k) for k in _ACT_ANCHORS)) or (
        bool(values.get("react_open")) and bool(values.get("no_anchor")))


#: A relation of the speaker's said to like or dislike something ("haha yeah my wife hates that too", "lol my dad
#: loves that show"): a lasting taste of a person the speaker knows, kept whatever reaction surrounds it (session 20).
_KIN_TASTE = re.compile(L.REL_PHRASE.pattern + r"\s+(?:(?:also|really|absolutely|totally|still|honestly|literally|"
                        r"properly|genuinely|would|'d)\s+)?(?:loves?|hates?|likes?|adores?|prefers?|detests?|can't\s+stand|"
                        r"cannot\s+stand|can't\s+eat|won't\s+eat|is\s+allergic|'s\s+allergic)\b", L.REL_PHRASE.flags)


def kin_taste(clause: str) -> bool:
    """The clause says what a relation of the speaker's likes or cannot stand: never dropped by the gate."""
    return bool(_KIN_TASTE.search(C.unclipped(clause)))


def lasting_inside(values: dict[str, float], clause: str, role: str = "user") -> bool:
    """A lasting fact inside a reaction (session 21): an event on a date ("gutted, she's retiring at christmas", "soooo
    I quit on thursday lol"), or an amount with a habit's frequency ("cutting, 2100 kcal a day"). Never dropped by the
    gate. On the development authors no chit-chat turn was stored again by it (``bench/chit_classes.py``)."""
    return role != "assistant" and bool(
        (values.get("concrete_time") and values.get("event"))
        or ((values.get("number") or values.get("unit_number")) and _FREQUENCY.search(clause)))


def informs(values: dict[str, float]) -> bool:
    """The clause is flagged as information or states a procedure: never dropped by the gate."""
    return bool(values.get("info_mark") or values.get("procedure"))


#: When a list, ``check`` appends (turn, the clause's features, the whole turn's features when the
#: turn has more than this clause, the claim's text, the clause as said) for every clause it sees
#: (``bench/fit_gate.py``).
RECORD: list[tuple[str, dict[str, float], dict[str, float] | None, str, str]] | None = None


def check(clause: str, extracted: Any, role: str, prev: str | None, turn: str, prev_role: str | None = None) -> str | None:
    """The extractor's hook: None to keep the claim, else the receipt's reason for dropping it.
    An assistant's echo is left alone (it adds no testimony, but it is evidence of its turn).
    ``prev_role``: who said ``prev`` ("assistant", "self", ...); a bare reply to it is dropped (``reply.py``)."""
    claim = extracted.claim
    if claim.echo:
        return None
    if RECORD is not None:
        whole = features(turn, None, role=role, prev=prev) if turn.strip() != clause.strip() else None
        RECORD.append((turn, features(clause, claim, role=role, prev=prev, turn=turn), whole, extracted.text, clause))
    if not ENABLED:
        return None
    f = features(clause, claim, role=role, prev=prev, turn=turn)
    v = _judge(f, clause, role, prev, turn)
    if v.keep and bare_reply(f, v.p_chat, clause, turn, role=role, prev=prev, prev_role=prev_role):
        return "no claim: reaction/chit-chat (a short reply to the assistant, nothing checkable)"
    if v.keep and (why := small_talk(f, clause, turn, role=role, prev_role=prev_role, prev=prev)):
        return f"no claim: reaction/chit-chat ({why})"
    return None if v.keep else f"no claim: reaction/chit-chat ({v.reason})"
