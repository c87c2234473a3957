"""Train an admission policy on labelled sessions (``memwarden admission train``).

Features are extracted by running every session through a real
:class:`~memwarden.Memory` (in memory, storing everything) with a recording
admitter, so training sees exactly what the running system sees. Then:

1. **utility** — logistic regression over one turn (hand features, hashed
   words, its embedding); its out-of-fold predictions (grouped by
   conversation) become the U factor of the training rows, so the decision
   model never sees a utility fitted on the same row;
2. **decision** — either A-MAC's cross-validated grid search over
   w·[U, C, N, R, T] and θ (``--learner amac``), or logistic regression over
   the factors, text and context features and the turn's and its
   neighbours' embeddings (``--learner logistic``, the default);
3. **threshold** — chosen on out-of-fold predictions: best F1, or best
   precision at recall ≥ r (``--min-recall``), because losing a needed
   memory costs more than storing a useless one.

On claims (``extract_claims``, ``--claims``) the rows are the claims the
two-tier path extracts, each labelled by its source turns; thresholds and the
``cv_*`` metrics are then per turn (a turn scores its best claim, and a turn
that yielded no claim counts as missed), and the policy is marked
``unit="claim"``.

scikit-learn is needed here only (``pip install memwarden[train]``); the
resulting policy is plain JSON and runs without it.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Callable, Iterable, Sequence

import numpy as np

from ..errors import InvalidInputError
from ..providers.embedder import Embedder
from ..admission.base import AdmissionContext, Decision
from ..admission.features import FACTORS, HASH_DIM, TEXT_FEATURES, CandidateFeatures, compute, context_vectors, set_relative
from ..admission.policy import FORMAT, VERSION, AdmissionPolicy, LinearModel, LinearRule, LogisticRule, PolicyFile
from .dataset import Dataset

Progress = Callable[[int], None]


@dataclass
class Examples:
    """Feature rows of labelled candidates, in data order."""

    feats: list[CandidateFeatures]
    vecs: np.ndarray
    ctx_vecs: np.ndarray
    labels: np.ndarray
    groups: np.ndarray  # conversation id per row
    calls: np.ndarray  # add-call (session) number per row
    model_id: str
    #: Claim rows: per row, the keys ("conversation|turn id") of the turns it was extracted from.
    #: None: each row is a turn and is scored on its own.
    units: list[list[str]] | None = None
    #: Claim rows: the label of every turn of the data, those that yielded no claim included (they
    #: count as missed: a turn is admitted when one of its claims is).
    turn_labels: dict[str, int] | None = None

    def take(self, idx: np.ndarray) -> "Examples":
        units = turn_labels = None
        if self.units is not None and self.turn_labels is not None:
            units = [self.units[i] for i in idx]
            convs = {str(g) for g in self.groups[idx].tolist()}
            turn_labels = {k: v for k, v in self.turn_labels.items() if k.split("|", 1)[0] in convs}
        return Examples([self.feats[i] for i in idx], self.vecs[idx], self.ctx_vecs[idx], self.labels[idx], self.groups[idx],
                        self.calls[idx], self.model_id, units, turn_labels)

    def turn_scores(self, scores: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Claim rows' scores as per-turn (score, label): a turn scores its best claim's score,
        -inf when it yielded none (never admitted, whatever the threshold)."""
        if self.units is None or self.turn_labels is None:
            return scores, self.labels
        best = dict.fromkeys(self.turn_labels, -np.inf)
        for sc, keys in zip(scores.tolist(), self.units):
            for k in keys:
                if k in best and sc > best[k]:
                    best[k] = sc
        return np.array(list(best.values())), np.array(list(self.turn_labels.values()))


class CachingEmbedder:
    """Wraps an embedder with a text -> vector cache (evaluation re-embeds the same turns many times)."""

    def __init__(self, inner: Embedder) -> None:
        self.inner = inner
        self.model_id = inner.model_id
        self.dim = inner.dim
        self._cache: dict[str, np.ndarray] = {}

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        missing = [t for t in dict.fromkeys(texts) if t not in self._cache]
        if missing:
            for t, v in zip(missing, self.inner.embed(missing)):
                self._cache[t] = v
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        return np.stack([self._cache[t] for t in texts])

    def save(self, path: Path) -> None:
        keys = list(self._cache)
        np.savez(path, keys=np.array(keys, dtype=object), vecs=np.stack([self._cache[k] for k in keys]) if keys else np.zeros((0, self.dim)))

    def load(self, path: Path) -> None:
        if path.exists():
            z = np.load(path, allow_pickle=True)
            self._cache.update({str(k): v for k, v in zip(z["keys"], z["vecs"])})


