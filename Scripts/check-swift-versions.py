#!/usr/bin/env python3
"""Proves the README's Swift version claims from the manifests SwiftPM would load.

    Scripts/check-swift-versions.py

An app that depends on oauthgen resolves the packages in Examples/Consumer/Package.resolved (the
runtime's test-only dependencies are not resolved for a dependent); working on oauthgen itself
resolves everything in its own graph. For each claim, every manifest SwiftPM would pick with
that Swift version (Package@swift-X.Y.swift for the greatest X.Y not above it, else
Package.swift) must declare a tools version no newer than the claim; and the README must state
both claims. This machine has one toolchain, so the manifests are read rather than loaded by
older ones.
"""
import os
import re
import subprocess
import sys
import tempfile

APP_MINIMUM = (6, 2)   # README: "CI proves apps on Swift 6.2 or later"
DEV_MINIMUM = (6, 2)   # README: "(6.2 or later: ..." for the repository's own commands
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def version(text):
    return tuple(int(part) for part in text.split("."))


def tools_version(manifest):
    with open(manifest, encoding="utf-8") as handle:
        first = handle.readline()
    found = re.match(r"//\s*swift-tools-version\s*:\s*([0-9.]+)", first)
    if not found:
        sys.exit(f"{manifest}:1:1: error: expected a swift-tools-version line")
    return version(found.group(1))


def manifest_for(package, swift):
    """The manifest SwiftPM picks in `package` for a toolchain of version `swift`."""
    best, chosen = None, os.path.join(package, "Package.swift")
    for name in os.listdir(package):
        found = re.fullmatch(r"Package@swift-([0-9.]+)\.swift", name)
        if found and version(found.group(1)) <= swift and (best is None or version(found.group(1)) > best):
            best, chosen = version(found.group(1)), os.path.join(package, name)
    return chosen


def checkouts(package_path):
    """Resolves `package_path` in a scratch directory and returns its checkouts."""
    scratch = tempfile.mkdtemp(prefix="oauthgen-versions-")
    subprocess.run(["swift", "package", "--package-path", package_path, "--scratch-path", scratch, "resolve"],
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = os.path.join(scratch, "checkouts")
    return [os.path.join(base, name) for name in sorted(os.listdir(base))]


def check(label, claim, packages):
    failures = []
    for package in packages:
        manifest = manifest_for(package, claim)
        declared = tools_version(manifest)
        if declared > claim:
            failures.append(f"{manifest}:1:1: error: declares swift-tools-version {'.'.join(map(str, declared))}, "
                            f"newer than the {'.'.join(map(str, claim))} the README claims for {label}")
    print(f"{label}: Swift {'.'.join(map(str, claim))} loads all {len(packages)} manifests" if not failures else "\n".join(failures))
    return not failures


readme = open(os.path.join(ROOT, "README.md"), encoding="utf-8").read()
ok = True
for claim, phrase in [(APP_MINIMUM, "CI proves apps on Swift 6.2 or later"), (DEV_MINIMUM, "(6.2 or later:")]:
    if phrase not in readme:
        print(f"README.md:1:1: error: expected the README to state \"{phrase}\", found it does not")
        ok = False
ok &= check("an app using oauthgen", APP_MINIMUM, [ROOT] + checkouts(os.path.join(ROOT, "Examples/Consumer")))
ok &= check("working on oauthgen", DEV_MINIMUM, [ROOT] + checkouts(ROOT))
sys.exit(0 if ok else 1)
