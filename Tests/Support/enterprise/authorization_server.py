"""An MCP server's authorization server for oauthgen's tests: authlib's (PyPI) redeem side of
enterprise-managed authorization on 127.0.0.1. It takes an Identity Assertion JWT Authorization
Grant (ID-JAG) from one trusted identity provider with the RFC 7523 jwt-bearer grant
(`authlib.oauth2.drafts.IDJAGGrant`), authenticating the client with a secret or with
`private_key_jwt` (`authlib.oauth2.rfc7523.JWTBearerClientAssertion`), and answers RFC 7662
introspection for the MCP server (`mcp_server.py`, which checks each token there).

    python3 authorization_server.py CONFIG.json
        prints "PORT <n>"; the issuer is http://127.0.0.1:<n>

CONFIG.json:
    {"identity_provider": "<issuer whose ID-JAGs are trusted>",
     "clients": [{"client_id": ..., "client_secret": ...} or {"client_id": ..., "jwks": {...}}],
     "introspection": {"client_id": ..., "client_secret": ...},
     "log": "<file that gets one JSON line per token request>",
     "expires_in": <access token lifetime in seconds, 3600 by default; or a list, the lifetime of
                    the first token, the second, ..., the last one repeating>,
     "advertises": <how the metadata says it redeems ID-JAGs: ["profile"] (the default, what the
                    extension's §6 discovery reads), ["grant_types"], both, or [] (neither);
                    "scopes" adds the optional scopes_supported>,
     "secret_methods": <how it takes a client secret, and all its metadata lists for secrets:
                        ["client_secret_basic", "client_secret_post"] by default>,
     "client_id_metadata_documents": <true: it also takes as client ID the URL of a Client ID
                        Metadata Document (http on 127.0.0.1 here, https elsewhere), fetches the
                        document, and authenticates the client with the keys it lists; its
                        metadata then says client_id_metadata_document_supported>}

Its metadata is what the profile requires and no more: no authorization endpoint, no
response_types_supported and no PKCE member, since no code flow runs here (RFC 8414 §2 requires
the endpoint only of a server whose grants use it).

What is added around authlib, which is a library without a server: the HTTP plumbing, an
in-memory client list and token table, the RFC 8414 metadata document, and introspection. The
grant, its checks (typ oauth-id-jag+jwt, signature by the identity provider's keys, aud = this
issuer, exp, jti replay, client_id = the authenticated client) and client authentication are
authlib's. Access tokens are bound to the ID-JAG's `resource` (RFC 8707), which introspection
reports as `aud`; the grant issues no refresh token (draft §5).
"""
import json
import os
import secrets
import socket
import sys
import time
import urllib.parse
import urllib.request

from authlib_peer import Client, ClientAssertion, Handler as PeerHandler, Request  # noqa: E402
from wire import log_token_request, serve  # noqa: E402

os.environ["AUTHLIB_INSECURE_TRANSPORT"] = "1"  # loopback http only, as every test peer

from authlib.oauth2.drafts.id_jag import IDJAGGrant  # noqa: E402
from authlib.oauth2.rfc6749 import AuthorizationServer  # noqa: E402
from authlib.oauth2.rfc6750 import BearerTokenGenerator  # noqa: E402
from joserfc.jwk import KeySet  # noqa: E402

CONFIG = json.load(open(sys.argv[1]))
listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
listener.bind(("127.0.0.1", 0))
PORT = listener.getsockname()[1]
ISSUER = f"http://127.0.0.1:{PORT}"
TOKEN_ENDPOINT = ISSUER + "/token"
TOKENS = {}
USED_JTIS = set()


SECRET_METHODS = CONFIG.get("secret_methods", ["client_secret_basic", "client_secret_post"])
CLIENTS = {client["client_id"]: Client(client, SECRET_METHODS, [IDJAGGrant.GRANT_TYPE]) for client in CONFIG["clients"]}


class User:
    def __init__(self, sub):
        self.sub = sub

    def get_user_id(self):
        return self.sub


def identity_provider_keys():
    """The trusted identity provider's JWKS, from its discovery document."""
    with urllib.request.urlopen(CONFIG["identity_provider"] + "/.well-known/openid-configuration", timeout=5) as answer:
        jwks_uri = json.load(answer)["jwks_uri"]
    with urllib.request.urlopen(jwks_uri, timeout=5) as answer:
        return KeySet.import_key_set(json.load(answer))


