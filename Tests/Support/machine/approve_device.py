"""The user on another device, for oauthgen's device grant tests: given the complete verification
URI a client opens (`--browser-command`), approves its user code at the machine authorization
server, and appends the code to LOG (one line per code shown, so a test counts them).

    python3 approve_device.py LOG URL
"""
import sys
import urllib.parse
import urllib.request

log, url = sys.argv[1], sys.argv[2]
parts = urllib.parse.urlsplit(url)
code = urllib.parse.parse_qs(parts.query)["user_code"][0]
with open(log, "a") as file:
    file.write(code + "\n")
body = urllib.parse.urlencode({"user_code": code}).encode()
approve = f"{parts.scheme}://{parts.netloc}/device/approve"
urllib.request.urlopen(urllib.request.Request(approve, data=body, method="POST"), timeout=10).read()
