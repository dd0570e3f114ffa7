#!/usr/bin/env bash
# test-under-load.sh — the tests on a busy machine: `Scripts/test-under-load.sh [RUNS] [swift test arguments]`.
#
# Runs Scripts/test.sh RUNS times in a row (default 3), with the provider tests required, while
# LOADS other CPU-bound jobs (default 2, issue 53's "two clean builds beside it"; OAUTHGEN_LOADS)
# keep both cores busy: clean builds of the Benchmarks package, one after another, each into a
# scratch folder of its own. Every test that waits on real time must leave headroom for this
# (issue 44); a run that fails stops the script, its log kept. Prints each run's time and result.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-3}
shift || true
scratch=$(mktemp -d "${TMPDIR:-/tmp}/oauthgen-load.XXXXXX")
logs=$(mktemp -d "${TMPDIR:-/tmp}/oauthgen-load-logs.XXXXXX")

# The load: clean Benchmarks builds until the runs end, LOADS of them side by side.
loads=()
for index in $(seq "${OAUTHGEN_LOADS:-2}"); do
    (
        while true; do
            rm -rf "$scratch/build-$index"
            swift build --package-path Benchmarks --scratch-path "$scratch/build-$index" \
                >"$logs/load-$index.log" 2>&1 || true
        done
    ) &
    loads+=("$!")
done
# The builds' processes name the scratch folder in their arguments: end them with the loops.
trap 'kill "${loads[@]}" 2>/dev/null; pkill -f "$scratch/build-" 2>/dev/null; sleep 1; rm -rf "$scratch"' EXIT

# Built once before the clock starts, so every run times the tests, not the first build.
swift build --traits PostgreSQL --build-tests >/dev/null
for run in $(seq "$runs"); do
    start=$(date +%s)
    if OAUTHGEN_REQUIRE_PROVIDER=1 Scripts/test.sh --skip-build "$@" >"$logs/run-$run.log" 2>&1; then
        result="passed"
    else
        result="FAILED"
    fi
    summary=$(grep -E "Test run with [0-9]+ tests" "$logs/run-$run.log" | tail -n 1)
    echo "run $run: $result in $(( $(date +%s) - start )) s under load: $summary"
    if [ "$result" = FAILED ]; then
        grep -E "✘" "$logs/run-$run.log" | head -n 40
        echo "log: $logs/run-$run.log"
        exit 1
    fi
done
echo "$runs runs passed under load (logs: $logs)"
