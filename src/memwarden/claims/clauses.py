"""Sentences and clauses of a turn (the first step of the offline extractor).

Sentences split at end punctuation, ";", newlines and dashes before a capital; clauses at
coordinations that start a new subject ("..., and I", " but my"), comma splices ("I'm on 50 mg
now, my doctor upped it"), participles ("..., staying in Shinjuku") and trailing tag questions
("..., have you been?"). Two subjects ("My band and I were") and fronted phrases ("After the
concert, we went home") are not split.
"""

from __future__ import annotations

import re

from . import lexicon as L

__all__ = ["split_clauses", "sentence_clauses", "APOS"]

APOS = str.maketrans({"\u2019": "'", "\u2018": "'", "\u201c": '"', "\u201d": '"'})
_WORDS = re.compile(r"[A-Za-z0-9]+")
_FRONTED = re.compile(r"^\s*(?:according|apparently|honestly|luckily|unfortunately|sadly|basically|also|plus|btw|"
                      r"after|before|since|when|whenever|while|if|because|as|in|on|at|during|once|until|"
                      r"although|though|for|by|with|without|like|unlike|despite|from|over|last|next|this|every)\b", re.I)


#: "letter from the surgery came: 'Your total cholesterol is 6.2 ... Please book a follow-up.'": a
#: quoted passage from a written source, closing at the end of the turn.
_QUOTED_DOC = re.compile(rf"^(?P<head>(?:.*?[.!?;]\s+)?)(?P<doc>[^.!?;]{{0,80}}?\b{L.DOC_NOUN}\b[^.!?;:]{{0,60}}?(?:says|said|reads|:)\s*)"
                         r"(?P<quote>(?P<q>['\"]).{10,600}(?P=q))[\s.!]*$", re.I | re.S)


def split_clauses(text: str) -> list[str]:
    """Sentences, then clauses; a statement keeps its trailing tag question split off."""
    return [c for _, c in sentence_clauses(text)]


def sentence_clauses(text: str) -> list[tuple[int, str]]:
    """(sentence number, clause) pairs: a frame ("the letter says") carries over its sentence."""
    text = text.translate(APOS)
    if "." in text:
        text = L.ABBREV.sub(lambda m: m.group(0)[:-1] + "\x00", text)
    out: list[tuple[int, str]] = []
    q = _QUOTED_DOC.match(text)
    if q:  # a document quoted whole is one piece of testimony: its sentences stay together
        text = q.group("head").strip()
        for n, c in sentence_clauses(text)[:-1] if text else []:
            out.append((n, c))
        last = sentence_clauses(text)[-1] if text else None
        n = last[0] if last else 0
        quoted = q.group("doc") + q.group("quote")
        out.append((n, quoted.replace("\x00", ".").strip()))
        return out
    for n, sent in enumerate(L.SENT_SPLIT.split(text)):
        sent = sent.replace("\x00", ".").strip()
        if not sent:
            continue
        for part in L.TAG_QUESTION.split(sent, maxsplit=1):
            pieces: list[str] = []
            pos = 0
            for m in L.CLAUSE_SPLIT.finditer(part):
                left = part[pos:m.start()]
                if len(_WORDS.findall(left)) <= 2 and not pieces:
                    continue  # "My band and I were jamming": two subjects, not two clauses
                if m.group(0).lstrip().startswith(",") and len(_WORDS.findall(left)) < 2 and "," not in m.group(0)[1:]:
                    if not re.match(r",\s*(?:and|but|so|because)", m.group(0)):
                        continue  # "Since last week, I've been vegan": the head is not a clause
                if m.group(0).lstrip().startswith(",") and _FRONTED.match(left):
                    continue  # "After the concert in Dublin, we went home"
                pieces.append(left)
                pos = m.end()
            pieces.append(part[pos:])
            out += [(n, c.strip()) for c in pieces if c.strip()]
    return out
