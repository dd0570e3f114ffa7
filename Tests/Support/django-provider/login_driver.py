"""A headless browser for oauthgen's tests: given an authorization URL as its last argument, it
signs in to the django-oauth-toolkit provider like a person would — login form with its CSRF token,
then the consent form — and follows the redirect to the app's loopback listener.

    python login_driver.py [--deny] [--username U --password P] [--untick SCOPE] URL

Given a device grant's verification_uri_complete, it logs in, submits the code and accepts (or,
with --deny, denies) the device.

The consent page's Cancel button is --deny. --untick SCOPE consents to the scopes asked for less
SCOPE, as a person does on a consent screen with a box per scope, when more than one is asked for
(the form posts its `scope`, which django-oauth-toolkit grants). Redirects to the app are requested, never followed
further; a private-use or https redirect is printed on stdout instead (the app would receive it).
"""
import html.parser
import sys
import urllib.parse

import requests


class Forms(html.parser.HTMLParser):
    """Collects each form's action and inputs."""

    def __init__(self):
        super().__init__()
        self.forms = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "form":
            self.forms.append({"action": attrs.get("action"), "inputs": []})
        elif tag == "input" and self.forms:
            self.forms[-1]["inputs"].append(attrs)


def forms_of(page):
    parser = Forms()
    parser.feed(page)
    return parser.forms


def main(argv):
    deny = "--deny" in argv
    username = argv[argv.index("--username") + 1] if "--username" in argv else "alice"
    password = argv[argv.index("--password") + 1] if "--password" in argv else "correct horse battery staple"
    untick = argv[argv.index("--untick") + 1] if "--untick" in argv else None
    url = argv[-1]
    provider = urllib.parse.urlsplit(url)
    origin = f"{provider.scheme}://{provider.netloc}"
    browser = requests.Session()

    for _ in range(10):
        response = browser.get(url, allow_redirects=False, timeout=10)
        if response.status_code in (301, 302, 303, 307, 308):
            target = urllib.parse.urljoin(url, response.headers["Location"])
            if not target.startswith(origin):
                return deliver(browser, target)
            url = target
            continue
        if response.status_code != 200:
            print(f"login driver: HTTP {response.status_code} at {url}", file=sys.stderr)
            return 1
        if "/device-grant-status/" in url:
            # A device grant approved or denied: the device learns it by polling.
            return 0
        forms = forms_of(response.text)
        if not forms:
            print(f"login driver: no form at {url}", file=sys.stderr)
            return 1
        form = forms[0]
        fields = {field["name"]: field.get("value", "") for field in form["inputs"] if field.get("name") and field.get("type") != "submit"}
        if "password" in fields:
            fields["username"], fields["password"] = username, password
        elif "/device-confirm/" in url:
            # The device grant's approval page (its buttons are <button name="action">).
            fields["action"] = "deny" if deny else "accept"
        elif not deny:
            fields["allow"] = "Authorize"
            asked = fields.get("scope", "").split()
            if untick and untick in asked and len(asked) > 1:
                fields["scope"] = " ".join(scope for scope in asked if scope != untick)
        action = urllib.parse.urljoin(url, form["action"] or url)
        posted = browser.post(action, data=fields, headers={"Referer": url}, allow_redirects=False, timeout=10)
        if posted.status_code not in (301, 302, 303):
            print(f"login driver: HTTP {posted.status_code} after submitting {action}", file=sys.stderr)
            return 1
        url = urllib.parse.urljoin(action, posted.headers["Location"])
        if not url.startswith(origin):
            return deliver(browser, url)
    print("login driver: too many steps", file=sys.stderr)
    return 1


def deliver(browser, target):
    if target.startswith("http://127.0.0.1") or target.startswith("http://[::1]"):
        browser.get(target, timeout=10)
    else:
        print(target)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
