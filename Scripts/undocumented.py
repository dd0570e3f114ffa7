#!/usr/bin/env python3
"""Lists the public declarations of a module's symbol graph that have no doc comment.

    Scripts/undocumented.py SYMBOLGRAPH_DIR MODULE [SOURCE_PREFIX]

Only declarations made in the module's own sources count (members a protocol extension of
another module adds are that module's to document); an implementation of a protocol requirement
without a comment of its own inherits the requirement's, as DocC shows it, and counts as
documented. Exit 1 when anything is undocumented.
"""
import json
import os
import sys

directory, module = sys.argv[1], sys.argv[2]
prefix = sys.argv[3] if len(sys.argv) > 3 else f"Sources/{module}/"
symbols = {}
for name in os.listdir(directory):
    if not (name == f"{module}.symbols.json" or name.startswith(f"{module}@")):
        continue
    graph = json.load(open(os.path.join(directory, name)))
    for symbol in graph["symbols"]:
        symbols[symbol["identifier"]["precise"]] = symbol
missing = []
for symbol in symbols.values():
    location = symbol.get("location", {}).get("uri", "")
    if prefix not in location or symbol.get("accessLevel") not in ("public", "open"):
        continue
    # `sourceOrigin`: the implementation of a documented requirement, which DocC shows with its docs.
    if symbol.get("docComment") or symbol.get("sourceOrigin"):
        continue
    line = symbol["location"]["position"]["line"] + 1
    path = location.split(prefix, 1)[1]
    missing.append(f"{prefix}{path}:{line}: {symbol['kind']['displayName'].lower()} {'.'.join(symbol['pathComponents'])} has no doc comment")
for line in sorted(missing):
    print(line)
print(f"{module}: {len(missing)} undocumented public declarations", file=sys.stderr)
sys.exit(1 if missing else 0)
