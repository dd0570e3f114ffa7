#!/usr/bin/env python3
"""Enterprise-managed authorization, timed and counted: `mcp-client --identity-provider` (release)
against the peers of Tests/Support/enterprise (idpyoidc as the company's identity provider,
authlib redeeming ID-JAGs) and the Python SDK's MCP server, all on 127.0.0.1.

    Benchmarks/MCP/enterprise-tool-call.py [RUNS]      (from the repository root; default 5 runs)

Four phases, RUNS times each, each ending in one tool call:
- "first server": an empty store: the browser signs in at the identity provider once, then the
  two hops (token exchange there, JWT bearer grant at the MCP server's authorization server);
- "another server": the identity provider's sign-in stored, an MCP server not seen before: the two
  hops, no browser (the browser command is /bin/false);
- "stored": the same server again: no token request at all;
- "renewed": that server's stored token marked expired: the two hops again, no browser.
Prints each phase's median wall-clock time and the token requests each run made at the identity
provider and at the authorization server (from the peers' logs), which must be 1 and 1 for
"another server" and "renewed", and 0 and 0 for "stored" (the script fails otherwise). Builds
Examples/MCPClient in release first, unless OAUTHGEN_MCP_CLIENT names an mcp-client already built
(CI's smoke pass: the example builds' debug one, one run).
"""
import glob
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

from bench_support import PYTHON, SUPPORT, mcp_client, start
RUNS = int(sys.argv[1]) if len(sys.argv) > 1 else 5
# Seconds from 1970 to 2001, where Foundation's dates count from (a FileTokenStore's expiresAt).
REFERENCE_DATE = 978307200


def count(log):
    return sum(1 for _ in open(log)) if os.path.exists(log) else 0


def expire(store, endpoint):
    """Marks the stored sign-in for `endpoint` expired, as the clock would."""
    # The tools keep --store as a folder: sign-ins/ holds a file per sign-in.
    for path in glob.glob(os.path.join(store, "sign-ins", "*.json")):
        try:
            record = json.load(open(path))
        except (ValueError, OSError):
            continue
        if isinstance(record, dict) and (record.get("owner") or {}).get("resource") == endpoint and "tokens" in record:
            record["tokens"]["expiresAt"] = time.time() - REFERENCE_DATE - 60
            with open(path, "w") as file:
                json.dump(record, file)
            return
    sys.exit(f"no stored sign-in for {endpoint} in {store}")


def main():
    client = mcp_client()
    state = tempfile.mkdtemp(prefix="oauthgen-enterprise-bench-")
    logs = {"identity": os.path.join(state, "idp.log"), "server": os.path.join(state, "as.log")}
    identity_config = os.path.join(state, "idp.json")
    json.dump({"clients": [{"client_id": "agent", "client_secret": "agent-secret", "redirect_uris": ["http://127.0.0.1/callback"]}],
               "log": logs["identity"]}, open(identity_config, "w"))
    processes = []
    try:
        identity, identity_port = start([PYTHON, os.path.join(SUPPORT, "enterprise", "identity_provider.py"), identity_config])
        processes.append(identity)
        issuer = f"http://127.0.0.1:{identity_port}"
        server_config = os.path.join(state, "as.json")
        json.dump({"identity_provider": issuer, "clients": [{"client_id": "mcp-agent", "client_secret": "mcp-secret"}],
                   "introspection": {"client_id": "mcp", "client_secret": "introspect"}, "log": logs["server"]}, open(server_config, "w"))
        authorization, authorization_port = start([PYTHON, os.path.join(SUPPORT, "enterprise", "authorization_server.py"), server_config])
        processes.append(authorization)
        authorization_issuer = f"http://127.0.0.1:{authorization_port}"
        endpoints = []
        for _ in range(2 * RUNS + 1):
            server, port = start([PYTHON, os.path.join(SUPPORT, "mcp-server", "mcp_server.py"), authorization_issuer,
                                  authorization_issuer + "/introspect", "mcp", "introspect"])
            processes.append(server)
            endpoints.append(f"http://127.0.0.1:{port}/mcp")
        policy = json.load(open(identity_config))
        policy["id_jag"] = {authorization_issuer: {"client_id": "mcp-agent", "resources": endpoints}}
        json.dump(policy, open(identity_config, "w"))
        browser = f"{PYTHON} {os.path.join(SUPPORT, 'django-provider', 'login_driver.py')}"

        def run(endpoint, store, browse):
            arguments = [client, endpoint, "--allow-insecure-loopback", "--call", "add", "--arguments", '{"a": 1, "b": 2}', "--store", store,
                         "--browser-command", browser if browse else "/bin/false", "--identity-provider", issuer,
                         "--identity-client-id", "agent", "--identity-client-secret", "agent-secret",
                         "--client-id", "mcp-agent", "--authorization-server", authorization_issuer, "--client-secret", "mcp-secret"]
            before = (count(logs["identity"]), count(logs["server"]))
            begin = time.monotonic()
            result = subprocess.run(arguments, capture_output=True, text=True, timeout=120)
            elapsed = time.monotonic() - begin
            if result.returncode != 0 or result.stdout.strip() != "3":
                sys.exit(f"failed: {result.stdout} {result.stderr}")
            return elapsed, (count(logs["identity"]) - before[0], count(logs["server"]) - before[1])

        phases = {"first server": [], "another server": [], "stored": [], "renewed": []}
        for index in range(RUNS):
            store = os.path.join(state, f"store-{index}")
            phases["first server"].append(run(endpoints[2 * index], store, browse=True))
            phases["another server"].append(run(endpoints[2 * index + 1], store, browse=False))
            phases["stored"].append(run(endpoints[2 * index + 1], store, browse=False))
            expire(store, endpoints[2 * index + 1])
            phases["renewed"].append(run(endpoints[2 * index + 1], store, browse=False))
        expected = {"another server": {(1, 1)}, "stored": {(0, 0)}, "renewed": {(1, 1)}}
        for name, counts in expected.items():
            if {found for _, found in phases[name]} != counts:
                sys.exit(f"{name}: expected {counts} token requests per run, found {sorted({found for _, found in phases[name]})}")
        print(f"mcp-client --identity-provider, {RUNS} runs a phase (medians)")
        print(f"{'phase':<16} {'median':>8}   token requests per run (identity provider, authorization server)")
        for name, runs in phases.items():
            requests = sorted({counts for _, counts in runs})
            print(f"{name:<16} {statistics.median(t for t, _ in runs) * 1000:>6.0f} ms   {', '.join(f'{a}+{b}' for a, b in requests)}")
    finally:
        for process in processes:
            process.terminate()


if __name__ == "__main__":
    main()
