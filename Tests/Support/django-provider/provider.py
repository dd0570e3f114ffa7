"""A real OpenID provider for oauthgen's tests: django-oauth-toolkit on 127.0.0.1.

    python provider.py setup STATE_DIR   # SQLite database, RS256 key, a user, public clients
    python provider.py serve STATE_DIR   # serves on 127.0.0.1:<free port>; prints "PORT <n>" first

`serve` exits by itself when its parent process goes away, so a crashed test run leaves nothing behind.
"""
import json
import os
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
USERNAME = "alice"
PASSWORD = "correct horse battery staple"
SCHEME = "com.example.oauthgen"


def configure(state):
    import django
    from django.conf import settings

    key_path = os.path.join(state, "oidc.pem")
    settings.configure(
        DEBUG=False,
        SECRET_KEY="oauthgen-tests-only",
        ALLOWED_HOSTS=["127.0.0.1", "[::1]", "localhost"],
        ROOT_URLCONF="urls",
        INSTALLED_APPS=[
            "django.contrib.auth",
            "django.contrib.contenttypes",
            "django.contrib.sessions",
            "django.contrib.staticfiles",
            "oauth2_provider",
        ],
        MIDDLEWARE=[
            "django.contrib.sessions.middleware.SessionMiddleware",
            "django.middleware.csrf.CsrfViewMiddleware",
            "django.contrib.auth.middleware.AuthenticationMiddleware",
        ],
        TEMPLATES=[{
            "BACKEND": "django.template.backends.django.DjangoTemplates",
            "DIRS": [os.path.join(HERE, "templates")],
            "APP_DIRS": True,
            "OPTIONS": {"context_processors": ["django.template.context_processors.request"]},
        }],
        # The server is threaded and the tests run in parallel: wait for SQLite's lock instead of
        # failing, and take the write lock up front so two writers cannot deadlock on upgrade.
        DATABASES={"default": {
            "ENGINE": "django.db.backends.sqlite3", "NAME": os.path.join(state, "db.sqlite3"),
            "OPTIONS": {"timeout": 30, "transaction_mode": "IMMEDIATE"},
        }},
        LOGGING={
            "version": 1,
            "handlers": {"stderr": {"class": "logging.StreamHandler"}},
            "loggers": {"django.request": {"handlers": ["stderr"], "level": "ERROR"}},
        },
        # PBKDF2 costs 0.2-0.4 s per login on 2 cores; these tests are about OAuth, not hashing.
        PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"],
        STATIC_URL="/static/",
        LOGIN_URL="/accounts/login/",
        USE_TZ=True,
        DEFAULT_AUTO_FIELD="django.db.models.AutoField",
        OAUTH2_PROVIDER={
            "OIDC_ENABLED": True,
            "OIDC_RSA_PRIVATE_KEY": open(key_path).read() if os.path.exists(key_path) else "",
            "PKCE_REQUIRED": True,
            "ROTATE_REFRESH_TOKEN": True,
            "REFRESH_TOKEN_REUSE_PROTECTION": True,
            "COMPLIANT_BCP_RFC9700_AUTHZ_RESPONSE_ISS": True,
            "ALLOWED_REDIRECT_URI_SCHEMES": ["http", "https", SCHEME],
            "ACCESS_TOKEN_EXPIRE_SECONDS": 3600,
            # 60 s by default: beside two clean builds on 2 cores a browser sign-in took longer
            # from the code's issue to its exchange, and the exchange was invalid_grant.
            "AUTHORIZATION_CODE_EXPIRE_SECONDS": 600,
            "SCOPES": {"openid": "OpenID Connect", "profile": "Your profile", "email": "Your email address",
                       "read": "Read the protected API", "write": "Write to the protected API"},
            # Clients that register themselves, as MCP clients do: RFC 7591 open to anyone (a
            # public client gets no secret), and Client ID Metadata Documents fetched by a test
            # fetcher that reads http on the loopback address (validators.LoopbackMetadataFetcher).
            "DCR_ENABLED": True,
            "DCR_REGISTRATION_PERMISSION_CLASSES": ("oauth2_provider.dcr.AllowAllDCRPermission",),
            "CIMD_ENABLED": True,
            "CIMD_METADATA_FETCHER": "validators.LoopbackMetadataFetcher",
            "OAUTH2_VALIDATOR_CLASS": "validators.ClaimsValidator",
            # RP-Initiated Logout 1.0, with the confirmation page a person would see.
            "OIDC_RP_INITIATED_LOGOUT_ENABLED": True,
        },
    )
    sys.path.insert(0, HERE)
    django.setup()


