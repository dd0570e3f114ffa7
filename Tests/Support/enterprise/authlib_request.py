"""What authlib, a library without a server, needs of an HTTP request, for the test peers built
on it (the enterprise and machine authorization servers): the form as its payload, and the request
object its grants and endpoints read."""
from authlib.oauth2.rfc6749 import OAuth2Payload, OAuth2Request


class Payload(OAuth2Payload):
    def __init__(self, form):
        self.form = form

    @property
    def data(self):
        return {name: values[0] for name, values in self.form.items()}

    @property
    def datalist(self):
        return self.form


class Request(OAuth2Request):
    """A POST to `url` with `headers` and `form` (as parse_qs gives it)."""

    def __init__(self, url, headers, form):
        super().__init__("POST", url, headers=headers)
        self._form = form
        self.payload = Payload(form)

    @property
    def args(self):
        return {}

    @property
    def form(self):
        return {name: values[0] for name, values in self._form.items()}
