#!/usr/bin/env bash
# Checks docker/Dockerfile without a Docker daemon. The build context is HEAD's tree (git archive);
# the build stage's COPY lines copy exactly what they name from it into an empty folder, and its
# RUN lines run there in order, so a file the Dockerfile forgets to copy fails the check as it
# fails `docker build`. Then it lays out the COPY --from=build artefacts as the runtime stage does,
# starts the ENTRYPOINT command as a plain process on a free loopback port, waits for the
# HEALTHCHECK command to pass, and stops the server by its PID. The runtime stage's exec-form RUN
# lines run after its COPY lines with the image's paths moved, as ENTRYPOINT's (its shell-form
# user set-up is not replayed); the JVM must take the ahead-of-time cache they make. Exits non-zero on the first failure.
# Usage: docker/check.sh [Dockerfile]   (from anywhere; needs a JDK of the image's major version)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
dockerfile=$(realpath "${1:-$root/docker/Dockerfile}")
start_timeout_s=60
work=$(mktemp -d)
server_pid=""

cleanup() {
  if [[ -n $server_pid ]] && kill -0 "$server_pid" 2>/dev/null; then
    kill "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "docker/check: FAIL: $*" >&2; [[ -f $work/server.log ]] && tail -20 "$work/server.log" >&2; exit 1; }
say() { echo "docker/check: $*"; }

# The instructions of one stage: stage 1 is the build, stage 2 the runtime image.
# Continuation lines (ending in \) are joined first.
stage() {
  sed -e ':a' -e '/\\$/N; s/\\\n//; ta' "$dockerfile" | awk -v want="$1" '/^FROM /{n++} n==want && !/^#/'
}
# The strings of an exec-form (JSON array) instruction, one a line; plain strings only.
json_words() {
  local array=${1#*[}
  array=${array%]*}
  [[ $array != *\\* ]] || fail "escapes in exec form are not supported: $1"
  grep -o '"[^"]*"' <<<"$array" | sed 's/^"//; s/"$//'
}

# The JDK of the runtime image's major version.
major=$(stage 2 | sed -n 's/^FROM eclipse-temurin:\([0-9]*\).*/\1/p')
[[ -n $major ]] || fail "runtime stage is not FROM eclipse-temurin:<major>-..."
java_bin=""
for home in ${JAVA_HOME:+"$JAVA_HOME"} /usr/lib/jvm/* /opt/java/openjdk; do
  if [[ -x $home/bin/java ]] && grep -q "^JAVA_VERSION=\"$major[.\"]" "$home/release" 2>/dev/null; then
    java_bin=$home/bin/java
    break
  fi
done
[[ -n $java_bin ]] || fail "no JDK $major found (the image's); set JAVA_HOME"
say "JDK $major: $java_bin"

say "build context: HEAD's tree in $work/context"
mkdir -p "$work/context" "$work/src"
git -C "$root" archive HEAD | tar -x -C "$work/context"
build_dir=$(stage 1 | sed -n 's/^WORKDIR //p' | tail -1)
app_dir=$(stage 2 | sed -n 's/^WORKDIR //p' | tail -1)
[[ $build_dir == /* && $app_dir == /* ]] || fail "both stages need an absolute WORKDIR"

# COPY <src>... <dest> as Docker does it: relative to WORKDIR; a directory's contents go into the
# destination; several sources, or a destination ending in /, make the destination a directory.
copy_in() {
  local -a words
  read -r -a words <<<"$1"
  local n=${#words[@]} dest=${words[-1]} into=""
  [[ ${words[0]} != --* ]] || fail "COPY flags are not supported in the build stage: $1"
  (( n >= 2 )) || fail "COPY needs a source and a destination: $1"
  [[ $dest == */ || $n -gt 2 ]] && into=yes
  [[ $dest == /* ]] || dest=$work/src/$dest
  [[ $dest != "$build_dir"* ]] || dest=$work/src/${dest#"$build_dir"/}
  local src
  for src in "${words[@]:0:n-1}"; do
    [[ -e $work/context/$src ]] || fail "COPY $src: not in the build context"
    if [[ -d $work/context/$src ]]; then
      mkdir -p "$dest"
      cp -a "$work/context/$src/." "$dest/"
    elif [[ -n $into ]]; then
      mkdir -p "$dest"
      cp -a "$work/context/$src" "$dest/"
    else
      mkdir -p "$(dirname "$dest")"
      cp -a "$work/context/$src" "$dest"
    fi
  done
}

while IFS= read -r line; do
  case $line in
    'COPY '*)
      say "$line"
      copy_in "${line#COPY }"
      ;;
    'RUN '*)
      cmd=${line#RUN }
      say "RUN $cmd"
      (cd "$work/src" && JAVA_HOME=$(dirname "$(dirname "$java_bin")") sh -c "$cmd") || fail "RUN $cmd"
      ;;
  esac
done < <(stage 1)

mkdir -p "$work/app" "$work/data"
# The runtime stage: artefacts from the build stage, and files straight from the context.
while IFS= read -r line; do
  if [[ $line == 'COPY --from=build '* ]]; then
    read -r _ _ from to <<<"$line"
    src=$work/src/${from#"$build_dir"/}
    [[ -e $src ]] || fail "COPY source missing after the build: $from"
  else
    read -r _ from to <<<"$line"
    [[ $from != --* ]] || fail "COPY flags other than --from=build are not supported: $line"
    src=$work/context/$from
    [[ -e $src ]] || fail "COPY $from: not in the build context"
  fi
  [[ $from != *'*'* ]] || fail "COPY source must name exact artefacts: $from"
  [[ $to == "$app_dir"/* ]] || fail "runtime COPY must go under $app_dir: $line"
  dst=$work/app/${to#"$app_dir"/}
  mkdir -p "$(dirname "$dst")"
  cp -r "$src" "$dst"
  say "COPY $from -> $to"
done < <(stage 2 | grep '^COPY ')

# Exec-form commands with the image's paths moved under $work/app and its java replaced.
to_local() {
  local word
  while IFS= read -r word; do
    word=${word//"$app_dir"\//$work/app/}
    [[ $word == java ]] && word=$java_bin
    printf '%s\n' "$word"
  done
}
while IFS= read -r line; do
  mapfile -t run < <(json_words "$line" | to_local)
  say "RUN ${run[*]}"
  (cd "$work" && "${run[@]}") || fail "RUN ${run[*]}"
done < <(stage 2 | grep '^RUN \[')
mapfile -t entrypoint < <(json_words "$(stage 2 | grep '^ENTRYPOINT ')" | to_local)
mapfile -t health < <(json_words "$(stage 2 | grep '^HEALTHCHECK ' | sed 's/.* CMD /CMD /')" | to_local)
(( ${#entrypoint[@]} > 0 )) || fail "no exec-form ENTRYPOINT"
(( ${#health[@]} > 0 )) || fail "no exec-form HEALTHCHECK CMD"

port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])' 2>/dev/null \
  || shuf -i 20000-60000 -n 1)
export TTT_HOST=127.0.0.1 TTT_PORT=$port TTT_DATA_DIR=$work/data

if (cd "$work" && "${health[@]}" >/dev/null 2>&1); then
  fail "the health check passed with no server running"
fi

say "ENTRYPOINT ${entrypoint[*]} (port $port)"
(cd "$work" && exec "${entrypoint[@]}") >"$work/server.log" 2>&1 &
server_pid=$!

deadline=$((SECONDS + start_timeout_s))
until (cd "$work" && "${health[@]}" >/dev/null 2>&1); do
  kill -0 "$server_pid" 2>/dev/null || fail "the server exited before it was healthy"
  (( SECONDS < deadline )) || fail "not healthy within ${start_timeout_s}s"
  sleep 0.5
done
say "HEALTHCHECK passed"

kill -TERM "$server_pid"
status=0
wait "$server_pid" || status=$?
server_pid=""
# 143: ended by SIGTERM after the shutdown hook ran.
[[ $status == 0 || $status == 143 ]] || fail "exit status $status after SIGTERM"
grep -q 'stopped' "$work/server.log" || fail "the server did not log that it stopped"
if grep -qE 'Exception|ERROR' "$work/server.log"; then
  fail "errors in the server log"
fi
# The JVM's own word on an ahead-of-time cache it could not use.
if grep -qE '\[(error|warning) *\]\[aot\]' "$work/server.log"; then
  fail "the JVM did not take the AOT cache"
fi
say "OK: built, started, healthy, stopped quietly (exit $status)"
