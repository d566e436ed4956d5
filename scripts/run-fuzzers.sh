#!/usr/bin/env bash
# Builds the libFuzzer targets (preset `fuzz`, clang) and runs each for a bounded time on a
# copy of its seed corpus in fuzz/corpus/<target>/. Prints each target's execution count; any
# crash, leak or sanitizer report fails the script and leaves the input in build/fuzz/artifacts/.
# Usage: scripts/run-fuzzers.sh [SECONDS_PER_TARGET]   (default 60; FUZZ_SECONDS also works)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-${FUZZ_SECONDS:-60}}"
[ -f build/fuzz/build.ninja ] || cmake --preset fuzz > /dev/null
cmake --build --preset fuzz -j 2
mkdir -p build/fuzz/artifacts
status=0
total=0
for target in expr position table_file; do
  work="build/fuzz/corpus/$target"
  rm -rf "$work" && mkdir -p "$work" && cp fuzz/corpus/"$target"/* "$work"/
  log="build/fuzz/$target.log"
  # -timeout: one input taking over 10 s is a hang; -rss_limit_mb: a runaway allocation.
  if ! build/fuzz/"${target}_fuzz" "$work" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
      -max_len=4096 -print_final_stats=1 -artifact_prefix=build/fuzz/artifacts/"$target"- > "$log" 2>&1; then
    echo "fuzz $target: FAILED (see $log and build/fuzz/artifacts/)"
    grep -E 'ERROR|SUMMARY|runtime error' "$log" | head -5 || true
    status=1
  fi
  runs=$(grep -oE 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -oE '[0-9]+$' || echo 0)
  total=$((total + runs))
  echo "fuzz $target: $runs executions in ${seconds} s, corpus $(ls "$work" | wc -l) inputs"
done
echo "fuzz total: $total executions"
exit $status
