#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test: the core suite
# (no display), the command line, the data files, and the widget tests
# under xvfb-run.
set -euo pipefail

cd "$(dirname "$0")/.."
build-aux/setup.sh --tests

status=0
meson test -C build --print-errorlogs "$@" || status=$?

# One plain closing line, whatever the runner prints above it.
python3 - build/meson-logs/testlog.json <<'PY'
import json, sys
passed = failed = skipped = 0
for line in open(sys.argv[1]):
    result = json.loads(line)["result"]
    if result in ("OK", "EXPECTEDFAIL"):
        passed += 1
    elif result == "SKIP":
        skipped += 1
    else:
        failed += 1
print(f"{passed} passed, {failed} failed, {skipped} skipped")
PY
exit "$status"
