"""A protected resource and its authorization server that bind tokens with DPoP (RFC 9449), at the
least the specs require: for the DPoP tests of ProtectedResourceSession and oauthgen-login.

    python3 dpop_server.py as --log FILE [--nonce] [--no-advertise] [--secret S]
    python3 dpop_server.py resource --issuer URL --log FILE [--nonce] [--bearer-challenge] [--secret S]

Each prints "PORT <n>" and serves on 127.0.0.1 until its parent goes.

The authorization server publishes only what RFC 8414 requires and the code flow needs (issuer,
the two endpoints, `response_types_supported`, S256) and, unless --no-advertise,
`dpop_signing_alg_values_supported`. It approves every authorization request at once (no login
page: the test's browser follows the redirect), and at the token endpoint requires a valid DPoP
proof (§4.3), with its nonce (§8) under --nonce. Its access tokens are JWTs (HS256, a secret
shared with the resource) carrying `cnf.jkt` and the `resource` as `aud`.

The resource publishes its RFC 9728 metadata (resource, authorization_servers; nothing else),
challenges with `DPoP` (or `Bearer` under --bearer-challenge), and accepts only a DPoP-bound
token with a proof for the request (§7.1: htm, htu without query, ath, the key the token is
bound to, a fresh jti), with its own nonce (§9) under --nonce.

Both append one JSON line per request to --log: what was checked and found, never a token.
"""
import base64
import hashlib
import json
import os
import secrets
import sys
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import jwt
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "django-provider"))
from peer import exit_with_parent  # noqa: E402

ARGS = sys.argv[1:]
ROLE = ARGS[0] if ARGS else ""


def option(name, default=None):
    return ARGS[ARGS.index(name) + 1] if name in ARGS else default


SECRET = option("--secret", "dpop-test-secret-0b1c2d3e4f5a6b7c8d9e0f1a")
LOG = option("--log")
NONCE = "--nonce" in ARGS
LOCK = threading.Lock()
SEEN_JTI = set()
CODES = {}
REFRESH = {}
STATE = {"origin": "", "nonce": secrets.token_urlsafe(12)}


