"""Offline comparison of admission learners on LoCoMo (issue #3 follow-up; not shipped).

Usage (from the worktree root; the first run extracts features through Memory into /tmp/adm2/ex.pkl):

    PYTHONPATH=src nice -n 10 python bench/bench_admission_variants.py EXTRA MODE
    EXTRA: "" (existing features) or "all" (adds image/rare-word/idf-salience/follow-up/first-person-past features)
    MODE:  lr (the shipped recipe: logistic over dense features) | hgb | hgbpca (HistGradientBoosting, + 16-d PCA of
           the turn's and its neighbours' embeddings) | lrs2 (second stage over neighbouring turns' scores)
    INNER=9 env: choose the threshold on leave-one-conversation-out predictions of the training conversations.

Per protocol (heldout: split seed 42, 7/1/2; loco) it prints precision/recall/F1 on the test conversations with the
threshold chosen on out-of-fold training predictions for recall targets 0.95/0.92/0.90/0.91, and an "oracle90"
line with the threshold picked on the pooled test scores (an upper bound, not a result). Unlike
`memwarden eval admission`, the store during feature extraction holds every turn (novelty differs slightly).
"""
import argparse, os, pickle
_ap = argparse.ArgumentParser(description="Offline comparison of admission learners on LoCoMo (see the module docstring).")
_ap.add_argument("extra", nargs="?", default="", help='"" (existing features), "all", or a comma list of extra feature names')
_ap.add_argument("mode", nargs="?", default="lr", choices=["lr", "lrs2", "hgb", "hgbpca", "hgbs2", "hgbpcas2", "lrpca"],
                 help="learner (default lr, the shipped recipe)")
_ap.add_argument("min_recall", nargs="?", type=float, default=0.95, help="recall target for the threshold (default 0.95)")
_ARGS = _ap.parse_args()
if not os.path.exists("/tmp/adm2/ex.pkl"):
    os.makedirs("/tmp/adm2", exist_ok=True)
    import pickle, time, sys
    from pathlib import Path
    import numpy as np
    sys.path.insert(0, "src")
    from memwarden.training.dataset import load
    from memwarden.training.train import CachingEmbedder, extract
    from memwarden.providers.embedder import default_embedder
    data = load("/work/shared/data/locomo/locomo10.json")
    emb = CachingEmbedder(default_embedder())
    print("cache", len(emb._cache))
    t=time.time()
    ex = extract(data, emb)
    print("extract s", time.time()-t, len(ex.labels))
    texts = [m["content"] if "content" in m else str(m) for s in data.sessions for m in s.messages]
    pickle.dump({"ex": ex, "texts": texts, "sessions": [(s.conversation, s.session, len(s.labels)) for s in data.sessions], "msgs": [m for s in data.sessions for m in s.messages]}, open("/tmp/adm2/ex.pkl", "wb"))
import pickle, sys, time, re, copy
import numpy as np
sys.path.insert(0, "src")
import memwarden.admission.features as FE
import memwarden.training.train as T
from memwarden.admission import factors as F
d = pickle.load(open('/tmp/adm2/ex.pkl','rb'))
ex, msgs = d['ex'], d['msgs']
y = ex.labels
N = len(y)
EXTRA, MODE, MINR = _ARGS.extra, _ARGS.mode, _ARGS.min_recall
_IMG = re.compile(r"\[shares an image:")
_Q = re.compile(r"\?")
def extra_feats():
    out = [dict() for _ in range(N)]
    for call in np.unique(ex.calls):
        idx = np.flatnonzero(ex.calls == call)
        texts = [msgs[i]['content'] for i in idx]
        words = [F.content_words(t) for t in texts]
        spk = [msgs[i].get('name') for i in idx]
        df = {}
        for w in words:
            for x in w: df[x] = df.get(x, 0) + 1
        n = len(idx)
        for j, i in enumerate(idx):
            w = words[j]
            rare = [x for x in w if df[x] == 1]
            shared = [x for x in w if df[x] >= 2]
            nxt = texts[j+1] if j+1 < n else ""
            nxt2 = texts[j+2] if j+2 < n else ""
            nw = words[j+1] if j+1 < n else set()
            e = {
              "img": float(bool(_IMG.search(texts[j]))),
              "rare_words_log": np.log1p(len(rare)),
              "shared_words": min(5, len(shared))/5,
              "idf_sal": float(np.mean([np.log(n/df[x]) for x in w])) if w else 0.0,
              "next_q_overlap": float(("?" in nxt) and len(w & nw) >= 1 and (j+1<n and spk[j+1]!=spk[j])),
              "next2_q": float("?" in nxt2),
              "sent_count": min(5, len(re.findall(r"[.!?]+", texts[j])))/5,
              "i_past": float(bool(re.search(r"\b(?:i|we)\s+(?:just\s+|finally\s+|recently\s+)?(?:\w+ed|went|got|had|made|took|saw|met|bought|won|began|ran|gave|found|left|did)\b", texts[j], re.I))),
              "own_is_q_only": float(texts[j].strip().endswith("?") and len(w) < 6),
            }
            out[i] = e
    return out
if EXTRA:
    ef = extra_feats()
    names = list(ef[0].keys()) if EXTRA == "all" else EXTRA.split(",")
    for f, e in zip(ex.feats, ef):
        f.context = {**f.context, **{k: e[k] for k in names}}
    FE.CONTEXT_FEATURES = tuple(FE.CONTEXT_FEATURES) + tuple(names)

