#!/usr/bin/env bash
# release-checkout.sh DEST — what an app gets from a release of this working tree: a copy in DEST
# (no build products, no .git) whose Package.swift names the plugins' tool prebuilt, built here
# for this machine (Scripts/artifact-bundle.sh --manifest). CI builds Examples/Consumer on it and
# holds it to the source build; Benchmarks/clean-build-ratio.sh times it (consumer-bundle).
set -euo pipefail
dest=${1:?usage: $0 DEST}
root=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$dest"
tar -C "$root" --exclude='.build*' --exclude=.venv --exclude=.git --exclude=Artifacts -cf - . | tar -C "$dest" -xf -
(cd "$dest" && Scripts/artifact-bundle.sh --manifest)
