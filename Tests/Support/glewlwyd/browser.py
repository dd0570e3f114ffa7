#!/usr/bin/env python3
"""Headless "browser" for the Glewlwyd peer (peer2): a test client's browser command.

    .venv/bin/python Tests/Support/glewlwyd/browser.py [options] URL

URL is one of
  (a) an authorization URL, <issuer>/auth?... (plain, or client_id + request_uri after PAR);
  (b) a device-grant verification URI: verification_uri_complete (<issuer>/device?code=XXXX-XXXX),
      or the bare verification_uri with a user_code query parameter (or --user-code);
  (c) an RP-initiated logout URL, <issuer>/end_session?id_token_hint=...&post_logout_redirect_uri=...

Glewlwyd's login page is a JavaScript app; this script makes the same JSON calls it makes:
POST /api/auth (log in), GET + PUT /api/auth/grant/<client_id> (consent to every requested scope
the user has), then GET <callback_url>&g_continue. Then
  (a) it follows the redirects to the redirect URI. An http://127.0.0.1, http://[::1] (or
      http://localhost) URI gets a GET, which hands the response to the client's loopback listener,
      and "[browser] delivered to loopback listener: HTTP <status>" goes to stderr. Any other redirect
      URI (private-use scheme, https) is printed on stderr and never contacted;
  (b) it approves the device: the user code is accepted and the provider answers prompt=deviceComplete;
  (c) it confirms the logout the way the page does (GET /api/<plugin>/session/<sid>/<client_id>,
      DELETE /api/<plugin>/session/<sid>, DELETE /api/auth/), then goes to the post-logout redirect
      URI exactly as in (a).

Nothing is ever written to stdout. Only loopback hosts are contacted. Every HTTP call has a
timeout, and the whole run is limited to --timeout seconds (at most 60, the default).

Exit status
  0  done: the redirect was delivered or printed (it may carry ?error=..., that is the client's
     business), the device is approved, or the logout is confirmed
  2  bad usage (a device URL with no user code, for example)
  3  login failed (user or password rejected)
  4  the provider answered with an error page or error prompt (HTTP >= 400, deviceCodeError,
     a logout without a post-logout redirect, ...)
  5  stuck: a page this script cannot act on, a login loop, or too many steps
  6  refused: a non-loopback host would have to be contacted
  7  the loopback redirect listener could not be reached
  8  network error talking to the provider
  9  time limit reached

Options and environment: --user / PEER2_USER (default alice), --password / PEER2_PASSWORD
(default alice-password-1), --user-code, --cookie-jar FILE (keep the login session between runs,
like a browser profile), --no-deliver, --timeout, -v (log every request on stderr),
PEER2_BROWSER_LOG=FILE (append every stderr line to FILE too: a test can check what the browser
did even when the client under test swallows its browser's stderr).
"""

import argparse
import ipaddress
import json
import math
import os
import signal
import sys
import time
import urllib.parse as up

HERE = os.path.dirname(os.path.abspath(__file__))
try:
    import requests
except ImportError:  # not started with the peer's venv: re-run with it if it exists
    _venv = os.path.join(HERE, "..", "..", "..", ".venv")
    _py = os.path.join(_venv, "bin", "python")
    if os.path.exists(_py) and os.path.realpath(sys.prefix) != os.path.realpath(_venv):
        os.execv(_py, [_py] + sys.argv)
    print("browser.py: error: the Python package 'requests' is missing: run .ci/run (creates .venv/)",
          file=sys.stderr)
    sys.exit(2)

DEFAULT_USER = os.environ.get("PEER2_USER", "alice")
DEFAULT_PASSWORD = os.environ.get("PEER2_PASSWORD", "alice-password-1")
MAX_TOTAL = 60.0
# One answer may take long on a loaded 2-core machine (the whole suite runs in parallel beside
# Glewlwyd): a 10 s limit once failed a sign-in there. The whole run is still bounded by --timeout.
PER_REQUEST = 30.0
MAX_STEPS = 20
USER_AGENT = "peer2-browser/1.0 (headless test browser for Glewlwyd)"
REDIRECTS = (301, 302, 303, 307, 308)


