"""An MCP server's authorization server for agents with no one at the keyboard, for oauthgen's
tests: authlib's (PyPI) grants on 127.0.0.1, with RFC 7662 introspection for the MCP server
(`mcp_server.py`, which checks each token there).

    python3 authorization_server.py CONFIG.json
        prints "PORT <n>"; the issuer is http://127.0.0.1:<n>

CONFIG.json:
    {"grants": <what it takes, each listed in grant_types_supported: "client_credentials" (RFC 6749
                §4.4, authlib's ClientCredentialsGrant), "workload" (the jwt-bearer grant, RFC 7523
                §2.1, authlib's JWTBearerGrant, for a workload's platform JWT), "device_code" (RFC
                8628, authlib's DeviceCodeGrant and device authorization endpoint), "refresh" (rotating
                refresh tokens for the device grant's clients)>,
     "refresh_refuses_resource": <true: a refresh naming a resource is refused, as Microsoft Entra
                ID v2.0 does (AADSTS9010010)>,
     "clients": [{"client_id": ..., "client_secret": ... or "jwks": {...}, "grant_types": [...]}],
     "workload": {"issuer": "<the platform that issues workload JWTs>", "jwks_file": "<its public
                  keys, read for every request: a test rotates them>"},
     "introspection": {"client_id": ..., "client_secret": ...},
     "log": "<file that gets one JSON line per token or device authorization request>",
     "answers": "<file that gets one JSON line per token response, once it is made: its status and
                 error code, so a test can wait for an answer rather than sleep past it>",
     "expires_in": <access token lifetime in seconds, or a list: the first token's, the second's,
                    ..., the last one repeating>,
     "device_interval": <seconds between polls the device grant asks for (5 by default)>,
     "device_slow_down_below": <a poll sooner than this after the last is answered slow_down>,
     "lists_unused_authorization_endpoint": <true: the metadata names an authorization endpoint
                that nothing serves, for the Python SDK's client, which requires one>}

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
import sys
import time
import urllib.parse

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "enterprise"))
os.environ["AUTHLIB_INSECURE_TRANSPORT"] = "1"  # loopback http only, as every test peer

from authlib_peer import ClientAssertion, Handler as PeerHandler, Request  # noqa: E402
from wire import log_token_request, serve  # noqa: E402

from authlib.oauth2.rfc6749 import AuthorizationServer  # noqa: E402
from authlib.oauth2.rfc6749.grants import ClientCredentialsGrant  # noqa: E402
from authlib.oauth2.rfc6750 import BearerTokenGenerator  # noqa: E402
from authlib.oauth2.rfc7523 import JWTBearerGrant  # noqa: E402
from authlib.oauth2.rfc8628 import DeviceCodeGrant  # noqa: E402

from grants import DeviceEndpoint, DeviceGrant, Refresh, Registration, WorkloadGrant  # noqa: E402
from state import APPROVED, CLIENTS, CONFIG, DEVICE_ENDPOINT, ISSUER, REFRESH, TOKEN_ENDPOINT, TOKENS, USED_JTIS, listener  # noqa: E402

GRANTS = CONFIG.get("grants", [])


class Server(AuthorizationServer):
    def query_client(self, client_id):
        return CLIENTS.get(client_id)

    def save_token(self, token, request):
        user = getattr(request, "user", None)
        # A refresh that names no resource keeps the grant's (what Entra does with its scopes).
        previous = getattr(request, "refresh_token", None)
        resource = request.form.get("resource") or ((previous or {}).get("aud") or [None])[0]
        TOKENS[token["access_token"]] = {
            "client_id": request.client.get_client_id(), "sub": user.sub if user else request.client.get_client_id(),
            "scope": token.get("scope", ""), "aud": [resource] if resource else [],
            "exp": int(time.time()) + int(token.get("expires_in", 3600)),
        }
        if token.get("refresh_token"):
            REFRESH[token["refresh_token"]] = dict(TOKENS[token["access_token"]], revoked=False)

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


server.register_token_generator("default", BearerTokenGenerator(
    lambda **kwargs: secrets.token_urlsafe(32), refresh_token_generator=lambda **kwargs: secrets.token_urlsafe(32),
    expires_generator=expires_in))
server.register_client_auth_method("private_key_jwt", ClientAssertion([ISSUER, TOKEN_ENDPOINT], USED_JTIS))
GRANT_TYPES = []
if "client_credentials" in GRANTS:
    ClientCredentialsGrant.TOKEN_ENDPOINT_AUTH_METHODS = ["client_secret_basic", "client_secret_post", "private_key_jwt"]
    server.register_grant(ClientCredentialsGrant)
    GRANT_TYPES.append(ClientCredentialsGrant.GRANT_TYPE)
if "workload" in GRANTS:
    server.register_grant(WorkloadGrant)
    GRANT_TYPES.append(JWTBearerGrant.GRANT_TYPE)
if "refresh" in GRANTS:
    server.register_grant(Refresh)
    GRANT_TYPES.append("refresh_token")
device_endpoint = None
if "device_code" in GRANTS:
    server.register_grant(DeviceGrant)
    device_endpoint = DeviceEndpoint(server)
    server.register_endpoint(device_endpoint)
    GRANT_TYPES.append(DeviceCodeGrant.GRANT_TYPE)


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
    # Only for the benchmark's Python SDK client, whose metadata model requires these members even
    # of a server that runs no code flow (RFC 8414 §2 does not): nothing answers there.
    **({"authorization_endpoint": ISSUER + "/authorize", "response_types_supported": ["code"]}
       if CONFIG.get("lists_unused_authorization_endpoint") else {}),
}
server.metadata = METADATA


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
        status, payload, response_headers = server.create_token_response(Request(TOKEN_ENDPOINT, headers, form))
        if CONFIG.get("answers"):
            with open(CONFIG["answers"], "a") as answers:
                answers.write(json.dumps({"status": status, "error": payload.get("error") if isinstance(payload, dict) else None}) + "\n")
        return status, payload, response_headers


if __name__ == "__main__":
    serve(listener, Handler)
