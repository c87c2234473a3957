"""The hand-written scenario sets the fitting scripts read, by author (dev = author 1, dev2 = 2,
heldout = 3, heldout2 = 4, heldout3 = 5, heldout4 = 6, heldout5 = 7: session 8's fresh author,
development since session 9; heldout9 = 9 and heldout10 = 10, written blind on session 9's morning and
development since its second round; authors 8, 11 and 12, `evals/heldout6`-`heldout8`, session 9's
held-out sets, measured unread at session 10's start and development since).
Authors 13-17 (`evals/heldout11`-`heldout15`), written blind at session 10's start, were session 11's
validation sets (totals only) and are development since session 12.
Authors 18-22 (`evals/heldout16`-`heldout20`), written blind at session 11's start, were session 12's
validation sets (totals only) and are development since session 13.
Authors 23-27 (`evals/heldout21`-`heldout25`), written blind at session 12's start, were session 13's
validation sets (totals only) and are development since session 14.
Authors 28-32 (`evals/heldout26`-`heldout30`), written blind at session 13's start, were session 14's
validation sets (totals only) and are development since session 15.
Authors 33-37 (`evals/heldout31`-`heldout35`), written blind at session 14's start, were session 15's
validation sets (totals only) and are development since session 16.
Authors 38-42 (`evals/heldout36`-`heldout40`), written blind at session 15's start, were session 16's
validation sets (totals only) and are development since session 17.
Authors 43-47 (`evals/heldout41`-`heldout45`), written blind at session 16's start, were session 17's
validation sets (totals only) and are development since session 18.
Authors 48-52 (`evals/heldout46`-`heldout50`), written blind at session 17's start, were sessions 17 and 18's
validation sets (totals only) and are development since session 19.
Authors 53-57 (`evals/heldout51`-`heldout55`), written blind at session 18's start, were sessions 18 and 19's
validation sets (totals only) and are development since session 20.
Authors 58-62 (`evals/heldout56`-`heldout60`), written blind at session 19's start, were sessions 19 and 20's
validation sets (totals only) and are development since session 21.
Authors 63-67 (`evals/heldout61`-`heldout65`), written blind at session 20's start, were sessions 20 and 21's
validation sets (totals only) and are development since session 22.
Authors 68-72 (`evals/heldout66`-`heldout70`: people running a small cafe, guesthouse or bar in a country they moved
to; parents of teenagers; market traders; volunteer youth and amateur coaches; freelancers), written blind at session
21's start, were sessions 21 and 22's validation sets (totals only) and are development since session 23.
Authors 73-77 (`evals/heldout71`-`heldout75`: church and community-centre volunteers; shift-working parents; carers
of a partner or parent with dementia or long illness; gig couriers and ride-hail drivers; home renovators), written
blind at session 22's start, were sessions 22 and 23's validation sets (totals only) and are development since
session 24.
Authors 78-82 (`evals/heldout76`-`heldout80`: grown-up children of immigrant parents helping with forms, visas and
appointments; small-business owners doing their own books; people on a health and recovery journey; retired allotment
holders and garden-club members; new parents), written blind at session 23's start, were sessions 23 and 24's
validation sets (totals only) and are development since session 25.
Authors 83-87 (`evals/heldout81`-`heldout85`: families planning a wedding or a big celebration; software engineers
and IT people; people buying or selling a home; car owners; online gamers and esports hobbyists), written blind at
session 24's start, were sessions 24 and 25's validation sets (totals only) and are development since session 26.
Authors 88-92 (`evals/heldout86`-`heldout90`: PhD students, postdocs and lecturers; households sorting home energy;
people going through a separation or divorce; outdoor people planning trips; football fans), written blind at session
25's start, were sessions 25 and 26's validation sets (totals only) and are development since session 27.
Authors 93-97 (`evals/heldout91`-`heldout95`: self-employed tradespeople; people handling insurance claims and
household emergencies; boat owners, sailors and canal boaters; second-language English speakers from East Asia living
abroad; amateur endurance athletes), written blind at session 26's start, were sessions 26 and 27's validation sets
(totals only) and are development since session 28.
Authors 98-102 (`evals/heldout96`-`heldout100`: pet owners; amateur musicians, band members and choir singers; people
job hunting or changing career; South Asian English speakers in multi-generational households; frequent business
travellers), written blind at session 27's start, were sessions 27 and 28's validation sets (totals only) and are
development since session 29.
`VALIDATION_SETS`: authors 103-107 (`evals/heldout101`-`heldout105`: undergraduates sharing flats and halls; school
teachers and staff; older adults dictating to a voice assistant; online marketplace sellers and crafters; home cooks
cooking for family members with dietary needs), written blind at session 28's start (each with UNKNOWN verdict cases),
measured unread by the lead at session 28's start and end and at session 29's start; session 29's branches measure
them by totals only (`bench/author_table.py`), never read them, and no fitting script reads them.
`HELDOUT_SETS`: authors 108-112 (`evals/heldout106`-`heldout110`: nurses, paramedics and care-home staff on shifts;
people managing household money and debt; photographers, videographers and small content creators; people dating and in
new relationships; smallholders and hobby farmers), written blind at session 29's start (each with UNKNOWN verdict
cases), kept outside the repository while its branches worked, measured by the lead (totals only) at its start, on one
dropped candidate and on the final code; never opened or run by a branch; committed at the session's end. The next
session measures them unread at its start.
Paths are relative to the repository root. Imported by the bench scripts, which run with ``bench/``
on the path (``python bench/<script>.py``)."""

SCENARIO_SETS = {"dev": "evals/scenarios/dev.json", "dev2": "evals/scenarios/dev2.json",
                 "heldout": "evals/heldout/scenarios.json", "heldout2": "evals/heldout2/scenarios.json",
                 "heldout3": "evals/heldout3/scenarios.json", "heldout4": "evals/heldout4/scenarios.json",
                 "heldout5": "evals/heldout5/scenarios.json",
                 "heldout6": "evals/heldout6/scenarios.json",
                 "heldout9": "evals/heldout9/scenarios.json", "heldout10": "evals/heldout10/scenarios.json",
                 "heldout7": "evals/heldout7/scenarios.json", "heldout8": "evals/heldout8/scenarios.json",
                 **{f"heldout{n}": f"evals/heldout{n}/scenarios.json" for n in range(11, 101)}}

VALIDATION_SETS = {f"heldout{n}": f"evals/heldout{n}/scenarios.json" for n in range(101, 106)}
HELDOUT_SETS = {f"heldout{n}": f"evals/heldout{n}/scenarios.json" for n in range(106, 111)}

AUTHORS = {"dev": 1, "dev2": 2, "heldout": 3, "heldout2": 4, "heldout3": 5, "heldout4": 6, "heldout5": 7,
           "heldout6": 8, "heldout9": 9, "heldout10": 10, "heldout7": 11, "heldout8": 12,
           **{f"heldout{n}": n + 2 for n in range(11, 111)}}
