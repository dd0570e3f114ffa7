"""What the MCP benchmark scripts share: where things are, the `mcp-client` they time, and
starting a test peer that announces its port."""
import os
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PYTHON = os.path.join(ROOT, ".venv", "bin", "python")
SUPPORT = os.path.join(ROOT, "Tests", "Support")


def mcp_client():
    """The mcp-client to time: OAUTHGEN_MCP_CLIENT when it names one already built (CI's smoke
    pass), else Examples/MCPClient built in release now."""
    client = os.environ.get("OAUTHGEN_MCP_CLIENT")
    if client:
        return client
    subprocess.run(["swift", "build", "-c", "release", "--package-path", os.path.join(ROOT, "Examples", "MCPClient"),
                    "--scratch-path", os.path.join(ROOT, ".build-examples", "MCPClient-release")], check=True)
    return os.path.join(ROOT, ".build-examples", "MCPClient-release", "release", "mcp-client")


def start(arguments):
    """Starts a peer that prints "PORT <n>" first; returns the process and the port."""
    process = subprocess.Popen(arguments, stdout=subprocess.PIPE, text=True)
    return process, int(process.stdout.readline().split()[1])


def start_machine_peers(config, processes):
    """Starts Tests/Support/machine's authorization server with `config` and the Python SDK's MCP
    server it protects (at its defaults: server-sent events), appending both to `processes`;
    returns the issuer and the MCP endpoint."""
    authorization, port = start([PYTHON, os.path.join(SUPPORT, "machine", "authorization_server.py"), config])
    processes.append(authorization)
    issuer = f"http://127.0.0.1:{port}"
    server, server_port = start([PYTHON, os.path.join(SUPPORT, "mcp-server", "mcp_server.py"), issuer,
                                 issuer + "/introspect", "mcp", "introspect"])
    processes.append(server)
    return issuer, f"http://127.0.0.1:{server_port}/mcp"
