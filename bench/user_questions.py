"""Questions and verdicts about the USER against another person's line on the same matter (session 20, issues 10/11).

The reverse of bench/third_party_questions.py: the user states a fact ("I live in Leeds") and, in another session,
mentions a friend or relative with a fact of the same kind, introduced in one of several everyday ways ("my mate Tom
just moved to Bristol", "my brother Luis lives in Bristol", "Tom told me he lives in Bristol", "Katrin lives in
Bristol", or Tom's own named turn). Probes: the user's own fact first for the user's question ("where do I live?",
and "where does Robin live?" when the user's name is known), the other person's fact first for a question naming
them, and a verdict about the user carrying only the other person's value ("The user lives in Bristol") with the
user's own fact absent: UNKNOWN expected, never TRUE. Conversations written for the branch, not from any eval set.

    PYTHONPATH=src python bench/user_questions.py [--set tuned|fresh] [--verbose]

``tuned`` (10 matters x 6 ways in, both orders) was written first and the steps built on it; ``fresh`` (8 other
matters, 6 other ways in) was written after and never tuned on.
"""

from __future__ import annotations

import argparse
from datetime import datetime, timezone
from collections import Counter

# (key, user line, user value, other value, other's fact as a clause (3rd person, no subject), as said first-hand,
#  user question, question about the other (with {who}), verdict about the user with the other's value)
CASES = [
 ("live", "I live in Leeds, near the university", "Leeds", "Bristol",
  "just moved to Bristol", "I just moved to Bristol",
  "where do I live?", "where does {who} live?", "The user lives in Bristol"),
 ("car", "I drive a grey Skoda estate", "Skoda", "Tesla",
  "bought a red Tesla", "I bought a red Tesla",
  "what car do I drive?", "what car does {who} have?", "The user drives a red Tesla"),
 ("dentist", "my dentist is Dr Akande on Mill Lane", "Akande", "Novak",
  "sees Dr Novak as a dentist", "my dentist is Dr Novak",
  "what's my dentist called?", "who is {who}'s dentist?", "The user's dentist is Dr Novak"),
 ("work", "I work at Fenwick Insurance in the claims team", "Fenwick", "Harrow",
  "works at Harrow Engineering now", "I work at Harrow Engineering now",
  "where do I work?", "where does {who} work?", "The user works at Harrow Engineering"),
 ("dog", "my dog is a spaniel called Rolo", "Rolo", "Mabel",
  "has a greyhound called Mabel", "I have a greyhound called Mabel",
  "what's my dog called?", "what is {who}'s dog called?", "The user has a greyhound called Mabel"),
 ("allergy", "I'm allergic to peanuts", "peanuts", "latex",
  "is allergic to latex", "I'm allergic to latex",
  "what am I allergic to?", "what is {who} allergic to?", "The user is allergic to latex"),
 ("team", "I support Leeds United", "United", "Celtic",
  "supports Celtic, season ticket holder", "I support Celtic, season ticket holder",
  "which team do I support?", "which team does {who} support?", "The user supports Celtic"),
 ("job", "I work as a pharmacist", "pharmacist", "electrician",
  "is an electrician", "I'm an electrician",
  "what's my job?", "what does {who} do for work?", "The user is an electrician"),
 ("phone", "my phone is an old iPhone 11", "iPhone", "Galaxy",
  "got a Samsung Galaxy S24", "I got a Samsung Galaxy S24",
  "what phone do I have?", "what phone does {who} have?", "The user has a Samsung Galaxy S24"),
 ("instrument", "I play the violin on weekends", "violin", "drums",
  "plays the drums in a covers band", "I play the drums in a covers band",
  "what instrument do I play?", "what instrument does {who} play?", "The user plays the drums"),
]

# Written after the step was built and never tuned on: other matters, other wording, other ways in.
FRESH_CASES = [
 ("bank", "I bank with Starling", "Starling", "Lloyds",
  "banks with Lloyds", "I bank with Lloyds",
  "who do I bank with?", "who does {who} bank with?", "The user banks with Lloyds"),
 ("commute", "I get the 52 bus to work", "bus", "ferry",
  "takes the ferry to work every morning", "I take the ferry to work every morning",
  "how do I get to work?", "how does {who} get to work?", "The user takes the ferry to work"),
 ("hometown", "I grew up in Dundee", "Dundee", "Truro",
  "grew up in Truro", "I grew up in Truro",
  "where did I grow up?", "where did {who} grow up?", "The user grew up in Truro"),
 ("diet", "I'm pescatarian", "pescatarian", "vegan",
  "went vegan in January", "I went vegan in January",
  "what's my diet?", "what does {who} eat?", "The user is vegan"),
 ("language", "I'm learning Japanese on Duolingo", "Japanese", "Italian",
  "is learning Italian at night school", "I'm learning Italian at night school",
  "which language am I learning?", "which language is {who} learning?", "The user is learning Italian"),
 ("hairdresser", "my hairdresser is Nina at Cutting Room", "Nina", "Marcus",
  "gets his hair cut by Marcus at Fade Lab", "Marcus at Fade Lab cuts my hair",
  "who cuts my hair?", "who cuts {who}'s hair?", "The user's hair is cut by Marcus"),
 ("uni", "I studied history at Exeter", "Exeter", "Durham",
  "studied law at Durham", "I studied law at Durham",
  "where did I go to uni?", "where did {who} go to uni?", "The user studied at Durham"),
 ("bike", "I ride a Brompton", "Brompton", "Trek",
  "rides a Trek road bike", "I ride a Trek road bike",
  "what bike do I ride?", "what bike does {who} ride?", "The user rides a Trek"),
]

