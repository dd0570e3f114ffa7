#!/usr/bin/env bash
# artifact-bundle.sh — the plugins' tool prebuilt, for a release:
#   Scripts/artifact-bundle.sh [--output DIR] [--zip] [--manifest [--url URL]]
#                                                              (DIR: Artifacts by default)
#
# Builds `oauthgen-generate` in release for this machine (the Swift runtime linked statically on
# Linux, so the binary runs without a toolchain) into
# DIR/oauthgen-generate.artifactbundle/oauthgen-generate-<triple>/bin/, and writes the bundle's
# info.json (SE-0305) with every variant found there: run it on each platform a release supports
# (Linux x86_64 and aarch64, macOS arm64 and x86_64) into the same folder. --zip also writes
# oauthgen-generate.artifactbundle.zip beside the bundle and prints its checksum.
#
# --manifest makes this checkout's Package.swift a release's: its `generatorBundle` line names the
# bundle, so the plugins run it and an app's clean build compiles no generator (BuildPlugins.md
# says what that saves). Without --url it names DIR (which must be inside the package) by path,
# as a release that carries the bundle in its tree does; with --url it names the zip at URL with
# its checksum, as a release that serves it from a download does. Development keeps the line as
# it is (`nil`): the tool builds from source. CI and the benchmarks do this in a copy.
set -euo pipefail
cd "$(dirname "$0")/.."
output=Artifacts
zip=0
manifest=0
url=""
while [ $# -gt 0 ]; do
    case "$1" in
        --output) output=${2:?--output DIR}; shift 2 ;;
        --zip) zip=1; shift ;;
        --manifest) manifest=1; shift ;;
        --url) url=${2:?--url URL}; zip=1; shift 2 ;;
        *) echo "usage: $0 [--output DIR] [--zip] [--manifest [--url URL]]" >&2; exit 2 ;;
    esac
done
[ -z "$url" ] || [ "$manifest" = 1 ] || { echo "--url names the bundle in the manifest: it needs --manifest" >&2; exit 2; }
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
checksum=""
if [ "$zip" = 1 ]; then
    rm -f "$bundle.zip"
    (cd "$output" && zip -qr oauthgen-generate.artifactbundle.zip oauthgen-generate.artifactbundle)
    checksum=$(swift package compute-checksum "$bundle.zip")
    echo "checksum: $checksum"
fi
if [ "$manifest" = 1 ]; then
    if [ -n "$url" ]; then
        target=".binaryTarget(name: \"OAuthGenGenerateBinary\", url: \"$url\", checksum: \"$checksum\")"
    else
        relative=$(python3 -c 'import os, sys; print(os.path.relpath(os.path.abspath(sys.argv[1]), os.getcwd()))' "$bundle")
        case "$relative" in ../*|/*) echo "--manifest without --url needs the bundle inside the package, found $relative" >&2; exit 2 ;; esac
        target=".binaryTarget(name: \"OAuthGenGenerateBinary\", path: \"$relative\")"
    fi
    python3 - "$target" <<'PY'
import sys
line = "let generatorBundle: Target? = nil\n"
text = open("Package.swift").read()
if line not in text:
    sys.exit("Package.swift: expected the line 'let generatorBundle: Target? = nil', found it changed already")
open("Package.swift", "w").write(text.replace(line, f"let generatorBundle: Target? = {sys.argv[1]}\n"))
PY
    swift package dump-package >/dev/null
    echo "Package.swift: the plugins run $target"
fi
