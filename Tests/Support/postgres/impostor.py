"""A PostgreSQL impostor for oauthgen's tests (issue 53, H4): it refuses TLS, answering "N" to a
client's SSLRequest, then asks for the password in clear (AuthenticationCleartextPassword), as
anyone on the path to a database could. It never checks or answers the password.

    python3 impostor.py HOST LOG
        listens on HOST's address (as the resolver gives it), prints "PORT <n>", and appends one
        JSON line per connection to LOG once it ends:
        {"asked_for_tls": bool, "started_up": bool, "password_sent": bool}

The password's bytes are never written anywhere: only whether a password message came.
"""
import json
import os
import signal
import socket
import struct
import sys
import threading
import time

SSL_REQUEST = 80877103
CLEARTEXT_PASSWORD = 3


def receive(connection, count):
    data = b""
    while len(data) < count:
        chunk = connection.recv(count - len(data))
        if not chunk:
            raise EOFError
        data += chunk
    return data


def handle(connection, log):
    record = {"asked_for_tls": False, "started_up": False, "password_sent": False}
    try:
        connection.settimeout(30)
        length, code = struct.unpack("!II", receive(connection, 8))
        if code == SSL_REQUEST:
            record["asked_for_tls"] = True
            connection.sendall(b"N")
            (length,) = struct.unpack("!I", receive(connection, 4))
            receive(connection, length - 4)
        else:
            receive(connection, length - 8)
        record["started_up"] = True
        connection.sendall(b"R" + struct.pack("!II", 8, CLEARTEXT_PASSWORD))
        record["password_sent"] = receive(connection, 1) == b"p"
    except (EOFError, OSError, struct.error):
        pass
    finally:
        connection.close()
        with open(log, "a") as file:
            file.write(json.dumps(record) + "\n")


def watch(parent):
    while os.getppid() == parent:
        time.sleep(0.5)
    os._exit(0)


def main():
    host, log = sys.argv[1], sys.argv[2]
    # Started from a thread that blocks signals (a dispatch worker), this process inherits the
    # block: let the test's SIGTERM through, and end with the test process in any case.
    signal.pthread_sigmask(signal.SIG_SETMASK, [])
    parent = os.getppid()
    threading.Thread(target=lambda: watch(parent), daemon=True).start()
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.bind((socket.gethostbyname(host), 0))
    listener.listen(8)
    print("PORT", listener.getsockname()[1], flush=True)
    while True:
        connection, _ = listener.accept()
        threading.Thread(target=handle, args=(connection, log), daemon=True).start()


if __name__ == "__main__":
    main()
