"""An MCP server's authorization server for agents with no one at the keyboard, for oauthgen's
tests: authlib's (PyPI) grants on 127.0.0.1, with RFC 7662 introspection for the MCP server
(`mcp_server.py`, which checks each token there).

    python3 authorization_server.py CONFIG.json
        prints "PORT <n>"; the issuer is http://127.0.0.1:<n>

CONFIG.json:
    {"grants": <what it takes, each listed in grant_types_supported: "client_credentials" (RFC 6749
                §4.4, authlib's ClientCredentialsGrant), "workload" (the jwt-bearer grant, RFC 7523
                §2.1, authlib's JWTBearerGrant, for a workload's platform JWT), "device_code" (RFC
                8628, authlib's DeviceCodeGrant and device authorization endpoint)>,
     "clients": [{"client_id": ..., "client_secret": ... or "jwks": {...}, "grant_types": [...]}],
     "workload": {"issuer": "<the platform that issues workload JWTs>", "jwks_file": "<its public
                  keys, read for every request: a test rotates them>"},
     "introspection": {"client_id": ..., "client_secret": ...},
     "log": "<file that gets one JSON line per token or device authorization request>",
     "expires_in": <access token lifetime in seconds, or a list: the first token's, the second's,
                    ..., the last one repeating>,
     "device_interval": <seconds between polls the device grant asks for (5 by default)>}

Its metadata is what the grants require and no more: no authorization endpoint, no PKCE member,
no scopes_supported (RFC 8414 §2 requires none of them of a server whose grants do not use them).
A device authorization is approved by the test, standing in for the user on another device:
POST /device/approve with user_code.

What is added around authlib, which is a library without a server: the HTTP plumbing, in-memory
clients and tokens, the metadata document, introspection, approval, and the poll timing that
answers slow_down. Access tokens are bound to the request's `resource` (RFC 8707), which
introspection reports as `aud`; no grant here issues a refresh token.
"""
import base64
import json
import os
import secrets
import socket
import sys
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "enterprise"))
from authlib_request import Request  # noqa: E402
from wire import log_token_request, serve  # noqa: E402

os.environ["AUTHLIB_INSECURE_TRANSPORT"] = "1"  # loopback http only, as every test peer

from authlib.oauth2.rfc6749 import AuthorizationServer  # noqa: E402
from authlib.oauth2.rfc6749.errors import InvalidGrantError  # noqa: E402
from authlib.oauth2.rfc6749.grants import ClientCredentialsGrant  # noqa: E402
from authlib.oauth2.rfc6750 import BearerTokenGenerator  # noqa: E402
from authlib.oauth2.rfc7523 import JWTBearerClientAssertion, JWTBearerGrant  # noqa: E402
from authlib.oauth2.rfc8628 import DeviceAuthorizationEndpoint, DeviceCodeGrant, DeviceCredentialDict  # noqa: E402
from joserfc.jwk import KeySet  # noqa: E402

CONFIG = json.load(open(sys.argv[1]))
GRANTS = CONFIG.get("grants", [])
listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
listener.bind(("127.0.0.1", 0))
PORT = listener.getsockname()[1]
ISSUER = f"http://127.0.0.1:{PORT}"
TOKEN_ENDPOINT = ISSUER + "/token"
DEVICE_ENDPOINT = ISSUER + "/device_authorization"
TOKENS = {}
USED_JTIS = set()
DEVICE_CREDENTIALS = {}
APPROVED = {}
LAST_POLL = {}
INTERVAL = int(CONFIG.get("device_interval", 5))


class Client:
    def __init__(self, info):
        self.info = info

    def get_client_id(self):
        return self.info["client_id"]

    def get_allowed_scope(self, scope):
        return scope

    def check_client_secret(self, secret):
        return "client_secret" in self.info and secrets.compare_digest(secret, self.info["client_secret"])

    def check_endpoint_auth_method(self, method, endpoint):
        if "jwks" in self.info:
            return method in ("private_key_jwt", JWTBearerClientAssertion.CLIENT_AUTH_METHOD)
        if "client_secret" in self.info:
            return method in ("client_secret_basic", "client_secret_post")
        return method == "none"

    def check_grant_type(self, grant_type):
        return grant_type in self.info.get("grant_types", [])


