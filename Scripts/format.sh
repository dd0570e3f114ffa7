#!/usr/bin/env bash
# Formats the tree's Swift with the toolchain's `swift format` and .swift-format (line length
# 120, as swift-openapi-generator), or with --lint checks it without writing (CI: any finding
# fails). Left alone, since their text is compared character for character elsewhere: the
# golden generated clients, the files whose `// snippet:` regions the documentation shows, the
# files a test makes from their sources (`// Generated from …`), and
# Examples/CompileFail's misuses, whose compiler errors a test expects at their line and column.
#
#   Scripts/format.sh           rewrite in place
#   Scripts/format.sh --lint    report, exit 1 on any finding
set -euo pipefail
cd "$(dirname "$0")/.."
# Files not yet added count too: a new file left out was first seen by CI's lint.
mapfile -t files < <(git ls-files --cached --others --exclude-standard '*.swift' \
    | grep -v '^Tests/GeneratedClientsTests/Golden/' \
    | grep -v '^Examples/CompileFail/Sources/' \
    | while read -r f; do grep -q -e '// snippet:' -e '^// Generated from ' "$f" || echo "$f"; done)
if [ "${1:-}" = --lint ]; then
    swift format lint --strict --parallel "${files[@]}"
else
    swift format format --in-place --parallel "${files[@]}"
fi
