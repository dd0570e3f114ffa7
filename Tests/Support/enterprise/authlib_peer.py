"""What the test peers built on authlib (a library without a server) share: the form or JSON body
as its payload, the request object its grants and endpoints read, and an HTTP handler that serves
the metadata, RFC 7662 introspection for the MCP server, and whatever else a peer routes."""
import base64
import json
import time
from http.server import BaseHTTPRequestHandler

from authlib.oauth2.rfc6749 import OAuth2Payload, OAuth2Request


class Payload(OAuth2Payload):
    def __init__(self, form):
        self.form = form

    @property
    def data(self):
        return {name: values[0] for name, values in self.form.items()}

    @property
    def datalist(self):
        return self.form


class JSONPayload(OAuth2Payload):
    def __init__(self, data):
        self._data = data

    @property
    def data(self):
        return self._data

    @property
    def datalist(self):
        return {name: [value] for name, value in self._data.items()}


class Request(OAuth2Request):
    """A POST to `url` with `headers` and `form` (as parse_qs gives it), or a JSON object body."""

    def __init__(self, url, headers, form=None, json_body=None):
        super().__init__("POST", url, headers=headers)
        self._form = form or {}
        self.payload = JSONPayload(json_body) if json_body is not None else Payload(self._form)

    @property
    def args(self):
        return {}

    @property
    def form(self):
        return {name: values[0] for name, values in self._form.items()}


class Handler(BaseHTTPRequestHandler):
    """Serves `metadata` at both well-known paths and introspection at /introspect (for
    `introspection`'s credentials, over `tokens`); a peer's subclass routes its other POSTs in
    `post(path, body, headers)`."""

    metadata = {}
    tokens = {}
    introspection = {}

    def log_message(self, *args):
        pass

    def answer(self, status, body, headers=()):
        body = (body if isinstance(body, str) else json.dumps(body)).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        for name, value in headers:
            if name.lower() != "content-type":
                self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        if self.path in ("/.well-known/oauth-authorization-server", "/.well-known/openid-configuration"):
            return self.answer(200, self.metadata)
        return self.answer(404, {"error": "not_found"})

    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", "0"))).decode()
        headers = {name: value for name, value in self.headers.items()}
        if self.path == "/introspect":
            return self.introspect(body, headers)
        try:
            return self.answer(*self.post(self.path, body, headers))
        except Exception as error:  # a peer bug must read as one, not as an empty reply
            return self.answer(500, {"error": "server_error", "error_description": repr(error)})

    def introspect(self, body, headers):
        from urllib.parse import parse_qs
        given = base64.b64decode(headers.get("Authorization", "Basic ").split(" ", 1)[1] or b"").decode(errors="replace")
        if given != f"{self.introspection['client_id']}:{self.introspection['client_secret']}":
            return self.answer(401, {"error": "invalid_client"})
        record = self.tokens.get(parse_qs(body).get("token", [""])[0])
        if not record or record["exp"] < time.time():
            return self.answer(200, {"active": False})
        return self.answer(200, dict(record, active=True, token_type="Bearer"))

    def post(self, path, body, headers):
        return 404, {"error": "not_found"}, ()
