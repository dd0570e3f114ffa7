#!/usr/bin/env bash
# typecheck-apple.sh — type-check oauthgen's Apple-only code on Linux against a real Apple SDK.
#
#   Scripts/typecheck-apple.sh <project-checkout> <sdk-dir> [generated-dir ...]
#
# <sdk-dir>        an extracted iPhoneOS*.sdk or MacOSX*.sdk (Scripts/apple-sdks.md says where to get
#                  one and how to extract it with Scripts/extract-sdk.py).
# generated-dir    folders of generated clients (*.swift) to type-check against OAuthRuntime;
#                  default: what the build plugin generated for GeneratedClientsTests (all ten
#                  providers; `swift build --build-tests` makes it).
#
# Checks, each with -wmo and Swift 6 mode: OAuthLocking, OAuthPolicy, OAuthFetch, OAuthRuntime (on
# the swift-log, swift-metrics and swift-distributed-tracing modules, emitted for the SDK first; its
# `#if canImport(AuthenticationServices / CryptoKit / Security / SwiftUI)` branches live), OAuthResources,
# OAuthPostgresStore's trait-free half, the generated clients (warnings as errors, as the golden test compiles them), the documentation's
# snippets (Tests/GeneratedClientsTests/Snippets) with them, the example iOS app with
# its widget (iOS SDKs only), that using LoopbackUserAgent on iOS is a compile error that says why,
# and OAuthMCP against the MCP Swift SDK (emitted for the Apple SDK with its dependencies).
#
# Environment:
#   TARGET    target triple (default: from the SDK: arm64-apple-ios16.0 or arm64-apple-macos13.0,
#             the minimums in Package.swift)
#   SCRATCH   work folder (module cache, emitted modules); default /tmp/apple-typecheck-<sdk name>.
#             Reusing it makes later runs fast (the SDK's interfaces are rebuilt once, ~1 min).
#   SWIFTC    compiler (default: swiftc on PATH)
#   NICE      prefix for compiler runs (default: "nice -n 10")
#   SIL=1     also run the SIL diagnostic passes (-emit-sil -o /dev/null instead of -typecheck):
#             region-based isolation (`sending`), definite initialisation, unreachable code.
#             With a Swift 5.x SDK stdlib this compiles against an overlay of the SDK whose
#             Swift.swiftinterface gains _willThrowTyped and _unexpectedErrorTyped (SILGen calls
#             them for typed `throw` and `try!`); the first run rebuilds the SDK's modules (~40 s).
#
# Only type-checks: nothing is linked or run. Exits 1 if any step reports an error.
# What it works around:
#   * the Linux toolchain's resource dir holds Linux module maps (Dispatch, CoreFoundation, os, Block)
#     that clash with the SDK's  -> a private resource dir with only shims/, clang/, apinotes/;
#   * Apple toolchains ship apinotes/os.apinotes, the Linux one does not -> written here;
#   * Apple's driver enables cross-import overlays (SwiftUI + AuthenticationServices ->
#     WebAuthenticationSession), Linux's does not -> -enable-cross-import-overlays;
#   * SDK copies committed to git lose symlinks: usr/include/libxml duplicating libxml2/libxml
#     ("redefinition of module 'libxml2'") -> refused with the fix to apply;
#   * Swift 5.x SDK stdlibs lack _willThrowTyped, so SILGen of typed throws crashes the compiler
#     -> dependency modules are emitted with -experimental-skip-non-inlinable-function-bodies
#        (all bodies are still type-checked, by -typecheck -wmo);
#   * Swift 5.x SDK stdlibs have `Result.get() throws`, Swift 6's is `throws(Failure)`
#     -> with such an SDK an internal `Result.get() throws(Failure)` shim is added to every module
#        (what any Xcode 16+ SDK provides, back-deployed via @_alwaysEmitIntoClient);
#   * a Swift 5.9 SDK's SwiftUI interface cannot be rebuilt by Swift 6 -> files importing SwiftUI
#     are skipped for that SDK, with a notice (they are checked against the iOS 17.4 SDK);
#   * -typecheck without -wmo stops at the first failing batch (2 CPUs = 2 batches) and hides
#     errors in the other files -> every type-check runs with -wmo.
# Adapted from the team's shared apple-typecheck tool; kept here so the project needs nothing else.
set -uo pipefail

