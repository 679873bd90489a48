#!/usr/bin/env bash
# Builds the engine of a git tag into bench/target/baselines/engine-TAG.jar, its runtime libraries
# into engine-TAG-lib/, and prints the jar's path. The match tool plays it as an outside Gomocup
# brain (`match b=baseline b.tag=TAG`), so a baseline is a tagged commit, never a copy in the source.
#
#   bench/baseline.sh                    # the tag engine-baseline-1
#   bench/baseline.sh engine-baseline-2
#
# Cached: a jar built from the commit the tag names now is kept. The tag's tree is unpacked with
# `git archive` into bench/target/baseline-src/TAG (no worktree, nothing written to the repository)
# and only its engine module is built, with the wrapper, tests and formatting skipped.
set -euo pipefail

cd "$(dirname "$0")/.."
ROOT=$(pwd)
TAG=${1:-engine-baseline-1}
OUT=$ROOT/bench/target/baselines
JAR=$OUT/engine-$TAG.jar
LIB=$OUT/engine-$TAG-lib
STAMP=$OUT/engine-$TAG.commit

say() { echo "baseline: $*" >&2; }

if ! COMMIT=$(git rev-parse --verify --quiet "refs/tags/$TAG^{commit}"); then
    say "no tag $TAG here (git tag -l 'engine-baseline-*' lists them)"
    exit 2
fi
if [[ -f $JAR && -f $STAMP && $(cat "$STAMP") == "$COMMIT" ]]; then
    echo "$JAR"
    exit 0
fi

SRC=$ROOT/bench/target/baseline-src/$TAG
say "building the engine of $TAG (${COMMIT:0:10}) in $SRC"
rm -rf "$SRC" "$LIB" "$JAR" "$STAMP"
mkdir -p "$SRC" "$OUT"
git archive "$COMMIT" | tar -x -C "$SRC"
(cd "$SRC" && timeout 900 ./mvnw -q -B --no-transfer-progress -pl engine -am \
    -Dmaven.test.skip=true -Dformat=skip \
    package dependency:copy-dependencies -DincludeScope=runtime -DoutputDirectory="$LIB" >&2)
cp "$SRC"/engine/target/engine-*.jar "$JAR.tmp"
mv "$JAR.tmp" "$JAR"
echo "$COMMIT" >"$STAMP"
rm -rf "$SRC"
echo "$JAR"
