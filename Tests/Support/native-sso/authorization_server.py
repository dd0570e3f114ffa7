"""A spec-minimal OpenID provider for OpenID Connect Native SSO for Mobile Apps 1.0 (draft 07),
for oauthgen's tests (issue 56). No packaged server implements it; this one implements what the
draft requires of an authorization server and nothing a client might merely like. On 127.0.0.1.

    python3 authorization_server.py CONFIG.json
        prints "PORT <n>"; the issuer is http://127.0.0.1:<n>

CONFIG.json:
    {"native_sso_supported": <true: the discovery document says so (§5); false: the member is absent>,
     "clients": [{"client_id": ..., "redirect_uris": [...], "family": "<name>" or absent}],
     "device_secret_token_type": <the actor_token_type it takes; the draft's URN by default>,
     "id_token_lifetime": <seconds, 300 by default>,
     "exchange_subject": <a subject to put in every exchanged ID token instead of the user's: a
                          server that answers for another user, for the client to refuse>,
     "exchange_refresh_token": <false: the exchange answers without a refresh token (optional,
                                RFC 8693 §2.2.1); true by default>,
     "rotate_device_secret": <true: the exchange and each refresh of a device_sso grant answer with a
                              new device secret and an ID token carrying its ds_hash (optional,
                              draft 07 §3.4.3, §4.4); false by default>,
     "log": "<file that gets one JSON line per token request, never a token or secret>"}

Its discovery document has OpenID Connect Discovery 1.0 §3's required members and, where the
configuration says so, `native_sso_supported`; nothing else (no PKCE or auth-method list, which are
optional and which the client does without). Public clients (token_endpoint_auth_method none, the
client sends its client_id); the authorization endpoint approves at once for
the user "alice" and redirects with a code (S256 PKCE required). For the code grant it issues an
access token, a rotating refresh token and an RS256 ID token with `sid`; for the `device_sso`
scope, granted only to a client of a family (§3.1), a `device_secret` too, and `ds_hash` in the ID
token (§3.4.1: here base64url of the left half of SHA-256 of the secret, the server's choice).
The token exchange (§4) is accepted only with the draft's parameters, `audience` the issuer, an
ID token this server signed that has not expired, a device secret whose hash is the ID token's
`ds_hash` and whose session is the ID token's `sid`, and a client of the same family as the app
the ID token was issued to: `unauthorized_client` for a client outside that family,
`invalid_grant` for a device secret or ID token it refuses (RFC 8693 §2.2.2 leaves the code to
the server). The answer is the app's own tokens with `issued_token_type` (RFC 8693 §2.2.1).
"""
import base64
import hashlib
import json
import os
import secrets
import socket
import sys
import time
import urllib.parse

import jwt
from cryptography.hazmat.primitives.asymmetric import rsa

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "enterprise"))
from authlib_peer import Handler as PeerHandler  # noqa: E402
from wire import log_token_request, serve  # noqa: E402

CONFIG = json.load(open(sys.argv[1]))
listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
listener.bind(("127.0.0.1", 0))
ISSUER = f"http://127.0.0.1:{listener.getsockname()[1]}"
CLIENTS = {client["client_id"]: client for client in CONFIG["clients"]}
DEVICE_SECRET_TYPE = CONFIG.get("device_secret_token_type", "urn:openid:params:token-type:device-secret")
ID_TOKEN_LIFETIME = CONFIG.get("id_token_lifetime", 300)
KEY = rsa.generate_private_key(public_exponent=65537, key_size=2048)
KID = "native-sso-" + secrets.token_hex(4)
CODES, REFRESH, DEVICE_SECRETS = {}, {}, {}
METADATA = {
    "issuer": ISSUER, "authorization_endpoint": ISSUER + "/authorize", "token_endpoint": ISSUER + "/token",
    "jwks_uri": ISSUER + "/jwks", "response_types_supported": ["code"], "subject_types_supported": ["public"],
    "id_token_signing_alg_values_supported": ["RS256"],
    **({"native_sso_supported": True} if CONFIG.get("native_sso_supported") else {}),
}
TOKEN_EXCHANGE = "urn:ietf:params:oauth:grant-type:token-exchange"
ID_TOKEN_TYPE = "urn:ietf:params:oauth:token-type:id_token"


def ds_hash(secret):
    return base64.urlsafe_b64encode(hashlib.sha256(secret.encode()).digest()[:16]).rstrip(b"=").decode()


def id_token(client_id, subject, sid, nonce=None, device_secret=None):
    now = int(time.time())
    claims = {"iss": ISSUER, "sub": subject, "aud": client_id, "iat": now, "exp": now + ID_TOKEN_LIFETIME, "sid": sid}
    if nonce:
        claims["nonce"] = nonce
    if device_secret:
        claims["ds_hash"] = ds_hash(device_secret)
    return jwt.encode(claims, KEY, algorithm="RS256", headers={"kid": KID})


def issue(client_id, subject, sid, scope, nonce=None, device_secret=None):
    token, refresh = secrets.token_urlsafe(32), secrets.token_urlsafe(32)
    REFRESH[refresh] = {"client_id": client_id, "sub": subject, "sid": sid, "scope": scope}
    answer = {"access_token": token, "token_type": "Bearer", "expires_in": 3600, "refresh_token": refresh,
              "scope": scope, "id_token": id_token(client_id, subject, sid, nonce, device_secret)}
    if device_secret:
        answer["device_secret"] = device_secret
    return answer


def refuse(code, why):
    return 400, {"error": code, "error_description": why}, ()


