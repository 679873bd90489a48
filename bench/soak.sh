#!/usr/bin/env bash
# A soak: the server under a mixed load for an hour (MINUTES), sampled every 10 s, ending with a
# verdict (flat, or which series grows and which classes own the growth). Not part of the build.
#
#   bench/soak.sh                      # one hour, server and load niced, on port 18090
#   MINUTES=5 bench/soak.sh            # a short run, to try it
#
# Needs a built server (./mvnw -pl server -am package -DskipTests), Node 18+ with bench/node's
# packages (npm ci --prefix bench/node) and a JDK 21+ (JAVA_HOME, or the newest in /usr/lib/jvm),
# whose jcmd takes the heap histograms. The server runs from a copy of its jar, so rebuilding
# meanwhile does not disturb it; its data directory and log go to a fresh temporary directory.
# Writes the samples as a Markdown table to stdout and, with the verdict, to $OUT (JSON) if set.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
MINUTES=${MINUTES:-60}
PORT=${PORT:-18090}
TABLES=${TABLES:-12}

# The major version of the JDK at $1, from its release file (0 if unknown).
major() { sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$1/release" 2>/dev/null || echo 0; }
jdk=${JAVA_HOME:-}
if [[ -z $jdk || $(major "$jdk") -lt 21 ]]; then
    jdk=""
    for home in /usr/lib/jvm/*; do
        m=$(major "$home")
        if [[ ${m:-0} -ge 21 && -x $home/bin/jcmd && ( -z $jdk || $m -gt $(major "$jdk") ) ]]; then
            jdk=$home
        fi
    done
fi
[[ -x $jdk/bin/jcmd ]] || { echo "no JDK with jcmd found; set JAVA_HOME" >&2; exit 2; }
[[ -f $root/server/target/tictactoe-server.jar ]] || { echo "build the server first" >&2; exit 2; }

work=$(mktemp -d /tmp/ttt-soak.XXXXXX)
cp -r "$root/server/target/tictactoe-server.jar" "$root/server/target/lib" "$work/"
mkdir "$work/data"
echo "soak: $MINUTES min on port $PORT, $($jdk/bin/java -version 2>&1 | head -1), work dir $work" >&2

nice -n 10 "$jdk/bin/java" -Xms128m -Xmx512m -XX:+ExitOnOutOfMemoryError -jar "$work/tictactoe-server.jar" \
    --host 127.0.0.1 --port "$PORT" --data-dir "$work/data" > "$work/server.log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true' EXIT
for _ in $(seq 600); do
    curl -fs "http://127.0.0.1:$PORT/readyz" > /dev/null 2>&1 && break
    kill -0 "$server" 2>/dev/null || { cat "$work/server.log" >&2; exit 1; }
    sleep 0.5
done

timeout --kill-after=10 $((MINUTES * 60 + 120)) nice -n 10 node "$root/bench/node/soak.mjs" \
    --url "http://127.0.0.1:$PORT" --server-pid "$server" --jcmd "$jdk/bin/jcmd" \
    --minutes "$MINUTES" --tables "$TABLES" ${OUT:+--out "$OUT"}
kill "$server"
wait "$server" || true
echo "server log: $work/server.log" >&2
