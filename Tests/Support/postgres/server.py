#!/usr/bin/env python3
"""PostgreSQL from Debian's package, on 127.0.0.1, for the tests of the PostgreSQL token store.

    server.py [--tls]

initdb into a new temporary folder (as the `postgres` user when run as root: initdb refuses
root), a free port, password authentication (scram-sha-256) for TCP, a superuser for the test
setup and the role the store connects as: `oauthgen_app`, a plain role with a password that
owns the databases the tests make, never a superuser. With --tls, a self-signed certificate for
127.0.0.1 and `ssl=on`. Prints one JSON line (the port, the roles, the certificate), then keeps
the server until it gets SIGTERM or its parent exits; then stops it by its PID (a fast
shutdown) and removes the folder.
"""
import glob
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time


def binary(name):
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    if not found:
        sys.exit(f"no {name} in /usr/lib/postgresql/*/bin: install Debian's postgresql package")
    return found[-1]


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def main():
    tls = "--tls" in sys.argv[1:]
    parent = os.getppid()
    root = tempfile.mkdtemp(prefix="oauthgen-pg-")
    as_postgres = {}
    if os.geteuid() == 0:
        as_postgres = {"user": "postgres", "group": "postgres"}
        shutil.chown(root, "postgres", "postgres")
    admin_password = secrets.token_urlsafe(16)
    app_password = secrets.token_urlsafe(16)
    password_file = os.path.join(root, "admin-password")
    with open(password_file, "w") as handle:
        handle.write(admin_password)
    if as_postgres:
        shutil.chown(password_file, "postgres", "postgres")
    data = os.path.join(root, "data")
    subprocess.run(
        [binary("initdb"), "-D", data, "-U", "oauthgen_admin", "--pwfile", password_file,
         "--auth-local=trust", "--auth-host=scram-sha-256", "-E", "UTF8", "--no-sync"],
        check=True, stdout=subprocess.DEVNULL, **as_postgres)
    port = free_port()
    options = ["-D", data, "-p", str(port), "-k", root, "-c", "listen_addresses=127.0.0.1", "-c", "fsync=off"]
    certificate = None
    if tls:
        certificate = os.path.join(root, "server.crt")
        key = os.path.join(root, "server.key")
        subprocess.run(
            ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", certificate,
             "-days", "1", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost"],
            check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.chmod(key, 0o600)
        os.chmod(certificate, 0o644)
        if as_postgres:
            shutil.chown(key, "postgres", "postgres")
        options += ["-c", "ssl=on", "-c", f"ssl_cert_file={certificate}", "-c", f"ssl_key_file={key}"]
    server = subprocess.Popen([binary("postgres")] + options, stdout=subprocess.DEVNULL,
                              stderr=open(os.path.join(root, "server.log"), "w"), **as_postgres)

    def stop(*_):
        if server.poll() is None:
            server.send_signal(signal.SIGINT)
            try:
                server.wait(timeout=20)
            except subprocess.TimeoutExpired:
                server.kill()
        shutil.rmtree(root, ignore_errors=True)
        sys.exit(0)

    signal.signal(signal.SIGTERM, stop)
    psql = ["psql", "-h", root, "-p", str(port), "-U", "oauthgen_admin", "-d", "postgres", "-v", "ON_ERROR_STOP=1",
            "-qAt"]
    deadline = time.monotonic() + 60
    while subprocess.run(psql + ["-c", "SELECT 1"], capture_output=True).returncode != 0:
        if server.poll() is not None or time.monotonic() > deadline:
            print(open(os.path.join(root, "server.log")).read(), file=sys.stderr)
            stop()
        time.sleep(0.1)
    subprocess.run(psql + ["-c", f"CREATE ROLE oauthgen_app LOGIN PASSWORD '{app_password}'"], check=True)
    print(json.dumps({
        "port": port, "pid": server.pid, "socket_directory": root,
        "admin_user": "oauthgen_admin", "admin_password": admin_password,
        "app_user": "oauthgen_app", "app_password": app_password, "certificate": certificate,
    }), flush=True)
    while server.poll() is None and os.getppid() == parent:
        time.sleep(0.5)
    stop()


if __name__ == "__main__":
    main()
