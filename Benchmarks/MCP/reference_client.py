"""The Python MCP SDK's own OAuth client, the reference `mcp-client` is timed against: the same
server, the same authorization server, the same headless browser.

    python3 reference_client.py SERVER_URL STORE_FILE BROWSER_COMMAND...

Discovers from the server's 401, registers dynamically, signs in through BROWSER_COMMAND (the
URL appended) on a loopback redirect, calls the tool `add` with a=1, b=2 and prints the result.
STORE_FILE keeps the tokens and the registration, so a second run signs in with neither.
"""
import asyncio
import json
import os
import subprocess
import sys
import threading
import urllib.parse
from http.server import BaseHTTPRequestHandler, HTTPServer

import httpx2
from mcp import ClientSession
from mcp.client.auth import OAuthClientProvider
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.auth import AuthorizationCodeResult, OAuthClientInformationFull, OAuthClientMetadata, OAuthToken

SERVER, STORE = sys.argv[1:3]
BROWSER = sys.argv[3:]


class FileStorage:
    def _read(self):
        if not os.path.exists(STORE):
            return {}
        with open(STORE) as handle:
            return json.load(handle)

    def _write(self, key, value):
        data = self._read()
        data[key] = value
        with open(STORE, "w") as handle:
            json.dump(data, handle)

    async def get_tokens(self):
        stored = self._read().get("tokens")
        return OAuthToken.model_validate(stored) if stored else None

    async def set_tokens(self, tokens):
        self._write("tokens", tokens.model_dump(mode="json", exclude_none=True))

    async def get_client_info(self):
        stored = self._read().get("client")
        return OAuthClientInformationFull.model_validate(stored) if stored else None

    async def set_client_info(self, client_info):
        self._write("client", client_info.model_dump(mode="json", exclude_none=True))


class Callback(BaseHTTPRequestHandler):
    result = None

    def log_message(self, *args):
        pass

    def do_GET(self):
        query = urllib.parse.parse_qs(urllib.parse.urlsplit(self.path).query)
        Callback.result = {key: values[0] for key, values in query.items()}
        self.send_response(200)
        self.send_header("Content-Length", "0")
        self.end_headers()


async def main():
    listener = HTTPServer(("127.0.0.1", int(os.environ.get("CALLBACK_PORT", "0"))), Callback)
    redirect = f"http://127.0.0.1:{listener.server_address[1]}/callback"
    threading.Thread(target=listener.handle_request, daemon=True).start()

    async def redirect_handler(url):
        await asyncio.to_thread(subprocess.run, BROWSER + [url], check=True, stdout=subprocess.DEVNULL)

    async def callback_handler():
        while Callback.result is None:
            await asyncio.sleep(0.01)
        return AuthorizationCodeResult(code=Callback.result["code"], state=Callback.result.get("state"), iss=Callback.result.get("iss"))

    provider = OAuthClientProvider(
        server_url=SERVER,
        client_metadata=OAuthClientMetadata(client_name="python reference client", redirect_uris=[redirect],
                                            grant_types=["authorization_code", "refresh_token"], response_types=["code"],
                                            token_endpoint_auth_method="none"),
        storage=FileStorage(), redirect_handler=redirect_handler, callback_handler=callback_handler)
    async with httpx2.AsyncClient(auth=provider) as http:
        async with streamable_http_client(SERVER, http_client=http) as streams:
            read, write = streams[0], streams[1]
            async with ClientSession(read, write) as session:
                await session.initialize()
                result = await session.call_tool("add", {"a": 1, "b": 2})
                print(result.content[0].text)


asyncio.run(main())
