#!/usr/bin/env bash
# What the journal costs a move: the same paced loopback load against a fresh server with
# --data-dir none, with the default group commit and with an fsync per change; prints the server's
# CPU per move and the move latency for each, and the difference from no journal. Every server
# started here is stopped by the benchmark itself (SIGTERM, then kill by PID); the whole run is
# bounded by a timeout.
#
#   bench/journal-cost.sh                    # 3 rounds x 3 modes x (15 s warmup + 20 s), about 6 minutes
#   bench/journal-cost.sh 10 200 100 1       # seconds rooms think-ms rounds [data directory]
#
# SKIP_BUILD=1 reuses the last build. The data directories go under bench/target/journal-cost
# unless a fifth argument names another place, relative to bench/ (it should be on the disk the
# server will use).
set -euo pipefail

cd "$(dirname "$0")/.."
if [[ -z ${SKIP_BUILD:-} ]]; then
    echo "journal-cost: building (tests skipped)" >&2
    timeout 900 ./mvnw -q -pl bench -am -DskipTests package
fi
JAVA=$(sed -n 's/.*"\${JAVA:-\([^}]*\)}".*/\1/p' bench/target/ttt-load)
cd bench
JAR=$(ls target/bench-*.jar | head -1)
exec timeout --kill-after=30 3600 "$JAVA" -cp "$JAR" dev.tictactoe.bench.BenchMain journalcost "$@"
