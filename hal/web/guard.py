"""What keeps the web board standing on a home network (docs/web.md): every
request's Host and every socket's Origin checked, the security headers on
every response, the sizes, counts and rates every page is held to.

    app = protect(web.Application(client_max_size=LIMITS.body), lambda: Hosts(port))
    hosts.allows("192.168.1.10:8000")    # an address of this computer, localhost, its name: yes
    bucket = Bucket(rate=20, burst=40); bucket.take(now_s)   # False: over the rate

Most of it is aiohttp's own: `WebSocketResponse(max_msg_size=..., heartbeat=...)`,
`client_max_size`, the server's `keepalive_timeout` (which also closes a
connection that has not sent a whole request in that time), middleware.
"""

import ipaddress
import pathlib
import socket

from aiohttp import web


class Limits:
    """The numbers a page is held to (a test may lower them)."""

    message = 4096  # bytes in one WebSocket message; the longest a page sends is about 120
    body = 1024  # bytes of an HTTP request's body: no page posts anything
    queue = 512  # messages waiting for one page: a page that stops reading is dropped beyond ...
    queue_bytes = 1 << 20  # ... or beyond this many bytes
    send_s = 10.0  # seconds one message may take to leave: a stuck page is dropped after
    header_s = 10.0  # seconds to send a whole request (aiohttp's keepalive_timeout)
    heartbeat_s = 20.0  # a page that answers no ping in this time is gone
    sockets_per_address = 16  # pages open at once from one address (a phone, a tablet, their reloads)
    sockets = 64  # pages open at once in all
    rate = 30.0  # messages a second a page may send (a tap is two: down and up; a finger taps a few a second) ...
    burst = 60  # ... with this many at once
    flood = 200  # messages over the rate before the page is dropped (not the board's own screen: it is refused)
    joins_per_minute = 10  # seat codes tried from one address: typed at /join, or a seat's socket refused
    connections_per_address = 16  # HTTP connections open at once from one address, not yet a page's socket
    connections = 64  # ... in all (a browser opens 6 a host): beyond, the biggest holder's oldest is cut
    busy_ms = 30000  # the longest a board page may say it is speaking (no sentence is that long)


LIMITS = Limits()

# Every response: no framing, no sniffing, no page of ours leaking its address (a seat's link carries its code)
HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; media-src 'self' blob:; "
    "connect-src 'self'; style-src 'self'; script-src 'self'; object-src 'none'; base-uri 'none'; "
    "frame-ancestors 'none'; form-action 'self'",
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
}


class Bucket:
    """A token bucket: `rate` a second, `burst` at once."""

    def __init__(self, rate, burst):
        self.rate = rate
        self.burst = burst
        self.tokens = float(burst)
        self.at = None

    def take(self, now_s):
        if self.at is not None:
            self.tokens = min(self.burst, self.tokens + (now_s - self.at) * self.rate)
        self.at = now_s
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False

    def ready(self, now_s):
        """Whether `take` would succeed now (nothing taken)."""
        if self.at is not None:
            self.tokens = min(self.burst, self.tokens + (now_s - self.at) * self.rate)
        self.at = now_s
        return self.tokens >= 1


def inside(root, name, pattern):
    """The file `name` of folder `root`, when `name` is one of that folder's
    own names (`pattern`, a compiled regex matched whole: no slash, no dot
    dot, no encoding left) and the resolved path is under the resolved
    root; else None."""
    if not isinstance(name, str) or pattern.fullmatch(name) is None:
        return None
    base = pathlib.Path(root).resolve()
    path = (base / name).resolve()
    if not path.is_relative_to(base) or not path.is_file():
        return None
    return path


def url_host(host):
    """A host as it goes in a URL: an IPv6 address in brackets."""
    try:
        if ipaddress.ip_address(host).version == 6:
            return "[%s]" % host
    except ValueError:
        pass
    return host


ROUTER_SUFFIXES = ("", ".local", ".lan", ".home", ".fritz.box", ".home.arpa")  # what a home router calls NAME
HOME_ARPA = ".home.arpa"  # RFC 8375: names only a home network's own DNS answers (never the internet's)


def own_names(hostname):
    """This computer's names as a home network knows them: `hostname` with
    and without its domain, alone or under .local (mDNS) or what routers
    add (.lan, .home, .fritz.box, .home.arpa), and localhost."""
    name = hostname.lower().rstrip(".")
    names = {"localhost"}
    for base in {name, name.split(".")[0]}:
        names.update(base + suffix for suffix in ROUTER_SUFFIXES)
    return names


class Hosts:
    """The Host headers this server answers: an IP address (a DNS rebinding
    attack needs a name), localhost, this computer's own names (`own_names`)
    and any name under home.arpa, each with the port it listens on. Any
    other name is refused: a name an attacker's DNS can point here."""

    def __init__(self, port, names=None):
        self.port = port
        if names is None:
            names = own_names(socket.gethostname())
        self.names = {n.lower() for n in names}

    def allows(self, header):
        if not header or len(header) > 300:
            return False
        host, port = _split_host(header)
        if port != self.port or host is None:
            return False
        try:
            ipaddress.ip_address(host)
            return True
        except ValueError:
            host = host.lower().rstrip(".")
            return host in self.names or (host.endswith(HOME_ARPA) and len(host) > len(HOME_ARPA))


def _split_host(header):
    """(host, port) of a Host header (port 80 when none); (None, None) if malformed."""
    header = header.strip()
    if header.startswith("["):
        end = header.find("]")
        if end < 0:
            return None, None
        host, rest = header[1:end], header[end + 1 :]
    else:
        host, _, port = header.partition(":")
        rest = ":" + port if port else ""
    if rest and not rest.startswith(":"):
        return None, None
    port = rest[1:]
    if not port:
        return host, 80
    if not port.isdigit() or len(port) > 5:
        return None, None
    return host, int(port)


def same_origin(request):
    """True when a request has no Origin (not a browser) or comes from a
    page of this very server (scheme, host and port alike)."""
    origin = request.headers.get("Origin")
    if origin is None:
        return True
    return origin in ("http://" + request.host, "https://" + request.host)


def guard_middleware(hosts):
    """Refuse a request for another host (421) and a socket from another
    site's page (403). `hosts()`: the Hosts answered (known once listening)."""

    @web.middleware
    async def guard(request, handler):
        allowed = hosts()
        if allowed is None or not allowed.allows(request.headers.get("Host", "")):
            raise web.HTTPMisdirectedRequest(text="not this computer's address")
        if request.path == "/ws" and not same_origin(request):
            raise web.HTTPForbidden(text="a page of another site may not use this board")
        return await handler(request)

    return guard


async def add_headers(request, response):
    """aiohttp's on_response_prepare: every response gets the HEADERS (errors,
    files and the WebSocket handshake too)."""
    for k, v in HEADERS.items():
        response.headers.setdefault(k, v)


def protect(app, hosts):
    """`app` (a web.Application) guarded: Host and Origin checked, headers
    set. `hosts()` gives the Hosts to answer."""
    app.middlewares.append(guard_middleware(hosts))
    app.on_response_prepare.append(add_headers)
    return app