class _Recorder:
    """An admitter that stores everything and keeps the features it computed."""

    name = "train-recorder"

    def __init__(self) -> None:
        self.feats: list[CandidateFeatures] = []
        self.vecs: list[np.ndarray] = []
        self.ctx_vecs: list[np.ndarray] = []
        self.calls: list[int] = []
        self.turn_ids: list[list[str]] = []
        self._n = 0

    def decide(self, ctx: AdmissionContext) -> list[Decision]:
        self.feats.extend(compute(ctx, model_id=ctx.embedder_id))
        self.turn_ids.extend(list(c.source_turn_ids) for c in ctx.candidates)
        self.calls.extend([self._n] * len(ctx.candidates))
        self._n += 1
        v = np.asarray(ctx.vectors, dtype=np.float32)
        self.vecs.extend(v)
        self.ctx_vecs.extend(context_vectors(v))
        return [Decision("admitted", "training: store everything") for _ in ctx.candidates]


def extract(data: Dataset, embedder: Embedder, progress: Progress | None = None) -> Examples:
    """Run every session through a fresh in-memory Memory per conversation and record features."""
    from ..config import MemoryConfig
    from ..memory import Memory

    rec = _Recorder()
    labels: list[int] = []
    groups: list[str] = []
    for conv in data.conversations:
        # The policy learns from LoCoMo's per-turn labels: the turn path (claims=False) feeds it turns.
        with Memory(config=MemoryConfig(database=":memory:", claims=False), embedder=embedder, admitter=rec) as mem:
            for s in data.sessions:
                if s.conversation != conv:
                    continue
                mem.add(s.messages, user_id="train", timestamp=s.timestamp, source="import")
                labels.extend(s.labels)
                groups.extend([conv] * len(s.labels))
                if progress:
                    progress(len(s.labels))
    return Examples(rec.feats, np.asarray(rec.vecs, dtype=np.float32), np.asarray(rec.ctx_vecs, dtype=np.float32),
                    np.asarray(labels), np.asarray(groups), np.asarray(rec.calls), embedder.model_id)


def extract_claims(data: Dataset, embedder: Embedder, progress: Progress | None = None) -> Examples:
    """Claim rows: every session through the two-tier path (claims extracted offline, each claim
    scored as the running system scores it); a claim's label is 1 when one of its source turns is
    labelled admit, and every turn's label is kept for turn-level thresholds and metrics."""
    from ..config import MemoryConfig
    from ..memory import Memory

    rec = _Recorder()
    labels: list[int] = []
    groups: list[str] = []
    units: list[list[str]] = []
    turn_labels: dict[str, int] = {}
    for conv in data.conversations:
        with Memory(config=MemoryConfig(database=":memory:", claims=True), embedder=embedder, admitter=rec) as mem:
            for s in data.sessions:
                if s.conversation != conv:
                    continue
                label_of = {str(m.get("id")): y for m, y in zip(s.messages, s.labels)}
                turn_labels.update({f"{conv}|{k}": y for k, y in label_of.items()})
                start = len(rec.turn_ids)
                mem.add(s.messages, user_id="train", timestamp=s.timestamp, source="import")
                for ids in rec.turn_ids[start:]:
                    units.append([f"{conv}|{t}" for t in ids])
                    labels.append(max((label_of.get(t, 0) for t in ids), default=0))
                    groups.append(conv)
                if progress:
                    progress(len(s.labels))
    return Examples(rec.feats, np.asarray(rec.vecs, dtype=np.float32).reshape(len(rec.feats), -1),
                    np.asarray(rec.ctx_vecs, dtype=np.float32).reshape(len(rec.feats), -1), np.asarray(labels, dtype=int),
                    np.asarray(groups), np.asarray(rec.calls), embedder.model_id, units, turn_labels)


# -- matrices -------------------------------------------------------------------


def _terms_matrix(feats: list[CandidateFeatures]):
    from scipy.sparse import csr_matrix

    rows, cols, vals = [], [], []
    for r, f in enumerate(feats):
        for k, v in f.terms.items():
            rows.append(r)
            cols.append(k)
            vals.append(v)
    return csr_matrix((vals, (rows, cols)), shape=(len(feats), HASH_DIM), dtype=np.float64)


