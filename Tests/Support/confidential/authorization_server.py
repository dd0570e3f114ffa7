"""A spec-minimal authorization server for confidential clients on the code flow, for oauthgen's
tests (issue 53, item 9; the MCP conformance suite's token-endpoint-auth-basic, -post and
pre-registration rows). Standard library only, on 127.0.0.1.

    python3 authorization_server.py CONFIG.json
        prints "PORT <n>"; the issuer is http://127.0.0.1:<n>

CONFIG.json:
    {"method": "client_secret_basic" or "client_secret_post": the one way it authenticates clients,
               the only entry of token_endpoint_auth_methods_supported,
     "registration": <true: open RFC 7591 registration that answers every request with a secret of
                     the new client's own and `method`, whatever the request asked for>,
     "clients": [{"client_id": ..., "client_secret": ..., "redirect_uris": [...]}],
     "introspection": {"client_id": ..., "client_secret": ...},
     "log": "<file that gets one JSON line per registration and token request>"}

Its metadata is what RFC 8414 §2 and the code flow with PKCE need and no more: issuer, the two
endpoints, response_types_supported, code_challenge_methods_supported (the MCP authorization
spec requires it), the one auth method, and registration_endpoint when registration is open. The
authorization endpoint approves at once (no user to ask) and redirects with a code; a loopback
redirect URI matches whatever its port (RFC 8252 §7.3). Each token request must authenticate
with `method` and the client's own secret: anything else is 401 invalid_client. Codes are single
use and checked against their client, redirect URI and PKCE verifier (RFC 7636 §4.6); refresh
tokens rotate. The log names parameters and how the client authenticated, never a secret, code
or token.
"""
import base64
import json
import os
import secrets
import sys
import time
import urllib.parse

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "enterprise"))
from authlib_peer import Handler as PeerHandler  # noqa: E402
from wire import serve  # noqa: E402
import socket  # noqa: E402

CONFIG = json.load(open(sys.argv[1]))
METHOD = CONFIG["method"]
listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
listener.bind(("127.0.0.1", 0))
ISSUER = f"http://127.0.0.1:{listener.getsockname()[1]}"
CLIENTS = {client["client_id"]: client for client in CONFIG.get("clients", [])}
CODES, TOKENS, REFRESH = {}, {}, {}
METADATA = {
    "issuer": ISSUER, "authorization_endpoint": ISSUER + "/authorize", "token_endpoint": ISSUER + "/token",
    "response_types_supported": ["code"], "code_challenge_methods_supported": ["S256"],
    "token_endpoint_auth_methods_supported": [METHOD],
    **({"registration_endpoint": ISSUER + "/register"} if CONFIG.get("registration") else {}),
}


def log(record):
    with open(CONFIG["log"], "a") as file:
        file.write(json.dumps(dict(record, at=time.time())) + "\n")


def redirect_matches(registered, sent):
    """Exact, except a loopback redirect's port (RFC 8252 §7.3)."""
    a, b = urllib.parse.urlsplit(registered), urllib.parse.urlsplit(sent)
    if a.hostname in ("127.0.0.1", "::1") and a.scheme == "http":
        return (a.scheme, a.hostname, a.path, a.query) == (b.scheme, b.hostname, b.path, b.query)
    return registered == sent


def authenticate(headers, form):
    """The client the request authenticates as with METHOD, and how it tried; None if it did not."""
    authorization = headers.get("Authorization", "")
    if authorization.startswith("Basic "):
        tried = "client_secret_basic"
        try:
            decoded = base64.b64decode(authorization[6:], validate=True).decode()
            client_id, secret = (urllib.parse.unquote_plus(part) for part in decoded.split(":", 1))
        except (ValueError, UnicodeDecodeError):
            return None, tried
    elif "client_secret" in form:
        tried = "client_secret_post"
        client_id, secret = form.get("client_id", [""])[0], form["client_secret"][0]
    else:
        return None, "none"
    client = CLIENTS.get(client_id)
    if tried != METHOD or not client or not secrets.compare_digest(secret, client["client_secret"]):
        return None, tried
    return client, tried


