"""A token endpoint that counts refresh requests, for the single-flight benchmark.

    python3 token_server.py    # prints "PORT <n>"; POST /token answers a token response; GET /count
"""
import itertools
import json
import os
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

counter = itertools.count(1)
count = 0
lock = threading.Lock()


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    # Without this every HTTP/1.1 response waits 40 ms for a delayed ACK.
    disable_nagle_algorithm = True

    def log_message(self, *args):
        pass

    def reply(self, body):
        data = json.dumps(body).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_POST(self):
        global count
        self.rfile.read(int(self.headers.get("Content-Length", 0)))
        with lock:
            count += 1
            serial = next(counter)
        self.reply({"access_token": f"at-{serial}", "token_type": "Bearer", "expires_in": 3600, "refresh_token": f"rt-{serial}"})

    def do_GET(self):
        self.reply({"count": count})


server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
print(f"PORT {server.server_address[1]}", flush=True)
parent = os.getppid()
threading.Thread(target=lambda: (time.sleep(0.5), [time.sleep(0.5) for _ in iter(lambda: os.getppid() != parent, True)], os._exit(0)), daemon=True).start()
server.serve_forever()
