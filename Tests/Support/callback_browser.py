"""A stand-in browser for oauthgen-login tests that need no real provider: given the
authorization URL as its last argument, it goes straight to the request's redirect URI with the
request's state, like a provider's redirect would.

    python3 callback_browser.py [--say TEXT] [--param NAME=VALUE ...] [--environment-to FILE] URL
    python3 callback_browser.py --follow URL

--follow opens the URL and follows its redirects, as a browser does at a provider that approves
at once (the DPoP test server). --say prints TEXT on stdout first, as browsers and launchers do; each --param is added to the
callback query (percent-encoded here, so it may hold any character); without any --param the
callback carries code=test-code. --environment-to writes the environment the browser was started
with to FILE, as JSON.
"""
import json
import os
import sys
import urllib.parse
import urllib.request


def main(argv):
    url = argv[-1]
    if "--follow" in argv:
        with urllib.request.urlopen(url, timeout=10) as response:
            response.read()
        return 0
    params = []
    index = 0
    while index < len(argv) - 1:
        if argv[index] == "--say":
            print(argv[index + 1], flush=True)
            index += 2
        elif argv[index] == "--environment-to":
            with open(argv[index + 1], "w") as file:
                json.dump(dict(os.environ), file)
            index += 2
        elif argv[index] == "--param":
            name, _, value = argv[index + 1].partition("=")
            params.append((name, value))
            index += 2
        else:
            index += 1
    query = dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(url).query))
    params = params or [("code", "test-code")]
    callback = query["redirect_uri"] + "?" + urllib.parse.urlencode(params + [("state", query["state"])], quote_via=urllib.parse.quote)
    with urllib.request.urlopen(callback, timeout=10) as response:
        response.read()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
