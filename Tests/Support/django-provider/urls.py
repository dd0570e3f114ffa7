from django.contrib.auth import views as auth_views
from django.urls import include, path, re_path
from oauth2_provider.views import OAuthServerMetadataView

urlpatterns = [
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("o/", include("oauth2_provider.urls", namespace="oauth2_provider")),
    # RFC 8414 §3 path insertion: the issuer http://host/o has its metadata at
    # /.well-known/oauth-authorization-server/o, at the server root.
    re_path(r"^\.well-known/oauth-authorization-server/(?P<issuer_path>.+)$", OAuthServerMetadataView.as_view()),
]
