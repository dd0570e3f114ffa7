#!/usr/bin/env bash
# Builds the documentation with warnings as errors, and fails on any undocumented public
# declaration or on public API grown past Scripts/public-api-baseline.json (Scripts/public-api.py):
# the DocC catalogs of OAuthRuntime, OAuthResources, OAuthMCP, OAuthOpenAPIMiddleware and
# OAuthPostgresStore, OAuthAsyncHTTPClient, OAuthPolicy, OAuthGenCore's few public entry points, and a module of
# generated clients (all example providers, generated public). Uses the toolchain's docc. Built
# with the PostgreSQL trait, as the tests are (the same build, and OAuthPostgresStore's API).
#
#   Scripts/docs.sh [OUTPUT_DIR]      (default .build/docs)
set -euo pipefail
cd "$(dirname "$0")/.."
output=${1:-.build/docs}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

swift build --traits PostgreSQL
swift package dump-symbol-graph --traits PostgreSQL --minimum-access-level public >/dev/null
graphs=$(swift build --traits PostgreSQL --show-bin-path)/../symbolgraph
python3 Scripts/undocumented.py "$graphs" OAuthRuntime
python3 Scripts/undocumented.py "$graphs" OAuthPolicy
python3 Scripts/undocumented.py "$graphs" OAuthGenCore
python3 Scripts/undocumented.py "$graphs" OAuthOpenAPIMiddleware
python3 Scripts/undocumented.py "$graphs" OAuthMCP
python3 Scripts/undocumented.py "$graphs" OAuthResources
python3 Scripts/undocumented.py "$graphs" OAuthPostgresStore
python3 Scripts/undocumented.py "$graphs" OAuthAsyncHTTPClient
# The public API's size per product against Scripts/public-api-baseline.json: growth fails.
python3 Scripts/public-api.py "$graphs"

mkdir -p "$work/runtime" "$output"
cp "$graphs"/OAuthRuntime*.symbols.json "$work/runtime/"
docc convert Sources/OAuthRuntime/OAuthRuntime.docc --additional-symbol-graph-dir "$work/runtime" \
    --fallback-display-name OAuthRuntime --fallback-bundle-identifier org.oauthgen.OAuthRuntime \
    --warnings-as-errors --output-path "$output/OAuthRuntime.doccarchive" >"$work/docc.log" 2>&1 \
    || { cat "$work/docc.log"; exit 1; }

# The other products, each with its catalog: their symbol graphs only (a link to another
# module's symbol does not resolve in a catalog, so their comments name those in code voice).
for module in OAuthResources OAuthMCP OAuthOpenAPIMiddleware OAuthPostgresStore OAuthAsyncHTTPClient; do
    mkdir -p "$work/$module"
    cp "$graphs"/"$module"*.symbols.json "$work/$module/"
    docc convert "Sources/$module/$module.docc" --additional-symbol-graph-dir "$work/$module" \
        --fallback-display-name "$module" --fallback-bundle-identifier "org.oauthgen.$module" \
        --warnings-as-errors --output-path "$output/$module.doccarchive" >"$work/docc.log" 2>&1 \
        || { cat "$work/docc.log"; exit 1; }
done

# The toolkit's own articles (quirk files, rules, plugins, the CLI, the catalog, security, API
# stability): a catalog of articles only.
docc convert Documentation/oauthgen.docc \
    --fallback-display-name oauthgen --fallback-bundle-identifier org.oauthgen.oauthgen \
    --warnings-as-errors --output-path "$output/oauthgen.doccarchive" >"$work/docc.log" 2>&1 \
    || { cat "$work/docc.log"; exit 1; }

# A generated client is documented too: every example provider, public, as one module.
mkdir -p "$work/generated/Sources" "$work/generated/graphs"
"$(swift build --traits PostgreSQL --show-bin-path)/oauthgen" generate Examples/Providers --output "$work/generated/Sources" --access-level public 2>/dev/null
modules=$(swift build --traits PostgreSQL --show-bin-path)/Modules
swiftc -emit-module -parse-as-library -module-name ProviderClients -swift-version 6 -warnings-as-errors -I "$modules" \
    -emit-module-path "$work/generated/ProviderClients.swiftmodule" \
    -emit-symbol-graph -emit-symbol-graph-dir "$work/generated/graphs" -symbol-graph-minimum-access-level public \
    "$work/generated/Sources"/*.swift
python3 Scripts/undocumented.py "$work/generated/graphs" ProviderClients "$work/generated/Sources/"
docc convert --additional-symbol-graph-dir "$work/generated/graphs" \
    --fallback-display-name ProviderClients --fallback-bundle-identifier org.oauthgen.ProviderClients \
    --warnings-as-errors --output-path "$output/ProviderClients.doccarchive" >"$work/docc.log" 2>&1 \
    || { cat "$work/docc.log"; exit 1; }
echo "docs: oauthgen's articles, every library product and the generated clients built with no warning and no undocumented public declaration ($output)"
