#!/usr/bin/env python3
"""Counts the public API of each library product, and compares it with the committed baseline.

    Scripts/public-api.py SYMBOLGRAPH_DIR [--update]

SYMBOLGRAPH_DIR is what `swift package dump-symbol-graph --minimum-access-level public` writes
(Scripts/docs.sh makes it). For each library product's module it counts the public symbols
declared in the module's own sources (SPI left out: `@_spi` declarations are not in a public
graph), the top-level public types, and how many of those symbols have no doc comment.

The baseline is Scripts/public-api-baseline.json: the counts, and every public symbol by name
(its path, `OAuthSession.init(client:store:refreshLeeway:allowedResourceOrigins:now:)`). A count
above it fails, naming the module and what grew: a public symbol is a promise to every app, so one
is added on purpose, by updating the baseline (`--update`) in the same change and saying why in the
commit. A name the baseline has and the module no longer does fails too, naming it: a removal or a
rename breaks apps even where the counts stay the same. Counts below the baseline otherwise pass
and print a reminder to lower it, so a cut stays cut.
"""
import json
import os
import sys

PRODUCTS = {  # product -> module
    "OAuthRuntime": "OAuthRuntime",
    "OAuthOpenAPIMiddleware": "OAuthOpenAPIMiddleware",
    "OAuthMCP": "OAuthMCP",
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
        "names": sorted(".".join(s["pathComponents"]) for s in own),
    }


def main():
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    counts = {product: count(sys.argv[1], module) for product, module in PRODUCTS.items()}
    if "--update" in sys.argv[2:]:
        with open(BASELINE, "w") as file:
            json.dump(counts, file, indent=2, sort_keys=True)
            file.write("\n")
        print(f"wrote {BASELINE}")
    baseline = json.load(open(BASELINE)) if os.path.exists(BASELINE) else {}
    failed = False
    print(f"{'product':<24}{'symbols':>9}{'types':>7}{'undocumented':>14}   (baseline)")
    for product, now in counts.items():
        was = baseline.get(product, {})
        print(f"{product:<24}{now['symbols']:>9}{now['topLevelTypes']:>7}{now['undocumented']:>14}   "
              f"({was.get('symbols', '-')}, {was.get('topLevelTypes', '-')}, {was.get('undocumented', '-')})")
        if "names" in was:
            remaining = list(now["names"])
            for name in was["names"]:
                if name in remaining:
                    remaining.remove(name)
                else:
                    print(f"error: {product} no longer has {name}: a removal or a rename breaks every app that uses it; "
                          f"if it is meant, update the baseline (--update) and say why in the commit", file=sys.stderr)
                    failed = True
        for key, value in now.items():
            if key == "names":
                continue
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
