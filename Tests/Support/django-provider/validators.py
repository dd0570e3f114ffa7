from oauth2_provider.oauth2_validators import OAuth2Validator


# The authentication context classes this peer lists in acr_values_supported: "pwd" for a
# password, "mfa" for a password and a second factor, which every user has except mallory.
ACR_VALUES = ["pwd", "mfa"]
USERS_WITHOUT_SECOND_FACTOR = {"mallory"}
# walter's ID tokens say he authenticated an hour ago, whatever max_age asked: a provider that
# keeps an old session and ignores max_age, which is what the client's auth_time check is for.
USERS_WITH_AN_OLD_SESSION = {"walter"}
# code -> the acr its tokens will carry, and access token -> its acr (RFC 9470 §6.2 adds acr to
# introspection responses); only for authorization requests that sent acr_values.
acr_by_code = {}
acr_by_token = {}


def authentication_context(username, requested):
    """The first requested class the user can meet (OIDC Core §3.1.2.1: acr_values is a
    preference, not a demand), else the weakest: what a provider that cannot step up answers."""
    for value in requested:
        if value == "mfa" and username not in USERS_WITHOUT_SECOND_FACTOR:
            return "mfa"
        if value == "pwd":
            return "pwd"
    return "pwd"


class ClaimsValidator(OAuth2Validator):
    """Standard claims by scope (OIDC Core §5.4), so userinfo and ID tokens carry more than sub,
    and an acr claim (OIDC Core §2) in ID tokens whose authorization request sent acr_values."""

    oidc_claim_scope = OAuth2Validator.oidc_claim_scope

    def save_authorization_code(self, client_id, code, request, *args, **kwargs):
        super().save_authorization_code(client_id, code, request, *args, **kwargs)
        requested = (request.acr_values or "").split()
        if requested:
            acr_by_code[code["code"]] = authentication_context(request.user.username, requested)

    def save_bearer_token(self, token, request, *args, **kwargs):
        super().save_bearer_token(token, request, *args, **kwargs)
        acr = acr_by_code.get(request.code) if request.code else None
        if acr:
            acr_by_token[token["access_token"]] = acr

    def get_id_token_dictionary(self, token, token_handler, request):
        # oauthlib saves the token first, then makes the ID token: the code's acr is done here.
        claims, expiration_time = super().get_id_token_dictionary(token, token_handler, request)
        acr = acr_by_code.pop(request.code, None) if request.code else None
        if acr:
            claims["acr"] = acr
        if request.user.username in USERS_WITH_AN_OLD_SESSION:
            claims["auth_time"] -= 3600
        return claims, expiration_time

    def get_additional_claims(self, request):
        user = request.user
        return {
            "name": f"{user.first_name} {user.last_name}".strip(),
            "given_name": user.first_name,
            "family_name": user.last_name,
            "preferred_username": user.username,
            "email": user.email,
            "email_verified": True,
        }

    def get_userinfo_claims(self, request):
        claims = super().get_userinfo_claims(request)
        if request.user.username == "trent":
            # A distributed claim (OIDC Core §5.6.2) whose source hands out an access token of its
            # own: a credential that oauthgen-login must never print.
            claims["_claim_names"] = {"credit_score": "src1"}
            claims["_claim_sources"] = {
                "src1": {"endpoint": "https://claims.example.com/score", "access_token": "distributed-claims-secret"}
            }
        return claims


class LoopbackMetadataFetcher:
    """Client ID Metadata Documents for the tests: the client ID is an https URL on 127.0.0.1,
    whose document a test serves over http on that port (there is no certificate for
    127.0.0.1). Everything else the toolkit checks — the document's client_id equal to the URL,
    a public client, its redirect URIs — it still checks. Never for a real deployment: the
    toolkit's own SafeMetadataFetcher refuses loopback addresses on purpose."""

    def fetch(self, client_id):
        import json
        import urllib.parse
        import urllib.request

        from oauth2_provider.cimd import CIMDError

        parsed = urllib.parse.urlsplit(client_id)
        if parsed.scheme != "https" or parsed.hostname != "127.0.0.1" or not parsed.path:
            raise CIMDError("the test fetcher reads only https://127.0.0.1:<port>/<path> client IDs")
        url = f"http://127.0.0.1:{parsed.port}{parsed.path}"
        try:
            with urllib.request.urlopen(url, timeout=5) as response:
                return json.load(response), 300
        except Exception as error:
            raise CIMDError(f"could not fetch client_id document: {error}")
