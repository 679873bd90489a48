#!/usr/bin/env bash
# What the store costs a move, from outside, with the Node client (bench/node/load.mjs): one room
# with no think time and 1,000 rooms at 2,000 moves/s, against the echoing relay (the protocol's
# floor: one frame in, two out per move), this checkout's server under each --durability, with
# --data-dir none, and optionally a second checkout (BEFORE=/path, built the same way) under its
# default. Targets are pinned to CPU 0 and the client to CPU 1; the targets alternate, ROUNDS times.
# Loopback only; every process started here is stopped by PID; every step is bounded in time.
#
#   bench/store-modes.sh                     # 2 rounds, 10 s warm-up + 20 s a run: about 25 minutes
#   ROUNDS=1 DURATION=10 bench/store-modes.sh
#
# Prints one line per run (scenario, target, moves/s, server CPU µs/move, p50 and p99 µs) and
# keeps the client's JSON in OUT. SKIP_BUILD=1 reuses the last build (of both checkouts).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
ROUNDS=${ROUNDS:-2}
WARMUP=${WARMUP:-10}
DURATION=${DURATION:-20}
PORT=${PORT:-18181}
OUT=${OUT:-$ROOT/bench/target/store-modes/$(date +%Y%m%d-%H%M%S)}
JVM_OPTS="--enable-native-access=ALL-UNNAMED -XX:+UseSerialGC -Xms128m -Xmn64m -XX:+AlwaysPreTouch -XX:MetaspaceSize=64m -XX:FreqInlineSize=100 -XX:InlineSmallCode=1000 -XX:MaxInlineLevel=9 -Xmx1g"
mkdir -p "$OUT"
say() { echo "store-modes: $*" >&2; }

build() { # checkout
    (cd "$1" && timeout 1500 ./mvnw -q -pl bench -am -DskipTests -Dformat=skip package dependency:build-classpath \
        -Dmdep.outputFile=target/classpath.txt -Dmdep.includeScope=runtime)
}
if [[ -z ${SKIP_BUILD:-} ]]; then
    say "building"
    build "$ROOT"
    [[ -n ${BEFORE:-} ]] && build "$BEFORE"
fi
[[ -d bench/node/node_modules ]] || (cd bench/node && timeout 300 npm ci --silent --no-audit --no-fund)
JAVA=$(sed -n 's/.*"\${JAVA:-\([^}]*\)}".*/\1/p' bench/target/ttt-load)
cp_of() { echo "$1/server/target/classes:$(cat "$1/server/target/classpath.txt")"; }
RELAY_CP=$ROOT/bench/target/classes:$(cat "$ROOT/bench/target/classpath.txt")

PID=
stop_target() {
    [[ -z $PID ]] && return 0
    kill "$PID" 2>/dev/null || true
    for _ in $(seq 100); do kill -0 "$PID" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$PID" 2>/dev/null || true
    PID=
}
trap stop_target EXIT
trap 'exit 130' INT TERM

wait_ready() {
    for _ in $(seq 300); do
        if (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null; then return 0; fi
        sleep 0.1
    done
    say "nothing listens on port $PORT after 30 s"
    return 1
}

# start TARGET: relay, none (no data directory), or CHECKOUT:MODE
start() {
    local run=$OUT/data/$((RANDOM))
    if [[ $1 == relay ]]; then
        taskset -c 0 "$JAVA" $JVM_OPTS -cp "$RELAY_CP" dev.tictactoe.bench.RelayServer \
            --host 127.0.0.1 --port "$PORT" --threads 1 --echo >>"$OUT/targets.log" 2>&1 &
    else
        local checkout=${1%%:*} mode=${1##*:} data=$run
        [[ $1 == none ]] && checkout=$ROOT mode=group data=none
        taskset -c 0 "$JAVA" $JVM_OPTS -cp "$(cp_of "$checkout")" dev.tictactoe.server.Main \
            --host 127.0.0.1 --port "$PORT" --messages-per-second 1000000 --message-burst 1000000 \
            --data-dir "$data" --durability "$mode" >>"$OUT/targets.log" 2>&1 &
    fi
    PID=$!
    wait_ready
}

# scenario NAME TARGET LABEL load.mjs-options...
scenario() {
    local name=$1 target=$2 label=$3
    shift 3
    start "$target"
    local relay=()
    [[ $target == relay ]] && relay=(--relay)
    local json=$OUT/$name-$label-$ROUND.json
    timeout --kill-after=10 $((WARMUP + DURATION + 300)) taskset -c 1 node bench/node/load.mjs \
        --url "http://127.0.0.1:$PORT" --server-pid "$PID" "${relay[@]}" --json \
        --warmup "$WARMUP" --duration "$DURATION" "$@" >"$json" 2>>"$OUT/client.log" || say "$name $label exited with $?"
    stop_target
    node -e '
        const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
        console.log([process.argv[2], process.argv[3], r.movesPerSecond.toFixed(0),
          r.serverCpuMicrosPerMove.toFixed(1), r.latencyMicros.p50, r.latencyMicros.p99,
          "errors " + r.errors, "resyncs " + r.resyncs].join("\t"));' "$json" "$name" "$label" | tee -a "$OUT/table.tsv"
}

TARGETS=(relay none "$ROOT:group" "$ROOT:fsync" "$ROOT:none")
LABELS=(relay no-store group fsync none)
if [[ -n ${BEFORE:-} ]]; then
    TARGETS+=("$BEFORE:group" "$BEFORE:fsync")
    LABELS+=(before-group before-fsync)
fi
say "$(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg); results in $OUT"
for ROUND in $(seq "$ROUNDS"); do
    for i in "${!TARGETS[@]}"; do
        scenario r1 "${TARGETS[$i]}" "${LABELS[$i]}" --rooms 1
        scenario r1000 "${TARGETS[$i]}" "${LABELS[$i]}" --rooms 1000 --think 500
    done
done