class BrowserError(Exception):
    def __init__(self, code, message):
        super().__init__(message)
        self.code = code


LOG_PATH = os.environ.get("PEER2_BROWSER_LOG")  # optional: every stderr line is appended here too


def emit(line):
    print(line, file=sys.stderr, flush=True)
    if LOG_PATH:
        try:
            with open(LOG_PATH, "a") as f:
                f.write(f"{time.strftime('%H:%M:%S')} pid {os.getpid()} {line}\n")
        except OSError:
            pass


def say(msg):
    emit(f"[browser] {msg}")


def is_loopback_host(host):
    if not host:
        return False
    host = host.strip("[]").lower()
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def origin(url):
    p = up.urlsplit(url)
    return f"{p.scheme.lower()}://{p.netloc.lower()}"


def query(url):
    return dict(up.parse_qsl(up.urlsplit(url).query, keep_blank_values=True))


def short(url, n=110):
    return url if len(url) <= n else url[:n] + "..."


def body_summary(resp, n=200):
    text = (resp.text or "").strip().replace("\n", " ")
    return text[:n] if text else "(empty body)"


def normalize_user_code(code):
    code = code.strip().upper().replace(" ", "")
    if len(code) == 8 and "-" not in code:  # Glewlwyd wants XXXX-XXXX
        code = code[:4] + "-" + code[4:]
    return code