usage() { sed -n '2,12p' "$0" >&2; exit 2; }
SIL=${SIL:-0}
[ $# -ge 2 ] || usage
PROJ=$(cd "$1" && pwd) || usage
SDK=$(cd "$2" && pwd) || usage
shift 2
GEN_DIRS=("$@")
if [ ${#GEN_DIRS[@]} -eq 0 ]; then
  PLUGIN_OUT=$(find "$PROJ/.build/plugins/outputs" -type d -path '*GeneratedClientsTests*/OAuthGenPlugin/GeneratedSources' 2>/dev/null | head -1)
  [ -n "$PLUGIN_OUT" ] || { echo "error: no generated clients in $PROJ/.build/plugins/outputs: run 'swift build --build-tests' first, or name a folder" >&2; exit 2; }
  GEN_DIRS=("$PLUGIN_OUT")
fi

SWIFTC=${SWIFTC:-swiftc}
NICE=${NICE:-nice -n 10}
command -v "$SWIFTC" >/dev/null || { echo "error: $SWIFTC not found" >&2; exit 2; }
TOOLCHAIN_LIB=$(cd "$(dirname "$(readlink -f "$(command -v "$SWIFTC")")")/../lib" && pwd)

# --- the SDK ---------------------------------------------------------------------------------
[ -f "$SDK/SDKSettings.json" ] || { echo "error: $SDK has no SDKSettings.json: not an SDK" >&2; exit 2; }
CANON=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1])).get("CanonicalName",""))' "$SDK/SDKSettings.json")
case "$CANON" in
  iphoneos*) DEFAULT_TARGET=arm64-apple-ios16.0 ;;
  macosx*)   DEFAULT_TARGET=arm64-apple-macos13.0 ;;
  *) echo "error: unsupported SDK '$CANON' (iphoneos or macosx)" >&2; exit 2 ;;
esac
TARGET=${TARGET:-$DEFAULT_TARGET}
if [ -d "$SDK/usr/include/libxml" ] && [ ! -L "$SDK/usr/include/libxml" ] \
   && [ -d "$SDK/usr/include/libxml2/libxml" ] && [ ! -L "$SDK/usr/include/libxml2/libxml" ]; then
  echo "error: $SDK/usr/include/libxml and libxml2/libxml are both real folders (symlinks lost when" >&2
  echo "       the SDK was committed); clang will report 'redefinition of module libxml2'. Fix once:" >&2
  echo "       rm -rf '$SDK/usr/include/libxml' && ln -s libxml2/libxml '$SDK/usr/include/libxml'" >&2
  exit 2
fi

SCRATCH=${SCRATCH:-/tmp/apple-typecheck-$CANON}
mkdir -p "$SCRATCH"
SCRATCH=$(cd "$SCRATCH" && pwd)
RD="$SCRATCH/resource-dir"
MODS="$SCRATCH/modules-$TARGET"
LOGS="$SCRATCH/logs-$TARGET"
rm -rf "$MODS" "$LOGS"
mkdir -p "$RD/apinotes" "$MODS" "$LOGS" "$SCRATCH/module-cache"

# --- a resource dir without the Linux module maps ---------------------------------------------
ln -sfn "$TOOLCHAIN_LIB/swift/shims" "$RD/shims"
ln -sfn "$(readlink -f "$TOOLCHAIN_LIB/swift/clang")" "$RD/clang"
[ -f "$TOOLCHAIN_LIB/swift/apinotes/std.apinotes" ] && ln -sfn "$TOOLCHAIN_LIB/swift/apinotes/std.apinotes" "$RD/apinotes/std.apinotes"
# API notes for the clang module `os` (what Apple's toolchain installs as usr/lib/swift/apinotes/os.apinotes),
# with _os_log_impl / _os_signpost_emit_with_name_impl SwiftPrivate, as the SDKs' os overlay calls them.
cat > "$RD/apinotes/os.apinotes" <<'EOF'
Name: os
Typedefs:
- Name: os_log_type_t
  SwiftName: OSLogType
- Name: os_trace_payload_t
  Availability: nonswift
- Name: os_log_t
  Availability: nonswift
- Name: os_signpost_type_t
  SwiftName: OSSignpostType
Classes:
- Name: OS_os_log
  SwiftName: OSLog
Enumerators:
- Name: OS_LOG_TYPE_DEFAULT
  SwiftPrivate: true
- Name: OS_LOG_TYPE_INFO
  SwiftPrivate: true
- Name: OS_LOG_TYPE_DEBUG
  SwiftPrivate: true
- Name: OS_LOG_TYPE_ERROR
  SwiftPrivate: true
- Name: OS_LOG_TYPE_FAULT
  SwiftPrivate: true
- Name: OS_SIGNPOST_INTERVAL_BEGIN
  SwiftPrivate: true
- Name: OS_SIGNPOST_INTERVAL_END
  SwiftPrivate: true
- Name: OS_SIGNPOST_EVENT
  SwiftPrivate: true
Functions:
- Name: _os_log_impl
  SwiftPrivate: true
- Name: _os_log_error_impl
  Availability: nonswift
  AvailabilityMsg: 'Use os_log'
- Name: _os_log_fault_impl
  Availability: nonswift
  AvailabilityMsg: 'Use os_log'
- Name: _os_log_sensitive_deprecated
  Availability: nonswift
- Name: _os_trace_with_buffer
  Availability: nonswift
- Name: os_log_is_enabled
  Availability: nonswift
- Name: os_log_type_enabled
  SwiftName: 'OSLog.isEnabled(self:type:)'
