#!/usr/bin/env bash
# Benchmarks the game server against the bare WebSocket relay on this machine and prints one
# table with the ratio ours/relay. Loopback only; every process started here is stopped by PID
# on exit, and every step is bounded in time.
#
#   bench/run.sh                                 # about 9 minutes
#   DURATION=10 WARMUP=5 CAPACITY=4000 bench/run.sh   # a quick look
#
# Settings (environment): DURATION (measured seconds per run, 30), WARMUP (unmeasured seconds
# played before each run, 10), JIT_WARMUP (one unmeasured run at saturation against each target
# before the scenarios, 20), CAPACITY (idle connections for the memory scenario, 19000),
# SATURATION_ROOMS (rooms played with no think time, 200), SERVER_PORT (18080), RELAY_PORT (19090),
# OUT (result directory), SKIP_BUILD=1 (reuse the last build), PROFILE=1 (JFR recording of the
# server into OUT/server.jfr), NODE=0 (skip the second client, bench/node/load.mjs, which otherwise
# runs the latency, steady and idle scenarios again, so no figure rests on our own client alone),
# NODE_IDLE (idle connections for its memory scenario, 10000), DATA_DIR (fresh: each server start
# journals into a new directory under OUT/data, as the server does by default; none: memory only),
# RELAY_ECHO=1 (the relay also sends each frame back to its sender: two sends a move, as the game
# protocol needs at the least).
set -euo pipefail

cd "$(dirname "$0")/.."
ROOT=$(pwd)
DURATION=${DURATION:-30}
WARMUP=${WARMUP:-10}
CAPACITY=${CAPACITY:-19000}
SATURATION_ROOMS=${SATURATION_ROOMS:-200}
JIT_WARMUP=${JIT_WARMUP:-20}
SERVER_PORT=${SERVER_PORT:-18080}
RELAY_PORT=${RELAY_PORT:-19090}
OUT=${OUT:-$ROOT/bench/target/bench/$(date +%Y%m%d-%H%M%S)}
NODE=${NODE:-1}
NODE_IDLE=${NODE_IDLE:-10000}
DATA_DIR=${DATA_DIR:-fresh}
RELAY_FLAGS=()
[[ ${RELAY_ECHO:-} == 1 ]] && RELAY_FLAGS=(--echo)
SERVER_STARTS=0
STEADY_ROOMS=1000
STEADY_RATE=2000
# Each player moves once per 2 x think, so R rooms offer R / think moves per second.
STEADY_THINK_MS=$((STEADY_ROOMS * 1000 / STEADY_RATE))
# The server's own flags (run-server), for the relay too.
JVM_OPTS="--enable-native-access=ALL-UNNAMED -XX:+UseSerialGC -Xms128m -Xmn64m -XX:+AlwaysPreTouch -XX:MetaspaceSize=64m -XX:FreqInlineSize=100 -XX:InlineSmallCode=1000 -XX:MaxInlineLevel=9 -Xmx1g"
# The generator's own pauses would land in every latency it measures: it runs a concurrent collector.
LOAD_JVM_OPTS="-XX:+UseZGC -Xms1g -Xmx2g"
mkdir -p "$OUT"

say() { echo "bench: $*" >&2; }

PIDS=()
cleanup() {
    for pid in "${PIDS[@]}"; do
        kill "$pid" 2>/dev/null || true
    done
    for pid in "${PIDS[@]}"; do
        for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
        kill -9 "$pid" 2>/dev/null || true
    done
}
trap cleanup EXIT
trap 'exit 130' INT TERM

if [[ $NODE == 1 ]] && ! command -v node >/dev/null; then
    say "no node on this machine: the second client is skipped"
    NODE=0
fi
if [[ $NODE == 1 && ! -d bench/node/node_modules ]]; then
    say "installing the Node client's two libraries (ws, fast-json-patch)"
    (cd bench/node && timeout 300 npm ci --silent --no-audit --no-fund) || { say "npm ci failed: the second client is skipped"; NODE=0; }
fi

if [[ -z ${SKIP_BUILD:-} ]]; then
    say "building (tests skipped)"
    timeout 900 ./mvnw -q -pl bench -am -DskipTests package dependency:build-classpath \
        -Dmdep.outputFile=target/classpath.txt -Dmdep.includeScope=runtime
