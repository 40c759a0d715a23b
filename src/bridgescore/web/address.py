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
from dataclasses import dataclass
from urllib.parse import urlsplit

from starlette.requests import Request

__all__ = ["PUBLIC_URL_VARIABLE", "PhonesAddress", "addresses", "loopback", "phones_address"]

PUBLIC_URL_VARIABLE = "BRIDGESCORE_PUBLIC_URL"


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
