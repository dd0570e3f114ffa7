import json

from django.contrib.auth import views as auth_views
from django.urls import include, path, re_path
from oauth2_provider.views import OAuthServerMetadataView


class MetadataWithDeviceEndpoint(OAuthServerMetadataView):
    """The toolkit serves the device authorization endpoint (RFC 8628) but does not list it in
    its RFC 8414 metadata; a deployment that offers the grant says where, as RFC 8628 §4 asks."""

    def get(self, request, *args, **kwargs):
        response = super().get(request, *args, **kwargs)
        data = json.loads(response.content)
        data["device_authorization_endpoint"] = request.build_absolute_uri("/o/device-authorization/")
        response.content = json.dumps(data)
        return response

urlpatterns = [
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("o/", include("oauth2_provider.urls", namespace="oauth2_provider")),
    # RFC 8414 §3 path insertion: the issuer http://host/o has its metadata at
    # /.well-known/oauth-authorization-server/o, at the server root.
    re_path(r"^\.well-known/oauth-authorization-server/(?P<issuer_path>.+)$", MetadataWithDeviceEndpoint.as_view()),
]
