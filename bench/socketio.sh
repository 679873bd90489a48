#!/usr/bin/env bash
# A move's server CPU here against a Socket.IO server of the usual shape (bench/socketio/server.mjs:
# turn, cell, winner, version, rematch, no store), each driven by a Node client of its own protocol
# with the same game flow (3x3, a rematch after every game). Alternates the two servers REPEAT
# times a scenario and prints one Markdown row per run. Loopback only; every run stops by itself.
#
#   bench/socketio.sh                                  # 1 room flat out, 1,000 rooms at 2,000 moves/s
#   REPEAT=1 DURATION=10 WARMUP=10 bench/socketio.sh   # a short try
#   DATA_DIR=none bench/socketio.sh                    # ours without its store
#
# Needs a built server (./mvnw -pl server -am package -DskipTests), Node 18+ with the packages of
# bench/node and bench/socketio (npm ci in each) and a JDK 21+ (JAVA_HOME, or the newest in
# /usr/lib/jvm). The server runs from a copy of its jar with run-server's JVM flags.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
REPEAT=${REPEAT:-2}
DURATION=${DURATION:-20}
WARMUP=${WARMUP:-20}
DATA_DIR=${DATA_DIR:-fresh}
PORT=${PORT:-18096}
SCENARIOS=${SCENARIOS:-"1:0 1000:500"} # rooms:think-ms

major() { sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$1/release" 2>/dev/null || echo 0; }
java="" best=0
for home in ${JAVA_HOME:-} /usr/lib/jvm/*; do
    m=$(major "$home")
    if ((${m:-0} >= 21 && m > best)) && [[ -x $home/bin/java ]]; then java=$home/bin/java best=$m; fi
done
[[ -n $java ]] || { echo "no JDK 21+ found; set JAVA_HOME" >&2; exit 2; }
[[ -f $root/server/target/tictactoe-server.jar ]] || { echo "build the server first" >&2; exit 2; }
for dir in node socketio; do
    [[ -d $root/bench/$dir/node_modules ]] || (cd "$root/bench/$dir" && timeout 300 npm ci --silent --no-audit --no-fund)
done

work=$(mktemp -d /tmp/ttt-socketio.XXXXXX)
cp -r "$root/server/target/tictactoe-server.jar" "$root/server/target/lib" "$work/"
target=""
trap '[[ -n $target ]] && kill "$target" 2>/dev/null || true' EXIT
JVM_OPTS="--enable-native-access=ALL-UNNAMED -XX:+UseSerialGC -Xms128m -Xmn64m -XX:+AlwaysPreTouch -XX:MetaspaceSize=64m -XX:FreqInlineSize=100 -XX:InlineSmallCode=1000 -XX:MaxInlineLevel=9 -Xmx1g"
pin_target=() pin_load=()
if (($(nproc) >= 2)) && command -v taskset > /dev/null; then
    pin_target=(taskset -c 0) pin_load=(taskset -c 1)
fi

wait_port() {
    for _ in $(seq 300); do
        (exec 3<> "/dev/tcp/127.0.0.1/$PORT") 2> /dev/null && return 0
        kill -0 "$target" 2> /dev/null || return 1
        sleep 0.1
    done
    return 1
}

# run ours|socketio ROOMS THINK: one measured run on a fresh target; prints the driver's JSON.
run() {
    local data=none
    [[ $DATA_DIR == fresh ]] && data=$(mktemp -d "$work/data.XXXX")
    if [[ $1 == ours ]]; then
        # shellcheck disable=SC2086 # JVM_OPTS is a list of flags
        "${pin_target[@]}" "$java" $JVM_OPTS -jar "$work/tictactoe-server.jar" --host 127.0.0.1 --port "$PORT" \
            --messages-per-second 1000000 --message-burst 1000000 --data-dir "$data" > "$work/ours.log" 2>&1 &
    else
        "${pin_target[@]}" node "$root/bench/socketio/server.mjs" --port "$PORT" > "$work/socketio.log" 2>&1 &
    fi
    target=$!
    wait_port || { echo "the $1 server did not start" >&2; exit 1; }
    local driver=$root/bench/node/load.mjs
    [[ $1 == socketio ]] && driver=$root/bench/socketio/load.mjs
    "${pin_load[@]}" timeout --kill-after=10 $((WARMUP + DURATION + 300)) node "$driver" --url "http://127.0.0.1:$PORT" \
        --rooms "$2" --think "$3" --warmup "$WARMUP" --duration "$DURATION" --server-pid "$target" --json | tail -1
    kill "$target"
    wait "$target" || true
    target=""
}

echo "socketio: $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg), store: $DATA_DIR, work dir $work" >&2
echo "| server | rooms | think ms | moves/s | server CPU µs/move | p50 / p99 µs |"
echo "|---|---:|---:|---:|---:|---|"
for _ in $(seq "$REPEAT"); do
    for scenario in $SCENARIOS; do
        for server in ours socketio; do
            run "$server" "${scenario%:*}" "${scenario#*:}" | node -e '
                const r = JSON.parse(require("fs").readFileSync(0, "utf8"));
                const n = (v, d) => v.toLocaleString("en-US", { maximumFractionDigits: d });
                console.log(`| ${process.argv[1]} | ${r.rooms} | ${r.thinkMs} | ${n(r.movesPerSecond, 0)} | ${n(r.serverCpuMicrosPerMove, 1)} | ${r.latencyMicros.p50} / ${r.latencyMicros.p99} |`);' "$server"
        done
    done
done
