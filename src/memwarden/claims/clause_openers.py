"""What opens a clause and says nothing of its fact, taken off before the offline extractor reads it.

Emoji and symbols, interjections ("Haha, oh well, sounds good, I moved"), a short chit-chat head
before a comma or colon, a heading ("New year, new me: I signed up at FitHub"), a speaker addressed
by name ("John, that looks awesome") and a closing relevance flag ("..., if that matters for your
advice"). Called by ``rules.RuleExtractor`` on every clause before its frame and subject are read.
"""

from __future__ import annotations

import re

from . import lexicon as L
from .clauses import FRAGMENT

__all__ = ["strip_openers"]

_HEADING = re.compile(r"^[^:]{1,40}?:\s+(?=\S)")
_VOCATIVE = re.compile(r"^([A-Z][a-z]+)\s*[,!]\s*")
_CHIT_HEAD = re.compile(r"^[^,!.:;—–-]{0,40}[,!.:;—–-]\s*(?=\S)")
_REPLY_HEAD = re.compile(r"^(?:perfect|great|good|nice|cool|awesome|lovely|brilliant|thx|thanks|thank|ty|ok|okay|sure|yes|yep|"
                         r"yeah|no|nah|alright)\w*\b", re.I)


#: What a clause says after a chat head with no comma that makes it a fact of its own (session 22): a number, a day
#: or month, "next week", or a capitalised name inside ("nvm the quiz is still on friday", "love that the library is
#: 24/7 in exams", "have to go into Molde three times next week"). Without one, the whole clause stays chit-chat.
_DATED_REST = re.compile(r"\d|(?<=\w\s)[A-Z][a-z]{2,}\b|\b(?i:(?:mon|tues|wednes|thurs|fri|satur|sun)day|january|february|march|"
                         r"april|june|july|august|september|october|november|december|next\s+(?:week|month|year))\b")


def strip_openers(text: str, role: str, names: set[str]) -> tuple[str, bool, bool] | None:
    """``text`` (a stripped clause) without its openers, whether a heading was taken off, and whether it was
    led by chat (an interjection was stripped off its head, or it opens with an appraisal or thanks: "perfect
    thx", "great idea"); None when the whole clause is chit-chat. ``names``: the call's speakers."""
    c = text
    prev, headed = None, False
    while prev != c:  # "Haha, oh well, sounds good, I moved" -> "I moved"
        prev = c
        c = L.SYMBOL_HEAD.sub("", c)  # emoji and symbols opening a clause say nothing: "🌅🌺 Good Morning ..."
        cm, lm = L.CHITCHAT.match(c), L.LEAD.match(c)
        if cm and not (lm and lm.end() >= cm.end()):  # more than an interjection LEAD strips
            head = _CHIT_HEAD.match(c)
            if not head or len(head.group(0).split()) > 6:
                rest = c[cm.end():]
                if (_DATED_REST.search(rest) and len(rest.split()) >= 6
                        and not L.WISH_SCOPE.search(c[:cm.end()])):  # "fingers crossed the ferry isn't late on the 14th" asserts nothing
                    c = rest.lstrip(" ,")  # "nvm the quiz is still on friday, chapters 7-9": the chat head goes
                    continue
                return None  # the whole clause is chit-chat
            c = c[head.end():]
            if L.HANGING.match(c):
                return None  # a condition on the chit-chat before it: "Happy Easter to you, if a bot can have one"
        c = L.LEAD.sub("", c, count=1).strip()
        if ((hm := _HEADING.match(c)) and not L.DOC_COLON.match(c) and hm.group(0).count("'") % 2 == 0
                and hm.group(0).count('"') % 2 == 0 and not (role == "assistant" and L.ACK.match(c))
                and not _HEADING.match(c[hm.end():])  # "Due date: 27 Nov | Owner: Mira" is a record, not a heading
                and not FRAGMENT.match(c[hm.end():])):  # "result: not allergic": the label is what the value is of
            c, headed = c[hm.end():], True  # "New year, new me: I signed up at FitHub" -> "I signed up at FitHub"
        if (vm := _VOCATIVE.match(c)) and vm.group(1) in names:
            c = c[vm.end():]  # "John, that looks awesome" -> "that looks awesome"
    c = L.RELEVANCE.sub("", c).rstrip(" .!…")  # "..., if that matters for your advice": a flag, not the addressee
    led_by_chat = len(c) < len(text.rstrip(" .!…")) or bool(_REPLY_HEAD.match(c))
    return c, headed, led_by_chat