def _dense(feats: list[CandidateFeatures], names: Sequence[str]) -> np.ndarray:
    return np.array([[d.get(n, 0.0) for n in names] for d in (f.dense() for f in feats)], dtype=np.float64)


@dataclass
class _Design:
    names: list[str]
    mean: np.ndarray
    scale: np.ndarray
    use_terms: bool
    emb_parts: int  # 0, 1 (own vector) or 2 (own + context)

    def matrix(self, ex: Examples, dense: np.ndarray):
        from scipy.sparse import csr_matrix, hstack

        blocks = [csr_matrix((dense - self.mean) / self.scale)]
        if self.use_terms:
            blocks.append(_terms_matrix(ex.feats))
        if self.emb_parts >= 1:
            blocks.append(csr_matrix(ex.vecs.astype(np.float64)))
        if self.emb_parts >= 2:
            blocks.append(csr_matrix(ex.ctx_vecs.astype(np.float64)))
        return hstack(blocks).tocsr()


def _design(dense: np.ndarray, names: list[str], use_terms: bool, emb_parts: int) -> _Design:
    mean = dense.mean(0)
    scale = dense.std(0)
    scale[scale < 1e-9] = 1.0
    return _Design(names, mean, scale, use_terms, emb_parts)


def _fit_lr(X, y: np.ndarray, C: float, sample_weight: np.ndarray | None = None):
    from sklearn.linear_model import LogisticRegression

    lr = LogisticRegression(C=C, max_iter=2000, class_weight="balanced", solver="liblinear")
    lr.fit(X, y, sample_weight=sample_weight)
    return lr


def turn_weights(ex: Examples) -> np.ndarray | None:
    """Claim rows: each row weighs 1/k, k = the claims its source turn yielded, so every turn counts
    once, as the metric counts it (a turn is admitted when any of its claims is); otherwise a chatty
    turn split into five claims outweighs a one-claim fact. None for turn rows."""
    if ex.units is None:
        return None
    per_turn = Counter(k for u in ex.units for k in u)
    return np.array([1.0 / max((per_turn[k] for k in u), default=1) for u in ex.units])


def _to_linear_model(d: _Design, lr, model_id: str) -> LinearModel:
    w = lr.coef_[0]
    nd = len(d.names)
    terms = w[nd : nd + HASH_DIM] if d.use_terms else np.zeros(0)
    emb = w[nd + (HASH_DIM if d.use_terms else 0) :]
    return LinearModel(
        features=list(d.names), mean=[round(float(x), 6) for x in d.mean], scale=[round(float(x), 6) for x in d.scale],
        coef=[round(float(x), 6) for x in w[:nd]], intercept=round(float(lr.intercept_[0]), 6),
        terms=[round(float(x), 5) for x in terms], emb=[round(float(x), 5) for x in emb],
        emb_model_id=model_id if len(emb) else None,
    )


UTILITY_FEATURES = list(TEXT_FEATURES)


def decision_features(claims: bool = False) -> list[str]:
    """The decision model's dense features; claim rows add their source turn's (a turn is its
    own source, so the turn recipe leaves them out and stays as it was)."""
    from ..admission.features import (CONTEXT_FEATURES, RELATIVE_FEATURES, SOURCE_FEATURES, TURN_RELATIVE_FEATURES,
                                      TYPE_FEATURES)

    per_claim = [*SOURCE_FEATURES, *TURN_RELATIVE_FEATURES] if claims else []
    return [*TEXT_FEATURES, *CONTEXT_FEATURES, *per_claim, *RELATIVE_FEATURES, *FACTORS, *TYPE_FEATURES]


def fit_utility(ex: Examples, C: float = 0.5) -> LinearModel:
    dense = _dense(ex.feats, UTILITY_FEATURES)
    d = _design(dense, UTILITY_FEATURES, True, 1)
    return _to_linear_model(d, _fit_lr(d.matrix(ex, dense), ex.labels, C), ex.model_id)


def _group_folds(groups: np.ndarray, k: int, seed: int = 0) -> list[np.ndarray]:
    uniq = sorted(set(groups.tolist()))
    rng = np.random.default_rng(seed)
    rng.shuffle(uniq)
    k = max(2, min(k, len(uniq)))
    buckets = [uniq[i::k] for i in range(k)]
    return [np.flatnonzero(np.isin(groups, b)) for b in buckets]


