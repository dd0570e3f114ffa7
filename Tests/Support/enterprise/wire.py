"""What the two enterprise peers share: the log of the token requests they get (for the tests'
wire checks; never a token, code, secret or assertion) and serving on a listener already bound
to 127.0.0.1."""
import json
import os
import sys
import time
from http.server import ThreadingHTTPServer

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "django-provider"))
from peer import exit_with_parent  # noqa: E402

# Parameters whose values never reach the log: the log says only that they were there ("has").
CREDENTIALS = ("subject_token", "actor_token", "assertion", "client_secret", "client_assertion", "code", "code_verifier", "refresh_token")


def log_token_request(path, form, authorization):
    """Appends one JSON line naming the request's parameters (`form`, as parse_qs gives it) and the
    scheme of its Authorization header; credentials appear only by name, under "has"."""
    if not path:
        return
    record = {name: (values if len(values) > 1 else values[0]) for name, values in form.items() if name not in CREDENTIALS}
    record["authorization"] = (authorization or "").split(" ")[0]
    record["has"] = sorted(name for name in form if name in CREDENTIALS and name not in ("client_secret", "code_verifier"))
    record["at"] = time.time()
    with open(path, "a") as log:
        log.write(json.dumps(record) + "\n")


def serve(listener, handler):
    """Announces the port ("PORT <n>"), then serves `handler` on `listener` until the parent goes."""
    listener.listen(128)
    print(f"PORT {listener.getsockname()[1]}", flush=True)
    exit_with_parent()
    http = ThreadingHTTPServer(listener.getsockname(), handler, bind_and_activate=False)
    http.socket = listener
    http.serve_forever()
