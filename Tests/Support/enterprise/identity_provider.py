"""An enterprise identity provider for oauthgen's tests: idpyoidc (PyPI) as an OpenID provider on
127.0.0.1, with its RFC 8693 token exchange, plus the one thing idpyoidc does not ship: issuing an
Identity Assertion JWT Authorization Grant (ID-JAG, draft-ietf-oauth-identity-assertion-authz-grant
§4) for an ID token it issued.

    python3 identity_provider.py CONFIG.json
        prints "PORT <n>"; the issuer is http://127.0.0.1:<n>

CONFIG.json:
    {"clients": [{"client_id": ..., "client_secret": ... (or "jwks": {...} for private_key_jwt),
                  "redirect_uris": ["http://127.0.0.1/callback"]}],
     "id_jag": {"<authorization server issuer>": {"client_id": "<the client's ID there>",
                                                "resources": ["<MCP server>", ...]}},  (read per request)
     "log": "<file that gets one JSON line per token request>",
     "id_token_lifetime": <seconds its ID tokens live, 3600 by default>,
     "refresh_renews_id_token": <whether its metadata lists offline_access and a refresh token
                                 mints a new ID token (OIDC Core §11, §12.2); false by default: then
                                 it lists openid alone and a refresh mints none, as idpyoidc ships>}

What idpyoidc does as shipped: discovery, the code flow with PKCE (user "diana", signed in without
a form: NoAuthn), ID tokens, client authentication (secrets and private_key_jwt), and token
exchange of its own access and refresh tokens, refusing unknown audiences and resources with
invalid_target. What is added here, kept to the draft's shape:
- loopback redirect URIs match whatever port the request names (RFC 8252 §7.3; idpyoidc compares
  the whole URI);
- an ID token as the subject of a token exchange asking for
  urn:ietf:params:oauth:token-type:id-jag: the ID token must be one this provider issued to the
  authenticated client and still valid; the audience must be an authorization server this
  provider's policy ("id_jag") names, and the resource one of its resources (else invalid_target);
  the answer is a JWT of type oauth-id-jag+jwt naming the user (sub), the authorization server
  (aud), the client's ID there (client_id), the resource, the scope and a fresh jti, signed with
  the provider's key, living 300 s (draft §4.3, §4.3.1).
"""
import json
import logging
import os
import socket
import sys
import time
import uuid
import urllib.parse
from http.server import BaseHTTPRequestHandler

from wire import log_token_request, serve  # noqa: E402

from cryptojwt.jws.jws import factory  # noqa: E402
from cryptojwt.jwt import JWT  # noqa: E402
from idpyoidc.message.oauth2 import ResponseMessage, TokenExchangeRequest  # noqa: E402
from idpyoidc.message.oidc import AccessTokenRequest  # noqa: E402
from idpyoidc.server import OPConfiguration, Server  # noqa: E402
from idpyoidc.server.oidc.token import Token  # noqa: E402
from idpyoidc.server.oidc.token_helper.token_exchange import TokenExchangeHelper  # noqa: E402

ID_JAG = "urn:ietf:params:oauth:token-type:id-jag"
ID_TOKEN = "urn:ietf:params:oauth:token-type:id_token"
# PEER_DEBUG=1 shows idpyoidc's own log, which says why it refused a client (its answers only say
# "Authorization failed"). For debugging the peer by hand: that log holds the requests' credentials.
if os.environ.get("PEER_DEBUG"):
    logging.basicConfig(level=logging.INFO)
CONFIG = json.load(open(sys.argv[1]))
listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
listener.bind(("127.0.0.1", 0))
PORT = listener.getsockname()[1]
ISSUER = f"http://127.0.0.1:{PORT}"
KEYS = [{"type": "RSA", "key": "", "use": ["sig"]}, {"type": "EC", "crv": "P-256", "use": ["sig"]}]
CRYPT = {"kwargs": {"keys": {"key_defs": [{"type": "OCT", "use": ["enc"], "kid": "password"},
                                          {"type": "OCT", "use": ["enc"], "kid": "salt"}]}, "iterations": 1}}


