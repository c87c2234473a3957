"""The stance detector's short cuts give the answer its full rules give.

``_no_contact`` answers pairs that share no word and no value before the rules run, and
``_antonym`` finds prefixed opposites through per-text roots: both are speed only, so any
difference from the rules (or from the plain prefix scan) is a bug.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from memwarden.trust.stance import _no_contact, _rules, detect_stance, features
from memwarden.trust.stance_lexicon import _NEG_PREFIXES, _antonym

EVALS = Path(__file__).resolve().parent.parent / "evals"


def _texts() -> list[str]:
    out: list[str] = []
    for path in sorted(EVALS.glob("*/stance_pairs.jsonl")):
        for line in path.read_text().splitlines():
            if line.strip():
                row = json.loads(line)
                out += [row["a"], row["b"]]
    return list(dict.fromkeys(out))


def _sample(n: int = 4000) -> list[tuple[str, str, float | None]]:
    texts = _texts()
    rng = random.Random(7)
    cosines: list[float | None] = [None, 0.2, 0.39, 0.4, 0.45, 0.54, 0.55, 0.62, 0.7, 0.85]
    pairs = [(a, b, rng.choice(cosines)) for a, b in zip(texts[::2], texts[1::2])]
    pairs += [(rng.choice(texts), rng.choice(texts), rng.choice(cosines)) for _ in range(n)]
    return pairs


def test_no_contact_answers_as_the_rules_do() -> None:
    answered = 0
    for a, b, cos in _sample():
        fa, fb = features(a), features(b)
        quick = _no_contact(fa, fb, cos)
        if quick is not None:
            answered += 1
            assert quick == _rules(fa, fb, cos), (a, b, cos)
    # The short cut must actually take most cross pairs, or it measures nothing.
    assert answered > 1000


def test_short_cut_leaves_pairs_that_share_a_word_to_the_rules() -> None:
    fa, fb = features("I moved to Paris"), features("I moved to Rome")
    assert _no_contact(fa, fb, 0.8) is None
    assert detect_stance("I moved to Paris", "I moved to Rome", cosine=0.8).label == "contradict"
    # No word and no value in common, and the embedding says another topic.
    st = detect_stance("the boiler was serviced", "my sister plays the cello", cosine=0.1)
    assert (st.label, st.reason) == ("unrelated", "no shared content")


def _antonym_plain(only_a: frozenset[str], only_b: frozenset[str]) -> tuple[str, str] | None:
    # The prefix scan _antonym replaced, without the antonym table (tested on words outside it).
    for x in only_a:
        if len(x) >= 3:
            for p in _NEG_PREFIXES:
                if p + x in only_b:
                    return x, p + x
    for y in only_b:
        if len(y) >= 3:
            for p in _NEG_PREFIXES:
                if p + y in only_a:
                    return p + y, y
    return None


def test_prefixed_opposites_found_as_the_plain_scan_finds_them() -> None:
    rng = random.Random(3)
    roots = ["lock", "tidy", "pack", "agree", "tended", "mature", "stall", "sens", "ab"]
    words = roots + [p + r for r in roots for p in _NEG_PREFIXES] + ["window", "ironing", "unit"]
    for _ in range(3000):
        all_a = frozenset(rng.sample(words, rng.randint(1, 6)))
        all_b = frozenset(rng.sample(words, rng.randint(1, 6)))
        only_a, only_b = all_a - all_b, all_b - all_a
        assert _antonym(only_a, only_b, all_a, all_b) == _antonym_plain(only_a, only_b)
