"""What the test peers built on authlib (a library without a server) share: the form or JSON body
as its payload, the request object its grants and endpoints read, and an HTTP handler that serves
the metadata, RFC 7662 introspection for the MCP server, and whatever else a peer routes."""
import base64
import hashlib
import json
import secrets
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler

from authlib.oauth2.rfc6749 import OAuth2Payload, OAuth2Request
from authlib.oauth2.rfc7523 import JWTBearerClientAssertion
from joserfc.jwk import KeySet


class Client:
    """A client in a peer's configuration (`info`): a secret, taken by `secret_methods`; a JWK set
    (`jwks`), for private_key_jwt; or neither, a public client. Its grant types are
    `grant_types`, or else its entry's."""

    def __init__(self, info, secret_methods=("client_secret_basic", "client_secret_post"), grant_types=None):
        self.info = info
        self.secret_methods = secret_methods
        self.grant_types = grant_types if grant_types is not None else info.get("grant_types", [])

    def get_client_id(self):
        return self.info["client_id"]

    def get_allowed_scope(self, scope):
        # RFC 6749 §3.3: a request without scope gets the server's default (here, none) or fails;
        # authlib fails unless a default is given.
        return scope if scope is not None else ""

    def check_client_secret(self, secret):
        return "client_secret" in self.info and secrets.compare_digest(secret, self.info["client_secret"])

    def check_endpoint_auth_method(self, method, endpoint):
        # authlib reports a verified assertion under its own name for the method.
        if "jwks" in self.info:
            return method in ("private_key_jwt", JWTBearerClientAssertion.CLIENT_AUTH_METHOD)
        if "client_secret" in self.info:
            return method in self.secret_methods
        return method == "none"

    def check_grant_type(self, grant_type):
        return grant_type in self.grant_types


class ClientAssertion(JWTBearerClientAssertion):
    """private_key_jwt (RFC 7523 §2.2) with the client's JWK set, addressed to one of `audiences`
    (draft-ietf-oauth-rfc7523bis: the issuer; RFC 7523 §3's token endpoint URL still taken), each
    jti taken once (`used_jtis`)."""

    def __init__(self, audiences, used_jtis):
        super().__init__()
        self.audiences = audiences
        self.used_jtis = used_jtis

    def get_audiences(self):
        return self.audiences

    def validate_jti(self, claims, jti):
        key = "client:" + jti
        if key in self.used_jtis:
            return False
        self.used_jtis.add(key)
        return True

    def resolve_client_public_key(self, client):
        return KeySet.import_key_set(client.info["jwks"])


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

    def redirect_with_code(self, redirect, code, state):
        """The authorization response (RFC 6749 §4.1.2): a 302 to `redirect` with `code` and `state`."""
        location = redirect + ("&" if "?" in redirect else "?") + urllib.parse.urlencode({"code": code, "state": state})
        self.send_response(302)
        self.send_header("Location", location)
        self.send_header("Content-Length", "0")
        self.end_headers()

    @staticmethod
    def code_is_for(code, client_id, form):
        """Whether a code (as the authorization endpoint kept it) answers this token request: the same
        client and redirect URI, and the verifier of its S256 challenge (RFC 7636 §4.6)."""
        verifier = form.get("code_verifier", [""])[0].encode()
        challenge = base64.urlsafe_b64encode(hashlib.sha256(verifier).digest()).rstrip(b"=").decode()
        return bool(code) and code["client_id"] == client_id \
            and code["redirect_uri"] == form.get("redirect_uri", [""])[0] \
            and secrets.compare_digest(challenge, code["challenge"])

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
