"""What the test peers beside django-oauth-toolkit share: token introspection (RFC 7662) with a
resource server's credentials, a JSON reply, and serving on 127.0.0.1 until the test run that
started them goes away."""
import base64
import json
import os
import threading
import time
import urllib.parse
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


def introspect(url, client_id, secret, token):
    credentials = base64.b64encode(f"{client_id}:{secret}".encode()).decode()
    request = urllib.request.Request(
        url, data=urllib.parse.urlencode({"token": token}).encode(),
        headers={"Authorization": f"Basic {credentials}", "Content-Type": "application/x-www-form-urlencoded"})
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.load(response)


class JSONHandler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True

    def log_message(self, *args):
        pass

    def reply(self, status, body, headers=None, content_type="application/json"):
        data = body if isinstance(body, bytes) else json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(data)


def exit_with_parent():
    """Ends this process when the one that started it has gone, so a crashed test run leaves
    nothing behind."""
    parent = os.getppid()

    def watch():
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(0)

    threading.Thread(target=watch, daemon=True).start()


def serve(handler):
    """Serves `handler` on 127.0.0.1 at a free port, printing "PORT <n>" first."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    print(f"PORT {server.server_address[1]}", flush=True)
    exit_with_parent()
    server.serve_forever()