class Workload:
    """The client a workload's JWT stands for: its platform, trusted for the jwt-bearer grant."""

    def get_client_id(self):
        return "workload"

    def get_allowed_scope(self, scope):
        return scope

    def check_grant_type(self, grant_type):
        return grant_type == JWTBearerGrant.GRANT_TYPE


CLIENTS = {client["client_id"]: Client(client) for client in CONFIG.get("clients", [])}


class User:
    def __init__(self, sub):
        self.sub = sub

    def get_user_id(self):
        return self.sub


class ClientAssertion(JWTBearerClientAssertion):
    def get_audiences(self):
        return [ISSUER, TOKEN_ENDPOINT]

    def validate_jti(self, claims, jti):
        key = "client:" + jti
        if key in USED_JTIS:
            return False
        USED_JTIS.add(key)
        return True

    def resolve_client_public_key(self, client):
        return KeySet.import_key_set(client.info["jwks"])


class WorkloadGrant(JWTBearerGrant):
    """The jwt-bearer grant for a workload JWT: signed by the platform's keys, aud this server's
    token endpoint or issuer, not expired, its jti never seen before."""

    def get_audiences(self):
        return [TOKEN_ENDPOINT, ISSUER]

    def resolve_issuer_client(self, issuer):
        return Workload() if issuer == CONFIG["workload"]["issuer"] else None

    def resolve_client_public_key(self, client):
        with open(CONFIG["workload"]["jwks_file"]) as keys:
            return KeySet.import_key_set(json.load(keys))

    def authenticate_user(self, subject):
        return User(subject)

    def has_granted_permission(self, client, user):
        return True

    def process_assertion_claims(self, assertion):
        claims = super().process_assertion_claims(assertion)
        jti = claims.get("jti")
        if not jti or jti in USED_JTIS:
            raise InvalidGrantError(description="the workload JWT has no jti, or one already used")
        USED_JTIS.add(jti)
        return claims


class DeviceGrant(DeviceCodeGrant):
    def query_device_credential(self, device_code):
        return DEVICE_CREDENTIALS.get(device_code)

    def query_user_grant(self, user_code):
        return (User("device-user"), True) if APPROVED.get(user_code) else None

    def should_slow_down(self, credential):
        # RFC 8628 §3.5: a poll sooner than the interval since the last one is asked to slow down.
        now = time.monotonic()
        last = LAST_POLL.get(credential["device_code"])
        LAST_POLL[credential["device_code"]] = now
        return last is not None and now - last < INTERVAL


class DeviceEndpoint(DeviceAuthorizationEndpoint):
    INTERVAL = INTERVAL

    def get_verification_uri(self):
        return ISSUER + "/device"

    def save_device_credential(self, client_id, scope, data):
        DEVICE_CREDENTIALS[data["device_code"]] = DeviceCredentialDict(
            client_id=client_id, scope=scope, expires_at=time.time() + data["expires_in"], **data)


class Server(AuthorizationServer):
    def query_client(self, client_id):
        return CLIENTS.get(client_id)

    def save_token(self, token, request):
        user = getattr(request, "user", None)
        resource = request.form.get("resource")
        TOKENS[token["access_token"]] = {
            "client_id": request.client.get_client_id(), "sub": user.sub if user else request.client.get_client_id(),
            "scope": token.get("scope", ""), "aud": [resource] if resource else [],
            "exp": int(time.time()) + int(token.get("expires_in", 3600)),
        }

    def send_signal(self, name, *args, **kwargs):
        pass

    def create_oauth2_request(self, request):
        return request

    def handle_response(self, status, body, headers):
        return status, body, headers


