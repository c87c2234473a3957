"""How two texts' readings compare, the tests the stance rules (:mod:`.stance`) are built from.

Each takes the :class:`~.features.TextFeatures` of one or both texts (or their value sets) and
answers one question: are two version values one value by prefix (``_align``), which values did
a text say itself (``_said``), what follows a frame word (``_value_after``), which value closes
a change (``_last_of_kind``), are two names one person or two names in reversed roles
(``_same_person``, ``_swapped``), does a negation or a hedge reach what the other text says
(``_in_scope``, ``_doubts``), are two short status statements on one topic (``_status_pair``),
does one frame take two values after a shared word (``_other_value_after``). None of them decides
a stance; :func:`.stance.detect_stance` does, and the fitted second opinion (:mod:`.stance_fitted`) reads ``_align`` and ``_doubts``
through :mod:`.stance`.
"""

from __future__ import annotations

from functools import lru_cache

from ..retrieval.text import _stem
from .features import TextFeatures
from .lexicon import POLAR_PAIRS
from .typed_values import DIMENSIONS, measure, one_measure
from .value_cues import WEEKDAYS


def _swapped(fa: TextFeatures, fb: TextFeatures) -> str | None:
    """The same two names in reversed order on each side (who beat whom, who manages whom)."""
    oa = [n for n in fa.order if n in fb.order]
    ob = [n for n in fb.order if n in fa.order]
    # Only when each side opens on its first name (the roles are subject and object, not a place).
    if len(oa) == 2 and oa == ob[::-1] and fa.subject == oa[0] and fb.subject == ob[0]:
        return f"{oa[0]} / {oa[1]}"
    return None


def _in_scope(neg: TextFeatures, other: TextFeatures) -> bool:
    """The negated clause of ``neg`` speaks of something ``other`` says (or stands alone: "no")."""
    if not neg.neg_scope:
        return True
    # "user" opens every extracted claim ("The user: ..."); it says nothing about the clause.
    return not (neg.neg_scope - {"user"}).isdisjoint(other.content | other.numbers | other.dates)


@lru_cache(maxsize=65_536)
def _has_version(vals: frozenset[str]) -> bool:
    # Per text's value set (cached: a frozenset keeps its hash), not per pair.
    return any(x[:1] == "v" for x in vals)


def _align(a: frozenset[str], b: frozenset[str]) -> tuple[frozenset[str], frozenset[str]]:
    """Versions (``v``-marked, values.py) match by prefix: "React 18" / "^18.2.0", "v3.4" / "3.4"."""
    if not (_has_version(a) or _has_version(b)):
        return a, b
    ma, mb = set(a), set(b)
    for x in a:
        for y in b:
            if x == y or (x[:1] != "v" and y[:1] != "v"):
                continue
            px, py = x.lstrip("v"), y.lstrip("v")
            if px == py or px.startswith(py + ".") or py.startswith(px + "."):
                short = "v" + min(px, py, key=len)
                ma.discard(x)
                mb.discard(y)
                ma.add(short)
                mb.add(short)
    return frozenset(ma), frozenset(mb)


@lru_cache(maxsize=65_536)  # called twice per pair on value sets that recur with their texts
def _said(vals: frozenset[str]) -> frozenset[str]:
    """Values as written, without the extractor's ISO dates (unless they are the only ones)."""
    if not any(len(v) >= 10 for v in vals):
        return vals
    plain = frozenset(v for v in vals if not (len(v) >= 10 and v[4:5] == "-"))
    return plain or vals


def _value_after(seq: tuple[str, ...], word: str) -> str | None:
    """The content word or value right after ``word`` (stopwords are not in ``seq``)."""
    for i, w in enumerate(seq[:-1]):
        if w == word:
            return seq[i + 1]
    return None


def _last_of_kind(x: TextFeatures, y: TextFeatures, vx: frozenset[str]) -> str | None:
    """The last value ``y`` names of the kind ``x`` states: a time for a time, a day or month for a
    day ("moved us to sunday mornings now, 9 sharp" ends on sunday for a claim of a day, not on 9)."""
    if any(":" in v for v in vx):
        return y.last_time
    for kind in (x.dates, x.numbers):
        if vx <= kind:
            same = y.dates if kind is x.dates else y.numbers
            return next((w for w in reversed(y.seq) if w in same), y.last_value)
    return y.last_value


