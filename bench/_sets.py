"""The hand-written scenario sets the fitting scripts read, by author (dev = author 1, dev2 = 2,
heldout = 3, heldout2 = 4, heldout3 = 5, heldout4 = 6, heldout5 = 7: session 8's held-out author,
a development set since session 9; the fresh authors' sets live outside the repository and are never
listed here).
Paths are relative to the repository root. Imported by the bench scripts, which run with ``bench/``
on the path (``python bench/<script>.py``)."""

SCENARIO_SETS = {"dev": "evals/scenarios/dev.json", "dev2": "evals/scenarios/dev2.json",
                 "heldout": "evals/heldout/scenarios.json", "heldout2": "evals/heldout2/scenarios.json",
                 "heldout3": "evals/heldout3/scenarios.json", "heldout4": "evals/heldout4/scenarios.json",
                 "heldout5": "evals/heldout5/scenarios.json"}
