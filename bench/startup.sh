#!/usr/bin/env bash
# Start-up options side by side: for each, the time from the process's start to /readyz 200 and
# what the first client's first 100 moves cost (bench/node/first-moves.mjs), ROUNDS times, the
# options interleaved so a change in the machine's load touches all of them alike. Prints one line
# a run (with the load average) and the medians; the lines go to bench/target/startup/runs.jsonl.
#
#   bench/startup.sh                      # 3 rounds of every option
#   ROUNDS=5 OPTIONS="off aot" bench/startup.sh
#
# Options, all through run-server: aot (its default on JDK 25+: the JDK's ahead-of-time cache,
# trained by docker/aot-train), off (-Xshare:auto, the JVM's default: only the JDK's own class
# archive), cds (a dynamic class-data-sharing archive of the server's classes, trained by a run of
# 2,000 moves). Needs a JDK 25 and Node 18+ (installs this folder's node/ packages on first use).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
rounds=${ROUNDS:-3}
options=${OPTIONS:-off aot cds}
port=${PORT:-18501}
out=$root/bench/target/startup
mkdir -p "$out"
rm -f "$out/runs.jsonl"
data=$(mktemp -d)
trap 'rm -rf "$data"' EXIT
[[ -d $root/bench/node/node_modules ]] || npm ci --prefix "$root/bench/node" --no-audit --no-fund >&2
# Build and train first (run-server does both when the jar is stale), so no run measures them.
(cd "$root" && ./mvnw -q -B -pl server -am package -Dmaven.test.skip=true)
"$root/run-server" --help >/dev/null

flags=(--host 127.0.0.1 --port "$port" --data-dir "$data/d" --messages-per-second 100000
  --message-burst 100000)

# One run: first-moves.mjs around run-server with JAVA_OPTS $1, its own flags after it.
run() {
  rm -rf "$data/d"
  JAVA_OPTS=$1 node "$root/bench/node/first-moves.mjs" --port "$port" "${@:2}" -- \
    "$root/run-server" "${flags[@]}"
}

[[ $options != *cds* ]] || run "-XX:ArchiveClassesAtExit=$out/server.jsa" --moves 2000 >/dev/null

for ((r = 1; r <= rounds; r++)); do
  for option in $options; do
    case $option in
      aot) line=$(run "") ;;
      off) line=$(run "-Xshare:auto") ;;
      cds) line=$(run "-XX:SharedArchiveFile=$out/server.jsa") ;;
      *) echo "unknown option $option" >&2 && exit 2 ;;
    esac
    load=$(cut -d' ' -f1 /proc/loadavg)
    echo "{\"option\":\"$option\",\"round\":$r,\"load1\":$load,${line#\{}" | tee -a "$out/runs.jsonl"
  done
done

# Medians by option.
node -e '
const runs = require("fs").readFileSync(process.argv[1], "utf8").trim().split("\n").map(JSON.parse);
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor((s.length - 1) / 2)]; };
console.log("option   ready ms  setup ms  first move ms  p50 ms  p99 ms  load1");
for (const option of [...new Set(runs.map((r) => r.option))]) {
  const of = runs.filter((r) => r.option === option);
  const m = (k) => String(median(of.map((r) => r[k]))).padStart(8);
  console.log(option.padEnd(8), m("readyMs"), m("setupMs"), m("firstMoveMs"), m("p50Ms"), m("p99Ms"), m("load1"));
}' "$out/runs.jsonl"
