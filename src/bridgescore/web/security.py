"""What keeps the scorepad safe on a household network: one ASGI middleware, :class:`Guard`.

Every request passes the guard before the app sees it:

- **host** — a request whose ``Host`` is not one of the server's names (loopback's, and
  :attr:`Safety.allowed_hosts`) is refused with 400, so that a page on another name resolving to
  this server (DNS rebinding) cannot list, start or delete games through a visitor's browser;
- **size** — a body over :attr:`Safety.max_body` bytes is refused with 413, before it is read
  when it says its length, and as soon as it passes the limit when it does not;
- **cross-site writes** — a change (POST, PUT, PATCH, DELETE) whose ``Origin`` is not this
  server, or that the browser marks ``Sec-Fetch-Site: cross-site``/``same-site``, is refused
  with 403; the pages' forms also carry a form token (a random value in a ``SameSite=Strict``
  cookie and in a hidden field, :func:`check_form_token`);
- **the household PIN** — when one is set, a change needs the PIN: the ``X-Bridgescore-Pin``
  header, or the cookie the ``/pin`` page sets; without it the answer is 401. Every PIN tried (the
  header, the page) is a guess under growing delays, per client and for the whole server
  (:mod:`bridgescore.web.limits`): 429 with ``Retry-After`` while they ask to wait;
- **rate** — each client (by address) may make :attr:`Safety.writes_per_minute` changes a
  minute (a burst of a quarter of that at once), else 429 with ``Retry-After``;
- the PIN and the rate are the scorepad's: club mode's routes (``/api/club/…``, ``/club/…``)
  answer to their own passes and limit sign-in and join themselves (:mod:`bridgescore.web.club.auth`);
- **the database unreachable** — when the shared state below cannot be read, 503 with
  ``Retry-After`` (the phone's queue keeps the change and sends it again);
- **headers** — ``X-Content-Type-Options: nosniff``, a Content-Security-Policy with
  ``frame-ancestors 'none'``, ``Referrer-Policy: same-origin`` on every answer.

Nothing here is kept per process, so any number of worker processes agree: the key of the PIN
cookie and the rate buckets are in the database (:mod:`bridgescore.store.shared`); the form
token needs no key at all (the cookie and the field must only be equal, and another site can
read neither).

>>> Safety().max_body
2000000
>>> RETRY_AFTER_UNREACHABLE
5
>>> pin_cookie_value("1234", b"key") == pin_cookie_value("1234", b"key")
True
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import os
import re
import secrets
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from bridgescore.core.errors import N_, ParseError
from bridgescore.i18n import translator
from bridgescore.store.errors import UNREACHABLE
from bridgescore.store.shared import SharedState
from bridgescore.web import language
from bridgescore.web.address import (
    ALLOWED_HOSTS_VARIABLE,
    PUBLIC_URL_VARIABLE,
    allowed_hosts,
    host_name,
    loopback,
)
from bridgescore.web.forwarded import NOBODY, TRUSTED_PROXY_VARIABLE, TrustedProxies
from bridgescore.web.limits import client_address, guess_pin
from bridgescore.web.refusal import RefusedError

MAX_BODY = 2_000_000
"""The default limit of a request's body, in bytes (a deal-log file of some 100,000 deals)."""

WRITES_PER_MINUTE = 600
"""The default number of changes one client may make a minute (ten a second)."""

FORM_COOKIE = "bridgescore_form"
"""The cookie holding the form token (the hidden field ``form_token`` must repeat it)."""

FORM_FIELD = "form_token"
PIN_COOKIE = "bridgescore_pin"
PIN_HEADER = "x-bridgescore-pin"
UNSAFE = frozenset({"POST", "PUT", "PATCH", "DELETE"})
PIN_KEY = "pin-cookie"
"""The name of the shared secret that signs the PIN cookie (:meth:`SharedState.secret`)."""
RETRY_AFTER_UNREACHABLE = 5
"""The seconds a client is asked to wait (``Retry-After``) when the database cannot be reached."""


