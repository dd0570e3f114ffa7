#!/usr/bin/env python3
"""Runs a command with its standard error on a pseudo-terminal, as a person at a terminal sees it.

    pty_run.py TERMINAL-FILE COMMAND [ARGUMENT ...]

Standard input is empty, standard output a pipe (copied to this script's), standard error the
terminal; every byte written to the terminal goes to TERMINAL-FILE. Exits with the command's status.
"""
import os
import pty
import subprocess
import sys
import threading

terminal_file, command = sys.argv[1], sys.argv[2:]
leader, follower = pty.openpty()
process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=follower)
os.close(follower)
stdout = []
reader = threading.Thread(target=lambda: stdout.append(process.stdout.read()))
reader.start()
seen = []
while True:
    try:
        chunk = os.read(leader, 4096)
    except OSError:  # EIO: every copy of the terminal's follower end is closed
        break
    if not chunk:
        break
    seen.append(chunk)
status = process.wait()
reader.join()
with open(terminal_file, "wb") as handle:
    handle.write(b"".join(seen))
sys.stdout.buffer.write(b"".join(stdout))
sys.exit(status)
