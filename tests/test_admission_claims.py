"""Admission per claim (issue 10, item 5): claim rows labelled by their turns, turn-level thresholds,
the shipped claim/turn policy pair, and the source-turn features the claim policy reads."""

import json

import numpy as np
import pytest

from memwarden import Memory
from memwarden.admission.sources import SOURCE_FEATURES, source_features
from memwarden.admission.policy import AdmissionPolicy
from memwarden.admission.scored import ScoredAdmitter, candidate_unit
from memwarden.admission.base import AdmissionContext
from memwarden.config import MemoryConfig
from memwarden.models import Candidate, Turn
from memwarden.providers.embedder import HashEmbedder

sklearn = pytest.importorskip("sklearn")

from memwarden.training.dataset import Dataset, Session  # noqa: E402
from memwarden.training.train import extract_claims, prf, train_policy  # noqa: E402

#: Facts the offline extractor turns into claims; only the dated ones are "needed" later.
KEEP = ["Last {d} I adopted a dog named {n}.", "I ran my first marathon with {n} on {d}.", "I started a new job at the {n} bakery on {d}."]
DROP = ["I like the colour of {n}'s jacket.", "My cousin {n} thinks pizza is fine."]
CHAT = ["Haha, that's cool!", "Wow, amazing!", "How are you?", "Thanks, talk soon!"]
NAMES = ["Max", "Rosa", "Kim", "Tara", "Oslo"]
DAYS = ["Friday", "Monday", "Sunday"]


def dataset(n_conv=6, seed=1) -> Dataset:
    rng = np.random.default_rng(seed)
    ds = Dataset()
    for c in range(n_conv):
        for s in range(3):
            msgs, labels = [], []
            for i in range(9):
                kind = rng.integers(3)
                pool = (KEEP, DROP, CHAT)[kind]
                text = pool[rng.integers(len(pool))].format(d=DAYS[rng.integers(3)], n=NAMES[rng.integers(5)])
                msgs.append({"role": "user", "name": "AB"[i % 2], "content": text, "id": f"c{c}s{s}t{i}"})
                # One chit-chat turn per session is "evidence" too: it yields no claim, so it can
                # only be missed (as LoCoMo's reactions that carry the other speaker's fact are).
                labels.append(int(kind == 0 or (kind == 2 and i == 8)))
            ds.sessions.append(Session(f"c{c}", f"s{s}", None, msgs, labels))
    return ds


@pytest.fixture(scope="module")
def claim_rows():
    return extract_claims(dataset(), HashEmbedder())


def test_claim_rows_are_labelled_by_their_source_turns(claim_rows):
    ex = claim_rows
    ds = dataset()
    assert len(ex.turn_labels) == ds.n_turns() and sum(ex.turn_labels.values()) == sum(sum(s.labels) for s in ds.sessions)
    assert len(ex.units) == len(ex.feats) == len(ex.labels) > 0
    for keys, y in zip(ex.units, ex.labels.tolist()):
        assert keys and y == max(ex.turn_labels[k] for k in keys)
    # Chit-chat yields no claim: those turns have no row and score -inf at turn level.
    with_rows = {k for keys in ex.units for k in keys}
    assert len(with_rows) < len(ex.turn_labels)
    ts, ty = ex.turn_scores(np.ones(len(ex.labels)))
    assert np.isneginf(ts).sum() == len(ex.turn_labels) - len(with_rows) and len(ty) == len(ts)


def test_claim_policy_threshold_is_set_on_turns(claim_rows):
    pol = train_policy(claim_rows, min_recall=0.8, name="claims-test")
    assert pol.spec.unit == "claim"
    m = pol.spec.metrics
    # Turn-level: the claimless evidence turns cap recall below 1; the target is still met.
    cap = 1 - sum(1 for k, y in claim_rows.turn_labels.items() if y and k not in {u for us in claim_rows.units for u in us}) / sum(
        claim_rows.turn_labels.values())
    assert cap < 1.0
    assert 0.8 <= m["cv_recall"] <= cap + 1e-4
    assert m["cv_precision"] > 0.7
    again = AdmissionPolicy.from_dict(json.loads(pol.to_json()))
    assert again.spec.unit == "claim" and again.threshold == pol.threshold
    # The same scores as a per-row check: dated facts kept, undated opinions mostly not.
    from memwarden.training.train import set_utility

    ex = claim_rows.take(np.arange(len(claim_rows.labels)))
    set_utility(ex, pol.spec.utility)
    s = np.array([pol.score(f, [v, c]) for f, v, c in zip(ex.feats, ex.vecs, ex.ctx_vecs)])
    assert prf(s >= pol.threshold, ex.labels)[2] > 0.8


