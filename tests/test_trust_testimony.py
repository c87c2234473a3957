import json
from datetime import datetime, timedelta, timezone

import pytest
from click.testing import CliRunner

from memwarden import Memory
from memwarden.cli import main
from memwarden.config import MemoryConfig
from memwarden.evals.verdict_cases import run, split_of
from memwarden.models import Claim
from memwarden.trust.lexicon import firmness
from memwarden.trust.testimony import testimony as read_testimony

T0 = datetime(2025, 5, 1, 9, tzinfo=timezone.utc)
SAMPLE = "tests/data/verdict_cases_sample.jsonl"


def test_tiers_follow_the_source_hierarchy():
    t = lambda text, **kw: read_testimony(text, **{"source": "user", "speaker": None, **kw}).tier  # noqa: E731
    assert t("I moved to Porto in March") == "first_hand"
    assert t("Status: PAID", source="document") == "evidence"
    assert t("CI run #8812: 214 passed", source="tool") == "evidence"
    assert t("A battery is a common cause in cold weather.", source="assistant") == "assistant"
    # The assistant quoting a record relays the record.
    assert t("Your boarding pass says gate C7.", source="assistant") == "evidence"
    assert t("office is shut on Friday for the move", speaker="Kev") == "third_party"
    assert t("Yes, I'm moving to the Singapore office in July", speaker="Priya") == "first_hand"
    assert t("pretty sure the build is broken again", speaker="Dev") == "hedged"
    assert t("my mom insists ibuprofen is totally fine with it") == "reported"
    assert t("I think my gate is B12? not 100% sure") == "hedged"


def test_claim_fields_decide_when_present():
    c = Claim(subject="user", attribute="allergy", value="penicillin", vouched_by="unknown", voucher="my mom",
              firmness="reported")
    assert read_testimony("I'm allergic to penicillin", source="user", speaker=None, claim=c).tier == "reported"
    c = Claim(subject="user", attribute="gate", value="C7", vouched_by="document", voucher="boarding pass")
    assert read_testimony("gate C7", source="user", speaker=None, claim=c).tier == "evidence"


def test_firmness_reads_hedges_and_reported_speech():
    assert firmness("Tom heard the office is closing") == "reported"
    assert firmness("apparently the new CEO starts in January") == "reported"
    assert firmness("I reckon the clinic's shut on Mondays") == "hedged"
    assert firmness("The clinic is shut on Mondays.") == "stated"


@pytest.mark.parametrize(("text", "expected"), [
    # a claim spread by someone ("is telling everyone that"), not stated: hearsay
    ("my aunt keeps telling people the bakery is closing down", "reported"),
    ("Jonah's mum is telling everyone the school trip is off", "reported"),
    ("I'm telling you, the bakery is closing down", "stated"),
    # an estimate ("I'd say", "would say") or a claim awaiting its check: hedged
    ("I'd say the commute is about 40 minutes each way", "hedged"),
    ("the user would say the roof is about 20 years old", "hedged"),
    ("great-grandad was born in Cork, not yet confirmed", "hedged"),
    # a printed record the user relays ("the leaflet says") is no hearsay
    ("the pharmacy leaflet they gave me says no alcohol with it", "stated"),
    ("the council handbook says bins go out on Tuesday", "stated"),
])
def test_firmness_reads_spread_claims_estimates_and_printed_records(text, expected):
    assert firmness(text) == expected


def _say(m, text, *, name=None, source=None, at=T0):
    msg = {"role": "user", "content": text, "timestamp": at.isoformat()}
    if name:
        msg["name"] = name
    m.add([msg], user_id="u", source=source, admission="all")


def test_first_hand_denial_beats_hearsay_and_the_verdict_names_it():
    m = Memory(config=MemoryConfig(embedder="hash"))
    _say(m, "you went to Tokyo in 2019 right?", name="Jake")
    _say(m, "I've never been to Japan, it's top of my list though", at=T0 + timedelta(hours=1))
    v = m.verdict("The user has visited Japan.", user_id="u")
    assert v.verdict == "FALSE"
    decisive = [e for e in v.evidence if e.decisive]
    # A turn or the claim extracted from it ("The user has never been to Japan, ...").
    assert len(decisive) == 1 and "never been to Japan" in decisive[0].memory
    assert v.deciding_ids == [decisive[0].id] and decisive[0].tier == "first_hand"


