"""A protected API that tells clients where to sign in (RFC 9728), as an MCP server or any API
behind django-oauth-toolkit does:

    python3 protected_api.py ISSUER INTROSPECTION_URL CLIENT_ID CLIENT_SECRET REQUIRED_SCOPES [DOCS_DIR [STEP_UP [SCOPES_SUPPORTED]]]
        prints "PORT <n>"; serves on 127.0.0.1:<n>

SCOPES_SUPPORTED, comma-separated, is what the metadata's optional `scopes_supported` lists (empty:
the member is left out, as RFC 9728 §2 allows); read and write when not given. Nothing ties it to the
scopes the API challenges for: the MCP authorization spec says clients must not assume one.

- GET /.well-known/oauth-protected-resource/api: its metadata; the resource is http://127.0.0.1:<n>/api.
- GET /api: 200 with the token's owner when the token is active, bound to this resource (its
  introspected "aud", RFC 8707) and holds every scope of REQUIRED_SCOPES (comma-separated).
  Without a token, or with one that is not good here: 401 with resource_metadata and
  scope="<the first required scope>" (the least a client starts with); with too few scopes:
  403 insufficient_scope naming all of them (RFC 6750 §3.1), so a client steps up.
- GET /client-metadata/<name>.json: a file of DOCS_DIR, for Client ID Metadata Documents.
- GET /requests: what each call to /api carried (scheme and scopes), for the tests.
"""
import os
import sys
import threading

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from peer import JSONHandler, introspect, serve  # noqa: E402

ISSUER, INTROSPECTION, CLIENT_ID, SECRET, REQUIRED = sys.argv[1:6]
DOCS = sys.argv[6] if len(sys.argv) > 6 and sys.argv[6] else None
# RFC 9470 step-up, 401 insufficient_user_authentication with the parameter:
# - "max_age=N": the first token the API sees is refused, as if its user had authenticated too long
#   ago; later tokens pass (the client checks the new ID token's auth_time).
# - "acr_values=A B": every token whose introspected acr (RFC 9470 §6.2) is not one of them.
# - "max_age_every=N": every token is refused with max_age=N, however fresh (a hostile resource).
# - "grow_scopes=unlisted" or "grow_scopes=listed": every token is refused with 403
#   insufficient_scope naming one more of the provider's scopes than it holds (a hostile resource);
#   its metadata lists no scopes, or read and write.
GROWING = ["read", "write", "profile", "email", "openid"]
STEP_UP = sys.argv[7] if len(sys.argv) > 7 and sys.argv[7] else None
if len(sys.argv) > 8:
    SCOPES_SUPPORTED = [scope for scope in sys.argv[8].split(",") if scope]
else:
    SCOPES_SUPPORTED = [] if STEP_UP == "grow_scopes=unlisted" else ["read", "write"]
refused_for_authentication = []
REQUIRED_SCOPES = [scope for scope in REQUIRED.split(",") if scope]
seen = []
lock = threading.Lock()


class Handler(JSONHandler):
    @property
    def origin(self):
        return f"http://127.0.0.1:{self.server.server_address[1]}"

    @property
    def resource(self):
        return self.origin + "/api"

    @property
    def metadata_url(self):
        return self.origin + "/.well-known/oauth-protected-resource/api"

    def challenge(self, status, error=None, scopes=None):
        parameters = [f'resource_metadata="{self.metadata_url}"']
        if error:
            parameters.insert(0, f'error="{error}"')
        parameters.append('scope="{}"'.format(" ".join(scopes or REQUIRED_SCOPES[:1])))
        self.reply(status, {"error": error or "unauthorized"}, {"WWW-Authenticate": "Bearer " + ", ".join(parameters)})

    def do_GET(self):
        path = self.path.split("?")[0]
        if path == "/requests":
            with lock:
                return self.reply(200, {"requests": list(seen)})
        if path == "/.well-known/oauth-protected-resource/api":
            return self.reply(200, {
                "resource": self.resource,
                "authorization_servers": [ISSUER],
                "bearer_methods_supported": ["header"],
                "resource_name": "oauthgen's protected test API",
                **({"scopes_supported": SCOPES_SUPPORTED} if SCOPES_SUPPORTED else {}),
            })
        if path.startswith("/client-metadata/") and DOCS:
            name = os.path.basename(path)
            file = os.path.join(DOCS, name)
            if name.endswith(".json") and os.path.isfile(file):
                with open(file, "rb") as handle:
                    return self.reply(200, handle.read())
            return self.reply(404, {"error": "not_found"})
        if path != "/api":
            return self.reply(404, {"error": "not_found"})
        authorization = self.headers.get("Authorization", "")
        if not authorization.startswith("Bearer "):
            with lock:
                seen.append({"scheme": authorization.split(" ")[0] or None})
            return self.challenge(401)
        answer = introspect(INTROSPECTION, CLIENT_ID, SECRET, authorization[len("Bearer "):])
        granted = answer.get("scope", "").split()
        with lock:
            seen.append({"scheme": "Bearer", "active": answer.get("active"), "scope": granted, "aud": answer.get("aud"), "acr": answer.get("acr")})
        if not answer.get("active"):
            return self.challenge(401, "invalid_token")
        audiences = answer.get("aud") or []
        if isinstance(audiences, str):
            audiences = [audiences]
        if self.resource not in audiences:
            # RFC 8707: a token not bound to this resource could have been meant for another.
            return self.challenge(401, "invalid_token")
        if not set(REQUIRED_SCOPES) <= set(granted):
            return self.challenge(403, "insufficient_scope", REQUIRED_SCOPES)
        name, value = STEP_UP.split("=", 1) if STEP_UP else (None, None)
        if name == "grow_scopes":
            missing = [scope for scope in GROWING if scope not in granted]
            if missing:
                return self.challenge(403, "insufficient_scope", granted + missing[:1])
        if name == "max_age_every":
            return self.reply(401, {"error": "insufficient_user_authentication"}, {"WWW-Authenticate":
                f'Bearer error="insufficient_user_authentication", max_age="{value}"'})
        if name == "acr_values" and answer.get("acr") not in value.split() or name == "max_age" and not refused_for_authentication:
            refused_for_authentication.append(answer.get("client_id"))
            return self.reply(401, {"error": "insufficient_user_authentication"}, {"WWW-Authenticate":
                f'Bearer error="insufficient_user_authentication", error_description="A stronger or more recent authentication is required", {name}="{value}"'})
        self.reply(200, {"username": answer.get("username"), "scope": " ".join(granted), "resource": self.resource})


if __name__ == "__main__":
    serve(Handler)