def test_shipped_pair_scores_claims_and_turns_with_their_own_policy():
    pol = AdmissionPolicy.default()
    assert pol.spec.unit == "claim" and pol.for_turns is not None and pol.for_turns.spec.unit == "turn"
    assert pol.for_unit("claim") is pol and pol.for_unit("turn") is pol.for_turns
    msgs = [{"role": "user", "content": "I moved to Porto last week and started at the harbour office."}]
    with Memory(config=MemoryConfig(database=":memory:", embedder="hash")) as m:
        claims = [r for r in m.add(msgs, user_id="u").results if r.kind == "claim"]
    assert claims and all(r.threshold == pytest.approx(pol.threshold) for r in claims)
    with Memory(config=MemoryConfig(database=":memory:", embedder="hash", claims=False)) as m:
        turns = m.add(msgs, user_id="u").results
    assert turns and all(r.threshold == pytest.approx(pol.for_turns.threshold) for r in turns)
    assert pol.threshold != pol.for_turns.threshold


def test_claims_from_a_role_the_claim_policy_never_saw_go_to_the_turn_policy():
    pol = AdmissionPolicy.default()
    assert pol.spec.trained["roles"] == ["user"]  # LoCoMo: two people, no assistant
    assert pol.for_candidate("claim", "user") is pol and pol.for_candidate("claim", "assistant") is pol.for_turns
    msgs = [{"role": "user", "content": "I drink my coffee black now, no sweetener at all."},
            {"role": "assistant", "content": "Nice, black coffee it is, and I noted that you moved to Porto."}]
    with Memory(config=MemoryConfig(database=":memory:", embedder="hash")) as m:
        claims = [r for r in m.add(msgs, user_id="u").results if r.kind == "claim"]
    turn_scored = [r for r in claims if "trained on no assistant turn" in r.reason]
    assert turn_scored and all(r.threshold == pytest.approx(pol.for_turns.threshold) for r in turn_scored)
    assert any(r.threshold == pytest.approx(pol.threshold) for r in claims if r not in turn_scored)


def test_a_given_policy_scores_both_units():
    pol = AdmissionPolicy.default().for_turns
    assert pol.for_unit("claim") is pol


def test_candidate_unit_reads_the_context():
    base = dict(user_id="u", turns=[], candidates=[], vectors=np.zeros((0, 4)), neighbours=lambda v, k: [],
                stored_hashes={}, now=None)
    assert candidate_unit(AdmissionContext(**base)) == "turn"
    assert candidate_unit(AdmissionContext(**base, supersession=False)) == "claim"
    assert candidate_unit(AdmissionContext(**base, supersession=False, unit="turn")) == "turn"


def test_source_features_read_the_source_turn_and_its_neighbours():
    turns = [Turn(role="user", name="A", content="I adopted a dog named Max and I started a new job.", index=0),
             Turn(role="user", name="B", content="Wow, what breed is he?", index=1),
             Turn(role="user", name="A", content="haha", index=2)]
    cands = [Candidate(text="A adopted a dog named Max", turn_index=0, source_turn_indexes=[0]),
             Candidate(text="A started a new job on 2023-05-07 (2023-05-07)", turn_index=0, source_turn_indexes=[0])]
    ctx = AdmissionContext(user_id="u", turns=turns, candidates=cands, vectors=np.zeros((2, 4)), neighbours=lambda v, k: [],
                           stored_hashes={}, now=None, supersession=False)
    a, b = source_features(ctx)
    assert set(a) == set(SOURCE_FEATURES)
    assert a["src_next_question"] == 1.0 and a["src_next_followup"] == 1.0 and a["src_next_reaction"] == 1.0
    assert a["src_claims_log"] == pytest.approx(np.log1p(2)) and (a["src_claim_rank"], b["src_claim_rank"]) == (0.0, 0.2)
    assert a["call_turns_with_claims"] == pytest.approx(1 / 3) and a["src_next_has_claim"] == 0.0
    assert 0 < a["claim_share"] < 1 and b["claim_resolved_date"] == 1.0 and a["claim_resolved_date"] == 0.0
    # A candidate naming no turn of the call has no source features (the policy reads zeros).
    lone = AdmissionContext(user_id="u", turns=[], candidates=[Candidate(text="x")], vectors=np.zeros((1, 4)),
                            neighbours=lambda v, k: [], stored_hashes={}, now=None)
    assert source_features(lone) == [{}]


def test_admission_train_cli_trains_a_claim_policy(tmp_path, monkeypatch):
    from click.testing import CliRunner

    import memwarden.providers.embedder as E
    from memwarden.cli.admission import admission_group

    monkeypatch.setattr(E, "default_embedder", lambda: HashEmbedder())
    rows = [json.dumps({"conversation": s.conversation, "session": s.session,
                        "turns": [{"speaker": m["name"], "text": m["content"], "admit": bool(y), "id": m["id"]}
                                  for m, y in zip(s.messages, s.labels)]}) for s in dataset(4).sessions]
    data = tmp_path / "d.jsonl"
    data.write_text("\n".join(rows) + "\n")
    out = tmp_path / "p.json"
    r = CliRunner().invoke(admission_group, ["train", "--data", str(data), "--out", str(out), "--claims", "--min-recall", "0.8",
                                             "--json"])
    assert r.exit_code == 0, r.output
    pol = AdmissionPolicy.load(out)
    assert pol.spec.unit == "claim" and pol.spec.trained["roles"] == ["user"] and pol.spec.trained["turns_without_claims"] > 0
