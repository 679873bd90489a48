#!/usr/bin/env bash
# What idle connections cost the server: CLIENTS seated idle WebSocket clients (Node, bench/node)
# on a fresh server, REPEAT times each of three modes, alternating: no heartbeat; the protocol's
# heartbeat (each client asks for the server's pings with one `ping` and answers them); and
# clients that send `ping` every PING seconds themselves (the earlier rule, still answered). Prints one Markdown row per run: the host's load average, the
# server's CPU (from /proc/PID/stat of the server this script starts) and the bytes a second each
# way. Loopback only; every run stops by itself. Not part of the build.
#
#   bench/idle.sh                         # 10,000 clients, 30 s measured after 30 s, 3 runs a mode
#   CLIENTS=2000 SECONDS_MEASURED=10 REPEAT=1 bench/idle.sh     # a short try
#   SERVER_DIR=/tmp/before bench/idle.sh  # another build: a folder with the jar and its lib/
#
# Needs a built server (./mvnw -pl server -am package -DskipTests), Node 18+ with bench/node's
# packages (npm ci --prefix bench/node) and a JDK 21+ (JAVA_HOME, or the newest in /usr/lib/jvm).
# The server runs from a copy of its jar, so rebuilding meanwhile does not disturb it.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
CLIENTS=${CLIENTS:-10000}
SECONDS_MEASURED=${SECONDS_MEASURED:-30}
SETTLE=${SETTLE:-30}
REPEAT=${REPEAT:-3}
PING=${PING:-5}
PORT=${PORT:-18095}
SERVER_DIR=${SERVER_DIR:-$root/server/target}

# Each side holds a socket per client: the server and the client process need that many files.
files=$(ulimit -n)
if ((files < CLIENTS + 1000)); then
    ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
    files=$(ulimit -n)
fi
((files >= CLIENTS + 1000)) || { echo "open files limited to $files: too few for $CLIENTS clients" >&2; exit 2; }

major() { sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$1/release" 2>/dev/null || echo 0; }
java=""
for home in ${JAVA_HOME:-} /usr/lib/jvm/*; do
    m=$(major "$home")
    if [[ ${m:-0} -ge 21 && -x $home/bin/java ]]; then java=$home/bin/java; break; fi
done
[[ -n $java ]] || { echo "no JDK 21+ found; set JAVA_HOME" >&2; exit 2; }
[[ -f $SERVER_DIR/tictactoe-server.jar ]] || { echo "no server jar in $SERVER_DIR: build it first" >&2; exit 2; }
[[ -d $root/bench/node/node_modules ]] || { echo "run: npm ci --prefix bench/node" >&2; exit 2; }

work=$(mktemp -d /tmp/ttt-idle.XXXXXX)
cp -r "$SERVER_DIR/tictactoe-server.jar" "$SERVER_DIR/lib" "$work/"
server=""
trap '[[ -n $server ]] && kill "$server" 2>/dev/null || true' EXIT
echo "idle: $CLIENTS clients, ${SECONDS_MEASURED} s measured after ${SETTLE} s, $REPEAT runs a mode, $(nproc) CPUs, work dir $work" >&2

# The server's own flags (run-server), and on two or more cores the server on the first and the
# clients on the second, so neither takes the other's time.
JVM_OPTS="-XX:+UseSerialGC -Xms128m -Xmn64m -XX:+AlwaysPreTouch -XX:MetaspaceSize=64m -XX:FreqInlineSize=100 -XX:InlineSmallCode=1000 -XX:MaxInlineLevel=9 -Xmx1g -XX:+ExitOnOutOfMemoryError"
pin_server=() pin_clients=()
if (($(nproc) >= 2)) && command -v taskset > /dev/null; then
    pin_server=(taskset -c 0) pin_clients=(taskset -c 1)
fi

# One run on a fresh server: $@ are the load driver's heartbeat options (none, --beat, --ping N).
run() {
    # shellcheck disable=SC2086 # JVM_OPTS is a list of flags
    "${pin_server[@]}" "$java" $JVM_OPTS -jar "$work/tictactoe-server.jar" \
        --host 127.0.0.1 --port "$PORT" --data-dir none > "$work/server.log" 2>&1 &
    server=$!
    for _ in $(seq 600); do
        curl -fs "http://127.0.0.1:$PORT/readyz" > /dev/null 2>&1 && break
        kill -0 "$server" 2>/dev/null || { cat "$work/server.log" >&2; exit 1; }
        sleep 0.5
    done
    "${pin_clients[@]}" timeout --kill-after=10 $((SECONDS_MEASURED + SETTLE + 600)) node "$root/bench/node/load.mjs" \
        --url "http://127.0.0.1:$PORT" --idle "$CLIENTS" "$@" --settle "$SETTLE" \
        --duration "$SECONDS_MEASURED" --server-pid "$server" --json
    kill "$server"
    wait "$server" || true
    server=""
}

echo "| heartbeat | load average | server CPU | client pings/s | pongs/s | bytes/s client → server | bytes/s server → client |"
echo "|---|---|---:|---:|---:|---:|---:|"
for _ in $(seq "$REPEAT"); do
    for mode in none --beat "--ping $PING"; do
        [[ $mode == none ]] && mode=""
        # shellcheck disable=SC2086 # the mode is one or two words
        run $mode | node -e '
            const r = JSON.parse(require("fs").readFileSync(0, "utf8"));
            const mode = r.serverPings ? "the server pings" : r.pingEverySeconds > 0 ? `clients ping every ${r.pingEverySeconds} s` : "none";
            const n = (v, d) => v.toLocaleString("en-US", { maximumFractionDigits: d });
            console.log(`| ${mode} | ${r.loadAverage} | ${n(r.idleCpuPercent, 2)}% | ${n(r.pingsPerSecond, 0)} | ${n(r.pongsPerSecond, 0)} | ${n(r.bytesPerSecondOut, 0)} | ${n(r.bytesPerSecondIn, 0)} |`);'
    done
done
