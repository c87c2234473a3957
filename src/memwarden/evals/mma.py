"""MMA-Bench-style benchmark: generated cases, Bayesian oracle labels, CoRe scoring.

The official MMA-Bench cases were never released, so cases are generated from
a seed following the published design (DESIGN.md section 2):

- a case is 10 sessions x 3 events over about six months between two speakers;
- each speaker is reliable (0.9) in one domain, unreliable (0.2) in another
  and middling (0.7) elsewhere;
- sessions 1-4 calibrate: each speaker makes claims in their good and bad
  domains and a photo then supports or refutes them;
- sessions 5-7 add noise (chit-chat, irrelevant photos) around typed events,
  session 8 sets the trap (ambiguous photos that a speaker over-reads),
  sessions 9-10 leave conflicts open;
- event types: A (X asserts, Y denies, photo supports or is ambiguous),
  B (X denies, Y asserts and shows a supporting photo), C (ambiguous photo
  over-read), D (no evidence or an irrelevant photo).

Labels come from the oracle, never from the text: start at the asserting
speaker's true reliability in the event's domain, multiply the odds by 99 for a
supporting photo and by 1/99 for a refuting one; >= 0.9 TRUE, <= 0.1 FALSE,
else UNKNOWN. The text is drawn from template pools shared by all types (the
line with which a speaker backs a claim with a photo is the same pool whether
the photo supports it or is ambiguous), so the type cannot be read off the
wording; only the evidence itself differs.

``text`` mode writes a photo into the dialogue as ``[shares a photo] caption``;
``visual`` mode stores it as an image memory (modality image, caption text).

CoRe per event: correct +1 (for C and D only UNKNOWN is correct); UNKNOWN on an
A or B event -0.2; any other wrong answer -1.
"""

from __future__ import annotations

import random
import statistics
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from typing import Any, Callable, Literal

from ..errors import InvalidInputError
from ..memory import Memory
from ..trust.stance import detect_stance

__all__ = ["Event", "Case", "generate_case", "generate", "oracle", "core", "run", "TUNING_SEEDS"]

Mode = Literal["text", "visual"]
Answer = Literal["TRUE", "FALSE", "UNKNOWN"]

