#!/usr/bin/env bash
# The cluster of compose.yaml as plain processes on loopback, for a machine without Docker:
# redis-server, three nodes (A, B, C) and nginx in front on port 8000, each process's PID and log
# in the run directory (default /tmp/ttt-cluster).
#   docker/cluster/run-local.sh start      builds the jar if needed, starts everything
#   docker/cluster/run-local.sh stop       stops what start started, by the PIDs it wrote
# Needs redis-server and nginx (apt-get install redis-server nginx-light). Ports: PORT (8000) for
# nginx, 8101-8103 for the nodes, 6390 for Redis; RUN_DIR moves the run directory.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
run=${RUN_DIR:-/tmp/ttt-cluster}
port=${PORT:-8000}
redis_port=6390
nodes=(A:8101 B:8102 C:8103)
jar=$root/server/target/tictactoe-server.jar

start() {
  mkdir -p "$run"
  [[ -f $jar ]] || (cd "$root" && ./mvnw -q -B -pl server -am package -Dmaven.test.skip=true)
  redis-server --port "$redis_port" --bind 127.0.0.1 --save "" --appendonly no \
    >"$run/redis.log" 2>&1 &
  echo $! >"$run/redis.pid"
  local upstreams=()
  for n in "${nodes[@]}"; do
    local id=${n%%:*} p=${n##*:}
    TTT_NODE=$id TTT_PORT=$p TTT_HOST=127.0.0.1 TTT_DATA_DIR=$run/data-$id \
      TTT_REDIS=redis://127.0.0.1:$redis_port TTT_TRUSTED_PROXIES=127.0.0.1 \
      "$root/run-server" >"$run/node-$id.log" 2>&1 &
    echo $! >"$run/node-$id.pid"
    upstreams+=("$id=127.0.0.1:$p")
  done
  # run-server finds a JDK 21+ and passes its arguments to the jar.
  "$root/run-server" proxy-config --nginx --listen "127.0.0.1:$port" --tls-listen none \
    --trusted-proxies 127.0.0.1 "${upstreams[@]}" >"$run/nginx.conf"
  for n in "${nodes[@]}"; do
    wait_ready "${n##*:}"
  done
  nginx -p "$run" -c "$run/nginx.conf" \
    -g "daemon off; pid $run/nginx.pid; error_log $run/nginx-error.log;" >"$run/nginx.log" 2>&1 &
  echo "cluster up: http://127.0.0.1:$port (logs and PIDs in $run; stop with $0 stop)"
}

# Waits up to 60 s for a node to open its port (it does once its rooms are recovered).
wait_ready() {
  for _ in $(seq 600); do
    if (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; then return 0; fi
    sleep 0.1
  done
  echo "node on port $1 did not start; see $run" >&2
  return 1
}

stop() {
  for f in "$run"/nginx.pid "$run"/node-*.pid "$run"/redis.pid; do
    [[ -f $f ]] || continue
    kill "$(cat "$f")" 2>/dev/null || true
    rm -f "$f"
  done
}

case ${1:-} in
  start) start ;;
  stop) stop ;;
  *) sed -n '2,9p' "$0"; exit 2 ;;
esac