class Browser:
    def __init__(self, start_url, user, password, total, verbose=False, deliver=True):
        self.start_url = start_url
        self.base = origin(start_url)
        segments = up.urlsplit(start_url).path.rstrip("/").split("/")
        # <api prefix>/<plugin>/<endpoint>, e.g. /api/oidc/auth
        self.endpoint = segments[-1] if segments else ""
        self.api = self.base + "/".join(segments[:-2]) if len(segments) >= 3 else self.base + "/api"
        self.user, self.password = user, password
        self.deadline = time.monotonic() + total
        self.total = total
        self.verbose = verbose
        self.deliver = deliver
        self.logged_in = False
        self.s = requests.Session()
        self.s.trust_env = False  # no HTTP(S)_PROXY, no .netrc: loopback only, directly
        self.s.headers["User-Agent"] = USER_AGENT

    # ------------------------------------------------------------------ HTTP
    def _timeout(self):
        left = self.deadline - time.monotonic()
        if left <= 0.05:
            raise BrowserError(9, f"gave up: the whole run is limited to {self.total:g} s")
        return min(PER_REQUEST, left)

    def http(self, method, url, **kw):
        parts = up.urlsplit(url)
        if parts.scheme not in ("http", "https") or not is_loopback_host(parts.hostname):
            raise BrowserError(6, f"refusing to contact {url!r}: not a loopback http(s) URL")
        try:
            r = self.s.request(method, url, allow_redirects=False, timeout=self._timeout(), **kw)
        except requests.Timeout:
            raise BrowserError(8 if time.monotonic() < self.deadline else 9,
                               f"{method} {short(url)}: no answer within the time limit")
        except requests.RequestException as e:
            raise BrowserError(8, f"{method} {short(url)}: {e.__class__.__name__}: {e}")
        if self.verbose:
            say(f"{method} {short(url)} -> {r.status_code}"
                + (f" Location: {short(r.headers.get('Location', ''))}" if r.status_code in REDIRECTS else ""))
        return r

    def on_provider(self, url):
        return origin(url) == self.base

    def is_login_page(self, url):
        return self.on_provider(url) and up.urlsplit(url).path.endswith("/login.html")

    # ------------------------------------------------- what the login page does
    def login(self):
        if self.logged_in:
            return
        page = self.http("GET", self.base + "/login.html")  # what the browser loads first
        if page.status_code != 200:
            raise BrowserError(4, f"the login page answered HTTP {page.status_code}")
        r = self.http("POST", self.api + "/auth/", json={"username": self.user, "password": self.password})
        if r.status_code == 401:
            raise BrowserError(3, f"login as {self.user!r} failed: HTTP 401 (user or password rejected)")
        if r.status_code != 200:
            raise BrowserError(4, f"login as {self.user!r}: HTTP {r.status_code} {body_summary(r)}")
        self.logged_in = True

    def ensure_session(self):
        """The logout page needs a logged-in user; a fresh browser (no cookie) logs in first."""
        if self.logged_in:
            return
        r = self.http("GET", self.api + "/profile_list")
        if r.status_code == 200:
            self.logged_in = True
        else:
            self.login()

    def grant(self, client_id, scope):
        cid = up.quote(client_id, safe="")
        r = self.http("GET", f"{self.api}/auth/grant/{cid}/{up.quote(scope, safe='')}")
        if r.status_code != 200:
            raise BrowserError(4, f"reading the consent for client {client_id!r} failed: HTTP {r.status_code} "
                                  f"{body_summary(r)}")
        try:
            names = [s["name"] for s in r.json().get("scope", []) if s.get("name")]
        except (ValueError, AttributeError, TypeError):
            raise BrowserError(4, f"unexpected consent data for client {client_id!r}: {body_summary(r)}")
        if not names:
            raise BrowserError(4, f"none of the requested scopes ({scope}) is available to {self.user!r} "
                                  f"for client {client_id!r}")
        r = self.http("PUT", f"{self.api}/auth/grant/{cid}", json={"scope": " ".join(names)})
        if r.status_code != 200:
            raise BrowserError(4, f"granting {' '.join(names)!r} to client {client_id!r} failed: "
                                  f"HTTP {r.status_code} {body_summary(r)}")
        return names

    # ------------------------------------------------------------- the end
    def finish(self, loc):
        """The provider redirects off itself: this is the client's redirect URI."""
        parts = up.urlsplit(loc)
        err = query(loc).get("error")
        if err:
            say(f"note: the redirect carries error={err}"
                + (f" ({query(loc).get('error_description')})" if query(loc).get("error_description") else ""))
        if parts.scheme == "http" and is_loopback_host(parts.hostname):
            if not self.deliver:
                say(f"final redirect (not delivered, --no-deliver): {loc}")
                return 0
            try:
                r = self.s.get(loc, allow_redirects=False, timeout=self._timeout())
            except requests.RequestException as e:
                raise BrowserError(7, f"loopback redirect listener not reachable at "
                                      f"{origin(loc)}{parts.path}: {e.__class__.__name__}: {e}")
            say(f"delivered to loopback listener: HTTP {r.status_code}")
            return 0
        kind = "private-use scheme" if parts.scheme not in ("http", "https") else "not loopback"
        say(f"final redirect ({kind}, not contacted): {loc}")
        return 0

    # ------------------------------------------------------- (a) and (b)
    def authorize(self, url):
        """Authorization request or device verification: follow, log in, consent, continue."""
        handled = set()
        for _ in range(MAX_STEPS):
            r = self.http("GET", url)
            if r.status_code in REDIRECTS:
                if not r.headers.get("Location"):
                    raise BrowserError(4, f"HTTP {r.status_code} without Location for GET {short(url)}")
                loc = up.urljoin(url, r.headers["Location"])
                if not self.on_provider(loc):
                    return self.finish(loc)
                if not self.is_login_page(loc):
                    url = loc
                    continue
                q = query(loc)
                prompt = q.get("prompt", "")
                if prompt == "deviceComplete":
                    say(f"device approved: user code {self.user_code} accepted for {self.user!r} "
                        f"(prompt=deviceComplete)")
                    return 0
                if prompt in ("deviceCodeError", "deviceServerError"):
                    raise BrowserError(4, f"the provider rejected the user code {self.user_code!r} "
                                          f"(prompt={prompt}): unknown, expired or already used")
                if prompt == "device":
                    raise BrowserError(2, "the provider asks for a user code: pass verification_uri_complete, "
                                          "?user_code=... or --user-code")
                callback, client_id, scope = q.get("callback_url"), q.get("client_id"), q.get("scope")
                if not callback:
                    raise BrowserError(5, f"login page without a callback_url: {short(loc)}")
                key = (client_id, scope, callback)
                if key in handled:
                    raise BrowserError(5, f"the provider asks for login/consent again after login and grant "
                                          f"(client {client_id!r}, scope {scope!r}, prompt={prompt or '-'})")
                handled.add(key)
                self.login()
                granted = self.grant(client_id, scope) if client_id and scope else []
                if self.endpoint != "device":
                    cb_q = query(callback)
                    how = "PAR request_uri" if "request_uri" in cb_q else "plain query"
                    say(f"authorization request ({how}) for client {client_id!r}: logged in as {self.user!r}, "
                        f"granted {' '.join(granted)!r}")
                url = callback + ("&" if "?" in callback else "?") + "g_continue"
                continue
            if r.status_code >= 400:
                hint = ""
                if r.status_code == 403 and not (r.text or "").strip() and self.endpoint == "auth":
                    hint = (" -- Glewlwyd answers a bare 403 for an unknown client, a redirect_uri that is not "
                            "registered exactly (no any-port loopback rule), an expired or used request_uri, "
                            "or a request without PAR where PAR is required")
                raise BrowserError(4, f"provider error page: HTTP {r.status_code} for GET {short(url)}: "
                                      f"{body_summary(r)}{hint}")
            raise BrowserError(5, f"HTTP {r.status_code} page without a redirect at {short(url)}: {body_summary(r)}")
        raise BrowserError(5, f"gave up after {MAX_STEPS} steps; last URL {short(url)}")

    # ------------------------------------------------------------- (c)
    def end_session(self, url):
        r = self.http("GET", url)
        if r.status_code == 200:
            raise BrowserError(4, "end_session answered HTTP 200 without a redirect: Glewlwyd does nothing "
                                  "without an id_token_hint")
        if r.status_code not in REDIRECTS or not r.headers.get("Location"):
            if r.status_code >= 400:
                raise BrowserError(4, f"provider error page: HTTP {r.status_code} for GET {short(url)}: "
                                      f"{body_summary(r)}")
            raise BrowserError(5, f"unexpected HTTP {r.status_code} at {short(url)}")
        loc = up.urljoin(url, r.headers["Location"])
        if not self.on_provider(loc):
            return self.finish(loc)
        q = query(loc)
        prompt = q.get("prompt", "")
        if prompt == "single_logout":
            raise BrowserError(4, "the provider did not accept the id_token_hint (prompt=single_logout): "
                                  "no client logout and no redirect back")
        if prompt != "end_session" or not self.is_login_page(loc):
            raise BrowserError(5, f"unexpected logout page: {short(loc)}")
        sid, plugin, client_id = q.get("sid", ""), q.get("plugin", ""), q.get("client_id", "")
        callback, post_to = q.get("callback_url"), q.get("post_redirect_to")
        if not (sid and plugin and client_id):
            raise BrowserError(4, f"logout page without sid/plugin/client_id: {short(loc)}")
        self.ensure_session()
        sess_url = f"{self.api}/{up.quote(plugin, safe='')}/session/{up.quote(sid, safe='')}"
        r = self.http("GET", f"{sess_url}/{up.quote(client_id, safe='')}",
                      params={"post_redirect_to": post_to} if post_to else None)
        if r.status_code != 200:
            raise BrowserError(4, f"reading the session to end failed: HTTP {r.status_code} {body_summary(r)}")
        try:
            post_ok = bool(r.json().get("post_redirect_to"))
        except (ValueError, AttributeError):
            post_ok = False
        r = self.http("DELETE", sess_url)
        if r.status_code != 200:
            raise BrowserError(4, f"ending the session failed: HTTP {r.status_code} {body_summary(r)}")
        self.http("DELETE", self.api + "/auth/")  # the page ignores this answer too
        if not callback or not post_ok:
            raise BrowserError(4, f"logged out, but the provider gives no post-logout redirect: "
                                  f"post_logout_redirect_uri missing, or not registered exactly for client "
                                  f"{client_id!r}")
        say(f"end_session confirmed for client {client_id!r} (sid {sid[:8]}...): logged out")
        return self.finish(callback)

    # --------------------------------------------------------------- entry
    def run(self, user_code=None):
        self.user_code = None
        if self.endpoint == "device":
            q = query(self.start_url)
            code = user_code or q.get("code") or q.get("user_code")
            if not code:
                raise BrowserError(2, "a device verification URL needs a user code: pass "
                                      "verification_uri_complete, ?user_code=... or --user-code")
            self.user_code = normalize_user_code(code)
            p = up.urlsplit(self.start_url)
            url = up.urlunsplit((p.scheme, p.netloc, p.path, up.urlencode({"code": self.user_code}), ""))
            return self.authorize(url)
        if self.endpoint == "end_session":
            return self.end_session(self.start_url)
        return self.authorize(self.start_url)