NAMES = """Leo Ana Marco Priya Tomas Ines Yuki Omar Lena Felix Noor Hugo Sara Ivan Maya Diego Elif Ravi Clara Jonas
Amira Pablo Hana Nils Zoe Karim Lucia Emil Rosa Theo Aiko Bruno Selin Oskar Mila Tariq Vera Arjun Nadia Lars Irene
Mateo Freya Samir Greta Kenji Alma Rafael Ida Malik Nora Viktor Lea Hassan Elsa Dario Juno Anton Sofia""".split()
PLACES = """Lisbon Porto Bergen Quito Lyon Kyoto Cusco Tallinn Malmo Sevilla Hobart Utrecht Ghent Split Bilbao Krakow
Tromso Leeds Dresden Genoa Aarhus Brno Cork Tartu Nantes Bari Graz Turku Oulu Lille Padua Pula Riga Vigo Zadar Bruges
Salzburg Ronda Bodo Kotor""".split()
ADJS = "tiny shaggy three-legged elderly speckled enormous ginger fluffy scruffy spotted".split()
DOMAINS: dict[str, list[tuple[str, str, str]]] = {
    # (past, base, object template): "Leo won the Lisbon marathon" / "Leo did not win ..."
    "sports": [("won", "win", "the {place} marathon"), ("finished", "finish", "the {place} triathlon"),
               ("broke", "break", "the {place} rowing club record"), ("climbed", "climb", "the north face above {place}")],
    "cooking": [("baked", "bake", "the wedding cake for the {place} bakery"), ("opened", "open", "a ramen stall in {place}"),
                ("won", "win", "the {place} chili cook-off"), ("cooked", "cook", "dinner for the {place} food festival")],
    "pets": [("adopted", "adopt", "a {adj} greyhound from the {place} shelter"), ("rescued", "rescue", "a {adj} kitten near the {place} docks"),
             ("trained", "train", "the {place} police sniffer dog"), ("found", "find", "a {adj} tortoise in the {place} park")],
    "music": [("played", "play", "a gig at the {place} jazz club"), ("recorded", "record", "an album in a {place} studio"),
              ("sang", "sing", "at the {place} cathedral"), ("joined", "join", "the {place} symphony orchestra")],
    "travel": [("visited", "visit", "the glaciers near {place}"), ("hiked", "hike", "the coastal trail to {place}"),
               ("sailed", "sail", "from {place} to the islands"), ("camped", "camp", "on the beach outside {place}")],
    "tech": [("launched", "launch", "a budgeting app in {place}"), ("fixed", "fix", "the {place} library servers"),
             ("built", "build", "a weather station in {place}"), ("won", "win", "the {place} hackathon")],
}
ASSERT = [
    "{prop}. I'm sure of it.", "Guess what, {prop}!", "I heard from a friend that {prop}.", "Did you know {prop}?",
    "So apparently {prop}.", "Big news: {prop}.", "{prop}, that's what I was told.", "You won't believe it, {prop}.",
]
ASSERT_PHOTO = [
    "Look at this picture, {prop}!", "Here's the proof that {prop}.", "This photo shows {prop}.",
    "See? {prop}, it's right there.", "Check my photo: {prop}.",
]
DENY = [
    "No, {neg}.", "That's not right, {neg}.", "I don't buy it. {neg}.", "Nope, {neg}, I asked around.",
    "Honestly {neg}.",
]
NEG = ["{subj} did not {base} {obj}", "{subj} never {past} {obj}", "{subj} didn't {base} {obj}"]
REACT = ["Oh really?", "Interesting.", "Huh, tell me more.", "No idea, honestly.", "Cool.", "Okay, noted."]
CAPTION_SUPPORT = [
    "{subj} {past} {obj}, grinning in the picture", "a snapshot of the moment {subj} {past} {obj}",
    "{subj} right after they {past} {obj}", "picture of {subj}: {subj} {past} {obj}",
]
CAPTION_REFUTE = [
    "the list for {obj} shows {subj} did not {base} it", "a notice saying {subj} never {past} {obj}",
    "{subj} at home that day; {subj} didn't {base} {obj}",
]
CAPTION_AMBIGUOUS = [
    "a blurry crowd at {obj}; maybe {subj} is there", "a grainy picture, hard to tell if {subj} {past} {obj}",
    "someone who might be {subj} near {obj}, unclear", "a dark photo of {obj}, could be {subj}, not sure",
]
CAPTION_IRRELEVANT = [
    "a bowl of noodles on a rainy evening", "a sunset over a harbour full of boats", "a cat asleep on a keyboard",
    "a stack of library books on a desk", "an empty tram at night", "a bicycle leaning on a red wall",
]
NOISE = [
    "I'm so tired today, long week.", "Did you sleep well?", "The weather has been strange lately.",
    "I should really clean my flat this weekend.", "Coffee first, then we talk.", "My phone battery died again.",
    "Have you eaten yet?", "Work was busy but fine.",
]


@dataclass
class Turn:
    speaker: str
    text: str
    image: bool = False  # the turn is a photo (caption); its evidence kind is in Event, never in the text


@dataclass
class Event:
    id: str
    session: int
    kind: str  # "calibration" or A/B/C/D
    domain: str
    claim: str
    label: Answer
    turns: list[Turn]
    asserter: str
    evidence: str  # support / refute / ambiguous / irrelevant / none


@dataclass
class Case:
    case_id: str
    speakers: tuple[str, str]
    reliability: dict[str, dict[str, float]]
    events: list[Event] = field(default_factory=list)
    noise: list[tuple[int, Turn]] = field(default_factory=list)
    start: datetime = datetime(2025, 1, 6, 10, tzinfo=timezone.utc)

    def session_time(self, s: int) -> datetime:
        return self.start + timedelta(days=18 * (s - 1))


