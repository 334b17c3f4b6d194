"""The HTTP around the rooms: reading a request's body, the limits on creations, the headers.

Nothing here knows a room: :mod:`tilegames.server._app` reads each request's
JSON body with :func:`read_body`, counts the rooms each client address
creates with :class:`Creations`, and sends every answer through
:class:`SecurityHeaders`.
"""

from __future__ import annotations

import base64
import hashlib
import json
import math
import re
from collections import deque
from typing import Any, Final

from starlette.requests import ClientDisconnect, Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

import tilegames
from tilegames import serialize
from tilegames.server._rooms import Refused

__all__ = [
    "API_POLICY",
    "MAX_BODY",
    "PAGE_POLICY",
    "SECURITY_HEADERS",
    "Creations",
    "SecurityHeaders",
    "page_policy",
    "read_body",
]

MAX_BODY: Final = 64 * 1024
"""The largest request body accepted, in bytes (a larger one is answered 413), and the
largest WebSocket message (a larger one closes the socket with 1009)."""
_LENGTH_DIGITS: Final = len(str(MAX_BODY))
"""A Content-Length of more digits (leading zeros aside) is over :data:`MAX_BODY`: it is
answered 413 without being read as a number (``int`` refuses texts of thousands of digits)."""
API_POLICY: Final = (
    "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
)
"""The Content-Security-Policy of every answer but the page: it may load and run nothing."""
PAGE_POLICY: Final = (
    "default-src 'none'; script-src {scripts}; style-src 'unsafe-inline'; img-src 'self' data:; "
    "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
)
"""The page's Content-Security-Policy: its own inline scripts (by their SHA-256) and
styles, pictures from the server, requests and the live WebSocket to the server only."""
SECURITY_HEADERS: Final = (
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
)
_SCRIPT: Final = re.compile(r"<script>(.*?)</script>", re.DOTALL)
_WINDOW: Final = 60.0  # seconds: rooms created per client address are counted over a minute


def page_policy(page: str) -> str:
    """The page's Content-Security-Policy: :data:`PAGE_POLICY` with its inline scripts' hashes."""
    hashes = [
        "'sha256-" + base64.b64encode(hashlib.sha256(script.encode()).digest()).decode() + "'"
        for script in _SCRIPT.findall(page)
    ]
    return PAGE_POLICY.format(scripts=" ".join(hashes) or "'none'")


class Creations:
    """The rooms each client address created in the last minute, for the limit on them."""

    def __init__(self, per_minute: int) -> None:
        self.per_minute = per_minute
        self.times: dict[str, deque[float]] = {}

    def check(self, address: str, now: float) -> None:
        """Refuse a room to an address that made its minute's share.

        Raises:
            Refused: 429, with the seconds until the address may make one again.
        """
        if self.per_minute <= 0:
            return
        made = self.times.get(address)
        if made is None:
            return
        while made and made[0] <= now - _WINDOW:
            made.popleft()
        if len(made) >= self.per_minute:
            wait = max(1, math.ceil(made[0] + _WINDOW - now))
            raise Refused(
                429,
                f"at most {self.per_minute} rooms a minute from one address: "
                f"try again in {wait} s",
                retry_after=wait,
            )

    def add(self, address: str, now: float) -> None:
        """Count a room the address created."""
        if self.per_minute > 0:
            self.times.setdefault(address, deque()).append(now)

    def forget(self, now: float) -> None:
        """Drop the addresses that made no room in the last minute (memory stays bounded)."""
        for address in [
            a for a, made in self.times.items() if not made or made[-1] <= now - _WINDOW
        ]:
            del self.times[address]


async def read_body(request: Request) -> Any:
    """The request's JSON body, read up to :data:`MAX_BODY` bytes.

    Raises:
        Refused: 413 for a larger body (by its Content-Length or as it arrives),
            400 for one that is not JSON (NaN, Infinity and repeated keys are not) and
            for a Content-Length that is not ASCII digits.
    """
    length = request.headers.get("content-length")
    if length is not None and not (length.isascii() and length.isdigit()):  # not "¹"
        raise Refused(400, "Content-Length is not a number")
    if length is not None and (len(length.lstrip("0")) > _LENGTH_DIGITS or int(length) > MAX_BODY):
        raise Refused(413, f"the body is over {MAX_BODY} bytes")
    data = bytearray()
    try:
        async for chunk in request.stream():
            data += chunk
            if len(data) > MAX_BODY:
                raise Refused(413, f"the body is over {MAX_BODY} bytes")
    except ClientDisconnect:  # the client left before its body arrived: no one to answer
        raise Refused(400, "the client left before sending the whole body") from None
    try:
        body = json.loads(
            bytes(data) or b"null", parse_constant=_no_constant, object_pairs_hook=_no_repeats
        )
        serialize.check_size(body, serialize.MAX_DEPTH, 10_000)
    except (ValueError, RecursionError, tilegames.TilegamesError):
        raise Refused(400, "the body is not a JSON document of the shape asked for") from None
    return body


def _no_repeats(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object whose keys are all different (a repeated key is read no way)."""
    result = dict(pairs)
    if len(result) != len(pairs):
        msg = "a key is repeated"
        raise ValueError(msg)
    return result


def _no_constant(name: str) -> Any:
    msg = f"{name} is not JSON"
    raise ValueError(msg)


class SecurityHeaders:
    """Adds the security headers to every HTTP answer (errors and 500s too).

    ``X-Content-Type-Options: nosniff``, ``Referrer-Policy: no-referrer``, and
    :data:`API_POLICY` as the Content-Security-Policy of any answer that does not
    set its own (the page sets :func:`page_policy`).
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                names = {name.lower() for name, _ in headers}
                headers += [(n, v) for n, v in SECURITY_HEADERS if n not in names]
                if b"content-security-policy" not in names:
                    headers.append((b"content-security-policy", API_POLICY.encode()))
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_headers)
