#!/usr/bin/env python3
"""test-watch.py SECONDS COMMAND... — runs COMMAND (`swift test …`), passing its output through,
and ends it when it prints nothing for SECONDS once its tests started, naming the tests that
started and never ended.

Why: a test that never ends held a clean-clone CI run for its whole 90 minutes, and the log
showed only where the output stopped. No test here runs silent for minutes (the longest suite
takes about two), so silence that long is a hang: the run is killed and says which test hung.
Swift Testing's output reaches a pipe in blocks, so the list is of what had been printed; the
test that hung started well before the silence, and is in it.
"""
import os
import re
import selectors
import signal
import subprocess
import sys
import time

STARTED = re.compile(r"◇ Test (\S+?)\(.*\) started\.")
ENDED = re.compile(r"[✔✘] Test (\S+?)\(.*\) (?:with \d+ test cases? )?(?:passed|failed|skipped)")
RUN_STARTED = "Test run started."


def main() -> int:
    if len(sys.argv) < 3:
        print(__doc__, file=sys.stderr)
        return 64
    limit = float(sys.argv[1])
    child = subprocess.Popen(
        sys.argv[2:], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True)
    running: dict[str, float] = {}
    tests_started = False
    pending = b""
    last_output = time.monotonic()
    selector = selectors.DefaultSelector()
    selector.register(child.stdout, selectors.EVENT_READ)
    while True:
        if not selector.select(timeout=5):
            # A server a test started may hold the pipe past the run: its end is the child's.
            if child.poll() is not None:
                return child.returncode
            if tests_started and time.monotonic() - last_output > limit:
                return hung(child, running, limit)
            continue
        chunk = os.read(child.stdout.fileno(), 65536)
        if not chunk:
            break
        last_output = time.monotonic()
        sys.stdout.buffer.write(chunk)
        sys.stdout.buffer.flush()
        pending += chunk
        *lines, pending = pending.split(b"\n")
        for raw in lines:
            line = raw.decode("utf-8", "replace")
            tests_started = tests_started or RUN_STARTED in line
            if (started := STARTED.search(line)) and "Test case passing" not in line:
                running.setdefault(started.group(1), last_output)
            elif ended := ENDED.search(line):
                running.pop(ended.group(1), None)
    return child.wait()


def hung(child: subprocess.Popen, running: dict[str, float], limit: float) -> int:
    """Kills the run's process group and names the tests still running, the longest first."""
    now = time.monotonic()
    print(f"\n== test-watch: no output for {limit:.0f} s; the run is taken as hung and ended", flush=True)
    for name, since in sorted(running.items(), key=lambda item: item[1]):
        print(f"   still running: {name}, started {now - since:.0f} s ago", flush=True)
    os.killpg(child.pid, signal.SIGKILL)
    child.wait()
    return 124


if __name__ == "__main__":
    sys.exit(main())
