#!/usr/bin/env bash
# artifact-bundle.sh — the plugins' tool prebuilt, for a release:
#   Scripts/artifact-bundle.sh [--output DIR] [--zip]        (DIR: Artifacts by default)
#
# Builds `oauthgen-generate` in release for this machine (the Swift runtime linked statically on
# Linux, so the binary runs without a toolchain) into
# Artifacts/oauthgen-generate.artifactbundle/oauthgen-generate-<triple>/bin/, and writes the
# bundle's info.json (SE-0305) with every variant found there: run it on each platform a release
# supports (Linux x86_64 and aarch64, macOS arm64 and x86_64) into the same Artifacts folder.
# Package.swift uses the bundle when it is present: the build plugins then run it, and an app's
# clean build compiles no generator (BuildPlugins.md says what that saves). A checkout without
# the folder builds the tool from source, as development does. --zip also writes
# oauthgen-generate.artifactbundle.zip beside the bundle and prints its checksum, for a release
# that serves the bundle by URL (`.binaryTarget(name:url:checksum:)`). --output elsewhere leaves
# the package as it is (CI checks a bundle so, without switching its own plugins to it).
set -euo pipefail
cd "$(dirname "$0")/.."
output=Artifacts
zip=0
while [ $# -gt 0 ]; do
    case "$1" in
        --output) output=${2:?--output DIR}; shift 2 ;;
        --zip) zip=1; shift ;;
        *) echo "usage: $0 [--output DIR] [--zip]" >&2; exit 2 ;;
    esac
done
bundle=$output/oauthgen-generate.artifactbundle
triple=$(swift -print-target-info | python3 -c 'import json, sys; print(json.load(sys.stdin)["target"]["unversionedTriple"])')
flags=()
[ "$(uname)" = Linux ] && flags+=(--static-swift-stdlib)
swift build -c release --product oauthgen-generate --scratch-path .build-artifact "${flags[@]}"
variant="oauthgen-generate-$triple"
mkdir -p "$bundle/$variant/bin"
cp .build-artifact/release/oauthgen-generate "$bundle/$variant/bin/oauthgen-generate"
# Symbols are for debugging the tool, not for running it: a third of the size.
strip "$bundle/$variant/bin/oauthgen-generate" 2>/dev/null || true
python3 - "$bundle" "$(git describe --tags --always 2>/dev/null || echo dev)" <<'PY'
import json, os, sys
bundle, version = sys.argv[1], sys.argv[2]
variants = []
for name in sorted(os.listdir(bundle)):
    if name.startswith("oauthgen-generate-") and os.path.isfile(os.path.join(bundle, name, "bin", "oauthgen-generate")):
        variants.append({"path": f"{name}/bin/oauthgen-generate", "supportedTriples": [name[len("oauthgen-generate-"):]]})
info = {"schemaVersion": "1.0", "artifacts": {"oauthgen-generate": {"version": version, "type": "executable", "variants": variants}}}
with open(os.path.join(bundle, "info.json"), "w") as file:
    json.dump(info, file, indent=2)
    file.write("\n")
print(f"{bundle}: {', '.join(v['supportedTriples'][0] for v in variants)}")
PY
if [ "$zip" = 1 ]; then
    rm -f "$bundle.zip"
    (cd "$output" && zip -qr oauthgen-generate.artifactbundle.zip oauthgen-generate.artifactbundle)
    echo "checksum: $(swift package compute-checksum "$bundle.zip")"
fi