def _same_person(x: str, y: str) -> bool:
    """"yusuf demir" and "demir", "omar" and "manager omar": one name when they share a word."""
    return not set(x.split()).isdisjoint(y.split())


def _both_differ(a: frozenset[str], b: frozenset[str]) -> bool:
    return bool(a - b) and bool(b - a)


#: Dimensions a bare number is never read in: "Ferritin came back at 39" states no duration to set
#: against "checked every six months", nor "30 lakh a month" a runway of "seven months".
_MEASURED = frozenset({"length", "mass", "time", "percent", "volume", "temperature"})


def _kind(v: str, f: TextFeatures) -> str | None:
    """What a number of ``f`` measures: its unit's dimension (or the unit), a clock time (a time
    something ends at is its own kind: "school starts at 8:40" / "finishes at 3:10" are two
    times of one day, not two values of one), else None (a bare number)."""
    if ":" in v:
        head = v.split(":", 1)[0]
        return head if head.isalpha() else "clock"
    for tag in f.units:
        u, _, x = tag.partition(":")
        if x == v:
            return DIMENSIONS[u][0] if u in DIMENSIONS else u
    return None


def _comparable(xs: frozenset[str], fa: TextFeatures, ys: frozenset[str], fb: TextFeatures) -> bool:
    """Some differing number of one text measures what one of the other's does: two numbers of
    different dimensions ("8%" / "nine years", "0.3 mg" / "two injectors") are two facts, not two
    values of one."""
    for x in xs:
        kx = _kind(x, fa)
        for y in ys:
            ky = _kind(y, fb)
            if kx == ky or (kx is None and ky not in _MEASURED) or (ky is None and kx not in _MEASURED):
                return True
    return False


_MONTH_OF = {f"{i:02d}": m for i, m in enumerate("january february march april may june july august september "
                                                 "october november december".split(), 1)}


def _date_kinds(dates: frozenset[str]) -> dict[str, frozenset[str]]:
    """A text's dates by kind: weekdays, months, years. An ISO date the extractor resolved
    ("2026-06-03", a range "2026-01-01..2026-01-31") gives its month and year."""
    kinds: dict[str, set[str]] = {"weekday": set(), "month": set(), "year": set()}
    for d in dates:
        if d in WEEKDAYS:
            kinds["weekday"].add(d)
        elif d[:4].isdigit() and d[4:5] == "-" and d[5:7] in _MONTH_OF:
            kinds["month"].add(_MONTH_OF[d[5:7]])
            kinds["year"].add(d[:4])
        elif d.isdigit():
            kinds["year"].add(d)
        else:
            kinds["month"].add(d)
    return {k: frozenset(v) for k, v in kinds.items()}


@lru_cache(maxsize=65_536)
def dates_differ(a: frozenset[str], b: frozenset[str]) -> bool:
    """Two texts name different dates only when they name different ones of one kind: "Saturday
    the 15th" and a rota for November, or "3 June" and "2026-06-03", do not differ; a Tuesday and a
    Sunday do. Within a kind, each side must name one the other lacks ("tues and sun" holds Sunday)."""
    ka, kb = _date_kinds(a), _date_kinds(b)
    return any(ka[k] and kb[k] and _both_differ(ka[k], kb[k]) for k in ka)


def _doubts(x: TextFeatures, y: TextFeatures) -> bool:
    """``x`` hedges what it says of ``y``: its hedge sits in a clause that shares a word or value with
    ``y`` ("i'm on the annual plan, renews 2 july i think" is firm about the plan)."""
    if not x.hedged:
        return False
    if not x.hedge_scope:
        return True
    return not x.hedge_scope.isdisjoint(y.content | y.numbers | y.dates | {s.lstrip("v") for s in y.numbers})


