#!/usr/bin/env bash
# Builds the libFuzzer targets (with AddressSanitizer) and runs them.
#
#   Fuzz/run.sh smoke [SECONDS]     every target for SECONDS (default 15) each: what CI runs
#   Fuzz/run.sh TARGET [ARGS...]    one target; ARGS go to libFuzzer, e.g. -runs=10000000 -jobs=2
#   Fuzz/run.sh list                the targets
#
# FUZZ_CONFIGURATION=release builds with optimisation (and -enable-testing, for the targets'
# @testable imports): about twice the executions a second, for long campaigns; the first release
# build takes minutes more, so CI's smoke pass stays on debug.
#
# Corpora grow in .build-fuzz/corpus/TARGET (seeded from the project's real inputs by seeds.py);
# a crash or a broken invariant is saved as .build-fuzz/crashes/TARGET/crash-… and the script
# exits non-zero. Each finding becomes a regression: a unit test where it is a defect of the code,
# and its input in Fuzz/Regressions/TARGET, which the smoke pass replays.
set -euo pipefail
cd "$(dirname "$0")"
# libFuzzer reports crashes itself; Swift's backtracer would spend minutes symbolicating an ASan binary.
export SWIFT_BACKTRACE=enable=no
scratch=../.build-fuzz
targets=(FuzzJSONReader FuzzPlistReader FuzzProviderLoading FuzzURLCheckers FuzzGenerate
         FuzzCallback FuzzTokenResponse FuzzIDToken FuzzLoopbackRequest FuzzAppFiles FuzzImport FuzzTemplate
         FuzzWWWAuthenticate FuzzServerSentEvents FuzzClientKey FuzzResourceMetadata)

if [ "${1:-}" = "list" ]; then printf '%s\n' "${targets[@]}"; exit 0; fi

mkdir -p "$scratch"
# SwiftPM's --sanitize=fuzzer makes it leave `main` to libFuzzer. Its --sanitize=address on top
# would reach the Swift driver as a second -sanitize flag, of which the driver keeps one: the Swift
# code then gets no coverage counters and libFuzzer runs blind ("no interesting inputs"). So the
# Swift code gets one combined flag, which comes last and wins.
flags=(--sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address)
if [ "${FUZZ_CONFIGURATION:-debug}" = release ]; then flags=(-c release "${flags[@]}" -Xswiftc -enable-testing); fi
# A campaign builds its one target (a release build of them all compiles swift-syntax optimised).
products=()
case "${1:-smoke}" in smoke) ;; *) products=(--product "$1") ;; esac
# The linker warns once per ASan symbol; show the log only when the build fails.
if ! swift build --scratch-path "$scratch" "${flags[@]}" "${products[@]}" >"$scratch/fuzz-build.log" 2>&1; then
    grep -E 'error:' "$scratch/fuzz-build.log" | head -n 40; tail -n 20 "$scratch/fuzz-build.log"; exit 1
fi
bin=$(swift build --scratch-path "$scratch" "${flags[@]}" --show-bin-path)
python3 seeds.py "$scratch/corpus" >/dev/null

run() {
    local target=$1; shift
    mkdir -p "$scratch/crashes/$target"
    # FuzzIDToken keeps one validator per JWKS across inputs (as an app keeps its client); the
    # leak checker cannot follow Swift's packed references into that cache and reports it.
    local asan_options=""
    if [ "$target" = FuzzIDToken ]; then set -- -detect_leaks=0 "$@"; asan_options=detect_leaks=0; fi
    # -print_final_stats: executions and exec/s for the record; -timeout: a hang is a finding too.
    # Every input runs in milliseconds; 60 s, not 10, because a long run on a machine that is
    # also building stalled one 5 KB JSON input past 10 s (it replays in 0.3 s; kept in Regressions).
    ASAN_OPTIONS="$asan_options" "$bin/$target" "$scratch/corpus/$target" -artifact_prefix="$scratch/crashes/$target/" \
        -timeout=60 -rss_limit_mb=4096 -print_final_stats=1 "$@"
}

if [ "${1:-}" = "smoke" ]; then
    seconds=${2:-15}
    for target in "${targets[@]}"; do
        # Every input a target ever failed on is replayed first (Fuzz/Regressions/TARGET).
        if [ -d "Regressions/$target" ]; then
            echo "== $target: replaying $(ls "Regressions/$target" | wc -l) regression inputs"
            # Files only (no corpus directory): libFuzzer runs each once and exits.
            ASAN_OPTIONS=detect_leaks=0 "$bin/$target" Regressions/"$target"/* >"$scratch/replay.log" 2>&1 \
                || { tail -n 20 "$scratch/replay.log"; echo "fuzz: $target fails a regression input"; exit 1; }
        fi
        echo "== $target ($seconds s)"
        # A fixed seed: the same mutations on every CI run, so CI does not turn red by chance;
        # the long runs (`Fuzz/run.sh TARGET …`) draw a new seed each time.
        run "$target" -seed=1 -max_total_time="$seconds" >"$scratch/smoke-$target.log" 2>&1 || true
        grep -E 'stat::number_of_executed_units|stat::average_exec_per_sec|ERROR|invariant broken|SUMMARY' "$scratch/smoke-$target.log" || true
        if [ -n "$(ls -A "$scratch/crashes/$target")" ]; then echo "fuzz: $target found a crash: $(ls "$scratch/crashes/$target")"; exit 1; fi
        # A target whose Swift code got no coverage counters fuzzes blind; that is a failure too.
        grep -q 'INITED cov: [1-9]' "$scratch/smoke-$target.log" || { echo "fuzz: $target reports no coverage"; exit 1; }
    done
    echo "fuzz smoke: ${#targets[@]} targets, no crash"
else
    target=${1:?"usage: Fuzz/run.sh smoke|list|TARGET [libFuzzer args]"}; shift
    run "$target" "$@"
fi
