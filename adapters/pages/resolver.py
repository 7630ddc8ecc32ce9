"""Turning a host name into the IP addresses a fetch may connect to."""

from __future__ import annotations

import asyncio
import socket
from typing import Protocol


class Resolver(Protocol):
    """Resolves a host name to IP address strings. Raises ``OSError`` when the name does not resolve."""

    async def resolve(self, host: str, port: int) -> list[str]: ...


class SystemResolver:
    """The operating system's resolver, asked through the event loop so nothing blocks it."""

    async def resolve(self, host: str, port: int) -> list[str]:
        infos = await asyncio.get_running_loop().getaddrinfo(
            host, port, type=socket.SOCK_STREAM, proto=socket.IPPROTO_TCP
        )
        addresses: list[str] = []
        for _family, _type, _proto, _canonname, sockaddr in infos:
            address = str(sockaddr[0])
            if address not in addresses:
                addresses.append(address)
        return addresses