def set_utility(ex: Examples, model: LinearModel) -> None:
    for f, v in zip(ex.feats, ex.vecs):
        z = model.logit(f.text, f.terms, [v])
        f.utility = float(1 / (1 + np.exp(-z)))
    for call in np.unique(ex.calls):
        set_relative([ex.feats[i] for i in np.flatnonzero(ex.calls == call)])


def oof_utility(ex: Examples, k: int = 5) -> None:
    """Fill each row's utility with a prediction from a model that never saw its conversation."""
    folds = _group_folds(ex.groups, k)
    if len(folds) < 2 or len(set(ex.groups.tolist())) < 2:
        set_utility(ex, fit_utility(ex))
        return
    for test in folds:
        train = np.setdiff1d(np.arange(len(ex.labels)), test)
        model = fit_utility(ex.take(train))
        set_utility(ex.take(test), model)


def fit_logistic(ex: Examples, C: float = 0.1, emb_parts: int = 2, use_terms: bool = True) -> LinearModel:
    names = decision_features(claims=ex.units is not None)
    dense = _dense(ex.feats, names)
    d = _design(dense, names, use_terms, emb_parts)
    return _to_linear_model(d, _fit_lr(d.matrix(ex, dense), ex.labels, C, turn_weights(ex)), ex.model_id)


def predict_logistic(model: LinearModel, ex: Examples) -> np.ndarray:
    z = np.array([model.logit(f.dense(), f.terms, [v, c]) for f, v, c in zip(ex.feats, ex.vecs, ex.ctx_vecs)])
    return 1 / (1 + np.exp(-z))


def factor_matrix(ex: Examples) -> np.ndarray:
    return np.array([[f.factors()[k] for k in FACTORS] for f in ex.feats])


# -- thresholds and metrics -------------------------------------------------------


def prf(pred: np.ndarray, y: np.ndarray) -> tuple[float, float, float]:
    tp = float(np.sum(pred & (y == 1)))
    p = tp / max(1, int(pred.sum()))
    r = tp / max(1, int((y == 1).sum()))
    return p, r, (2 * p * r / (p + r) if p + r else 0.0)


def choose_threshold(scores: np.ndarray, y: np.ndarray, *, min_recall: float | None = None,
                     candidates: Iterable[float] | None = None) -> float:
    """Best-F1 threshold, or (with ``min_recall``) the highest threshold keeping recall ≥ r (best precision)."""
    grid = np.unique(np.round(scores, 4)) if candidates is None else np.asarray(list(candidates))
    best_t, best_v = float(grid.min()) if len(grid) else 0.5, -1.0
    for t in grid:
        p, r, f = prf(scores >= t, y)
        if min_recall is not None:
            if r >= min_recall and p > best_v:
                best_t, best_v = float(t), p
        elif f > best_v:
            best_t, best_v = float(t), f
    return best_t


def amac_weight_grid(seed: int = 42) -> list[np.ndarray]:
    """A-MAC's grid: equal weights, 5 'emphasis' vectors (0.6 on one factor), 200 random simplex vectors."""
    rng = np.random.default_rng(seed)
    grid = [np.full(5, 0.2)]
    for i in range(5):
        w = np.full(5, 0.1)
        w[i] = 0.6
        grid.append(w)
    grid.extend(rng.dirichlet(np.ones(5), size=200))
    return grid


AMAC_THETAS = [round(0.30 + 0.05 * i, 2) for i in range(7)]


def amac_grid_search(ex: Examples, *, min_recall: float | None = None, k: int = 5) -> tuple[np.ndarray, float, float]:
    """(weights, θ, mean CV objective) by A-MAC's grid search under grouped k-fold cross-validation."""
    X = factor_matrix(ex)
    y = ex.labels
    folds = _group_folds(ex.groups, k)
    best = (np.full(5, 0.2), 0.5, -1.0)
    for w in amac_weight_grid():
        s = X @ w
        for t in AMAC_THETAS:
            vals = []
            for test in folds:
                p, r, f = prf(s[test] >= t, y[test])
                vals.append((p if r >= min_recall else 0.0) if min_recall is not None else f)
            v = float(np.mean(vals))
            if v > best[2]:
                best = (w, t, v)
    return best


# -- the whole recipe --------------------------------------------------------------------


