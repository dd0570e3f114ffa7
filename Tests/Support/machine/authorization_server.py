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
     "device_interval": <seconds between polls the device grant asks for (5 by default)>,
     "device_slow_down_below": <a poll sooner than this after the last is answered slow_down>}

Its metadata is what the grants require and no more: no authorization endpoint, no PKCE member,
no scopes_supported. "registration": true adds open RFC 7591 registration of public clients. A
device authorization is approved by the test, standing in for the user: POST /device/approve with
user_code. Around authlib (a library without a server): the HTTP plumbing, in-memory clients and
tokens, the metadata, introspection, approval, and the poll timing that answers slow_down. Access
tokens are bound to the request's `resource` (RFC 8707), reported by introspection as `aud`.
"""
import json
import os
import secrets
import socket
import sys
import time
import urllib.parse

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "enterprise"))
from authlib_peer import Handler as PeerHandler, Request  # noqa: E402
from wire import log_token_request, serve  # noqa: E402

os.environ["AUTHLIB_INSECURE_TRANSPORT"] = "1"  # loopback http only, as every test peer

from authlib.oauth2.rfc6749 import AuthorizationServer  # noqa: E402
from authlib.oauth2.rfc6749.errors import InvalidGrantError  # noqa: E402
from authlib.oauth2.rfc6749.grants import ClientCredentialsGrant  # noqa: E402
from authlib.oauth2.rfc6750 import BearerTokenGenerator  # noqa: E402
from authlib.oauth2.rfc7523 import JWTBearerClientAssertion, JWTBearerGrant  # noqa: E402
from authlib.oauth2.rfc7591 import ClientRegistrationEndpoint  # noqa: E402
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
        now, last = time.monotonic(), LAST_POLL.get(credential["device_code"])
        LAST_POLL[credential["device_code"]] = now
        return last is not None and now - last < CONFIG.get("device_slow_down_below", INTERVAL)


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

    def create_json_request(self, request):
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



class Registration(ClientRegistrationEndpoint):
    """Open dynamic registration (RFC 7591) of public clients, for the device grant."""

    def authenticate_token(self, request):
        return True

    def generate_client_secret(self, request):
        return None

    def get_server_metadata(self):
        return METADATA

    def save_client(self, client_info, client_metadata, request):
        info = {"client_id": client_info["client_id"], "grant_types": client_metadata.get("grant_types", [])}
        CLIENTS[info["client_id"]] = Client(info)
        return CLIENTS[info["client_id"]]


registration = None
if CONFIG.get("registration"):
    registration = Registration(server)
    server.register_endpoint(registration)

METADATA = {
    "issuer": ISSUER, "token_endpoint": TOKEN_ENDPOINT, "grant_types_supported": GRANT_TYPES,
    "token_endpoint_auth_methods_supported": ["client_secret_basic", "client_secret_post", "private_key_jwt", "none"],
    "token_endpoint_auth_signing_alg_values_supported": ["ES256", "RS256"],
    **({"device_authorization_endpoint": DEVICE_ENDPOINT} if device_endpoint else {}),
    **({"registration_endpoint": ISSUER + "/register"} if registration else {}),
}


class Handler(PeerHandler):
    metadata = METADATA
    tokens = TOKENS
    introspection = CONFIG["introspection"]

    def post(self, path, body, headers):
        if path == "/device/approve":
            APPROVED[urllib.parse.parse_qs(body).get("user_code", [""])[0]] = True
            return 200, {}, ()
        if path == "/register" and registration:
            data = json.loads(body or "{}")
            log_token_request(CONFIG.get("log"), {"endpoint": [path], **{name: [" ".join(data.get(name, []))] for name in (
                "grant_types", "redirect_uris", "response_types")}}, None)
            return server.create_endpoint_response("client_registration", Request(ISSUER + "/register", headers, json_body=data))
        if path == "/device_authorization" and device_endpoint:
            form = urllib.parse.parse_qs(body)
            log_token_request(CONFIG.get("log"), dict(form, endpoint=[path]), headers.get("Authorization"))
            return server.create_endpoint_response("device_authorization", Request(DEVICE_ENDPOINT, headers, form))
        if path != "/token":
            return 404, {"error": "not_found"}, ()
        form = urllib.parse.parse_qs(body)
        log_token_request(CONFIG.get("log"), form, headers.get("Authorization"))
        return server.create_token_response(Request(TOKEN_ENDPOINT, headers, form))


if __name__ == "__main__":
    serve(listener, Handler)