def issue(client_id, scope, resource):
    token, refresh = secrets.token_urlsafe(32), secrets.token_urlsafe(32)
    TOKENS[token] = {"client_id": client_id, "sub": "confidential-user", "scope": scope,
                     "aud": [resource] if resource else [], "exp": int(time.time()) + 3600}
    REFRESH[refresh] = {"client_id": client_id, "scope": scope, "resource": resource}
    return {"access_token": token, "token_type": "Bearer", "expires_in": 3600, "refresh_token": refresh,
            "scope": scope}


class Handler(PeerHandler):
    metadata = METADATA
    tokens = TOKENS
    introspection = CONFIG["introspection"]

    def do_GET(self):
        url = urllib.parse.urlsplit(self.path)
        if url.path != "/authorize":
            return super().do_GET()
        query = {name: values[0] for name, values in urllib.parse.parse_qs(url.query).items()}
        client = CLIENTS.get(query.get("client_id", ""))
        redirect = query.get("redirect_uri", "")
        if not client or not any(redirect_matches(uri, redirect) for uri in client.get("redirect_uris", [])):
            return self.answer(400, {"error": "invalid_request", "error_description": "unknown client or redirect"})
        if query.get("response_type") != "code" or query.get("code_challenge_method") != "S256" \
                or not query.get("code_challenge"):
            return self.answer(400, {"error": "invalid_request", "error_description": "code with S256 PKCE only"})
        code = secrets.token_urlsafe(24)
        CODES[code] = {"client_id": client["client_id"], "redirect_uri": redirect,
                       "challenge": query["code_challenge"], "scope": query.get("scope", "read"),
                       "resource": query.get("resource")}
        log({"endpoint": "/authorize", "client_id": client["client_id"], "resource": query.get("resource")})
        # No `iss` (RFC 9207): the metadata does not say the server sends one.
        self.redirect_with_code(redirect, code, query.get("state", ""))

    def post(self, path, body, headers):
        if path == "/register" and CONFIG.get("registration"):
            request = json.loads(body or "{}")
            log({"endpoint": "/register", **{name: request.get(name) for name in (
                "token_endpoint_auth_method", "application_type", "grant_types", "redirect_uris")}})
            client = {"client_id": "dyn-" + secrets.token_hex(6), "client_secret": secrets.token_urlsafe(24),
                      "redirect_uris": request.get("redirect_uris", [])}
            CLIENTS[client["client_id"]] = client
            # RFC 7591 §3.2.1: the client's ID, its secret with client_secret_expires_at (required
            # with a secret), and its metadata as registered.
            return 201, dict(client, token_endpoint_auth_method=METHOD, client_secret_expires_at=0,
                             grant_types=request.get("grant_types", []), response_types=["code"]), ()
        if path != "/token":
            return 404, {"error": "not_found"}, ()
        form = urllib.parse.parse_qs(body)
        grant = form.get("grant_type", [""])[0]
        client, tried = authenticate(headers, form)
        log({"endpoint": "/token", "grant_type": grant, "client_auth": tried,
             "client_id": client["client_id"] if client else None})
        if not client:
            return 401, {"error": "invalid_client"}, (("WWW-Authenticate", 'Basic realm="token"'),)
        if grant == "authorization_code":
            code = CODES.pop(form.get("code", [""])[0], None)
            if not self.code_is_for(code, client["client_id"], form):
                return 400, {"error": "invalid_grant"}, ()
            return 200, issue(client["client_id"], code["scope"], form.get("resource", [code["resource"]])[0]), ()
        if grant == "refresh_token":
            record = REFRESH.pop(form.get("refresh_token", [""])[0], None)
            if not record or record["client_id"] != client["client_id"]:
                return 400, {"error": "invalid_grant"}, ()
            return 200, issue(client["client_id"], record["scope"], form.get("resource", [record["resource"]])[0]), ()
        return 400, {"error": "unsupported_grant_type"}, ()


if __name__ == "__main__":
    serve(listener, Handler)
