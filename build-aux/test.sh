#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test: the core suite
# (no display), the command line, the data files, and the widget tests
# under xvfb-run; then the same suite again under AddressSanitizer and
# UndefinedBehaviorSanitizer with leak checks (./build-asan), and every
# fuzz target over a fixed set of inputs (build-aux/fuzz.sh --check,
# ./build-fuzz): exactly what CI runs, so a commit that passes here passes
# there.  Exploring with the fuzzers is a separate, longer run
# (build-aux/fuzz.sh, see there).
#
# usage: build-aux/test.sh [TEST…]    (names given: only those, in ./build)
#   FUZZ=0            skips the fuzz targets
set -euo pipefail

cd "$(dirname "$0")/.."
build-aux/setup.sh --tests

status=0
logs=(build/meson-logs/testlog.json)
stage_start=$SECONDS
stage () {
  echo "== $1 took $((SECONDS - stage_start)) s"
  stage_start=$SECONDS
}

meson test -C build --print-errorlogs "$@" || status=$?
stage "the test suite"

if [ "$#" -eq 0 ]; then
  # The end-to-end test is left out: it drives the app over the
  # accessibility bus with fixed waits, which the sanitized app, several
  # times slower, misses; the widget tests cover the same code under the
  # sanitizers.
  if [ ! -f build-asan/build.ninja ]; then
    meson setup build-asan -Db_sanitize=address,undefined -Db_lundef=false -Dgui_tests=enabled
  fi
  ninja -C build-asan
  # Nor the install test: it builds a tree of its own, unsanitized.
  # --no-rebuild: ninja ran just above, and would print its "no work to
  # do" among the names.
  mapfile -t asan_tests < <(meson test -C build-asan --list --no-rebuild 2>/dev/null | sed 's/^.* \/ //' |
                            grep -v -e '^e2e-' -e '^install-')
  meson test -C build-asan --setup sanitizers --print-errorlogs "${asan_tests[@]}" || status=$?
  # A test set-up writes its own log.
  logs+=(build-asan/meson-logs/testlog-sanitizers.json)
  stage "the test suite under ASan and UBSan"

  if [ "${FUZZ:-1}" != 0 ]; then
    build-aux/fuzz.sh --check || status=$?
    stage "fuzzing"
  fi
fi

# One plain closing line, whatever the runners print above it: the test
# suite and the sanitized suite together, then the name of each failure.
python3 - "${logs[@]}" <<'PY'
import json, sys
passed = skipped = 0
failed = []
for log in sys.argv[1:]:
    suite = "under ASan" if "asan" in log else "plain"
    for line in open(log):
        test = json.loads(line)
        result = test["result"]
        if result in ("OK", "EXPECTEDFAIL"):
            passed += 1
        elif result == "SKIP":
            skipped += 1
        else:
            failed.append(f"{test['name']} ({suite}: {result})")
print(f"{passed} passed, {len(failed)} failed, {skipped} skipped")
# The names last, where a CI log cut to its tail still shows them.
for name in failed:
    print(f"failed: {name}")
PY
exit "$status"
