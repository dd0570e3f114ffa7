"""A resource server for the middleware tests: it checks each bearer token at the provider's
introspection endpoint (RFC 7662), as an API behind django-oauth-toolkit would.

    python3 resource_server.py INTROSPECTION_URL CLIENT_ID CLIENT_SECRET
        prints "PORT <n>"; GET /api/me answers the token's owner, or 401 invalid_token (RFC 6750 §3.1)
"""
import base64
import json
import os
import sys
import threading
import time
import urllib.parse
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

INTROSPECTION, CLIENT_ID, SECRET = sys.argv[1:4]
CREDENTIALS = base64.b64encode(f"{CLIENT_ID}:{SECRET}".encode()).decode()
seen = []
lock = threading.Lock()


def introspect(token):
    request = urllib.request.Request(
        INTROSPECTION, data=urllib.parse.urlencode({"token": token}).encode(),
        headers={"Authorization": f"Basic {CREDENTIALS}", "Content-Type": "application/x-www-form-urlencoded"})
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.load(response)


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True

    def log_message(self, *args):
        pass

    def reply(self, status, body, headers=None):
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        if self.path == "/requests":
            with lock:
                return self.reply(200, {"authorization": list(seen)})
        authorization = self.headers.get("Authorization", "")
        with lock:
            seen.append(authorization.split(" ")[0])
        if not authorization.startswith("Bearer "):
            return self.reply(401, {"error": "invalid_request"}, {"WWW-Authenticate": 'Bearer realm="api"'})
        answer = introspect(authorization[len("Bearer "):])
        if not answer.get("active"):
            return self.reply(401, {"error": "invalid_token"}, {"WWW-Authenticate": 'Bearer realm="api", error="invalid_token"'})
        self.reply(200, {"username": answer.get("username"), "scope": answer.get("scope")})


server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
print(f"PORT {server.server_address[1]}", flush=True)
parent = os.getppid()
threading.Thread(target=lambda: (time.sleep(0.5), [time.sleep(0.5) for _ in iter(lambda: os.getppid() != parent, True)], os._exit(0)), daemon=True).start()
server.serve_forever()
