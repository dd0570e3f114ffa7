#!/usr/bin/env python3
"""What waiting costs: the CPU (user + system, from the child's rusage) that one slow tool call
costs the waiting client, per second of wall time, for `mcp-client` and `oauthgen-login --resource
… --mcp --call`, against the peers on 127.0.0.1: the authorization server of Tests/Support/machine
(client credentials) and the Python MCP SDK's server at its defaults (server-sent events), whose
`count` tool reports progress N times, DELAY seconds apart.

    Benchmarks/MCP/waiting-tool-call.py [RUNS] [N] [DELAY]   (from the repository root; 3, 10, 1)

Issue 53's goal: a 10 s tool call costs the client under 0.2 s of CPU. Builds Examples/MCPClient in
release first, unless OAUTHGEN_MCP_CLIENT names one already built; oauthgen-login is
OAUTHGEN_LOGIN, else .build/release/oauthgen-login, else .build/debug/oauthgen-login.
"""
import json
import os
import statistics
import sys
import tempfile
import time

from bench_support import ROOT, mcp_client, start_machine_peers

RUNS = int(sys.argv[1]) if len(sys.argv) > 1 else 3
STEPS = int(sys.argv[2]) if len(sys.argv) > 2 else 10
DELAY = float(sys.argv[3]) if len(sys.argv) > 3 else 1.0
SECRET = "bench-secret-7e2f10"


def oauthgen_login():
    named = os.environ.get("OAUTHGEN_LOGIN")
    if named:
        return named
    for configuration in ("release", "debug"):
        path = os.path.join(ROOT, ".build", configuration, "oauthgen-login")
        if os.path.exists(path):
            return path
    sys.exit("no oauthgen-login: swift build --product oauthgen-login first")


def run_costed(arguments, environment, output):
    """Wall seconds, exit status and rusage of one run, its standard output to the file `output`
    (the rusage read by wait4: Popen would reap the child first)."""
    begin = time.monotonic()
    pid = os.fork()
    if pid == 0:
        os.dup2(os.open(os.devnull, os.O_WRONLY), 2)
        os.dup2(os.open(output, os.O_WRONLY | os.O_CREAT | os.O_TRUNC), 1)
        os.execve(arguments[0], arguments, dict(os.environ, **environment))
    _, status, usage = os.wait4(pid, 0)
    return time.monotonic() - begin, status, usage


def main():
    client = None if os.environ.get("OAUTHGEN_MCP_CLIENT") == "none" else mcp_client()
    login = oauthgen_login()
    state = tempfile.mkdtemp(prefix="oauthgen-waiting-bench-")
    config = os.path.join(state, "as.json")
    json.dump({"grants": ["client_credentials"],
               "clients": [{"client_id": "agent", "client_secret": SECRET, "grant_types": ["client_credentials"]}],
               "introspection": {"client_id": "mcp", "client_secret": "introspect"}}, open(config, "w"))
    secret_file = os.path.join(state, "agent.secret")
    with open(secret_file, "w") as handle:
        handle.write(SECRET)
    os.chmod(secret_file, 0o600)
    processes = []
    try:
        issuer, endpoint = start_machine_peers(config, processes)
        call = ["--call", "count", "--arguments", json.dumps({"n": STEPS, "delay": DELAY})]
        clients = {} if client is None else {
            "mcp-client": [client, endpoint, "--allow-insecure-loopback", "--browser-command", "/bin/false"] + call
            + ["--client-credentials", "--client-id", "agent", "--authorization-server", issuer]}
        clients["oauthgen-login"] = ([login, "--resource", endpoint, "--mcp", "--allow-insecure-loopback"] + call
            + ["--client-credentials", "--client-id", "agent", "--client-secret-file", secret_file,
               "--authorization-server", issuer])
        results = {name: [] for name in clients}
        for _ in range(RUNS):
            for name, arguments in clients.items():
                output = os.path.join(state, "out.txt")
                wall, status, usage = run_costed(arguments, {"MCP_CLIENT_SECRET": SECRET}, output)
                printed = open(output).read()
                if status != 0 or f"counted {STEPS}" not in printed:
                    sys.exit(f"failed: {name}: status {status}: {printed[-2000:]}")
                results[name].append((wall, usage.ru_utime, usage.ru_stime))
        print(f"one tool call of {STEPS} steps {DELAY} s apart, client credentials, {RUNS} runs (medians)")
        print(f"{'client':<16} {'wall':>8} {'user':>8} {'system':>8} {'CPU s per waiting s':>20}")
        for name, runs in results.items():
            wall = statistics.median(r[0] for r in runs)
            user = statistics.median(r[1] for r in runs)
            system = statistics.median(r[2] for r in runs)
            print(f"{name:<16} {wall:>7.2f}s {user:>7.2f}s {system:>7.2f}s {(user + system) / wall:>20.3f}")
    finally:
        for process in processes:
            process.terminate()


if __name__ == "__main__":
    main()
