"""The name the scope's user goes by (session 18; issue 10 item 1, issue 11 item 4).

mem0-style callers name their user's turns: ``{"role": "user", "name": "Maya", ...}``. The scenario
format (SCENARIOS.md) reads a named user-role turn as a third party speaking, and unnamed user turns
as the user. A scope learns its user's name two ways, and only these:

- ``Memory.add(..., user_name="Maya")``: stored per scope (``scopes.user_name``) in the add's own
  write, kept by later adds, searches and verdicts until another ``user_name`` replaces it
  (``delete_all`` / ``reset`` forget it);
- a user-role turn whose ``name`` is the ``user_id`` itself, compared without case, spaces or
  punctuation (user_id ``"maya"`` or ``"Maya_K"`` and name ``"Maya"`` / ``"Maya K"``); stored the
  same way when the scope has no name yet. A name that only shares a prefix with the user_id
  (``"maya_k"`` / ``"Maya"``) is not the user: a third party may share the user's first name.

With a name known, user-role turns spoken under it (or under the user_id) are the user's own
turns, read exactly as unnamed user turns are (:func:`as_users_turns` drops the name before
episodes and claims are built, so their claims say "the user" and carry no speaker); every other
named user-role turn is a third party, whatever a single call holds (the per-call guess
``claims.service._user_name``, "one name speaks for every user turn", is not made). Without a
known name nothing changes. A question or a verdict's claim naming the user ("Where does Maya
live?", "Maya's dentist is Dr Okafor") is read with the name as "the user" (:func:`about_user`).
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any, Sequence

from .errors import InvalidInputError
from .lexicon.calendar import MONTHS
from .models import Turn

__all__ = ["MAX_USER_NAME_CHARS", "check_user_name", "same_person", "users_names", "as_users_turns", "read_turns",
           "about_user", "users_own_word"]

#: A person's name, not a document: longer ones are refused with a clear error.
MAX_USER_NAME_CHARS = 100


def check_user_name(value: Any) -> str | None:
    """``user_name`` as given to ``add``: None, or a name of 1..100 characters with a letter, one line."""
    if value is None:
        return None
    if not isinstance(value, str):
        raise InvalidInputError(f"user_name must be a string, got {type(value).__name__}")
    name = value
    if not name.strip():
        raise InvalidInputError("user_name is empty")
    name = " ".join(name.split())
    if len(name) > MAX_USER_NAME_CHARS:
        raise InvalidInputError(f"user_name has {len(name):,} characters; the limit is {MAX_USER_NAME_CHARS}")
    if any(unicodedata.category(ch).startswith("C") for ch in value) or not any(ch.isalpha() for ch in name):
        raise InvalidInputError("user_name must be a name: letters, on one line, no control characters")
    return name


def _key(name: str) -> str:
    """A name compared without case, spaces or punctuation: "Maya K." = "maya_k" = "MayaK"."""
    return "".join(ch for ch in unicodedata.normalize("NFKC", name).casefold() if ch.isalnum())


def same_person(a: str | None, b: str | None) -> bool:
    return bool(a and b and _key(a) and _key(a) == _key(b))


def users_names(turns: Sequence[Turn], user_id: str, known: str | None) -> tuple[set[str], str | None]:
    """The names the user speaks under in this call (normalised keys) and the name to remember
    for the scope when it has none yet (a turn named as the user_id)."""
    keys = {_key(known)} if known else set()
    learned = None
    for t in turns:
        if (t.role or "user") == "user" and t.name and same_person(t.name, user_id):
            keys.add(_key(t.name))
            learned = learned or (None if known else " ".join(t.name.split()))
    return keys, learned


def as_users_turns(turns: Sequence[Turn], keys: set[str]) -> list[Turn]:
    """The user's named turns as the user's own: the name dropped, everything else as given."""
    return [t.model_copy(update={"name": None}) if (t.role or "user") == "user" and t.name and _key(t.name) in keys
            else t for t in turns]


def read_turns(store: Any, user_id: str, turns: list[Turn], user_name: str | None) -> tuple[list[Turn], str | None, bool]:
    """One add call's turns with the user's named ones read as the user's own; the name to store for
    the scope (``user_name`` when it is new, else one learned from a turn named as the user_id when
    the scope has none; None when nothing changes); and whether the user has a known name at all."""
    stored = store.user_name(user_id)
    keys, learned = users_names(turns, user_id, user_name or stored)
    if not keys:
        return turns, None, False
    remember = (None if user_name == stored else user_name) if user_name else learned
    return as_users_turns(turns, keys), remember, True


#: What a capitalised word is not a person's name before: a pronoun, article or number ("May I ...",
#: "Will you ...", "Mark the invoice ...", "Bill me later", "May 3rd").
_NOT_A_NAME_AFTER = re.compile(r"\s+(?:I|me|we|us|you|he|him|she|her|it|they|them|this|that|these|those|the|a|an|"
                               r"my|your|our|his|its|their|some|any|all|\d)\b|\s*\d", re.I)
#: A title before it: "Dr Maya", "Mrs Robin" are someone else of that name.
_TITLE_BEFORE = re.compile(r"\b(?:Dr|Doctor|Mr|Mrs|Ms|Miss|Mx|Prof|Professor|Sir|Dame|Saint|St|Aunt|Auntie|Uncle|"
                           r"Nurse|Coach|Father|Sister|Brother)\.?\s+$", re.I)


def about_user(text: str, name: str | None) -> str:
    """``text`` with the user's own name read as "the user" ("Where does Maya live?" → "Where does
    the user live?"; "Maya's dentist" → "the user's dentist"). Only the whole name, capitalised as a
    name is ("where does maya live" and "I may go" stay as they are); never a longer name starting
    with it ("Maya Lopez"), a name after a title ("Dr Maya"), a word before a pronoun, article or
    number ("May I", "Will you", "Mark the invoice"), nor a name that is a month."""
    if not name or name.casefold() in MONTHS:
        return text
    words = name.split()
    pat = re.compile(r"(?<![\w-])" + r"\s+".join(f"{re.escape(w[0].upper())}(?i:{re.escape(w[1:])})" for w in words)
                     + r"(?![\w-]|\s+[A-Z][a-z])")

    def swap(m: re.Match[str]) -> str:
        if _NOT_A_NAME_AFTER.match(text, m.end()) or _TITLE_BEFORE.search(text, 0, m.start()):
            return m.group(0)
        return "the user"

    return pat.sub(swap, text)


def users_own_word(found: Any, name: str | None) -> Any:
    """A verdict's search result with the user's own hits read as the user's: a hit from a user turn
    whose speaker is the user's name (stored before the name was known, or under the per-call guess)
    loses the name, so a claim saying "the user" / "I" is not read as someone else's matter."""
    if not name or not any(h.speaker and same_person(h.speaker, name) for h in found.results):
        return found
    return found.model_copy(update={"results": [
        h.model_copy(update={"speaker": None}) if str(h.source) == "user" and same_person(h.speaker, name) else h
        for h in found.results]})
