#!/bin/sh
# The build steps of the container image, in one place: docker/Dockerfile runs them and
# docker/check.sh replays them in a clean clone. Run from the repository root.
#   deps     download Maven, the plugins and the dependencies (a layer that changes with the poms)
#   package  build server/target/tictactoe-server.jar and server/target/lib/
set -eu
case "${1:-}" in
  deps)
    # The protocol module is built in the next step, so only third-party artefacts are fetched.
    ./mvnw -B -q -pl server -am dependency:go-offline -DexcludeReactor=true
    ;;
  package)
    ./mvnw -B -q -pl server -am package -Dmaven.test.skip=true
    ;;
  *)
    echo "usage: docker/build.sh deps|package" >&2
    exit 2
    ;;
esac
