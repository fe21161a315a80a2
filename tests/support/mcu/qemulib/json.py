"""A small `json` for the emulated board: the registry's MicroPython source
has no extmod/, where the C `json` lives. Only what game.py needs, written
as CPython's json writes it (", " and ": ", ASCII with \\u escapes), so that
a trace is byte for byte the one the unix port writes: dump, dumps, load,
loads of dicts, lists, str, int, bool and None."""


def _s(s, w):
    w('"')
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
    """(the value at t[i:], the index after it)"""
    while t[i] in " \t\r\n":
        i += 1
    c = t[i]
    if c == "{":
        d = {}
        i += 1
        while True:
            while t[i] in " \t\r\n,":
                i += 1
            if t[i] == "}":
                return d, i + 1
            k, i = _value(t, i)
            while t[i] in " \t\r\n:":
                i += 1
            d[k], i = _value(t, i)
    if c == "[":
        a = []
        i += 1
        while True:
            while t[i] in " \t\r\n,":
                i += 1
            if t[i] == "]":
                return a, i + 1
            v, i = _value(t, i)
            a.append(v)
    if c == '"':
        j = t.index('"', i + 1)
        while t[j - 1] == "\\":
            j = t.index('"', j + 1)
        s = t[i + 1 : j]
        if "\\" in s:
            s = s.replace('\\"', '"').replace("\\n", "\n").replace("\\\\", "\\")
        return s, j + 1
    for word, v in (("true", True), ("false", False), ("null", None)):
        if t.startswith(word, i):
            return v, i + len(word)
    j = i + 1
    while j < len(t) and t[j] in "0123456789":
        j += 1
    return int(t[i:j]), j


def loads(text):
    return _value(text, 0)[0]


def load(f):
    return loads(f.read())