def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64url(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def log(record):
    if LOG:
        with LOCK, open(LOG, "a") as file:
            file.write(json.dumps(record) + "\n")


def thumbprint(key):
    """RFC 7638: the SHA-256 of the required members in lexicographic order, no whitespace."""
    members = json.dumps({"crv": key["crv"], "kty": key["kty"], "x": key["x"], "y": key["y"]}, separators=(",", ":"), sort_keys=True)
    return b64url(hashlib.sha256(members.encode()).digest())


def check_proof(proof, method, url, access_token=None):
    """The proof's problems as a short text (None when valid) and the key's thumbprint (RFC 9449 §4.3)."""
    if not proof or proof.count(".") != 2:
        return "no proof", None
    try:
        header_b64, payload_b64, signature_b64 = proof.split(".")
        header = json.loads(unb64url(header_b64))
        payload = json.loads(unb64url(payload_b64))
        key = header.get("jwk") or {}
        if header.get("typ") != "dpop+jwt" or header.get("alg") != "ES256" or key.get("kty") != "EC" or key.get("crv") != "P-256" or "d" in key:
            return "header", None
        public = ec.EllipticCurvePublicNumbers(int.from_bytes(unb64url(key["x"]), "big"), int.from_bytes(unb64url(key["y"]), "big"), ec.SECP256R1()).public_key()
        raw = unb64url(signature_b64)
        signature = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
        public.verify(signature, f"{header_b64}.{payload_b64}".encode(), ec.ECDSA(hashes.SHA256()))
    except (ValueError, KeyError, InvalidSignature):
        return "signature", None
    if payload.get("htm") != method or payload.get("htu") != url:
        return f"htm/htu {payload.get('htm')} {payload.get('htu')}", None
    if abs(time.time() - payload.get("iat", 0)) > 60:
        return "iat", None
    with LOCK:
        if payload.get("jti") in SEEN_JTI or not payload.get("jti"):
            return "jti replayed", None
        SEEN_JTI.add(payload["jti"])
    if access_token is not None and payload.get("ath") != b64url(hashlib.sha256(access_token.encode()).digest()):
        return "ath", None
    if NONCE and payload.get("nonce") != STATE["nonce"]:
        return "nonce", thumbprint(key)
    return None, thumbprint(key)


class Handler(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def send(self, status, body=None, headers=None):
        data = json.dumps(body).encode() if body is not None else b""
        self.send_response(status)
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        if body is not None:
            self.send_header("Content-Type", "application/json")
            self.send_header("Cache-Control", "no-store")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def origin(self):
        return "http://" + self.headers.get("Host", "")

    # The authorization server.

    def as_get(self, path, query):
        issuer = self.origin()
        if path == "/.well-known/oauth-authorization-server":
            metadata = {"issuer": issuer, "authorization_endpoint": issuer + "/authorize", "token_endpoint": issuer + "/token",
                        "response_types_supported": ["code"], "code_challenge_methods_supported": ["S256"]}
            if "--no-advertise" not in ARGS:
                metadata["dpop_signing_alg_values_supported"] = ["ES256"]
            return self.send(200, metadata)
        if path == "/authorize":
            code = secrets.token_urlsafe(16)
            CODES[code] = {name: query.get(name, [""])[0] for name in ("client_id", "redirect_uri", "code_challenge", "resource", "scope")}
            log({"at": "authorize", "resource": query.get("resource", [""])[0], "dpop_jkt": query.get("dpop_jkt", [None])[0]})
            target = query["redirect_uri"][0] + "?" + urllib.parse.urlencode({"code": code, "state": query.get("state", [""])[0]})
            return self.send(302, headers={"Location": target})
        self.send(404, {"error": "not_found"})

    def as_token(self, form):
        issuer = self.origin()
        problem, jkt = check_proof(self.headers.get("DPoP"), "POST", issuer + "/token")
        record = {"at": "token", "grant_type": form.get("grant_type"), "proof": problem or "valid"}
        if problem == "nonce":
            log(dict(record, answer="use_dpop_nonce"))
            return self.send(400, {"error": "use_dpop_nonce", "error_description": "a nonce is required"}, {"DPoP-Nonce": STATE["nonce"]})
        if problem:
            log(dict(record, answer="invalid_dpop_proof"))
            return self.send(400, {"error": "invalid_dpop_proof", "error_description": problem})
        if form.get("grant_type") == "authorization_code":
            grant = CODES.pop(form.get("code", ""), None)
            verifier = form.get("code_verifier", "")
            if not grant or grant["redirect_uri"] != form.get("redirect_uri") or grant["code_challenge"] != b64url(hashlib.sha256(verifier.encode()).digest()):
                log(dict(record, answer="invalid_grant"))
                return self.send(400, {"error": "invalid_grant"})
        elif form.get("grant_type") == "refresh_token":
            grant = REFRESH.get(form.get("refresh_token", ""))
            if not grant or grant["jkt"] != jkt:
                log(dict(record, answer="invalid_grant"))
                return self.send(400, {"error": "invalid_grant"})
        else:
            return self.send(400, {"error": "unsupported_grant_type"})
        now = int(time.time())
        claims = {"iss": issuer, "aud": grant["resource"], "iat": now, "exp": now + 300, "scope": grant["scope"], "cnf": {"jkt": jkt}, "jti": secrets.token_hex(8)}
        refresh = secrets.token_urlsafe(16)
        REFRESH[refresh] = dict(grant, jkt=jkt)
        log(dict(record, answer="tokens", jkt=jkt))
        self.send(200, {"access_token": jwt.encode(claims, SECRET, algorithm="HS256"), "token_type": "DPoP", "expires_in": 300,
                        "refresh_token": refresh, "scope": grant["scope"]})

    # The resource.

    def resource_get(self, path):
        origin = self.origin()
        resource = origin + "/api"
        metadata_url = origin + "/.well-known/oauth-protected-resource/api"
        if path == "/.well-known/oauth-protected-resource/api":
            return self.send(200, {"resource": resource, "authorization_servers": [option("--issuer")]})
        if path != "/api":
            return self.send(404, {"error": "not_found"})
        scheme = "Bearer" if "--bearer-challenge" in ARGS else "DPoP"
        authorization = self.headers.get("Authorization", "")
        if not authorization:
            log({"at": "resource", "authorization": None, "answer": "challenge"})
            return self.send(401, {"error": "unauthorized"}, {"WWW-Authenticate": f'{scheme} resource_metadata="{metadata_url}"'})
        kind, _, token = authorization.partition(" ")
        if kind != "DPoP":
            log({"at": "resource", "authorization": kind, "answer": "invalid_token"})
            return self.send(401, {"error": "invalid_token"}, {"WWW-Authenticate": 'DPoP error="invalid_token", algs="ES256"'})
        try:
            claims = jwt.decode(token, SECRET, algorithms=["HS256"], audience=resource)
        except jwt.PyJWTError as error:
            log({"at": "resource", "authorization": kind, "answer": "invalid_token", "why": str(error)})
            return self.send(401, {"error": "invalid_token"}, {"WWW-Authenticate": 'DPoP error="invalid_token", algs="ES256"'})
        problem, jkt = check_proof(self.headers.get("DPoP"), "GET", resource, access_token=token)
        if problem == "nonce":
            log({"at": "resource", "authorization": kind, "proof": "nonce", "answer": "use_dpop_nonce"})
            return self.send(401, {"error": "use_dpop_nonce"}, {"WWW-Authenticate": 'DPoP error="use_dpop_nonce"', "DPoP-Nonce": STATE["nonce"]})
        if problem or jkt != claims.get("cnf", {}).get("jkt"):
            log({"at": "resource", "authorization": kind, "proof": problem or "another key", "answer": "invalid_dpop_proof"})
            return self.send(401, {"error": "invalid_dpop_proof"}, {"WWW-Authenticate": 'DPoP error="invalid_dpop_proof", algs="ES256"'})
        log({"at": "resource", "authorization": kind, "proof": "valid", "answer": 200, "jkt": jkt})
        self.send(200, {"resource": resource, "jkt": jkt, "scope": claims.get("scope")})

    def do_GET(self):
        url = urllib.parse.urlsplit(self.path)
        if ROLE == "as":
            self.as_get(url.path, urllib.parse.parse_qs(url.query))
        else:
            self.resource_get(url.path)

    def do_POST(self):
        length = int(self.headers.get("Content-Length", "0"))
        form = {name: values[0] for name, values in urllib.parse.parse_qs(self.rfile.read(length).decode()).items()}
        if ROLE == "as" and urllib.parse.urlsplit(self.path).path == "/token":
            return self.as_token(form)
        self.send(404, {"error": "not_found"})


def main():
    if ROLE not in ("as", "resource") or (ROLE == "resource" and not option("--issuer")):
        print(__doc__, file=sys.stderr)
        return 2
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    print(f"PORT {server.server_address[1]}", flush=True)
    exit_with_parent()
    server.serve_forever()
    return 0


if __name__ == "__main__":
    sys.exit(main())
