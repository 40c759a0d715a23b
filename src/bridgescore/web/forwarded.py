"""Who is asking behind a reverse proxy: ``X-Forwarded-For`` believed from the proxies named only.

Every limit of the app (the PIN's failures, changes a minute, sign-in and join) counts per client
address. A header can say anything: believed from everyone, rotating ``X-Forwarded-For`` would
make each guess a new client and remove every limit. So ``bridgescore serve`` starts uvicorn with
its proxy headers **off**, and the app believes the forwarded headers only from the addresses
given to ``--trusted-proxy`` (``BRIDGESCORE_TRUSTED_PROXY``; none by default). From such a proxy
the client is the right-most address of ``X-Forwarded-For`` that is not itself a trusted proxy —
the one the last trusted proxy saw, which is what Caddy and nginx (``$proxy_add_x_forwarded_for``)
append — and the scheme is the proxy's ``X-Forwarded-Proto`` (so that cookies are ``Secure``
behind a TLS proxy).

>>> proxies = TrustedProxies.parse("127.0.0.1, 10.0.0.0/8")
>>> proxies.client("127.0.0.1", "198.51.100.7, 203.0.113.9, 10.1.2.3")
'203.0.113.9'
>>> proxies.client("192.0.2.50", "203.0.113.9")  # not a proxy: the header is the client's own word
'192.0.2.50'
>>> TrustedProxies.parse("").client("127.0.0.1", "203.0.113.9")
'127.0.0.1'
"""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass

from starlette.types import ASGIApp, Receive, Scope, Send

from bridgescore.core.errors import N_, ParseError

__all__ = ["NOBODY", "TRUSTED_PROXY_VARIABLE", "Forwarded", "TrustedProxies"]

TRUSTED_PROXY_VARIABLE = "BRIDGESCORE_TRUSTED_PROXY"

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


@dataclass(frozen=True, slots=True)
class TrustedProxies:
    """The reverse proxies whose forwarded headers are believed (empty: nobody's)."""

    networks: tuple[Network, ...] = ()

    @classmethod
    def parse(cls, text: str | None) -> TrustedProxies:
        """Addresses or networks, separated by commas (``127.0.0.1``, ``::1``, ``10.0.0.0/8``).

        >>> TrustedProxies.parse("::1").networks
        (IPv6Network('::1/128'),)
        >>> TrustedProxies.parse("proxy.local")
        Traceback (most recent call last):
        ...
        bridgescore.core.errors.ParseError: --trusted-proxy: 'proxy.local' is not an IP address or network
        """
        found: list[Network] = []
        for part in (text or "").split(","):
            word = part.strip()
            if not word:
                continue
            try:
                found.append(ipaddress.ip_network(word.strip("[]"), strict=False))
            except ValueError:
                raise ParseError(
                    N_("--trusted-proxy: {value!r} is not an IP address or network"), value=word[:60]
                ) from None
        return cls(tuple(found))

    def __bool__(self) -> bool:
        return bool(self.networks)

    def trusts(self, address: str) -> bool:
        """Whether *address* is one of the trusted proxies (a name, or nonsense, never is)."""
        try:
            ip = ipaddress.ip_address(address.strip().strip("[]"))
        except ValueError:
            return False
        return any(ip in network for network in self.networks)

    def client(self, peer: str, forwarded_for: str | None) -> str:
        """The client's address: *peer* (who connected) unless it is a trusted proxy, else the
        right-most address of *forwarded_for* that is not a trusted proxy (the left-most when all are)."""
        if not self.trusts(peer) or not forwarded_for:
            return peer
        hops = [hop.strip() for hop in forwarded_for.split(",") if hop.strip()]
        for hop in reversed(hops):
            if not self.trusts(hop):
                return hop
        return hops[0] if hops else peer


NOBODY = TrustedProxies()
"""No trusted proxy: the forwarded headers are nobody's word (the default)."""


class Forwarded:
    """ASGI middleware: the client address and scheme a trusted proxy forwarded, in the request's scope.

    Outermost, so that everything inside (the guard's limits, the pages' cookies) sees the client
    and whether it reached the proxy over HTTPS. Without trusted proxies it changes nothing.
    """

    def __init__(self, app: ASGIApp, proxies: TrustedProxies) -> None:
        self.app = app
        self.proxies = proxies

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket") and self.proxies:
            peer = scope.get("client")
            if peer is not None and self.proxies.trusts(peer[0]):
                forwarded_for = _header(scope, b"x-forwarded-for")
                scope = {**scope, "client": (self.proxies.client(peer[0], forwarded_for), 0)}
                proto = (_header(scope, b"x-forwarded-proto") or "").split(",")[-1].strip().lower()
                if proto in ("http", "https"):
                    secure = proto == "https"
                    if scope["type"] == "websocket":
                        scope["scheme"] = "wss" if secure else "ws"
                    else:
                        scope["scheme"] = proto
        await self.app(scope, receive, send)


def _header(scope: Scope, name: bytes) -> str | None:
    """Every value of header *name*, joined with commas in their order (None: not sent)."""
    values = [value.decode("latin-1") for key, value in scope.get("headers", []) if key.lower() == name]
    return ", ".join(values) if values else None
