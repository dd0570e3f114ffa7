"""A resource server for the middleware tests: it checks each bearer token at the provider's
introspection endpoint (RFC 7662), as an API behind django-oauth-toolkit would.

    python3 resource_server.py INTROSPECTION_URL CLIENT_ID CLIENT_SECRET
        prints "PORT <n>"; GET /api/me answers the token's owner, or 401 invalid_token (RFC 6750 §3.1)
"""
import os
import sys
import threading

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from peer import JSONHandler, introspect, serve  # noqa: E402

INTROSPECTION, CLIENT_ID, SECRET = sys.argv[1:4]
seen = []
lock = threading.Lock()


class Handler(JSONHandler):
    def do_GET(self):
        if self.path == "/requests":
            with lock:
                return self.reply(200, {"authorization": list(seen)})
        authorization = self.headers.get("Authorization", "")
        with lock:
            seen.append(authorization.split(" ")[0])
        if not authorization.startswith("Bearer "):
            return self.reply(401, {"error": "invalid_request"}, {"WWW-Authenticate": 'Bearer realm="api"'})
        answer = introspect(INTROSPECTION, CLIENT_ID, SECRET, authorization[len("Bearer "):])
        if not answer.get("active"):
            return self.reply(401, {"error": "invalid_token"}, {"WWW-Authenticate": 'Bearer realm="api", error="invalid_token"'})
        self.reply(200, {"username": answer.get("username"), "scope": answer.get("scope")})


serve(Handler)
