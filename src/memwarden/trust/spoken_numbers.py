"""Numbers said in words, as digits: the first step of :func:`.typed_values.extract_values`.

"twelve hundred" -> 1200, "twenty-five" -> 25, "a hundred and twenty" -> 120; a lone "one" after
"no", "any", "the"... is a pronoun and stays a word. Session 10 (issue 11): a price or a year said
in pairs is its digits ("a three-fifty fine" = 350, "nineteen eighty"), a time after a clock word
("at ten fifteen" = 10:15); digits said one at a time with "oh" ("room one oh eight" = 108); halves
("half a tablet" = 0.5, "eight and a half thousand" = 8500); lakh and crore, and a figure times its
scale word ("1.8 million").
"""

from __future__ import annotations

import re

__all__ = ["pronoun_one_and_ordinals", "words_to_digits"]

_UNITS = {w: i for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
    "seventeen eighteen nineteen".split())}
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80,
         "ninety": 90}
_SCALES = {"hundred": 100, "thousand": 1000, "million": 1_000_000, "k": 1000, "grand": 1000, "lakh": 100_000,
           "crore": 10_000_000}
_NUMWORD = "|".join(sorted([*_UNITS, *_TENS], key=len, reverse=True))
#: A run of number words ("twelve hundred", "two thousand five hundred", "twenty-five", "a hundred").
_WORD_RUN = re.compile(
    rf"\b(?:(?:a|one) )?(?:{_NUMWORD}|hundred|thousand|million)(?:(?:[ -]|\band\b| and )+(?:{_NUMWORD}|hundred|thousand|million|lakh|crore))*\b")
#: "one" as a pronoun or determiner, not a count: "no one", "the one", "one of them", "one day".
_PRONOUN_ONE = re.compile(r"\b(?:no|any|every|some|the|this|that|which|each|another|a|first|second|last|next|other|"
                          r"same|new|old|big|small|right|wrong) one\b|\bone (?:of|another|day|"
                          r"time|way|thing|more)\b|\bone(?=[-'])|(?<=\ba )[\w-]+ one\b")


def _run_value(run: str, pairs: bool = True) -> list[int] | None:
    """The run's value; ``pairs=False``: a number said after another ("ten twenty people") is a number of
    its own, not the other's last two digits."""
    total = current = 0
    seen = False
    prev = ""
    done: list[int] = []
    for w in re.split(r"[ -]+", run.replace(" and ", " ")):
        if w in ("a", "and", ""):
            continue  # "a hundred": the scale word counts it once (max(current, 1))
        pair = (w in _TENS or w in _UNITS and _UNITS[w] >= 10) and 0 < current < 100 and prev not in _SCALES
        if pair and not pairs:
            done.append(total + current)
            total = current = 0
            pair = False
        if pair and w in _UNITS:
            current = current * 100 + _UNITS[w]  # "ten fifteen", "nineteen twelve"
        elif w in _UNITS:
            current += _UNITS[w]
        elif pair:
            # Tens after a number are its last two digits, never a sum: a spoken price or year
            # ("a three-fifty fine" = 350, "four-twenty a week", "nineteen eighty"); sums run
            # tens first ("fifty-three").
            current = current * 100 + _TENS[w]
        elif w in _TENS:
            current += _TENS[w]
        elif w in _SCALES:
            scale = _SCALES[w]
            if scale == 100:
                current = max(current, 1) * 100
            else:
                total += max(current, 1) * scale
                current = 0
        else:
            return None
        seen = True
        prev = w
    return [*done, total + current] if seen else None


#: Digits said one at a time with "oh" for zero: "room one oh eight" = 108.
_DIGIT_WORDS = "zero one two three four five six seven eight nine".split()
_SPOKEN_DIGITS = re.compile(r"\b(?:" + "|".join(_DIGIT_WORDS) + r"|oh)(?:[ -](?:" + "|".join(_DIGIT_WORDS) + r"|oh)){2,}\b")
#: A half said with its whole: "eight and a half thousand" = 8500, "a tablet and a half" = 1.5,
#: "half a tablet" = 0.5 ("half six" is a clock time, read later).
_AND_A_HALF = re.compile(r"\b(\d+) and a half(?: (100|1000|1000000|grand|k|lakh|crore)\b)?")
_A_THING_AND_A_HALF = re.compile(r"\b(?:a|one) (\w+) and a half\b")
_HALF_A = re.compile(r"\bhalf an? (?=[a-z])")
#: A figure times its scale word: "1.8 million" = 1800000.
_TIMES_SCALE = re.compile(r"(?<![\w.,])(\d+(?:\.\d+)?) (thousand|million|lakh|crore)\b")
_CLOCK_BEFORE = re.compile(r"\b(?:at|by|until|till|from|around|it was|it's|it is|left|leave|leaving) $")
#: What makes a pair of numbers one number ("a three-fifty fine", "quoted two-eighty", "four-twenty a week"):
#: a price word or "a" before, a rate or currency after, a hyphen between, or a year's first half
#: ("nineteen eighty", not a list "fifteen seventeen and nineteen"); with none, "ten twenty people" and
#: "ten twelve and fourteen" are numbers each.
_PRICE_BEFORE = re.compile(r"(?:[£$€]|\b(?:a|an|was|is|costs?|costing|quoted|paid|pay|pays|charged?|charges|price|"
                           r"fine|for|about|around|only|just|spent|under|over)(?: me| us| him| her| them)? )$")