@dataclass(frozen=True, slots=True)
class Safety:
    """The guard's settings; :meth:`from_environment` reads them from ``BRIDGESCORE_*`` variables.

    ``pin`` None: no PIN (anyone who reaches the port may change games). ``writes_per_minute``
    0: no rate limit. ``max_body`` in bytes. ``trusted_proxies``: whose ``X-Forwarded-For`` is
    believed (:mod:`bridgescore.web.forwarded`; nobody's by default). ``allowed_hosts``: the names
    the server answers to besides loopback's (``localhost``, ``127.0.0.1``, ``::1`` always are).
    """

    max_body: int = MAX_BODY
    pin: str | None = None
    writes_per_minute: int = WRITES_PER_MINUTE
    trusted_proxies: TrustedProxies = NOBODY
    allowed_hosts: frozenset[str] = frozenset()

    def answers_to(self, host: str | None) -> bool:
        """Whether a request with this ``Host`` header is for this server.

        >>> safety = Safety(allowed_hosts=frozenset({"bridge.example.org"}))
        >>> [safety.answers_to(h) for h in ("localhost:8000", "BRIDGE.example.org", "evil.example", None)]
        [True, True, False, False]
        """
        if not host:
            return False
        name = host_name(host)
        return loopback(name) or name in self.allowed_hosts

    @classmethod
    def from_environment(cls, environ: Mapping[str, str] | None = None) -> Safety:
        """``BRIDGESCORE_PIN``, ``BRIDGESCORE_MAX_BODY``, ``BRIDGESCORE_WRITES_PER_MINUTE``,
        ``BRIDGESCORE_TRUSTED_PROXY``, ``BRIDGESCORE_ALLOWED_HOSTS`` (names separated by commas or
        spaces) and the host of ``BRIDGESCORE_PUBLIC_URL``.

        >>> safety = Safety.from_environment({"BRIDGESCORE_PIN": "2468", "BRIDGESCORE_MAX_BODY": "1000"})
        >>> safety.pin, safety.max_body, safety.writes_per_minute, bool(safety.trusted_proxies)
        ('2468', 1000, 600, False)
        """
        env = os.environ if environ is None else environ
        return cls(
            max_body=_count(env.get("BRIDGESCORE_MAX_BODY"), MAX_BODY),
            pin=env.get("BRIDGESCORE_PIN") or None,
            writes_per_minute=_count(env.get("BRIDGESCORE_WRITES_PER_MINUTE"), WRITES_PER_MINUTE),
            trusted_proxies=TrustedProxies.parse(env.get(TRUSTED_PROXY_VARIABLE)),
            allowed_hosts=allowed_hosts(
                "127.0.0.1",
                env.get(PUBLIC_URL_VARIABLE),
                env.get(ALLOWED_HOSTS_VARIABLE, "").replace(",", " ").split(),
            ),
        )


def _count(text: str | None, default: int) -> int:
    if text is None or not text.strip():
        return default
    digits = text.strip().replace("_", "")
    if not (digits.isascii() and digits.isdigit()) or len(digits) > 12:
        raise ParseError(N_("{value!r} is not a whole number of at most 12 digits"), value=text)
    return int(digits)


def pin_cookie_value(pin: str, key: bytes) -> str:
    """What the PIN cookie holds: a keyed digest of the PIN (the PIN itself never leaves the server)."""
    return hmac.new(key, pin.encode(), hashlib.sha256).hexdigest()


def over_https(scope: Scope) -> bool:
    """Whether the request came over HTTPS — to this server, or to a trusted proxy that said so
    (``X-Forwarded-Proto``, :mod:`bridgescore.web.forwarded`): its cookies are then ``Secure``.

    >>> over_https({"type": "http", "scheme": "https"}), over_https({"type": "http", "scheme": "http"})
    (True, False)
    """
    return scope.get("scheme") in ("https", "wss")


def cookie_flags(scope: Scope) -> str:
    """``; Secure`` for a request over HTTPS (a cookie then never travels over plain HTTP), else nothing."""
    return "; Secure" if over_https(scope) else ""


def pin_matches(given: str, pin: str) -> bool:
    """Whether *given* is the PIN (compared in constant time)."""
    return hmac.compare_digest(given.strip().encode(), pin.encode())


def script_hashes(html: str) -> list[str]:
    """CSP sources (``'sha256-…'``) for the inline scripts of a template (those without ``src``/``type``)."""
    found = re.findall(r"<script>(.*?)</script>", html, flags=re.DOTALL)
    return [f"'sha256-{base64.b64encode(hashlib.sha256(code.encode()).digest()).decode()}'" for code in found]


def policy(inline_scripts: Iterable[str] = ()) -> str:
    """The Content-Security-Policy of the pages: everything from this server, nothing framed."""
    # 'wasm-unsafe-eval' lets the page compile WebAssembly (the engine's Pyodide, from this server
    # only); it allows no eval() of JavaScript.
    scripts = " ".join(["'self'", *inline_scripts, "'wasm-unsafe-eval'"])
    return (
        f"default-src 'self'; script-src {scripts}; style-src 'self' 'unsafe-inline'; "
        "img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
    )


