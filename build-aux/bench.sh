#!/usr/bin/env bash
# Builds Deckwright optimised in ./build-bench and prints its benchmark
# (tests/bench/bench.c): load time beside xmllint, searches, the filter
# model, peak memory, validation, sample hands and the first frame under
# Xvfb, each beside its baseline and goal (DESIGN.md §7).  Misses are
# information: the script fails only when the benchmark cannot run.
#
# usage: build-aux/bench.sh [--sizes 1000,10000,100000] [--no-window] [--keep DIR]
set -euo pipefail

cd "$(dirname "$0")/.."
build-aux/setup.sh --tests >/dev/null

if [ ! -f build-bench/build.ninja ]; then
  meson setup build-bench -Dbuildtype=debugoptimized -Dgui_tests=disabled >/dev/null
fi
ninja -C build-bench >/dev/null

exec xvfb-run -a -s "-screen 0 1280x800x24" build-bench/tests/bench/bench "$@"