- Name: _os_log_create
  Availability: nonswift
- Name: os_log_create
  SwiftName: 'OSLog.init(__subsystem:category:)'
  SwiftPrivate: true
  NullabilityOfRet: N
- Name: os_log_is_debug_enabled
  Availability: nonswift
- Name: os_signpost_enabled
  SwiftPrivate: true
- Name: os_signpost_id_generate
  SwiftPrivate: true
  NullabilityOfRet: O
- Name: os_signpost_id_make_with_pointer
  SwiftPrivate: true
  NullabilityOfRet: O
- Name: _os_signpost_emit_with_name_impl
  SwiftPrivate: true
EOF

# --- SIL=1: the Swift 6 stdlib entry points SILGen needs, added to an overlay of an old SDK -----
# overlay_sdk: sets OVERLAY to the SDK with those entry points added to its Swift interface, or to
# the SDK itself when its stdlib has them. SILGen of inlinable typed-throws code needs them too,
# which emitting a dependency's module does (step 6).
overlay_sdk() {
  local IFACE
  [ -z "${OVERLAY:-}" ] || return 0  # made once a run
  IFACE=$(find "$SDK/usr/lib/swift/Swift.swiftmodule" -name '*.swiftinterface' ! -name '*.private.*' | head -1)
  OVERLAY=$SDK
  [ -n "$IFACE" ] && ! grep -q '_willThrowTyped' "$IFACE" || return 0
  OVERLAY="$SCRATCH/sdk-overlay"
  rm -rf "$OVERLAY"; mkdir -p "$OVERLAY"
  link_all() {  # link_all <from> <to> <except>: symlink each entry of <from> into <to>, but <except>
    local e
    for e in "$1"/* "$1"/.[!.]*; do
      [ -e "$e" ] || [ -L "$e" ] || continue
      [ "$(basename "$e")" = "$3" ] || ln -s "$e" "$2/$(basename "$e")"
    done
  }
  link_all "$SDK" "$OVERLAY" usr; mkdir "$OVERLAY/usr"
  link_all "$SDK/usr" "$OVERLAY/usr" lib; mkdir "$OVERLAY/usr/lib"
  link_all "$SDK/usr/lib" "$OVERLAY/usr/lib" swift; mkdir "$OVERLAY/usr/lib/swift"
  link_all "$SDK/usr/lib/swift" "$OVERLAY/usr/lib/swift" Swift.swiftmodule; rm "$OVERLAY/usr/lib/swift/_Concurrency.swiftmodule"
  mkdir "$OVERLAY/usr/lib/swift/Swift.swiftmodule" "$OVERLAY/usr/lib/swift/_Concurrency.swiftmodule"
  # Swift 6's `#isolation` (swift-distributed-tracing's `withValue(_:isolation:operation:)` and the
  # runtime's telemetry default to it), declared as the Swift 6 _Concurrency interface does.
  for f in "$SDK"/usr/lib/swift/_Concurrency.swiftmodule/*; do
    case "$f" in
      *.swiftinterface) { cat "$f"; cat <<'PATCH_EOF'
// Added by typecheck-apple.sh: the Swift 6 _Concurrency macro every Xcode 16+ SDK declares.
@available(macOS 10.15, iOS 13.0, watchOS 6.0, tvOS 13.0, *)
@freestanding(expression) public macro isolation<T>() -> T = Builtin.IsolationMacro
PATCH_EOF
        } > "$OVERLAY/usr/lib/swift/_Concurrency.swiftmodule/$(basename "$f")" ;;
      *) ln -s "$f" "$OVERLAY/usr/lib/swift/_Concurrency.swiftmodule/" ;;
    esac
  done
  for f in "$SDK"/usr/lib/swift/Swift.swiftmodule/*; do
    case "$f" in
      *.swiftinterface) { cat "$f"; cat <<'PATCH_EOF'
// Added by typecheck-apple.sh (SIL=1): Swift 6 stdlib entry points that SILGen calls for typed throws.
@_alwaysEmitIntoClient
public func _willThrowTyped<E>(_ error: E) where E : Swift.Error {}
@_alwaysEmitIntoClient
public func _unexpectedErrorTyped<E>(_ error: __owned E, filenameStart: Builtin.RawPointer, filenameLength: Builtin.Word, filenameIsASCII: Builtin.Int1, line: Builtin.Word) where E : Swift.Error {
_unexpectedError(error, filenameStart: filenameStart, filenameLength: filenameLength, filenameIsASCII: filenameIsASCII, line: line)
}
PATCH_EOF
        } > "$OVERLAY/usr/lib/swift/Swift.swiftmodule/$(basename "$f")" ;;
      *) ln -s "$f" "$OVERLAY/usr/lib/swift/Swift.swiftmodule/" ;;
    esac
  done
}

# Everything compiles against the overlay when the SDK's stdlib predates Swift 6: what an app's
# Swift 6 toolchain builds against has those entry points (`#isolation`, typed throws), and the
# telemetry packages the runtime imports use them (issue 55).
CHECK=(-typecheck)
[ "$SIL" = 1 ] && CHECK=(-emit-sil -o /dev/null)
overlay_sdk
SDK_USED=$OVERLAY
[ "$OVERLAY" = "$SDK" ] || echo "note: the SDK's stdlib predates Swift 6: compiling against the overlay $OVERLAY (#isolation, typed throws)"

# --- flags as SwiftPM passes them for a debug build of this package ---------------------------
COMMON=(-target "$TARGET" -sdk "$SDK_USED" -resource-dir "$RD" -module-cache-path "$SCRATCH/module-cache"
        -swift-version 6 -parse-as-library -package-name oauthgen -DSWIFT_PACKAGE -DDEBUG -Onone
        -enable-testing -I "$MODS" -Xfrontend -enable-cross-import-overlays)
# (Apple's driver turns cross-import overlays on for Darwin targets; Linux's does not. Without them
#  SwiftUI + AuthenticationServices lacks `WebAuthenticationSession`.)
EMIT_EXTRA=(-wmo -Xfrontend -experimental-skip-non-inlinable-function-bodies)
# OAuthRuntime's module is emitted even with errors, so the generated clients can still be checked.
ALLOW_ERRORS=(-Xfrontend -experimental-allow-module-with-compiler-errors)
SHIM=() DEP_SHIM=()
SWIFT_IFACE=$(find "$SDK/usr/lib/swift/Swift.swiftmodule" -name '*.swiftinterface' ! -name '*.private.*' | head -1)
if [ -n "$SWIFT_IFACE" ] && ! grep -q 'func get() throws(Failure)' "$SWIFT_IFACE"; then
  SHIM=("$SCRATCH/ResultGetShim.swift")
  cat > "${SHIM[0]}" <<'SHIM_EOF'
// typecheck-apple.sh: this SDK's stdlib predates Swift 6 (untyped `Result.get() throws`).
// Swift 6 stdlibs (every Xcode 16+ SDK) have this, back-deployed with @_alwaysEmitIntoClient.
extension Result {
    func get() throws(Failure) -> Success {
        switch self {
        case .success(let value): return value
        case .failure(let error): throw error
        }
    }
}
SHIM_EOF
  # Dependencies call it from inlinable code too (swift-system's @_alwaysEmitIntoClient wrappers).
  DEP_SHIM=("$SCRATCH/ResultGetShimUsableFromInline.swift")
  sed 's/^    func get()/    @usableFromInline func get()/' "${SHIM[0]}" > "${DEP_SHIM[0]}"
  echo "note: the SDK's Swift stdlib predates Swift 6: a typed-throws Result.get() shim is added to each module"
fi

# --- SwiftUI: an SDK whose SwiftUI interface this compiler cannot rebuild ----------------------
# The macOS 14.0 SDK's SwiftUI.swiftinterface (Swift 5.9) fails to rebuild with Swift 6.x ("this SDK
# is not supported by the compiler"); the iOS 17.4 SDK's (Swift 5.10) rebuilds fine. Files that
# import SwiftUI are then left out for this SDK, loudly: the same files are checked with an SDK whose
# SwiftUI builds. Nothing else in a module may depend on them (the runtime's SwiftUI agent does not).
SWIFTUI_OK=1
printf 'import SwiftUI\n' > "$SCRATCH/swiftui-probe.swift"
if ! $NICE "$SWIFTC" -typecheck "${COMMON[@]}" "$SCRATCH/swiftui-probe.swift" >"$SCRATCH/swiftui-probe.log" 2>&1; then
  SWIFTUI_OK=0
  echo "note: this SDK's SwiftUI cannot be rebuilt by $("$SWIFTC" --version 2>&1 | head -1 | sed 's/ (.*//'): files that import SwiftUI are skipped for it"
  grep -m1 -o "this SDK is not supported by the compiler[^.]*" "$SCRATCH/swiftui-probe.log" | sed 's/^/      /'
fi

FAILED=0
# files DIR: its Swift files; sources DIR: the same plus the shim, once per module.
sources() { files "$1"; [ ${#SHIM[@]} -eq 0 ] || printf '%s\n' "${SHIM[@]}"; }
files() {
  # Build folders below the root are skipped, not the root itself: the plugin's output is in one.
  find "$1" -name .build -type d -prune -o -name '*.swift' -print | LC_ALL=C sort | while read -r f; do
    if [ $SWIFTUI_OK = 0 ] && grep -qE '^[[:space:]]*(@[A-Za-z_]+ +)*import +SwiftUI\b' "$f"; then
      echo "skip  ${f#"$PROJ"/} (imports SwiftUI)" >&2
      continue
    fi
    echo "$f"
  done
}

step() {  # step <label> <log> swiftc-args...
  local label=$1 log=$2; shift 2
  local t0=$SECONDS
  $NICE "$SWIFTC" "$@" >"$log" 2>&1
  local rc=$?
  local errs warns
  errs=$(grep -cE '^[^ ].*:[0-9]+:[0-9]+: error:|^<unknown>:[0-9]+: error:|^error:' "$log")
  warns=$(grep -cE '^[^ ].*:[0-9]+:[0-9]+: warning:' "$log")
  if [ $rc -ne 0 ]; then
    FAILED=1
    printf 'FAIL  %-44s rc=%d errors=%d warnings=%d (%ds)\n' "$label" $rc "$errs" "$warns" $((SECONDS - t0))
    grep -E '^[^ ].*:[0-9]+:[0-9]+: (error|warning):|^error:|Stack dump|signal' "$log" | sed "s|$PROJ/||g; s|$SDK_USED|<sdk>|g; s|$SDK|<sdk>|g" | sort -u | head -40 | sed 's/^/      /'
  else
    printf 'ok    %-44s warnings=%d (%ds)\n' "$label" "$warns" $((SECONDS - t0))
    grep -E '^[^ ].*:[0-9]+:[0-9]+: warning:' "$log" | sed "s|$PROJ/||g; s|$SDK_USED|<sdk>|g; s|$SDK|<sdk>|g" | sort -u | head -20 | sed 's/^/      /'
  fi
  return $rc
}

echo "SDK $CANON  target $TARGET  scratch $SCRATCH$([ "$SIL" = 1 ] && echo '  (SIL=1: typecheck + SIL diagnostics)')"
cd "$PROJ" || exit 2

# emit_dependency <dest> <package:module>: a third-party module for the SDK, declarations only,
# with the settings its own manifest gives (Scripts/swiftpm-target-flags.py), into <dest>. With a
# Swift 5.x SDK stdlib, in Swift 5 mode (see step 6). Needs the resolved checkouts.
CHECKOUTS="$PROJ/.build/checkouts"
emit_dependency() {
  local dest=$1 pkg=${2%%:*} mod=${2#*:} i
  mapfile -t ARGS < <(python3 "$PROJ/Scripts/swiftpm-target-flags.py" "$CHECKOUTS/$pkg" "$mod" "$PLATFORM")
  [ ${#ARGS[@]} -gt 0 ] || { echo "FAIL  reading $pkg's manifest"; FAILED=1; return 1; }
  for i in "${!ARGS[@]}"; do [ "${ARGS[$i]}" = -- ] && { FLAGS=("${ARGS[@]:0:$i}"); FILES=("${ARGS[@]:$((i + 1))}"); break; }; done
  [ ${#SHIM[@]} -eq 0 ] || FLAGS+=(-swift-version 5)
  step "emit-module $mod ($pkg)" "$LOGS/emit-$mod-$(basename "$dest").log" -emit-module "${EMIT_EXTRA[@]}" \
       -target "$TARGET" -sdk "${DEP_SDK:-$SDK_USED}" -resource-dir "$RD" -module-cache-path "$SCRATCH/module-cache" -parse-as-library \
       -DSWIFT_PACKAGE -DDEBUG -Onone -I "$dest" -Xfrontend -enable-cross-import-overlays "${FLAGS[@]}" \
       -emit-module-path "$dest/$mod.swiftmodule" "${FILES[@]}" "${DEP_SHIM[@]}"
}
case "$TARGET" in *-ios*) PLATFORM=ios ;; *) PLATFORM=macos ;; esac
# The runtime's third-party modules as an app compiles them: swift-log (issue 55). Metrics and
# spans come with the Telemetry trait only; that code is the same on every platform and the
# Linux build compiles it, so this checks what an app on the default traits compiles.
RUNTIME_DEPS=(swift-log:Logging)

# 1. dependencies of OAuthRuntime, as modules (declarations only), then their bodies. The
#    third-party ones SILGen inlinable typed-throws code (swift-log's `withLogger`): with a Swift 5.x
#    SDK stdlib they are emitted against the overlay that adds _willThrowTyped (see SIL=1).
for dep in "${RUNTIME_DEPS[@]}"; do emit_dependency "$MODS" "$dep" || break; done
for m in OAuthLocking OAuthPolicy OAuthFetch; do
  [ -d "Sources/$m" ] || continue
  # shellcheck disable=SC2046
  step "emit-module $m" "$LOGS/emit-$m.log" -emit-module "${EMIT_EXTRA[@]}" "${COMMON[@]}" \
       -module-name "$m" -emit-module-path "$MODS/$m.swiftmodule" $(sources "Sources/$m")
  # shellcheck disable=SC2046
  step "typecheck $m" "$LOGS/typecheck-$m.log" "${CHECK[@]}" -wmo "${COMMON[@]}" -module-name "$m" $(sources "Sources/$m")
done

# 2. OAuthRuntime: every body, the Apple-only branches included
# shellcheck disable=SC2046
step "typecheck OAuthRuntime" "$LOGS/typecheck-OAuthRuntime.log" "${CHECK[@]}" -wmo "${COMMON[@]}" \
     -module-name OAuthRuntime $(sources Sources/OAuthRuntime)
RUNTIME_OK=$?

# 3. generated clients against OAuthRuntime (as the golden test compiles them: one module,
#    warnings as errors). Needs OAuthRuntime's module; emitted even when step 2 failed, if it can be.
# shellcheck disable=SC2046
step "emit-module OAuthRuntime (errors allowed)" "$LOGS/emit-OAuthRuntime.log" -emit-module "${EMIT_EXTRA[@]}" "${ALLOW_ERRORS[@]}" "${COMMON[@]}" \
     -module-name OAuthRuntime -emit-module-path "$MODS/OAuthRuntime.swiftmodule" $(sources Sources/OAuthRuntime) \
  || { [ $RUNTIME_OK -ne 0 ] && echo "      (OAuthRuntime has errors; generated clients are checked only if its module could be emitted)"; }
if [ -f "$MODS/OAuthRuntime.swiftmodule" ]; then
  for g in "${GEN_DIRS[@]}"; do
    [ -d "$g" ] || { echo "FAIL  generated clients: no folder $g"; FAILED=1; continue; }
    gen_files=$(sources "$g")
    [ -n "$gen_files" ] || { echo "FAIL  generated clients: no .swift in $g"; FAILED=1; continue; }
    # shellcheck disable=SC2086
    step "typecheck generated ($(basename "$g"), $(find "$g" -name '*.swift' | wc -l | tr -d ' ') files)" "$LOGS/typecheck-generated-$(basename "$g").log" \
         "${CHECK[@]}" -wmo "${COMMON[@]}" -warnings-as-errors -module-name GeneratedClients $gen_files
  done
  # 3a. OAuthResources over OAuthRuntime's public and package declarations; its module too,
  #     for the snippets and OAuthMCP.
  # shellcheck disable=SC2046
  step "typecheck OAuthResources" "$LOGS/typecheck-OAuthResources.log" "${CHECK[@]}" -wmo "${COMMON[@]}" \
       -module-name OAuthResources $(sources Sources/OAuthResources)
  # shellcheck disable=SC2046
  step "emit-module OAuthResources" "$LOGS/emit-OAuthResources.log" -emit-module "${EMIT_EXTRA[@]}" "${COMMON[@]}" \
       -module-name OAuthResources -emit-module-path "$MODS/OAuthResources.swiftmodule" $(sources Sources/OAuthResources)
  # 3c. OAuthPostgresStore without its trait: the key (CryptoKit's AES-GCM, Darwin's stat), the
  #     URL and password file; the connection half needs postgres-nio, which this script does
  #     not emit for Apple SDKs (it builds on Linux, where the tests run it).
  if [ -d Sources/OAuthPostgresStore ]; then
    # shellcheck disable=SC2046
    step "typecheck OAuthPostgresStore (no trait)" "$LOGS/typecheck-OAuthPostgresStore.log" "${CHECK[@]}" -wmo \
         "${COMMON[@]}" -module-name OAuthPostgresStore $(sources Sources/OAuthPostgresStore)
  fi
  # The documentation's snippets (Tests/GeneratedClientsTests/Snippets), with the generated
  # clients they call: on Linux `swift test` compiles only their non-Apple half.
  SNIPPETS="$PROJ/Tests/GeneratedClientsTests/Snippets"
  if [ -d "$SNIPPETS" ]; then
    # shellcheck disable=SC2046
    step "typecheck documentation snippets" "$LOGS/typecheck-snippets.log" \
         "${CHECK[@]}" -wmo "${COMMON[@]}" -warnings-as-errors -module-name DocumentationSnippets \
         $(sources "${GEN_DIRS[0]}") $(files "$SNIPPETS")
  fi
else
  echo "skip  generated clients (no OAuthRuntime module)"; FAILED=1
fi

# 3b. The OSStatus values the Keychain store decides on (written out so Linux tests them) are the SDK's.
SECBASE=$(find "$SDK/System/Library/Frameworks/Security.framework" -name SecBase.h | head -1)
if [ -n "$SECBASE" ]; then
  if python3 - "$PROJ/Sources/OAuthRuntime/Keychain/KeychainStatus.swift" "$SECBASE" >"$LOGS/keychain-status.log" 2>&1 <<'PY'
import re, sys
ours = dict(re.findall(r"static let (\w+): Int32 = (-?\d+)", open(sys.argv[1]).read()))
sdk = {m[0]: m[1] for m in re.findall(r"\berrSec(\w+)\s*=\s*(-?\d+)", open(sys.argv[2]).read())}
bad = [f"{n} = {v}, SDK errSec{n[0].upper() + n[1:]} = {sdk.get(n[0].upper() + n[1:])}" for n, v in ours.items() if sdk.get(n[0].upper() + n[1:]) != v]
print("\n".join(bad) if bad else f"{len(ours)} statuses match")
sys.exit(1 if bad or not ours else 0)
PY
  then printf 'ok    %-44s %s\n' "KeychainStatus against SecBase.h" "$(cat "$LOGS/keychain-status.log")"
  else echo "FAIL  KeychainStatus against SecBase.h"; sed 's/^/      /' "$LOGS/keychain-status.log"; FAILED=1
  fi
fi

# 4. iOS: what must not compile, and says why: the loopback agent (no Process on iOS), and the
#    web-session agent's key-window default in an app extension (no key window there).
expect_error() {  # expect_error <label> <log-name> <code> <message-regex> [swiftc flags...]
  local label=$1 name=$2 code=$3 message=$4; shift 4
  local log="$LOGS/$name.log"
  local probe="$SCRATCH/$name.swift" t0=$SECONDS
  printf 'import OAuthRuntime\n%s\n' "$code" > "$probe"
  if $NICE "$SWIFTC" -typecheck "${COMMON[@]}" "$@" -module-name Probe "$probe" >"$log" 2>&1; then
    echo "FAIL  $label: compiled; expected an error"; FAILED=1
  elif grep -qE "$message" "$log"; then
    printf 'ok    %-44s (%ds)\n' "$label: compile error" $((SECONDS - t0))
  else
    echo "FAIL  $label: failed, but not with the expected message:"; sed 's/^/      /' "$log" | head -5; FAILED=1
  fi
}
if [ -f "$MODS/OAuthRuntime.swiftmodule" ] && [[ "$TARGET" == *-ios* ]]; then
  expect_error "LoopbackUserAgent on iOS" loopback-on-ios 'let agent = LoopbackUserAgent()' \
    "'LoopbackUserAgent' is unavailable.*loopback sign-in \(RFC 8252 §7.3\) is for desktop apps"
  expect_error "key-window agent in an app extension" keywindow-in-extension '@MainActor func f() { _ = WebAuthenticationSessionUserAgent() }' \
    "unavailable in application extensions for iOS: an app extension has no key window: pass anchor:" -application-extension
fi

# 5. The example iOS app and its widget (an app extension: -application-extension), each as its own
#    module with the generated client of its provider, against OAuthRuntime. iOS SDKs only.
APP=Examples/iOSApp
if [ -f "$MODS/OAuthRuntime.swiftmodule" ] && [[ "$TARGET" == *-ios* ]] && [ -d "$APP" ]; then
  OAUTHGEN=${OAUTHGEN:-}
  if [ -z "$OAUTHGEN" ]; then
    swift build --traits PostgreSQL --product oauthgen >"$LOGS/build-oauthgen.log" 2>&1 || { echo "FAIL  building oauthgen for the example app"; tail -5 "$LOGS/build-oauthgen.log"; FAILED=1; }
    OAUTHGEN="$(swift build --traits PostgreSQL --show-bin-path)/oauthgen"
  fi
  GEN="$SCRATCH/ios-app-generated"
  rm -rf "$GEN"; mkdir -p "$GEN"
  # With its oauthgen.json, as the build plugin runs it: the app's Info.plist and entitlements are checked too.
  if "$OAUTHGEN" generate "$APP/Providers" --output "$GEN" --config "$APP/Providers/oauthgen.json" >"$LOGS/generate-ios-app.log" 2>&1; then
    # shellcheck disable=SC2046
    step "typecheck example app ($APP/App)" "$LOGS/typecheck-ios-app.log" "${CHECK[@]}" -wmo "${COMMON[@]}" -warnings-as-errors \
         -module-name ExampleApp $(sources "$APP/App") $(files "$APP/Shared") $(files "$GEN")
    # shellcheck disable=SC2046
    step "typecheck example widget ($APP/Widget)" "$LOGS/typecheck-ios-widget.log" "${CHECK[@]}" -wmo "${COMMON[@]}" -warnings-as-errors \
         -application-extension -module-name ExampleWidget $(sources "$APP/Widget") $(files "$APP/Shared") $(files "$GEN")
  else
    echo "FAIL  generating the example app's client"; sed 's/^/      /' "$LOGS/generate-ios-app.log" | head -10; FAILED=1
  fi
  # The family's sibling app (OpenID Connect Native SSO): its own provider files and oauthgen.json,
  # whose entitlements must carry the family's Keychain access group.
  FAMILY_GEN="$SCRATCH/ios-family-generated"
  rm -rf "$FAMILY_GEN"; mkdir -p "$FAMILY_GEN"
  if "$OAUTHGEN" generate "$APP/FamilyProviders" --output "$FAMILY_GEN" --config "$APP/FamilyProviders/oauthgen.json" >"$LOGS/generate-ios-family.log" 2>&1; then
    # shellcheck disable=SC2046
    step "typecheck example sibling app ($APP/Investing)" "$LOGS/typecheck-ios-investing.log" "${CHECK[@]}" -wmo "${COMMON[@]}" -warnings-as-errors \
         -module-name InvestingApp $(sources "$APP/Investing") $(files "$FAMILY_GEN")
  else
    echo "FAIL  generating the sibling app's client"; sed 's/^/      /' "$LOGS/generate-ios-family.log" | head -10; FAILED=1
  fi
fi

# 6. OAuthMCP against the MCP Swift SDK: its module and those it imports on Apple platforms
#    (the telemetry packages, SystemPackage, EventSource) are emitted for the SDK first, each with the settings its
#    own manifest gives (Scripts/swiftpm-target-flags.py reads them from `swift package dump-package`).
#    Emitting a module SILGens its inlinable code, typed throws included: with a Swift 5.x SDK stdlib
#    this step compiles against the overlay that adds _willThrowTyped (see SIL=1), oauthgen's own
#    modules too, in a folder of their own; and the dependencies (not oauthgen) in Swift 5 mode, see
#    below. Needs the resolved checkouts (`swift build` makes them).
if [ -d Sources/OAuthMCP ]; then
  if [ -d "$CHECKOUTS/swift-sdk" ]; then
    overlay_sdk
    MCP_MODS="$SCRATCH/modules-mcp-$TARGET"
    rm -rf "$MCP_MODS"; mkdir -p "$MCP_MODS"
    BASE=(-target "$TARGET" -sdk "$OVERLAY" -resource-dir "$RD" -module-cache-path "$SCRATCH/module-cache" -parse-as-library
          -DSWIFT_PACKAGE -DDEBUG -Onone -I "$MCP_MODS" -Xfrontend -enable-cross-import-overlays)
    OURS=("${BASE[@]}" -swift-version 6 -package-name oauthgen -enable-testing)
    MCP_OK=1
    for dep in "${RUNTIME_DEPS[@]}"; do DEP_SDK=$OVERLAY emit_dependency "$MCP_MODS" "$dep" || { MCP_OK=0; break; }; done
    for m in OAuthLocking OAuthPolicy OAuthFetch OAuthRuntime OAuthResources; do
      [ $MCP_OK = 1 ] || break
      # shellcheck disable=SC2046
      step "emit-module $m (for OAuthMCP)" "$LOGS/emit-mcp-$m.log" -emit-module "${EMIT_EXTRA[@]}" "${OURS[@]}" \
           -module-name "$m" -emit-module-path "$MCP_MODS/$m.swiftmodule" $(sources "Sources/$m") || { MCP_OK=0; break; }
    done
    for dep in swift-system:SystemPackage eventsource:EventSource swift-sdk:MCP; do
      [ $MCP_OK = 1 ] || break
      pkg=${dep%%:*} mod=${dep#*:}
      mapfile -t ARGS < <(python3 "$PROJ/Scripts/swiftpm-target-flags.py" "$CHECKOUTS/$pkg" "$mod" "$PLATFORM")
      [ ${#ARGS[@]} -gt 0 ] || { echo "FAIL  reading $pkg's manifest"; MCP_OK=0; break; }
      for i in "${!ARGS[@]}"; do [ "${ARGS[$i]}" = -- ] && { FLAGS=("${ARGS[@]:0:$i}"); FILES=("${ARGS[@]:$((i + 1))}"); break; }; done
      # A Swift 5.x SDK's `@TaskLocal` is a property wrapper, not Swift 6's macro: the MCP SDK's
      # task-local is then global mutable state to the Swift 6 checker. Its interface is what OAuthMCP
      # needs; the dependencies' own Swift 6 checks run where they are built, against a current SDK.
      [ ${#SHIM[@]} -eq 0 ] || FLAGS+=(-swift-version 5)
      step "emit-module $mod ($pkg)" "$LOGS/emit-$mod.log" -emit-module "${EMIT_EXTRA[@]}" "${BASE[@]}" "${FLAGS[@]}" \
           -emit-module-path "$MCP_MODS/$mod.swiftmodule" "${FILES[@]}" "${DEP_SHIM[@]}" || { MCP_OK=0; break; }
    done
    if [ $MCP_OK = 1 ]; then
      # shellcheck disable=SC2046
      step "typecheck OAuthMCP" "$LOGS/typecheck-OAuthMCP.log" "${CHECK[@]}" -wmo "${OURS[@]}" -module-name OAuthMCP $(sources Sources/OAuthMCP)
    else
      echo "FAIL  OAuthMCP not checked: a module it imports could not be emitted"; FAILED=1
    fi
  else
    echo "FAIL  OAuthMCP: no $CHECKOUTS/swift-sdk (run 'swift build' to resolve the packages)"; FAILED=1
  fi
fi

echo "logs: $LOGS"
[ $FAILED -eq 0 ] && echo "RESULT: all Apple type-checks passed ($TARGET)" || echo "RESULT: FAILED ($TARGET)"
exit $FAILED