class IDJAGExchange(TokenExchangeHelper):
    """RFC 8693 as idpyoidc ships it, and an ID token in for an ID-JAG out."""

    def __init__(self, endpoint, config=None):
        TokenExchangeHelper.__init__(self, endpoint, config)
        self.config["subject_token_types_supported"] = list(self.token_types_mapping) + [ID_TOKEN]

    def post_parse_request(self, request, client_id="", **kwargs):
        if request.get("subject_token_type") != ID_TOKEN:
            return TokenExchangeHelper.post_parse_request(self, request, client_id, **kwargs)
        # idpyoidc's later steps (its PKCE check) pass a token exchange by its message class.
        request = TokenExchangeRequest(**request.to_dict())
        if request.get("requested_token_type") != ID_JAG:
            return self.error_cls(error="invalid_request", error_description="an ID token is exchanged for an ID-JAG only")
        context = self.endpoint.upstream_get("context")
        try:
            jws = factory(request["subject_token"])
            claims = jws.verify_compact(request["subject_token"], keys=context.keyjar.get_verify_key(issuer_id=""))
        except Exception:
            return self.error_cls(error="invalid_request", error_description="subject token invalid")
        audiences = claims.get("aud") if isinstance(claims.get("aud"), list) else [claims.get("aud")]
        if claims.get("iss") != ISSUER or client_id not in audiences or claims.get("exp", 0) < time.time():
            return self.error_cls(error="invalid_request", error_description="subject token invalid")
        target = request.get("audience")
        target = target[0] if isinstance(target, list) and len(target) == 1 else target
        # Read at each request: the test writes the policy once it knows the servers' ports.
        policy = json.load(open(sys.argv[1])).get("id_jag", {}).get(target) if isinstance(target, str) else None
        if policy is None:
            return self.error_cls(error="invalid_target", error_description="no ID-JAG for that audience")
        resources = request.get("resource") or []
        resources = [resources] if isinstance(resources, str) else resources
        if len(resources) > 1 or any(resource not in policy.get("resources", []) for resource in resources):
            return self.error_cls(error="invalid_target", error_description="no ID-JAG for that resource")
        request["id_jag"] = {"sub": claims["sub"], "aud": target, "client_id": policy["client_id"],
                             "resource": resources[0] if resources else None, "auth_time": claims.get("auth_time")}
        return request

    def process_request(self, request, **kwargs):
        grant = request.get("id_jag")
        if grant is None:
            return TokenExchangeHelper.process_request(self, request, **kwargs)
        context = self.endpoint.upstream_get("context")
        payload = {"sub": grant["sub"], "client_id": grant["client_id"], "jti": uuid.uuid4().hex}
        for name in ("resource", "auth_time"):
            if grant[name] is not None:
                payload[name] = grant[name]
        scope = request.get("scope")
        if scope:
            payload["scope"] = " ".join(scope) if isinstance(scope, list) else scope
        signer = JWT(key_jar=context.keyjar, iss=ISSUER, lifetime=300, sign_alg="RS256")
        token = signer.pack(payload=payload, aud=grant["aud"], jws_headers={"typ": "oauth-id-jag+jwt"})
        answer = {"access_token": token, "issued_token_type": ID_JAG, "token_type": "N_A", "expires_in": 300}
        if "scope" in payload:
            answer["scope"] = payload["scope"]
        return {"response_args": answer, "http_headers": [("Cache-Control", "no-store")]}


class IDJAGToken(Token):
    helper_by_grant_type = dict(Token.helper_by_grant_type)
    helper_by_grant_type["urn:ietf:params:oauth:grant-type:token-exchange"] = IDJAGExchange
    token_exchange_helper = IDJAGExchange

    def process_request(self, request=None, **kwargs):
        # An ID-JAG is no token of idpyoidc's sessions: it is answered as minted.
        if isinstance(request, dict) or hasattr(request, "get"):
            if request.get("id_jag"):
                return self._get_helper(request).process_request(request, **kwargs)
        return Token.process_request(self, request, **kwargs)


CONF = {
    "issuer": ISSUER,
    "httpc_params": {"verify": False, "timeout": 5},
    "key_conf": {"uri_path": "jwks.json", "key_defs": KEYS},
    "token_handler_args": {
        "key_conf": {"key_defs": KEYS},
        "code": {"kwargs": {"crypt_conf": CRYPT}},
        "token": {"class": "idpyoidc.server.token.jwt_token.JWTToken", "kwargs": {"add_claims_by_scope": True}},
        "refresh": {"class": "idpyoidc.server.token.jwt_token.JWTToken", "kwargs": {}},
        "id_token": {"class": "idpyoidc.server.token.id_token.IDToken", "kwargs": {"lifetime": CONFIG.get("id_token_lifetime", 3600)}},
    },
    "endpoint": {
        "provider_config": {"path": ".well-known/openid-configuration",
                            "class": "idpyoidc.server.oidc.provider_config.ProviderConfiguration", "kwargs": {}},
        "authorization": {"path": "authorization", "class": "idpyoidc.server.oidc.authorization.Authorization", "kwargs": {}},
        "token": {"path": "token", "class": IDJAGToken,
                  "kwargs": {"client_authn_method": ["client_secret_basic", "client_secret_post", "private_key_jwt"]}},
    },
    "add_on": {"pkce": {"function": "idpyoidc.server.oauth2.add_on.pkce.add_support",
                        "kwargs": {"essential": True, "code_challenge_method": "S256"}}},
    "authentication": {"anon": {"acr": "urn:oasis:names:tc:SAML:2.0:ac:classes:InternetProtocolPassword",
                                "class": "idpyoidc.server.user_authn.user.NoAuthn", "kwargs": {"user": "diana"}}},
    "userinfo": {"class": "idpyoidc.server.user_info.UserInfo", "kwargs": {"db": {"diana": {"name": "Diana", "email": "diana@example.org"}}}},
    "authz": {"class": "idpyoidc.server.authz.AuthzHandling", "kwargs": {"grant_config": {
        "usage_rules": {"authorization_code": {"supports_minting": ["access_token", "refresh_token", "id_token"], "max_usage": 1,
                                               "expires_in": 300},
                        "access_token": {"supports_minting": ["access_token"], "expires_in": 600},
                        "refresh_token": {"supports_minting": ["access_token"] + (["id_token"] if CONFIG.get("refresh_renews_id_token") else []),
                                          "expires_in": 43200}},
        "expires_in": 43200}}},
    "session_params": {"encrypter": CRYPT},
    "scopes_to_claims": {"openid": ["sub"], "profile": ["name"], "email": ["email"], "offline_access": []},
}
if CONFIG.get("refresh_renews_id_token"):
    # Said in the metadata, so that a client asks for a refresh token (OIDC Core §11).
    CONF["scopes_supported"] = ["openid", "offline_access"]