def train_policy(ex: Examples, *, learner: str = "logistic", min_recall: float | None = 0.95, name: str = "trained",
                 C: float = 0.3, inner_folds: int = 3, emb_parts: int = 0, use_terms: bool = False, data_desc: str = "",
                 roles: list[str] | None = None, progress: Progress | None = None) -> AdmissionPolicy:
    """Fit utility, then the decision rule, then its threshold on out-of-fold predictions.

    Defaults were chosen by leave-one-conversation-out on LoCoMo: the decision
    model over dense features (``emb_parts=0``, no hashed terms) did as well as
    one with embeddings, and is smaller. ``min_recall=0.95`` on out-of-fold
    predictions: at 0.92 the held-out conversations' recall fell to 0.82 and
    LoCoMo retrieval recall@10 lost 2.9 points against storing everything;
    at 0.95 it lost 0.2 (see BENCHMARKS.md).
    """
    if len(set(ex.labels.tolist())) < 2:
        raise InvalidInputError("training data needs both admitted and rejected turns")
    oof_utility(ex, inner_folds)
    if progress:
        progress(1)
    utility = fit_utility(ex)
    metrics: dict[str, float] = {}
    if learner == "amac":
        w, theta, cv = amac_grid_search(ex, min_recall=min_recall, k=inner_folds)
        decision = LinearRule(weights={k: round(float(x), 6) for k, x in zip(FACTORS, w / w.sum())}, threshold=theta)
        metrics["cv_objective"] = round(cv, 4)
    elif learner == "logistic":
        folds = _group_folds(ex.groups, inner_folds)
        oof = np.zeros(len(ex.labels))
        for test in folds:
            train = np.setdiff1d(np.arange(len(ex.labels)), test)
            oof[test] = predict_logistic(fit_logistic(ex.take(train), C, emb_parts, use_terms), ex.take(test))
            if progress:
                progress(1)
        # On claim rows the threshold is set on turns (a turn is admitted when one of its claims is).
        ts, ty = ex.turn_scores(oof)
        theta = choose_threshold(ts, ty, min_recall=min_recall, candidates=np.unique(np.round(ts[np.isfinite(ts)], 4)))
        p, r, f = prf(ts >= theta, ty)
        metrics.update(cv_precision=round(p, 4), cv_recall=round(r, 4), cv_f1=round(f, 4), cv_admitted=round(float((ts >= theta).mean()), 4))
        decision = LogisticRule(model=fit_logistic(ex, C, emb_parts, use_terms), threshold=round(theta, 6))
    else:
        raise InvalidInputError(f"unknown learner {learner!r}: use 'logistic' or 'amac'")
    # ``roles``: the message roles of the training data; the shipped pair sends candidates from
    # other roles to the turn policy (AdmissionPolicy.for_candidate).
    spec = PolicyFile(
        format=FORMAT, version=VERSION, name=name,
        description=f"{learner} admission policy" + (f", precision-at-recall>={min_recall}" if min_recall else ", best F1"),
        unit="claim" if ex.units is not None else "turn",
        trained={"learner": learner, "min_recall": min_recall, "C": C, "emb_parts": emb_parts, "terms": use_terms, "rows": int(len(ex.labels)),
                 "positives": int(ex.labels.sum()), "conversations": len(set(ex.groups.tolist())), "data": data_desc,
                 "embedder": ex.model_id, "at": datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
                 **({"roles": sorted(roles)} if roles else {}),
                 **({"turns": len(ex.turn_labels), "turn_positives": int(sum(ex.turn_labels.values())),
                     "turns_without_claims": len(ex.turn_labels) - len({k for u in ex.units for k in u})}
                    if ex.units is not None and ex.turn_labels is not None else {})},
        metrics=metrics, utility=utility, decision=decision,
    )
    return AdmissionPolicy(spec, origin="<trained>")


def build_prototypes(embedder: Embedder) -> dict:
    """Type centroids from the hand-written seeds in ``data/type_seeds.json``, for :mod:`.memtype`."""
    import json
    from importlib import resources

    from ..admission.memtype import TYPES

    seeds = json.loads(resources.files("memwarden.admission").joinpath("data/type_seeds.json").read_text())
    cents = {}
    for t in TYPES:
        v = embedder.embed(seeds[t]).mean(0)
        cents[t] = [round(float(x), 5) for x in v / np.linalg.norm(v)]
    return {"model_id": embedder.model_id, "centroids": cents}