def setup(state):
    os.makedirs(state, exist_ok=True)
    from jwcrypto import jwk

    key = jwk.JWK.generate(kty="RSA", size=2048)
    with open(os.path.join(state, "oidc.pem"), "wb") as handle:
        handle.write(key.export_to_pem(private_key=True, password=None))
    configure(state)
    from django.core.management import call_command
    from django.contrib.auth import get_user_model
    from oauth2_provider.models import get_application_model

    call_command("migrate", verbosity=0, interactive=False)
    user = get_user_model().objects.create_user(USERNAME, "alice@example.com", PASSWORD, first_name="Alice", last_name="Liddell")
    # More users, so tests running at once never log the same user in twice: this provider puts
    # the user's latest login into a refreshed ID token's auth_time (OIDC Core §12.2 says the
    # original one), which a concurrent login of the same user would change.
    for name in ["bob", "carol", "dave", "erin", "frank", "grace", "heidi", "ivan", "judy", "mallory", "niaj", "olivia", "peggy", "quentin", "rupert", "sybil", "trent", "victor", "walter"]:
        get_user_model().objects.create_user(name, f"{name}@example.com", PASSWORD, first_name=name.title())
    Application = get_application_model()
    redirects = " ".join([
        "http://127.0.0.1/callback",
        "http://[::1]/callback",
        f"{SCHEME}:/oauth2redirect",
        "https://app.example.com/oauth2redirect",
    ])
    clients = {}
    for name, skip in [("native", False), ("native-no-consent", True)]:
        app = Application.objects.create(
            name=name, client_id=f"oauthgen-{name}", user=user,
            client_type=Application.CLIENT_PUBLIC,
            authorization_grant_type=Application.GRANT_AUTHORIZATION_CODE,
            redirect_uris=redirects, algorithm=Application.RS256_ALGORITHM,
            skip_authorization=skip,
            post_logout_redirect_uris=f"http://127.0.0.1/logout http://[::1]/logout {SCHEME}:/logout",
        )
        clients[name] = app.client_id
    # The device grant (RFC 8628) is a grant type of its own in the toolkit.
    device = Application.objects.create(
        name="device", client_id="oauthgen-device", user=user,
        client_type=Application.CLIENT_PUBLIC,
        authorization_grant_type=Application.GRANT_DEVICE_CODE,
        algorithm=Application.RS256_ALGORITHM,
    )
    clients["device"] = device.client_id
    # An API behind the provider checks tokens at its introspection endpoint (RFC 7662) with
    # credentials of its own.
    Application.objects.create(
        name="resource-server", client_id="oauthgen-resource-server", client_secret="resource-server-secret", user=user,
        client_type=Application.CLIENT_CONFIDENTIAL,
        authorization_grant_type=Application.GRANT_CLIENT_CREDENTIALS,
    )
    clients["resource-server"] = "oauthgen-resource-server"
    with open(os.path.join(state, "clients.json"), "w") as handle:
        json.dump({"clients": clients, "username": USERNAME, "password": PASSWORD, "scheme": SCHEME}, handle)


def serve(state):
    configure(state)
    from socketserver import ThreadingMixIn
    from wsgiref.simple_server import WSGIRequestHandler, WSGIServer, make_server
    from django.core.wsgi import get_wsgi_application

    class Server(ThreadingMixIn, WSGIServer):
        daemon_threads = True
        allow_reuse_address = False

    class Handler(WSGIRequestHandler):
        # Without this every HTTP/1.1 response waits 40 ms for a delayed ACK.
        disable_nagle_algorithm = True

        def log_message(self, *args):
            pass

    server = make_server("127.0.0.1", 0, get_wsgi_application(), server_class=Server, handler_class=Handler)
    port = server.server_address[1]
    # Where the user enters a device grant's code: absolute, so known only once the port is.
    from oauth2_provider.settings import oauth2_settings
    oauth2_settings.OAUTH_DEVICE_VERIFICATION_URI = f"http://127.0.0.1:{port}/o/device/"
    oauth2_settings.OAUTH_DEVICE_VERIFICATION_URI_COMPLETE = f"http://127.0.0.1:{port}/o/device/?user_code={{user_code}}"
    print(f"PORT {port}", flush=True)

    from peer import exit_with_parent
    exit_with_parent()
    server.serve_forever()


if __name__ == "__main__":
    command, state = sys.argv[1], os.path.abspath(sys.argv[2])
    {"setup": setup, "serve": serve}[command](state)