convs = sorted(set(ex.groups.tolist()), key=lambda c: list(ex.groups).index(c))
def dense_all(e):
    return T._dense(e.feats, T.decision_features())

def hgb_fit(e, pca):
    from sklearn.ensemble import HistGradientBoostingClassifier
    X = dense_all(e)
    if pca is not None:
        X = np.hstack([X, pca.transform(e.vecs), pca.transform(e.ctx_vecs)])
    m = HistGradientBoostingClassifier(max_iter=200, learning_rate=0.05, max_leaf_nodes=15, min_samples_leaf=40, l2_regularization=1.0, random_state=0)
    m.fit(X, e.labels)
    return m
def hgb_pred(m, e, pca):
    X = dense_all(e)
    if pca is not None:
        X = np.hstack([X, pca.transform(e.vecs), pca.transform(e.ctx_vecs)])
    return m.predict_proba(X)[:, 1]

def fit_pred(tr, te):
    """train on tr Examples (utility already oof-set), predict te (utility set)."""
    if MODE.startswith("lr"):
        m = T.fit_logistic(tr, 0.3, 0, False)
        return T.predict_logistic(m, te)
    pca = None
    if "pca" in MODE:
        from sklearn.decomposition import PCA
        pca = PCA(16, random_state=0).fit(tr.vecs)
    m = hgb_fit(tr, pca)
    return hgb_pred(m, te, pca)

def smooth(e, s):
    """second stage features: neighbours' scores"""
    out = []
    for i in range(len(s)):
        pass
    return s

def fold(train_convs, test_convs):
    tr = ex.take(np.flatnonzero(np.isin(ex.groups, train_convs)))
    te = ex.take(np.flatnonzero(np.isin(ex.groups, test_convs)))
    T.oof_utility(tr, 3)
    umodel = T.fit_utility(tr)
    T.set_utility(te, umodel)
    import os; folds = T._group_folds(tr.groups, int(os.environ.get("INNER", "3")))
    oof = np.zeros(len(tr.labels))
    for t in folds:
        trn = np.setdiff1d(np.arange(len(tr.labels)), t)
        oof[t] = fit_pred(tr.take(trn), tr.take(t))
    s = fit_pred(tr, te)
    if "s2" in MODE:
        Xtr = s2feats(tr.calls, oof); Xte = s2feats(te.calls, s)
        from sklearn.linear_model import LogisticRegression
        oof2 = np.zeros(len(oof))
        for t in folds:
            trn = np.setdiff1d(np.arange(len(tr.labels)), t)
            oof2[t] = LogisticRegression(C=1.0, max_iter=1000).fit(Xtr[trn], tr.labels[trn]).predict_proba(Xtr[t])[:, 1]
        s = LogisticRegression(C=1.0, max_iter=1000).fit(Xtr, tr.labels).predict_proba(Xte)[:, 1]
        oof = oof2
    return oof, tr.labels, s, te.labels

def s2feats(calls, s):
    z = np.log(np.clip(s, 1e-4, 1-1e-4) / (1 - np.clip(s, 1e-4, 1-1e-4)))
    X = np.zeros((len(s), 8))
    for c in np.unique(calls):
        idx = np.flatnonzero(calls == c); n = len(idx); zz = z[idx]
        order = (-zz).argsort(); rank = np.empty(n); rank[order] = np.arange(n)
        for j, i in enumerate(idx):
            X[i] = [zz[j], zz[j-1] if j > 0 else -3, zz[j+1] if j+1 < n else -3,
                    max(zz[max(0,j-2):j+3]), rank[j]/max(1,n-1), zz[j]-zz.mean(), zz[j]-zz.max(), np.log(n)]
    return X

t0 = time.time()
res = {}
S = np.zeros(N); TH = {}
out = {"loco": [], "heldout": []}
# heldout split
from memwarden.evals.admission import split
tr_, va_, te_ = split(convs)
for proto, folds in (("heldout", [(tr_+va_, te_)]), ("loco", [([c for c in convs if c != t], [t]) for t in convs])):
    allp, ally, allbest = [], [], []
    for trc, tec in folds:
        oof, ytr, s, yte = fold(trc, tec)
        for r in (0.95, 0.92, 0.90, 0.91):
            th = T.choose_threshold(oof, ytr, min_recall=r)
            out[proto].append((r, s >= th, yte))
        allp.append(s); ally.append(yte)
    ys = np.concatenate(ally); ss = np.concatenate(allp)
    msg = [proto, EXTRA or "-", MODE]
    for r in (0.95, 0.92, 0.90, 0.91):
        pr = np.concatenate([p for rr, p, yy in out[proto] if rr == r]); yy = np.concatenate([yy for rr, p, yy in out[proto] if rr == r])
        P, R, F1 = T.prf(pr, yy)
        msg.append(f"r{r}: P{P:.3f} R{R:.3f} F{F1:.3f} adm{pr.mean():.3f}")
    # oracle at recall .90 pooled
    th = T.choose_threshold(ss, ys, min_recall=0.90); P,R,F1 = T.prf(ss>=th, ys)
    msg.append(f"oracle90 P{P:.3f} R{R:.3f} F{F1:.3f}")
    print(" | ".join(msg), flush=True)
    np.save(f"/tmp/adm2/scores_{proto}_{MODE}_{EXTRA or 'none'}.npy", np.stack([ss, ys]))
print("secs", time.time()-t0)
