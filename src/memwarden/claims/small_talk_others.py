"""Someone else's reaction of the moment (issue 10, session 24): a kind of small talk the claim gate's model lets
through, told by its structure.

``others_moment``: a clause that is only how someone takes the news right now, said as "<someone> is <a feeling of
the moment>" ("my manager is sulking", "the dog is not impressed", "mum's over the moon", "he was mortified, bless
him"), with at most what the feeling is about after it ("she's raging about the filter"); or, right after the
assistant's statement, someone already busy with what is coming ("he's already packing lol", "mum is already planning
what to cook"). Nothing in it lasts: the feeling passes, the eagerness is a reaction to what was just said. A
lasting feeling names its object with "of" or "with" ("she's scared of dogs", "he's obsessed with trains") and is
not read here; after the user's own turn or in a longer turn an "already ..." clause may report a fact ("she's
already getting the single person discount"), so the eagerness reading waits for the assistant's statement.

Refused, like the comment readings (``small_talk_comment.py``), by a slot, a date, an amount, a number, a report, a
flag, a rule or a change in the clause; not by a name or a relation, which only say who feels ("Dario is thrilled",
"my mum's sulking"). Reads the gate's features of the clause (``gate.features``); not a fitted model."""

from __future__ import annotations

import re

from .small_talk_comment import _after_statement

__all__ = ["others_moment"]

#: Words a reaction may open on before its subject ("haha my wrists ...", "yesss. mum is ...").
_LEAD = (r"^\W*(?:(?:oh|ah+|aw+|ugh+|omg|god|man|honestly|tbh|ngl|lol|lmao|haha\w*|ha+|hehe\w*|well|so|and|but|yeah|yea|ya|"
         r"yes+|welp|wow|ok|okay|right|anyway|bless)\W+)*")
#: Who: a few words ending in the verb "to be" ("my manager is", "Fin's dad is", "the dogs are", "he's", "she was").
_WHO = r"(?:[\w'-]+\s+){0,3}?[\w'-]+(?:'s|s|\s+is|\s+are|'re|\s+was|\s+were|'m|\s+am)"
_DEGREE = (r"(?:\s+(?:so|very|really|absolutely|totally|well|proper|properly|already|still|just|more|beyond|quite|a\s+bit|"
           r"literally|actually|honestly|bloody|soo+|not|NOT))*")
#: A feeling of the moment: how the news is taken (delight, anger, upset, sulking), not a lasting trait or fear.
_FEELING = (r"(?:thrilled|chuffed|stoked|buzzing|over\s+the\s+moon|delighted|ecstatic|excited|raging|fuming|livid|furious|"
            r"seething|sulking|gutted|heartbroken|devastated|mortified|horrified|traumati[sz]ed|unimpressed|impressed|amused|"
            r"(?:so|very|really)\s+happy|happy\s+(?:now|again)|beside\s+(?:himself|herself|themselves)|in\s+heaven|loving\s+it|"
            r"in\s+(?:his|her|their)\s+element|living\s+(?:his|her|their)\s+best\s+life)")
#: What may trail it: what the feeling is about ("about the filter"), a laugh, a blessing, a word of now.
_TAIL = (r"(?:\s+(?:about|at|over)\s+[^,;.!?]{1,40}?)?"
         r"(?:\W+(?:lol|lmao|haha\w*|ha+|hehe\w*|tbh|honestly|bless\s+(?:him|her|them)|already|now|rn|again|obviously|though|"
         r"tho|ngl|omg|as\s+usual))*[\W\d]*$")
_FEELS = re.compile(_LEAD + _WHO + _DEGREE + r"\s+" + _FEELING + r"\b" + _TAIL, re.I)
#: Someone already busy with what is coming, said of anyone but the speaker ("he's already packing", "partner is
#: already picking paint colours").
_EAGER = re.compile(_LEAD + r"(?!(?:i|we)\b)" + _WHO + r"\s+already\s+\w+ing\b", re.I)
#: What keeps such a clause: anything checkable in it. A name or a relation only says who.
_KEEPS = ("slot", "likes_slot", "concrete_time", "unit_number", "number", "reported", "info_mark", "procedure", "change",
          "rule_word")


def others_moment(values: dict[str, float], clause: str, *, role: str, prev_role: str | None, prev: str | None) -> bool:
    """Whether ``clause`` is only how someone takes the news right now (a feeling of the moment, or already busy with
    what is coming after the assistant's statement), with nothing checkable in it."""
    if role == "assistant" or any(values.get(k) for k in _KEEPS):
        return False
    c = clause.strip()
    if _FEELS.match(c):
        return True
    return _after_statement(role, prev_role, prev) and bool(_EAGER.match(c))
