"""A hand check of false abstentions: answerable questions in wordings the session-8 abstention
rules (trust/polar.py, trust/aspect.py, the owner and value-class rules) were not written from,
each over one new memory. Prints each decision and how many answered (BENCHMARKS.md, "Session 8
(branch s8-abst)": 18 of 20).

    PYTHONPATH=src python bench/abstain_wordings.py
"""

from datetime import datetime, timedelta, timezone
from memwarden import Memory
from memwarden.config import MemoryConfig
T0 = datetime(2025, 5, 1, 9, tzinfo=timezone.utc)
CASES = [
 (["I'm allergic to penicillin, found out as a kid"], "do I have any allergies?"),
 (["the parcel from Argos came this morning"], "did the parcel arrive?"),
 (["booked the dentist for Tuesday at 4"], "have I booked the dentist?"),
 (["my car insurance is with Admiral, renews in May"], "is my car insured?"),
 (["PASSED my driving test today!!"], "did I pass my driving test?"),
 (["the vet said Biscuit's booster is due in June"], "is Biscuit due a booster?"),
 (["my sister Jo is a nurse at St Mary's"], "what's my sister's name?"),
 (["Mia's teacher this year is Mr Patel"], "what's the name of Mia's teacher?"),
 (["my flat is number 14, Elm Court"], "what's my flat number?"),
 (["I cycle 12 miles each way to work"], "how many miles is my commute?"),
 (["I sleep about 6 hours a night"], "how many hours do I sleep?"),
 (["I'm a size 10 in dresses"], "what size dress do I wear?"),
 (["got my road bike for £900 second hand"], "how much did my bike cost?"),
 (["the course runs from 3 March to 12 May"], "when does the course finish?"),
 (["the shop's open 9 till 5:30"], "what time does the shop close?"),
 (["my gym membership is paid monthly, £32"], "is my gym membership paid?"),
 (["the twins' swimming teacher is called Harriet"], "what's the name of the twins' swimming teacher?"),
 (["the removals company is Shift & Co, they come on the 2nd"], "are the movers coming on the 2nd?"),
 (["we're going to Cornwall for Dad's 60th birthday"], "whose birthday are we celebrating in Cornwall?"),
 (["the landlord fixed the boiler last week"], "has the boiler been repaired?"),
]


def main() -> None:
    ok = 0
    for turns, q in CASES:
        m = Memory(config=MemoryConfig())
        for i,t in enumerate(turns):
            m.add([{"role":"user","content":t,"timestamp":(T0+timedelta(minutes=i)).isoformat()}], user_id="u", admission="all")
        r = m.search(q, user_id="u", as_of=T0+timedelta(days=1))
        ok += not r.abstained
        print('ABST' if r.abstained else 'ok  ', q, '|', r.abstain_detail or '')
        m.close()
    print(ok, '/', len(CASES), 'answered')


if __name__ == "__main__":
    main()