server = Server(OPConfiguration(conf=CONF, base_path=os.getcwd()), cwd=os.getcwd())
context = server.context
for client in CONFIG["clients"]:
    info = dict(client)
    info.setdefault("allowed_scopes", ["openid", "profile", "email", "offline_access", "read", "write"])
    info.setdefault("response_types_supported", ["code"])
    info["token_endpoint_auth_method"] = "private_key_jwt" if "jwks" in info else "client_secret_basic"
    if "jwks" in info:
        context.keyjar.import_jwks(info.pop("jwks"), client["client_id"])
    context.cdb[client["client_id"]] = info
context.set_provider_info()


def with_loopback_port(query):
    """RFC 8252 §7.3: a loopback redirect URI registered without a port matches any port."""
    client = context.cdb.get(query.get("client_id", ""))
    uri = query.get("redirect_uri", "")
    parts = urllib.parse.urlsplit(uri)
    if client and parts.scheme == "http" and parts.hostname in ("127.0.0.1", "::1") and uri not in client["redirect_uris"]:
        portless = parts._replace(netloc=parts.hostname if parts.hostname != "::1" else "[::1]").geturl()
        if portless in client["redirect_uris"]:
            client["redirect_uris"] = client["redirect_uris"] + [uri]


class Handler(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def answer(self, status, body, headers=()):
        body = body.encode() if isinstance(body, str) else body
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def serve(self, endpoint, request, http_info):
        try:
            parsed = endpoint.parse_request(request, http_info=http_info)
        except Exception as error:
            return self.answer(400, ResponseMessage(error="invalid_request", error_description=str(error)).to_json(),
                               [("Content-Type", "application/json")])
        if isinstance(parsed, ResponseMessage) and "error" in parsed:
            status = 401 if parsed["error"] == "invalid_client" else 400
            return self.answer(status, parsed.to_json(), [("Content-Type", "application/json")])
        args = endpoint.process_request(AccessTokenRequest(**parsed) if isinstance(endpoint, Token) else parsed, http_info=http_info)
        if isinstance(args, ResponseMessage) and "error" in args:
            return self.answer(400, args.to_json(), [("Content-Type", "application/json")])
        if "redirect_location" in args:
            return self.answer(302, b"", [("Location", args["redirect_location"])])
        error = args.get("error", "")
        info = endpoint.do_response(request=parsed, **args)
        placement = info.get("response_placement", endpoint.response_placement)
        if placement == "url":
            return self.answer(302, b"", [("Location", info["response"])])
        status = 400 if "error" in (info["response"] if isinstance(info["response"], str) else "") and error else 200
        return self.answer(status, info["response"], info["http_headers"])

    def http_info(self):
        return {"headers": {name.lower(): value for name, value in self.headers.items()}, "method": self.command,
                "url": ISSUER + self.path}

    def do_GET(self):
        path, _, query = self.path.partition("?")
        if path == "/jwks.json":
            return self.answer(200, json.dumps(context.keyjar.export_jwks()), [("Content-Type", "application/json")])
        if path == "/.well-known/openid-configuration":
            return self.serve(server.get_endpoint("provider_config"), {}, self.http_info())
        if path == "/authorization":
            arguments = dict(urllib.parse.parse_qsl(query))
            with_loopback_port(arguments)
            return self.serve(server.get_endpoint("authorization"), arguments, self.http_info())
        return self.answer(404, b"not found")

    def do_POST(self):
        if self.path != "/token":
            return self.answer(404, b"not found")
        body = self.rfile.read(int(self.headers.get("Content-Length", "0"))).decode()
        log_token_request(CONFIG.get("log"), urllib.parse.parse_qs(body), self.headers.get("Authorization"))
        return self.serve(server.get_endpoint("token"), body, self.http_info())


if __name__ == "__main__":
    serve(listener, Handler)
