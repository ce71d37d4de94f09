#!/usr/bin/env bash
# Builds the libFuzzer targets in ./build-fuzz (clang, AddressSanitizer,
# UndefinedBehaviorSanitizer) and runs each for a bounded time, two at a
# time.  Fails, naming the input that did it, when a target crashes, leaks,
# hangs or breaks a promise.
#
# usage: build-aux/fuzz.sh [--check] [TARGET…]     (all targets by default)
#
# Two ways to run, decided once:
#   --check           what build-aux/test.sh (README's test command) and CI
#                     run: every target from a fixed seed for a fixed number
#                     of inputs (FUZZ_RUNS=20000), starting from the seeds
#                     alone in a fresh corpus, so the same commit gives the
#                     same verdict on every machine, however busy
#   (no --check)      exploring, for developers, before they stop after
#                     touching a parser: a random seed, for FUZZ_SECONDS
#                     (default 20) per target, growing the corpus kept in
#                     build-fuzz/fuzz-corpus/TARGET; fix what it finds and add
#                     the input as a regression seed (tests/fuzz/seeds/)
#   FUZZ_JOBS=2       how many targets run at once
#
# Crashes are written to build-fuzz/fuzz-crashes/.  To reproduce one:
#   build-fuzz/tests/fuzz/TARGET build-fuzz/fuzz-crashes/TARGET-crash-…
set -euo pipefail

cd "$(dirname "$0")/.."
root=$PWD
check=
if [ "${1:-}" = "--check" ]; then
  check=1
  shift
fi
if [ -n "$check" ]; then
  # A gate must be deterministic: a fixed seed and a fixed number of runs
  # (with a generous time cap only against a machine far slower than ours).
  budget=(-seed=1 -runs="${FUZZ_RUNS:-20000}" -max_total_time=600)
else
  budget=(-max_total_time="${FUZZ_SECONDS:-20}")
fi
jobs=${FUZZ_JOBS:-2}
build=build-fuzz

all_targets=(fuzz-carddb fuzz-deck fuzz-game fuzz-import-text fuzz-import-csv
             fuzz-import-cod fuzz-import-json fuzz-import-cards fuzz-query fuzz-action
             fuzz-deck-code fuzz-deck-query fuzz-deck-index fuzz-version-index)
if [ "$#" -gt 0 ]; then
  targets=("$@")
else
  targets=("${all_targets[@]}")
fi

