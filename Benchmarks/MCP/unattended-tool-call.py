#!/usr/bin/env python3
"""Agents with no one at the keyboard, timed: `mcp-client` (release) from process start to the
printed result of one tool call, with an empty store, beside the Python MCP SDK's own client where
it has the same feature (`reference_unattended_client.py`), against the same peers on 127.0.0.1:
the authorization server of Tests/Support/machine (authlib's client credentials, jwt-bearer and
device grants) and the Python SDK's MCP server at its defaults (server-sent events).

    Benchmarks/MCP/unattended-tool-call.py [RUNS]      (from the repository root; default 5 runs)

Phases, RUNS times each:
- "client credentials, secret" and "client credentials, private_key_jwt" (an ES256 key): both clients;
- "workload JWT": a platform JWT from a file, minted afresh each run (the SDK has no such client);
- "device grant": the code shown and approved by a stand-in user, one poll after the server's
  1 s interval (the SDK has no such client);
- "progress": `count` (3 steps 0.5 s apart) with progress notifications: when the first one
  reached the client and when the result did, both clients.
Builds Examples/MCPClient in release first, unless OAUTHGEN_MCP_CLIENT names one already built.
"""
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

from bench_support import PYTHON, SUPPORT, mcp_client, start_machine_peers

RUNS = int(sys.argv[1]) if len(sys.argv) > 1 else 5
HERE = os.path.dirname(os.path.abspath(__file__))
SECRET = "bench-secret-0d9c8b"


def make_key(directory):
    """An ES256 key as PKCS #8 PEM, and its public JWK set."""
    script = ("import json,sys\nfrom cryptography.hazmat.primitives import serialization\n"
              "from cryptography.hazmat.primitives.asymmetric import ec\nfrom joserfc.jwk import import_key\n"
              "key=ec.generate_private_key(ec.SECP256R1())\n"
              "pem=key.private_bytes(serialization.Encoding.PEM,serialization.PrivateFormat.PKCS8,serialization.NoEncryption())\n"
              "open(sys.argv[1],'wb').write(pem)\npublic=import_key(pem.decode()).as_dict(private=False)\n"
              "public.update(kid=import_key(pem.decode()).thumbprint(),use='sig',alg='ES256')\nprint(json.dumps({'keys':[public]}))\n")
    pem = os.path.join(directory, "client-key.pem")
    jwks = json.loads(subprocess.run([PYTHON, "-c", script, pem], capture_output=True, text=True, check=True).stdout)
    os.chmod(pem, 0o600)
    return pem, jwks


def timed(arguments, environment=None, expected="3"):
    """Seconds to the process's end, and when each "progress:" line on standard error arrived."""
    begin = time.monotonic()
    process = subprocess.Popen(arguments, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               env=dict(os.environ, **(environment or {})))
    errors = []
    progress = []
    for line in process.stderr:
        if line.startswith("progress:"):
            progress.append(time.monotonic() - begin)
        else:
            errors.append(line)
    output = process.stdout.read()
    process.wait(timeout=120)
    elapsed = time.monotonic() - begin
    if process.returncode != 0 or not output.strip().startswith(expected):
        sys.exit(f"failed: {' '.join(arguments[3:])}: {output}{''.join(errors)[-2000:]}")
    return elapsed, progress


