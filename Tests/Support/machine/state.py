"""The machine authorization server's state (`authorization_server.py`): its configuration from
argv, its listener on 127.0.0.1 and issuer, the in-memory clients, tokens and device codes, and the
clients authlib's grants look up."""
import json
import socket
import sys

from authlib.oauth2.rfc7523 import JWTBearerGrant
from authlib_peer import Client

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