def test_document_beats_a_third_party_and_a_later_correction_supersedes():
    m = Memory(config=MemoryConfig(embedder="hash"))
    _say(m, "office is shut on Friday for the move", name="Kev")
    _say(m, "HR notice: the office is open as usual on Friday. It will be closed on Monday for the move.",
         source="document", at=T0 + timedelta(days=1))
    assert m.verdict("The office is closed on Friday.", user_id="u").verdict == "FALSE"
    for claims in (True, False):
        # With claims the slot supersedes the old day before search; with turns the verdict does.
        m2 = Memory(config=MemoryConfig(embedder="hash", claims=claims))
        _say(m2, "the demo is on Wednesday at 2")
        _say(m2, "correction, demo got moved to Thursday, same time", at=T0 + timedelta(days=1))
        v = m2.verdict("The demo is on Wednesday.", user_id="u")
        assert v.verdict == "FALSE"
        assert [e for e in v.evidence if e.decisive][0].memory.lower().count("thursday") == 1
        if not claims:
            assert any(e.role == "superseded" and e.superseded_by for e in v.evidence)


def test_hedged_third_party_alone_is_unknown():
    m = Memory(config=MemoryConfig(embedder="hash"))
    _say(m, "apparently the new CEO starts in January, could be wrong though", name="Kev")
    assert m.verdict("The new CEO starts in January.", user_id="u").verdict == "UNKNOWN"


def test_verdict_cases_runner_and_cli_on_a_fixture():
    assert {split_of("a"), split_of("b"), split_of("c"), split_of("d")} <= {"dev", "heldout"}
    r = run(SAMPLE, memory_factory=lambda: Memory(config=MemoryConfig(embedder="hash")))
    assert r["n"] == 3 and r["accuracy"] == 1.0
    assert r["per_label"]["FALSE"]["answered"]["FALSE"] == 1
    out = CliRunner().invoke(main, ["eval", "verdict-cases", "--data", SAMPLE, "--embedder", "hash", "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert data["accuracy"] == 1.0 and {c["expect"] for c in data["cases"]} == {"TRUE", "FALSE", "UNKNOWN"}


def test_deleting_evidence_drops_only_its_judgements():
    m = Memory(config=MemoryConfig(embedder="hash", claims=False))

    def say(name, text, image=None):
        msg = {"role": "user", "name": name, "content": text, "timestamp": T0.isoformat()}
        if image:
            msg["image"] = image
        return m.add([msg], user_id="u", metadata={"domain": "sports"}, admission="all").results[0].memory_id

    say("Bob", "Leo won the Lisbon marathon.")
    say("Bob", "Mia won the Porto marathon.")
    refute = say("Ann", "A notice saying Leo did not win the Lisbon marathon", image="mma://x/1.jpg")
    say("Ann", "Mia won the Porto marathon, smiling at the finish", image="mma://x/2.jpg")

    def bob():
        hits = m.search("Leo won the Lisbon marathon", user_id="u", as_of=T0).results
        return next(h for h in hits if h.speaker == "Bob" and "Leo" in h.memory).reliability.source

    before = bob()
    assert (before.hits, before.misses) == (1, 1)
    m.delete(refute, user_id="u")
    after = bob()
    assert (after.hits, after.misses) == (1, 0) and after.value > before.value


def test_a_named_speaker_who_is_the_user_speaks_first_hand():
    # Two friends chatting, neither marked as someone else: their claims carry their name as voucher
    # but are vouched for as the user's own (claims/rules.py); a named outsider stays a third party.
    own = Claim(subject="Nadia", attribute="hobby", value="climbing", vouched_by="user", voucher="Nadia")
    assert read_testimony("Nadia took up climbing", source="user", speaker="Nadia", claim=own).tier == "first_hand"
    other = Claim(subject="user", attribute="hobby", value="climbing", vouched_by="unknown", voucher="Omar")
    assert read_testimony("the user took up climbing", source="user", speaker="Omar",
                          claim=other).tier == "third_party"


def test_a_rule_relayed_from_whoever_set_it_is_the_users_own_but_a_fact_relayed_is_hearsay():
    text = "the physio says absolutely no running for a month"
    rule = Claim(subject="user", attribute="restriction:running", value="running", slot="user|restriction:running")
    assert read_testimony(text, source="user", speaker=None, claim=rule).tier == "first_hand"
    fact = Claim(subject="user", attribute=None, value=None)
    assert read_testimony("Tom says the office is closing", source="user", speaker=None, claim=fact).tier == "reported"
    # the extractor's own "reported" still holds for a constraint: "my mum reckons I'm allergic"
    heard = Claim(subject="user", attribute="allergy:penicillin", value="penicillin", slot="user|allergy:penicillin",
                  vouched_by="unknown", voucher="my mum", firmness="reported")
    assert read_testimony("my mum reckons I'm allergic to penicillin", source="user", speaker=None,
                          claim=heard).tier == "reported"