def main():
    client = mcp_client()
    state = tempfile.mkdtemp(prefix="oauthgen-unattended-bench-")
    pem, jwks = make_key(state)
    subprocess.run([PYTHON, os.path.join(SUPPORT, "machine", "workload_platform.py"), "keys", state], check=True)
    config = os.path.join(state, "as.json")
    # The Python SDK's client refuses metadata without an authorization endpoint (its model
    # requires one), so this server lists one that nothing serves.
    json.dump({"grants": ["client_credentials", "workload", "device_code"], "device_interval": 1,
               "lists_unused_authorization_endpoint": True,
               "clients": [{"client_id": "agent", "client_secret": SECRET, "grant_types": ["client_credentials"]},
                           {"client_id": "agent-key", "jwks": jwks, "grant_types": ["client_credentials"]},
                           {"client_id": "device", "grant_types": ["urn:ietf:params:oauth:grant-type:device_code"]}],
               "workload": {"issuer": "https://platform.example.com", "jwks_file": os.path.join(state, "jwks.json")},
               "introspection": {"client_id": "mcp", "client_secret": "introspect"}}, open(config, "w"))
    processes = []
    try:
        issuer, endpoint = start_machine_peers(config, processes)
        token = os.path.join(state, "workload-token")
        base = [client, endpoint, "--allow-insecure-loopback", "--browser-command", "/bin/false"]
        add = ["--call", "add", "--arguments", '{"a": 1, "b": 2}']
        count = ["--call", "count", "--arguments", '{"n": 3, "delay": 0.5}', "--progress"]
        secret = ["--client-credentials", "--client-id", "agent", "--authorization-server", issuer]
        key = ["--client-credentials", "--client-id", "agent-key", "--client-key", pem, "--authorization-server", issuer]
        approve = f"{PYTHON} {os.path.join(SUPPORT, 'machine', 'approve_device.py')} {os.path.join(state, 'codes')}"
        reference = [PYTHON, os.path.join(HERE, "reference_unattended_client.py")]
        phases = {name: {"mcp-client": [], "Python SDK": []} for name in (
            "client credentials, secret", "client credentials, private_key_jwt", "workload JWT", "device grant", "progress")}
        for _ in range(RUNS):
            phases["client credentials, secret"]["mcp-client"].append(timed(base + add + secret, {"MCP_CLIENT_SECRET": SECRET}))
            phases["client credentials, secret"]["Python SDK"].append(timed(reference + ["secret", endpoint, issuer, "agent", SECRET]))
            phases["client credentials, private_key_jwt"]["mcp-client"].append(timed(base + add + key))
            phases["client credentials, private_key_jwt"]["Python SDK"].append(timed(reference + ["key", endpoint, issuer, "agent-key", pem]))
            subprocess.run([PYTHON, os.path.join(SUPPORT, "machine", "workload_platform.py"), "mint", state,
                            "https://platform.example.com", "agent", issuer + "/token", "600", token], check=True)
            phases["workload JWT"]["mcp-client"].append(timed(base + add + ["--workload-token", token]))
            device = [client, endpoint, "--allow-insecure-loopback", "--browser-command", approve, "--device", "--client-id", "device",
                      "--authorization-server", issuer]
            phases["device grant"]["mcp-client"].append(timed(device + add))
            phases["progress"]["mcp-client"].append(timed(base + count + secret, {"MCP_CLIENT_SECRET": SECRET}, "counted 3"))
            phases["progress"]["Python SDK"].append(timed(reference + ["progress", endpoint, issuer, "agent", SECRET], expected="counted 3"))
        print(f"one tool call from process start, empty store, {RUNS} runs (medians)")
        print(f"{'phase':<38} {'mcp-client':>11} {'Python SDK':>11} {'ratio':>6}")
        for name, clients in phases.items():
            ours = statistics.median(t for t, _ in clients["mcp-client"])
            theirs = statistics.median(t for t, _ in clients["Python SDK"]) if clients["Python SDK"] else None
            row = f"{name:<38} {ours * 1000:>8.0f} ms {theirs * 1000 if theirs else 0:>8.0f} ms" if theirs else f"{name:<38} {ours * 1000:>8.0f} ms {'—':>11}"
            print(row + (f" {ours / theirs:>5.2f}×" if theirs else ""))
        for label, runs in phases["progress"].items():
            first = statistics.median(p[0] for _, p in runs if p)
            print(f"progress, {label}: first notification at {first * 1000:.0f} ms, result at "
                  f"{statistics.median(t for t, _ in runs) * 1000:.0f} ms (3 notifications each: {all(len(p) == 3 for _, p in runs)})")
    finally:
        for process in processes:
            process.terminate()


if __name__ == "__main__":
    main()