# The seeds of each target: the shipped data and the test fixtures of its
# kind, and the hand-written ones in tests/fuzz/seeds/.
seeds_of () {
  case "$1" in
    fuzz-carddb) echo data/cards/*.xml tests/data/rules/*.xml tests/data/cli/extra-cards.xml ;;
    fuzz-deck) echo data/decks/*.xml tests/data/cli/extra-card-deck.xml tests/data/cli/house-legal.xml ;;
    fuzz-game) echo data/games/*.xml tests/data/cli/house-rules.xml ;;
    fuzz-import-text) echo tests/data/interchange/*.txt tests/fuzz/seeds/import-text/* ;;
    fuzz-import-csv) echo tests/data/interchange/*.csv tests/fuzz/seeds/import-csv/* ;;
    fuzz-import-cod) echo tests/data/interchange/*.cod tests/fuzz/seeds/import-cod/* ;;
    fuzz-import-json) echo tests/data/interchange/api-deck.json tests/fuzz/seeds/import-json/* ;;
    fuzz-import-cards) echo tests/data/interchange/api-cards-*.json tests/fuzz/seeds/import-cards/* ;;
    fuzz-query) echo tests/fuzz/seeds/query/* ;;
    fuzz-action) echo tests/fuzz/seeds/action/* ;;
    fuzz-deck-code) echo tests/fuzz/seeds/deck-code/* ;;
    fuzz-deck-query) echo tests/fuzz/seeds/deck-query/* ;;
    fuzz-deck-index) echo tests/fuzz/seeds/deck-index/* ;;
    fuzz-version-index) echo tests/fuzz/seeds/version-index/* ;;
    *) echo "fuzz.sh: no target called $1" >&2; return 1 ;;
  esac
}

extra_options () {
  case "$1" in
    fuzz-carddb|fuzz-deck|fuzz-game) echo -dict="$root/tests/fuzz/xml.dict" -max_len=16384 ;;
    fuzz-query|fuzz-deck-query) echo -max_len=256 ;;
    fuzz-deck-code) echo -max_len=4096 ;;
    fuzz-deck-index) echo -max_len=16384 ;;
    fuzz-version-index) echo -max_len=4096 ;;
    *) echo -max_len=8192 ;;
  esac
}

for target in "${targets[@]}"; do
  seeds_of "$target" >/dev/null
done

if [ ! -f "$build/build.ninja" ]; then
  CC=clang meson setup "$build" \
    -Dfuzzing=true -Dgui_tests=disabled -Dbuildtype=debugoptimized \
    -Db_sanitize=address,undefined -Db_lundef=false \
    -Dc_args=-fsanitize=fuzzer-no-link
fi
ninja -C "$build" "${targets[@]/#/tests/fuzz/}"

mkdir -p "$build/fuzz-crashes" "$build/fuzz-logs"
# Fuzzing runs with the fast unwinder and no leak checks, for speed; then
# every input the corpus holds is run once more with leak checks and the
# precise unwinder that build-aux/lsan.supp needs (see there).
fuzz_asan=abort_on_error=1:detect_leaks=0
leak_asan=abort_on_error=1:detect_leaks=1:fast_unwind_on_malloc=0:malloc_context_size=20
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
export LSAN_OPTIONS=suppressions=$root/build-aux/lsan.supp:print_suppressions=0
export G_SLICE=always-malloc

corpus_of () {
  if [ -n "$check" ]; then
    echo "$build/fuzz-check-corpus/$1"
  else
    echo "$build/fuzz-corpus/$1"
  fi
}

run_one () {
  local target=$1
  local corpus
  local seeds=$build/fuzz-seeds/$target
  local seed

  corpus=$(corpus_of "$target")
  if [ -n "$check" ]; then
    # What an exploring run found stays out of the gate: it starts from
    # the seeds the repository holds, as on a fresh clone.
    rm -rf "$corpus"
  fi
  rm -rf "$seeds"
  mkdir -p "$corpus" "$seeds"
  for seed in $(seeds_of "$target"); do
    cp "$seed" "$seeds/$(echo "$seed" | tr / _)"
  done

  # shellcheck disable=SC2046
  ASAN_OPTIONS=$fuzz_asan "$build/tests/fuzz/$target" "$corpus" "$seeds" \
    "${budget[@]}" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
    -detect_leaks=0 -artifact_prefix="$build/fuzz-crashes/$target-" $(extra_options "$target") \
    >"$build/fuzz-logs/$target.log" 2>&1 || return 1

  # shellcheck disable=SC2046
  ASAN_OPTIONS=$leak_asan "$build/tests/fuzz/$target" "$corpus" "$seeds" \
    -runs=0 -timeout=10 -detect_leaks=1 -artifact_prefix="$build/fuzz-crashes/$target-" \
    $(extra_options "$target") >>"$build/fuzz-logs/$target.log" 2>&1
}

status=0
pids=()
names=()
finish_one () {
  local pid=$1 target=$2
  if wait "$pid"; then
    printf '%-18s ok    %s runs, %s inputs in its corpus, no leaks\n' "$target" \
      "$(sed -n 's/^stat::number_of_executed_units: *//p' "$build/fuzz-logs/$target.log" | head -1)" \
      "$(find "$(corpus_of "$target")" -type f | wc -l)"
  else
    status=1
    printf '%-18s FAILED, see %s\n' "$target" "$build/fuzz-logs/$target.log"
    grep -E 'ERROR:|broken promise|runtime error|Test unit written to' "$build/fuzz-logs/$target.log" | head -5 | sed 's/^/    /'
  fi
}

echo "Fuzzing ${#targets[@]} targets (${budget[*]}), ${jobs} at a time"
for target in "${targets[@]}"; do
  if [ "${#pids[@]}" -ge "$jobs" ]; then
    finish_one "${pids[0]}" "${names[0]}"
    pids=("${pids[@]:1}")
    names=("${names[@]:1}")
  fi
  run_one "$target" &
  pids+=("$!")
  names+=("$target")
done
for i in "${!pids[@]}"; do
  finish_one "${pids[$i]}" "${names[$i]}"
done

exit "$status"
