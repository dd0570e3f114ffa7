#!/usr/bin/env bash
# Builds the libFuzzer targets (with AddressSanitizer) and runs them.
#
#   Fuzz/run.sh smoke [SECONDS]     every target for SECONDS (default 15) each: what CI runs
#   Fuzz/run.sh TARGET [ARGS...]    one target; ARGS go to libFuzzer, e.g. -runs=10000000 -jobs=2
#   Fuzz/run.sh list                the targets
#
# Corpora grow in .build-fuzz/corpus/TARGET (seeded from the project's real inputs by seeds.py);
# a crash or a broken invariant is saved as .build-fuzz/crashes/TARGET/crash-… and the script
# exits non-zero. Turn each one into a regression test in the suite of the code it found.
set -euo pipefail
cd "$(dirname "$0")"
# libFuzzer reports crashes itself; Swift's backtracer would spend minutes symbolicating an ASan binary.
export SWIFT_BACKTRACE=enable=no
scratch=../.build-fuzz
targets=(FuzzJSONReader FuzzPlistReader FuzzProviderLoading FuzzURLCheckers FuzzGenerate
         FuzzCallback FuzzTokenResponse FuzzIDToken FuzzLoopbackRequest)

if [ "${1:-}" = "list" ]; then printf '%s\n' "${targets[@]}"; exit 0; fi

mkdir -p "$scratch"
# The linker warns once per ASan symbol; show the log only when the build fails.
if ! swift build --scratch-path "$scratch" --sanitize=fuzzer --sanitize=address >"$scratch/fuzz-build.log" 2>&1; then
    grep -E 'error:' "$scratch/fuzz-build.log" | head -n 40; tail -n 20 "$scratch/fuzz-build.log"; exit 1
fi
bin=$(swift build --scratch-path "$scratch" --sanitize=fuzzer --sanitize=address --show-bin-path)
python3 seeds.py "$scratch/corpus" >/dev/null

run() {
    local target=$1; shift
    mkdir -p "$scratch/crashes/$target"
    # FuzzIDToken keeps one validator per JWKS across inputs (as an app keeps its client); the
    # leak checker cannot follow Swift's packed references into that cache and reports it.
    if [ "$target" = FuzzIDToken ]; then set -- -detect_leaks=0 "$@"; fi
    # -print_final_stats: executions and exec/s for the record; -timeout: a hang is a finding too.
    "$bin/$target" "$scratch/corpus/$target" -artifact_prefix="$scratch/crashes/$target/" \
        -timeout=10 -rss_limit_mb=4096 -print_final_stats=1 "$@"
}

if [ "${1:-}" = "smoke" ]; then
    seconds=${2:-15}
    for target in "${targets[@]}"; do
        echo "== $target ($seconds s)"
        run "$target" -max_total_time="$seconds" 2>&1 | grep -E 'stat::number_of_executed_units|stat::average_exec_per_sec|ERROR|invariant broken|SUMMARY' || true
        if [ -n "$(ls -A "$scratch/crashes/$target")" ]; then echo "fuzz: $target found a crash: $(ls "$scratch/crashes/$target")"; exit 1; fi
    done
    echo "fuzz smoke: ${#targets[@]} targets, no crash"
else
    target=${1:?"usage: Fuzz/run.sh smoke|list|TARGET [libFuzzer args]"}; shift
    run "$target" "$@"
fi
