"""Verdicts on wording the session-9 readings cover (issue 11): a self-correction inside one turn, a
person relaying their own plans, an amount changed in its unit, a third person's belief against a
record. Each test has its own topic and wording, none taken from an evaluation set."""

from memwarden import Memory
from memwarden.config import MemoryConfig
from memwarden.evals.verdict_cases import add_case


def _verdict(memories: list[tuple[str, str, str]], claim: str) -> str:
    """``memories``: (speaker, text, ISO time); speaker "user", "document" or a third party's name."""
    m = Memory(config=MemoryConfig(database=":memory:", embedder="minilm"))
    try:
        as_of = add_case(m, {"memories": [{"speaker": s, "text": t, "ts": ts} for s, t, ts in memories]}, "u")
        return m.verdict(claim, user_id="u", as_of=as_of).verdict
    finally:
        m.close()


def test_a_value_corrected_in_the_same_turn_is_false():
    said = [("user", "I told the school the trip costs 300, but actually it's 340 with the coach", "2026-02-03T10:00:00Z")]
    assert _verdict(said, "The school trip costs 300.") == "FALSE"
    assert _verdict(said, "The school trip costs 340.") == "TRUE"


def test_a_person_relaying_their_own_plans_is_their_word():
    said = [("user", "Priya just told me her conference in Oslo runs 3rd-6th May", "2026-04-01T10:00:00Z")]
    assert _verdict(said, "Priya's conference in Oslo ends on 6 May.") == "TRUE"


def test_a_later_change_of_an_amount_in_its_unit_corrects_the_first():
    said = [("user", "the vet started the dog on 20 mg of carprofen once a day", "2026-01-05T10:00:00Z"),
            ("user", "vet's put him up to 40 mg now after the check-up", "2026-02-20T10:00:00Z")]
    assert _verdict(said, "The user's dog takes 20 mg of carprofen.") == "FALSE"


def test_a_record_outweighs_a_third_persons_belief():
    said = [("user", "Marek thinks the boiler service was skipped this year", "2026-03-01T10:00:00Z"),
            ("document", "Boiler service record: annual service completed 12 Feb 2026, no faults found.",
             "2026-03-01T11:00:00Z")]
    assert _verdict(said, "The boiler service was skipped this year.") == "FALSE"
