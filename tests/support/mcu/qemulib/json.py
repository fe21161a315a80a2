"""A small `json` for the emulated board: the registry's MicroPython source
has no extmod/, where the C `json` lives. Only what game.py needs, written
as CPython's json writes it (", " and ": ", ASCII with \\u escapes), so that
a trace is byte for byte the one the unix port writes: dump, dumps, load,
loads of dicts, lists, str, int, bool and None.

No string is gone through a character at a time: MicroPython's str iterator
and str[i] make each character a name of its own, interned for good (about
45 a game, in the heap's pool of names: a board, whose json is C or which
writes no trace, makes none), so strings are written whole and read as bytes."""


def _plain(s):
    """True if `s` is written as it is (printable ASCII, no quote, no backslash)."""
    for b in s.encode():
        if b < 32 or b > 126 or b in b'"\\':  # a quote, a backslash
            return False
    return True


def _s(s, w):
    w('"')
    if _plain(s):
        w(s)
        w('"')
        return
    for c in s:
        o = ord(c)
        if c in ('"', "\\"):
            w("\\" + c)
        elif c == "\n":
            w("\\n")
        elif c == "\r":
            w("\\r")
        elif c == "\t":
            w("\\t")
        elif o < 32 or o > 126:
            w("\\u%04x" % o)
        else:
            w(c)
    w('"')


def _dump(obj, w):
    if obj is None:
        w("null")
    elif obj is True:
        w("true")
    elif obj is False:
        w("false")
    elif type(obj) is str:
        _s(obj, w)
    elif type(obj) is int:
        w(str(obj))
    elif type(obj) is dict:
        w("{")
        sep = ""
        for k in obj:
            w(sep)
            _s(k, w)
            w(": ")
            _dump(obj[k], w)
            sep = ", "
        w("}")
    elif type(obj) in (list, tuple):
        w("[")
        sep = ""
        for x in obj:
            w(sep)
            _dump(x, w)
            sep = ", "
        w("]")
    else:
        raise TypeError("json: cannot write %r" % (obj,))


def dump(obj, f):
    _dump(obj, f.write)


def dumps(obj):
    out = []
    _dump(obj, out.append)
    return "".join(out)


def _value(t, i):
    """(the value at t[i:], the index after it); `t` is bytes (a byte is a number, not a name)"""
    while t[i] in b" \t\r\n":
        i += 1
    c = t[i]
    if c == 123:  # {
        d = {}
        i += 1
        while True:
            while t[i] in b" \t\r\n,":
                i += 1
            if t[i] == 125:  # }
                return d, i + 1
            k, i = _value(t, i)
            while t[i] in b" \t\r\n:":
                i += 1
            d[k], i = _value(t, i)
    if c == 91:  # [
        a = []
        i += 1
        while True:
            while t[i] in b" \t\r\n,":
                i += 1
            if t[i] == 93:  # ]
                return a, i + 1
            v, i = _value(t, i)
            a.append(v)
    if c == 34:  # "
        j = t.index(b'"', i + 1)
        while t[j - 1] == 92:  # backslash
            j = t.index(b'"', j + 1)
        s = t[i + 1 : j].decode()
        if "\\" in s:
            s = s.replace('\\"', '"').replace("\\n", "\n").replace("\\\\", "\\")
        return s, j + 1
    for word, v in ((b"true", True), (b"false", False), (b"null", None)):
        if t[i : i + len(word)] == word:
            return v, i + len(word)
    j = i + 1
    while j < len(t) and 48 <= t[j] <= 57:  # 0-9
        j += 1
    return int(t[i:j]), j


def loads(text):
    return _value(text.encode() if type(text) is str else text, 0)[0]


def load(f):
    return loads(f.read())