fi
TTT_LOAD=$ROOT/bench/target/ttt-load
JAVA=$(sed -n 's/.*"\${JAVA:-\([^}]*\)}".*/\1/p' "$TTT_LOAD")
# The server runs as shipped (its own classes, dependencies and logback.xml); the relay is in bench.
SERVER_CP=$ROOT/server/target/classes:$(cat "$ROOT/server/target/classpath.txt")
RELAY_CP=$ROOT/bench/target/classes:$(cat "$ROOT/bench/target/classpath.txt")

if command -v taskset >/dev/null && [[ $(nproc) -ge 2 ]]; then
    PIN_TARGET=(taskset -c 0)
    PIN_LOAD=(taskset -c 1)
    PINNING="target on CPU 0, generator on CPU 1"
else
    PIN_TARGET=()
    PIN_LOAD=()
    PINNING="not pinned (no taskset or a single CPU)"
fi

HARD_FILES=$(ulimit -Hn)
if [[ $HARD_FILES != unlimited ]] && ((CAPACITY + 500 > HARD_FILES)); then
    CAPACITY=$(((HARD_FILES - 1000) / 2 * 2))
    say "open-file limit $HARD_FILES: capacity scenario reduced to $CAPACITY connections"
fi
ulimit -n "$HARD_FILES"

say "java $("$JAVA" -version 2>&1 | head -1); $(nproc) CPUs; $PINNING; load average $(cut -d' ' -f1-3 /proc/loadavg)"
say "results in $OUT"