server = Server()
LIFETIMES = CONFIG.get("expires_in", 3600)
LIFETIMES = [int(lifetime) for lifetime in (LIFETIMES if isinstance(LIFETIMES, list) else [LIFETIMES])]
ISSUED = [0]


def expires_in(client, grant_type):
    """The next token's lifetime: a first token short, to expire it; the later ones long."""
    lifetime = LIFETIMES[min(ISSUED[0], len(LIFETIMES) - 1)]
    ISSUED[0] += 1
    return lifetime


server.register_token_generator("default", BearerTokenGenerator(lambda **kwargs: secrets.token_urlsafe(32),
                                                                 expires_generator=expires_in))
server.register_client_auth_method("private_key_jwt", ClientAssertion())
GRANT_TYPES = []
if "client_credentials" in GRANTS:
    ClientCredentialsGrant.TOKEN_ENDPOINT_AUTH_METHODS = ["client_secret_basic", "client_secret_post", "private_key_jwt"]
    server.register_grant(ClientCredentialsGrant)
    GRANT_TYPES.append(ClientCredentialsGrant.GRANT_TYPE)
if "workload" in GRANTS:
    server.register_grant(WorkloadGrant)
    GRANT_TYPES.append(JWTBearerGrant.GRANT_TYPE)
device_endpoint = None
if "device_code" in GRANTS:
    server.register_grant(DeviceGrant)
    device_endpoint = DeviceEndpoint(server)
    server.register_endpoint(device_endpoint)
    GRANT_TYPES.append(DeviceCodeGrant.GRANT_TYPE)

METADATA = {
    "issuer": ISSUER, "token_endpoint": TOKEN_ENDPOINT, "grant_types_supported": GRANT_TYPES,
    "token_endpoint_auth_methods_supported": ["client_secret_basic", "client_secret_post", "private_key_jwt"],
    "token_endpoint_auth_signing_alg_values_supported": ["ES256", "RS256"],
    **({"device_authorization_endpoint": DEVICE_ENDPOINT} if device_endpoint else {}),
}


class Handler(BaseHTTPRequestHandler):
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
            return self.answer(200, METADATA)
        return self.answer(404, {"error": "not_found"})

    def do_POST(self):
        form = urllib.parse.parse_qs(self.rfile.read(int(self.headers.get("Content-Length", "0"))).decode())
        headers = {name: value for name, value in self.headers.items()}
        if self.path == "/introspect":
            return self.introspect(form, headers)
        if self.path == "/device/approve":
            APPROVED[form.get("user_code", [""])[0]] = True
            return self.answer(200, {})
        if self.path not in ("/token", "/device_authorization") or (self.path != "/token" and not device_endpoint):
            return self.answer(404, {"error": "not_found"})
        log_token_request(CONFIG.get("log"), dict(form, endpoint=[self.path]), headers.get("Authorization"))
        try:
            if self.path == "/token":
                status, body, answer_headers = server.create_token_response(Request(TOKEN_ENDPOINT, headers, form))
            else:
                status, body, answer_headers = server.create_endpoint_response(
                    "device_authorization", Request(DEVICE_ENDPOINT, headers, form))
        except Exception as error:  # a peer bug must read as one, not as an empty reply
            return self.answer(500, {"error": "server_error", "error_description": repr(error)})
        return self.answer(status, body, answer_headers)

    def introspect(self, form, headers):
        expected = CONFIG["introspection"]
        given = base64.b64decode(headers.get("Authorization", "Basic ").split(" ", 1)[1] or b"").decode(errors="replace")
        if given != f"{expected['client_id']}:{expected['client_secret']}":
            return self.answer(401, {"error": "invalid_client"})
        record = TOKENS.get(form.get("token", [""])[0])
        if not record or record["exp"] < time.time():
            return self.answer(200, {"active": False})
        return self.answer(200, dict(record, active=True, token_type="Bearer"))


if __name__ == "__main__":
    serve(listener, Handler)
