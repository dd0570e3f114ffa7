"""The machine authorization server's grants and endpoints over authlib (`authorization_server.py`):
client authentication with private_key_jwt, the workload's jwt-bearer grant, the device grant and
its authorization endpoint (with the poll timing that answers slow_down), open RFC 7591
registration of public clients, and refresh."""
import json
import time

from authlib.oauth2.rfc6749.errors import InvalidGrantError, InvalidRequestError
from authlib.oauth2.rfc6749.grants import RefreshTokenGrant
from authlib.oauth2.rfc7523 import JWTBearerGrant
from authlib.oauth2.rfc7591 import ClientRegistrationEndpoint
from authlib.oauth2.rfc8628 import DeviceAuthorizationEndpoint, DeviceCodeGrant, DeviceCredentialDict
from joserfc.jwk import KeySet

from state import (APPROVED, CLIENTS, CONFIG, DEVICE_CREDENTIALS, INTERVAL, ISSUER, LAST_POLL, REFRESH, TOKEN_ENDPOINT,
                   USED_JTIS, Client, User, Workload)


class WorkloadGrant(JWTBearerGrant):
    """The jwt-bearer grant for a workload JWT: signed by the platform's keys, aud this server's
    token endpoint or issuer, not expired, its jti never seen before."""

    def get_audiences(self):
        return [TOKEN_ENDPOINT, ISSUER]

    def resolve_issuer_client(self, issuer):
        return Workload() if issuer == CONFIG["workload"]["issuer"] else None

    def resolve_client_public_key(self, client):
        with open(CONFIG["workload"]["jwks_file"]) as keys:
            return KeySet.import_key_set(json.load(keys))

    def authenticate_user(self, subject):
        return User(subject)

    def has_granted_permission(self, client, user):
        return True

    def process_assertion_claims(self, assertion):
        claims = super().process_assertion_claims(assertion)
        jti = claims.get("jti")
        if not jti or jti in USED_JTIS:
            raise InvalidGrantError(description="the workload JWT has no jti, or one already used")
        USED_JTIS.add(jti)
        return claims


class DeviceGrant(DeviceCodeGrant):
    def query_device_credential(self, device_code):
        return DEVICE_CREDENTIALS.get(device_code)

    def query_user_grant(self, user_code):
        return (User("device-user"), True) if APPROVED.get(user_code) else None

    def should_slow_down(self, credential):
        # RFC 8628 §3.5: a poll sooner than the interval since the last one is asked to slow down.
        now, last = time.monotonic(), LAST_POLL.get(credential["device_code"])
        LAST_POLL[credential["device_code"]] = now
        return last is not None and now - last < CONFIG.get("device_slow_down_below", INTERVAL)


class DeviceEndpoint(DeviceAuthorizationEndpoint):
    INTERVAL = INTERVAL

    def get_verification_uri(self):
        return ISSUER + "/device"

    def save_device_credential(self, client_id, scope, data):
        DEVICE_CREDENTIALS[data["device_code"]] = DeviceCredentialDict(
            client_id=client_id, scope=scope, expires_at=time.time() + data["expires_in"], **data)


class Registration(ClientRegistrationEndpoint):
    """Open dynamic registration (RFC 7591) of public clients, for the device grant."""

    def authenticate_token(self, request):
        return True

    def generate_client_secret(self, request):
        return None

    def get_server_metadata(self):
        return self.server.metadata

    def save_client(self, client_info, client_metadata, request):
        info = {"client_id": client_info["client_id"], "grant_types": client_metadata.get("grant_types", [])}
        CLIENTS[info["client_id"]] = Client(info)
        return CLIENTS[info["client_id"]]


class RefreshRecord(dict):
    def check_client(self, client):
        return self["client_id"] == client.get_client_id()

    def get_scope(self):
        return self["scope"]

    def is_expired(self):
        return False

    def is_revoked(self):
        return self["revoked"]


class Refresh(RefreshTokenGrant):
    """The refresh grant, rotating its refresh tokens. With "refresh_refuses_resource" it refuses a
    request naming a resource, as Microsoft Entra ID v2.0 does (AADSTS9010010)."""
    TOKEN_ENDPOINT_AUTH_METHODS = ["client_secret_basic", "client_secret_post", "none"]
    INCLUDE_NEW_REFRESH_TOKEN = True

    def validate_token_request(self):
        if CONFIG.get("refresh_refuses_resource") and self.request.form.get("resource"):
            raise InvalidRequestError(
                "AADSTS9010010: The resource parameter provided in the request doesn't match with the requested scopes.")
        return super().validate_token_request()

    def authenticate_refresh_token(self, refresh_token):
        record = REFRESH.get(refresh_token)
        return RefreshRecord(record, token=refresh_token) if record and not record["revoked"] else None

    def authenticate_user(self, refresh_token):
        return User(refresh_token["sub"])

    def revoke_old_credential(self, refresh_token):
        REFRESH[refresh_token["token"]]["revoked"] = True
