from oauth2_provider.oauth2_validators import OAuth2Validator


class ClaimsValidator(OAuth2Validator):
    """Standard claims by scope (OIDC Core §5.4), so userinfo and ID tokens carry more than sub."""

    oidc_claim_scope = OAuth2Validator.oidc_claim_scope

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
