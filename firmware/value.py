"""Small value objects, written by hand (MicroPython has no dataclasses): the
base of events and actions. A subclass lists its `fields`; objects compare
by type and fields, read well, and turn into the dicts of a trace and back."""


class Value:
    __slots__ = ()
    fields = ()
    __hash__ = None  # subclasses whose fields all hash say how

    def __eq__(self, other):
        if type(self) is not type(other):
            return False
        for name in self.fields:
            if getattr(self, name) != getattr(other, name):
                return False
        return True

    def __ne__(self, other):
        return not self.__eq__(other)

    def values(self):
        """The fields' values, in order (loops, not comprehensions, here: each
        comprehension is one more function in a board's RAM)."""
        out = []
        for name in self.fields:
            out.append(getattr(self, name))
        return out

    def __repr__(self):
        shown = []
        for v in self.values():
            shown.append(repr(v))
        return "%s(%s)" % (type(self).__name__, ", ".join(shown))

    def as_dict(self):
        """The trace form: {"type": name, field: value, ...}; tuples as lists."""
        d = {"type": type(self).__name__}
        for name in self.fields:
            value = getattr(self, name)
            d[name] = list(value) if isinstance(value, tuple) else value
        return d


def from_dict(d, types, what):
    """The object of one of `types` that `d` (a trace dict) describes."""
    cls = None
    if isinstance(d, dict):
        for t in types:
            if t.__name__ == d.get("type"):
                cls = t
    if cls is None:
        names = []
        for t in types:
            names.append(t.__name__)
        raise ValueError("not an %s: %r (types are %s)" % (what, d, ", ".join(names)))
    args = []
    try:
        for name in cls.fields:
            args.append(d[name])
    except KeyError as missing:
        raise ValueError("%s needs %s" % (cls.__name__, missing)) from None
    return cls(*args)
