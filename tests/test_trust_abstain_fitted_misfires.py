"""Answerable questions the fitted abstention must not refuse (session 17, s17-abstfit): the asked value
said in other words than the question's, after a preposition, by another speaker, or through a pronoun.
Wording and topics are this file's own (not the scenario sets'); every case is also checked under the
hand rules. The fitted model was not shipped (BENCHMARKS.md, "Session 17 (branch s17-abstfit)"): leave one
author out it did not beat the rules. Four cases the rules (and the opt-in fitted weights, which read the
rules' flags) still refuse are marked ``KNOWN``: strict xfails, so a fix shows up as XPASS."""

from datetime import datetime, timedelta, timezone

import pytest

from memwarden import Memory
from memwarden.config import MemoryConfig
from memwarden.trust.config import TrustConfig

T0 = datetime(2025, 10, 6, 8, tzinfo=timezone.utc)

#: (turns as (role, text), an answerable question)
CASES = [
    # the filler in other words than the question's
    ([("user", "I drive a battered old Skoda Octavia estate")], "What car do I have?"),
    ([("user", "we moved into a two-bed terrace in Leith last spring")], "Where is our house?"),
    ([("user", "my sister Ines is a paediatric nurse at the Royal")], "What does Ines do for work?"),
    ([("user", "the plumber charged me ninety quid for the callout")], "How much was the plumber?"),
    ([("user", "I'm allergic to shellfish, prawns especially")], "Which foods should I avoid?"),
    # the filler after a preposition
    ([("user", "I do my food shop at the Lidl on Bath Road")], "Which supermarket do I use?"),
    ([("user", "the kids have swimming lessons on Saturday mornings at nine")], "When are the kids' swimming lessons?"),
    ([("user", "I've been learning Portuguese with a tutor called Bruna")], "Who teaches me Portuguese?"),
    ([("user", "our wifi is with Zen Internet, the fibre package")], "Who is our broadband provider?"),
    # said by another speaker
    ([("user", "what time is my dentist appointment again?"),
      ("assistant", "Your dentist appointment is on Thursday at 3:15pm with Dr Okafor.")],
     "When is my dentist appointment?"),
    ([("user", "my mum says the family reunion is on the 14th of June")], "When is the family reunion?"),
    ([("user", "Marek told me the team offsite will be in Bristol this year")], "Where is the team offsite?"),
    # the filler through a pronoun
    ([("user", "I finally bought a road bike"), ("user", "it's a Ribble, cost me about 1200 pounds")],
     "How much did my road bike cost?"),
    ([("user", "my landlord is Mr Haddad"), ("user", "he wants the rent by the 1st of each month")],
     "When is the rent due?"),
    ([("user", "we adopted a rescue greyhound last month"), ("user", "she's called Pepper and she's six")],
     "What is my dog's name?"),
    ([("user", "the new project manager started on Monday"), ("user", "her name is Fiona Grant")],
     "Who is the new project manager?"),
]


#: Refused today by both modes (session 17): a spoken amount ("ninety quid") is no number; a pronoun's
#: turn ("it's a Ribble, cost me about 1200 pounds", "she's called Pepper", "her name is ...") does not
#: mention what the question names, so the attribute check finds no memory about it.
#: (Session 22: "How much was the plumber?" is answered in both modes since "how much was the X" asks money.)
KNOWN = {"How much did my road bike cost?", "What is my dog's name?", "Who is the new project manager?"}


def store(turns, trust: TrustConfig) -> Memory:
    m = Memory(config=MemoryConfig(trust=trust))
    for i, (role, text) in enumerate(turns):
        m.add([{"role": role, "content": text, "timestamp": (T0 + timedelta(minutes=i)).isoformat()}],
              user_id="u", admission="all")
    return m


@pytest.mark.parametrize("mode", ["rules", "fitted"])
@pytest.mark.parametrize(("turns", "query"), [
    pytest.param(t, q, marks=pytest.mark.xfail(strict=True, reason="known misfire, session 17")) if q in KNOWN
    else (t, q) for t, q in CASES], ids=[q for _, q in CASES])
def test_an_answerable_question_is_answered(turns, query, mode):
    m = store(turns, TrustConfig(abstain_mode=mode))
    try:
        res = m.search(query, user_id="u", as_of=T0 + timedelta(days=1))
        assert not res.abstained, (query, res.abstain_detail)
    finally:
        m.close()
