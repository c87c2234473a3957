"""Replay the development scenario sets (bench/_sets.py) into fresh memories, for the scripts that
score a stage on stored searches: each scenario holding a probe of the wanted type is added session
by session to a new :class:`memwarden.evals.scenario_systems.MemwardenSystem` (MiniLM, the scenario
runner's system), and its probes are handed out with the system still open. Imported by the bench
scripts, which run with ``bench/`` on the path."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, Iterator

from _sets import SCENARIO_SETS

ROOT = Path(__file__).resolve().parents[1]


def replay_probes(probe_type: str, *, root: Path = ROOT,
                  shard: tuple[int, int] = (0, 1)) -> Iterator[tuple[str, Any, int, Any, Any]]:
    """(author, scenario, probe index, probe, system) for every probe of ``probe_type``; ``shard``
    (k, n): only the authors whose place in ``SCENARIO_SETS`` is k modulo n (to split a long replay
    over processes); ``root``: the checkout the sets' paths are read from."""
    from memwarden.evals.scenario_format import load_scenarios
    from memwarden.evals.scenario_systems import MemwardenSystem, make_embedder

    emb = make_embedder("minilm")
    k_shard, n_shard = shard
    for place, (author, rel) in enumerate(SCENARIO_SETS.items()):
        if place % n_shard != k_shard:
            continue
        n = 0
        for sc in load_scenarios(root / rel).scenarios:
            probes = [(i, p) for i, p in enumerate(sc.probes) if p.type == probe_type]
            if not probes:
                continue
            system = MemwardenSystem(emb)
            try:
                for session in sc.sessions:
                    system.add_session(sc.user_map[session.user], session.add_messages(), session.ts)
                for i, p in probes:
                    n += 1
                    yield author, sc, i, p, system
            finally:
                system.close()
        print(f"{author}: {n} {probe_type} probes", file=sys.stderr)