_PRICE_AFTER = re.compile(r" (?:a (?:week|month|year|day|night|head|pop)|an hour|per|each|quid|bucks|dollars|pounds|"
                          r"euros|pence|p|for|in total|all in)\b")
_YEAR_FIRST = re.compile(r"(?:fifteen|sixteen|seventeen|eighteen|nineteen|twenty)[ -](?!.* and )")


def _spoken_digits(m: re.Match[str]) -> str:
    said = m.group(0).split(" ") if " " in m.group(0) else m.group(0).split("-")
    if "oh" not in said or said[0] == "oh":
        return m.group(0)
    return "".join("0" if w == "oh" else str(_DIGIT_WORDS.index(w)) for w in said)


def _halves(text: str) -> str:
    if "half" not in text:
        return text
    text = _AND_A_HALF.sub(lambda m: _magnitude(str(int(m.group(1)) + 0.5), None) if not m.group(2) else
                           str(int((int(m.group(1)) + 0.5) * _SCALES.get(m.group(2), int(m.group(2) if m.group(2).isdigit() else 1)))), text)
    text = _A_THING_AND_A_HALF.sub(r"1.5 \1", text)
    return _HALF_A.sub("0.5 ", text)


def words_to_digits(low: str) -> str:
    """Number words in a lower-cased text as digits, pronoun "one" kept."""
    if any(w in low for w in (" million", " thousand", " lakh", " crore")):
        low = _TIMES_SCALE.sub(lambda m: _magnitude(str(float(m.group(1)) * _SCALES[m.group(2)]), None), low)
    if " oh " in low or "-oh-" in low:
        low = _SPOKEN_DIGITS.sub(_spoken_digits, low)
    guarded = _PRONOUN_ONE.sub(lambda m: m.group(0).replace("one", "\x00"), low)

    def sub(m: re.Match[str]) -> str:
        vs = _run_value(m.group(0))
        if vs is None:
            return m.group(0)
        v = vs[-1]
        if 100 < v < 1260 and v % 100 < 60 and _CLOCK_BEFORE.search(guarded, 0, m.start()) \
                and re.fullmatch(rf"(?:{_NUMWORD})[ -](?:{_NUMWORD})(?:[ -](?:{_NUMWORD}))?", m.group(0)):
            return f"{v // 100}:{v % 100:02d}"  # "at three fifty": a time, not 350
        run = m.group(0)
        if "-" in run or _YEAR_FIRST.match(run) or _PRICE_BEFORE.search(guarded, 0, m.start()) \
                or _PRICE_AFTER.match(guarded, m.end()):
            return str(v)
        return " ".join(map(str, _run_value(run, pairs=False) or vs))

    out = _halves(_WORD_RUN.sub(sub, guarded).replace("\x00", "one"))
    # Session 21: a decimal said in words, "two point four kilometres" -> 2.4 (not "at one point", an idiom).
    return _POINT.sub(r"\1.\2", out) if " point " in out else out


_POINT = re.compile(r"(?<!\bat )(?<!\bone )\b(\d+) point (\d+)\b")


def _magnitude(num: str, scale: str | None) -> str:
    v = float(num.replace(",", ""))
    v *= {"k": 1000, "grand": 1000, "m": 1_000_000, "lakh": 100_000, "crore": 10_000_000, "cr": 10_000_000}.get(
        (scale or "").removesuffix("s"), 1)
    return str(int(v)) if v == int(v) else f"{v:g}"


#: "twenty-first", "thirty first": one ordinal, not twenty and one (session 14).
_COMPOUND_ORDINAL = re.compile(r"\b(twenty|thirty)(?:-|\s(?!second\b(?!\s+of\b|\s*(?:$|[.,;:!?)]))))"
                               r"(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth)\b"
                               r"(?!-)(?! time\b)")  # "thirty second-hand", "twenty first-time": a count and a compound;
# "a thirty second voiceover", "a twenty second plank": a duration (a space-joined "second" is an ordinal only before
# "of" or at a clause's end, "the twenty second of May", "on the twenty second.")
_UNIT_ORDINAL = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8,
                 "ninth": 9}
#: "one" standing for a noun said before ("the new one", "the big one was", "the only fast one that
#: stops"): a pronoun, no number (session 14; read by `features`, whose number values it keeps out). The claim gate's ``gate_cues.PRONOUN_ONE`` is its own, narrower
#: reading (one word between determiner and "one", no "just/only/had the one" exception): the two differ on purpose.
_PRONOUN_ONE_NP = re.compile(r"(?<!just )(?<!only )(?<!had )\b(?:the|a|an|this|that|which|each|every|another|any|no)\s+(?:[a-z]+\s+){0,2}?one\b"
                          r"(?![-'])(?=\s*(?:$|[.,;:!?)]|(?:with|in|on|at|from|for|who|that|which|is|was|had|has|"
                          r"and|but|or|i|we|you|they|there|now|today)\b))")


def pronoun_one_and_ordinals(low: str) -> str:
    """``low`` (lower-cased) with a pronoun "one" after a determiner written "it" and a compound ordinal as its
    digits ("the new one was" -> "the new it was", "the twenty-first of may" -> "the 21 of may"): how
    :func:`.features.features` reads number words before it collects values (session 14)."""
    if " one" in low:
        low = _PRONOUN_ONE_NP.sub(lambda m: m.group(0)[:-3] + "it", low)
    if "ty" in low:
        low = _COMPOUND_ORDINAL.sub(lambda m: str(20 + 10 * (m.group(1) == "thirty") + _UNIT_ORDINAL[m.group(2)]), low)
    return low
