#!/usr/bin/env bash
# Builds docker/Dockerfile with a real Docker daemon on a machine that cannot pull the base images
# (eclipse-temurin:25-jdk and :25-jre). Where a base image is missing, it makes a stand-in: a
# minimal Debian root filesystem (debootstrap) with a JDK of the image's major version from this
# machine copied to /opt/java/openjdk, imported as both tags. The image is then built unchanged,
# with the host's network for Maven. Where the real base images can be pulled, this is the plain
# `docker build`.
# Usage: docker/build-local.sh [tag]   (as root: debootstrap; DOCKER_HOST is honoured;
#        TTT_ROOTFS=<dir> reuses a root filesystem made before)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
tag=${1:-tictactoe-server}
say() { echo "docker/build-local: $*"; }
fail() { echo "docker/build-local: FAIL: $*" >&2; exit 1; }

bases=$(sed -n 's/^FROM \([^ ]*\).*/\1/p' "$root/docker/Dockerfile" | sort -u)
major=$(sed -n 's/^FROM eclipse-temurin:\([0-9]*\)-.*/\1/p' "$root/docker/Dockerfile" | head -1)
missing=()
for base in $bases; do
  docker image inspect "$base" >/dev/null 2>&1 || docker pull -q "$base" >/dev/null 2>&1 || missing+=("$base")
done

if (( ${#missing[@]} > 0 )); then
  jdk=""
  for home in ${JAVA_HOME:+"$JAVA_HOME"} /usr/lib/jvm/*; do
    if grep -q "^JAVA_VERSION=\"$major[.\"]" "$home/release" 2>/dev/null; then jdk=$home; break; fi
  done
  [[ -n $jdk ]] || fail "no JDK $major on this machine for the stand-in base image"
  rootfs=${TTT_ROOTFS:-$(mktemp -d)/rootfs}
  if [[ ! -x $rootfs/bin/bash ]]; then
    command -v debootstrap >/dev/null || fail "debootstrap is missing (apt-get install debootstrap)"
    say "a minimal Debian root filesystem in $rootfs"
    debootstrap --variant=minbase bookworm "$rootfs" >/dev/null
  fi
  rm -rf "$rootfs/opt/java/openjdk"
  mkdir -p "$rootfs/opt/java"
  # -L: a packaged JDK links its cacerts to the host's /etc/ssl; the stand-in needs the file.
  cp -aL "$jdk" "$rootfs/opt/java/openjdk"
  for base in "${missing[@]}"; do
    say "stand-in for $base: Debian minbase and $jdk"
    tar -C "$rootfs" -c . | docker import \
      --change 'ENV JAVA_HOME=/opt/java/openjdk' \
      --change 'ENV PATH=/opt/java/openjdk/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
      - "$base" >/dev/null
  done
fi

say "docker build -t $tag"
DOCKER_BUILDKIT=0 docker build --network host -q -f "$root/docker/Dockerfile" -t "$tag" "$root"
