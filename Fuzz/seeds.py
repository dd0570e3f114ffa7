"""Writes the seed corpus of every fuzz target from the project's real inputs (the provider
fixtures, the example providers, the real-world redirect URIs) plus a few hand-made cases.

    python3 Fuzz/seeds.py OUTPUT_DIR

Each target gets OUTPUT_DIR/<target>/; files are named by content hash, so reruns add nothing.
"""
import base64
import glob
import hashlib
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def read(path):
    with open(path, "rb") as handle:
        return handle.read()


def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=")


def main(output):
    seeds = {}

    def add(target, data):
        folder = os.path.join(output, target)
        os.makedirs(folder, exist_ok=True)
        name = hashlib.sha1(data).hexdigest()
        with open(os.path.join(folder, name), "wb") as handle:
            handle.write(data)
        seeds[target] = seeds.get(target, 0) + 1

    fixtures = os.path.join(ROOT, "Tests/OAuthGenCoreTests/Fixtures")
    documents = sorted(glob.glob(os.path.join(fixtures, "discovery/*.json")) + glob.glob(os.path.join(ROOT, "Examples/Providers/*.json")))
    plists = sorted(glob.glob(os.path.join(fixtures, "plist/*.plist")) + glob.glob(os.path.join(fixtures, "hostile/*.plist"))
                    + glob.glob(os.path.join(ROOT, "Examples/Providers/*.plist")))
    for path in documents:
        add("FuzzJSONReader", read(path))
    for path in plists:
        add("FuzzPlistReader", read(path))
        add("FuzzImport", read(path))
    # The app's files: the example app's and the failing package's, with their redirects and groups.
    for info, entitlements, redirects, groups in [
            ("Examples/iOSApp/App/Info.plist", "Examples/iOSApp/App/ExampleApp.entitlements",
             b"com.googleusercontent.apps.123456789000-hjugbg6ud799v4c49dim8ce2usclthar:/oauth2redirect\nhttps://app.example.com/cb",
             b"$(AppIdentifierPrefix)com.example.oauthgen.shared\nABCDE12345.com.example.oauthgen.shared"),
            ("Examples/BadRedirect/AppFiles/Info.plist", "Examples/BadRedirect/AppFiles/App.entitlements",
             b"com.example.acme:/callback\nhttps://app.example.com/oauth/callback\nhttps://www.example.com/cb",
             b"$(AppIdentifierPrefix)com.example.shared\ncom.example.app")]:
        add("FuzzAppFiles", read(os.path.join(ROOT, info)) + b"\x00" + read(os.path.join(ROOT, entitlements)) + b"\x00" + redirects + b"\x00" + groups)
    # Providers: each example's own pair, and the OAuth-only GitHub quirk file alone.
    for quirks in sorted(glob.glob(os.path.join(ROOT, "Examples/Providers/*.quirks.plist"))):
        name = os.path.basename(quirks).split(".")[0]
        documents_for = glob.glob(os.path.join(ROOT, f"Examples/Providers/{name}.*.json"))
        document = read(documents_for[0]) if documents_for else b""
        kind = b"\x00" if not documents_for or "openid" in documents_for[0] else b"\x01"
        for target in ("FuzzProviderLoading", "FuzzGenerate"):
            add(target, kind + document + b"\x00" + read(quirks))
    for line in read(os.path.join(ROOT, "Tests/OAuthPolicyTests/Fixtures/redirect-uris.tsv")).decode().splitlines():
        if line and not line.startswith("#"):
            add("FuzzURLCheckers", line.split("\t")[0].encode())
    for url in [b"https://id.example.com/token", b"http://127.0.0.1:8000/o/token/", b"https://[::1]:443/a?b=c"]:
        add("FuzzURLCheckers", url)

    state = b"state-0123456789abcdef"
    for flags, url in [(0, b"com.example.app:/oauth2/cb?code=abcdefgh&state=" + state),
                       (1, b"http://127.0.0.1:49152/cb?code=abcdefgh&state=" + state),
                       (2, b"com.example.app:/oauth2/cb?code=abcdefgh&state=" + state + b"&iss=https%3A%2F%2Fid.example.com"),
                       (0, b"com.example.app:/oauth2/cb?error=access_denied&state=" + state)]:
        add("FuzzCallback", bytes([flags]) + url)

    for flags, status, media, body in [
            (0, 0, 0, b'{"access_token":"at-123456","token_type":"Bearer","expires_in":"3600","refresh_token":"rt-123456","scope":"a b"}'),
            (1, 0, 2, b"access_token=at-123456&token_type=bearer&scope=a%2Cb"),
            (8 | 2, 0, 0, b'{"ok":true,"authed_user":{"access_token":"at-123456"}}'),
            (4, 0, 0, b'{"error":"invalid_grant","error_description":"bad"}'),
            (0, 3, 0, b'{"error":"invalid_client"}'),
            (0, 6, 3, b"<html><body>oops</body></html>"),
            (32, 0, 0, b'{"access_token":"at-123456","token_type":"Bearer","id_token":"a.b.c"}')]:
        add("FuzzTokenResponse", bytes([flags, status, media]) + body)

    for request in [b"GET /cb%20x?code=c&state=st-01 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
                    b"GET /favicon.ico HTTP/1.1\r\n\r\n", b"GET /cb%20x?state=nope HTTP/1.1\n\n", b"POST /cb%20x HTTP/1.0\r\n\r\n"]:
        add("FuzzLoopbackRequest", request)
    # Templates: the embedded one, and small ones with sections, partials and a wrong key.
    add("FuzzTemplate", read(os.path.join(ROOT, "Templates/ProviderClient.mustache")))
    for template in [b"{{! oauthgen-template-context 3 }}{{#scopes}}{{identifier}}{{^last()}}, {{/last()}}{{/scopes}}",
                     b"{{! oauthgen-template-context 3 }}{{#endpoints}}{{label}}: {{{url}}}{{/endpoints}}{{^empty(prompts)}}{{count(prompts)}}{{/empty(prompts)}}",
                     b"{{! oauthgen-template-context 3 }}{{#quirkArguments}}{{#arguments}}{{label}}{{/arguments}}{{/quirkArguments}}",
                     b"{{> partial}}", b"{{=<% %>=}}", b"{{! oauthgen-template-context 3 }}{{isuer}}"]:
        add("FuzzTemplate", template)

    try:
        add("FuzzIDToken", id_token_seed())
    except ImportError:
        print("seeds: python's cryptography is missing; FuzzIDToken starts without a signed token", file=sys.stderr)
    add("FuzzIDToken", b'{"keys":[]}\x00eyJhbGciOiJub25lIn0.e30.')

    # Challenges as resources and authorization servers send them (RFC 6750 §3, RFC 9449 §7.1,
    # RFC 9470 §3, RFC 9728 §5.1), and the grammar's corners.
    for field in [b'Bearer resource_metadata="https://mcp.example.com/.well-known/oauth-protected-resource"',
                  b'Bearer realm="api", error="insufficient_scope", scope="mcp:read mcp:write", error_description="more"',
                  b'DPoP algs="ES256 RS256", error="use_dpop_nonce", error_description="Resource server requires nonce in DPoP proof"',
                  b'Bearer error="insufficient_user_authentication", acr_values="urn:mace:incommon:iap:silver", max_age=5',
                  b'Basic realm="x", Bearer resource_metadata="http://127.0.0.1:1/.well-known/oauth-protected-resource"',
                  b'Negotiate a87421000492aa874209af8bc028==, Bearer', b'Bearer ,, realm = "a\\"b" ,']:
        add("FuzzWWWAuthenticate", field)
    # Event streams as the MCP SDKs' servers answer a POST, and the standard's line endings.
    for stream in [b'event: message\r\ndata: {"jsonrpc":"2.0","id":1,"result":{}}\r\n\r\n',
                   b'\xef\xbb\xbfid: 1\ndata: a\ndata: b\n\n: comment\nretry: 3000\nevent: x\ndata\n\r',
                   b'id: 7\x00x\rdata:no space\r\rdata: cut off']:
        for cut in (0, 17, 255):
            add("FuzzServerSentEvents", bytes([cut]) + stream)
    # Client keys: Wycheproof's RSA keys in both PEM forms and as raw DER, and P-256 PEM.
    wycheproof = os.path.join(ROOT, "Tests/OAuthRuntimeTests/JOSE/Wycheproof/rsa_pkcs1_2048_sig_gen_test.json")
    group = json.load(open(wycheproof))["testGroups"][2]
    pkcs8 = bytes.fromhex(group["privateKeyPkcs8"])
    add("FuzzClientKey", group["privateKeyPem"].encode())
    add("FuzzClientKey", pkcs8)
    add("FuzzClientKey", b"-----BEGIN PRIVATE KEY-----\n" + base64.encodebytes(pkcs8) + b"-----END PRIVATE KEY-----\n")
    # A throwaway P-256 key made for this seed (openssl ecparam -genkey -name prime256v1).
    add("FuzzClientKey", b"-----BEGIN EC PRIVATE KEY-----\nMHcCAQEEIApikIULvjr9ENt3YFUCLn5eNEK6xtc5Xg1pc9Vyq9WFoAoGCCqGSM49\n"
                         b"AwEHoUQDQgAEqv28iJulSPaNcQav2QilFbrY0Fj/ZCb7VzfPmayvDgUfC8yF7zBe\n"
                         b"7whx3gua0WD2A46tIwzFfbx1GRdFDVpAVw==\n-----END EC PRIVATE KEY-----\n")
    # Protected-resource metadata: the pinned test document, and the shapes RFC 9728 §2 allows.
    add("FuzzResourceMetadata", bytes([6]) + read(os.path.join(ROOT, "Tests/Support/django-provider/pinned/api.oauth-protected-resource.json")))
    for flags, document in [(0, {"resource": "https://mcp.example.com/mcp", "authorization_servers": ["https://auth.example.com"]}),
                            (1, {"resource": "https://api.example.com", "authorization_servers": ["https://a.example", "https://b.example"],
                                 "scopes_supported": ["read"], "bearer_methods_supported": ["header"],
                                 "dpop_bound_access_tokens_required": True, "resource_name": "API"}),
                            (6, {"resource": "http://127.0.0.1:8080/mcp", "authorization_servers": ["http://127.0.0.1:9000"]})]:
        add("FuzzResourceMetadata", bytes([flags]) + json.dumps(document).encode())

    for target in sorted(seeds):
        print(f"{target}: {seeds[target]} seeds")


def id_token_seed():
    """A JWKS with one RSA key and an RS256 token it verifies, valid at the harness's fixed time."""
    from cryptography.hazmat.primitives import hashes
    from cryptography.hazmat.primitives.asymmetric import padding, rsa

    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    numbers = key.public_key().public_numbers()
    def uint(value):
        return b64url(value.to_bytes((value.bit_length() + 7) // 8, "big")).decode()
    jwks = {"keys": [{"kty": "RSA", "kid": "k1", "use": "sig", "alg": "RS256", "n": uint(numbers.n), "e": uint(numbers.e)}]}
    header = b64url(json.dumps({"alg": "RS256", "kid": "k1", "typ": "JWT"}).encode())
    now = 1_800_000_000
    claims = {"iss": "https://id.example.com", "sub": "user-1", "aud": "client-1", "exp": now + 3600, "iat": now, "nonce": "n-1"}
    payload = b64url(json.dumps(claims).encode())
    signature = key.sign(header + b"." + payload, padding.PKCS1v15(), hashes.SHA256())
    return json.dumps(jwks).encode() + b"\x00" + header + b"." + payload + b"." + b64url(signature)


if __name__ == "__main__":
    main(sys.argv[1])
