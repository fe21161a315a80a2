"""A quiet console for `clue-fx web`: the host's terminal shows the board's
address, its QR code and the seats' links, and must stay readable while a
stranger on the network sends garbage. What aiohttp and asyncio would print
as one traceback per request (a malformed request, a handshake cut short,
accept() out of file descriptors, a connection refused at the door) is
counted by kind and summed up in one line a minute at most:

    clue-fx web: in the last 60 s: malformed requests 2000, connections cut mid-request 3 (each summed up ...)

An error of a kind not known here (a bug) prints its traceback once, the
first time; its repeats are counted like the rest.

    console = Console(say=print, every_s=60)
    console.install(loop)        # aiohttp's and asyncio's loggers, the loop's exception handler
    console.count("refused")     # what the server itself refuses (hal.web.gate)
    console.close()              # the last counts said, the loggers as they were
"""

import asyncio
import errno
import logging
import sys
import time
import traceback

from aiohttp import http_exceptions

LOGGERS = ("aiohttp.server", "aiohttp.access", "aiohttp.web", "aiohttp.websocket", "aiohttp.internal", "asyncio")
KINDS = {  # kind -> how the summary says it (in this order)
    "malformed": "malformed requests",
    "cut": "connections cut mid-request",
    "refused": "connections refused (too many from one address)",
    "evicted": "half-sent requests cut to make room",
    "fds": "out of file descriptors",
    "resources": "out of memory or buffers",
    "other": "other errors",
}
FDS = (errno.EMFILE, errno.ENFILE)
RESOURCES = (errno.ENOBUFS, errno.ENOMEM)
QUIET = ("Ignored premature client disconnection", "Uncompleted request", "Request handler timed out")


def kind_of(exc, message=""):
    """The kind (a key of KINDS) of an error `exc` (or None) reported with `message`; None: not worth a word."""
    if isinstance(exc, http_exceptions.HttpProcessingError):
        return "malformed"
    if isinstance(exc, OSError) and exc.errno in FDS:
        return "fds"
    if isinstance(exc, MemoryError) or (isinstance(exc, OSError) and exc.errno in RESOURCES):
        return "resources"
    if isinstance(exc, (ConnectionError, TimeoutError, asyncio.CancelledError, asyncio.IncompleteReadError)):
        return "cut"
    if exc is None and message.startswith(QUIET):
        return None
    if exc is None and "socket.send() raised exception" in message:
        return "cut"
    return "other"


class Console:
    def __init__(self, say, every_s=60.0, clock=time.monotonic, err=None):
        """`say(line)` prints one line for the host; `err`: where a new kind of bug's first traceback goes."""
        self.say = say
        self.every_s = every_s
        self.clock = clock
        self.err = err or sys.stderr
        self.counts = {}
        self.total = {}  # every count since the start (the tests and the bench read it)
        self.said_at = None
        self._later = None
        self._loop = None
        self._seen = set()  # the bugs whose traceback was printed once
        self._saved = []  # (logger, handlers, level, propagate) to put back
        self._handler = _Handler(self)

    # -- counting ------------------------------------------------------------------

    def count(self, kind, n=1):
        self.counts[kind] = self.counts.get(kind, 0) + n
        self.total[kind] = self.total.get(kind, 0) + n
        now = self.clock()
        if self.said_at is None or now - self.said_at >= self.every_s:
            self.flush()
        elif self._later is None and self._loop is not None and not self._loop.is_closed():
            self._later = self._loop.call_later(self.said_at + self.every_s - now, self.flush)

    def flush(self):
        """The counts since the last line, in one line (nothing when there are none)."""
        if self._later is not None:
            self._later.cancel()
            self._later = None
        if not self.counts:
            return
        now = self.clock()
        since = "since the start" if self.said_at is None else "in the last %.0f s" % (now - self.said_at)
        parts = ["%s %d" % (KINDS.get(k, k), self.counts[k]) for k in KINDS if k in self.counts]
        self.counts = {}
        self.said_at = now
        self.say("%s: %s (each summed up here, no traceback)" % (since, ", ".join(parts)))

    def error(self, exc, message, tb=None):
        """One error reported by aiohttp or asyncio: counted; a new kind of bug's traceback printed once."""
        kind = kind_of(exc, message)
        if kind is None:
            return
        if kind == "other":
            where = traceback.extract_tb(tb or getattr(exc, "__traceback__", None))
            key = (type(exc).__name__, message if exc is None else None, tuple(where[-1][:3]) if where else None)
            if key not in self._seen and len(self._seen) < 20:
                self._seen.add(key)
                lines = [message] + (traceback.format_exception(exc) if exc is not None else [])
                print("clue-fx web: (shown once) %s" % "".join(lines).rstrip(), file=self.err, flush=True)
        self.count(kind)

    # -- where the errors come from ---------------------------------------------------------

    def install(self, loop):
        self._loop = loop
        loop.set_exception_handler(self._loop_error)
        for name in LOGGERS:
            logger = logging.getLogger(name)
            self._saved.append((logger, logger.handlers[:], logger.level, logger.propagate))
            logger.handlers[:] = [self._handler]
            logger.propagate = False
            if name == "aiohttp.server":  # a first request that is not HTTP at all is said at debug level
                logger.setLevel(logging.DEBUG)
        return self

    def close(self):
        self.flush()
        for logger, handlers, level, propagate in self._saved:
            logger.handlers[:] = handlers
            logger.setLevel(level)
            logger.propagate = propagate
        self._saved = []
        if self._loop is not None and not self._loop.is_closed():
            self._loop.set_exception_handler(None)
        self._loop = None

    def _loop_error(self, loop, context):
        exc = context.get("exception")
        self.error(exc, context.get("message", ""))


class _Handler(logging.Handler):
    def __init__(self, console):
        super().__init__(logging.DEBUG)
        self.console = console

    def emit(self, record):
        exc, tb = (record.exc_info[1], record.exc_info[2]) if record.exc_info else (None, None)
        if exc is None and record.levelno < logging.WARNING:
            return  # aiohttp's debug chatter (a client gone early): not an error
        try:
            message = record.getMessage()
        except Exception:  # a record that cannot be formatted: counted all the same
            message = str(record.msg)
        self.console.error(exc, message, tb)
