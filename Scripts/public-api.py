#!/usr/bin/env python3
"""Counts the public API of each library product and holds every public declaration to the
committed baseline.

    Scripts/public-api.py SYMBOLGRAPH_DIR [--update [--why TEXT]]

SYMBOLGRAPH_DIR is what `swift package dump-symbol-graph --minimum-access-level public` writes
(Scripts/docs.sh makes it). For each library product's module it reads the public symbols declared
in the module's own sources (SPI left out: `@_spi` declarations are not in a public graph): their
count, the top-level public types, how many have no doc comment, and each one's declaration as the
compiler prints it (`func scopes(after response: HTTPURLResponse, granted: [String]) -> [String]?`).

The baseline is Scripts/public-api-baseline.json: the counts, every symbol's path and declaration,
and `changes`, the record of every declaration changed or removed on purpose and why. The check
fails when:
- a count grows: a public symbol is a promise to every app, so one is added on purpose, by
  updating the baseline (`--update`) in the same change and saying why in the commit;
- a declaration the baseline has is gone: removed, renamed, or changed in a parameter's type, an
  optionality, a throw or an effect. That breaks apps even where the counts stay the same, and the
  names alone would not show it. `--update` refuses such a change unless `--why TEXT` says why,
  and records it under `changes`.
Counts below the baseline otherwise pass and print a reminder to lower it, so a cut stays cut.
"""
import json
import os
import sys

PRODUCTS = {  # product -> module
    "OAuthRuntime": "OAuthRuntime",
    "OAuthResources": "OAuthResources",
    "OAuthOpenAPIMiddleware": "OAuthOpenAPIMiddleware",
    "OAuthMCP": "OAuthMCP",
    "OAuthPostgresStore": "OAuthPostgresStore",
    "OAuthAsyncHTTPClient": "OAuthAsyncHTTPClient",
    "_OAuthPolicy": "OAuthPolicy",
    "_OAuthGenCore": "OAuthGenCore",
}
TYPE_KINDS = {"swift.struct", "swift.enum", "swift.class", "swift.protocol", "swift.typealias", "swift.actor"}
BASELINE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "public-api-baseline.json")


def count(directory, module):
    symbols = {}
    for name in os.listdir(directory):
        if name == f"{module}.symbols.json" or name.startswith(f"{module}@"):
            for symbol in json.load(open(os.path.join(directory, name)))["symbols"]:
                symbols[symbol["identifier"]["precise"]] = symbol
    own = [s for s in symbols.values()
           if f"/Sources/{module}/" in s.get("location", {}).get("uri", "") and s.get("accessLevel") in ("public", "open")]
    return {
        "symbols": len(own),
        "topLevelTypes": sum(1 for s in own if s["kind"]["identifier"] in TYPE_KINDS and len(s["pathComponents"]) == 1),
        "undocumented": sum(1 for s in own if not s.get("docComment") and not s.get("sourceOrigin")),
        "declarations": sorted(declaration(s) for s in own),
    }


def declaration(symbol):
    """`Path.to.symbol: <declaration>`, whitespace folded, attributes included."""
    text = "".join(fragment["spelling"] for fragment in symbol.get("declarationFragments", []))
    return ".".join(symbol["pathComponents"]) + ": " + " ".join(text.split())


def gone(was, now):
    """The baseline's declarations the module no longer has (a multiset difference)."""
    remaining = list(now["declarations"])
    missing = []
    for entry in was.get("declarations", []):
        if entry in remaining:
            remaining.remove(entry)
        else:
            missing.append(entry)
    return missing, remaining


def main():
    arguments = sys.argv[2:]
    if len(sys.argv) < 2 or ("--why" in arguments and "--update" not in arguments):
        print(__doc__, file=sys.stderr)
        return 2
    why = arguments[arguments.index("--why") + 1] if "--why" in arguments[:-1] else None
    counts = {product: count(sys.argv[1], module) for product, module in PRODUCTS.items()}
    baseline = json.load(open(BASELINE)) if os.path.exists(BASELINE) else {}
    if "--update" in arguments:
        for product, now in counts.items():
            was = baseline.get(product, {})
            missing, added = gone(was, now)
            now["changes"] = list(was.get("changes", []))
            if missing and "declarations" in was:
                if not why:
                    for entry in missing:
                        print(f"error: {product}: {entry} is gone or changed; say why with --update --why TEXT", file=sys.stderr)
                    return 1
                now["changes"].append({"why": why, "removed": missing, "added": added})
        with open(BASELINE, "w") as file:
            json.dump(counts, file, indent=2, sort_keys=True)
            file.write("\n")
        print(f"wrote {BASELINE}")
        baseline = counts
    failed = False
    print(f"{'product':<24}{'symbols':>9}{'types':>7}{'undocumented':>14}   (baseline)")
    for product, now in counts.items():
        was = baseline.get(product, {})
        print(f"{product:<24}{now['symbols']:>9}{now['topLevelTypes']:>7}{now['undocumented']:>14}   "
              f"({was.get('symbols', '-')}, {was.get('topLevelTypes', '-')}, {was.get('undocumented', '-')})")
        if "declarations" not in was:
            print(f"error: {product} has no baseline declarations: run {sys.argv[0]} {sys.argv[1]} --update", file=sys.stderr)
            failed = True
        missing, _ = gone(was, now)
        paths = {entry.split(": ", 1)[0]: entry for entry in now["declarations"]}
        for entry in missing:
            path = entry.split(": ", 1)[0]
            became = f"; it is now {paths[path]!r}" if path in paths else ""
            print(f"error: {product} no longer has {entry!r}{became}: a removal, a rename or a changed declaration breaks "
                  f"every app that uses it; if it is meant, update the baseline (--update --why TEXT) and say why in the "
                  f"commit", file=sys.stderr)
            failed = True
        for key in ("symbols", "topLevelTypes", "undocumented"):
            value = now[key]
            if key not in was:
                print(f"error: {product} has no baseline {key}: run {sys.argv[0]} {sys.argv[1]} --update", file=sys.stderr)
                failed = True
            elif value > was[key]:
                print(f"error: {product}'s {key} grew from {was[key]} to {value}: a public declaration is a promise to "
                      f"every app; if it is meant, update the baseline (--update) and say why in the commit", file=sys.stderr)
                failed = True
            elif value < was[key]:
                print(f"note: {product}'s {key} fell from {was[key]} to {value}: lower the baseline (--update) so it stays down")
    return 1 if failed else 0


sys.exit(main())
