#!/usr/bin/env bash
# What OAuthRuntime adds to an app's clean debug build, as a ratio to a dependency-free
# executable built in the same run (issue: "a lean runtime"). Prints one line per package:
#
#   trivial       an executable with no dependencies (the unit)
#   crypto        an executable on swift-crypto's Crypto and _CryptoExtras, verifying with _RSA: the
#                 floor on Linux, what any app that verifies an RS256 ID token compiles (the
#                 runtime's hashing and signatures come from swift-crypto; issue 44)
#   runtime       an executable with a generated client checked in, on OAuthRuntime (no plugin)
#   consumer      Examples/Consumer: the plugin generates the clients during the build, its tool
#                 built from source (this checkout, as development builds it)
#   consumer-bundle
#                 the same app on a release of this checkout: a copy whose manifest names the
#                 prebuilt artifact bundle (Scripts/release-checkout.sh, untimed), so the plugin
#                 runs it and the build compiles no generator
#
# Each package builds in a new scratch directory, so every dependency compiles from source, as
# on a CI machine. Run it on an otherwise idle machine: it measures wall-clock time.
#
#   Benchmarks/clean-build-ratio.sh [--only NAME] [--repeat N]   (N rounds, each package once a
#                                                                 round; the medians are compared)
#   Benchmarks/clean-build-ratio.sh --smoke     (CI: the packages are made and their manifests load,
#                                                the trivial one builds; nothing is timed. The runtime
#                                                package's main.swift is compiled by the tests:
#                                                CleanBuildRatioScriptTests)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/oauthgen-build-ratio.XXXXXX")
trap 'rm -rf "$work"' EXIT
only=""
smoke=0
rounds=1
while [ $# -gt 0 ]; do
    case "$1" in
        --only) only=${2:?--only NAME}; shift 2 ;;
        --repeat) rounds=${2:?--repeat N}; shift 2 ;;
        --smoke) smoke=1; shift ;;
        *) echo "usage: $0 [--only NAME] [--repeat N] | --smoke" >&2; exit 2 ;;
    esac
done

package() {  # name, dependencies line, target dependencies, main.swift
    local dir=$work/$1
    mkdir -p "$dir/Sources/app"
    cat >"$dir/Package.swift" <<EOF
// swift-tools-version:6.0
import PackageDescription
let package = Package(
    name: "$1", platforms: [.macOS(.v13)],
    dependencies: [$2],
    targets: [.executableTarget(name: "app", dependencies: [$3])],
    swiftLanguageModes: [.v6]
)
EOF
    printf '%s\n' "$4" >"$dir/Sources/app/main.swift"
}

package trivial "" "" 'print("hello")'
package crypto '.package(url: "https://github.com/apple/swift-crypto", from: "4.5.2")' \
    '.product(name: "Crypto", package: "swift-crypto"), .product(name: "_CryptoExtras", package: "swift-crypto")' \
    'import Crypto
import _CryptoExtras
let key = try _RSA.Signing.PrivateKey(keySize: .bits2048)
let signature = try key.signature(for: SHA256.hash(data: Array("hello".utf8)), padding: .insecurePKCS1v1_5)
print(key.publicKey.isValidSignature(signature, for: SHA256.hash(data: Array("hello".utf8)), padding: .insecurePKCS1v1_5))'
package runtime ".package(name: \"oauthgen\", path: \"$root\")" '.product(name: "OAuthRuntime", package: "oauthgen")' \
    'import OAuthRuntime
let client = try Google.client(options: ClientOptions(clientID: "example"))
print(client.clientID)'
# The generated client the plugin would write, checked in as a team that commits it would.
swift run --package-path "$root" oauthgen generate "$root/Examples/Providers/google.openid-configuration.json" \
    "$root/Examples/Providers/google.quirks.plist" --output "$work/runtime/Sources/app" >/dev/null 2>&1
[ -f "$work/runtime/Sources/app/google.oauthgen.swift" ] || { echo "the generated Google client is missing" >&2; exit 1; }

# The release copy: the working tree without build products, its manifest naming the bundle.
release=$work/release
if [ "$smoke" = 0 ] && { [ -z "$only" ] || [ "$only" = consumer-bundle ]; }; then
    "$root/Scripts/release-checkout.sh" "$release" >"$work/bundle.log" 2>&1 || { tail -n 20 "$work/bundle.log"; exit 1; }
fi

if [ "$smoke" = 1 ]; then
    for name in trivial crypto runtime; do
        swift package --package-path "$work/$name" dump-package >/dev/null || { echo "$name: the manifest does not load" >&2; exit 1; }
    done
    swift build --package-path "$work/trivial" --scratch-path "$work/scratch-trivial" >/dev/null
    echo "clean-build-ratio smoke: the packages are made, their manifests load, the trivial one builds"
    exit 0
fi

measure() {  # name, package directory
    [ -z "$only" ] || [ "$only" = "$1" ] || return 0
    local scratch=$work/scratch-$1 start end
    rm -rf "$scratch"
    # Resolve first (from the local mirror): only compiling and linking are timed.
    swift package --package-path "$2" --scratch-path "$scratch" resolve >/dev/null 2>&1
    start=$(date +%s.%N)
    swift build --package-path "$2" --scratch-path "$scratch" >"$work/$1.log" 2>&1 || { tail -n 20 "$work/$1.log"; exit 1; }
    end=$(date +%s.%N)
    python3 -c "import sys; print(f'{sys.argv[1]:15} {float(sys.argv[3]) - float(sys.argv[2]):7.1f} s')" "$1" "$start" "$end" | tee -a "$work/times"
}

for _ in $(seq "$rounds"); do
    measure trivial "$work/trivial"
    measure crypto "$work/crypto"
    measure runtime "$work/runtime"
    measure consumer "$root/Examples/Consumer"
    measure consumer-bundle "$release/Examples/Consumer"
done
python3 - "$work/times" <<'EOF'
import statistics, sys
runs = {}
for line in open(sys.argv[1]):
    runs.setdefault(line.split()[0], []).append(float(line.split()[1]))
times = {name: statistics.median(values) for name, values in runs.items()}
if any(len(values) > 1 for values in runs.values()):
    for name, seconds in times.items():
        print(f"{name:15} {seconds:7.1f} s median of {len(runs[name])}")
for unit in ("trivial", "crypto"):
    if unit in times:
        for name, seconds in times.items():
            if name not in ("trivial", unit):
                print(f"{name:15} {seconds / times[unit]:5.2f}x {unit}")
EOF