class Grant(IDJAGGrant):
    TOKEN_ENDPOINT_AUTH_METHODS = ["client_secret_basic", "client_secret_post", "private_key_jwt"]

    def get_audiences(self):
        return [ISSUER]

    def resolve_issuer_key(self, issuer, headers):
        if issuer != CONFIG["identity_provider"]:
            raise ValueError("untrusted identity provider")
        return identity_provider_keys()

    def authenticate_user(self, subject):
        return User(subject)

    def check_jti(self, claims, jti):
        if jti in USED_JTIS:
            return False
        USED_JTIS.add(jti)
        return True

    def check_id_jag_permission(self, client, user, scopes):
        return True


def metadata_document_client(client_id):
    """The client a Client ID Metadata Document describes: the document at the client ID's URL,
    naming that URL as its client_id, with its public keys inline (`jwks`) for private_key_jwt."""
    url = urllib.parse.urlsplit(client_id)
    if not CONFIG.get("client_id_metadata_documents") or not (url.scheme == "https" or (url.scheme == "http" and url.hostname == "127.0.0.1")):
        return None
    try:
        with urllib.request.urlopen(client_id, timeout=5) as answer:
            document = json.load(answer)
    except (OSError, ValueError):
        return None
    if document.get("client_id") != client_id or "jwks" not in document:
        return None
    return Client({"client_id": client_id, "jwks": document["jwks"]}, SECRET_METHODS, [IDJAGGrant.GRANT_TYPE])


class Server(AuthorizationServer):
    def query_client(self, client_id):
        return CLIENTS.get(client_id) or metadata_document_client(client_id)

    def save_token(self, token, request):
        claims = getattr(request, "id_jag_claims", {}) or {}
        resource = claims.get("resource") or request.form.get("resource")
        TOKENS[token["access_token"]] = {
            "client_id": request.client.get_client_id(), "sub": claims.get("sub"), "scope": token.get("scope", ""),
            "aud": [resource] if resource else [], "exp": int(time.time()) + int(token.get("expires_in", 3600)),
        }

    def send_signal(self, name, *args, **kwargs):
        pass

    def create_oauth2_request(self, request):
        return request

    def handle_response(self, status, body, headers):
        return status, body, headers


server = Server(scopes_supported=["read", "write"])
LIFETIMES = CONFIG.get("expires_in", 3600)
LIFETIMES = [int(lifetime) for lifetime in (LIFETIMES if isinstance(LIFETIMES, list) else [LIFETIMES])]
ISSUED = [0]


def expires_in(client, grant_type):
    """The next token's lifetime: a test can make a first token short, to expire it, and the
    renewed one long, so that a loaded machine's delays cannot expire that one too."""
    lifetime = LIFETIMES[min(ISSUED[0], len(LIFETIMES) - 1)]
    ISSUED[0] += 1
    return lifetime


server.register_token_generator("default", BearerTokenGenerator(lambda **kwargs: secrets.token_urlsafe(32),
                                                                 expires_generator=expires_in))
# authlib names the method client_assertion_jwt; the metadata and clients call it private_key_jwt.
server.register_client_auth_method("private_key_jwt", ClientAssertion([ISSUER, TOKEN_ENDPOINT], USED_JTIS))
server.register_grant(Grant)

ADVERTISES = CONFIG.get("advertises", ["profile"])
METADATA = {
    "issuer": ISSUER, "token_endpoint": TOKEN_ENDPOINT, "introspection_endpoint": ISSUER + "/introspect",
    "token_endpoint_auth_methods_supported": SECRET_METHODS + ["private_key_jwt"],
    "token_endpoint_auth_signing_alg_values_supported": ["ES256", "RS256"],
    **({"scopes_supported": ["read", "write"]} if "scopes" in ADVERTISES else {}),
    **({"client_id_metadata_document_supported": True} if CONFIG.get("client_id_metadata_documents") else {}),
    **({"authorization_grant_profiles_supported": ["urn:ietf:params:oauth:grant-profile:id-jag"]} if "profile" in ADVERTISES else {}),
    **({"grant_types_supported": [IDJAGGrant.GRANT_TYPE]} if "grant_types" in ADVERTISES else {}),
}


class Handler(PeerHandler):
    metadata = METADATA
    tokens = TOKENS
    introspection = CONFIG["introspection"]

    def post(self, path, body, headers):
        if path != "/token":
            return 404, {"error": "not_found"}, ()
        form = urllib.parse.parse_qs(body)
        log_token_request(CONFIG.get("log"), form, headers.get("Authorization"))
        return server.create_token_response(Request(TOKEN_ENDPOINT, headers, form))


if __name__ == "__main__":
    serve(listener, Handler)
