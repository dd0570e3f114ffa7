"""The Python MCP SDK's own clients with no one at the keyboard, the reference `mcp-client` is timed
against in `unattended-tool-call.py`: the same MCP server and authorization server.

    python3 reference_unattended_client.py secret SERVER_URL ISSUER CLIENT_ID SECRET
    python3 reference_unattended_client.py key SERVER_URL ISSUER CLIENT_ID KEY_PEM
    python3 reference_unattended_client.py progress SERVER_URL ISSUER CLIENT_ID SECRET

`secret` and `key` call `add` (1, 2) and print the result, signed in with the SDK's
ClientCredentialsOAuthProvider or PrivateKeyJWTOAuthProvider (ES256 assertions). `progress` calls
`count` (3 steps, 0.5 s apart) and writes "progress: P/T" to standard error as each notification
arrives, then prints the result.
"""
import asyncio
import sys

import httpx2
from mcp import ClientSession
from mcp.client.auth.extensions.client_credentials import (ClientCredentialsOAuthProvider, PrivateKeyJWTOAuthProvider,
                                                           SignedJWTParameters)
from mcp.client.streamable_http import streamable_http_client

MODE, SERVER, ISSUER, CLIENT_ID, CREDENTIAL = sys.argv[1:6]


class MemoryStorage:
    def __init__(self):
        self.tokens = None
        self.client = None

    async def get_tokens(self):
        return self.tokens

    async def set_tokens(self, tokens):
        self.tokens = tokens

    async def get_client_info(self):
        return self.client

    async def set_client_info(self, client_info):
        self.client = client_info


def provider():
    if MODE == "key":
        parameters = SignedJWTParameters(issuer=CLIENT_ID, subject=CLIENT_ID, signing_key=open(CREDENTIAL).read(),
                                         signing_algorithm="ES256")
        return PrivateKeyJWTOAuthProvider(server_url=SERVER, storage=MemoryStorage(), client_id=CLIENT_ID,
                                          assertion_provider=parameters.create_assertion_provider(), issuer=ISSUER)
    return ClientCredentialsOAuthProvider(server_url=SERVER, storage=MemoryStorage(), client_id=CLIENT_ID,
                                          client_secret=CREDENTIAL, issuer=ISSUER)


async def main():
    async with httpx2.AsyncClient(auth=provider()) as http:
        async with streamable_http_client(SERVER, http_client=http) as streams:
            async with ClientSession(streams[0], streams[1]) as session:
                await session.initialize()
                if MODE == "progress":
                    async def progress(value, total, message):
                        sys.stderr.write(f"progress: {value}/{total}\n")
                        sys.stderr.flush()
                    result = await session.call_tool("count", {"n": 3, "delay": 0.5}, progress_callback=progress)
                else:
                    result = await session.call_tool("add", {"a": 1, "b": 2})
                print(result.content[0].text, flush=True)


asyncio.run(main())