def exchange(form, client):
    """§4.3: the ID token, the device secret and the client, each checked; the app's own tokens."""
    value = {name: values[0] for name, values in form.items()}
    if value.get("subject_token_type") != ID_TOKEN_TYPE or value.get("actor_token_type") != DEVICE_SECRET_TYPE \
            or value.get("audience") != ISSUER or not value.get("subject_token") or not value.get("actor_token"):
        return refuse("invalid_request", "a Native SSO exchange names an ID token, a device secret and the issuer")
    try:
        claims = jwt.decode(value["subject_token"], KEY.public_key(), algorithms=["RS256"], issuer=ISSUER,
                            options={"verify_aud": False, "require": ["exp", "sub", "sid", "ds_hash"]})
    except jwt.PyJWTError as error:
        return refuse("invalid_grant", f"the ID token is refused: {type(error).__name__}")
    secret = DEVICE_SECRETS.get(value["actor_token"])
    if not secret or not secrets.compare_digest(ds_hash(value["actor_token"]), claims["ds_hash"]) \
            or secret["sid"] != claims["sid"] or secret["sub"] != claims["sub"]:
        return refuse("invalid_grant", "the device secret is not the ID token's")
    if client.get("family") != secret["family"]:
        return refuse("unauthorized_client", "the client is not of the device secret's family")
    scope = value.get("scope", "openid")
    rotated = None
    if CONFIG.get("rotate_device_secret"):
        del DEVICE_SECRETS[value["actor_token"]]
        rotated = secrets.token_urlsafe(32)
        DEVICE_SECRETS[rotated] = dict(secret)
    answer = issue(client["client_id"], CONFIG.get("exchange_subject", claims["sub"]), claims["sid"], scope,
                   device_secret=rotated)
    if not CONFIG.get("exchange_refresh_token", True):
        answer.pop("refresh_token")
    return 200, dict(answer, issued_token_type="urn:ietf:params:oauth:token-type:access_token"), ()


class Handler(PeerHandler):
    metadata = METADATA

    def do_GET(self):
        url = urllib.parse.urlsplit(self.path)
        if url.path == "/jwks":
            public = json.loads(jwt.algorithms.RSAAlgorithm.to_jwk(KEY.public_key()))
            return self.answer(200, {"keys": [dict(public, kid=KID, use="sig", alg="RS256")]})
        if url.path != "/authorize":
            return super().do_GET()
        query = {name: values[0] for name, values in urllib.parse.parse_qs(url.query).items()}
        client = CLIENTS.get(query.get("client_id", ""))
        redirect = query.get("redirect_uri", "")
        registered = [urllib.parse.urlsplit(uri) for uri in (client or {}).get("redirect_uris", [])]
        sent = urllib.parse.urlsplit(redirect)
        # A loopback redirect matches whatever its port (RFC 8252 §7.3).
        if not client or not any((r.scheme, r.hostname, r.path) == (sent.scheme, sent.hostname, sent.path)
                                 for r in registered):
            return self.answer(400, {"error": "invalid_request", "error_description": "unknown client or redirect"})
        if query.get("response_type") != "code" or query.get("code_challenge_method") != "S256":
            return self.answer(400, {"error": "invalid_request", "error_description": "code with S256 PKCE only"})
        scopes = query.get("scope", "").split()
        # §3.1: device_sso is granted to a family's client only.
        if "device_sso" in scopes and not client.get("family"):
            scopes.remove("device_sso")
        code = secrets.token_urlsafe(24)
        CODES[code] = {"client_id": client["client_id"], "redirect_uri": redirect, "scope": " ".join(scopes),
                       "challenge": query.get("code_challenge", ""), "nonce": query.get("nonce")}
        self.redirect_with_code(redirect, code, query.get("state", ""))

    def post(self, path, body, headers):
        if path != "/token":
            return 404, {"error": "not_found"}, ()
        form = urllib.parse.parse_qs(body)
        log_token_request(CONFIG["log"], form, headers.get("Authorization"))
        client = CLIENTS.get(form.get("client_id", [""])[0])
        if not client:
            return 401, {"error": "invalid_client"}, ()
        grant = form.get("grant_type", [""])[0]
        if grant == "authorization_code":
            code = CODES.pop(form.get("code", [""])[0], None)
            if not self.code_is_for(code, client["client_id"], form):
                return refuse("invalid_grant", "the code is not this client's")
            sid = secrets.token_hex(8)
            device_secret = None
            if "device_sso" in code["scope"].split():
                device_secret = secrets.token_urlsafe(32)
                DEVICE_SECRETS[device_secret] = {"sub": "alice", "sid": sid, "family": client["family"]}
            return 200, issue(client["client_id"], "alice", sid, code["scope"], code["nonce"], device_secret), ()
        if grant == "refresh_token":
            record = REFRESH.pop(form.get("refresh_token", [""])[0], None)
            if not record or record["client_id"] != client["client_id"]:
                return refuse("invalid_grant", "the refresh token is not this client's")
            rotated = None
            if CONFIG.get("rotate_device_secret") and "device_sso" in record["scope"].split():
                rotated = secrets.token_urlsafe(32)
                DEVICE_SECRETS[rotated] = {"sub": record["sub"], "sid": record["sid"], "family": client["family"]}
            return 200, issue(client["client_id"], record["sub"], record["sid"], record["scope"],
                              device_secret=rotated), ()
        if grant == TOKEN_EXCHANGE:
            return exchange(form, client)
        return 400, {"error": "unsupported_grant_type"}, ()


if __name__ == "__main__":
    serve(listener, Handler)