wait_ready() { # port
    for _ in $(seq 300); do
        if (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; then return 0; fi
        sleep 0.1
    done
    say "nothing listens on port $1 after 30 s"
    return 1
}

start_server() {
    local jfr=()
    [[ -n ${PROFILE:-} ]] && jfr=("-XX:StartFlightRecording=filename=$OUT/server.jfr,settings=profile,dumponexit=true")
    local data=none
    if [[ $DATA_DIR != none ]]; then
        SERVER_STARTS=$((SERVER_STARTS + 1))
        data="$OUT/data/$SERVER_STARTS" # fresh, so no run recovers the rooms of the one before
    fi
    "${PIN_TARGET[@]}" "$JAVA" $JVM_OPTS "${jfr[@]}" -cp "$SERVER_CP" dev.tictactoe.server.Main \
        --host 127.0.0.1 --port "$SERVER_PORT" \
        --messages-per-second 1000000 --message-burst 1000000 --bench-endpoints --data-dir "$data" >>"$OUT/server.log" 2>&1 &
    SERVER_PID=$!
    PIDS+=("$SERVER_PID")
    wait_ready "$SERVER_PORT"
}

start_relay() {
    "${PIN_TARGET[@]}" "$JAVA" $JVM_OPTS -cp "$RELAY_CP" dev.tictactoe.bench.RelayServer \
        --host 127.0.0.1 --port "$RELAY_PORT" --threads 1 "${RELAY_FLAGS[@]}" >>"$OUT/relay.log" 2>&1 &
    RELAY_PID=$!
    PIDS+=("$RELAY_PID")
    wait_ready "$RELAY_PORT"
}

stop() { # pid
    kill "$1" 2>/dev/null || true
    for _ in $(seq 100); do kill -0 "$1" 2>/dev/null || return 0; sleep 0.1; done
    kill -9 "$1" 2>/dev/null || true
}

# load NAME LABEL [ttt-load options]: one run against the server, then the same against the relay.
load() {
    local name=$1 label=$2
    shift 2
    for target in game relay; do
        local where=(--server "http://127.0.0.1:$SERVER_PORT")
        [[ $target == relay ]] && where=(--server "http://127.0.0.1:$RELAY_PORT" --relay)
        say "$label against the $target: ttt-load ${where[*]} $*"
        JAVA_OPTS="$LOAD_JVM_OPTS" timeout --kill-after=10 $((WARMUP + DURATION + 300)) \
            "${PIN_LOAD[@]}" "$TTT_LOAD" "${where[@]}" --label "$label" --json "$OUT/$name-$target.json" "$@" \
            >"$OUT/$name-$target.txt" 2> >(tee "$OUT/$name-$target.progress" >&2) || say "$name against the $target exited with $?"
    done
}

# node_load NAME LABEL [load.mjs options]: the same scenario with the Node client, server then relay.
node_load() {
    local name=$1 label=$2
    shift 2
    for target in game relay; do
        local where=(--url "http://127.0.0.1:$SERVER_PORT" --server-pid "$SERVER_PID")
        [[ $target == relay ]] && where=(--url "http://127.0.0.1:$RELAY_PORT" --server-pid "$RELAY_PID" --relay)
        say "$label against the $target (Node client): load.mjs ${where[*]} $*"
        timeout --kill-after=10 $((WARMUP + DURATION + 300)) "${PIN_LOAD[@]}" node bench/node/load.mjs "${where[@]}" --json "$@" \
            >"$OUT/node-$name-$target.json" 2>"$OUT/node-$name-$target.progress" || say "node $name against the $target exited with $?"
    done
}

start_server
start_relay
# The server has far more code to compile than the relay; a heavy unmeasured run first lets the
# JIT finish before any scenario (each run then has its own WARMUP on top).
load warmup "JIT warm-up" --rooms "$SATURATION_ROOMS" --warmup 0 --duration "$JIT_WARMUP"
load latency "R=1" --rooms 1 --warmup "$WARMUP" --duration "$DURATION"
load steady "R=$STEADY_ROOMS @${STEADY_RATE}/s" --rooms "$STEADY_ROOMS" --think "$STEADY_THINK_MS" \
    --warmup "$WARMUP" --duration "$DURATION"
load saturation "saturation R=$SATURATION_ROOMS" --rooms "$SATURATION_ROOMS" --warmup "$WARMUP" --duration "$DURATION"
if [[ $NODE == 1 ]]; then
    node_load latency "R=1" --rooms 1 --warmup "$WARMUP" --duration "$DURATION"
    node_load steady "R=$STEADY_ROOMS @${STEADY_RATE}/s" --rooms "$STEADY_ROOMS" --think "$STEADY_THINK_MS" \
        --warmup "$WARMUP" --duration "$DURATION"
    # A late 15x15 game against an early 3x3 one: the cost per move should not grow with the game.
    node_load big "15x15 R=1" --rooms 1 --size 15 --warmup "$WARMUP" --duration "$DURATION"
fi

# Memory per connection is read from fresh processes, so earlier rooms do not blur it.
stop "$SERVER_PID"
stop "$RELAY_PID"
start_server
start_relay
load capacity "capacity $CAPACITY" --capacity "$CAPACITY"
if [[ $NODE == 1 ]]; then
    stop "$SERVER_PID"
    stop "$RELAY_PID"
    start_server
    start_relay
    node_load idle "idle $NODE_IDLE" --idle "$NODE_IDLE" --duration 10
fi

echo
echo "Benchmark: $(date -u +%Y-%m-%dT%H:%MZ), $(nproc) CPUs, $PINNING, ${WARMUP}s warmup + ${DURATION}s per run"
"$TTT_LOAD" compare \
    "$OUT/latency-game.json" "$OUT/latency-relay.json" \
    "$OUT/steady-game.json" "$OUT/steady-relay.json" \
    "$OUT/saturation-game.json" "$OUT/saturation-relay.json" \
    "$OUT/capacity-game.json" "$OUT/capacity-relay.json" | tee "$OUT/table.txt"
if [[ $NODE == 1 ]]; then
    echo
    echo "The same scenarios with the Node client (ws + fast-json-patch, written from PROTOCOL.md):"
    node bench/node/table.mjs \
        "R=1" "$OUT/node-latency-game.json" "$OUT/node-latency-relay.json" \
        "R=$STEADY_ROOMS @${STEADY_RATE}/s" "$OUT/node-steady-game.json" "$OUT/node-steady-relay.json" \
        "15x15 R=1" "$OUT/node-big-game.json" "$OUT/node-big-relay.json" \
        "idle $NODE_IDLE" "$OUT/node-idle-game.json" "$OUT/node-idle-relay.json" | tee "$OUT/node-table.txt"
fi