def oracle(prior: float, evidence: str) -> Answer:
    odds = prior / (1 - prior)
    if evidence == "support":
        odds *= 99
    elif evidence == "refute":
        odds /= 99
    p = odds / (1 + odds)
    return "TRUE" if p >= 0.9 else "FALSE" if p <= 0.1 else "UNKNOWN"


def core(kind: str, label: Answer, answer: Answer) -> float:
    if answer == label:
        return 1.0
    if answer == "UNKNOWN" and kind in ("A", "B"):
        return -0.2
    return -1.0


class _Gen:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.names = rng.sample(NAMES, len(NAMES))
        self.places = rng.sample(PLACES, len(PLACES))

    def prop(self, domain: str) -> tuple[str, str, dict[str, str]]:
        past, base, obj = self.rng.choice(DOMAINS[domain])
        subj = self.names.pop()
        adj = self.rng.choice(ADJS)
        obj = obj.format(place=self.places.pop(), adj=adj).replace("a " + adj, ("an " if adj[0] in "aeiou" else "a ") + adj)
        parts = {"subj": subj, "past": past, "base": base, "obj": obj}
        neg = self.rng.choice(NEG).format(**parts)
        return f"{subj} {past} {obj}", neg, parts

    def say(self, pool: list[str], **kw: str) -> str:
        t = self.rng.choice(pool).format(**kw)
        return t[0].upper() + t[1:]

    def caption(self, kind: str, parts: dict[str, str]) -> str:
        pool = {"support": CAPTION_SUPPORT, "refute": CAPTION_REFUTE, "ambiguous": CAPTION_AMBIGUOUS,
                "irrelevant": CAPTION_IRRELEVANT}[kind]
        return self.rng.choice(pool).format(**parts)


