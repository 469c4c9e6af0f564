"""Refuse URLs that point at this machine or a private network (SSRF), after resolving DNS.

A page read by the agent must not be able to steer it into the host's own services
(``http://127.0.0.1:…``, a cloud metadata address, the LAN). Every address a host name
resolves to is checked; redirects are checked hop by hop by the caller.
"""

from __future__ import annotations

import ipaddress
import socket
from urllib.parse import urlsplit

from autonomo.tools.registry import CommandError

ALLOWED_SCHEMES = ("http", "https")


def _is_public(address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    if isinstance(address, ipaddress.IPv6Address):
        mapped = address.ipv4_mapped or address.sixtofour
        if mapped is not None:
            return _is_public(mapped)
    return address.is_global and not (
        address.is_loopback
        or address.is_private
        or address.is_link_local
        or address.is_multicast
        or address.is_reserved
        or address.is_unspecified
    )


def resolve_host(host: str, port: int) -> list[str]:
    """Every address ``host`` resolves to; a clear error without DNS / network."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except socket.gaierror as exc:
        raise CommandError(
            f"Could not resolve {host!r} ({exc.strerror}). Is there a network connection?"
        ) from exc
    return sorted({info[4][0] for info in infos})


def check_url(url: str, *, allow_private: bool) -> str:
    """Validate ``url`` (scheme, host, resolved addresses); returns it unchanged."""
    parts = urlsplit(url)
    if parts.scheme not in ALLOWED_SCHEMES:
        raise CommandError(f"Only http and https URLs are supported, not {url!r}.")
    host = parts.hostname
    if not host:
        raise CommandError(f"{url!r} has no host name.")
    try:
        port = parts.port or (443 if parts.scheme == "https" else 80)
    except ValueError as exc:
        raise CommandError(f"{url!r} has an invalid port.") from exc
    if allow_private:
        return url
    for text in resolve_host(host, port):
        address = ipaddress.ip_address(text.split("%", 1)[0])
        if not _is_public(address):
            raise CommandError(
                f"Refused {url}: {host} resolves to {address}, a loopback, private or "
                "link-local address. Such addresses are blocked unless "
                "web.allow_private_addresses is set."
            )
    return url