def load_cookies(session, path):
    if path and os.path.exists(path):
        try:
            with open(path) as f:
                for c in json.load(f):
                    session.cookies.set(c["name"], c["value"], domain=c["domain"], path=c["path"])
        except (OSError, ValueError, KeyError, TypeError) as e:
            say(f"note: ignoring unreadable cookie jar {path}: {e}")


def save_cookies(session, path):
    if path:
        tmp = f"{path}.{os.getpid()}.tmp"
        with open(tmp, "w") as f:
            json.dump([{"name": c.name, "value": c.value, "domain": c.domain, "path": c.path}
                       for c in session.cookies], f)
        os.replace(tmp, path)


def main(argv=None):
    real_stdout = sys.stdout
    sys.stdout = sys.stderr  # never write on stdout, not even --help
    try:
        ap = argparse.ArgumentParser(prog="browser.py", description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog=__doc__.split("\n\n", 1)[1])
        ap.add_argument("url")
        ap.add_argument("-u", "--user", default=DEFAULT_USER)
        ap.add_argument("-p", "--password", default=DEFAULT_PASSWORD)
        ap.add_argument("--user-code", help="the device user code, for a bare verification_uri")
        ap.add_argument("--cookie-jar", help="JSON file to load and save cookies (keeps the login session)")
        ap.add_argument("--no-deliver", action="store_true", help="print loopback redirects, do not GET them")
        ap.add_argument("--timeout", type=float, default=MAX_TOTAL,
                        help=f"limit for the whole run in seconds (at most {MAX_TOTAL:g}, the default)")
        ap.add_argument("-v", "--verbose", action="store_true", help="log every request on stderr")
        try:
            args = ap.parse_args(argv)
        except SystemExit as e:
            return 0 if e.code in (0, None) else 2
        if not 0 < args.timeout <= MAX_TOTAL:
            emit(f"browser.py: error: --timeout must be in (0, {MAX_TOTAL:g}]")
            return 2
        parts = up.urlsplit(args.url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            emit(f"browser.py: error: expected an http(s) URL, found {args.url!r}")
            return 2
        if not is_loopback_host(parts.hostname):
            emit(f"browser.py: error: refusing to contact {parts.hostname!r}: not a loopback host")
            return 6

        def hard_stop(signum, frame):  # backstop if something blocks outside the per-request timeouts
            emit(f"browser.py: error: hard time limit of {args.timeout:g} s reached")
            os._exit(9)
        signal.signal(signal.SIGALRM, hard_stop)
        signal.alarm(int(math.ceil(args.timeout)) + 2)

        t0 = time.monotonic()
        b = Browser(args.url, args.user, args.password, args.timeout, verbose=args.verbose,
                    deliver=not args.no_deliver)
        load_cookies(b.s, args.cookie_jar)
        try:
            rc = b.run(user_code=args.user_code)
        except BrowserError as e:
            emit(f"browser.py: error: {e}")
            rc = e.code
        finally:
            try:
                save_cookies(b.s, args.cookie_jar)
            except OSError as e:
                say(f"note: could not save the cookie jar: {e}")
        if args.verbose:
            say(f"done in {time.monotonic() - t0:.2f}s, exit {rc}")
        return rc
    except KeyboardInterrupt:
        return 130
    finally:
        sys.stdout = real_stdout


if __name__ == "__main__":
    sys.exit(main())