def generate_case(seed: int, index: int) -> Case:
    rng = random.Random(f"mma:{seed}:{index}")
    g = _Gen(rng)
    a, b = g.names.pop(), g.names.pop()
    doms = rng.sample(sorted(DOMAINS), 4)
    rel: dict[str, dict[str, float]] = {s: {d: 0.7 for d in DOMAINS} for s in (a, b)}
    good_a, bad_a = doms[0], doms[1]
    good_b, bad_b = rng.sample([d for d in doms if d != good_a], 2)
    rel[a][good_a], rel[a][bad_a], rel[b][good_b], rel[b][bad_b] = 0.9, 0.2, 0.9, 0.2
    case = Case(f"s{seed}-c{index}", (a, b), rel)
    n = 0

    def add_event(session: int, kind: str, domain: str, asserter: str, other: str, evidence: str,
                  deny: bool, photo_by: str | None, over_read: bool = False) -> None:
        nonlocal n
        claim, neg, parts = g.prop(domain)
        turns: list[Turn] = []
        prop_text = claim
        if over_read or (kind == "B" and photo_by == asserter):
            turns.append(Turn(asserter, g.say(ASSERT_PHOTO, prop=prop_text)))
        else:
            turns.append(Turn(asserter, g.say(ASSERT, prop=prop_text)))
        if deny:
            turns.append(Turn(other, g.say(DENY, neg=neg)))
        elif rng.random() < 0.5:
            turns.append(Turn(other, rng.choice(REACT)))
        if evidence != "none":
            turns.insert(rng.randint(1, len(turns)), Turn(photo_by or asserter, g.caption(evidence, parts), image=True))
        label = oracle(rel[asserter][domain], evidence)
        n += 1
        case.events.append(Event(f"{case.case_id}-e{n}", session, kind, domain, claim, label, turns, asserter, evidence))

    # Sessions 1-4: calibration, three claims per session, each judged by a photo.
    # Per speaker: two claims in the good domain (photos support), two in the bad one (photos refute),
    # and one of each in a middling domain, so that "elsewhere" looks middling too.
    calib = []
    for spk, good, bad in ((a, good_a, bad_a), (b, good_b, bad_b)):
        mid = rng.choice([d for d in sorted(DOMAINS) if rel[spk][d] == 0.7])
        calib += [(spk, good, "support"), (spk, good, "support"), (spk, bad, "refute"), (spk, bad, "refute"),
                  (spk, mid, "support"), (spk, mid, "refute")]
    rng.shuffle(calib)
    for i, (spk, d, ev) in enumerate(calib):
        other = b if spk == a else a
        add_event(1 + i // 3, "calibration", d, spk, other, ev, deny=False, photo_by=rng.choice((spk, other)))

    def pick(kind: str) -> tuple[str, str, str, str, bool, str | None, bool]:
        """(domain, asserter, other, evidence, deny, photo_by, over_read) satisfying the type's truth.

        Speakers behave as their profile says: whoever denies a claim that turns out true is one
        who is not reliable (0.9) in that domain.
        """
        spk = rng.choice((a, b))
        other = b if spk == a else a
        not_reliable = [x for x in sorted(DOMAINS) if rel[other][x] < 0.9]
        if kind == "A":
            if rng.random() < 0.5:
                d = good_a if spk == a else good_b
                return d, spk, other, "ambiguous", rel[other][d] < 0.9, rng.choice((spk, other)), False
            return rng.choice(not_reliable), spk, other, "support", True, rng.choice((spk, other)), False
        if kind == "B":
            return rng.choice(not_reliable), spk, other, "support", True, spk, False
        if kind == "C":
            d = rng.choice([x for x in sorted(DOMAINS) if rel[spk][x] < 0.9])
            return d, spk, other, "ambiguous", rng.random() < 0.3 and rel[other][d] < 0.9, rng.choice((spk, other)), True
        d = rng.choice([x for x in sorted(DOMAINS) if rel[spk][x] < 0.9])
        ev = rng.choice(("none", "irrelevant"))
        return d, spk, other, ev, rng.random() < 0.5, rng.choice((spk, other)) if ev != "none" else None, False

    plan = [(s, rng.choice("ABD")) for s in (5, 6, 7) for _ in range(3)]
    plan += [(8, "C")] * 3
    plan += [(s, rng.choice("AB")) for s in (9, 10) for _ in range(3)]
    for s, kind in plan:
        d, spk, other, ev, deny, photo_by, over = pick(kind)
        add_event(s, kind, d, spk, other, ev, deny, photo_by, over)
        if 5 <= s <= 7:
            case.noise.append((s, Turn(rng.choice((a, b)), rng.choice(NOISE))))
            if rng.random() < 0.5:
                case.noise.append((s, Turn(rng.choice((a, b)), g.caption("irrelevant", {}), image=True)))
    for e in case.events:
        want = {"A": "TRUE", "B": "TRUE", "C": "UNKNOWN", "D": "UNKNOWN"}.get(e.kind)
        assert want is None or e.label == want, (e.kind, e.label)
    return case


def generate(seed: int, cases: int) -> list[Case]:
    return [generate_case(seed, i) for i in range(cases)]


#: The generator seeds every trust setting was tuned on (bench/calibrate_mma.py); report others.
TUNING_SEEDS = (0, 1, 2)


def load_case(memory: Memory, case: Case, mode: Mode, *, domain_labels: bool = True) -> str:
    """Store the case's dialogue in its own scope; returns the scope id.

    ``domain_labels``: give every turn the generator's ``domain`` metadata, which the per-domain
    track record reads. Real conversations carry no such label: ``False`` is the honest setting.
    """
    uid = f"mma-{case.case_id}"
    k = 0
    by_session: dict[int, list[tuple[str, Turn]]] = {}
    for e in case.events:
        by_session.setdefault(e.session, []).extend((e.domain, t) for t in e.turns)
    for s, t in case.noise:
        by_session.setdefault(s, []).append(("chat", t))
    for s in sorted(by_session):
        when = case.session_time(s)
        for j, (domain, t) in enumerate(by_session[s]):
            k += 1
            msg: dict[str, Any] = {"role": "user", "name": t.speaker, "timestamp": (when + timedelta(minutes=j)).isoformat()}
            if t.image and mode == "visual":
                msg["content"] = t.text
                msg["image"] = f"mma://{case.case_id}/img{k}.jpg"
            elif t.image:
                msg["content"] = f"[shares a photo] {t.text}"
            else:
                msg["content"] = t.text
            memory.add([msg], user_id=uid, metadata={"domain": domain} if domain_labels else None, admission="all")
    return uid


def _stance_answer(claim: str, text: str) -> Answer:
    st = detect_stance(claim, text)
    return "TRUE" if st.label == "agree" else "FALSE" if st.label == "contradict" else "UNKNOWN"


def _summary(rows: list[tuple[str, Answer, Answer]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if not rows:
        return {"core_mean": 0.0, "accuracy": 0.0, "abstention_rate": 0.0, "n": 0}
    cores = [core(k, lab, ans) for k, lab, ans in rows]
    out["core_mean"] = round(statistics.fmean(cores), 4)
    out["accuracy"] = round(sum(lab == ans for _, lab, ans in rows) / len(rows), 4)
    out["abstention_rate"] = round(sum(ans == "UNKNOWN" for *_, ans in rows) / len(rows), 4)
    out["n"] = len(rows)
    per: dict[str, Any] = {}
    for kind in ("A", "B", "C", "D"):
        sub = [(k, lab, ans) for k, lab, ans in rows if k == kind]
        if sub:
            per[kind] = {"n": len(sub), "accuracy": round(sum(lab == ans for _, lab, ans in sub) / len(sub), 4),
                         "core": round(statistics.fmean(core(k, lab, ans) for k, lab, ans in sub), 4),
                         "unknown_rate": round(sum(ans == "UNKNOWN" for *_, ans in sub) / len(sub), 4)}
    out["per_type"] = per
    return out


def run(seed: int, cases: int, mode: Mode, *, memory_factory: Callable[[], Memory] | None = None,
        include_calibration: bool = False, domain_labels: bool = True) -> dict[str, Any]:
    """Generate, load, answer every typed event with memwarden and both baselines; summarise."""
    if mode not in ("text", "visual"):
        raise InvalidInputError(f"mode must be 'text' or 'visual', not {mode!r}")
    memory = memory_factory() if memory_factory else Memory()
    rows: dict[str, list[tuple[str, Answer, Answer]]] = {"memwarden": [], "similarity_top_hit": [], "majority_vote": []}
    calib: list[tuple[str, Answer, Answer]] = []
    try:
        for case in generate(seed, cases):
            uid = load_case(memory, case, mode, domain_labels=domain_labels)
            as_of = case.session_time(10) + timedelta(days=1)
            for e in case.events:
                if e.kind == "calibration" and not include_calibration:
                    continue
                v = memory.verdict(e.claim, user_id=uid, as_of=as_of)
                if e.kind == "calibration":
                    calib.append(("calibration", e.label, v.verdict))
                    continue
                rows["memwarden"].append((e.kind, e.label, v.verdict))
                plain = memory.search(e.claim, user_id=uid, limit=10, trust=False)
                top = plain.results[0].memory if plain.results else ""
                rows["similarity_top_hit"].append((e.kind, e.label, _stance_answer(e.claim, top) if top else "UNKNOWN"))
                votes = [detect_stance(e.claim, h.memory) for h in plain.results]
                pro = sum(1 for s in votes if s.label == "agree" and s.score >= 0.5)
                con = sum(1 for s in votes if s.label == "contradict" and s.score >= 0.5)
                rows["majority_vote"].append((e.kind, e.label, "TRUE" if pro > con else "FALSE" if con > pro else "UNKNOWN"))
    finally:
        memory.close()
    out = {"benchmark": "mma", "seed": seed, "cases": cases, "mode": mode, "domain_labels": domain_labels,
           "tuning_seed": seed in TUNING_SEEDS, **_summary(rows["memwarden"]),
           "baselines": {k: _summary(v) for k, v in rows.items() if k != "memwarden"}}
    if include_calibration:
        out["calibration"] = _summary(calib)
    return out