@lru_cache(maxsize=65_536)
def same_measure(ua: frozenset[str], ub: frozenset[str]) -> tuple[tuple[str, str, str], ...]:
    """Amounts that are one measure in two units ("kg:2" / "g:2000", "month:36" / "year:3"): (the
    first text's number, the second's, the measure both stand for, "mass:2")."""
    out = []
    for x in ua:
        if measure(x) is None:
            continue
        for y in ub:
            if x.partition(":")[0] != y.partition(":")[0] and (both := one_measure(x, y)):
                out.append((x.partition(":")[2], y.partition(":")[2], both))
    return tuple(out)


#: Dimensions whose two units name one physical reading ("14 stone" / "94.8 kg"); durations, money
#: and counts in two units are too often two different things ("3 days off" / "2 weeks' notice").
_READING_DIMENSIONS = frozenset({"length", "mass", "temperature"})


@lru_cache(maxsize=65_536)
def _other_unit_readings(ua: frozenset[str], ub: frozenset[str]) -> tuple[tuple[str, str], ...]:
    """Amounts of one physical dimension in two different units that are not one measure: (the
    first text's number as its measure, the second's), e.g. ("mass:88.9", "mass:94.8")."""
    out = []
    for x in ua:
        mx = measure(x)
        if mx is None or mx[0] not in _READING_DIMENSIONS:
            continue
        for y in ub:
            my = measure(y)
            if (my is not None and my[0] == mx[0] and x.partition(":")[0] != y.partition(":")[0]
                    and not one_measure(x, y)):
                out.append((f"{mx[0]}:{round(mx[1], 1):g}", f"{my[0]}:{round(my[1], 1):g}"))
    return tuple(out)


def _named_in_other(fa: TextFeatures, fb: TextFeatures) -> bool:
    """A capitalised word opening one text that the other also says (its stem: "Weddings cost ..." /
    "Wedding rate: ...", "Heating is set to 66°F downstairs" / "Downstairs thermostat is on 19
    degrees") is one subject, or a thing rather than a person; so is one opening a text that shares
    another name with it ("Passenger manifest ...: Honora Mulhaire" / "Honor Mulhaire arrived ...")."""
    if any(s == "i" or s.startswith("my ") for s in (fa.subject, fb.subject)):
        return False
    return _stem(fa.subject) in fb.content or _stem(fb.subject) in fa.content or bool(
        (fa.proper & fb.proper) - {fa.subject, fb.subject})


#: Status words and their opposites (lexicon.POLAR_PAIRS, stemmed).
_STATUS = frozenset(_stem(w) for pair in POLAR_PAIRS for w in pair)
_POLAR_MAP: dict[str, set[str]] = {}
for _p, _q in POLAR_PAIRS:
    _POLAR_MAP.setdefault(_stem(_p), set()).add(_stem(_q))
    _POLAR_MAP.setdefault(_stem(_q), set()).add(_stem(_p))


def _status_pair(fa: TextFeatures, fb: TextFeatures, cosine: float | None, short: bool) -> bool:
    """Two short status statements need no shared word when the embedding puts them on one topic
    ("the package was delivered" / "tracking says out for delivery, nothing's arrived yet")."""
    if cosine is None or cosine < 0.4 or not short:
        return False
    polar = any(not _POLAR_MAP[x].isdisjoint(fb.content) for x in fa.content & _STATUS)
    return polar and not _both_differ(fa.numbers | fa.dates, fb.numbers | fb.dates)


def _other_value_after(frame: set[str], fa: TextFeatures, fb: TextFeatures, only_a: set[str], only_b: set[str]) -> bool:
    """The two texts say the same words up to a shared one and differ only in everything after it:
    one frame with two values ("allergic to latex" / "allergic to cats")."""
    if not only_a or not only_b or fa.negated != fb.negated:
        return False
    for f in frame:
        if f not in fa.seq or f not in fb.seq:
            continue
        tail_a, tail_b = fa.seq[fa.seq.index(f) + 1:], fb.seq[fb.seq.index(f) + 1:]
        if (tail_a and tail_b and len(tail_a) <= 3 and len(tail_b) <= 3
                and set(tail_a) == only_a and set(tail_b) == only_b
                and not any(x[:5] == y[:5] for x in tail_a for y in tail_b)):  # "supervis" / "supervise"
            return True
    return False
