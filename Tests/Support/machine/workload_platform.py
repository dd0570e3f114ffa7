"""A workload platform for oauthgen's tests: the issuer of the JWTs a workload presents (what a
Kubernetes cluster projects into a pod, or a SPIFFE agent hands out), with a key it makes.

    python3 workload_platform.py keys DIR
        makes an ES256 key in DIR/platform-key.json and writes its public JWK set to DIR/jwks.json
    python3 workload_platform.py mint DIR ISSUER SUBJECT AUDIENCE LIFETIME FILE
        writes to FILE a JWT signed with that key: iss, sub, aud, iat, exp (LIFETIME seconds
        from now), and a fresh jti, as the workload identity extension asks
"""
import json
import os
import secrets
import sys
import time

from joserfc import jwt
from joserfc.jwk import ECKey

command, directory = sys.argv[1], sys.argv[2]
private = os.path.join(directory, "platform-key.json")
if command == "keys":
    key = ECKey.generate_key("P-256", parameters={"kid": "platform-1", "alg": "ES256", "use": "sig"})
    with open(private, "w") as file:
        json.dump(key.as_dict(private=True), file)
    with open(os.path.join(directory, "jwks.json"), "w") as file:
        json.dump({"keys": [key.as_dict(private=False)]}, file)
elif command == "mint":
    issuer, subject, audience, lifetime, output = sys.argv[3:8]
    key = ECKey.import_key(json.load(open(private)))
    now = int(time.time())
    claims = {"iss": issuer, "sub": subject, "aud": audience, "iat": now, "exp": now + int(lifetime),
              "jti": secrets.token_urlsafe(16)}
    token = jwt.encode({"alg": "ES256", "kid": "platform-1", "typ": "JWT"}, claims, key)
    # Rewritten in place, as a platform rotates a projected token: a new file moved over the old.
    with open(output + ".new", "w") as file:
        file.write(token + "\n")
    os.replace(output + ".new", output)
else:
    sys.exit(f"unknown command {command}")
