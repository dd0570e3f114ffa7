#!/usr/bin/env bash
# Start a throw-away Glewlwyd OpenID Provider on 127.0.0.1 in the background.
#   stdout: the issuer URL (one line), nothing else
#   state : $PEER2_RUN_DIR (default <this dir>/run): glewlwyd.pid, glewlwyd.conf,
#           glewlwyd.db, glewlwyd.log, seed.json, env
# Env: PEER2_PORT (default: a free port), PEER2_RUN_DIR, PEER2_LOG_LEVEL (INFO),
#      PEER2_EXTRA_REDIRECT_URIS / PEER2_EXTRA_POST_LOGOUT_URIS (comma separated),
#      PEER2_LOOPBACK_ANY_PORT=1 (+ PEER2_LOOPBACK_PATHS, default /callback): register every
#      ephemeral port for 'swift-native' (Glewlwyd matches redirect URIs exactly; see seed.py).
# Every wait is bounded; a running instance (pid file + live glewlwyd) is reused.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
RUN="${PEER2_RUN_DIR:-$HERE/run}"
# The project's venv (.ci/run makes it; requests and cryptography come with its requirements).
PY="${OAUTHGEN_PYTHON:-$HERE/../../../.venv/bin/python}"
LOG_LEVEL="${PEER2_LOG_LEVEL:-INFO}"

err() { echo "start.sh: $*" >&2; }

is_ours() {  # pid -> true if it is a live glewlwyd started with our config
  local pid="$1"
  [ -n "$pid" ] && [ -r "/proc/$pid/cmdline" ] &&
    tr '\0' ' ' <"/proc/$pid/cmdline" | grep -q "glewlwyd --config-file=$RUN/glewlwyd.conf"
}

command -v glewlwyd >/dev/null || { err "glewlwyd not installed: apt-get install glewlwyd (see .ci/run for the debconf preseed)"; exit 2; }
command -v sqlite3 >/dev/null || { err "sqlite3 not installed: apt-get install sqlite3"; exit 2; }
[ -x "$PY" ] || { err "no python at $PY: run .ci/run, or set OAUTHGEN_PYTHON"; exit 2; }

if [ -f "$RUN/glewlwyd.pid" ] && is_ours "$(cat "$RUN/glewlwyd.pid")"; then
  if [ -f "$RUN/seed.json" ]; then
    if [ -n "${PEER2_LOOPBACK_ANY_PORT:-}" ] && [ "${PEER2_LOOPBACK_ANY_PORT}" != 0 ] &&
       ! "$PY" -c 'import json,sys; sys.exit(0 if json.load(open(sys.argv[1])).get("loopback_any_port") else 1)' "$RUN/seed.json"; then
      err "the running instance (pid $(cat "$RUN/glewlwyd.pid")) was seeded without PEER2_LOOPBACK_ANY_PORT: stop it first or use another PEER2_RUN_DIR"
      exit 2
    fi
    err "already running (pid $(cat "$RUN/glewlwyd.pid")); reusing it"
    "$PY" -c 'import json,sys; print(json.load(open(sys.argv[1]))["issuer"])' "$RUN/seed.json"
    exit 0
  fi
  err "a half-started instance (no seed.json) is running; stopping it first"
  PEER2_RUN_DIR="$RUN" "$HERE/stop.sh"
fi
# never wipe a directory that is not ours
if [ -d "$RUN" ] && [ -n "$(ls -A "$RUN")" ] && [ ! -f "$RUN/glewlwyd.conf" ]; then
  err "refusing to wipe $RUN: not a peer2 run directory"
  exit 2
fi

PORT="${PEER2_PORT:-$("$PY" -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')}"
BASE="http://127.0.0.1:$PORT"

# fresh state every start
rm -rf "$RUN"
mkdir -p "$RUN"
cp -rL /usr/share/glewlwyd/webapp "$RUN/webapp" 2>/dev/null || true
# Debian ships webapp/config.json as a dangling link (to a directory): use the template
rm -rf "$RUN/webapp/config.json"
cp /usr/share/glewlwyd/templates/config.json "$RUN/webapp/config.json"
sed -e "s,@PORT@,$PORT,g" -e "s,@RUN@,$RUN,g" -e "s,@LOGLEVEL@,$LOG_LEVEL,g" \
  "$HERE/glewlwyd.conf.tmpl" >"$RUN/glewlwyd.conf"
zcat /usr/share/doc/glewlwyd/database/init.sqlite3.sql.gz | sqlite3 "$RUN/glewlwyd.db"

cd "$RUN"
setsid glewlwyd --config-file="$RUN/glewlwyd.conf" >"$RUN/stdout.log" 2>&1 </dev/null &
PID=$!
echo "$PID" >"$RUN/glewlwyd.pid"

# $PID is our own, not yet reaped child: it cannot be recycled while this
# script runs, so liveness is 'kill -0' (its cmdline is only 'glewlwyd ...'
# once setsid has exec'd it, a few ms later).
alive() { kill -0 "$PID" 2>/dev/null && [ "$(cut -d' ' -f3 "/proc/$PID/stat" 2>/dev/null)" != "Z" ]; }
stop_it() {
  if alive; then
    kill -TERM "$PID" 2>/dev/null || true
    for _ in $(seq 1 50); do alive || break; sleep 0.2; done
    alive && kill -KILL "$PID" 2>/dev/null || true
  fi
  rm -f "$RUN/glewlwyd.pid"
}

# wait (max 20 s) for the HTTP listener
up=0
for _ in $(seq 1 100); do
  if ! alive; then err "glewlwyd (pid $PID) exited"; break; fi
  if curl -s -m 2 -o /dev/null -f "$BASE/login.html"; then up=1; break; fi
  sleep 0.2
done
if [ "$up" != 1 ]; then
  err "glewlwyd did not come up on $BASE; see $RUN/stdout.log $RUN/glewlwyd.log"
  tail -5 "$RUN/stdout.log" >&2 || true
  stop_it
  exit 1
fi

if ! is_ours "$PID"; then
  err "pid $PID is not 'glewlwyd --config-file=$RUN/glewlwyd.conf'"; stop_it; exit 1
fi

# seed through the admin API (max 60 s)
if ! timeout 60 "$PY" "$HERE/seed.py" "$BASE" "$RUN" >&2; then
  err "seeding failed; stopping glewlwyd"
  stop_it
  exit 1
fi

ISS="$("$PY" -c 'import json,sys; print(json.load(open(sys.argv[1]))["issuer"])' "$RUN/seed.json")"
ISSN="$("$PY" -c 'import json,sys; print(json.load(open(sys.argv[1]))["issuer_dpop_nonce"])' "$RUN/seed.json")"
ISSP="$("$PY" -c 'import json,sys; print(json.load(open(sys.argv[1]))["issuer_par_required"])' "$RUN/seed.json")"
cat >"$RUN/env" <<EOF
PEER2_PID=$PID
PEER2_PORT=$PORT
PEER2_BASE_URL=$BASE
PEER2_ISSUER=$ISS
PEER2_ISSUER_DPOP_NONCE=$ISSN
PEER2_ISSUER_PAR_REQUIRED=$ISSP
EOF
err "glewlwyd pid $PID on $BASE (issuers: $ISS , $ISSN (DPoP nonce) , $ISSP (PAR required)); state in $RUN"
echo "$ISS"