class TooLarge(HTTPException):
    """Raised while reading a body that passes the limit (the app answers 413, its detail the limit)."""

    def __init__(self, limit: int) -> None:
        super().__init__(413, str(limit))


class Guard:
    """The ASGI middleware described above, around the whole app."""

    def __init__(
        self, app: ASGIApp, safety: Safety, shared: SharedState, inline_scripts: Iterable[str] = ()
    ) -> None:
        self.app = app
        self.safety = safety
        self.shared = shared
        self.policy = policy(inline_scripts).encode()

    @property
    def key(self) -> bytes:
        """The key of the PIN cookie: the same in every worker process and after a restart."""
        return self.shared.secret(PIN_KEY)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        request = Request(scope)
        state = scope.setdefault("state", {})
        state["guard"] = self
        form_token = request.cookies.get(FORM_COOKIE)
        fresh = form_token is None or not re.fullmatch(r"[A-Za-z0-9_-]{20,64}", form_token)
        if fresh:
            form_token = secrets.token_urlsafe(24)
        state["form_token"] = form_token
        headers = self._headers(scope, form_token if fresh else None)
        try:
            if not self.safety.answers_to(request.headers.get("host")):
                raise RefusedError(
                    400,
                    N_("this server does not answer to the name {host!r} (serve --allowed-host)"),
                    host=host_name(request.headers.get("host", ""))[:60],
                )
            if request.method in UNSAFE and self._reads_database() and not _has_own_passes(scope["path"]):
                await run_in_threadpool(self._admit, request)  # the PIN's key, the rate buckets
            else:
                self._admit(request)
        except RefusedError as refusal:
            await self._refuse(request, refusal, send, headers)
            return
        except UNREACHABLE:
            await self._refuse(request, unreachable(), send, headers)
            return
        started = False
        received = 0
        limit = self.safety.max_body

        async def counted() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > limit:
                    raise TooLarge(limit)
            return message

        async def send_guarded(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                message = {**message, "headers": [*_without_server(message.get("headers", [])), *headers]}
            await send(message)

        try:
            await self.app(scope, counted, send_guarded)
        except TooLarge:
            if started:
                raise
            await self._refuse(request, _too_large(limit), send, headers)

    def _headers(self, scope: Scope, new_form_token: str | None) -> list[tuple[bytes, bytes]]:
        # /docs too: its viewer's files are served by the app (web/appshell.py), no CDN
        out = [
            (b"x-content-type-options", b"nosniff"),
            (b"content-security-policy", self.policy),
            (b"referrer-policy", b"same-origin"),
            (b"x-frame-options", b"DENY"),
        ]
        if new_form_token is not None:
            cookie = f"{FORM_COOKIE}={new_form_token}; Path=/; HttpOnly; SameSite=Strict{cookie_flags(scope)}"
            out.append((b"set-cookie", cookie.encode()))
        return out

    def _reads_database(self) -> bool:
        """Whether admitting a change reads the database (a PIN or a rate limit is set)."""
        return self.safety.pin is not None or self.safety.writes_per_minute > 0

    def _admit(self, request: Request) -> None:
        declared = request.headers.get("content-length", "")
        digits = declared.strip()
        if digits.isascii() and digits.isdigit() and (len(digits) > 15 or int(digits) > self.safety.max_body):
            raise _too_large(self.safety.max_body)
        if request.method not in UNSAFE:
            return
        if not same_origin(request):
            raise RefusedError(403, N_("a change from another site is refused"))
        if _is_read_only(request.url.path) or _has_own_passes(request.url.path):
            return
        asks_itself = request.method == "POST" and _asks_pin_in_place(request.url.path)
        if self.safety.pin is not None and not asks_itself and not self._pin_given(request):
            raise RefusedError(401, N_("this scorepad asks for the household PIN before any change"))
        wait = self.shared.wait(client_address(request), self.safety.writes_per_minute)
        if wait > 0:
            raise RefusedError(
                429, N_("too many changes at once: try again in {seconds} s"), seconds=int(wait) + 1
            )

    def unlocked(self, request: Request) -> bool:
        """Whether *request* carries the PIN page's cookie (always true without a PIN).

        The ``X-Bridgescore-Pin`` header is not looked at here: every comparison with the PIN is a
        guess, counted (:meth:`try_pin`), and a page drawn is no way to guess without being counted.
        """
        pin = self.safety.pin
        if pin is None:
            return True
        cookie = request.cookies.get(PIN_COOKIE, "")
        return hmac.compare_digest(cookie.encode(), pin_cookie_value(pin, self.key).encode())

    def try_pin(self, request: Request, given: str) -> bool:
        """Whether *given* is the household PIN — a guess, counted against the client and the whole
        server with growing delays (:func:`~bridgescore.web.limits.guess_pin`): 429 while they
        ask to wait, however right *given* is."""
        pin = self.safety.pin
        if pin is None:
            return True
        return guess_pin(self.shared, client_address(request), lambda: pin_matches(given, pin))

    def pin_given(self, request: Request, given: str | None = None) -> bool:
        """Whether this request may change games: no PIN is set, the phone is unlocked, or the PIN
        comes with it — *given* (a form's field) or the header, each a counted guess."""
        if self.safety.pin is None:
            return True
        if given:
            return self.unlocked(request) or self.try_pin(request, given)
        return self._pin_given(request)

    def _pin_given(self, request: Request) -> bool:
        if self.unlocked(request):
            return True
        header = request.headers.get(PIN_HEADER)
        return header is not None and self.try_pin(request, header)

    async def _refuse(
        self, request: Request, refusal: RefusedError, send: Send, headers: list[tuple[bytes, bytes]]
    ) -> None:
        gettext = translator(language.of_request(request))
        message = refusal.translate(gettext)
        if request.url.path.startswith("/api/") or "json" in request.headers.get("accept", ""):
            body = json.dumps({"message": message, "field": None}, ensure_ascii=False).encode()
            kind = b"application/json"
        else:
            body = message.encode()
            kind = b"text/plain; charset=utf-8"
        extra = [(b"retry-after", b"%d" % refusal.params["seconds"])] if "seconds" in refusal.params else []
        await send(
            {
                "type": "http.response.start",
                "status": refusal.status,
                "headers": [
                    (b"content-type", kind),
                    (b"content-length", b"%d" % len(body)),
                    (b"connection", b"close"),
                    *extra,
                    *headers,
                ],
            }
        )
        await send({"type": "http.response.body", "body": body})


def unreachable() -> RefusedError:
    """The refusal when the database cannot be reached just now: 503, try again in a few seconds."""
    return RefusedError(
        503,
        N_("the database cannot be reached just now: nothing was stored, send it again in {seconds} s"),
        seconds=RETRY_AFTER_UNREACHABLE,
    )


def _too_large(limit: int) -> RefusedError:
    return RefusedError(413, N_("the request is too large: at most {most} bytes"), most=limit)


def _without_server(headers: Iterable[tuple[bytes, bytes]]) -> list[tuple[bytes, bytes]]:
    return [(name, value) for name, value in headers if name.lower() != b"server"]


def _has_own_passes(path: str) -> bool:
    # Club mode's routes answer to their own passes (a director's sign-in, a table's code) and
    # limit sign-in and join themselves (web/club/auth.py). A club's phones often share one
    # address (the club's Wi-Fi behind one router): a bucket per address would refuse 200 tables.
    return path.startswith(("/api/club/", "/club/"))


def _asks_pin_in_place(path: str) -> bool:
    # The forms that ask for the PIN themselves (new game, import): their routes check it, and a
    # phone still locked gets the form back with what was typed, not a refusal (pages.unlock_in_place).
    return path.startswith("/new/") or path == "/import"


def _is_read_only(path: str) -> bool:
    # A preview scores a deal without storing it; the PIN page is how one unlocks.
    return path.endswith("/preview") or path == "/pin"


def same_origin(request: Request) -> bool:
    """Whether a change comes from this server's own pages (or from no browser at all).

    Browsers say where a request comes from (``Sec-Fetch-Site``, ``Origin``); a client that
    says nothing — a script, ``curl`` — is not a browser tricked by another site.
    """
    site = request.headers.get("sec-fetch-site")
    if site is not None and site not in ("same-origin", "none"):
        return False
    origin = request.headers.get("origin")
    if origin is None:
        return True
    host = request.headers.get("host", "")
    return origin in (f"{request.url.scheme}://{host}", f"http://{host}", f"https://{host}")


def check_form_token(request: Request, submitted: Mapping[str, object]) -> None:
    """Refuse a page's form unless its hidden ``form_token`` repeats the form cookie (double submit)."""
    cookie = request.cookies.get(FORM_COOKIE)
    given = submitted.get(FORM_FIELD)
    if not cookie or not isinstance(given, str) or not hmac.compare_digest(cookie.encode(), given.encode()):
        raise RefusedError(403, N_("this form has expired: reload the page and send it again"))


def form_token(request: Request) -> str:
    """The form token for the page being drawn (the cookie's, or the one the guard just set)."""
    token = request.scope.get("state", {}).get("form_token")
    return str(token or request.cookies.get(FORM_COOKIE) or "")
