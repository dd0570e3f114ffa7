"""The machine authorization server's state (`authorization_server.py`): its configuration from
argv, its listener on 127.0.0.1 and issuer, the in-memory clients, tokens and device codes, and the
clients authlib's grants look up."""
import json
import secrets
import socket
import sys

from authlib.oauth2.rfc7523 import JWTBearerClientAssertion, JWTBearerGrant

CONFIG = json.load(open(sys.argv[1]))
GRANTS = CONFIG.get("grants", [])
listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
listener.bind(("127.0.0.1", 0))
PORT = listener.getsockname()[1]
ISSUER = f"http://127.0.0.1:{PORT}"
TOKEN_ENDPOINT = ISSUER + "/token"
DEVICE_ENDPOINT = ISSUER + "/device_authorization"
TOKENS = {}
REFRESH = {}
USED_JTIS = set()
DEVICE_CREDENTIALS = {}
APPROVED = {}
LAST_POLL = {}
INTERVAL = int(CONFIG.get("device_interval", 5))


class Client:
    def __init__(self, info):
        self.info = info

    def get_client_id(self):
        return self.info["client_id"]

    def get_allowed_scope(self, scope):
        return scope

    def check_client_secret(self, secret):
        return "client_secret" in self.info and secrets.compare_digest(secret, self.info["client_secret"])

    def check_endpoint_auth_method(self, method, endpoint):
        if "jwks" in self.info:
            return method in ("private_key_jwt", JWTBearerClientAssertion.CLIENT_AUTH_METHOD)
        if "client_secret" in self.info:
            return method in ("client_secret_basic", "client_secret_post")
        return method == "none"

    def check_grant_type(self, grant_type):
        return grant_type in self.info.get("grant_types", [])

class Workload:
    """The client a workload's JWT stands for: its platform, trusted for the jwt-bearer grant."""

    def get_client_id(self):
        return "workload"

    def get_allowed_scope(self, scope):
        return scope

    def check_grant_type(self, grant_type):
        return grant_type == JWTBearerGrant.GRANT_TYPE


CLIENTS = {client["client_id"]: Client(client) for client in CONFIG.get("clients", [])}


class User:
    def __init__(self, sub):
        self.sub = sub

    def get_user_id(self):
        return self.sub


