#!/usr/bin/env python3
"""From process start to the first tool result, oauthgen's `mcp-client` beside the Python MCP
SDK's own OAuth client (`reference_client.py`), in the same run, against the same peers:
django-oauth-toolkit and the MCP server of Tests/Support (the Python SDK's), both on 127.0.0.1,
signed in by the same headless browser.

    Benchmarks/MCP/first-tool-call.py [RUNS]      (from the repository root; default 5 runs)

Each client runs RUNS times "first run" (no store: discovery, dynamic registration, browser
sign-in, tool call) and RUNS times "stored" (a store from its own first run: no registration,
no browser). Prints the median wall-clock time of each, and mcp-client's as a ratio of the
reference's. Builds Examples/MCPClient in release first, unless OAUTHGEN_MCP_CLIENT names an
mcp-client already built (CI's smoke pass: the example builds' debug one, one run).
"""
import os
import statistics
import subprocess
import sys
import tempfile
import time

from bench_support import PYTHON, ROOT, SUPPORT, mcp_client, start
RUNS = int(sys.argv[1]) if len(sys.argv) > 1 else 5


def timed(arguments):
    begin = time.monotonic()
    run = subprocess.run(arguments, capture_output=True, text=True, timeout=120)
    elapsed = time.monotonic() - begin
    if run.returncode != 0 or run.stdout.strip() != "3":
        sys.exit(f"failed: {' '.join(arguments[:2])}: {run.stdout} {run.stderr}")
    return elapsed


def main():
    client = mcp_client()
    state = tempfile.mkdtemp(prefix="oauthgen-bench-")
    subprocess.run([PYTHON, os.path.join(SUPPORT, "django-provider", "provider.py"), "setup", state], check=True, stdout=subprocess.DEVNULL)
    provider, port = start([PYTHON, os.path.join(SUPPORT, "django-provider", "provider.py"), "serve", state])
    issuer = f"http://127.0.0.1:{port}/o"
    server, mcp_port = start([PYTHON, os.path.join(SUPPORT, "mcp-server", "mcp_server.py"), issuer, issuer + "/introspect/",
                              "oauthgen-resource-server", "resource-server-secret"])
    url = f"http://127.0.0.1:{mcp_port}/mcp"
    browser = [PYTHON, os.path.join(SUPPORT, "django-provider", "login_driver.py"), "--username", "alice"]
    try:
        def ours(store, browse=True):
            return [client, url, "--allow-insecure-loopback", "--call", "add", "--arguments", '{"a": 1, "b": 2}', "--store", store,
                    "--browser-command", " ".join(browser) if browse else "/bin/false"]

        def reference(store, browse=True):
            return [PYTHON, os.path.join(ROOT, "Benchmarks", "MCP", "reference_client.py"), url, store] + (browser if browse else ["/bin/false"])

        results = {}
        for name, command in [("mcp-client", ours), ("python reference", reference)]:
            first, stored = [], []
            for index in range(RUNS):
                store = os.path.join(state, f"{name.replace(' ', '-')}-{index}.json")
                first.append(timed(command(store)))
                stored.append(timed(command(store, browse=False)))
            results[name] = (statistics.median(first), statistics.median(stored))
        print(f"{'client':<18} {'first run':>10} {'stored':>10}   (medians of {RUNS}, seconds)")
        for name, (first, stored) in results.items():
            print(f"{name:<18} {first:>10.3f} {stored:>10.3f}")
        ours_first, ours_stored = results["mcp-client"]
        ref_first, ref_stored = results["python reference"]
        print(f"mcp-client / reference: first run {ours_first / ref_first:.2f}x, stored {ours_stored / ref_stored:.2f}x")
    finally:
        server.terminate()
        provider.terminate()


if __name__ == "__main__":
    main()
