#!/usr/bin/env python3
"""swiftpm-target-flags.py PACKAGE_DIR TARGET PLATFORM

What SwiftPM would pass swiftc for one Swift target of a dependency in a debug build for an Apple
PLATFORM (macos, ios): its language mode, its defines and features (their platform and
configuration conditions applied), its unsafe flags, the module maps of the C targets it depends
on, then `--` and its source files. Read from
`swift package dump-package`, so typecheck-apple.sh can emit a dependency's module for an Apple SDK
without copying its manifest's settings by hand. One argument per line.
"""
import json
import os
import subprocess
import sys


def main():
    package_dir, target_name, platform = sys.argv[1:4]
    manifest = json.loads(subprocess.run(["swift", "package", "--package-path", package_dir, "dump-package"],
                                         check=True, capture_output=True, text=True).stdout)
    target = next((t for t in manifest["targets"] if t["name"] == target_name), None)
    if target is None:
        sys.exit(f"error: {package_dir} has no target {target_name}")

    # SwiftPM's default: the package's newest language mode, else 6 from tools version 6, else 5.
    modes = manifest.get("swiftLanguageModes") or manifest.get("swiftLanguageVersions")
    tools_major = int(manifest["toolsVersion"]["_version"].split(".")[0])
    mode = max(modes, key=lambda m: float(m)) if modes else ("6" if tools_major >= 6 else "5")
    flags = []
    for setting in target.get("settings", []):
        if setting.get("tool") != "swift":
            continue
        condition = setting.get("condition") or {}
        if condition.get("platformNames") and platform not in condition["platformNames"]:
            continue
        if condition.get("config") not in (None, "debug"):
            continue
        (kind, value), = setting["kind"].items()
        first = value.get("_0") if isinstance(value, dict) else value
        if kind == "define":
            flags.append("-D" + first)
        elif kind == "enableUpcomingFeature":
            flags += ["-enable-upcoming-feature", first]
        elif kind == "enableExperimentalFeature":
            flags += ["-enable-experimental-feature", first]
        elif kind == "unsafeFlags":
            flags += first
        elif kind == "swiftLanguageMode":
            mode = first
        elif kind in ("interoperabilityMode", "strictMemorySafety", "defaultIsolation"):
            sys.exit(f"error: {target_name}'s setting {kind} is not handled here")
    print("-swift-version")
    print(mode)
    print("-module-name")
    print(target_name)
    # SwiftPM names the package by its directory (the identity of its URL).
    print("-package-name")
    print(os.path.basename(os.path.abspath(package_dir)).lower())
    # C targets it depends on, in the same package: their module maps, as SwiftPM passes them.
    for dependency in target.get("dependencies", []):
        (kind, value), = dependency.items()
        name = value[0] if kind in ("byName", "target") else None
        c_target = next((t for t in manifest["targets"] if t["name"] == name), None)
        if not c_target:
            continue
        include = os.path.join(package_dir, c_target.get("path") or os.path.join("Sources", name), "include")
        if os.path.isfile(os.path.join(include, "module.modulemap")):
            flags += ["-Xcc", "-fmodule-map-file=" + os.path.abspath(os.path.join(include, "module.modulemap")),
                      "-Xcc", "-I" + os.path.abspath(include)]
    for flag in flags:
        print(flag)
    print("--")
    root = os.path.join(package_dir, target.get("path") or os.path.join("Sources", target_name))
    excluded = [os.path.normpath(os.path.join(root, e)) for e in target.get("exclude", [])]
    sources = []
    for folder, _, names in os.walk(root):
        for name in names:
            path = os.path.normpath(os.path.join(folder, name))
            if name.endswith(".swift") and not any(path == e or path.startswith(e + os.sep) for e in excluded):
                sources.append(path)
    for path in sorted(sources):
        print(path)


if __name__ == "__main__":
    main()
