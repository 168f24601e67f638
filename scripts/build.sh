#!/usr/bin/env bash
# Configures and builds halfpipe out of source in ${HALFPIPE_BUILD:-build}.
set -euo pipefail
top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
"$top/scripts/deps.sh"
build=${HALFPIPE_BUILD:-$top/build}
cmake -S "$top" -B "$build" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$build" -j "$(nproc)"