# How the other person comes in: (form, who, the user's line given the clause) or a first-hand named turn.
FRESH_FORMS = [
 ("older-sister", "Ana", lambda c: f"my older sister Ana {c}"),
 ("apposed", "Ben", lambda c: f"Ben, my flatmate, {c}"),
 ("colleague", "Rosa", lambda c: f"my colleague Rosa {c}"),
 ("bare", "Yusuf", lambda c: f"Yusuf {c}"),
 ("relay", "Dev", lambda c: f"Dev was saying he {c}"),
 ("said", "Hana", None),
]
FORMS = [
 ("mate", "Tom", lambda c: f"my mate Tom {c}"),
 ("brother", "Luis", lambda c: f"my brother Luis {c}"),
 ("sister-in-law", "Priya", lambda c: f"my sister-in-law Priya {c}"),
 ("bare", "Katrin", lambda c: f"Katrin {c}"),
 ("relay", "Owen", lambda c: f"Owen told me he {c}"),
 ("said", "Nadia", None),
]


def _conv(case, form, user_first: bool, with_user: bool, named: str | None):
    key, ul, uv, ov, clause, firsthand, uq, tq, vclaim = case
    fname, who, make = form

    def u(text):
        return {"role": "user", "content": text, **({"name": named} if named else {})}
    user_ses = [u(ul), {"role": "assistant", "content": "Thanks, noted."}]
    if make is None:
        other_ses = [u("my friend is here, she wants to say hi"), {"role": "user", "name": who, "content": firsthand},
                     u("ok it's me again"), {"role": "assistant", "content": "Welcome back."}]
    else:
        other_ses = [u(make(clause)), {"role": "assistant", "content": "Oh nice."}]
    sessions = ([user_ses, other_ses] if user_first else [other_ses, user_ses]) if with_user else [other_ses]
    return who, sessions


def run(verbose: bool, fresh: bool = False) -> None:
    from memwarden import Memory
    from memwarden.config import MemoryConfig
    from memwarden.evals.scenario_systems import make_embedder

    emb = make_embedder("minilm")
    counts: Counter = Counter()
    totals: Counter = Counter()
    for named in (None, "Robin"):
        mode = "username" if named else "plain"
        for case in (FRESH_CASES if fresh else CASES):
            for form in (FRESH_FORMS if fresh else FORMS):
                for user_first in (True, False):
                    m = Memory(config=MemoryConfig(database=":memory:", embedder="minilm"), embedder=emb)
                    who, ses = _conv(case, form, user_first, True, named)
                    for i, s in enumerate(ses):
                        m.add(s, user_id="u", timestamp=datetime(2025, 3, 1 + 7 * i, 10, tzinfo=timezone.utc),
                              user_name=named)
                    uv, ov = case[2], case[3]

                    def first(q):
                        hits = m.search(q, user_id="u", limit=5).results
                        for h in hits:
                            t = h.memory.lower()
                            if uv.lower() in t or ov.lower() in t:
                                return "user" if uv.lower() in t and ov.lower() not in t else "other" if ov.lower() in t and uv.lower() not in t else "both"
                        return "none"
                    qs = [("user-q", case[6], "user")]
                    if named:
                        qs.append(("name-q", case[7].format(who=named), "user"))
                    qs.append(("other-q", case[7].format(who=who), "other"))
                    for cat, q, want in qs:
                        got = first(q)
                        k = (mode, cat, form[0])
                        totals[k] += 1
                        counts[k] += got == want
                        if verbose and got != want:
                            print(f"MISS {mode} {cat} {form[0]} {'uf' if user_first else 'of'} {case[0]}: {q!r} -> {got}")
                    m.close()
                # verdict with only the other's line
                m = Memory(config=MemoryConfig(database=":memory:", embedder="minilm"), embedder=emb)
                who, ses = _conv(case, form, True, False, named)
                m.add(ses[0], user_id="u", timestamp=datetime(2025, 3, 1, 10, tzinfo=timezone.utc), user_name=named)
                v = m.verdict(case[8], user_id="u").verdict
                k = (mode, "verdict-not-true", form[0])
                totals[k] += 1
                counts[k] += v != "TRUE"
                if verbose and v == "TRUE":
                    print(f"MISS {mode} verdict {form[0]} {case[0]}: {case[8]!r} -> {v}")
                m.close()
    cats = sorted({(k[1], k[2]) for k in totals})
    for mode in ("plain", "username"):
        tot_c = tot_t = 0
        for cat, form in cats:
            k = (mode, cat, form)
            if totals[k]:
                print(f"{mode:9s} {cat:17s} {form:14s} {counts[k]:3d}/{totals[k]}")
        for cat in sorted({c for c, _ in cats}):
            c = sum(counts[(mode, cat, f)] for f, *_ in (FRESH_FORMS if fresh else FORMS))
            t = sum(totals[(mode, cat, f)] for f, *_ in (FRESH_FORMS if fresh else FORMS))
            if t:
                print(f"{mode:9s} {cat:17s} {'ALL':14s} {c:3d}/{t}")


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--verbose", action="store_true")
    ap.add_argument("--set", choices=("tuned", "fresh"), default="tuned")
    a = ap.parse_args()
    run(a.verbose, a.set == "fresh")
