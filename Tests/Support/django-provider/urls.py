import json

from django.contrib.auth import views as auth_views
from django.urls import include, path, re_path
from django.http import JsonResponse
from oauth2_provider.views import ConnectDiscoveryInfoView, IntrospectTokenView, OAuthServerMetadataView

from validators import ACR_VALUES, acr_by_token


class MetadataWithDeviceEndpoint(OAuthServerMetadataView):
    """The toolkit serves the device authorization endpoint (RFC 8628) but does not list it in
    its RFC 8414 metadata; a deployment that offers the grant says where, as RFC 8628 §4 asks."""

    def get(self, request, *args, **kwargs):
        response = super().get(request, *args, **kwargs)
        data = json.loads(response.content)
        data["device_authorization_endpoint"] = request.build_absolute_uri("/o/device-authorization/")
        response.content = json.dumps(data)
        return response


class DiscoveryWithACRValues(ConnectDiscoveryInfoView):
    """The toolkit has no setting for acr_values_supported (OIDC Discovery 1.0 §3); this peer's
    validator issues the classes it lists."""

    def get(self, request, *args, **kwargs):
        response = super().get(request, *args, **kwargs)
        data = json.loads(response.content)
        data["acr_values_supported"] = ACR_VALUES
        response.content = json.dumps(data)
        return response


class IntrospectionWithACR(IntrospectTokenView):
    """RFC 9470 §6.2: an introspection response carries the acr the token was issued with, so a
    resource can refuse a token whose authentication is too weak."""

    @staticmethod
    def get_token_response(token_value=None):
        response = IntrospectTokenView.get_token_response(token_value)
        data = json.loads(response.content)
        if data.get("active") and token_value in acr_by_token:
            data["acr"] = acr_by_token[token_value]
        return JsonResponse(data, status=response.status_code)


urlpatterns = [
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("o/.well-known/openid-configuration", DiscoveryWithACRValues.as_view()),
    path("o/introspect/", IntrospectionWithACR.as_view()),
    path("o/", include("oauth2_provider.urls", namespace="oauth2_provider")),
    # RFC 8414 §3 path insertion: the issuer http://host/o has its metadata at
    # /.well-known/oauth-authorization-server/o, at the server root.
    re_path(r"^\.well-known/oauth-authorization-server/(?P<issuer_path>.+)$", MetadataWithDeviceEndpoint.as_view()),
]
