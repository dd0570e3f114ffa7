#!/usr/bin/env bash
# test.sh — the tests, with what they need installed once: `Scripts/test.sh [swift test arguments]`.
#
# The runtime's tests sign in to a real django-oauth-toolkit started on 127.0.0.1 from a Python
# virtual environment, .venv. This script makes it (python3 -m venv) and installs
# Tests/Support/django-provider/requirements.txt into it when the requirements changed since the
# last install, then runs `swift test` with the arguments given. The tests themselves never
# install anything: without .venv they skip the provider suites with a notice (or fail, with
# OAUTHGEN_REQUIRE_PROVIDER=1, as CI sets).
set -euo pipefail
cd "$(dirname "$0")/.."

requirements=Tests/Support/django-provider/requirements.txt
stamp=.venv/.oauthgen-requirements
if ! [ -x .venv/bin/python ] || ! cmp -s "$requirements" "$stamp"; then
    echo "== installing the test providers' Python packages into .venv ($requirements)"
    python3 -m venv .venv
    .venv/bin/pip install --quiet --disable-pip-version-check -r "$requirements"
    cp "$requirements" "$stamp"
fi

# With the PostgreSQL trait: OAuthPostgresStore and `--store postgres://…` are built and tested
# (against Debian's PostgreSQL, which the tests start themselves; .ci/run installs it). A run
# that prints nothing for OAUTHGEN_TEST_SILENCE_LIMIT seconds (15 minutes unless set) once its
# tests started is hung: Scripts/test-watch.py ends it and names the tests still running.
exec python3 Scripts/test-watch.py "${OAUTHGEN_TEST_SILENCE_LIMIT:-900}" swift test --traits PostgreSQL "$@"
