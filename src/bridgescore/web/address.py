"""The address phones reach the server at: what the club's table cards print, as text and as QR.

``bridgescore serve`` knows it: ``--public-url`` (a server behind a proxy), else this computer's
network address when it listens on the whole network (``--host 0.0.0.0``), else — listening on this
computer only — a loopback address no phone can reach, which the console says plainly. The server
hands it to the app in ``$BRIDGESCORE_PUBLIC_URL`` (every worker process reads it alike).
"""

from __future__ import annotations

import ipaddress
import os
import socket
from collections.abc import Iterable
from dataclasses import dataclass
from urllib.parse import urlsplit

from starlette.requests import Request

__all__ = [
    "ALLOWED_HOSTS_VARIABLE",
    "PUBLIC_URL_VARIABLE",
    "PhonesAddress",
    "addresses",
    "allowed_hosts",
    "host_name",
    "loopback",
    "phones_address",
]

PUBLIC_URL_VARIABLE = "BRIDGESCORE_PUBLIC_URL"
ALLOWED_HOSTS_VARIABLE = "BRIDGESCORE_ALLOWED_HOSTS"


def loopback(host: str) -> bool:
    """Whether *host* is reachable from this computer only.

    >>> loopback("127.0.0.1"), loopback("localhost"), loopback("0.0.0.0"), loopback("192.168.1.20")
    (True, True, False, False)
    """
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def addresses(host: str) -> list[str]:
    """The addresses to type into a phone: for ``0.0.0.0``/``::`` this computer's network addresses."""
    if host not in ("0.0.0.0", "::", ""):
        return [host]
    found: list[str] = []
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # no packet is sent: this only picks the outgoing interface
            found.append(str(probe.getsockname()[0]))
    except OSError:
        pass
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            address = str(info[4][0])
            if address not in found and not address.startswith("127."):
                found.append(address)
    except OSError:
        pass
    return found or ["127.0.0.1"]


def host_name(host: str) -> str:
    """The name in a ``Host`` header (or a URL's host), as the allow-list compares it: no port,
    no brackets, lower case, no final dot.

    >>> host_name("Pad.Example.org.:8443"), host_name("[::1]:8000"), host_name("192.168.1.5")
    ('pad.example.org', '::1', '192.168.1.5')
    """
    name = host.strip().lower()
    if name.startswith("["):
        name = name[1:].partition("]")[0]
    elif name.count(":") == 1:
        name = name.partition(":")[0]
    return name.rstrip(".")


def allowed_hosts(host: str, public_url: str | None = None, extra: Iterable[str] = ()) -> frozenset[str]:
    """The host names the server answers to, besides loopback's (always allowed): *host* itself
    unless it is the whole network, then this computer's network addresses; the host of
    *public_url*; and the *extra* names (``--allowed-host``). Any other ``Host`` is refused, so that
    a page on another name that resolves here (DNS rebinding) cannot use the app through a browser.

    >>> sorted(allowed_hosts("192.168.1.5", "https://Bridge.example.org/", ["pad.local"]))
    ['192.168.1.5', 'bridge.example.org', 'pad.local']
    """
    names = {host_name(name) for name in extra if name.strip()}
    names.update(host_name(address) for address in addresses(host))
    if public_url:
        names.add(host_name(urlsplit(public_url.strip()).hostname or ""))
    return frozenset(name for name in names if name and not loopback(name) and name not in ("0.0.0.0", "::"))


@dataclass(frozen=True, slots=True)
class PhonesAddress:
    """Where phones join: the server's address, and whether it is this computer's alone."""

    url: str
    loopback: bool


def phones_address(request: Request) -> PhonesAddress:
    """The address the server told the app (``$BRIDGESCORE_PUBLIC_URL``), else the one *request* used.

    >>> from starlette.requests import Request
    >>> phones_address(Request({"type": "http", "scheme": "http", "server": ("192.168.1.5", 8000),
    ...                         "path": "/", "headers": []}))
    PhonesAddress(url='http://192.168.1.5:8000', loopback=False)
    """
    url = (os.environ.get(PUBLIC_URL_VARIABLE) or str(request.base_url)).rstrip("/")
    return PhonesAddress(url, loopback(urlsplit(url).hostname or ""))
