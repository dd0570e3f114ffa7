"""A real MCP server for oauthgen's tests: the Python `mcp` SDK over streamable HTTP on
127.0.0.1, protected by django-oauth-toolkit. It publishes its RFC 9728 metadata (the SDK does),
answers 401 with `resource_metadata`, and checks each token at the provider's introspection
endpoint: active, issued for this server (RFC 8707 `aud`), holding `read`.

    python3 mcp_server.py ISSUER INTROSPECTION_URL CLIENT_ID CLIENT_SECRET [--json-response] [--token-log FILE]
        prints "PORT <n>"; the MCP endpoint is http://127.0.0.1:<n>/mcp

Left at the SDK's defaults it answers every POST with server-sent events (text/event-stream),
as the Python, TypeScript and Go servers do; --json-response makes it answer with JSON, the one
form the MCP Swift SDK's own transport reads on Linux. --token-log appends a line per request
naming the token it carried (a hash prefix, never the token), so a test can count the tokens that
reached the server (one per refresh).

Its one tool, `add(a, b)`, returns the sum.
"""
import asyncio
import hashlib
import os
import socket
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "django-provider"))
from peer import exit_with_parent, introspect  # noqa: E402

import uvicorn  # noqa: E402
from mcp.server.auth.provider import AccessToken  # noqa: E402
from mcp.server.auth.settings import AuthSettings  # noqa: E402
from mcp.server.mcpserver import MCPServer  # noqa: E402

ISSUER, INTROSPECTION, CLIENT_ID, SECRET = sys.argv[1:5]
JSON_RESPONSE = "--json-response" in sys.argv[5:]
TOKEN_LOG = sys.argv[sys.argv.index("--token-log") + 1] if "--token-log" in sys.argv else None
listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
listener.bind(("127.0.0.1", 0))
PORT = listener.getsockname()[1]
RESOURCE = f"http://127.0.0.1:{PORT}/mcp"


class IntrospectingVerifier:
    async def verify_token(self, token):
        if TOKEN_LOG:
            with open(TOKEN_LOG, "a") as log:
                log.write(hashlib.sha256(token.encode()).hexdigest()[:16] + "\n")
        answer = await asyncio.to_thread(introspect, INTROSPECTION, CLIENT_ID, SECRET, token)
        if not answer.get("active"):
            return None
        audiences = answer.get("aud") or []
        if isinstance(audiences, str):
            audiences = [audiences]
        return AccessToken(
            token=token, client_id=answer.get("client_id", ""), scopes=answer.get("scope", "").split(),
            expires_at=answer.get("exp"), resource=RESOURCE if RESOURCE in audiences else (audiences[0] if audiences else None))


server = MCPServer(
    "oauthgen-test-server",
    token_verifier=IntrospectingVerifier(),
    auth=AuthSettings(issuer_url=ISSUER, resource_server_url=RESOURCE, required_scopes=["read"], validate_token_resource=True),
)


@server.tool()
def add(a: int, b: int) -> int:
    """Adds two numbers."""
    return a + b


if __name__ == "__main__":
    app = server.streamable_http_app(json_response=True) if JSON_RESPONSE else server.streamable_http_app()
    # Listening before the port is announced: a client that connects before uvicorn has started
    # waits in the backlog instead of being refused.
    listener.listen(128)
    print(f"PORT {PORT}", flush=True)
    exit_with_parent()
    uvicorn.Server(uvicorn.Config(app, log_level="warning")).run(sockets=[listener])
