#!/usr/bin/env bash
# Start-up options side by side: for each, the time from the process's start to /readyz 200 and
# what the first client's first 100 moves cost (bench/node/first-moves.mjs), ROUNDS times, the
# options interleaved so a change in the machine's load touches all of them alike. Prints one line
# a run (with the load average) and the medians; raw JSON lines go to bench/target/startup/.
#
#   bench/startup.sh                      # 3 rounds of every option
#   ROUNDS=5 OPTIONS="off aot" bench/startup.sh
#
# Options: off (--warmup 0), scratch (--warmup 4s: games against a scratch server first, the
# start-up before this change), aot (the JDK's ahead-of-time cache, -XX:AOTCache, trained first by
# a run of 2,000 moves; JDK 25), cds (a dynamic class-data-sharing archive trained the same way).
# Needs a JDK 25 for aot, Node 18+ with this folder's node/ packages (npm ci --prefix bench/node).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
rounds=${ROUNDS:-3}
options=${OPTIONS:-off scratch aot cds}
port=${PORT:-18501}
out=$root/bench/target/startup
mkdir -p "$out"
rm -f "$out/runs.jsonl"
data=$(mktemp -d)
trap 'rm -rf "$data"' EXIT
[[ -d $root/bench/node/node_modules ]] || npm ci --prefix "$root/bench/node" --no-audit --no-fund >&2
# Build first, so no run measures the build (run-server builds a stale jar).
(cd "$root" && ./mvnw -q -B -pl server -am package -Dmaven.test.skip=true)

flags=(--host 127.0.0.1 --port "$port" --data-dir "$data/d" --messages-per-second 100000
  --message-burst 100000)

# One run: first-moves.mjs around run-server with JAVA_OPTS $1, server flags after it.
run() {
  local opts=$1
  shift
  rm -rf "$data/d"
  JAVA_OPTS=$opts node "$root/bench/node/first-moves.mjs" --port "$port" "${MOVES[@]}" -- \
    "$root/run-server" "${flags[@]}" "$@"
}

MOVES=(--moves 2000)
for option in $options; do
  case $option in
    aot) run "-XX:AOTCacheOutput=$out/server.aot" --warmup 0 >/dev/null ;;
    cds) run "-XX:ArchiveClassesAtExit=$out/server.jsa" --warmup 0 >/dev/null ;;
  esac
done
sleep 2 # the AOT cache is written by a child the JVM leaves behind at its exit

MOVES=(--moves 100)
for ((r = 1; r <= rounds; r++)); do
  for option in $options; do
    case $option in
      off) line=$(run "" --warmup 0) ;;
      scratch) line=$(run "" --warmup 4s) ;;
      aot) line=$(run "-XX:AOTCache=$out/server.aot" --warmup 0) ;;
      cds) line=$(run "-XX:SharedArchiveFile=$out/server.jsa" --warmup 0) ;;
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
