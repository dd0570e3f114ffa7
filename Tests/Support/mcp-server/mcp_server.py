"""A real MCP server for oauthgen's tests: the Python `mcp` SDK over streamable HTTP on
127.0.0.1, protected by django-oauth-toolkit. It publishes its RFC 9728 metadata (the SDK does),
answers 401 with `resource_metadata`, and checks each token at the provider's introspection
endpoint: active, issued for this server (RFC 8707 `aud`), holding `read`.

    python3 mcp_server.py ISSUER INTROSPECTION_URL CLIENT_ID CLIENT_SECRET [--json-response] [--token-log FILE]
                          [--event-store]
        prints "PORT <n>"; the MCP endpoint is http://127.0.0.1:<n>/mcp

Left at the SDK's defaults it answers every POST with server-sent events (text/event-stream),
as the Python, TypeScript and Go servers do; --json-response makes it answer with JSON, the one
form the MCP Swift SDK's own transport reads on Linux. --token-log appends a line per request
naming the token it carried (a hash prefix, never the token), so a test can count the tokens that
reached the server (one per refresh).

--event-store numbers the events of every stream and keeps them (an in-memory EventStore, the
SDK's interface for resumability), so a client may resume a dropped stream with Last-Event-ID.

Its tools: `add(a, b)` returns the sum; `count(n, delay, drop_after, gate)` reports progress n
times, `delay` seconds apart, then returns "counted n at T", T the time it finished (a long tool
call), closing the answer's stream after `drop_after` of them if asked, and waiting after the first
until the client creates the file `gate`; `announce()` sends a
notifications/tools/list_changed no request asked for, which goes on the server's GET stream;
`refuse(message)` answers with a JSON-RPC error whose message is `message` (a hostile server's
text, which a client must print escaped).
"""
import asyncio
import hashlib
import os
import socket
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "django-provider"))
from peer import exit_with_parent, introspect  # noqa: E402

import uvicorn  # noqa: E402
from mcp.server.auth.provider import AccessToken  # noqa: E402
from mcp.server.auth.settings import AuthSettings  # noqa: E402
from mcp.server.mcpserver import Context, MCPServer  # noqa: E402
from mcp.server.streamable_http import EventMessage, EventStore  # noqa: E402
from mcp.shared.exceptions import MCPError  # noqa: E402

ISSUER, INTROSPECTION, CLIENT_ID, SECRET = sys.argv[1:5]
JSON_RESPONSE = "--json-response" in sys.argv[5:]
TOKEN_LOG = sys.argv[sys.argv.index("--token-log") + 1] if "--token-log" in sys.argv else None
EVENT_STORE = "--event-store" in sys.argv[5:]
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


@server.tool()
async def count(n: int, delay: float, ctx: Context, drop_after: int = 0, gate: str = "") -> str:
    """Reports progress n times, delay seconds apart; with drop_after, closes the answer's stream
    after that many (the client resumes it with Last-Event-ID; needs --event-store); with gate (a
    file path), waits after the first for the client to create that file: a client that reads the
    answer only when it ends never does, and the tool says so after 60 s."""
    for step in range(1, n + 1):
        await asyncio.sleep(delay)
        await ctx.report_progress(step, n)
        if step == drop_after:
            await ctx.close_sse_stream()
        if step == 1 and gate:
            waited = 0.0
            while not os.path.exists(gate):
                if waited > 60:
                    return "the first progress notification never reached the client"
                await asyncio.sleep(0.05)
                waited += 0.05
    # When it finished, by the machine's clock: a client that saw progress before this time read
    # the answer as it streamed.
    return f"counted {n} at {time.time():.3f}"


@server.tool()
async def announce(ctx: Context) -> str:
    """Tells the client, on the server's own stream, that the tool list changed."""
    await ctx.session.send_tool_list_changed()
    return "announced"


@server.tool()
def refuse(message: str) -> str:
    """Answers with a JSON-RPC error (not a tool result) whose message is `message`."""
    raise MCPError(-32001, message)


class MemoryEventStore(EventStore):
    """Every stream's events, numbered in one sequence, replayed after any of them."""

    def __init__(self):
        self.events = []  # (event_id, stream_id, message)

    async def store_event(self, stream_id, message):
        event_id = str(len(self.events) + 1)
        self.events.append((event_id, stream_id, message))
        return event_id

    async def replay_events_after(self, last_event_id, send_callback):
        found = next((stream for event_id, stream, _ in self.events if event_id == last_event_id), None)
        if found is None:
            return None
        after = int(last_event_id)
        for event_id, stream, message in self.events[after:]:
            if stream == found and message is not None:
                await send_callback(EventMessage(message, event_id))
        return found


if __name__ == "__main__":
    options = {"event_store": MemoryEventStore()} if EVENT_STORE else {}
    app = server.streamable_http_app(json_response=JSON_RESPONSE, **options)
    # Listening before the port is announced: a client that connects before uvicorn has started
    # waits in the backlog instead of being refused.
    listener.listen(128)
    print(f"PORT {PORT}", flush=True)
    exit_with_parent()
    uvicorn.Server(uvicorn.Config(app, log_level="warning")).run(sockets=[listener])
